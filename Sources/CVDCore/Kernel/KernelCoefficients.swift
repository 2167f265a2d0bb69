import CVDKernelInterface

extension YCbCrCoefficients {
    /// `YCbCrEncoding.coefficients` arranged to give R′G′B′ levels (0…255) straight from
    /// the bytes: the luma offset and the chroma midpoint 128 folded into one constant per
    /// channel (two or three multiply-adds per channel, no subtractions).
    init(_ e: YCbCrEncoding) {
        let c = e.coefficients
        let scale = c.yScale
        let offset = -c.yOffset * scale
        let r = c.crToR
        let gb = c.cbToG
        let gr = c.crToG
        let b = c.cbToB
        self.init(
            yScale: Float(scale), rOffset: Float(offset - 128 * r), gOffset: Float(offset + 128 * (gb + gr)),
            bOffset: Float(offset - 128 * b), crToR: Float(r), cbToG: Float(gb), crToG: Float(gr), cbToB: Float(b))
    }
}

extension EncoderCoefficients {
    /// The forward matrix of an encoding in 8-bit units (see `EncoderCoefficients`). Chroma
    /// is linear in R′G′B′, so the chroma of a pair's mean colour is the mean of the two
    /// chroma values.
    init(_ e: YCbCrEncoding) {
        let kr = e.matrix.kr
        let kb = e.matrix.kb
        let kg = 1 - kr - kb
        let limited = e.range == .limited
        let ys = (limited ? 219.0 : 255.0) / 255
        let cs = (limited ? 224.0 : 255.0) / 255
        // Cb = cs·(B′ − Y′)/(2(1 − kb)), Cr = cs·(R′ − Y′)/(2(1 − kr)); halved for the pair sum.
        let pb = cs / (2 * (1 - kb)) / 2
        let pr = cs / (2 * (1 - kr)) / 2
        self.init(
            yOffset: limited ? 16 : 0, yR: Float(kr * ys), yG: Float(kg * ys), yB: Float(kb * ys),
            cbR: Float(-kr * pb), cbG: Float(-kg * pb), cbB: Float((1 - kb) * pb),
            crR: Float((1 - kr) * pr), crG: Float(-kg * pr), crB: Float(-kb * pr))
    }
}

extension PixelFormat {
    /// The same layout as the kernel modules name it.
    var kernelFormat: KernelFormat {
        switch self {
        case .rgb24: .rgb24
        case .bgr24: .bgr24
        case .rgba: .rgba
        case .bgra: .bgra
        case .argb: .argb
        case .yuyv: .yuyv
        case .uyvy: .uyvy
        // Planar frames go through `YCbCrPlanes` (`FrameKernel`, `ConfusionMap`), never a `KernelJob`.
        case .i422, .i420: preconditionFailure("planar frames are read through YCbCrPlanes")
        }
    }
}

extension KernelJob {
    /// A band of rows of a frame whose layouts the caller has validated against its buffers.
    init(
        _ source: UnsafeRawPointer, _ sl: FrameLayout, _ destination: UnsafeMutableRawPointer?, _ dl: FrameLayout,
        rows: Range<Int>
    ) {
        self.init(
            source: source, sl.format.kernelFormat, bytesPerRow: sl.bytesPerRow,
            destination: destination, dl.format.kernelFormat, bytesPerRow: dl.bytesPerRow,
            width: sl.width, rows: rows)
    }
}
