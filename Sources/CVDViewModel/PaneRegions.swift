import CVDCore

/// What the pane textures must hold for one view, so that the colour kernels simulate only
/// what is shown: the picture reduced as far as the screen allows (`reduction`: a pane of
/// the 2×2 layout shows a 1080p picture at half size, so half the width and height carry
/// every pixel it can show), and in each texture only the part its pieces draw (`regions`:
/// zoomed in, a small part of the picture; in the split layout, one side each).
///
/// Texture pixels are picture pixels divided by `reduction`; a region is whole texture
/// pixels, a pixel of margin beyond what the pieces draw (for the blit's rounding), its
/// left edge and width even (4:2:2 sources are read in pixel pairs).
public struct PaneRegions: Equatable, Sendable {
    /// Picture pixels per texture pixel across and down: 1, 2 or 4.
    public let reduction: Int
    /// The textures' size: the picture's, reduced (`FrameReducer.layout(of:factor:)`).
    public let textureSize: FrameSize
    /// Per texture (the geometry's texture index), the part to fill, in texture pixels;
    /// nil for a texture no piece draws.
    public let regions: [PixelRect?]

    /// The largest reduction this view uses: more would make the kernels' work smaller
    /// still, but a 4K picture in a small pane is decoded reduced already (`DecodeScale`).
    public static let largestReduction = 4

    /// The regions for `geometry` of a `picture`-sized frame shown with `state` in `window`,
    /// one per simulation the state renders.
    public init(geometry: ViewGeometry, state: ViewState, window: FrameSize, picture: FrameSize) {
        let r = min(DecodeScale.reduction(state: state, window: window, picture: picture), Self.largestReduction)
        // Tiny pictures are not reduced (the reduced width must hold a pixel pair).
        let reduction = picture.width / r >= 2 && picture.height / r >= 1 ? r : 1
        self.reduction = reduction
        let size = FrameReducer.size(of: picture, factor: reduction)
        textureSize = size
        let scale = 1 / Double(reduction)
        // Per texture, the union of its pieces' sources (x0, y0, x1, y1), in picture pixels.
        var spans = [(Double, Double, Double, Double)?](repeating: nil, count: state.renderedSimulations.count)
        for p in geometry.pieces where p.texture < spans.count {
            // The camera picture's part the piece shows (through a turn or a straightened page).
            let s = geometry.pictureSource(p)
            let u = spans[p.texture] ?? (s.x, s.y, s.x + s.w, s.y + s.h)
            spans[p.texture] = (min(u.0, s.x), min(u.1, s.y), max(u.2, s.x + s.w), max(u.3, s.y + s.h))
        }
        regions = spans.map { span in
            guard let span else { return nil }
            let x0 = span.0 * scale
            let y0 = span.1 * scale
            let x1 = span.2 * scale
            let y1 = span.3 * scale
            // A pixel of margin, clamped to the texture; the left edge down and the right
            // edge up to even columns.
            let left = max(0, Int((x0 - 1).rounded(.down))) & ~1
            var right = min(size.width, Int((x1 + 1).rounded(.up)))
            if right & 1 == 1 { right = min(size.width, right + 1) }
            let top = max(0, Int((y0 - 1).rounded(.down)))
            let bottom = min(size.height, Int((y1 + 1).rounded(.up)))
            guard right > left, bottom > top else { return nil }
            return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
        }
    }

    /// A piece's source rectangle (picture pixels) in texture pixels.
    public func textureRect(_ source: Rect) -> Rect {
        let s = 1 / Double(reduction)
        return Rect(source.x * s, source.y * s, source.w * s, source.h * s)
    }
}
