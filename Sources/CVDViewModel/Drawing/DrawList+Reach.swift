import CVDCore

extension DrawList {
    /// The items that can put a pixel inside `box` (window pixels), in their order: drawn
    /// clipped to `box`, they give the same pixels there as the whole list. An item is kept
    /// when its bounds, a pixel wider on every side (the backends round to whole pixels),
    /// meet `box`; one without bounds (no points) draws nothing and is left out.
    public func reaching(_ box: PixelRect) -> DrawList {
        let (x0, y0) = (Double(box.x), Double(box.y))
        let (x1, y1) = (x0 + Double(box.width), y0 + Double(box.height))
        var kept = DrawList()
        kept.items = items.filter { item in
            guard let b = Self.bounds(item) else { return false }
            return b.x - 1 < x1 && b.x + b.w + 1 > x0 && b.y - 1 < y1 && b.y + b.h + 1 > y0
        }
        return kept
    }

    /// The items that are not picture pieces (after `pictures`: the divider), in order.
    public var withoutPictures: DrawList {
        var kept = DrawList()
        kept.items = items.filter { item in
            switch item {
            case .picture, .flippedPicture, .turnedPicture, .mesh: false
            case .fill, .triangles, .text: true
            }
        }
        return kept
    }

    /// Where `item` draws, in window pixels: its rectangle, or the box round its points.
    static func bounds(_ item: Item) -> Rect? {
        switch item {
        case .picture(_, _, let to), .flippedPicture(_, _, let to, _, _), .turnedPicture(_, _, let to, _, _),
            .fill(let to, _, _), .text(_, _, let to):
            return to
        case .mesh(_, let vertices, _):
            return box(vertices.lazy.map { ($0.x, $0.y) })
        case .triangles(let points, _):
            return box(points.lazy.map { ($0.x, $0.y) })
        }
    }

    private static func box(_ points: some Sequence<(Double, Double)>) -> Rect? {
        var (x0, y0, x1, y1) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for (x, y) in points { (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y)) }
        return x0 <= x1 ? Rect(x0, y0, x1 - x0, y1 - y0) : nil
    }
}
