import CVDSources
import CVDSystem
import FoundationEssentials
import Glibc

/// The live view's and the pipeline's lines on stdout, one per event, flushed at once
/// (stdout is a pipe in tests and scripts): `cvdcam: …`, `cvdcam benchmark: …`.
///
/// Lines said while setting up are held until `release()`: the live view releases them
/// once its window is open, so without a display the only line is why there is no window
/// (not "showing the test scene" first).
final class TerminalReporter: Reporter {
    /// Lines waiting for `release()`; nil once released.
    private let held: Locked<[String]?>

    init(holding: Bool = false) { held = Locked(holding ? [] : nil) }

    func status(_ line: String) { emit("cvdcam: " + line) }
    func figures(_ kind: String, _ line: String) { emit("cvdcam \(kind): " + line) }
    /// On stderr, after what stdout holds.
    func failure(_ line: String) {
        release()
        StderrCapture.write("cvdcam: error: \(line)\n")
    }

    /// Prints the held lines and every later one as it comes.
    func release() {
        let lines = held.withLock { h -> [String] in
            defer { h = nil }
            return h ?? []
        }
        for l in lines { write(l) }
    }

    private func emit(_ line: String) {
        let holding = held.withLock { h -> Bool in
            guard h != nil else { return false }
            h!.append(line)
            return true
        }
        if !holding { write(line) }
    }

    private func write(_ line: String) { StandardOutput.line(line) }
}
