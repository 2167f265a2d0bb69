import CVDCheck
import CVDImageIO

extension ImageFile.Loaded {
    /// What the check cannot judge: the part that holds nothing from the file.
    var unjudged: [ColourRegion.Box] {
        missing.map { [ColourRegion.Box(x: $0.x, y: $0.y, width: $0.width, height: $0.height)] } ?? []
    }
}
