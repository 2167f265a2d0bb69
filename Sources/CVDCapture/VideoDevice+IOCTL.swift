import CV4L2
import CVDSystem
import FoundationEssentials
import Glibc

/// The V4L2 requests cvdcam makes, named after the kernel's `VIDIOC_*` (`.sFmt` is
/// `VIDIOC_S_FMT`); `description` is the kernel's name, as error messages print it.
public enum V4L2Request: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case querycap, enumFmt, enumFramesizes, enumFrameintervals
    case gFmt, sFmt, gParm, sParm
    case reqbufs, querybuf, qbuf, dqbuf, streamon, streamoff
    case queryctrl, querymenu, gCtrl, sCtrl

    /// The request number (from the shim: Swift does not import the `_IOWR` macros).
    public var number: UInt {
        switch self {
        case .querycap: CVD_VIDIOC_QUERYCAP
        case .enumFmt: CVD_VIDIOC_ENUM_FMT
        case .enumFramesizes: CVD_VIDIOC_ENUM_FRAMESIZES
        case .enumFrameintervals: CVD_VIDIOC_ENUM_FRAMEINTERVALS
        case .gFmt: CVD_VIDIOC_G_FMT
        case .sFmt: CVD_VIDIOC_S_FMT
        case .gParm: CVD_VIDIOC_G_PARM
        case .sParm: CVD_VIDIOC_S_PARM
        case .reqbufs: CVD_VIDIOC_REQBUFS
        case .querybuf: CVD_VIDIOC_QUERYBUF
        case .qbuf: CVD_VIDIOC_QBUF
        case .dqbuf: CVD_VIDIOC_DQBUF
        case .streamon: CVD_VIDIOC_STREAMON
        case .streamoff: CVD_VIDIOC_STREAMOFF
        case .queryctrl: CVD_VIDIOC_QUERYCTRL
        case .querymenu: CVD_VIDIOC_QUERYMENU
        case .gCtrl: CVD_VIDIOC_G_CTRL
        case .sCtrl: CVD_VIDIOC_S_CTRL
        }
    }

    /// "VIDIOC_S_FMT".
    public var description: String {
        switch self {
        case .querycap: "VIDIOC_QUERYCAP"
        case .enumFmt: "VIDIOC_ENUM_FMT"
        case .enumFramesizes: "VIDIOC_ENUM_FRAMESIZES"
        case .enumFrameintervals: "VIDIOC_ENUM_FRAMEINTERVALS"
        case .gFmt: "VIDIOC_G_FMT"
        case .sFmt: "VIDIOC_S_FMT"
        case .gParm: "VIDIOC_G_PARM"
        case .sParm: "VIDIOC_S_PARM"
        case .reqbufs: "VIDIOC_REQBUFS"
        case .querybuf: "VIDIOC_QUERYBUF"
        case .qbuf: "VIDIOC_QBUF"
        case .dqbuf: "VIDIOC_DQBUF"
        case .streamon: "VIDIOC_STREAMON"
        case .streamoff: "VIDIOC_STREAMOFF"
        case .queryctrl: "VIDIOC_QUERYCTRL"
        case .querymenu: "VIDIOC_QUERYMENU"
        case .gCtrl: "VIDIOC_G_CTRL"
        case .sCtrl: "VIDIOC_S_CTRL"
        }
    }

    /// The size of the argument the request takes, as its number encodes it (`_IOC_SIZE`).
    public var argumentSize: Int { Int((number >> 16) & 0x3fff) }
}

extension VideoDevice {
    /// The one way into the driver: wraps `v4l2_ioctl(fd, request, &arg)` (through the
    /// shim's `cvd_ioctl`), retried while a signal interrupts it (EINTR).
    ///
    /// - Parameters:
    ///   - arg: the request's argument, read and written in place by the driver; its
    ///     size must be the one the request encodes (checked in debug builds).
    /// - Throws: the errno the request failed with; `CaptureError.from(errno:path:call:)`
    ///   turns it into what a user can act on.
    ///
    /// What libv4l2 prints about a failed request ("libv4l2: error setting pixformat: …")
    /// goes to `LibV4L2Log`, not the terminal: the error thrown says it, with what to do.
    func ioctl<Argument>(_ request: V4L2Request, _ arg: inout Argument) throws(Errno) {
        assert(
            MemoryLayout<Argument>.size == request.argumentSize,
            "\(request) takes \(request.argumentSize) bytes, not a \(Argument.self)")
        let fd = self.fd
        func call() -> Errno? {
            while true {
                // The argument goes to C as `void *` for the duration of the call only.
                let rc = withUnsafeMutablePointer(to: &arg) { cvd_ioctl(fd, request.number, $0) }
                guard rc < 0 else { return nil }
                let e = Errno(rawValue: errno)
                if e != .interrupted { return e }
            }
        }
        if let e = call() { throw e }
    }

    /// `ioctl`, its errno turned into what a user can act on (`CaptureError.from`): what
    /// the wrappers use unless some errno means something special for their request.
    func perform<Argument>(_ request: V4L2Request, _ arg: inout Argument) throws(CaptureError) {
        do throws(Errno) {
            try ioctl(request, &arg)
        } catch {
            throw CaptureError.from(errno: error, path: path, call: .ioctl(request))
        }
    }
}
