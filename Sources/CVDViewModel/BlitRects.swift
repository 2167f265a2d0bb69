import CVDCore

/// Whole-pixel rectangles for drawing part of a texture (`source`, texture pixels) into
/// part of the window (`destination`), with the destination's edges rounded (not its
/// origin and size separately, which can put the far edge one pixel past the window) and
/// clipped to the window, the source cut by the same fraction; a source at most 1 % larger
/// than its destination is drawn 1:1, its edges cut.
///
/// Why: SDL's software renderer, given a scaled copy whose destination reaches outside
/// the window, allocates a temporary surface as large as the whole destination, scales
/// into it and blits the visible part — every frame (SDL_render_sw.c, SW_RenderCopy): a
/// zoomed picture one pixel too wide would cost many times a whole frame's drawing.
public struct BlitRects: Equatable, Sendable {
    public let source: PixelRect
    public let destination: PixelRect

    /// Nil when nothing of the destination lies inside a `width` × `height` window.
    public init?(source s: Rect, destination d: Rect, width: Int, height: Int) {
        guard s.w > 0, s.h > 0, d.w > 0, d.h > 0 else { return nil }
        // Clip in window coordinates, then round the clipped edges.
        let x0 = max(d.x, 0)
        let y0 = max(d.y, 0)
        let x1 = min(d.x + d.w, Double(width))
        let y1 = min(d.y + d.h, Double(height))
        let dx0 = Int(x0.rounded())
        let dy0 = Int(y0.rounded())
        let dx1 = Int(x1.rounded())
        let dy1 = Int(y1.rounded())
        guard dx1 > dx0, dy1 > dy0 else { return nil }
        // The source part that maps onto the clipped destination (same fractions).
        let sx = s.w / d.w
        let sy = s.h / d.h
        let sx0 = s.x + (x0 - d.x) * sx
        let sy0 = s.y + (y0 - d.y) * sy
        let sx1 = s.x + (x1 - d.x) * sx
        let sy1 = s.y + (y1 - d.y) * sy
        let a = Int(sx0.rounded())
        let b = Int(sy0.rounded())
        var src = PixelRect(x: a, y: b, width: max(1, Int(sx1.rounded()) - a), height: max(1, Int(sy1.rounded()) - b))
        let dst = PixelRect(x: dx0, y: dy0, width: dx1 - dx0, height: dy1 - dy0)
        // Nearly 1:1 (a reduced pane texture in its pane): the source's few extra pixels
        // are cut evenly from its edges, so SDL copies instead of scaling (which would drop
        // the same number of columns spread across the picture, at several times the cost).
        if Self.nearlyEqual(src.width, dst.width), Self.nearlyEqual(src.height, dst.height) {
            src = PixelRect(
                x: src.x + (src.width - dst.width) / 2, y: src.y + (src.height - dst.height) / 2, width: dst.width,
                height: dst.height)
        }
        source = src
        destination = dst
    }

    /// Whether a source `s` pixels long may be drawn 1:1 into `d` pixels: as long or up to
    /// 1 % (at least 1 pixel) longer.
    static func nearlyEqual(_ s: Int, _ d: Int) -> Bool {
        s >= d && s - d <= max(1, d / 100)
    }
}

extension BlitRects {
    /// The part of `destination` whose pixels depend on the texels `texels` (texture pixels)
    /// when `source` is stretched onto it — a texel and its neighbour on each side, as the
    /// bilinear filter reads them, rounded out by a pixel — inside `destination`; nil when
    /// none. What to redraw when only those texels changed.
    public func destination(covering texels: PixelRect) -> PixelRect? {
        let sx = Double(destination.width) / Double(source.width)
        let sy = Double(destination.height) / Double(source.height)
        let x0 = Int((Double(destination.x) + Double(texels.x - 1 - source.x) * sx).rounded(.down)) - 1
        let y0 = Int((Double(destination.y) + Double(texels.y - 1 - source.y) * sy).rounded(.down)) - 1
        let x1 = Int((Double(destination.x) + Double(texels.x + texels.width + 1 - source.x) * sx).rounded(.up)) + 1
        let y1 = Int((Double(destination.y) + Double(texels.y + texels.height + 1 - source.y) * sy).rounded(.up)) + 1
        let l = max(x0, destination.x)
        let t = max(y0, destination.y)
        let r = min(x1, destination.x + destination.width)
        let b = min(y1, destination.y + destination.height)
        return r > l && b > t ? PixelRect(x: l, y: t, width: r - l, height: b - t) : nil
    }
}
