import CTurboJPEG
import CVDCore

/// Makes JPEG frames as an MJPEG webcam would, with TurboJPEG's encoder.
enum TestJPEG {
    enum Subsampling { case s422, s420, s444 }

    /// Encodes RGB24 pixels; quality 95.
    static func encode(_ rgb: [UInt8], width: Int, height: Int, subsampling: Subsampling = .s422) -> [UInt8] {
        let h = tjInitCompress()!
        defer { tjDestroy(h) }
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let sub: Int32 = switch subsampling {
        case .s422: Int32(TJSAMP_422.rawValue)
        case .s420: Int32(TJSAMP_420.rawValue)
        case .s444: Int32(TJSAMP_444.rawValue)
        }
        let rc = rgb.withUnsafeBufferPointer { p in
            tjCompress2(h, p.baseAddress, Int32(width), Int32(width * 3), Int32(height), Int32(TJPF_RGB.rawValue),
                        &out, &size, sub, 95, 0)
        }
        precondition(rc == 0, String(cString: tjGetErrorStr2(h)))
        defer { tjFree(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    /// Flat colour blocks (16×16, so JPEG's 8×8/16×16 blocks stay flat) from the test scene's palette.
    static func blocks(width: Int, height: Int, colours: [RGB8]) -> [UInt8] {
        var px = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let c = colours[((y / 16) * ((width + 15) / 16) + x / 16) % colours.count]
                px[(y * width + x) * 3] = c.r; px[(y * width + x) * 3 + 1] = c.g; px[(y * width + x) * 3 + 2] = c.b
            }
        }
        return px
    }
}
