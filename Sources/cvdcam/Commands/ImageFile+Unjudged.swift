import CVDCheck
import CVDCore
import CVDImageIO

extension ImageFile.Loaded {
    /// What the check cannot judge: the part that holds nothing from the file.
    var unjudged: [PixelRect] {
        missing.map { [$0] } ?? []
    }
}
