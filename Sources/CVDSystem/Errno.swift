import Glibc

/// A C library error number, with names for those cvdcam's calls act on (as swift-system's
/// `Errno` names them, which this replaces: swift-system's manifests need a newer SwiftPM
/// than Debian 13's Swift 6.0.3). A `throws(Errno)` function says which calls fail how;
/// `case .resourceBusy` matches as it would on an enum.
public struct Errno: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's `errno` now (read it right after the call that failed).
    public static var current: Errno { Errno(rawValue: errno) }

    /// The C library's words for it (wraps `strerror`).
    public var description: String { String(cString: strerror(rawValue)) }

    /// EPERM
    public static let notPermitted = Errno(rawValue: EPERM)
    /// ENOENT
    public static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
    /// EINTR: a signal arrived during the call; try again.
    public static let interrupted = Errno(rawValue: EINTR)
    /// EIO
    public static let ioError = Errno(rawValue: EIO)
    /// ENXIO
    public static let noSuchAddressOrDevice = Errno(rawValue: ENXIO)
    /// EAGAIN: nothing ready yet on a non-blocking descriptor.
    public static let resourceTemporarilyUnavailable = Errno(rawValue: EAGAIN)
    /// ENOMEM
    public static let noMemory = Errno(rawValue: ENOMEM)
    /// EACCES
    public static let permissionDenied = Errno(rawValue: EACCES)
    /// EBUSY
    public static let resourceBusy = Errno(rawValue: EBUSY)
    /// ENODEV
    public static let operationNotSupportedByDevice = Errno(rawValue: ENODEV)
    /// EINVAL
    public static let invalidArgument = Errno(rawValue: EINVAL)
    /// ENOTTY: the descriptor does not answer this ioctl.
    public static let inappropriateIOCTLForDevice = Errno(rawValue: ENOTTY)
    /// ERANGE
    public static let outOfRange = Errno(rawValue: ERANGE)
    /// ENOSPC
    public static let noSpace = Errno(rawValue: ENOSPC)
}
