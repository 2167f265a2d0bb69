import CVDCore
import CVDSources
import CX11Screen
import Glibc

/// Reads a rectangle of the root window: through shared memory when the server offers it
/// (MIT-SHM: the server writes straight into memory both share, `XShmGetImage`), else
/// with `XGetImage` (the pixels come over the socket, as over ssh). The pixels are copied
/// into a frame buffer as BGRA (a 24- or 32-bit TrueColor screen, little-endian).
final class X11Grabber {
    private let x: X11Connection
    /// The shared image and its segment, for the size last read.
    private var shared: (image: UnsafeMutablePointer<XImage>, info: UnsafeMutablePointer<XShmSegmentInfo>)?
    private(set) var usesShm: Bool

    /// Why a read failed.
    enum Failure: Error, CustomStringConvertible {
        case unreadable(ScreenRect)
        case unsupported(bitsPerPixel: Int32, depth: Int32)

        var description: String {
            switch self {
            case .unreadable(let r):
                "the screen's part \(r) could not be read: it is no longer all on the screen (a monitor unplugged, or the resolution changed?); the last picture stays — start cvdcam --screen again"
            case .unsupported(let bits, let depth):
                "the screen has \(depth)-bit colour in \(bits)-bit pixels; cvdcam reads 24- and 32-bit colour screens"
            }
        }
    }

    init(_ connection: X11Connection) {
        x = connection
        usesShm = connection.hasShm
    }

    deinit { dropShared() }

    /// Reads `rect` into `buffer` (grown as needed) as tightly packed BGRA with opaque alpha.
    func read(_ rect: ScreenRect, into buffer: inout [UInt8]) throws(Failure) -> FrameLayout {
        let layout = FrameLayout(format: .bgra, width: rect.width, height: rect.height)
        if buffer.count < layout.minimumByteCount { buffer = [UInt8](repeating: 0, count: layout.minimumByteCount) }
        try read(rect, of: rect, into: &buffer)
        return layout
    }

    /// Reads `part` (screen pixels, inside `frame`) into its place in `buffer`, which holds
    /// `frame` as tightly packed BGRA: only what changed is read (DAMAGE's rectangles).
    func read(_ part: ScreenRect, of frame: ScreenRect, into buffer: inout [UInt8]) throws(Failure) {
        precondition(frame.contains(part) && buffer.count >= frame.width * frame.height * 4)
        let at = (x: part.x - frame.x, y: part.y - frame.y, width: frame.width)
        if usesShm {
            // XShmGetImage: the server copies the area into the segment and answers when done.
            // The segment is the frame's size; a part is read into its start, as an image of
            // the part's size (a copy of the image's header, its rows packed).
            if let image = sharedImage(frame.width, frame.height) {
                var header = image.pointee
                (header.width, header.height, header.bytes_per_line) = (
                    Int32(part.width), Int32(part.height), Int32(part.width * 4)
                )
                // It waits for the server's reply, so its errors have come in by then.
                if XShmGetImage(x.display, x.root, &header, Int32(part.x), Int32(part.y), XAllPlanes()) != 0,
                    cvd_x11_take_received_error() == 0
                {
                    try copy(&header, into: &buffer, at: at)
                    return
                }
            }
            // Refused (a segment the server cannot attach, as over ssh): plain reads from now on.
            usesShm = false
            dropShared()
        }
        // XGetImage: a new image per read, over the socket.
        guard
            let image = XGetImage(
                x.display, x.root, Int32(part.x), Int32(part.y), UInt32(part.width), UInt32(part.height),
                XAllPlanes(), ZPixmap)
        else {
            _ = cvd_x11_take_error(x.display)
            throw .unreadable(part)
        }
        defer { cvd_x11_destroy_image(image) }
        try copy(image, into: &buffer, at: at)
    }

    /// The image's rows into `buffer` (a frame `at.width` pixels wide) with the image's
    /// top-left pixel at (`at.x`, `at.y`), alpha set opaque (X leaves the fourth byte undefined).
    private func copy(
        _ image: UnsafeMutablePointer<XImage>, into buffer: inout [UInt8], at: (x: Int, y: Int, width: Int)
    ) throws(Failure) {
        let i = image.pointee
        guard i.bits_per_pixel == 32, i.depth >= 24, i.red_mask == 0xFF0000, i.blue_mask == 0xFF,
            i.byte_order == LSBFirst
        else { throw .unsupported(bitsPerPixel: i.bits_per_pixel, depth: i.depth) }
        let (w, h, stride) = (Int(i.width), Int(i.height), Int(i.bytes_per_line))
        guard let data = i.data, at.x >= 0, at.y >= 0, at.x + w <= at.width, (at.y + h) * at.width * 4 <= buffer.count
        else {
            throw .unreadable(ScreenRect(x: 0, y: 0, width: Int(i.width), height: Int(i.height)))
        }
        buffer.withUnsafeMutableBytes { out in
            // Safe: the image holds `h` rows of `stride` bytes, each with `w` 4-byte pixels
            // (Xlib's own layout for a 32-bit ZPixmap); `out` holds rows of `at.width` 4-byte
            // pixels, and the image's place in it lies inside (checked above). Words are read
            // and written through UInt32 pointers to 4-byte-aligned rows (Xlib pads rows to 32
            // bits; the array's storage is aligned).
            let source = UnsafeRawPointer(data)
            let target = out.baseAddress! + (at.y * at.width + at.x) * 4
            for y in 0..<h {
                let from = (source + y * stride).assumingMemoryBound(to: UInt32.self)
                let to = (target + y * at.width * 4).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w { to[x] = from[x] | 0xFF00_0000 }
            }
        }
    }

    /// A shared-memory image of `w` × `h` (wraps `XShmCreateImage`, `shmget`/`shmat`,
    /// `XShmAttach`), made again when the size changes; nil when the server cannot attach it.
    private func sharedImage(_ w: Int, _ h: Int) -> UnsafeMutablePointer<XImage>? {
        if let s = shared, Int(s.image.pointee.width) == w, Int(s.image.pointee.height) == h { return s.image }
        dropShared()
        let screen = XDefaultScreen(x.display)
        let info = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo())
        guard
            let image = XShmCreateImage(
                x.display, XDefaultVisual(x.display, screen), UInt32(XDefaultDepth(x.display, screen)), ZPixmap,
                nil, info, UInt32(w), UInt32(h))
        else {
            info.deallocate()
            return nil
        }
        var address: UnsafeMutableRawPointer?
        let id = cvd_shm_create(Int(image.pointee.bytes_per_line) * h, &address)
        guard id >= 0, let address else {
            cvd_x11_destroy_image(image)
            info.deallocate()
            return nil
        }
        info.pointee.shmid = id
        info.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        info.pointee.readOnly = 0
        image.pointee.data = info.pointee.shmaddr
        let attached = XShmAttach(x.display, info) != 0 && cvd_x11_take_error(x.display) == 0
        // Marked for removal now that both sides hold it (or failed to): it goes with the last detach.
        cvd_shm_release(id)
        guard attached else {
            shmdt(address)
            image.pointee.data = nil
            cvd_x11_destroy_image(image)
            info.deallocate()
            return nil
        }
        shared = (image, info)
        return image
    }

    private func dropShared() {
        guard let s = shared else { return }
        XShmDetach(x.display, s.info)
        XSync(x.display, 0)
        shmdt(s.info.pointee.shmaddr)
        s.image.pointee.data = nil // the segment is not Xlib's to free
        cvd_x11_destroy_image(s.image)
        s.info.deallocate()
        shared = nil
    }
}
