import CVDCore
import CVDSources

/// A rectangle of the screen in the X server's pixels (the root window's coordinates): a
/// `PixelRect`, which prints as X11 geometry, "1024x768+0+0", as `xwininfo` and `--region`
/// write it.
public typealias ScreenRect = PixelRect

extension ScreenRect {
    public func intersects(_ o: ScreenRect) -> Bool { !intersection(o).isEmpty }

    public func contains(_ o: ScreenRect) -> Bool { intersection(o) == o }

    /// The same rectangle in coordinates whose origin is `origin`'s top-left corner.
    public func relative(to origin: ScreenRect) -> ScreenRect {
        ScreenRect(x: x - origin.x, y: y - origin.y, width: width, height: height)
    }
}

extension ScreenRect {
    /// Reads X11 geometry, "WxH+X+Y" as `xwininfo` prints it (its "-geometry" line), within
    /// a screen of `screen`'s size: X and Y may be negative offsets from the right and
    /// bottom edges ("640x480-0-0" is the bottom-right corner), as in X's own geometry
    /// strings. Nil when `text` is not such a geometry; whether it fits is `ScreenChoice`'s.
    public static func parse(_ text: String, screen: ScreenRect) -> ScreenRect? {
        var rest = Substring(text)
        while rest.first == " " { rest = rest.dropFirst() }
        while rest.last == " " { rest = rest.dropLast() }
        func number() -> Int? {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 6 else { return nil }
            rest = rest.dropFirst(digits.count)
            return Int(digits)
        }
        guard let w = number(), rest.first == "x" || rest.first == "X" else { return nil }
        rest = rest.dropFirst()
        guard let h = number(), w > 0, h > 0 else { return nil }
        // Offsets: both or neither ("800x600" alone is at the screen's top-left).
        guard !rest.isEmpty else { return ScreenRect(x: screen.x, y: screen.y, width: w, height: h) }
        func offset() -> (Bool, Int)? {
            guard let sign = rest.first, sign == "+" || sign == "-" else { return nil }
            rest = rest.dropFirst()
            return number().map { (sign == "-", $0) }
        }
        guard let (fromRight, x) = offset(), let (fromBottom, y) = offset(), rest.isEmpty else { return nil }
        return ScreenRect(
            x: fromRight ? screen.x + screen.width - w - x : screen.x + x,
            y: fromBottom ? screen.y + screen.height - h - y : screen.y + y, width: w, height: h)
    }
}

extension ScreenRect {
    /// The part of `area` a rectangle dragged over its picture marks, its corners given as
    /// fractions of the picture (0…1, dragged either way): whole pixels, at least 16 × 16,
    /// inside `area` (Shift+R).
    public init(dragged c: (x0: Double, y0: Double, x1: Double, y1: Double), over area: ScreenRect) {
        let left = Int((min(c.x0, c.x1) * Double(area.width)).rounded())
        let top = Int((min(c.y0, c.y1) * Double(area.height)).rounded())
        let right = Int((max(c.x0, c.x1) * Double(area.width)).rounded())
        let bottom = Int((max(c.y0, c.y1) * Double(area.height)).rounded())
        self = ScreenRect(
            x: area.x + left, y: area.y + top, width: max(16, right - left), height: max(16, bottom - top)
        ).intersection(area)
    }
}
