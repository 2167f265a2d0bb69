import CVDViewModel
import Testing

@Suite struct SourceLineTests {
    @Test func namesTheSource() {
        #expect(
            SourceLine.text(source: "vivid (/dev/video0)", status: .running, hasFrame: true)
                == "Source: vivid (/dev/video0)")
        #expect(
            SourceLine.text(source: "built-in test scene", status: .running, hasFrame: false)
                == "Source: built-in test scene — waiting for the first frame")
    }

    /// Camera lost mid-demo: the last picture stays (hasFrame) and the line says so.
    @Test func saysTheCameraIsGoneAndWaits() {
        #expect(
            SourceLine.text(source: "cam", status: .disconnected("/dev/video0"), hasFrame: true)
                == "camera disconnected — waiting (/dev/video0)")
    }

    /// Busy at start: the capture module's message over the test scene.
    @Test func showsWhyTheCameraIsNotUsed() {
        let why =
            "/dev/video0: the camera is busy — another program is using it; close that program and try again — showing the built-in test scene"
        #expect(SourceLine.text(source: "built-in test scene", status: .failed(why), hasFrame: true) == why)
    }

    /// A notice (the source runs: the desktop's dialog awaited) is the line, as a failure is.
    @Test func showsANotice() {
        let waiting = "waiting for the desktop's screen-sharing dialog: choose the monitor to show there"
        #expect(SourceLine.text(source: "screen (desktop portal)", status: .notice(waiting), hasFrame: true) == waiting)
        #expect(
            SourceLine.text(source: "screen (desktop portal)", status: .notice(waiting), hasFrame: false)
                == waiting + " — waiting for the first frame")
    }

    @Test func transientMessagesWin() {
        #expect(
            SourceLine.text(source: "cam", status: .disconnected("x"), hasFrame: true, message: "saved a.png")
                == "saved a.png")
    }
}

@Suite struct SourceLineWrapTests {
    @Test func shortLinesStayWhole() {
        #expect(SourceLine.wrap("Source: vivid (/dev/video0)", maxChars: 60) == ["Source: vivid (/dev/video0)"])
    }

    @Test func longMessagesBreakAtClausesThenWords() {
        let msg =
            "/dev/video0: the camera is busy — another program is using it; close that program and try again — showing the built-in test scene"
        let lines = SourceLine.wrap(msg, maxChars: 50)
        #expect(lines.allSatisfy { $0.count <= 50 }, "\(lines)")
        #expect(lines.joined(separator: " ") == msg)
        #expect(lines.first == "/dev/video0: the camera is busy —")
        #expect(lines.count >= 3)
    }

    @Test func aSingleLongWordIsKept() {
        #expect(SourceLine.wrap("x" + String(repeating: "y", count: 80), maxChars: 20).count == 1)
    }
}
