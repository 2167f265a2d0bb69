/// A 64³ table as the picture OBS's "Apply LUT" filter reads (a .png it loads as a
/// 64×64×64 volume; plugins/obs-filters/color-grade-filter.c, `make_clut_texture_png`):
/// 512×512 pixels, eight by eight tiles of 64×64; tile z (blue index) sits at column
/// z mod 8, row z div 8; inside a tile x is the red index and y the green index. Values
/// are 8-bit sRGB (OBS samples the picture as an sRGB texture).
public enum LUTStrip {
    public static let size = 64
    static let tilesPerRow = 8

    public static func image(_ lut: ColourLUT) -> RGBAImage {
        precondition(lut.size == size, "OBS's picture LUTs are 64³")
        let side = size * tilesPerRow
        var img = RGBAImage(width: side, height: side)
        for b in 0..<size {
            let ox = (b % tilesPerRow) * size
            let oy = (b / tilesPerRow) * size
            for g in 0..<size {
                for r in 0..<size {
                    let v = lut[r, g, b]
                    img[ox + r, oy + g] = RGB8(
                        UInt8(SRGB.quantize(v.0)), UInt8(SRGB.quantize(v.1)), UInt8(SRGB.quantize(v.2)))
                }
            }
        }
        return img
    }

    /// The node (r, g, b) of a strip picture.
    public static func node(_ img: RGBAImage, r: Int, g: Int, b: Int) -> RGB8 {
        img[(b % tilesPerRow) * size + r, (b / tilesPerRow) * size + g]
    }
}
