import Foundation

/// Why a camera could not be used, with what to do about it. Every case names the device.
public enum CaptureError: Error, Equatable, CustomStringConvertible {
    case noSuchDevice(String)
    case permissionDenied(String)
    case busy(String)
    case notCaptureDevice(String, String)
    case disconnected(String)
    /// The format or size asked for is not offered; the text lists what is.
    case unsupportedFormat(String, String)
    case badControl(String, String)
    /// No frame arrived within the time allowed.
    case timeout(String, seconds: Double)
    case noCamera
    case system(String, call: String, errno: Int32)

    public var description: String {
        switch self {
        case .noSuchDevice(let p):
            "\(p): no such camera; run `cvdcam devices` to list the cameras there are"
        case .permissionDenied(let p):
            "\(p): permission denied; add your user to the video group (sudo usermod -aG video $USER) and log in again"
        case .busy(let p):
            "\(p): the camera is busy — another program is using it; close that program and try again"
        case .notCaptureDevice(let p, let what):
            "\(p) is not a video capture device (\(what)); run `cvdcam devices` to list the cameras"
        case .disconnected(let p):
            "\(p): the camera was disconnected; plug it back in and start again"
        case .unsupportedFormat(let p, let what):
            "\(p): \(what)"
        case .badControl(let p, let what):
            "\(p): \(what); run `cvdcam devices --controls` to list the controls"
        case .timeout(let p, let s):
            "\(p): no frame arrived within \(s) s; check the camera is connected, or try a smaller --size or another --format"
        case .noCamera:
            "no camera found (no /dev/video* capture device); plug in a webcam, or pass --device"
        case .system(let p, let call, let e):
            "\(p): \(call) failed: \(String(cString: strerror(e)))"
        }
    }

    /// Maps an errno from opening or using a device to the case a user can act on.
    public static func from(errno e: Int32, path: String, call: String) -> CaptureError {
        switch e {
        case ENOENT: .noSuchDevice(path)
        case EACCES, EPERM: .permissionDenied(path)
        case EBUSY: .busy(path)
        case ENODEV, ENXIO: call == "open" ? .noSuchDevice(path) : .disconnected(path)
        case ENOTTY: .notCaptureDevice(path, "it does not answer V4L2 requests")
        default: .system(path, call: call, errno: e)
        }
    }
}
