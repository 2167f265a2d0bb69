import CSDL2
import CVDCore
import CVDViewModel

/// Drawing parts of the window alone (`RenderBackend`'s parts): the overlays through SDL's
/// clip rectangle, the pictures' parts computed here as SDL computes them for the whole
/// (`SoftStretch`), written straight into the window's surface, and only those parts sent
/// to the X server. The window then holds exactly what drawing it whole gives.
extension SoftwareBackend {
    /// SDL's own software renderer: the window's surface keeps its pixels between frames.
    var drawsParts: Bool { isSDLSoftware }
    var holdsWindow: Bool { true }

    /// Keeps SDL's drawing inside `part` (wraps `SDL_RenderSetClipRect`), black there when
    /// `black` (a plain fill, not blended, as `clear` makes the whole window).
    func beginPart(_ part: PixelRect, black: Bool, in _: FrameSize) {
        var r = SDL_Rect(x: Int32(part.x), y: Int32(part.y), w: Int32(part.width), h: Int32(part.height))
        SDL_RenderSetClipRect(renderer, &r)
        guard black else { return }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderFillRect(renderer, &r)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    func endParts() { SDL_RenderSetClipRect(renderer, nil) }

    /// `source` of `t` over `destination`, when its parts can be drawn here as SDL draws
    /// the whole: SDL's software renderer, a texture in the window surface's own format
    /// without blending (SDL then scales straight from one to the other), the source inside
    /// the texture. Nil otherwise.
    func partialPicture(_ t: Texture, _ source: Rect, to destination: Rect, in window: FrameSize)
        -> PartialPicture?
    {
        guard isSDLSoftware, let texture = t.sdl,
            let r = BlitRects(source: source, destination: destination, width: window.width, height: window.height),
            r.source.x >= 0, r.source.y >= 0, r.source.x + r.source.width <= t.size.width,
            r.source.y + r.source.height <= t.size.height, let surface = SDL_GetWindowSurface(self.window)
        else { return nil }
        var format: UInt32 = 0
        var blend = SDL_BLENDMODE_NONE
        guard SDL_QueryTexture(texture, &format, nil, nil, nil) == 0, SDL_GetTextureBlendMode(texture, &blend) == 0,
            blend == SDL_BLENDMODE_NONE, format == surface.pointee.format.pointee.format,
            surface.pointee.format.pointee.BytesPerPixel == 4
        else { return nil }
        return PartialPicture(texture: t, source: source, destination: destination, sampling: .blit(r))
    }

    /// Draws the part `part` (window pixels) of `picture`: the pixels `copy(_:_:to:in:)`
    /// draws there — copied 1:1, or stretched with SDL's nearest (enlarged three times or
    /// more) or bilinear filter.
    func draw(_ picture: PartialPicture, part: PixelRect, in _: FrameSize) {
        guard case .blit(let r) = picture.sampling else { return }
        let t = picture.texture
        let d = r.destination
        let x0 = max(part.x, d.x)
        let y0 = max(part.y, d.y)
        let x1 = min(part.x + part.width, d.x + d.width)
        let y1 = min(part.y + part.height, d.y + d.height)
        guard x1 > x0, y1 > y0, let texture = t.sdl, let surface = SDL_GetWindowSurface(self.window) else { return }
        let p = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        SDL_RenderFlush(renderer) // what SDL has queued goes first (the black underneath)
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, nil, &pixels, &pitch) == 0, let src = UnsafeRawPointer(pixels),
            let dst = surface.pointee.pixels
        else { return }
        defer { SDL_UnlockTexture(texture) }
        let (sp, dp) = (Int(pitch), Int(surface.pointee.pitch))
        // The texture's pixels (`pitch` × its height) and the window surface's stay valid
        // while locked; `partialPicture` checked that the source lies inside the texture, and
        // BlitRects that the destination lies inside the window: every row read or written
        // below lies inside its picture.
        let s = r.source
        if s.width == d.width, s.height == d.height {
            for y in p.y..<(p.y + p.height) {
                (dst + y * dp + p.x * 4).copyMemory(
                    from: src + (s.y + y - d.y) * sp + (s.x + p.x - d.x) * 4, byteCount: p.width * 4)
            }
        } else if d.width >= 3 * s.width, d.height >= 3 * s.height {
            SoftStretch.nearest(src, pitch: sp, s, into: dst, pitch: dp, d, part: p)
        } else {
            SoftStretch.linear(src, pitch: sp, s, into: dst, pitch: dp, d, part: p)
        }
    }

    /// Shows the parts drawn (wraps `SDL_RenderFlush`, `SDL_UpdateWindowSurfaceRects`): the
    /// rest of the window is as it was.
    func present(parts: [PixelRect], in _: FrameSize) {
        SDL_RenderFlush(renderer)
        let rects = parts.map { SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.width), h: Int32($0.height)) }
        SDL_UpdateWindowSurfaceRects(window, rects, Int32(rects.count))
    }
}
