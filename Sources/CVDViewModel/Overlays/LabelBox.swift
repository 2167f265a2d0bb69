import CVDCore

/// How big a text renders: the window layer measures with the real font; tests use an
/// approximation.
public protocol TextMeasuring {
    func size(of text: String, fontSize: Int) -> FrameSize
}

/// One on-screen label as the window layer draws it: a dark shim, an optional mode icon,
/// and lines of white text, each at its own font size and in its own rectangle.
public struct LabelBox: Equatable, Sendable {
    public struct Line: Equatable, Sendable {
        public let text: String
        public let fontSize: Int
        /// Whole pixels.
        public let rect: Rect
    }

    public let shim: Rect
    /// The mode's shape and colour, and the square it is drawn in.
    public let icon: (badge: ModeBadge, rect: Rect)?
    public let lines: [Line]
    /// Flat colour squares (a probe's original and simulated colour), each with a thin
    /// white border so that black and dark colours still show on the shim.
    public let swatches: [Swatch]
    /// The shim's opacity: labels use `LabelStyle.shimAlpha`; sheets that cover the picture more.
    public let shimAlpha: Double

    public struct Swatch: Equatable, Sendable {
        public let rect: Rect
        public let colour: RGB8
    }

    public init(
        shim: Rect, icon: (badge: ModeBadge, rect: Rect)? = nil, lines: [Line],
        swatches: [Swatch] = [], shimAlpha: Double = LabelStyle.shimAlpha
    ) {
        (self.shim, self.icon, self.lines) = (shim, icon, lines)
        (self.swatches, self.shimAlpha) = (swatches, shimAlpha)
    }

    public static func == (a: LabelBox, b: LabelBox) -> Bool {
        a.shim == b.shim && a.icon?.badge == b.icon?.badge && a.icon?.rect == b.icon?.rect && a.lines == b.lines
            && a.swatches == b.swatches && a.shimAlpha == b.shimAlpha
    }

    /// Everything it covers: the shim (icon and text lie inside it).
    public var bounds: Rect { shim }
}

extension Rect {
    /// Whole pixels, toward zero (text is drawn at integer positions).
    var whole: Rect {
        Rect(x.rounded(.towardZero), y.rounded(.towardZero), w.rounded(.towardZero), h.rounded(.towardZero))
    }

    public func intersects(_ o: Rect) -> Bool { x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h }

    /// Whether `o` lies inside (with `slack` pixels of rounding).
    public func contains(_ o: Rect, slack: Double = 0.5) -> Bool {
        o.x >= x - slack && o.y >= y - slack && o.x + o.w <= x + w + slack && o.y + o.h <= y + h + slack
    }

    public var maxX: Double { x + w }
    public var maxY: Double { y + h }
}
