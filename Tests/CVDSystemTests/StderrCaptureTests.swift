import Foundation
import Testing

@testable import CVDSystem

/// StderrCapture swaps file descriptor 2 for the whole process, so cvdcam's own stderr
/// lines go through the same lock: they never land in a capture running on another thread.
// Serialized: the captures here briefly redirect stderr, where the test library writes.
@Suite(.serialized) struct StderrCaptureTests {
    static func printToFD2(_ s: String) { _ = s.withCString { Foundation.write(2, $0, strlen($0)) } }

    @Test func aCaptureGetsWhatTheCallPrinted() {
        let (value, text) = StderrCapture.run { () -> Int in
            Self.printToFD2("libpng error: IDAT: CRC error\n")
            return 7
        }
        #expect(value == 7)
        #expect(text == "libpng error: IDAT: CRC error")
    }

    /// One thread captures again and again while another writes cvdcam lines: every
    /// capture holds exactly what its own call printed.
    @Test func ownLinesNeverLandInACaptureOnAnotherThread() async {
        let writer = Thread {
            for i in 0..<20 {
                StderrCapture.write("(StderrCaptureTests: cvdcam line \(i) written while captures run)\n")
                usleep(500)
            }
        }
        writer.start()
        var foreign = 0
        for _ in 0..<400 {
            let (_, text) = StderrCapture.run { Self.printToFD2("inside\n") }
            if text != "inside" { foreign += 1 }
        }
        while !writer.isFinished { usleep(1000) }
        #expect(foreign == 0, "\(foreign) captures held another thread's line")
    }

    /// A library printing more than a pipe holds does not block the call for ever.
    @Test func aFloodDoesNotBlock() {
        let line = String(repeating: "x", count: 1023) + "\n"
        let (_, text) = StderrCapture.run { for _ in 0..<200 { Self.printToFD2(line) } }
        #expect(text.count >= 60_000 && text.count <= 200 * 1024, "\(text.count) characters captured")
    }
}
