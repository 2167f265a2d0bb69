/// The colour of a small neighbourhood of a frame, for probes: each pixel decoded as a
/// viewer would (R′G′B′ straight from RGB formats; Y′CbCr through the frame's encoding,
/// clipped to the cube), averaged in linear light (so camera noise averages out the way
/// light does), encoded back to 8-bit sRGB.
public enum FrameSampler {
    /// The average over the (2·radius+1)² pixels around (x, y), clipped to the frame.
    /// nil when the layout does not fit the buffer or (x, y) lies outside the frame.
    public static func average(
        _ bytes: UnsafeRawBufferPointer, _ layout: FrameLayout, ycbcr: YCbCrEncoding,
        x: Int, y: Int, radius: Int = 2
    ) -> RGB8? {
        guard (try? layout.validate()) != nil, bytes.count >= layout.minimumByteCount,
            (0..<layout.width).contains(x), (0..<layout.height).contains(y)
        else { return nil }
        var sum = (0.0, 0.0, 0.0)
        var n = 0.0
        for yy in max(0, y - radius)...min(layout.height - 1, y + radius) {
            for xx in max(0, x - radius)...min(layout.width - 1, x + radius) {
                let c = pixel(bytes, layout, ycbcr, xx, yy)
                sum = (sum.0 + SRGB.decode(c.0 / 255), sum.1 + SRGB.decode(c.1 / 255), sum.2 + SRGB.decode(c.2 / 255))
                n += 1
            }
        }
        return RGB8(SRGB.level(sum.0 / n), SRGB.level(sum.1 / n), SRGB.level(sum.2 / n))
    }

    /// One pixel's R′G′B′ in 0…255 (clipped). The layout was validated against the buffer,
    /// so every offset read here lies inside it.
    static func pixel(
        _ bytes: UnsafeRawBufferPointer, _ layout: FrameLayout, _ ycbcr: YCbCrEncoding,
        _ x: Int, _ y: Int
    ) -> (Double, Double, Double) {
        let row = y * layout.bytesPerRow
        func clip(_ v: Double) -> Double { min(max(v, 0), 255) }
        if layout.format.isPlanar {
            let g = layout.planes
            let c = (y / layout.format.rowsPerChromaRow) * g.chromaStride + x / 2
            let v = ycbcr.rgb(y: bytes[row + x], cb: bytes[g.cbOffset + c], cr: bytes[g.crOffset + c])
            return (clip(v.0), clip(v.1), clip(v.2))
        }
        if let o = layout.format.rgbOffsets {
            let i = row + x * layout.format.bytesPerPixel
            return (Double(bytes[i + o.r]), Double(bytes[i + o.g]), Double(bytes[i + o.b]))
        }
        let o = layout.format.ycbcrOffsets!
        let pair = row + (x & ~1) * 2
        let luma = bytes[pair + (x & 1 == 0 ? o.y0 : o.y1)]
        let c = ycbcr.rgb(y: luma, cb: bytes[pair + o.cb], cr: bytes[pair + o.cr])
        return (clip(c.0), clip(c.1), clip(c.2))
    }
}
