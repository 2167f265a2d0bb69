import CVDCapture
import CVDCore
import CVDSources
import CVDSystem
import Dispatch
import FoundationEssentials

/// The live view's frames to a virtual camera, from a thread of its own so that a device
/// nobody reads (writes that wait) never holds up the window. The newest frame offered
/// wins, as in `LatestFrame`; when none comes (a frozen or still picture) the last one is
/// sent again at the frame rate, so video calls keep receiving.
public final class VirtualCameraFeed: VirtualCameraSink {
    private struct Slot {
        var bytes: [UInt8] = []
        var layout: FrameLayout?
        var fresh = false
    }

    /// What the window's thread and the sending thread share.
    private final class Shared: Sendable {
        let slot = Locked(Slot())
        let wake = DispatchSemaphore(value: 0)
    }

    /// "cvdcam (/dev/video4), YUYV 1280×720 @ 30 fps, BT.601 limited range (SMPTE 170M)".
    public let description: String
    public let size: FrameSize
    private let shared = Shared()
    private let thread = SourceThread(name: "cvdcam virtual camera")

    /// Opens the device now (so errors reach the caller) and starts sending.
    public init(device: String?, size: FrameSize, fps: FrameRate, reporter: any Reporter) throws(OutputError) {
        let camera = try VirtualCamera.open(device: device, size: FrameSize(size.width & ~1, size.height), fps: fps)
        description = camera.description
        self.size = camera.size
        let owned = Owned(camera)
        let shared = shared
        let period = fps.period
        thread.start { thread in
            // The camera is this thread's alone from here on.
            guard let camera = owned.take() else { return }
            var frame: [UInt8] = []
            var layout: FrameLayout?
            while thread.isRunning {
                _ = shared.wake.wait(timeout: .now() + period)
                let fresh = shared.slot.withLock { s -> Bool in
                    guard s.fresh else { return false }
                    swap(&frame, &s.bytes) // no copy: the offered buffer comes over, the old one goes back
                    layout = s.layout
                    s.fresh = false
                    return true
                }
                do {
                    if fresh, let l = layout {
                        _ = try frame.withUnsafeBytes { b in try camera.send(b, l) }
                    } else {
                        try camera.resend()
                    }
                } catch {
                    reporter.status("virtual camera stopped: \(error)")
                    return
                }
            }
        }
    }

    /// Offers a packed RGB frame of `size` (others are skipped); copies it, so the caller's
    /// buffer is free again on return. Allocates only when the buffer it reuses is too small.
    public func offer(_ bytes: UnsafeRawBufferPointer, _ layout: FrameLayout) {
        guard layout.width == size.width, layout.height == size.height, bytes.count >= layout.minimumByteCount else {
            return
        }
        shared.slot.withLock { s in
            if s.bytes.count != layout.minimumByteCount {
                s.bytes = [UInt8](repeating: 0, count: layout.minimumByteCount)
            }
            s.bytes.withUnsafeMutableBytes {
                $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[0..<layout.minimumByteCount]))
            }
            s.layout = layout
            s.fresh = true
        }
        shared.wake.signal()
    }

    public func stop() {
        thread.stop()
    }
}

/// Hands a non-Sendable value to one other thread, once.
private final class Owned<T>: @unchecked Sendable { // `value` is only touched under `lock`
    private let lock = Lock()
    private var value: T?

    init(_ value: T) { self.value = value }

    func take() -> T? {
        lock.lock()
        defer { lock.unlock() }
        defer { value = nil }
        return value
    }
}

extension VirtualCameraFeed {
    /// The live view's opener (`ViewerOptions.openVirtualCamera`): a feed on `device` (nil:
    /// the first free v4l2loopback device), its errors as what the window can say.
    public static func opener(device: String?) -> VirtualCameraOpener {
        { size, rate, reporter throws(VirtualCameraProblem) in
            do throws(OutputError) {
                return try VirtualCameraFeed(device: device, size: size, fps: rate, reporter: reporter)
            } catch {
                let kind: VirtualCameraProblem.Kind =
                    switch error {
                    case .moduleNotLoaded: .moduleNotLoaded
                    case .noLoopbackDevice: .noFreeDevice
                    case .busy: .busy
                    default: .other
                    }
                throw VirtualCameraProblem(kind, "\(error)")
            }
        }
    }
}
