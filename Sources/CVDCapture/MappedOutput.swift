import CV4L2
import CVDSystem
import FoundationEssentials
import Glibc
import SystemPackage

/// Memory-mapped streaming output, the mirror of `CaptureStream`: `VIDIOC_REQBUFS`,
/// `VIDIOC_QUERYBUF` and `v4l2_mmap` once, `VIDIOC_STREAMON`; then per frame a free
/// buffer is filled and queued (`VIDIOC_QBUF` with `bytesused`), and buffers the driver
/// is done with come back with `VIDIOC_DQBUF` (`OutputBuffers` keeps the books).
///
/// What vb2 drivers such as vivid need: in Linux 6.1 vb2's `write()` emulation queues
/// each frame with a payload of 0 bytes (its QBUF step overwrites the size it was given),
/// and vivid refuses every one ("buffer preparation failed: -22").
final class MappedOutput {
    let device: VideoDevice
    private var maps: [UnsafeMutableRawBufferPointer] = []
    private(set) var books: OutputBuffers
    private var streaming = false

    /// Requests and maps `count` buffers of at least `sizeImage` bytes and starts
    /// streaming. Returns nil when the driver does not stream output from mapped memory
    /// (`VIDIOC_REQBUFS` refused): the caller writes with `write()` instead.
    static func start(device: VideoDevice, sizeImage: Int, count: Int = 4) throws(OutputError) -> MappedOutput? {
        var req = v4l2_requestbuffers()
        req.count = UInt32(count)
        req.type = V4L2_BUF_TYPE_VIDEO_OUTPUT.rawValue
        req.memory = V4L2_MEMORY_MMAP.rawValue
        do throws(Errno) { try device.ioctl(.reqbufs, &req) } catch {
            if error == .invalidArgument || error == .inappropriateIOCTLForDevice { return nil }
            throw fail(error, device.path, .reqbufs)
        }
        guard req.count > 0 else { return nil }
        let out = MappedOutput(device: device, count: Int(req.count))
        try out.map(sizeImage: sizeImage) // deinit releases what was mapped if this throws
        return out
    }

    private init(device: VideoDevice, count: Int) {
        self.device = device
        books = OutputBuffers(count: count)
    }

    private func map(sizeImage: Int) throws(OutputError) {
        let path = device.path
        for i in 0..<books.count {
            var b = Self.buffer(index: i)
            do throws(Errno) { try device.ioctl(.querybuf, &b) } catch { throw Self.fail(error, path, .querybuf) }
            let p = v4l2_mmap(nil, Int(b.length), PROT_READ | PROT_WRITE, MAP_SHARED, device.fd, Int64(b.m.offset))
            guard let p, p != MAP_FAILED else { throw .system(path: path, call: "mmap", errno: Errno(rawValue: errno)) }
            maps.append(UnsafeMutableRawBufferPointer(start: p, count: Int(b.length)))
            guard Int(b.length) >= sizeImage else {
                throw .formatRefused(path: path, what: "its buffers hold \(b.length) bytes, a frame is \(sizeImage)")
            }
        }
        var type = Int32(V4L2_BUF_TYPE_VIDEO_OUTPUT.rawValue)
        do throws(Errno) { try device.ioctl(.streamon, &type) } catch { throw Self.fail(error, path, .streamon) }
        streaming = true
    }

    deinit { stop() }

    /// Copies one frame into a free buffer and queues it. Returns false when the driver
    /// held every buffer for `timeout` seconds (the frame is dropped).
    func send(_ frame: UnsafeRawBufferPointer, timeout: Double) throws(OutputError) -> Bool {
        try reclaim()
        if books.allQueued {
            // POLLOUT: the driver has finished with a buffer (it can be dequeued).
            var p = pollfd(fd: device.fd, events: Int16(POLLOUT), revents: 0)
            var r: Int32
            repeat { r = poll(&p, 1, Int32(timeout * 1000)) } while r < 0 && errno == EINTR
            if r == 0 { return false }
            try reclaim()
        }
        guard let i = books.nextFree() else { return false }
        let mem = maps[i]
        precondition(frame.count <= mem.count, "a frame is larger than the driver's buffer")
        // The mapping is `mem.count` bytes long and stays mapped until `stop`.
        mem.copyMemory(from: frame)
        var b = Self.buffer(index: i)
        b.bytesused = UInt32(frame.count)
        b.field = V4L2_FIELD_NONE.rawValue
        let now = SystemClock.monotonic
        b.timestamp = timeval(tv_sec: Int(now), tv_usec: Int((now - now.rounded(.down)) * 1e6))
        do throws(Errno) { try device.ioctl(.qbuf, &b) } catch { throw Self.fail(error, device.path, .qbuf) }
        books.markQueued(i)
        return true
    }

    /// Dequeues, without waiting, every buffer the driver is done with. Bounded: a driver
    /// that hands back a buffer it was not holding ends the round.
    private func reclaim() throws(OutputError) {
        for _ in 0..<books.count where books.queuedCount > 0 {
            var b = Self.buffer(index: 0)
            do throws(Errno) { try device.ioctl(.dqbuf, &b) } catch {
                if error == .resourceTemporarilyUnavailable { return }
                throw Self.fail(error, device.path, .dqbuf)
            }
            guard books.markReturned(Int(b.index)) else { return }
        }
    }

    /// Stops streaming, unmaps and frees the buffers. Safe to call twice.
    func stop() {
        if streaming {
            var type = Int32(V4L2_BUF_TYPE_VIDEO_OUTPUT.rawValue)
            try? device.ioctl(.streamoff, &type)
            streaming = false
            books.reset()
        }
        for m in maps { _ = v4l2_munmap(m.baseAddress, m.count) }
        if !maps.isEmpty {
            maps = []
            var req = v4l2_requestbuffers()
            req.type = V4L2_BUF_TYPE_VIDEO_OUTPUT.rawValue
            req.memory = V4L2_MEMORY_MMAP.rawValue
            try? device.ioctl(.reqbufs, &req)
        }
    }

    private static func buffer(index: Int) -> v4l2_buffer {
        var b = v4l2_buffer()
        b.index = UInt32(index)
        b.type = V4L2_BUF_TYPE_VIDEO_OUTPUT.rawValue
        b.memory = V4L2_MEMORY_MMAP.rawValue
        return b
    }

    static func fail(_ e: Errno, _ path: String, _ request: V4L2Request) -> OutputError {
        e == .resourceBusy ? .busy(path: path) : .device(CaptureError.from(errno: e, path: path, call: .ioctl(request)))
    }
}
