import CVDCore
import CVDSources
import CVDViewModel

/// What the view last told its source and heard from it: the request handed over
/// (`SourceRequest`: reduction, planes, pause), the source's status, and the size its frames
/// come at. Each says whether it changed, so the view acts (and prints) only then.
struct SourceLink {
    /// The request last handed to the source.
    private(set) var request = SourceRequest()
    /// The source's status as last seen.
    private(set) var status = SourceStatus.running
    /// The size frames last came at.
    private(set) var decodedSize: FrameSize?
    /// The reduction the view can take (`DecodeScale`), kept while what it depends on is the same.
    var reduction = DecodeScale.Memo()

    /// Whether `wanted` differs from the request last handed over (it is the one from now).
    mutating func ask(_ wanted: SourceRequest) -> Bool {
        guard wanted != request else { return false }
        request = wanted
        return true
    }

    /// Whether the source's status changed.
    mutating func hear(_ now: SourceStatus) -> Bool {
        guard now != status else { return false }
        status = now
        return true
    }

    /// A frame of `size` came from a source whose pictures are `full`: when the size changed
    /// because of the reduction, the line that says so (`picture decoded at 1920x1080, ½ of
    /// 3840x2160: it is shown no larger`); back at full size, said unless it always was.
    mutating func decoded(_ size: FrameSize, full: FrameSize) -> String? {
        guard size != decodedSize else { return nil }
        let first = decodedSize == nil
        decodedSize = size
        if size == full { return first ? nil : "picture decoded at its full size, \(full)" }
        guard size.width < full.width else { return nil }
        let fraction = [2: "½", 4: "¼", 8: "⅛"][(full.width + size.width / 2) / size.width] ?? "part"
        return "picture decoded at \(size), \(fraction) of \(full): it is shown no larger"
    }
}
