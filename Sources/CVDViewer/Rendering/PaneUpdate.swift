import CVDCore
import CVDSources
import CVDViewModel

/// What the pane textures hold besides their regions: the frame and everything else their
/// pictures were made with, so that a frame which says what changed since that one (the
/// screen: `FrameChanges`) is simulated again only there. Anything else that changed — a
/// mode, the layout, a zoom, the balance, a still — makes it all again; a picked colour's
/// stripes move every frame, and a picture the virtual camera simulated is uploaded whole.
@MainActor
struct PaneUpdate {
    /// Everything a pane picture is made with, but the frame.
    struct Key: Equatable {
        let simulations: [Simulation]
        let regions: PaneRegions
        let assisted: [Double]
        let balance: WhiteBalance
        let still: Double?

        init(
            _ simulations: [Simulation], _ regions: PaneRegions, assisted: (texture: Int, strength: Double)?,
            balance: WhiteBalance, still: Frame?
        ) {
            (self.simulations, self.regions, self.balance) = (simulations, regions, balance)
            self.assisted = assisted.map { [Double($0.texture), $0.strength] } ?? []
            self.still = still?.timestamp
        }
    }

    private var held: (timestamp: Double, key: Key)?
    /// The parts simulated in the last render (picture pixels); nil: all of it.
    private(set) var parts: [PixelRect]?

    /// The parts of `frame` to simulate for `key` (nil: all); `key` nil when the render
    /// cannot be partial (the next one then cannot either).
    mutating func begin(_ frame: Frame, _ key: Key?) -> [PixelRect]? {
        let p = key.flatMap { k in held?.key == k ? frame.changed(since: held?.timestamp) : nil }
        held = key.map { (frame.timestamp, $0) }
        parts = p
        return p
    }

    /// The boxes of texture `box` (texture pixels, the picture reduced by `reduction`) to
    /// simulate: those of `parts` (picture pixels) inside it, or the whole box. A pane
    /// showing the still (`still`) has none to make again where only parts of the live
    /// frame changed, and all of it in a render made whole.
    nonisolated static func boxes(_ parts: [PixelRect]?, still: Bool = false, reduction r: Int, in box: PixelRect)
        -> [PixelRect]
    {
        guard let parts else { return [box] }
        if still { return [] }
        return parts.compactMap { p in
            let b = texels(p, reduction: r).intersection(box)
            return b.isEmpty ? nil : b
        }
    }

    /// The texels (texture pixels, the picture reduced by `r`) that picture pixels `p` fall in.
    nonisolated static func texels(_ p: PixelRect, reduction r: Int) -> PixelRect {
        let (x0, y0) = (p.x / r, p.y / r)
        return PixelRect(
            x: x0, y: y0, width: (p.x + p.width + r - 1) / r - x0, height: (p.y + p.height + r - 1) / r - y0)
    }
}
