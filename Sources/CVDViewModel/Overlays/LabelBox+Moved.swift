import CVDCore
import CVDLocale

extension LabelBox {
    /// The same label `dx`, `dy` pixels further right and down.
    func moved(dx: Double, dy: Double) -> LabelBox {
        func m(_ r: Rect) -> Rect { Rect(r.x + dx, r.y + dy, r.w, r.h) }
        return LabelBox(
            shim: m(shim), icon: icon.map { ($0.badge, m($0.rect)) },
            lines: lines.map { .init(text: $0.text, fontSize: $0.fontSize, rect: m($0.rect).whole) },
            swatches: swatches.map { .init(rect: m($0.rect), colour: $0.colour) }, shimAlpha: shimAlpha)
    }
}

extension Rect {
    /// `d` pixels smaller on every side.
    func inset(_ d: Double) -> Rect { Rect(x + d, y + d, max(0, w - 2 * d), max(0, h - 2 * d)) }
}

/// The distance between two points.
func distance(_ dx: Double, _ dy: Double) -> Double { (dx * dx + dy * dy).squareRoot() }
