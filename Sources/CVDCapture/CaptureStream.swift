import CV4L2
import CVDSystem
import FoundationEssentials
import Glibc

/// One frame as the driver filled it. `bytes` points into a driver buffer and is valid
/// only inside the closure given to `CaptureStream.next`.
public struct CapturedFrame {
    public let bytes: UnsafeRawBufferPointer
    /// The driver's frame counter; a gap means frames were dropped.
    public let sequence: Int
    /// When the driver captured it (seconds, the driver's clock, usually monotonic).
    public let timestamp: Double
    public let format: CaptureFormat
}

/// Frame counts kept by a stream.
public struct CaptureStats: Sendable, Equatable {
    /// Frames handed to the caller.
    public var delivered = 0
    /// Frames the driver never delivered: gaps in the sequence numbers, plus buffers it
    /// marked as broken (`V4L2_BUF_FLAG_ERROR`).
    public var dropped = 0
    /// Frames delivered but not decodable (corrupt or truncated MJPEG); counted by the decoder's user.
    public var corrupt = 0

    public init() {}
}

/// A camera's stream: its memory-mapped buffers (`MappedBuffers`) queued and streaming,
/// `poll` for waiting. Buffers always go back to the driver, also when the caller's
/// closure is done early; `stop` (or deinit) turns streaming off and releases them.
public final class CaptureStream {
    public let device: VideoDevice
    public let format: CaptureFormat
    public private(set) var stats = CaptureStats()
    private let buffers: MappedBuffers
    private var lastSequence: UInt32?
    /// A buffer the driver would not take back (`VIDIOC_QBUF` refused twice): the stream
    /// is short of it, so the next `next` reports this and the caller restarts.
    private var requeueFailure: CaptureError?

    /// Requests `bufferCount` buffers, maps and queues them, and starts streaming.
    public init(device: VideoDevice, format: CaptureFormat, bufferCount: Int = 4) throws(CaptureError) {
        self.device = device
        self.format = format
        buffers = try MappedBuffers(device: device, direction: .capture, count: bufferCount)
        do throws(CaptureError) {
            for i in 0..<buffers.count {
                var b = buffers.descriptor(i)
                do throws(Errno) { try buffers.enqueue(&b) } catch {
                    throw CaptureError.from(errno: error, path: device.path, call: .ioctl(.qbuf))
                }
            }
            try buffers.start()
        } catch {
            buffers.release()
            throw error
        }
    }

    deinit { stop() }
    /// Waits up to `timeout` seconds for the next good frame and lends it to `body`; the
    /// buffer is re-queued when `body` returns. Broken buffers are re-queued and counted
    /// as dropped, and the wait goes on.
    ///
    /// - Throws: `.disconnected` when the device went away (ENODEV), `.timeout` when no
    ///   frame came in time, the failure of re-queueing the last buffer.
    public func next<R>(timeout: Double, _ body: (CapturedFrame) -> R) throws(CaptureError) -> R {
        if let e = requeueFailure { throw e }
        let deadline = SystemClock.monotonic + timeout
        while true {
            var pfd = pollfd(fd: device.fd, events: Int16(POLLIN), revents: 0)
            let left = max(0, deadline - SystemClock.monotonic)
            let ready = poll(&pfd, 1, Int32((left * 1000).rounded(.up)))
            if ready < 0 {
                let e = Errno(rawValue: errno)
                if e == .interrupted { continue }
                throw CaptureError.from(errno: e, path: device.path, call: .poll)
            }
            if ready == 0 { throw .timeout(path: device.path, seconds: timeout) }
            var b: v4l2_buffer
            do throws(Errno) {
                b = try buffers.dequeue()
            } catch .resourceTemporarilyUnavailable {
                continue // not ready after all: wait again
            } catch {
                // A device that is gone answers ENODEV; some drivers flag the queue broken (EIO) first.
                if error == .ioError, access(device.path, F_OK) != 0 { throw .disconnected(path: device.path) }
                throw CaptureError.from(errno: error, path: device.path, call: .ioctl(.dqbuf))
            }
            defer { requeue(&b) }
            let seq = b.sequence
            if let last = lastSequence { stats.dropped += Self.gap(from: last, to: seq) }
            lastSequence = seq
            guard b.flags & UInt32(V4L2_BUF_FLAG_ERROR) == 0, Int(b.index) < buffers.count else {
                stats.dropped += 1
                continue
            }
            let mem = buffers.memory[Int(b.index)]
            let used = min(Int(b.bytesused > 0 ? b.bytesused : b.length), mem.count)
            stats.delivered += 1
            let frame = CapturedFrame(
                bytes: UnsafeRawBufferPointer(rebasing: mem[0..<used]), sequence: Int(seq),
                timestamp: Double(b.timestamp.tv_sec) + Double(b.timestamp.tv_usec) / 1e6,
                format: format)
            return body(frame)
        }
    }

    /// Frames missing between two sequence numbers. The 32-bit counter wraps (vivid's
    /// "Wrap Sequence Number" shows it); a number that goes back (a driver restarting its
    /// count) is not a gap.
    static func gap(from last: UInt32, to seq: UInt32) -> Int {
        let d = seq &- last
        return d >= 1 && d < 1 << 31 ? Int(d) - 1 : 0
    }

    /// Gives a buffer back to the driver, trying twice (a driver may refuse one
    /// `VIDIOC_QBUF` and take the next: vivid's "Inject VIDIOC_PREPARE_BUF Error"). If the
    /// device has just gone, the next `VIDIOC_DQBUF` says so; any other refusal is kept
    /// for the next `next` to report, since the stream is a buffer short.
    private func requeue(_ b: inout v4l2_buffer) {
        guard (try? buffers.enqueue(&b)) == nil else { return }
        do throws(Errno) {
            try buffers.enqueue(&b)
        } catch {
            if error == .operationNotSupportedByDevice || error == .noSuchAddressOrDevice { return } // gone
            requeueFailure = CaptureError.from(errno: error, path: device.path, call: .ioctl(.qbuf))
        }
    }

    /// Adds to the corrupt-frame count (the decoder's verdict on a delivered frame).
    public func countCorrupt() { stats.corrupt += 1 }

    /// Stops streaming, unmaps the buffers and frees them in the driver. Safe to call twice.
    public func stop() { buffers.release() }
}
