import CVDCore
import CVDLocale
import CVDSystem
import FoundationEssentials
import Glibc

/// How a pane says which vision it shows: a colour, a distinct shape per mode, and text —
/// never colour alone (cvdcam teaches colour blindness; its own UI must pass that test).
public struct ModeBadge: Equatable, Sendable {
    public enum Shape: String, Equatable, Sendable, CaseIterable {
        case circle, triangle, square, diamond, triangleOutline, squareOutline, diamondOutline, halfDisc
    }

    public let shape: Shape
    public let colour: RGB8
    /// The whole label: "Deuteranomaly 0.6 · Machado 2009".
    public var text: String { texts[0] }
    /// The label from longest to shortest, in the order it gives way when space is short:
    /// the model's year goes first (an ellipsis says so), then the model; the mode (and its
    /// severity) never.
    public let texts: [String]

    public init(_ sim: Simulation) {
        shape = Self.shape(for: sim.mode)
        colour = Self.colour(for: sim.mode)
        // In the window's language (English when no catalogue is loaded, as in the tests).
        var mode = tr(sim.mode.displayName)
        if sim.mode.takesSeverity { mode += " " + Localization.decimal(sim.severity, places: 1) }
        guard sim.mode != .normal else {
            texts = [mode]
            return
        }
        let model = tr(sim.model.displayName)
        let short = tr(sim.model.shortName)
        // Shortened only where its room is too narrow, and then it says so ("Viénot…"); the
        // mode alone is whole (the model then has a chip of its own, `OverlayPlan`).
        texts = [mode + " · " + model] + (short == model ? [] : [mode + " · " + short + "…"]) + [mode]
    }

    /// The badge of a still | live pane: every text says which it is first ("Still · …").
    public init(_ sim: Simulation, prefix: String) {
        let plain = ModeBadge(sim)
        shape = plain.shape
        colour = plain.colour
        texts = plain.texts.map { tr(prefix) + " · " + $0 }
    }

    /// The badge of a pane that shows `sim` after the assist: every text says so first.
    /// Where the assist does not meet its criterion for this simulation and strength
    /// (`Assist.helps`), every text says so: "Assist 0.6 (no help here) → …".
    public init(assisted sim: Simulation, strength: Double) {
        let plain = ModeBadge(sim)
        shape = plain.shape
        colour = plain.colour
        let helps = Assist.helps(for: sim, strength: strength)
        let s = Localization.decimal(strength, places: 1)
        let prefix = helps ? tr("Assist %s → ", s) : tr("Assist %s (no help here) → ", s)
        texts =
            plain.texts.map { prefix + $0 } + [
                (helps ? tr("Assist → ") : tr("Assist (no help) → ")) + plain.texts.last!
            ]
    }

    static func shape(for m: VisionMode) -> Shape {
        switch m {
        case .normal: .circle
        case .protanopia: .triangle
        case .deuteranopia: .square
        case .tritanopia: .diamond
        case .protanomaly: .triangleOutline
        case .deuteranomaly: .squareOutline
        case .tritanomaly: .diamondOutline
        case .achromatopsia: .halfDisc
        }
    }

    /// Each mode's colour: the hue the deficiency affects (red for protan, green for deutan,
    /// blue for tritan, grey for achromatopsia, white for normal).
    static func colour(for m: VisionMode) -> RGB8 {
        switch m {
        case .normal: RGB8(255, 255, 255)
        case .protanopia, .protanomaly: RGB8(255, 96, 96)
        case .deuteranopia, .deuteranomaly: RGB8(80, 220, 100)
        case .tritanopia, .tritanomaly: RGB8(110, 160, 255)
        case .achromatopsia: RGB8(190, 190, 190)
        }
    }

    /// The icon as filled triangles inside the square (x, y, size), in pixels.
    public func triangles(x: Double, y: Double, size s: Double) -> [[(Double, Double)]] {
        let cx = x + s / 2
        let cy = y + s / 2
        let r = s / 2
        let thick = s * 0.2
        func poly(_ pts: [(Double, Double)]) -> [[(Double, Double)]] {
            (1..<(pts.count - 1)).map { [pts[0], pts[$0], pts[$0 + 1]] }
        }
        func ring(_ outer: [(Double, Double)], _ inner: [(Double, Double)]) -> [[(Double, Double)]] {
            (0..<outer.count).flatMap { i -> [[(Double, Double)]] in
                let j = (i + 1) % outer.count
                return [[outer[i], outer[j], inner[i]], [inner[i], outer[j], inner[j]]]
            }
        }
        func regular(_ n: Int, radius: Double, rotation: Double) -> [(Double, Double)] {
            (0..<n).map { k in
                let a = rotation + Double(k) * 2 * Double.pi / Double(n)
                return (cx + radius * cos(a), cy + radius * sin(a))
            }
        }
        let tri = regular(3, radius: r, rotation: -Double.pi / 2)
        let sq = regular(4, radius: r * 0.95, rotation: Double.pi / 4)
        let dia = regular(4, radius: r, rotation: 0)
        switch shape {
        case .circle: return poly(regular(32, radius: r, rotation: 0))
        case .triangle: return poly(tri)
        case .square: return poly(sq)
        case .diamond: return poly(dia)
        case .triangleOutline: return ring(tri, regular(3, radius: r - thick * 2, rotation: -Double.pi / 2))
        case .squareOutline: return ring(sq, regular(4, radius: r * 0.95 - thick * 1.41, rotation: Double.pi / 4))
        case .diamondOutline: return ring(dia, regular(4, radius: r - thick * 1.41, rotation: 0))
        case .halfDisc:
            // Left half filled, right half outlined: "half the colours gone".
            let outer = regular(32, radius: r, rotation: 0)
            let inner = regular(32, radius: r - thick, rotation: 0)
            let left = (8...24).map { outer[$0] }
            return poly(left) + ring(outer, inner)
        }
    }
}

/// Sizes and colours of on-screen labels, chosen so text stays readable from the back
/// of a classroom and keeps at least 7:1 contrast (WCAG AAA) over any picture.
public struct LabelStyle: Sendable {
    /// White text on a black shim of this opacity. Over the worst background (white),
    /// the shim's composite is 255·(1 − α) ≈ 46: contrast 13.6:1.
    public static let shimAlpha = 0.82
    public static let textColour = RGB8(255, 255, 255)
    public static let shimColour = RGB8(0, 0, 0)

    /// The colour the shim shows over a picture colour (alpha compositing in sRGB, as the renderer does).
    public static func composite(over c: RGB8) -> RGB8 {
        func m(_ v: UInt8, _ s: UInt8) -> UInt8 {
            UInt8((Double(s) * shimAlpha + Double(v) * (1 - shimAlpha)).rounded())
        }
        return RGB8(m(c.r, shimColour.r), m(c.g, shimColour.g), m(c.b, shimColour.b))
    }

    /// Text height in pixels: 1/22 of the window height (49 px at 1080p, 33 px at 720p),
    /// never below 18, times the user's `--ui-scale`.
    public static func fontSize(windowHeight: Int, uiScale: Double) -> Int {
        Int((max(18, Double(windowHeight) / 22) * uiScale).rounded())
    }
}
