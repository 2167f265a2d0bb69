import CVDCore
import CVDViewModel

/// A backend's pane textures: those in use, one per simulation shown, and what they hold
/// (the regions of the last render); the pools they come from — by size, the size used last
/// at the end; at most two sizes kept (the full and the reduced picture: single ↔ 2×2), and
/// of a size only as many as the view shows (back from 2×2 to one pane, the other three go).
/// A layout change back and forth makes no texture again (docs/performance.md says what
/// that saves). And the stripes' phase, which advances once per rendered frame; the
/// textures in use are stamped with it (`Texture.written`).
@MainActor
struct PaneTextures {
    private var pools: [(size: FrameSize, textures: [Texture])] = []
    private(set) var textures: [Texture] = []
    private(set) var rendered: PaneRegions?
    private(set) var phase = 0

    /// A new render of `regions` with `count` textures, made with `make` where the pool has too few.
    mutating func begin(
        _ regions: PaneRegions, count: Int, destroy: (Texture) -> Void, make: (FrameSize) -> Texture?
    ) {
        phase += 1
        textures = use(regions.textureSize, count: count, destroy: destroy, make: make).map {
            var t = $0
            t.written = phase
            return t
        }
        rendered = regions
    }

    /// The first `count` textures of `size`, made with `make` where the pool has too few.
    private mutating func use(
        _ size: FrameSize, count: Int, destroy: (Texture) -> Void, make: (FrameSize) -> Texture?
    ) -> [Texture] {
        var entry: (size: FrameSize, textures: [Texture])
        if let i = pools.firstIndex(where: { $0.size == size }) {
            if i == pools.count - 1, pools[i].textures.count == count { return pools[i].textures }
            entry = pools.remove(at: i)
        } else {
            entry = (size, [])
        }
        while entry.textures.count < count, let t = make(size) { entry.textures.append(t) }
        while entry.textures.count > count, let t = entry.textures.popLast() { destroy(t) }
        pools.append(entry)
        if pools.count > 2 { for t in pools.removeFirst().textures { destroy(t) } }
        return entry.textures
    }

    mutating func removeAll(destroy: (Texture) -> Void) {
        for p in pools { p.textures.forEach(destroy) }
        pools = []
        textures = []
    }
}
