import CSDL2
import CSDL2TTF
import CVDCore

/// A line of text rendered once, as a texture.
struct TextTexture {
    let texture: OpaquePointer
    let size: FrameSize
}

/// Rendered text as textures, kept until the font size changes (labels change rarely;
/// re-rendering them every frame would cost more than the picture).
@MainActor
final class TextCache {
    private let renderer: OpaquePointer
    private let fontPath: String
    private var font: OpaquePointer?
    private(set) var size: Int = 0
    private var cache: [String: TextTexture] = [:]

    init(renderer: OpaquePointer, fontPath: String) {
        self.renderer = renderer
        self.fontPath = fontPath
    }

    /// Opens the font at a new pixel size (wraps `TTF_OpenFont`), dropping cached textures.
    func setSize(_ px: Int) throws(ViewerError) {
        guard px != size else { return }
        clear()
        if let f = font { TTF_CloseFont(f) }
        guard let f = TTF_OpenFont(fontPath, Int32(px)) else {
            throw .sdl("opening the font \(fontPath)", String(cString: SDL_GetError()))
        }
        font = f
        size = px
    }

    /// White text as a texture (wraps `TTF_RenderUTF8_Blended`).
    func texture(_ text: String) -> TextTexture? {
        if let t = cache[text] { return t }
        guard let font, !text.isEmpty,
              let surface = TTF_RenderUTF8_Blended(font, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let tex = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        let entry = TextTexture(texture: tex, size: FrameSize(Int(surface.pointee.w), Int(surface.pointee.h)))
        cache[text] = entry
        return entry
    }

    func clear() {
        for (_, t) in cache { SDL_DestroyTexture(t.texture) }
        cache.removeAll()
    }

    func close() {
        clear()
        if let f = font { TTF_CloseFont(f) }
        font = nil
    }
}
