import CVDCore
import CVDImageIO

/// A picture the tests write and show (`cvdcam --image`): flat rectangles, painted in
/// order, on a background; 1280×720 unless another size is given.
struct TestPicture {
    typealias Rect = (x: Int, y: Int, w: Int, h: Int)
    /// The file's name, as cvdcam's "showing image …" line gives it.
    let name: String
    let image: RGBAImage

    init(_ name: String, background: RGB8, _ rects: [(Rect, RGB8)], size: FrameSize = FrameSize(1280, 720)) {
        var img = RGBAImage(width: size.width, height: size.height, fill: background)
        for (r, c) in rects {
            for y in r.y..<(r.y + r.h) { for x in r.x..<(r.x + r.w) { img[x, y] = c } }
        }
        (self.name, image) = (name, img)
    }

    /// Writes the picture into `dir`; its path.
    func write(in dir: String) throws -> String {
        let path = dir + "/" + name
        try ImageFile.write(image, to: path)
        return path
    }
}

extension XSession {
    /// Writes `picture` into the session's folder and launches cvdcam on it: `--image`, then `args`.
    func launch(_ picture: TestPicture, _ args: [String], wayland: Wayland? = nil) throws {
        try launch(["--image", try picture.write(in: dir)] + args, wayland: wayland)
    }
}
