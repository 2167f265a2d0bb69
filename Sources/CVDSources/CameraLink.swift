import CVDSystem

/// What the view asks of a camera. Carried out on the capture thread, which owns the
/// device: a control write can block on USB for tens of milliseconds, and the window
/// never waits for one.
public enum CameraRequest: Sendable, Equatable {
    /// `w`: lock the automatic white balance, exposure and gain at their current values.
    case lockAutomatics
    /// `w` again: put them back as they were.
    case releaseAutomatics
    /// The camera panel: a control to a value, or to its default.
    case set(id: UInt32, value: Int)
    case reset(id: UInt32)
    /// Read the controls again (the panel refreshes while it is open).
    case readControls
    /// `n`: the next camera.
    case nextCamera
}

/// The hand-over between the view and the capture thread: requests one way; the camera's
/// controls, whether its automatics are locked, and which cameras there are the other.
public final class CameraLink: Sendable {
    public struct Published: Sendable {
        /// The open camera's panel controls as last read, in the panel's order (empty while
        /// no camera is open).
        public var controls: [PanelControl] = []
        /// The automatic white balance, exposure and gain are locked by cvdcam.
        public var locked = false
        /// The open camera's node, nil while none is open.
        public var path: String?
    }

    private let pending = Locked<[CameraRequest]>([])
    private let published = Locked(Published())

    public init() {}

    /// Called by the view; the capture thread takes it within one frame period (or its
    /// poll timeout while no frame comes).
    public func send(_ request: CameraRequest) { pending.withLock { $0.append(request) } }

    /// What the capture thread last published.
    public var state: Published { published.withLock { $0 } }

    package func take() -> [CameraRequest] {
        pending.withLock { p in
            defer { p = [] }
            return p
        }
    }

    package func publish(_ change: (inout Published) -> Void) { published.withLock { change(&$0) } }
}
