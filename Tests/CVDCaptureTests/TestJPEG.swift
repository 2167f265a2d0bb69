import CVDCapture
import CVDCore

/// JPEG frames as an MJPEG webcam sends them (quality 95), and flat test pictures.
enum TestJPEG {
    typealias Subsampling = JPEGEncoder.Subsampling

    static func encode(_ rgb: [UInt8], width: Int, height: Int, subsampling: Subsampling = .s422) -> [UInt8] {
        JPEGEncoder.encode(rgb: rgb, width: width, height: height, quality: 95, subsampling: subsampling)
    }

    /// Flat colour blocks (16×16, so JPEG's 8×8/16×16 blocks stay flat) from the test scene's palette.
    static func blocks(width: Int, height: Int, colours: [RGB8]) -> [UInt8] {
        var px = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let c = colours[((y / 16) * ((width + 15) / 16) + x / 16) % colours.count]
                px[(y * width + x) * 3] = c.r
                px[(y * width + x) * 3 + 1] = c.g
                px[(y * width + x) * 3 + 2] = c.b
            }
        }
        return px
    }
}
