import CVDViewModel

extension RenderBackend {
    /// Draws `list` item by item through this backend's primitives, in its order: pictures
    /// from the pane `textures` (an item naming none of them is left out), text through
    /// `text` (rendered once, then cached). The window's size is asked once, where there are
    /// pictures to draw (a list of overlays, drawn part by part, never asks).
    func draw(_ list: DrawList, text: TextCache, textures: [Texture] = []) {
        let window = textures.isEmpty ? nil : outputSize
        for item in list.items {
            switch item {
            case .picture(let pane, let source, let destination):
                if pane < textures.count, let window { copy(textures[pane], source, to: destination, in: window) }
            case .flippedPicture(let pane, let source, let destination, let flipX, let flipY):
                if pane < textures.count { copy(textures[pane], source, to: destination, flipX: flipX, flipY: flipY) }
            case .turnedPicture(let pane, let source, let destination, let uDown, let vRight):
                if pane < textures.count {
                    drawTurned(textures[pane], source, to: destination, uDown: uDown, vRight: vRight)
                }
            case .mesh(let pane, let vertices, let columns):
                if pane < textures.count {
                    drawMesh(textures[pane], vertices, columns: columns)
                }
            case .fill(let r, let c, let alpha): fill(r, c, alpha: alpha)
            case .triangles(let p, let c): triangles(p, c)
            case .text(let s, let size, let r):
                if let t = text.texture(s, size: size) { draw(t, in: r) }
            }
        }
    }
}

extension RenderBackend {
    /// A quarter turn through its one-cell mesh (what GL draws; the software renderer draws
    /// a turned copy instead).
    func drawTurned(_ t: Texture, _ source: Rect, to destination: Rect, uDown: Bool, vRight: Bool) {
        drawTurnedMesh(t, source, to: destination, uDown: uDown, vRight: vRight)
    }

    /// The quarter turn's one-cell mesh (`DrawList.turnedCorners`) through `drawMesh`.
    func drawTurnedMesh(_ t: Texture, _ source: Rect, to destination: Rect, uDown: Bool, vRight: Bool) {
        drawMesh(t, DrawList.turnedCorners(source, to: destination, uDown: uDown, vRight: vRight), columns: 2)
    }
}
