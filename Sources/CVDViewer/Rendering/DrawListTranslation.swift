import CVDViewModel

extension RenderBackend {
    /// Draws `list` item by item through this backend's primitives, in its order; text
    /// through `text` (rendered once, then cached).
    func draw(_ list: DrawList, text: TextCache) {
        for item in list.items {
            switch item {
            case .fill(let r, let c, let alpha): fill(r, c, alpha: alpha)
            case .triangles(let p, let c): triangles(p, c)
            case .text(let s, let size, let r):
                if let t = text.texture(s, size: size) { draw(t, in: r) }
            }
        }
    }
}
