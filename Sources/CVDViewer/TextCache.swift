import CSDL2
import CSDL2TTF
import CVDCore
import CVDViewModel

/// A line of text rendered once, as a texture.
struct TextTexture {
    let texture: OpaquePointer
    let size: FrameSize
}

/// The label font at every size in use, and rendered text as textures (labels change
/// rarely; rendering them every frame would cost more than the picture). Owned by the
/// canvas, used on the main thread only.
final class TextCache: TextMeasuring {
    private struct Key: Hashable { let text: String; let size: Int }

    private let renderer: OpaquePointer
    private let fontPath: String
    private var fonts: [Int: OpaquePointer] = [:]
    private var cache: [Key: TextTexture] = [:]
    /// Rendered texts kept at most; past that the cache starts again (sizes change with the window).
    private static let limit = 400

    init(renderer: OpaquePointer, fontPath: String) throws(ViewerError) {
        self.renderer = renderer
        self.fontPath = fontPath
        guard font(20) != nil else { throw .sdl("opening the font \(fontPath)", String(cString: SDL_GetError())) }
    }

    /// The font at `px` pixels (wraps `TTF_OpenFont`), opened once per size.
    private func font(_ px: Int) -> OpaquePointer? {
        if let f = fonts[px] { return f }
        guard let f = TTF_OpenFont(fontPath, Int32(px)) else { return nil }
        fonts[px] = f
        return f
    }

    /// The size `text` renders at (wraps `TTF_SizeUTF8`: measured, not rendered).
    func size(of text: String, fontSize: Int) -> FrameSize {
        var w: Int32 = 0, h: Int32 = 0
        guard let f = font(fontSize), TTF_SizeUTF8(f, text, &w, &h) == 0 else { return FrameSize(0, fontSize) }
        return FrameSize(Int(w), Int(h))
    }

    /// White text as a texture (wraps `TTF_RenderUTF8_Blended`).
    func texture(_ text: String, size px: Int) -> TextTexture? {
        let key = Key(text: text, size: px)
        if let t = cache[key] { return t }
        guard let font = font(px), !text.isEmpty,
              let surface = TTF_RenderUTF8_Blended(font, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let tex = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        if cache.count >= Self.limit { clear() }
        let entry = TextTexture(texture: tex, size: FrameSize(Int(surface.pointee.w), Int(surface.pointee.h)))
        cache[key] = entry
        return entry
    }

    func clear() {
        for (_, t) in cache { SDL_DestroyTexture(t.texture) }
        cache.removeAll()
    }

    /// Frees every texture and font.
    func close() {
        clear()
        for (_, f) in fonts { TTF_CloseFont(f) }
        fonts.removeAll()
    }
}
