import CVDSources
import Foundation

/// The live view's and the pipeline's lines on stdout, one per event, flushed at once
/// (stdout is a pipe in tests and scripts): `cvdcam: …`, `cvdcam benchmark: …`.
struct TerminalReporter: Reporter {
    func status(_ line: String) { emit("cvdcam: " + line) }
    func figures(_ kind: String, _ line: String) { emit("cvdcam \(kind): " + line) }

    private func emit(_ line: String) {
        print(line)
        fflush(nil)
    }
}
