/// An owned 8-bit RGBA picture with tightly packed rows (what files load into).
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// R, G, B, A bytes, row by row.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "RGBAImage size mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public init(width: Int, height: Int, fill: RGB8 = RGB8(0, 0, 0)) {
        self.width = width
        self.height = height
        var p = [UInt8](repeating: 255, count: width * height * 4)
        for i in stride(from: 0, to: p.count, by: 4) {
            p[i] = fill.r
            p[i + 1] = fill.g
            p[i + 2] = fill.b
        }
        pixels = p
    }

    public var layout: FrameLayout { FrameLayout(format: .rgba, width: width, height: height) }

    public subscript(x: Int, y: Int) -> RGB8 {
        get {
            let i = (y * width + x) * 4
            return RGB8(pixels[i], pixels[i + 1], pixels[i + 2])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.r
            pixels[i + 1] = newValue.g
            pixels[i + 2] = newValue.b
        }
    }

    /// The picture as the kernel sees it through `simulation`.
    public func simulated(by kernel: FrameKernel) -> RGBAImage {
        var out = self
        // Same layout on both sides; validated by `apply`, which cannot fail for a non-empty image.
        guard width > 0, height > 0 else { return out }
        pixels.withUnsafeBytes { s in
            out.pixels.withUnsafeMutableBytes { d in
                try? kernel.apply(source: s, sourceLayout: layout, destination: d, destinationLayout: layout)
            }
        }
        return out
    }

    /// Packs into 4:2:2 Y′CbCr as a camera would: each pair's chroma is the mean of
    /// its two pixels' chroma (odd widths drop the last column).
    public func ycbcr(_ format: PixelFormat = .yuyv, encoding: YCbCrEncoding = .bt601Limited) -> (
        bytes: [UInt8], layout: FrameLayout
    ) {
        precondition(format.isYCbCr)
        let w = width & ~1
        let l = FrameLayout(format: format, width: w, height: height)
        var out = [UInt8](repeating: 0, count: l.minimumByteCount)
        let o = format.ycbcrOffsets!
        for y in 0..<height {
            for p in 0..<(w / 2) {
                let a = encoding.encode(self[2 * p, y])
                let b = encoding.encode(self[2 * p + 1, y])
                let i = y * l.bytesPerRow + p * 4
                out[i + o.y0] = a.y
                out[i + o.y1] = b.y
                out[i + o.cb] = UInt8((Int(a.cb) + Int(b.cb) + 1) / 2)
                out[i + o.cr] = UInt8((Int(a.cr) + Int(b.cr) + 1) / 2)
            }
        }
        return (out, l)
    }
}
