import CSDL2
import CSDL2TTF
import CVDCore
import CVDSystem
import CVDViewModel
import FoundationEssentials
import Glibc

/// The label font at every size in use, rendered text as textures, and measured text
/// sizes (labels change rarely; rendering or shaping them every frame would cost more
/// than the picture: the overlay's layout measures each label at several sizes per frame,
/// and `scripts/soak` saw that take 8–20 ms in a frame). Owned by the canvas, used on the
/// main thread only.
@MainActor
final class TextCache: @preconcurrency TextMeasuring {
    private struct Key: Hashable {
        let text: String
        let size: Int
    }

    /// The renderer the texts' textures belong to.
    private unowned let backend: any RenderBackend
    private let fontPath: String
    /// The font file's bytes, read once: every size is opened from them, so the view holds
    /// no file descriptor per size (a long run would otherwise gain one with each new
    /// size). Freed in `close`, after the fonts that read them.
    private var fontData: UnsafeMutableRawBufferPointer?
    private var fonts: [Int: OpaquePointer] = [:]
    private var cache: [Key: Texture] = [:]
    private var sizes: [Key: FrameSize] = [:]
    /// Rendered texts kept at most; past that the cache starts again (sizes change with the window).
    private static let limit = 400

    init(backend: any RenderBackend, fontPath: String) throws(ViewerError) {
        self.backend = backend
        self.fontPath = fontPath
        guard font(20) != nil else {
            let why = SDL_GetError().map { String(cString: $0) } ?? ""
            throw .fontUnusable(fontPath, why.isEmpty ? "SDL_ttf cannot read it as a font" : why)
        }
    }

    /// The font at `px` pixels (wraps `TTF_OpenFontRW` on the file's bytes), opened once per size.
    private func font(_ px: Int) -> OpaquePointer? {
        if let f = fonts[px] { return f }
        if fontData == nil {
            // Read once (its name's bytes as they are), at most 64 MiB: a font, not a film.
            guard let d = try? FileBytes.read(fontPath, limit: 64 << 20) else { return nil }
            let buf = UnsafeMutableRawBufferPointer.allocate(byteCount: d.count, alignment: 16)
            buf.copyBytes(from: d)
            fontData = buf
        }
        // SDL reads the bytes in place for as long as the font is open (`close` frees them
        // after the fonts); `1`: closing the font closes this RW.
        guard let data = fontData, let rw = SDL_RWFromConstMem(data.baseAddress, Int32(data.count)),
            let f = TTF_OpenFontRW(rw, 1, Int32(px))
        else { return nil }
        fonts[px] = f
        return f
    }

    /// The size `text` renders at (wraps `TTF_SizeUTF8`: measured, not rendered), measured
    /// once per text and size.
    func size(of text: String, fontSize: Int) -> FrameSize {
        let key = Key(text: text, size: fontSize)
        if let s = sizes[key] { return s }
        var w: Int32 = 0
        var h: Int32 = 0
        guard let f = font(fontSize), TTF_SizeUTF8(f, text, &w, &h) == 0 else { return FrameSize(0, fontSize) }
        if sizes.count >= Self.limit { sizes.removeAll(keepingCapacity: true) }
        let size = FrameSize(Int(w), Int(h))
        sizes[key] = size
        return size
    }

    /// `CVDCAM_PRINT_TEXTS=1` (for tests): each text drawn for the first time is printed
    /// (`text: …`), so a test can read every word the window shows.
    private let printTexts = getenv("CVDCAM_PRINT_TEXTS").map { String(cString: $0) == "1" } ?? false
    private var printed = Set<String>()

    /// White text as a texture (wraps `TTF_RenderUTF8_Blended`).
    func texture(_ text: String, size px: Int) -> Texture? {
        let key = Key(text: text, size: px)
        if let t = cache[key] { return t }
        if printTexts, printed.insert(text).inserted {
            print("cvdcam: text: \(text)")
            // Every character checked against the font that draws it (wraps
            // `TTF_GlyphIsProvided32`): a missing one would show as an empty box.
            if let f = font(px) {
                for c in text.unicodeScalars where c.value > 0x20 && TTF_GlyphIsProvided32(f, c.value) == 0 {
                    print("cvdcam: missing glyph: U+\(String(c.value, radix: 16, uppercase: true)) in \(text)")
                }
            }
            fflush(nil)
        }
        guard let font = font(px), !text.isEmpty,
            let surface = TTF_RenderUTF8_Blended(font, text, SDL_Color(r: 255, g: 255, b: 255, a: 255))
        else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let tex = backend.makeTexture(from: surface) else { return nil }
        if cache.count >= Self.limit { clear() }
        cache[key] = tex
        return tex
    }

    func clear() {
        for (_, t) in cache { backend.destroy(t) }
        cache.removeAll()
        sizes.removeAll()
    }

    /// Frees every texture and font.
    func close() {
        clear()
        for (_, f) in fonts { TTF_CloseFont(f) }
        fonts.removeAll()
        fontData?.deallocate()
        fontData = nil
    }
}
