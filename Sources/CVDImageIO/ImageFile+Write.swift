import CSDL2
import CSDL2Image
import CVDCore
import CVDSystem
import Glibc

extension ImageFile {
    /// Writes a picture; the format follows the extension (`.png`, `.jpg`, `.jpeg`).
    ///
    /// Encoded in memory first (`cvd_img_encode`: SDL2_image's own file writing loses a write
    /// error), then written by `SafeFile`: whole or not at all, every step checked, the old
    /// file kept on any failure, its permissions kept, a symbolic link written through.
    public static func write(_ image: RGBAImage, to path: String, jpegQuality: Int = 92) throws(ImageFileError) {
        guard let format = OutputFormat(path: path) else { throw .unsupportedOutput(path) }
        let bytes = try encode(image, format, jpegQuality: jpegQuality, path)
        do throws(SafeFile.WriteError) {
            try SafeFile.write(bytes, to: path)
        } catch {
            throw .unwritable(path, error.reason + "; " + error.outcome)
        }
    }

    /// The picture as the bytes of the file `path` names (`.png`, `.jpg`, `.jpeg`): what
    /// `write` writes, for a writer of its own (`SafeFile.Batch`).
    public static func encoded(_ image: RGBAImage, for path: String, jpegQuality: Int = 92) throws(ImageFileError)
        -> [UInt8]
    {
        guard let format = OutputFormat(path: path) else { throw .unsupportedOutput(path) }
        return try encode(image, format, jpegQuality: jpegQuality, path)
    }

    /// Writes a picture, as `write`, under the first of `names(0)`, `names(1)`, … that no
    /// file has, even with other processes saving at the same moment (`SafeFile.create`);
    /// returns the name written. `mode`: its permissions, less the umask.
    public static func create(
        _ image: RGBAImage, mode: mode_t = 0o666, jpegQuality: Int = 92, names: (Int) -> String
    ) throws(ImageFileError) -> String {
        let first = names(0)
        guard let format = OutputFormat(path: first) else { throw .unsupportedOutput(first) }
        let bytes = try encode(image, format, jpegQuality: jpegQuality, first)
        do throws(SafeFile.WriteError) {
            return try SafeFile.create(bytes, mode: mode, names: names)
        } catch {
            throw .unwritable(error.path, error.reason + "; " + error.outcome)
        }
    }

    /// The picture as PNG or JPEG bytes (wraps `IMG_SavePNG_RW` / `IMG_SaveJPG_RW` on a
    /// memory stream).
    static func encode(
        _ image: RGBAImage, _ format: OutputFormat, jpegQuality: Int, _ path: String
    ) throws(ImageFileError) -> [UInt8] {
        var pixels = image.pixels
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status: Int32 = pixels.withUnsafeMutableBytes { buf in
            // The surface borrows `buf` for the duration of this closure only.
            guard
                let s = SDL_CreateRGBSurfaceWithFormatFrom(
                    buf.baseAddress, Int32(image.width), Int32(image.height), 32, Int32(image.width * 4),
                    SDL_PIXELFORMAT_ABGR8888.rawValue)
            else { return -1 }
            defer { SDL_FreeSurface(s) }
            return cvd_img_encode(s, format == .png ? -1 : Int32(jpegQuality), &out, &length)
        }
        guard status == 0, let data = out else {
            let why = lastError()
            throw .unwritable(path, (why.isEmpty ? "the picture could not be encoded" : why) + "; nothing was written")
        }
        defer { free(data) }
        return Array(UnsafeBufferPointer(start: data, count: length))
    }
}
