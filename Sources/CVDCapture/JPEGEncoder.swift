import CTurboJPEG

/// Encodes RGB24 pictures as JPEG with TurboJPEG (`tjCompress2`), the way an MJPEG webcam
/// compresses its frames: for benchmarks and tests of the MJPEG path without a camera.
public enum JPEGEncoder {
    public enum Subsampling: Sendable { case s422, s420, s444 }

    public static func encode(
        rgb: [UInt8], width: Int, height: Int, quality: Int = 85,
        subsampling: Subsampling = .s422
    ) -> [UInt8] {
        precondition(rgb.count >= width * height * 3, "RGB24 buffer too small")
        // tjInitCompress fails only when out of memory.
        guard let h = tjInitCompress() else { fatalError("TurboJPEG: out of memory") }
        defer { tjDestroy(h) }
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let sub =
            switch subsampling {
            case .s422: TJSAMP_422.rawValue
            case .s420: TJSAMP_420.rawValue
            case .s444: TJSAMP_444.rawValue
            }
        let rc = rgb.withUnsafeBufferPointer { p in
            tjCompress2(
                h, p.baseAddress, Int32(width), Int32(width * 3), Int32(height), Int32(TJPF_RGB.rawValue),
                &out, &size, Int32(sub), Int32(quality), 0)
        }
        // Valid sizes and a valid buffer cannot fail to encode.
        precondition(rc == 0, String(cString: tjGetErrorStr2(h)))
        defer { tjFree(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }
}
