import CVDCore

/// The pane textures of a backend by size, the size used last at the end; at most two
/// sizes are kept (the full and the reduced picture: single ↔ 2×2), and of a size only as
/// many as the view shows (back from 2×2 to one pane, the other three go: 8 MiB each at 1080p).
@MainActor
struct TexturePools {
    private var pools: [(size: FrameSize, textures: [Texture])] = []

    /// The first `count` textures of `size`, made with `make` where the pool has too few.
    mutating func use(
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
    }
}
