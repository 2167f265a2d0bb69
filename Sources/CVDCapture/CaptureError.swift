import CVDSystem
import FoundationEssentials

/// Why a camera could not be used, with what to do about it. Every case names the device.
public enum CaptureError: Error, Equatable, CustomStringConvertible {
    case noSuchDevice(path: String)
    case permissionDenied(path: String)
    case busy(path: String)
    /// `what` says what the node is instead ("it is vivid's metadata node").
    case notCaptureDevice(path: String, what: String)
    case disconnected(path: String)
    /// The format or size asked for is not offered; `what` lists what is.
    case unsupportedFormat(path: String, what: String)
    /// `what` names the control and what it takes.
    case badControl(path: String, what: String)
    /// No frame arrived within the time allowed.
    case timeout(path: String, seconds: Double)
    case noCamera
    /// Any other failure of a call on the device, with the C library's errno.
    case system(path: String, call: Call, errno: Errno)

    /// The call on a device that failed, as `.system` errors name it.
    public enum Call: Hashable, Sendable, CustomStringConvertible {
        /// `v4l2_open`.
        case open
        /// A V4L2 request through `v4l2_ioctl`.
        case ioctl(V4L2Request)
        /// `VIDIOC_S_CTRL` for the control with this `--control` key.
        case setControl(key: String)
        /// `v4l2_mmap` of a driver buffer.
        case mmap
        /// `poll` while waiting for a frame.
        case poll

        /// As the messages name it: "open", "VIDIOC_S_FMT", "VIDIOC_S_CTRL brightness".
        public var description: String {
            switch self {
            case .open: "open"
            case .ioctl(let r): r.description
            case .setControl(let key): "\(V4L2Request.sCtrl) \(key)"
            case .mmap: "mmap"
            case .poll: "poll"
            }
        }
    }

    public var description: String {
        switch self {
        case .noSuchDevice(let p):
            "\(PathName.shown(p)): no such camera; run `cvdcam devices` to list the cameras there are"
        case .permissionDenied(let p):
            "\(PathName.shown(p)): permission denied; add your user to the video group (sudo usermod -aG video $USER) and log in again"
        case .busy(let p):
            "\(PathName.shown(p)): the camera is busy — another program is using it; close that program and try again"
        case .notCaptureDevice(let p, let what):
            "\(PathName.shown(p)) is not a video capture device (\(what)); run `cvdcam devices` to list the cameras"
        case .disconnected(let p):
            "\(PathName.shown(p)): the camera was disconnected; plug it back in and start again"
        case .unsupportedFormat(let p, let what):
            "\(PathName.shown(p)): \(what)"
        case .badControl(let p, let what):
            "\(PathName.shown(p)): \(what); run `cvdcam devices --controls` to list the controls"
        case .timeout(let p, let s):
            "\(PathName.shown(p)): no frame arrived within \(s) s; check the camera is connected, or try a smaller --size or another --format"
        case .noCamera:
            "no camera found (no /dev/video* capture device); plug in a webcam — without one, `cvdcam scene` writes the test scene and `cvdcam convert` simulates a picture file"
        case .system(let p, let call, let e):
            "\(PathName.shown(p)): \(call) failed: \(e)"
        }
    }

    /// What happened, without the advice: for the line that says a fault was survived
    /// ("… — restarted the stream"), where "plug it back in" would be wrong.
    public var fault: String {
        switch self {
        case .disconnected(let p): "\(PathName.shown(p)): the camera was disconnected"
        case .timeout(let p, let s): "\(PathName.shown(p)): no frame arrived within \(s) s"
        default: description
        }
    }

    /// Whether the camera is there but cannot be used right now, so that waiting (and
    /// trying again) may help: another program holds it, access is not granted yet (a
    /// udev rule or group change still to come), it was unplugged, it sent no frame in
    /// time, or a call failed for another reason. False when the user must change
    /// something first: a path that is no camera, a format, size or control it does not
    /// offer, or no camera at all.
    public var isTemporary: Bool {
        switch self {
        case .busy, .permissionDenied, .disconnected, .timeout, .system: true
        case .noCamera, .noSuchDevice, .notCaptureDevice, .unsupportedFormat, .badControl: false
        }
    }

    /// Maps an errno from opening or using a device to the case a user can act on. The one
    /// place that decides this; callers handle only errnos that mean something special
    /// for their call first (EAGAIN for a frame not ready, ERANGE for a control's value).
    public static func from(errno e: Errno, path: String, call: Call) -> CaptureError {
        switch e {
        case .noSuchFileOrDirectory: .noSuchDevice(path: path)
        case .permissionDenied, .notPermitted: .permissionDenied(path: path)
        case .resourceBusy: .busy(path: path)
        // ENODEV: no driver behind the node (at open) or the device went away (later).
        case .operationNotSupportedByDevice, .noSuchAddressOrDevice:
            call == .open ? .noSuchDevice(path: path) : .disconnected(path: path)
        case .inappropriateIOCTLForDevice: .notCaptureDevice(path: path, what: "it does not answer V4L2 requests")
        default: .system(path: path, call: call, errno: e)
        }
    }
}
