import CVDCapture
import CVDSources

/// What every command does about a camera error — the live view, `relay` and `snapshot`:
/// decided here, and only here.
public enum CameraErrorPolicy {
    public enum Action: Equatable, Sendable {
        /// No camera at all: the test scene, as if asked for.
        case showTestScene
        /// The camera is there but another program holds it, or access is not granted
        /// yet: the test scene with the reason, and the camera as soon as it opens
        /// (`snapshot`, which cannot wait for a person, fails).
        case waitForCamera
        /// The stream failed — a request refused (`VIDIOC_REQBUFS`, `VIDIOC_QBUF`,
        /// `VIDIOC_STREAMON`), a fatal streaming error, no frame in time, an unplug:
        /// restart it, after the delays of `restartDelays`; give up (say so and fail, or
        /// wait as above) only when it still fails after them.
        case restartStream
        /// A wrong --device, --format, --size or --control: the user must fix it.
        case fail
    }

    /// When the camera cannot be opened at start.
    public static func atStart(_ error: CaptureError) -> Action {
        switch error {
        case .noCamera: .showTestScene
        case .busy, .permissionDenied: .waitForCamera
        case .disconnected, .timeout, .system: .restartStream
        case .noSuchDevice, .notCaptureDevice, .unsupportedFormat, .badControl: .fail
        }
    }

    /// When a camera that was streaming fails, or cannot be opened again after that:
    /// always restart — an unplugged camera's node is missing (`noSuchDevice`) until it
    /// is back, a busy one may be free again.
    public static func afterLoss(_ error: CaptureError) -> Action { .restartStream }

    /// Seconds to wait before each restart of a failed stream, in turn (about 4 s in
    /// all): a driver's passing refusal is over by the first, an unplugged camera that
    /// re-enumerates by the last. Commands that need frames now (`snapshot`) give up after
    /// the last; the live view and `relay` go on trying every `waitingInterval`.
    public static let restartDelays: [Double] = [0.1, 0.25, 0.5, 1, 1, 1]

    /// Seconds between attempts once `restartDelays` are spent (live view, relay).
    public static let waitingInterval = 1.0

    /// The wait before restart number `attempt` (1, 2, …).
    public static func restartDelay(attempt: Int) -> Double {
        attempt <= restartDelays.count ? restartDelays[max(0, attempt - 1)] : waitingInterval
    }

    /// Until when a view that cannot use its camera at start shows the test scene:
    /// "until the camera is free" is said only of a camera another program holds.
    public static func until(_ error: CaptureError) -> String {
        switch error {
        case .busy: "until the camera is free"
        case .permissionDenied: "until access to the camera is granted"
        default: "while retrying the camera"
        }
    }

    /// What the view says when that camera opens after all.
    public static func opened(after error: CaptureError) -> String {
        switch error {
        case .noCamera: "camera plugged in"
        case .busy: "the camera is free now"
        case .permissionDenied: "access to the camera is granted now"
        default: "the camera works now"
        }
    }
}
