import CVDSystem
import Dispatch
import Glibc

/// What an interruption (Ctrl+C, a log-out, the terminal closed: SIGINT, SIGTERM, SIGHUP)
/// does to a command that writes files: the temporary files being written are removed, and
/// with them the new files of an unfinished set (`convert --mode all`: `SafeFile.Batch`),
/// the lines already printed are flushed, and the process ends with 128 + the signal, as
/// the shell expects. The signals reach dispatch sources, outside any signal handler.
enum Interruption {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Installs it (once, first thing: before any file is written).
    static func install(_ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) {
        sources = signals.map { sig in
            // Ignored, the signal no longer ends the process at once, and still reaches the source.
            signal(sig, SIG_IGN)
            let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            s.setEventHandler {
                SafeFile.removePending()
                fflush(nil)
                StderrCapture.write(
                    "cvdcam: interrupted (\(String(cString: strsignal(sig)))): nothing half-written is left\n")
                _exit(128 + sig)
            }
            s.resume()
            return s
        }
    }
}
