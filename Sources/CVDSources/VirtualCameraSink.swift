import CVDCore

/// Where the live view sends its pictures for other programs to see as a camera (video
/// calls, OBS): CVDCamera's `VirtualCameraFeed` on a v4l2loopback device. The view knows
/// only this; `cvdcam` hands it the opener (`ViewerOptions.openVirtualCamera`).
public protocol VirtualCameraSink: AnyObject, Sendable {
    /// What it sends to, for the status line (the device, its size and rate).
    var description: String { get }
    /// Offers a packed RGB picture; copies it (the caller's buffer is free on return) and
    /// never waits for the device.
    func offer(_ bytes: UnsafeRawBufferPointer, _ layout: FrameLayout)
    /// Stops sending and closes the device.
    func stop()
}

/// Why the virtual camera could not start: what the window can say (`kind`), and the whole
/// reason with the commands that mend it (`detail`, English, for the terminal).
public struct VirtualCameraProblem: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// v4l2loopback is not loaded.
        case moduleNotLoaded
        /// Every loopback device is in use.
        case noFreeDevice
        /// Another program writes to the device.
        case busy
        case other
    }

    public let kind: Kind
    public let detail: String
    public var description: String { detail }

    public init(_ kind: Kind, _ detail: String) {
        (self.kind, self.detail) = (kind, detail)
    }
}

/// Opens the virtual camera for pictures of `size` at `rate`; status lines go to `reporter`.
public typealias VirtualCameraOpener =
    @Sendable (_ size: FrameSize, _ rate: FrameRate, _ reporter: any Reporter) throws(VirtualCameraProblem) ->
    any VirtualCameraSink
