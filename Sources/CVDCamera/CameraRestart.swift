import CVDCapture
import CVDSources
import FoundationEssentials
import Glibc

/// Opening a camera as `CameraErrorPolicy` says, the same for every command: after an
/// error the policy restarts on, the camera is opened again after each of
/// `restartDelays` in turn, and a recovery is said in one line; other errors, and the
/// last one when the delays are spent, are thrown.
public struct CameraRestart: Sendable {
    public let options: CameraOptions
    private let reporter: any Reporter
    /// Restarts since the last good frame: the position in the back-off.
    public private(set) var inARow = 0

    public init(_ options: CameraOptions, reporter: any Reporter) {
        self.options = options
        self.reporter = reporter
    }

    /// Opens the camera; `fault` is what stopped the stream that was running (nil at
    /// start: then `CameraErrorPolicy.atStart` decides, else `afterLoss`).
    public mutating func open(after fault: CaptureError? = nil) throws(CaptureError) -> Camera {
        var first = fault
        var last = fault
        while true {
            if let e = last {
                let action = fault == nil ? CameraErrorPolicy.atStart(e) : CameraErrorPolicy.afterLoss(e)
                inARow += 1
                guard action == .restartStream, inARow <= CameraErrorPolicy.restartDelays.count else {
                    throw Self.reason(last: e, fault: fault)
                }
                usleep(UInt32(CameraErrorPolicy.restartDelay(attempt: inARow) * 1e6))
            }
            do throws(CaptureError) {
                let cam = try Camera(options)
                if let f = first { reporter.status("\(f.fault) — restarted the stream") }
                return cam
            } catch {
                if first == nil { first = error }
                last = error
            }
        }
    }

    /// A frame came: the next fault starts the back-off from its beginning.
    public mutating func delivered() { inARow = 0 }

    /// What to say when the camera stays unusable: the fault, unless the last attempt
    /// says more (a camera now busy); an unplugged camera's node is simply missing.
    static func reason(last: CaptureError, fault: CaptureError?) -> CaptureError {
        if let fault, case .noSuchDevice = last { return fault }
        return last
    }
}
