extension RGBAImage {
    /// The picture as it looks printed or shown on white paper: each pixel's colour blended
    /// with white by its alpha (8-bit sRGB, as viewers and browsers show a transparent PNG on
    /// a white page), every alpha 255. A picture with no transparency is returned as it is.
    /// What a transparent area hides is never judged as a colour (`cvdcam check`).
    public func onWhitePaper() -> RGBAImage {
        var out = self
        var opaque = true
        for i in stride(from: 3, to: pixels.count, by: 4) where pixels[i] != 255 {
            opaque = false
            let a = Int(pixels[i])
            for c in (i - 3)..<i {
                out.pixels[c] = UInt8((Int(pixels[c]) * a + 255 * (255 - a) + 127) / 255)
            }
            out.pixels[i] = 255
        }
        return opaque ? self : out
    }
}
