import CSDL2
import CSDL2TTF
import CVDCore
import CVDSystem

/// The label fonts, first to last: each text is cut into runs, each drawn in the first font
/// that has a glyph for its characters (SDL_ttf's `TTF_GlyphIsProvided32`) — DejaVu for
/// Latin, Cyrillic, digits and symbols, the CJK font for the rest — so every character is
/// drawn in every language, and measured with the same runs so layouts stay right. A
/// character that no font has is counted (`missing`) and drawn as the first font draws it.
///
/// A font's file is read only when a text first needs it. Used from one thread.
final class FontChain {
    /// One font file: its bytes, read once (every size opens from them, so the view holds no
    /// file descriptor per size), and the sizes opened.
    private struct Face {
        let path: String
        var data: UnsafeMutableRawBufferPointer?
        var sizes: [Int: OpaquePointer] = [:]
        /// Set when the file cannot be read as a font: it is skipped.
        var broken = false
    }

    /// A piece of text drawn in one font.
    struct Run: Equatable {
        let text: String
        let face: Int
    }

    private var faces: [Face]
    /// Which face draws each character seen so far (nil: none has it).
    private var coverage: [UInt32: Int?] = [:]
    /// The characters no font has, in the order met.
    private(set) var missing: [UInt32] = []

    /// `paths`: the fonts in order; the first must open (it is the labels' font).
    init(_ paths: [String]) throws(ViewerError) {
        faces = paths.map { Face(path: $0) }
        guard !paths.isEmpty, font(0, 20) != nil else {
            let why = SDL_GetError().map { String(cString: $0) } ?? ""
            throw .fontUnusable(paths.first ?? "", why.isEmpty ? "SDL_ttf cannot read it as a font" : why)
        }
    }

    var paths: [String] { faces.map(\.path) }

    /// Face `index` at `px` pixels (wraps `TTF_OpenFontRW` on the file's bytes), opened once.
    func font(_ index: Int, _ px: Int) -> OpaquePointer? {
        guard faces.indices.contains(index), !faces[index].broken else { return nil }
        if let f = faces[index].sizes[px] { return f }
        if faces[index].data == nil {
            // Read once (its name's bytes as they are), at most 64 MiB: a font, not a film.
            guard let d = try? FileBytes.read(faces[index].path, limit: 64 << 20) else {
                faces[index].broken = true
                return nil
            }
            let buf = UnsafeMutableRawBufferPointer.allocate(byteCount: d.count, alignment: 16)
            buf.copyBytes(from: d)
            faces[index].data = buf
        }
        // SDL reads the bytes in place for as long as the font is open (`close` frees them
        // after the fonts); `1`: closing the font closes this RW.
        guard let data = faces[index].data, let rw = SDL_RWFromConstMem(data.baseAddress, Int32(data.count)),
            let f = TTF_OpenFontRW(rw, 1, Int32(px))
        else {
            if faces[index].sizes.isEmpty { faces[index].broken = true }
            return nil
        }
        faces[index].sizes[px] = f
        return f
    }

    /// The first face with a glyph for `c`; nil when none has one.
    func face(for c: UInt32) -> Int? {
        if let known = coverage[c] { return known }
        var found: Int?
        for i in faces.indices {
            // Coverage is the same at every size: asked at the size already open, else 20 px.
            guard let f = faces[i].sizes.values.first ?? font(i, 20) else { continue }
            if TTF_GlyphIsProvided32(f, c) != 0 {
                found = i
                break
            }
        }
        coverage[c] = found
        if found == nil { missing.append(c) }
        return found
    }

    /// `text` cut into runs. Spaces, joiners and marks stay in the run they are in when its
    /// font has them (no cut in the middle of a phrase for a space).
    func runs(_ text: String) -> [Run] {
        var out: [Run] = []
        var current = ""
        var face = 0
        for c in text.unicodeScalars {
            let sticky: Bool
            switch c.properties.generalCategory {
            case .spaceSeparator, .format, .control, .nonspacingMark, .enclosingMark, .spacingMark: sticky = true
            default: sticky = false
            }
            let f: Int
            if c.value < 0x20 {
                f = face // a control character draws nothing: never a font's concern
            } else if sticky, !current.isEmpty, provides(face, c.value) {
                f = face
            } else {
                f = self.face(for: c.value) ?? 0
            }
            if f != face, !current.isEmpty {
                out.append(Run(text: current, face: face))
                current = ""
            }
            face = f
            current.unicodeScalars.append(c)
        }
        if !current.isEmpty || out.isEmpty { out.append(Run(text: current, face: face)) }
        return out
    }

    private func provides(_ index: Int, _ c: UInt32) -> Bool {
        guard let f = faces[index].sizes.values.first ?? font(index, 20) else { return false }
        return TTF_GlyphIsProvided32(f, c) != 0
    }

    /// How big `text` renders at `px` (wraps `TTF_SizeUTF8` per run): the runs side by side,
    /// as tall as the first font's line, whatever fonts draw it — so every text of a size
    /// takes the same line height as "Ag" does in the layout (the CJK fonts' taller
    /// ascent is spacing above their glyphs, which stay within the first font's line).
    func size(of text: String, px: Int) -> (width: Int, height: Int)? {
        let parts = runs(text)
        var width = 0
        for run in parts {
            var w: Int32 = 0
            var h: Int32 = 0
            guard let f = font(run.face, px), TTF_SizeUTF8(f, run.text, &w, &h) == 0 else { return nil }
            width += Int(w)
            if parts.count == 1, run.face == 0 { return (Int(w), Int(h)) }
        }
        guard let first = font(0, px) else { return nil }
        return (width, Int(TTF_FontHeight(first)))
    }

    /// `render` as R, G, B, A bytes (SDL's surface converted to ABGR8888, whose bytes in memory
    /// are R, G, B, A, and freed), for a renderer's `makeTexture`.
    func renderRGBA(_ text: String, px: Int) -> RGBAImage? {
        guard let surface = render(text, px: px) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let rgba = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(rgba) }
        let (w, h, pitch) = (Int(rgba.pointee.w), Int(rgba.pointee.h), Int(rgba.pointee.pitch))
        guard w > 0, h > 0, let base = rgba.pointee.pixels else { return nil }
        var pixels = [UInt8](repeating: 0, count: 4 * w * h)
        pixels.withUnsafeMutableBytes { d in
            // SDL's surface holds `h` rows of `pitch` bytes, each at least `4 * w` (ABGR8888);
            // `d` holds `h` rows of exactly `4 * w`: each copy stays inside both.
            for y in 0..<h { (d.baseAddress! + y * 4 * w).copyMemory(from: base + y * pitch, byteCount: 4 * w) }
        }
        return RGBAImage(width: w, height: h, pixels: pixels)
    }

    /// `text` rendered white on clear (wraps `TTF_RenderUTF8_Blended` per run; the runs are
    /// copied side by side onto one surface, on the first font's baseline). The caller frees it.
    func render(_ text: String, px: Int) -> UnsafeMutablePointer<SDL_Surface>? {
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        let parts = runs(text)
        if parts.count == 1, parts[0].face == 0 {
            guard let f = font(0, px), !text.isEmpty else { return nil }
            return TTF_RenderUTF8_Blended(f, text, white)
        }
        guard let size = size(of: text, px: px), size.width > 0, size.height > 0, let first = font(0, px),
            let out = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(size.width), Int32(size.height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { return nil }
        // On the first font's baseline (a taller font's run is cut to that line: only its
        // spacing lies outside it).
        let ascent = Int(TTF_FontAscent(first))
        var x: Int32 = 0
        for run in parts where !run.text.isEmpty {
            guard let f = font(run.face, px) else { continue }
            var w: Int32 = 0
            var h: Int32 = 0
            guard TTF_SizeUTF8(f, run.text, &w, &h) == 0 else { continue }
            defer { x += w }
            guard let piece = TTF_RenderUTF8_Blended(f, run.text, white) else { continue }
            // Copied as it is (its alpha too), not blended: the new surface is clear.
            SDL_SetSurfaceBlendMode(piece, SDL_BLENDMODE_NONE)
            var to = SDL_Rect(x: x, y: Int32(ascent) - TTF_FontAscent(f), w: piece.pointee.w, h: piece.pointee.h)
            SDL_UpperBlit(piece, nil, out, &to)
            SDL_FreeSurface(piece)
        }
        return out
    }

    /// Closes every font and frees the bytes they read.
    func close() {
        for i in faces.indices {
            for (_, f) in faces[i].sizes { TTF_CloseFont(f) }
            faces[i].sizes.removeAll()
            faces[i].data?.deallocate()
            faces[i].data = nil
        }
    }
}
