import CVDCore
import CVDSystem

extension ImageFile.Loaded {
    /// The file's embedded colour profile and EXIF orientation applied (`EmbeddedMetadata`):
    /// the colours converted to sRGB (`ColourProfile`), then the picture turned upright
    /// (`Orientation`), a damaged file's missing part with it — before anything else sees
    /// the picture, so that the check's positions, its --marked and --recoloured pictures,
    /// `convert` and the live view all have the picture as it is meant to be seen. A profile
    /// that cannot be used leaves the colours as they are, read as sRGB, and says so
    /// (`colourWarning`); memory for the turned copy that cannot be had is an error.
    mutating func applyEmbedded(_ bytes: [UInt8], _ path: String) throws(ImageFileError) {
        let format = PictureFormat(bytes[...], path: path)
        let embedded = EmbeddedMetadata(bytes, format: format)
        var problem: String?
        switch embedded.profile {
        case .none: break
        case .unreadable(let why): problem = why
        case .bytes(let icc): problem = ColourProfile.convertToSRGB(&image, profile: icc)
        }
        let name = PathName.shown(PathName.lastComponent(path))
        if let problem {
            colourWarning =
                "'\(name)' has a colour profile (ICC) that cannot be used: \(problem); "
                + "its colours are read as sRGB and may be wrong"
        }
        let turn = format == .tiff ? embedded.orientation.afterLibTIFF : embedded.orientation
        guard turn != .upright else { return }
        guard let turned = turn.applied(to: image) else {
            throw .unreadable(
                path,
                "there is not enough memory to turn its \(image.width)×\(image.height) picture upright "
                    + "(a memory limit, ulimit -v?)")
        }
        if let m = missing {
            let part = turn.turned(m, pictureWidth: image.width, pictureHeight: image.height)
            missing = part
            damage = ImageFile.endsEarly(name, part, turned)
        }
        image = turned
    }
}

extension ImageFile {
    /// What a JPEG that ends early is said to be: how much of the picture could be read and
    /// where, as the picture is seen (upright) — the rest, `missing`, is grey.
    static func endsEarly(_ name: String, _ missing: PixelRect, _ image: RGBAImage) -> String {
        let (w, h) = (image.width, image.height)
        guard missing.width < w || missing.height < h else {
            return "'\(name)' is damaged: the JPEG file ends early, before any of its picture could be read; "
                + "it is all grey — copy the file again"
        }
        let read: String
        if missing.width == w {
            read = missing.y > 0 ? "the top \(missing.y) of \(h) rows" : "the bottom \(h - missing.height) of \(h) rows"
        } else {
            read =
                missing.x > 0
                ? "the left \(missing.x) of \(w) columns" : "the right \(w - missing.width) of \(w) columns"
        }
        let share = Int((100 * (1 - Double(missing.width * missing.height) / Double(w * h))).rounded())
        return "'\(name)' is damaged: the JPEG file ends early; \(share) % of the picture "
            + "(\(read)) could be read, the rest is grey — copy the file again"
    }
}
