import CSDL2
import CVDCore
import CVDViewModel

/// A picture through a mesh (`DrawList.Item.mesh`: a straightened page). SDL's software
/// `SDL_RenderGeometry` samples the nearest texel at whole-texel corners, so the page would
/// show its texels' edges where GL smooths. Instead the mesh is drawn by `MeshWarp` — GL's
/// triangles, its linear filter — into a texture of its own as large as the mesh's part of
/// the window, transparent where the mesh is not, and that texture copied 1:1, blended
/// (`BackendConformanceTests`). Made again only when the pane picture was written again
/// (`Texture.written`) or the mesh moved.
extension SoftwareBackend {
    /// What a mesh copy holds: which texture, through which mesh, as of which writing.
    struct MeshCopy: Equatable {
        let texture: UInt
        let mesh: [DrawList.MeshVertex]
        let columns: Int
        let box: PixelRect
        let written: Int
    }

    func drawMesh(_ t: Texture, _ mesh: [DrawList.MeshVertex], columns: Int) {
        guard let (copy, box) = meshCopy(t, mesh, columns: columns) else {
            drawGeometry(t, mesh, columns: columns)
            return
        }
        let whole = Rect(0, 0, Double(box.width), Double(box.height))
        self.copy(copy, whole, to: Rect(Double(box.x), Double(box.y), whole.w, whole.h), in: outputSize)
    }

    /// The mesh copy of `t` for `mesh`, made if what it holds differs; nil where the mesh
    /// shows nothing in the window or the pixels cannot be read (not a streaming texture).
    private func meshCopy(_ t: Texture, _ mesh: [DrawList.MeshVertex], columns: Int) -> (Texture, PixelRect)? {
        guard let source = t.sdl, !mesh.isEmpty else { return nil }
        let window = outputSize
        // Clamped to the window before any conversion (a vertex far outside it).
        let (w, h) = (Double(window.width), Double(window.height))
        var (left, top, right, bottom) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for p in mesh {
            guard p.x.isFinite, p.y.isFinite else { return nil }
            (left, right) = (min(left, p.x), max(right, p.x))
            (top, bottom) = (min(top, p.y), max(bottom, p.y))
        }
        let x0 = Int(min(max(0, left.rounded(.down)), w))
        let y0 = Int(min(max(0, top.rounded(.down)), h))
        let x1 = Int(min(max(0, right.rounded(.up)), w))
        let y1 = Int(min(max(0, bottom.rounded(.up)), h))
        guard x1 > x0, y1 > y0 else { return nil }
        let box = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let wanted = MeshCopy(texture: t.handle, mesh: mesh, columns: columns, box: box, written: t.written)
        if let held = meshed[t.handle], held.holds == wanted {
            meshed[t.handle]?.drawn = frames
            return (held.texture, box)
        }
        var format: UInt32 = 0
        SDL_QueryTexture(source, &format, nil, nil, nil)
        // The pane textures' formats (32 bits, alpha or padding in the top byte); the copy keeps
        // their byte order, with alpha.
        let (argb, abgr) = (SDL_PIXELFORMAT_ARGB8888.rawValue, SDL_PIXELFORMAT_ABGR8888.rawValue)
        let copyFormat: UInt32
        switch format {
        case argb, SDL_PIXELFORMAT_RGB888.rawValue: copyFormat = argb
        case abgr, SDL_PIXELFORMAT_BGR888.rawValue: copyFormat = abgr
        default: return nil
        }
        let old = meshed.removeValue(forKey: t.handle)
        guard
            let (copy, made) = copyTexture(
                reusing: old?.texture, size: FrameSize(box.width, box.height), format: copyFormat),
            let target = copy.sdl
        else { return nil }
        // The same mesh over a new writing covers the same pixels: those it leaves stay clear
        // (SDL's own software renderer keeps a locked texture's pixels; other drivers need not).
        let clear =
            !isSDLSoftware || made || old.map { $0.holds.mesh != mesh || $0.holds.columns != columns } ?? true
        let drawn = Self.withPixels(of: source, and: target) { from, fromPitch, to, toPitch in
            for y in 0..<box.height where clear {
                // Safe: row y of the copy's `box.height` rows of `toPitch` ≥ `box.width` pixels.
                (to + y * toPitch).initialize(repeating: 0, count: box.width)
            }
            MeshWarp.draw(
                from, sourcePitch: fromPitch, size: t.size, mesh, columns: columns, into: to, targetPitch: toPitch,
                box: box)
        }
        guard drawn else {
            destroy(copy)
            return nil
        }
        SDL_SetTextureBlendMode(target, SDL_BLENDMODE_BLEND)
        meshed[t.handle] = HeldCopy(texture: copy, holds: wanted, drawn: frames)
        return (copy, box)
    }
}
