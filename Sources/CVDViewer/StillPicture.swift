import CVDCore
import CVDSources

/// The still (`g`, `--still FILE`) that the still | live layout shows beside the live
/// picture: the picture as grabbed or read, and the frame it is made into at the live
/// picture's size (letterboxed, centred), made again whenever that size changes (a zoom
/// changes an MJPEG camera's decode size, `n` another camera's).
struct StillPicture {
    /// The still as grabbed or read (what Shift+G saves as the camera gave it).
    private(set) var picture: RGBAImage?
    /// The still at the live picture's size; nil until a live frame gave that size.
    private(set) var frame: Frame?

    init(picture: RGBAImage? = nil) { self.picture = picture }

    /// `g`: the live frame shown now becomes the still (nil: there is none yet).
    mutating func grab(_ live: Frame?) {
        picture = live?.rgba
        frame = live
    }

    /// A live frame of `size` came: the still made at that size if it was not; whether it was made.
    mutating func fit(to size: FrameSize) -> Bool {
        guard let picture, frame.map({ $0.size != size }) ?? true else { return false }
        frame = Self.letterboxed(picture, size: size)
        return true
    }

    /// `image` fitted whole into a black frame of `size`, centred, each pixel the nearest.
    static func letterboxed(_ image: RGBAImage, size: FrameSize) -> Frame {
        var out = RGBAImage(width: size.width, height: size.height, fill: RGB8(0, 0, 0))
        let scale = min(Double(size.width) / Double(image.width), Double(size.height) / Double(image.height))
        let w = max(1, Int(Double(image.width) * scale))
        let h = max(1, Int(Double(image.height) * scale))
        let x0 = (size.width - w) / 2
        let y0 = (size.height - h) / 2
        for y in 0..<h {
            let sy = min(image.height - 1, Int(Double(y) / scale))
            for x in 0..<w { out[x0 + x, y0 + y] = image[min(image.width - 1, Int(Double(x) / scale)), sy] }
        }
        return Frame(bytes: out.pixels, layout: out.layout, timestamp: 0)
    }
}
