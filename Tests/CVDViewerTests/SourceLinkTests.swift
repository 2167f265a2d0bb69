import CVDCore
import CVDSources
import Testing

@testable import CVDViewer

/// What the view tells its source and hears back (`SourceLink`): a request handed over only
/// when it changes, a status change noticed once, and the decoded size's line said when the
/// reduction changes it — not for a camera that always sends its full size.
@Suite struct SourceLinkTests {
    @Test func aRequestIsHandedOverWhenItChanges() {
        var link = SourceLink()
        let same = link.ask(SourceRequest())
        #expect(!same, "the source starts with the plain request")
        let halved = SourceRequest(reduction: 2, planar: false, paused: false)
        let first = link.ask(halved)
        let again = link.ask(halved)
        #expect(first && !again && link.request == halved)
    }

    @Test func aStatusChangeIsHeardOnce() {
        var link = SourceLink()
        let running = link.hear(.running)
        #expect(!running)
        let other = SourceStatus.disconnected("unplugged")
        let changed = link.hear(other)
        let again = link.hear(other)
        #expect(changed && !again && link.status == other)
    }

    @Test func theDecodedSizeIsSaidWhenTheReductionChangesIt() {
        var link = SourceLink()
        let full = FrameSize(3840, 2160)
        let lines = [full, full, FrameSize(1920, 1080), FrameSize(960, 540), full].map { link.decoded($0, full: full) }
        #expect(
            lines == [
                nil, nil, "picture decoded at 1920x1080, ½ of 3840x2160: it is shown no larger",
                "picture decoded at 960x540, ¼ of 3840x2160: it is shown no larger",
                "picture decoded at its full size, 3840x2160",
            ], "full size from the start says nothing; each change by the reduction is said")

        var reduced = SourceLink()
        let first = reduced.decoded(FrameSize(480, 270), full: full)
        #expect(first?.contains("⅛ of") == true, "reduced from the first frame")
    }
}
