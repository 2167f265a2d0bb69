import CV4L2
import CVDSystem
import Glibc

/// The memory-mapped buffers of one V4L2 queue, a camera's (capture) or a virtual camera's
/// (output), as the Rust v4l crate's `Arena` holds them: `VIDIOC_REQBUFS`, then
/// `VIDIOC_QUERYBUF` and `v4l2_mmap` per buffer, once; `VIDIOC_STREAMON`; per frame
/// `VIDIOC_QBUF` and `VIDIOC_DQBUF`; `release` (or deinit) turns streaming off, unmaps the
/// buffers and frees them in the driver.
///
/// Setting up fails with a `CaptureError` naming the call. The per-frame calls throw the
/// bare errno: what an errno means there depends on the direction (a capture queue that
/// answers EIO may have lost its camera; an output queue's EAGAIN means "nothing to take
/// back yet"), so `CaptureStream` and `MappedOutput` decide.
final class MappedBuffers {
    enum Direction {
        case capture
        case output

        var bufferType: UInt32 {
            switch self {
            case .capture: V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            case .output: V4L2_BUF_TYPE_VIDEO_OUTPUT.rawValue
            }
        }
    }

    let device: VideoDevice
    let direction: Direction
    /// Buffer i's mapping; each stays mapped until `release`.
    private(set) var memory: [UnsafeMutableRawBufferPointer] = []
    private var streaming = false
    /// The driver holds buffers for this queue (VIDIOC_REQBUFS granted some), mapped or not.
    private var requested = false

    /// Requests `count` buffers (the driver may grant fewer), queries and maps each.
    ///
    /// - Throws: the failed call as a `CaptureError`; a driver that grants no buffer is
    ///   `.system(… VIDIOC_REQBUFS …, ENOMEM)`. What was mapped so far is released first.
    init(device: VideoDevice, direction: Direction, count: Int) throws(CaptureError) {
        self.device = device
        self.direction = direction
        var req = v4l2_requestbuffers()
        req.count = UInt32(count)
        req.type = direction.bufferType
        req.memory = V4L2_MEMORY_MMAP.rawValue
        // libv4l2 prints its own line on failure; the error thrown says it better.
        try device.perform(.reqbufs, &req)
        guard req.count > 0 else { throw .system(path: device.path, call: .ioctl(.reqbufs), errno: .noMemory) }
        requested = true

        do throws(CaptureError) {
            for i in 0..<Int(req.count) {
                var b = descriptor(i)
                try device.perform(.querybuf, &b)
                let p = v4l2_mmap(nil, Int(b.length), PROT_READ | PROT_WRITE, MAP_SHARED, device.fd, Int64(b.m.offset))
                guard let p, p != MAP_FAILED else {
                    throw CaptureError.from(errno: Errno(rawValue: errno), path: device.path, call: .mmap)
                }
                memory.append(UnsafeMutableRawBufferPointer(start: p, count: Int(b.length)))
            }
        } catch {
            release()
            throw error
        }
    }

    deinit { release() }

    var count: Int { memory.count }

    /// A `v4l2_buffer` naming buffer `index` of this queue, for the calls below.
    func descriptor(_ index: Int) -> v4l2_buffer {
        var b = v4l2_buffer()
        b.index = UInt32(index)
        b.type = direction.bufferType
        b.memory = V4L2_MEMORY_MMAP.rawValue
        return b
    }

    /// Hands a buffer to the driver (`VIDIOC_QBUF`): to fill (capture) or to send (output).
    func enqueue(_ b: inout v4l2_buffer) throws(Errno) { try device.ioctl(.qbuf, &b) }

    /// Takes the next buffer the driver is done with (`VIDIOC_DQBUF`; the device is opened
    /// non-blocking, so EAGAIN when there is none yet).
    func dequeue() throws(Errno) -> v4l2_buffer {
        var b = descriptor(0)
        try device.ioctl(.dqbuf, &b)
        return b
    }

    /// `VIDIOC_STREAMON`.
    func start() throws(CaptureError) {
        var type = Int32(direction.bufferType)
        try device.perform(.streamon, &type)
        streaming = true
    }

    /// `VIDIOC_STREAMOFF` then `VIDIOC_STREAMON`, the buffers kept mapped: every buffer
    /// comes back, and a queue in vb2's error state (after a fatal streaming error it
    /// refuses every QBUF and DQBUF with EIO until STREAMOFF) streams again.
    func restart() throws(CaptureError) {
        var type = Int32(direction.bufferType)
        try? device.ioctl(.streamoff, &type)
        streaming = false
        try start()
    }

    /// `VIDIOC_STREAMOFF` (which hands every buffer back), then unmaps and frees the
    /// buffers in the driver (`VIDIOC_REQBUFS` with a count of 0). Safe to call twice.
    func release() {
        if streaming {
            var type = Int32(direction.bufferType)
            try? device.ioctl(.streamoff, &type)
            streaming = false
        }
        for m in memory { _ = v4l2_munmap(m.baseAddress, m.count) }
        memory = []
        // Freed even when a QUERYBUF or mmap failed before anything was mapped.
        if requested {
            requested = false
            var req = v4l2_requestbuffers()
            req.type = direction.bufferType
            req.memory = V4L2_MEMORY_MMAP.rawValue
            try? device.ioctl(.reqbufs, &req)
        }
    }
}
