import CVDCheck
import CVDCore
import CVDImageIO

extension ImageFile.Loaded {
    /// What the check cannot judge: the part that holds nothing from the file.
    var unjudged: [PixelRect] {
        missing.map { [PixelRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height)] } ?? []
    }
}
