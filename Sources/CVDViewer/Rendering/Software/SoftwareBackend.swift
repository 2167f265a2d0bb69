import CSDL2
import CVDCore
import CVDViewModel

/// The software renderer: SDL's own (`SDL_CreateRenderer` with the "software" driver),
/// drawing into the window's framebuffer, with pane pictures simulated by the CPU kernels
/// (`SoftwarePanes`). Where GL cannot be had, or is itself only a software rasteriser
/// (llvmpipe), this is the cheaper path. Owns its SDL renderer; the window is the canvas's.
@MainActor
final class SoftwareBackend: RenderBackend {
    let renderer: OpaquePointer
    let window: OpaquePointer
    let name = "software"
    let readsPlanes = false
    /// The quarter-turned copies of pane pictures and what each holds, by the pane
    /// texture they copy, kept for the next frames (`SoftwareBackend+QuarterTurn`).
    var turned: [UInt: HeldCopy<TurnedCopy>] = [:]
    /// The straightened pages drawn through their meshes, likewise (`SoftwareBackend+Mesh`).
    var meshed: [UInt: HeldCopy<MeshCopy>] = [:]
    /// How many whole frames have begun (`clear()`): the copies are stamped with the frame
    /// that last drew them, and those the frame before did not draw are freed.
    var frames = 0

    /// Makes SDL's software renderer for `window` (wraps `SDL_CreateRenderer`; `SDL_RENDER_DRIVER`
    /// in the environment, an SDL variable, chooses another). On X11 its pictures reach the
    /// window through shared memory (`SDL_FRAMEBUFFER_ACCELERATION=0`, unless the
    /// environment says otherwise): SDL 2.26 would otherwise put them through an OpenGL
    /// texture, which on a machine without a GPU is Mesa's llvmpipe at 10–20× the CPU.
    init(window: OpaquePointer) throws(ViewerError) {
        self.window = window
        if SDL_GetHint(SDL_HINT_RENDER_DRIVER) == nil { SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software") }
        if SDL_GetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION) == nil,
            SDL_GetCurrentVideoDriver().map({ String(cString: $0) }) == "x11"
        {
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
        guard let ren = SDL_CreateRenderer(window, -1, 0) else {
            throw .sdl("creating a renderer", String(cString: SDL_GetError()))
        }
        renderer = ren
        SDL_SetRenderDrawBlendMode(ren, SDL_BLENDMODE_BLEND)
        var info = SDL_RendererInfo()
        isSDLSoftware = SDL_GetRendererInfo(ren, &info) == 0 && info.name.map { String(cString: $0) } == "software"
    }

    /// Whether SDL's own software renderer draws (not another that `SDL_RENDER_DRIVER`
    /// chose): its textures and the window's surface keep their pixels between frames, so
    /// that parts alone may be drawn again (`SoftwareBackend+Parts`).
    let isSDLSoftware: Bool

    /// The drawable size in pixels (wraps `SDL_GetRendererOutputSize`).
    var outputSize: FrameSize {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return FrameSize(Int(w), Int(h))
    }

    /// A streaming texture the colour kernel writes BGRA into (wraps `SDL_CreateTexture`).
    /// XRGB8888 (the usual X11/Wayland window format) and ARGB8888 both hold B, G, R, X/A
    /// bytes on little-endian machines: taking the window's own format makes the
    /// renderer's blit a plain copy.
    func makeStreamingTexture(_ size: FrameSize) -> Texture? {
        let windowFormat = SDL_GetWindowPixelFormat(window)
        let format = windowFormat == SDL_PIXELFORMAT_RGB888.rawValue ? windowFormat : SDL_PIXELFORMAT_ARGB8888.rawValue
        guard
            let t = SDL_CreateTexture(
                renderer, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(size.width), Int32(size.height))
        else { return nil }
        return Texture(sdl: t, size: size)
    }

    /// Begins a whole frame; the turned and mesh copies the frame before did not draw are
    /// freed (the view is no longer turned or straightened, or their pane has gone).
    func clear() {
        pruneCopies()
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
    }

    func fill(_ r: Rect, _ c: RGB8, alpha: UInt8) {
        var rect = Self.sdlRect(r)
        SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, alpha)
        SDL_RenderFillRect(renderer, &rect)
    }

    /// Filled triangles in one colour (wraps `SDL_RenderGeometry`).
    func triangles(_ points: [DrawList.Point], _ c: RGB8) {
        let vertices = points.map { p in
            SDL_Vertex(
                position: SDL_FPoint(x: Float(p.x), y: Float(p.y)), color: SDL_Color(r: c.r, g: c.g, b: c.b, a: 255),
                tex_coord: SDL_FPoint(x: 0, y: 0))
        }
        SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), nil, 0)
    }

    /// Draws a whole texture (text) into `r` (wraps `SDL_RenderCopy`).
    func draw(_ t: Texture, in r: Rect) {
        var d = Self.sdlRect(r)
        SDL_RenderCopy(renderer, t.sdl, nil, &d)
    }

    /// Wraps `SDL_RenderCopy`. The destination is clipped to the window first (`BlitRects`):
    /// SDL's software renderer scales a copy that reaches outside through a temporary surface.
    func copy(_ t: Texture, _ source: Rect, to destination: Rect, in window: FrameSize) {
        guard let r = BlitRects(source: source, destination: destination, width: window.width, height: window.height)
        else { return }
        var s = SDL_Rect(
            x: Int32(r.source.x), y: Int32(r.source.y), w: Int32(r.source.width), h: Int32(r.source.height))
        var d = SDL_Rect(
            x: Int32(r.destination.x), y: Int32(r.destination.y), w: Int32(r.destination.width),
            h: Int32(r.destination.height))
        let enlarged = d.w >= 3 * s.w && d.h >= 3 * s.h
        SDL_SetTextureScaleMode(t.sdl, enlarged ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
        SDL_RenderCopy(renderer, t.sdl, &s, &d)
    }

    /// Wraps `SDL_RenderCopyEx` with `SDL_FLIP_HORIZONTAL`/`SDL_FLIP_VERTICAL`. (SDL's
    /// software renderer draws a two-triangle mesh that forms a flipped rectangle offset,
    /// so flips go this way; quarter turns use `drawTurned`, straightened pages `drawMesh`.)
    func copy(_ t: Texture, _ source: Rect, to destination: Rect, flipX: Bool, flipY: Bool) {
        var s = SDL_Rect(
            x: Int32(source.x.rounded()), y: Int32(source.y.rounded()), w: Int32(source.w.rounded()),
            h: Int32(source.h.rounded()))
        var d = Self.sdlRect(destination)
        let flip = (flipX ? SDL_FLIP_HORIZONTAL.rawValue : 0) | (flipY ? SDL_FLIP_VERTICAL.rawValue : 0)
        SDL_SetTextureScaleMode(t.sdl, SDL_ScaleModeLinear)
        SDL_RenderCopyEx(renderer, t.sdl, &s, &d, 0, nil, SDL_RendererFlip(rawValue: flip))
    }

    /// Wraps `SDL_RenderGeometry` with the mesh's quads as two triangles each: the renderer
    /// maps the pixels (the nearest texel: SDL's software geometry has no smoothing). Only
    /// where no smoothed copy can be made (`drawMesh`, `drawTurned`).
    func drawGeometry(_ t: Texture, _ mesh: [DrawList.MeshVertex], columns: Int) {
        let indices = MeshIndices.triangles(count: mesh.count, columns: columns)
        guard !indices.isEmpty else { return }
        let tw = Float(t.size.width)
        let th = Float(t.size.height)
        let vertices = mesh.map {
            SDL_Vertex(
                position: SDL_FPoint(x: Float($0.x), y: Float($0.y)), color: SDL_Color(r: 255, g: 255, b: 255, a: 255),
                tex_coord: SDL_FPoint(x: Float($0.u) / tw, y: Float($0.v) / th))
        }
        let i32 = indices.map { Int32($0) }
        SDL_SetTextureScaleMode(t.sdl, SDL_ScaleModeLinear)
        SDL_RenderGeometry(renderer, t.sdl, vertices, Int32(vertices.count), i32, Int32(i32.count))
    }

    /// An ABGR8888 texture (R, G, B, A in memory), blended (wraps `SDL_CreateTexture` and
    /// `SDL_UpdateTexture`); streaming, as the panes' are, so that its pixels can be read.
    func makeTexture(from image: RGBAImage) -> Texture? {
        guard image.width > 0, image.height > 0,
            let t = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                Int32(image.width), Int32(image.height))
        else { return nil }
        let updated = image.pixels.withUnsafeBytes { SDL_UpdateTexture(t, nil, $0.baseAddress, Int32(image.width * 4)) }
        guard updated == 0 else {
            SDL_DestroyTexture(t)
            return nil
        }
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        return Texture(sdl: t, size: FrameSize(image.width, image.height))
    }

    func destroy(_ t: Texture) { if let s = t.sdl { SDL_DestroyTexture(s) } }

    /// Wraps `SDL_RenderReadPixels` (before present, while the back buffer is defined).
    func readPixels(into buffer: inout [UInt8]) -> FrameLayout? {
        let size = outputSize
        let layout = FrameLayout(format: .rgba, width: size.width, height: size.height)
        if buffer.count != layout.minimumByteCount { buffer = [UInt8](repeating: 0, count: layout.minimumByteCount) }
        let ok = buffer.withUnsafeMutableBytes { p in
            SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ABGR8888.rawValue, p.baseAddress, Int32(size.width * 4))
                == 0
        }
        return ok ? layout : nil
    }

    /// The software renderer has no queue: what was drawn, now.
    func readPixelsWithoutWaiting(into buffer: inout [UInt8]) -> FrameLayout? { readPixels(into: &buffer) }

    func present() throws(RenderFault) { SDL_RenderPresent(renderer) }

    func makePanes(_ kernels: PaneKernels) -> any PaneBackend { SoftwarePanes(backend: self, kernels: kernels) }

    /// Frees the turned and mesh copies; the renderer itself goes with the window, at exit (see `Canvas`).
    func close() {
        for t in turned.values { destroy(t.texture) }
        for t in meshed.values { destroy(t.texture) }
        turned = [:]
        meshed = [:]
    }

    /// Window rectangles are whole pixels, rounded.
    static func sdlRect(_ r: Rect) -> SDL_Rect {
        SDL_Rect(x: Int32(r.x.rounded()), y: Int32(r.y.rounded()), w: Int32(r.w.rounded()), h: Int32(r.h.rounded()))
    }
}

extension Texture {
    /// An SDL texture as the view's opaque texture: its address.
    init(sdl texture: OpaquePointer, size: FrameSize) { self.init(handle: UInt(bitPattern: texture), size: size) }
    /// The SDL texture (the software backend's textures are all SDL's): the address back.
    var sdl: OpaquePointer? { OpaquePointer(bitPattern: handle) }
}
