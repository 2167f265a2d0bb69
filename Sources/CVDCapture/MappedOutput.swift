import CV4L2
import CVDSystem
import FoundationEssentials
import Glibc

/// Memory-mapped streaming output, the mirror of `CaptureStream`: the output queue's
/// buffers (`MappedBuffers`) mapped once and streaming; then per frame a free buffer is
/// filled and queued (`VIDIOC_QBUF` with `bytesused`), and buffers the driver is done with
/// come back with `VIDIOC_DQBUF` (`BufferOwnership` says who holds which).
///
/// What vb2 drivers such as vivid need: in Linux 6.1 vb2's `write()` emulation queues
/// each frame with a payload of 0 bytes (its QBUF step overwrites the size it was given),
/// and vivid refuses every one ("buffer preparation failed: -22").
final class MappedOutput {
    let device: VideoDevice
    private let buffers: MappedBuffers
    private(set) var ownership: BufferOwnership

    /// Requests and maps `count` buffers of at least `sizeImage` bytes and starts
    /// streaming. Returns nil when the driver does not stream output from mapped memory
    /// (`VIDIOC_REQBUFS` refused, or no buffer granted): the caller writes with `write()` instead.
    static func start(device: VideoDevice, sizeImage: Int, count: Int = 4) throws(OutputError) -> MappedOutput? {
        let buffers: MappedBuffers
        do throws(CaptureError) {
            buffers = try MappedBuffers(device: device, direction: .output, count: count)
        } catch {
            if case .system(_, .ioctl(.reqbufs), let e) = error, e == .invalidArgument || e == .noMemory { return nil }
            if case .notCaptureDevice = error { return nil } // ENOTTY: no streaming I/O at all
            throw OutputError(error)
        }
        for m in buffers.memory where m.count < sizeImage {
            throw .formatRefused(path: device.path, what: "its buffers hold \(m.count) bytes, a frame is \(sizeImage)")
        }
        do throws(CaptureError) { try buffers.start() } catch { throw OutputError(error) }
        return MappedOutput(device: device, buffers: buffers)
    }

    private init(device: VideoDevice, buffers: MappedBuffers) {
        self.device = device
        self.buffers = buffers
        ownership = BufferOwnership(count: buffers.count)
    }

    deinit { stop() }

    /// Times the stream was restarted after the driver failed it (`send`).
    private(set) var restarts = 0

    /// Copies one frame into a free buffer and queues it. Returns false when the driver
    /// held every buffer for `timeout` seconds (the frame is dropped). A queue the driver
    /// failed (EIO: vb2's fatal streaming error, which refuses every request until the
    /// stream is stopped) is restarted once and the frame sent again; a second failure
    /// in a row is thrown.
    func send(_ frame: UnsafeRawBufferPointer, timeout: Double) throws(OutputError) -> Bool {
        do throws(OutputError) {
            return try sendOnce(frame, timeout: timeout)
        } catch {
            guard case .device(.system(_, .ioctl(let r), .ioError)) = error, r == .qbuf || r == .dqbuf else {
                throw error
            }
            do throws(CaptureError) { try buffers.restart() } catch { throw OutputError(error) }
            ownership.reset()
            restarts += 1
            return try sendOnce(frame, timeout: timeout)
        }
    }

    private func sendOnce(_ frame: UnsafeRawBufferPointer, timeout: Double) throws(OutputError) -> Bool {
        try reclaim()
        if ownership.allQueued {
            // POLLOUT: the driver has finished with a buffer (it can be dequeued).
            var p = pollfd(fd: device.fd, events: Int16(POLLOUT), revents: 0)
            var r: Int32
            repeat { r = poll(&p, 1, Int32(timeout * 1000)) } while r < 0 && errno == EINTR
            if r == 0 { return false }
            try reclaim()
        }
        guard let i = ownership.nextFree() else { return false }
        let mem = buffers.memory[i]
        precondition(frame.count <= mem.count, "a frame is larger than the driver's buffer")
        // The mapping is `mem.count` bytes long and stays mapped until `stop`.
        mem.copyMemory(from: frame)
        var b = buffers.descriptor(i)
        b.bytesused = UInt32(frame.count)
        b.field = V4L2_FIELD_NONE.rawValue
        let now = SystemClock.monotonic
        b.timestamp = timeval(tv_sec: Int(now), tv_usec: Int((now - now.rounded(.down)) * 1e6))
        do throws(Errno) { try buffers.enqueue(&b) } catch { throw Self.fail(error, device.path, .qbuf) }
        ownership.markQueued(i)
        return true
    }

    /// Dequeues, without waiting, every buffer the driver is done with. Bounded: a driver
    /// that hands back a buffer it was not holding ends the round.
    private func reclaim() throws(OutputError) {
        for _ in 0..<ownership.count where ownership.queuedCount > 0 {
            let b: v4l2_buffer
            do throws(Errno) { b = try buffers.dequeue() } catch {
                if error == .resourceTemporarilyUnavailable { return }
                throw Self.fail(error, device.path, .dqbuf)
            }
            guard ownership.markReturned(Int(b.index)) else { return }
        }
    }

    /// Stops streaming, unmaps and frees the buffers. Safe to call twice.
    func stop() {
        buffers.release()
        ownership.reset()
    }

    static func fail(_ e: Errno, _ path: String, _ request: V4L2Request) -> OutputError {
        OutputError(CaptureError.from(errno: e, path: path, call: .ioctl(request)))
    }
}
