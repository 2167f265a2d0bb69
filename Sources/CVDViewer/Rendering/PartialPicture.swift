import CVDCore
import CVDViewModel

/// A picture piece — `source` of a pane texture drawn over `destination` — as a backend
/// draws it part by part (`RenderBackend.partialPicture`): which window pixels a change of
/// some of its texels can reach, and which it paints whole. Drawn in a part
/// (`RenderBackend.draw(_:part:in:)`), its pixels there are those drawing it whole gives.
struct PartialPicture {
    /// How the backend samples the texture.
    enum Sampling {
        /// Copied or stretched over these whole-pixel rectangles as SDL's software renderer
        /// does (`SoftStretch`): each pixel reads a texel and its neighbours.
        case blit(BlitRects)
        /// Stretched with GL's linear (or, enlarged, nearest) filter over `destination`.
        case linear
    }

    let texture: Texture
    let source: Rect
    let destination: Rect
    let sampling: Sampling

    /// The window pixels this piece paints whole (opaque): a part inside needs no black beneath.
    var covered: PixelRect {
        switch sampling {
        case .blit(let r): return r.destination
        case .linear:
            // Pixels whose whole square lies inside the quad.
            let (x0, y0) = (Int(destination.x.rounded(.up)), Int(destination.y.rounded(.up)))
            let x1 = Int((destination.x + destination.w).rounded(.down))
            let y1 = Int((destination.y + destination.h).rounded(.down))
            return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
        }
    }

    /// The window pixels whose value can depend on the texels `texels`; nil when none.
    func reach(of texels: PixelRect) -> PixelRect? {
        switch sampling {
        case .blit(let r): return r.destination(covering: texels)
        case .linear: return Self.linearReach(of: texels, from: source, to: destination)
        }
    }

    /// The window pixels (of `destination`, rounded out) whose linear samples of the
    /// texture's `source` part, stretched over `destination`, can read a texel of `texels`;
    /// nil when none. A window pixel x samples at u = source.x + (x + ½ − destination.x) ·
    /// source.w / destination.w and reads texels ⌊u − ½⌋ and the next: it reads texel t when
    /// t − ½ ≤ u < t + 1½. One pixel more on each side for rounding.
    static func linearReach(of texels: PixelRect, from source: Rect, to destination: Rect) -> PixelRect? {
        guard !texels.isEmpty, source.w > 0, source.h > 0 else { return nil }
        func span(_ t0: Int, _ t1: Int, _ s0: Double, _ sw: Double, _ d0: Double, _ dw: Double) -> (Int, Int) {
            let k = dw / sw
            let lo = d0 + (Double(t0) - 0.5 - s0) * k - 0.5
            let hi = d0 + (Double(t1) + 0.5 - s0) * k - 0.5
            let (first, last) = (Int(d0.rounded(.down)), Int((d0 + dw).rounded(.up)))
            return (max(first, Int(lo.rounded(.down)) - 1), min(last, Int(hi.rounded(.up)) + 1))
        }
        let (x0, x1) = span(texels.x, texels.x + texels.width, source.x, source.w, destination.x, destination.w)
        let (y0, y1) = span(texels.y, texels.y + texels.height, source.y, source.h, destination.y, destination.h)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
