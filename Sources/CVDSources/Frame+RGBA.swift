import CVDCore

extension Frame {
    /// The frame as an RGBA picture at its size, not simulated: any format (packed, 4:2:2,
    /// planar) decoded by the identity kernel, with its Y′CbCr encoding.
    public var rgba: RGBAImage {
        var rgba = RGBAImage(width: layout.width, height: layout.height, fill: RGB8(0, 0, 0))
        let out = rgba.layout
        rgba.pixels.withUnsafeMutableBytes { d in
            bytes.withUnsafeBytes { s in
                // Same size both sides: the identity kernel cannot fail.
                try? FrameKernel(.identity).apply(
                    source: s, sourceLayout: layout, destination: d, destinationLayout: out, ycbcr: ycbcr,
                    strategy: .compute)
            }
        }
        return rgba
    }
}
