import CSDL2
import CSDL2Image
import CVDCore
import CVDSystem
import FoundationEssentials
import Glibc

/// Reads and writes picture files through SDL2_image: PNG, JPEG, WebP, TIFF, BMP, PNM
/// and TGA in, and GIF (its first frame) through cvdcam's own `GIFDecoder`; PNG or JPEG out.
public enum ImageFile {
    /// Formats `write` can produce, chosen by the file name's extension.
    public enum OutputFormat: String, Sendable, CaseIterable {
        case png, jpeg

        /// `.png`, `.jpg`, `.jpeg` (any case); nil for anything else.
        public init?(path: String) {
            switch PathName.pathExtension(path).lowercased() {
            case "png": self = .png
            case "jpg", "jpeg": self = .jpeg
            default: return nil
            }
        }
    }

    /// The largest picture `read` takes, a side: beyond it a header is lying or the file
    /// is not a photograph of anything a class looks at.
    public static let maximumSide = 16384

    /// Caps any one allocation SDL makes at the largest picture `read` takes
    /// (`AllocationCap`), so a header claiming an absurd size fails at once. `read` does it
    /// by itself; a program calls it first thing, before other threads use SDL.
    public static func capAllocations() { AllocationCap.installed }

    /// The formats `read` takes, as messages name them.
    public static let readableFormats = "PNG, JPEG, WebP, GIF, TIFF, BMP, PNM or TGA"

    /// Loads a picture as RGBA, as `read`, and says when the file is damaged but still gave
    /// a picture: a JPEG that stops before its end-of-image marker decodes as far as its
    /// data goes, the rest grey — the share of rows that hold picture is reported. Then its
    /// embedded colour profile and EXIF orientation are applied (`applyEmbedded`).
    public static func load(_ path: String, allowStdin: Bool = false) throws(ImageFileError) -> Loaded {
        try load(bytes: fileBytes(path, allowStdin: allowStdin), path)
    }

    /// `load` of a picture's bytes, already read (`open`, which reads PDFs too).
    static func load(bytes: [UInt8], _ path: String) throws(ImageFileError) -> Loaded {
        var loaded = try damageChecked(decode(bytes, path), bytes, path)
        try loaded.applyEmbedded(bytes, path)
        loaded.lossy = isLossy(bytes, path)
        return loaded
    }

    /// The decoded picture, as the file stores it, and what is wrong with the file.
    static func damageChecked(_ decoded: RGBAImage, _ bytes: [UInt8], _ path: String) -> Loaded {
        var image = decoded
        if let damage = TGAData.greyMissingRows(&image, bytes, path) { return Loaded(image: image, damage: damage) }
        // A whole JPEG's segments reach its end-of-image marker (whatever follows it).
        guard bytes.starts(with: [0xFF, 0xD8, 0xFF]), !JPEGSegments.reachesEnd(bytes) else {
            return Loaded(image: image, damage: nil)
        }
        let rows = decodedRows(image)
        let name = PathName.shown(PathName.lastComponent(path))
        guard rows < image.height else {
            return Loaded(
                image: image,
                damage:
                    "'\(name)' is damaged: the JPEG file ends early, so its last part may be missing or blurred — copy the file again"
            )
        }
        let missing = PixelRect(x: 0, y: rows, width: image.width, height: image.height - rows)
        return Loaded(image: image, damage: endsEarly(name, missing, image), missing: missing)
    }

    /// The largest file `read` takes: a 16384² picture in PNG, badly compressed, stays below it.
    public static let maximumFileBytes = 1 << 30

    /// The file's bytes, read once (`FileBytes`: a FIFO, `/dev/stdin`, `-` when allowed).
    /// Its format is known from its head before the rest is read (`PictureFormat.bound`):
    /// a file that is no picture is refused there, and one that is is read no further than
    /// its picture can need.
    /// `orPDF`: a PDF is read too (`PDFDocument.bound`).
    static func fileBytes(_ path: String, allowStdin: Bool = false, orPDF: Bool = false) throws(ImageFileError)
        -> [UInt8]
    {
        var size: (width: Int, height: Int)?
        do throws(FileBytes.Failure) {
            return try FileBytes.read(path, limit: maximumFileBytes, allowStdin: allowStdin) { head in
                if orPDF, let bound = PDFDocument.bound(head, path: path) { return bound }
                size = PictureFormat(head, path: path)?.size(head)
                return PictureFormat.bound(head, path: path)
            }
        } catch {
            switch error {
            case .notFound: throw .notFound(path)
            case .isDirectory: throw .unreadable(path, "it is a folder, not a picture file")
            case .refused(let why): throw .undecodable(path, why)
            case .tooLarge(let limit) where size != nil:
                throw .unreadable(
                    path,
                    "it is larger than its \(size!.width)×\(size!.height) picture can need (\(limit >> 20) MiB): "
                        + "something else is in the file, or it is damaged")
            default: throw .unreadable(path, error.description)
            }
        }
    }

    /// How many rows from the top hold picture: below them a truncated JPEG's decoder
    /// fills flat mid-grey (every sample 128 ± 2, the IDCT of missing data). The file
    /// stops inside a row of blocks (8 or 16 rows), whose right part is grey down to the
    /// block row's foot: that row of blocks counts as missing, back to the first row whose
    /// right end holds picture (at most 17 rows up), and so do the two rows above it, whose
    /// colour the decoder smooths with the grey (4:2:0 chroma is upsampled across rows).
    static func decodedRows(_ image: RGBAImage) -> Int {
        func grey(_ x: Int, _ y: Int) -> Bool {
            let p = image[x, y]
            return abs(Int(p.r) - 128) <= 2 && abs(Int(p.g) - 128) <= 2 && abs(Int(p.b) - 128) <= 2
        }
        var y = image.height
        while y > 0, (0..<image.width).allSatisfy({ grey($0, y - 1) }) { y -= 1 }
        guard y < image.height, image.width > 0 else { return y }
        let last = y
        // A row of blocks is 16 rows at most; the upsampling blends one more below it.
        while y > 0, last - y <= 17, grey(image.width - 1, y - 1) { y -= 1 }
        // More than that grey at the right: the picture's own edge, not the cut.
        if last - y > 17 { y = last }
        return max(0, y - 2)
    }

    /// Loads a picture as RGBA: PNG, JPEG, WebP, GIF, TIFF, BMP and PNM recognised by their
    /// contents, TGA (which has no signature) by its name — only these formats, so that no
    /// other of SDL2_image's loaders ever sees a file (fuzzing found an XCF header that made
    /// one allocate for 14 s). GIF goes to cvdcam's own `GIFDecoder`.
    ///
    /// Wraps `IMG_isPNG`/`IMG_LoadPNG_RW` and their siblings on an `SDL_RWFromFile`, and
    /// `SDL_ConvertSurfaceFormat` to `SDL_PIXELFORMAT_ABGR8888`, whose bytes are R, G, B, A
    /// on little-endian machines.
    public static func read(_ path: String) throws(ImageFileError) -> RGBAImage {
        try load(path).image
    }

    /// Decodes a file's bytes (`path` names it in messages).
    static func decode(_ bytes: [UInt8], _ path: String) throws(ImageFileError) -> RGBAImage {
        try PictureChecks.before(bytes, path)
        // GIF by cvdcam's own decoder (SDL2_image's crashed on a malformed file).
        if GIFDecoder.isGIF(Array(bytes.prefix(6))) {
            do throws(GIFDecoder.Failure) {
                return try GIFDecoder.decode(bytes, maximumSide: maximumSide)
            } catch {
                throw error.noMemory ? .unreadable(path, error.description) : .undecodable(path, error.description)
            }
        }
        AllocationCap.installed
        let refusalsBefore = AllocationCap.refusals.load(ordering: .relaxed)
        let (surface, printed) = StderrCapture.run { bytes.withUnsafeBytes { Self.surface($0, path) } }
        guard let loaded = surface else {
            if AllocationCap.refusals.load(ordering: .relaxed) != refusalsBefore {
                let refused = AllocationCap.lastRefused.load(ordering: .relaxed)
                let gib = String(cFormat: "%.1f", Double(refused) / Double(1 << 30))
                throw .undecodable(
                    path,
                    "its header claims a picture that would take \(gib) GiB; "
                        + "cvdcam reads pictures up to \(maximumSide)×\(maximumSide)")
            }
            let details = [lastError(), printed.replacing("\n", with: "; ")].filter { !$0.isEmpty }
            throw .undecodable(path, details.joined(separator: ": "))
        }
        defer { SDL_FreeSurface(loaded) }
        let w = Int(loaded.pointee.w)
        let h = Int(loaded.pointee.h)
        guard w > 0, h > 0, let format = loaded.pointee.format else {
            throw .undecodable(path, "the picture is empty")
        }
        guard w <= maximumSide, h <= maximumSide else {
            throw .undecodable(
                path, "the picture is \(w)×\(h); cvdcam reads pictures up to \(maximumSide)×\(maximumSide)")
        }
        // Converted straight into the picture's own buffer (no second full-size surface):
        // `SDL_ConvertPixels` from the decoded surface's format to ABGR8888, whose bytes are
        // R, G, B, A on little-endian machines. The buffer holds h rows of w·4 bytes, the
        // pitch given; a surface needs locking only when RLE-encoded (SDL_MUSTLOCK).
        var pixels: [UInt8]
        do throws(FileBytes.Failure) { pixels = try FileBytes.zeros(w * h * 4) } catch {
            throw .unreadable(path, "there is not enough memory for its \(w)×\(h) picture (a memory limit, ulimit -v?)")
        }
        let needsLock = loaded.pointee.flags & UInt32(SDL_RLEACCEL) != 0
        if needsLock { SDL_LockSurface(loaded) }
        defer { if needsLock { SDL_UnlockSurface(loaded) } }
        let status = pixels.withUnsafeMutableBytes { dst in
            SDL_ConvertPixels(
                Int32(w), Int32(h), format.pointee.format, loaded.pointee.pixels, loaded.pointee.pitch,
                SDL_PIXELFORMAT_ABGR8888.rawValue, dst.baseAddress, Int32(w * 4))
        }
        // Palette pictures (GIF, 8-bit PNG) have no direct conversion: through a converted surface.
        if status != 0 {
            guard let rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0),
                let base = rgba.pointee.pixels
            else { throw .undecodable(path, lastError()) }
            defer { SDL_FreeSurface(rgba) }
            let pitch = Int(rgba.pointee.pitch)
            pixels.withUnsafeMutableBytes { dst in
                for y in 0..<h {
                    dst.baseAddress!.advanced(by: y * w * 4).copyMemory(
                        from: base.advanced(by: y * pitch), byteCount: w * 4)
                }
            }
        }
        return RGBAImage(width: w, height: h, pixels: pixels)
    }

    /// The surface of a file in one of `readableFormats` but GIF (read before: `read`); nil
    /// (with SDL's error set) for anything else or a failed decode.
    private static func surface(_ bytes: UnsafeRawBufferPointer, _ path: String) -> UnsafeMutablePointer<SDL_Surface>? {
        // SDL reads the bytes in place, for the length of this call.
        guard let rw = SDL_RWFromConstMem(bytes.baseAddress, Int32(clamping: bytes.count)) else { return nil }
        defer { _ = SDL_RWclose(rw) }
        if IMG_isPNG(rw) != 0 { return IMG_LoadPNG_RW(rw) }
        if IMG_isJPG(rw) != 0 { return IMG_LoadJPG_RW(rw) }
        if IMG_isBMP(rw) != 0 { return IMG_LoadBMP_RW(rw) }
        if IMG_isPNM(rw) != 0 { return IMG_LoadPNM_RW(rw) }
        if IMG_isWEBP(rw) != 0 { return IMG_LoadWEBP_RW(rw) }
        if IMG_isTIF(rw) != 0 { return IMG_LoadTIF_RW(rw) }
        if PathName.pathExtension(path).lowercased() == "tga" { return IMG_LoadTGA_RW(rw) }
        _ = cvd_SDL_SetError(
            "it is not \(readableFormats); save it as PNG or JPEG (e.g. with GIMP, or ImageMagick: convert IN OUT.png)")
        return nil
    }

    /// SDL's last error text (wraps `SDL_GetError`).
    static func lastError() -> String {
        guard let e = SDL_GetError() else { return "" }
        return String(cString: e)
    }
}
