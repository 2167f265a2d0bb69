import CVDCore
import CVDSystem

/// How a picture's stored pixels must be turned to be seen upright: EXIF's Orientation tag
/// (0x0112, in a TIFF file's own directory too), which phones and cameras write instead of
/// turning the pixels. Each case is named by the turn that puts it right, as ImageMagick's
/// `-auto-orient` does it (the tag's values 1–8 in the order of the EXIF standard, CIPA
/// DC-008, table "Orientation"); anything else counts as 1.
public enum Orientation: Int, Sendable, CaseIterable {
    case upright = 1
    case flipLeftRight = 2
    case rotate180 = 3
    case flipTopBottom = 4
    /// Mirrored along the diagonal from the top left.
    case transpose = 5
    /// Turned a quarter clockwise.
    case rotate90 = 6
    /// Mirrored along the diagonal from the top right.
    case transverse = 7
    /// Turned a quarter anticlockwise.
    case rotate270 = 8

    /// The tag's value, or upright for 0 and values past 8 (missing or meaningless).
    init(exif value: Int?) { self = value.flatMap(Orientation.init(rawValue:)) ?? .upright }

    /// Whether the turn swaps width and height.
    var swapsSides: Bool { rawValue >= 5 }

    /// Where the pixel at (x, y) of a `width`×`height` picture goes: its index in the turned
    /// picture is `origin + x·stepX + y·stepY` (each turn is such an affine map of indices).
    private func indexMap(width w: Int, height h: Int) -> (origin: Int, stepX: Int, stepY: Int) {
        switch self {
        case .upright: (0, 1, w)
        case .flipLeftRight: (w - 1, -1, w)
        case .rotate180: ((h - 1) * w + w - 1, -1, -w)
        case .flipTopBottom: ((h - 1) * w, 1, -w)
        case .transpose: (0, h, 1)
        case .rotate90: (h - 1, h, -1)
        case .transverse: ((w - 1) * h + h - 1, -h, -1)
        case .rotate270: ((w - 1) * h, -h, 1)
        }
    }

    /// Where the rectangle `r` of a `pictureWidth`×`pictureHeight` picture is once the
    /// picture is turned (a damaged file's missing part).
    func turned(_ r: PixelRect, pictureWidth pw: Int, pictureHeight ph: Int) -> PixelRect {
        let (x, y, width, height) = (r.x, r.y, r.width, r.height)
        guard width > 0, height > 0 else { return r }
        let outWidth = swapsSides ? ph : pw
        let m = indexMap(width: pw, height: ph)
        // The turned rectangle is spanned by its two opposite corners' new places.
        let a = m.origin + x * m.stepX + y * m.stepY
        let b = m.origin + (x + width - 1) * m.stepX + (y + height - 1) * m.stepY
        let (ax, ay, bx, by) = (a % outWidth, a / outWidth, b % outWidth, b / outWidth)
        return PixelRect(x: min(ax, bx), y: min(ay, by), width: abs(bx - ax) + 1, height: abs(by - ay) + 1)
    }

    /// The picture turned upright: a new buffer (tried first: no memory is nil, never an
    /// abort), filled in tiles of 64×64 pixels so that both pictures' rows stay in the
    /// cache while a quarter turn reads along rows and writes down columns.
    func applied(to image: RGBAImage) -> RGBAImage? {
        guard self != .upright, image.width > 0, image.height > 0 else { return image }
        let (w, h) = (image.width, image.height)
        guard var out = try? FileBytes.zeros(w * h * 4) else { return nil }
        let m = indexMap(width: w, height: h)
        let tile = 64
        image.pixels.withUnsafeBytes { source in
            out.withUnsafeMutableBytes { destination in
                // Both buffers hold w·h pixels of 4 bytes and every index the map gives for
                // 0 ≤ x < w, 0 ≤ y < h is in 0..<w·h (checked for all eight turns by the tests),
                // so each load and store is in range; unaligned access is allowed for both.
                for ty in stride(from: 0, to: h, by: tile) {
                    for tx in stride(from: 0, to: w, by: tile) {
                        for y in ty..<min(ty + tile, h) {
                            var d = m.origin + tx * m.stepX + y * m.stepY
                            for x in tx..<min(tx + tile, w) {
                                let pixel = source.loadUnaligned(fromByteOffset: (y * w + x) * 4, as: UInt32.self)
                                destination.storeBytes(of: pixel, toByteOffset: d * 4, as: UInt32.self)
                                d += m.stepX
                            }
                        }
                    }
                }
            }
        }
        return swapsSides ? RGBAImage(width: h, height: w, pixels: out) : RGBAImage(width: w, height: h, pixels: out)
    }

    /// What is still to do after libtiff, which SDL2_image's TIFF loader asks for the picture
    /// "top left first" (`TIFFReadRGBAImageOriented`, ORIENTATION_TOPLEFT): libtiff flips but
    /// never transposes (tif_getimage.c, `setorientation`), so values 2–4 arrive upright, 5 and
    /// 7 need a transpose, 6 and 8 a transverse (measured for all eight against ImageMagick's
    /// `-auto-orient`: ImageFileOrientationTests).
    var afterLibTIFF: Orientation {
        switch self {
        case .upright, .flipLeftRight, .rotate180, .flipTopBottom: .upright
        case .transpose, .transverse: .transpose
        case .rotate90, .rotate270: .transverse
        }
    }
}
