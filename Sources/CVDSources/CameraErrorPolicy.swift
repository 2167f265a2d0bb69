import CVDCapture

/// What the live view does about a camera error: decided here, and only here.
public enum CameraErrorPolicy {
    public enum Action: Equatable, Sendable {
        /// No camera at all: the test scene, as if asked for.
        case showTestScene
        /// The camera is there but cannot be used now (busy, no permission yet, gone for a
        /// moment): the test scene with the reason, and the camera as soon as it opens.
        case waitForCamera
        /// A wrong --device, --format, --size or --control: the user must fix it.
        case fail
    }

    /// When the camera cannot be opened at start.
    public static func atStart(_ error: CaptureError) -> Action {
        if case .noCamera = error { return .showTestScene }
        return error.isTemporary ? .waitForCamera : .fail
    }

    /// When a camera that was streaming fails, or cannot be opened again after that: always
    /// wait — an unplugged camera's node is missing (`noSuchDevice`) until it is back.
    public static func afterLoss(_ error: CaptureError) -> Action { .waitForCamera }
}
