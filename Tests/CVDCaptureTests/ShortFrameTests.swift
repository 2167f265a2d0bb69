import CVDCore
import Foundation
import Testing

@testable import CVDCapture

/// Frames whose size does not match the negotiated format (a short `bytesused`, a driver
/// lying about the size) are refused by the decoder — and never read past: each frame
/// here ends exactly at a page the process may not read, so a read past its end would
/// crash the test run instead of passing.
@Suite struct ShortFrameTests {
    /// `count` bytes ending right before an inaccessible page, filled by `fill`.
    final class GuardedBytes {
        let base: UnsafeMutableRawPointer
        let total: Int
        let bytes: UnsafeRawBufferPointer

        init(_ content: [UInt8]) {
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let dataPages = max(1, (content.count + page - 1) / page)
            total = (dataPages + 1) * page
            let p = mmap(nil, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)!
            base = p
            // The last page: no access. Only this object's pages, freed in deinit.
            mprotect(p + dataPages * page, page, PROT_NONE)
            let start = p + dataPages * page - content.count
            content.withUnsafeBytes {
                if let b = $0.baseAddress { start.copyMemory(from: b, byteCount: content.count) }
            }
            bytes = UnsafeRawBufferPointer(start: start, count: content.count)
        }

        deinit { munmap(base, total) }
    }

    static let w = 64, h = 48

    /// (format, bytes per line, the full frame's size).
    static let formats: [(FourCC, Int, Int)] = [
        (.yuyv, w * 2, w * 2 * h), (.uyvy, w * 2, w * 2 * h), (.rgb24, w * 3, w * 3 * h), (.bgr24, w * 3, w * 3 * h),
        (.nv12, w, w * h * 3 / 2), (.grey, w, w * h),
    ]

    /// Decodes `bytes` placed against the guard page; true when the decoder accepted it
    /// (the body reads every byte it was lent).
    static func decode(_ content: [UInt8], _ format: CaptureFormat) -> Bool {
        let g = GuardedBytes(content)
        let decoder = FrameDecoder(format: format)
        do {
            let sum = try decoder.decode(g.bytes) { src, layout, _ in
                // Touch every byte the kernel would read.
                src.prefix(layout.minimumByteCount).reduce(0) { $0 &+ Int($1) }
            }
            return sum >= 0
        } catch {
            return false
        }
    }

    @Test(arguments: formats.indices)
    func exactFramesDecodeAndShortOnesAreRefused(_ i: Int) {
        let (code, stride, size) = Self.formats[i]
        let fmt = CaptureFormat(fourCC: code, width: Self.w, height: Self.h, bytesPerLine: stride, sizeImage: size)
        let full = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        #expect(Self.decode(full, fmt), "\(code): a whole frame ending at the guard page decodes")
        for cut in [1, stride, size / 2, size - 1, size] {
            #expect(!Self.decode(Array(full.dropLast(cut)), fmt), "\(code): \(size - cut) of \(size) bytes is refused")
        }
    }

    /// A driver claiming a larger frame than it filled: the stream hands the decoder no
    /// more than the mapped buffer (`CaptureStream` clamps `bytesused`), and MJPEG frames
    /// cut anywhere are refused without reading past their end.
    @Test func truncatedMJPEGIsNeverReadPast() {
        let rgb = TestJPEG.blocks(width: Self.w, height: Self.h, colours: [RGB8(200, 30, 40), RGB8(20, 160, 60)])
        let jpeg = TestJPEG.encode(rgb, width: Self.w, height: Self.h)
        let fmt = CaptureFormat(
            fourCC: .mjpeg, width: Self.w, height: Self.h, bytesPerLine: 0, sizeImage: Self.w * Self.h * 2)
        #expect(Self.decode(jpeg, fmt))
        for cut in stride(from: 1, to: jpeg.count, by: 7) {
            #expect(!Self.decode(Array(jpeg.prefix(cut)), fmt), "cut at \(cut) of \(jpeg.count)")
        }
    }

    /// Drop counting from the driver's 32-bit sequence numbers, across the wrap.
    @Test func sequenceGapsAreCountedAcrossTheWrap() {
        #expect(CaptureStream.gap(from: 10, to: 11) == 0)
        #expect(CaptureStream.gap(from: 10, to: 14) == 3)
        #expect(CaptureStream.gap(from: UInt32.max, to: 0) == 0, "the counter wraps: no frame lost")
        #expect(CaptureStream.gap(from: UInt32.max - 1, to: 1) == 2)
        #expect(CaptureStream.gap(from: 500, to: 3) == 0, "a count that starts again is no gap")
        #expect(CaptureStream.gap(from: 7, to: 7) == 0)
    }
}
