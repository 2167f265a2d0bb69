import CSDL2
import CSDL2TTF
import CVDCore
import CVDSystem
import CVDViewModel
import FoundationEssentials
import Glibc

/// The label font at every size in use, rendered text as textures, and measured text
/// sizes (labels change rarely; rendering or shaping them every frame would cost more
/// than the picture: the overlay's layout measures each label at several sizes). Owned by
/// the canvas, used on the main thread only.
@MainActor
final class TextCache: @preconcurrency TextMeasuring {
    private struct Key: Hashable {
        let text: String
        let size: Int
    }

    /// The renderer the texts' textures belong to.
    private unowned let backend: any RenderBackend
    /// The fonts, first to last (`FontChain`: each character in the first that has it).
    let fonts: FontChain
    private var cache: [Key: Texture] = [:]
    private var sizes: [Key: FrameSize] = [:]
    /// Rendered texts kept at most; past that the cache starts again (sizes change with the window).
    private static let limit = 400
    /// Says, once, a character no font has and the package that has it.
    private let note: (String) -> Void
    private var missingSaid = false

    /// `fontPaths`: the label font first, then the fonts for what it does not write.
    init(
        backend: any RenderBackend, fontPaths: [String], note: @escaping (String) -> Void = { _ in },
        printTexts: Bool = false
    ) throws(ViewerError) {
        self.backend = backend
        self.note = note
        self.printTexts = printTexts
        fonts = try FontChain(fontPaths)
    }

    /// The size `text` renders at, run by run (`FontChain.size`), measured once per text and size.
    func size(of text: String, fontSize: Int) -> FrameSize {
        let key = Key(text: text, size: fontSize)
        if let s = sizes[key] { return s }
        guard let (w, h) = fonts.size(of: text, px: fontSize) else { return FrameSize(0, fontSize) }
        sayMissing(text)
        if sizes.count >= Self.limit { sizes.removeAll(keepingCapacity: true) }
        let size = FrameSize(w, h)
        sizes[key] = size
        return size
    }

    /// The first time a character turns up that no font has: one line saying which.
    private func sayMissing(_ text: String) {
        guard !missingSaid, let c = fonts.missing.first else { return }
        missingSaid = true
        note(FontLocator.missingNote(c, in: text))
    }

    /// Each text drawn for the first time printed (`text: …`, `ViewerDiagnostics.printTexts`),
    /// so a test can read every word the window shows.
    private let printTexts: Bool
    private var printed = Set<String>()

    /// White text as a texture, drawn run by run (`FontChain.render`).
    func texture(_ text: String, size px: Int) -> Texture? {
        let key = Key(text: text, size: px)
        if let t = cache[key] { return t }
        if printTexts, printed.insert(text).inserted {
            print("cvdcam: text: \(text)")
            // Every character checked against the fonts that draw it (wraps
            // `TTF_GlyphIsProvided32`): a missing one would show as an empty box.
            for c in text.unicodeScalars where c.value > 0x20 && fonts.face(for: c.value) == nil {
                print("cvdcam: missing glyph: U+\(String(c.value, radix: 16, uppercase: true)) in \(text)")
            }
            fflush(nil)
        }
        guard !text.isEmpty, let image = fonts.renderRGBA(text, px: px) else { return nil }
        sayMissing(text)
        guard let tex = backend.makeTexture(from: image) else { return nil }
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
        fonts.close()
    }
}
