import CVDSystem
import FoundationEssentials

/// Why frames cannot go to a virtual camera (a V4L2 video output), with what to do.
public enum OutputError: Error, Equatable, CustomStringConvertible {
    /// No /dev/video* node is a v4l2loopback output and the module is not loaded.
    case moduleNotLoaded
    /// v4l2loopback is loaded, but none of its nodes takes video output now.
    case noLoopbackDevice
    /// The named node is a camera (video capture, not v4l2loopback): never written to.
    case isCamera(path: String, card: String)
    /// The named node takes no video output; `what` says what it is.
    case notOutput(path: String, what: String)
    /// Another program writes to it (or, for v4l2loopback with exclusive_caps, has
    /// started to, so that it shows as a camera now).
    case busy(path: String)
    /// The driver did not take YUYV at the size asked for; `what` says what it granted.
    case formatRefused(path: String, what: String)
    /// Opening or using the node failed as a camera would (no such node, permission).
    case device(CaptureError)
    /// Any other failure of a call, with the C library's errno.
    case system(path: String, call: String, errno: Errno)
    /// The output node went away while frames were sent to it (its module unloaded, or
    /// its driver's device removed).
    case vanished(path: String)

    /// A failed call on the output node, as the camera side words it, except that a busy
    /// node means another program writes to it.
    init(_ error: CaptureError) {
        switch error {
        case .busy(let path): self = .busy(path: path)
        case .disconnected(let path): self = .vanished(path: path)
        default: self = .device(error)
        }
    }

    /// The line that sets up a virtual camera on Debian and Ubuntu.
    public static let setUp =
        "sudo apt install v4l2loopback-dkms, then sudo modprobe v4l2loopback exclusive_caps=1 card_label=cvdcam"

    public var description: String {
        switch self {
        case .moduleNotLoaded:
            "no virtual camera: the v4l2loopback module is not loaded; \(Self.setUp)"
        case .noLoopbackDevice:
            "v4l2loopback is loaded but none of its devices takes video now (each is in use, or shows as a camera); "
                + "close the program writing to it, or add one: sudo modprobe -r v4l2loopback && sudo modprobe v4l2loopback exclusive_caps=1 card_label=cvdcam"
        case .isCamera(let p, let card):
            "\(PathName.shown(p)) is a camera (\(PathName.shown(card))), not a virtual camera output; leave out --to to use the first v4l2loopback device"
        case .notOutput(let p, let what):
            "\(PathName.shown(p)) does not take video output (\(what)); leave out --to to use the first v4l2loopback device"
        case .busy(let p):
            "\(PathName.shown(p)): the virtual camera is busy — another program is writing to it; stop that program, or load a second device (sudo modprobe v4l2loopback devices=2 exclusive_caps=1,1)"
        case .formatRefused(let p, let what):
            "\(PathName.shown(p)): \(what); stop the programs reading the virtual camera (they fix its format), or pick the size it has with --size"
        case .vanished(let p):
            "\(PathName.shown(p)): the virtual camera's device went away while frames were sent to it (its module unloaded?); "
                + "load it again (\(Self.setUp)) and start again"
        case .device(let e):
            e.description
        case .system(let p, let call, let e):
            "\(PathName.shown(p)): \(call) failed: \(e)"
        }
    }
}
