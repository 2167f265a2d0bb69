import CJPEG
import CVDCore

/// Decodes 4:2:2 / 4:2:0 MJPEG frames strip by strip with libjpeg's raw-data reading
/// (`jpeg_read_raw_data`): each iMCU row (8 or 16 rows, fewer at a reduced scale) arrives
/// as Y′CbCr planes in a small buffer that stays in cache, and is handed on at once — to
/// the colour kernel, or packed as YUYV — instead of whole planes written out and read
/// back. Same library and inverse DCT as TurboJPEG, so the same samples; measured faster
/// than TurboJPEG's whole-plane decoding (docs/performance.md, "MJPEG").
///
/// 4:2:0 frames decode at full size only: at a reduced scale libjpeg decodes their chroma
/// with a larger inverse DCT, so the raw planes are no longer 4:2:0 (`FrameDecoder` then
/// uses `JPEGDecoder.decodePlanes`). Any error or warning (corrupt or truncated data)
/// fails the frame, as with `JPEGDecoder`.
public final class JPEGStripDecoder {
    /// libjpeg's state, at a fixed address (it keeps pointers into itself).
    private let state: UnsafeMutablePointer<cvd_jpeg>
    /// Three planes of 16 rows each, `rowBytes` per row, and their row pointers.
    private var strips: UnsafeMutablePointer<UInt8>
    private var rowPointers: UnsafeMutablePointer<JSAMPROW?>
    private var rowBytes = 0
    public static let stripRows = 16

    public init() {
        state = .allocate(capacity: 1)
        // cvd_jpeg_init fails only when out of memory.
        guard cvd_jpeg_init(state) == 0 else { fatalError("libjpeg: out of memory") }
        strips = .allocate(capacity: 0)
        rowPointers = .allocate(capacity: 3 * Self.stripRows)
    }

    deinit {
        cvd_jpeg_destroy(state)
        state.deallocate()
        strips.deallocate()
        rowPointers.deallocate()
    }

    /// Makes the strip buffer wide enough for `width` samples (rounded up to whole blocks).
    private func reserve(width: Int) {
        let need = (width + 15) / 16 * 16
        guard need > rowBytes else { return }
        strips.deallocate()
        strips = .allocate(capacity: 3 * Self.stripRows * need)
        rowBytes = need
        for i in 0..<(3 * Self.stripRows) { rowPointers[i] = strips + i * need }
    }

    /// The current `decode` call's strip closure and planes' shape, for libjpeg's C callback.
    private var body: ((YCbCrPlanes, Int) -> Void)?
    private var subsampling = YCbCrPlanes.Subsampling.s422
    private var width = 0

    /// Decodes `jpeg` (whose header says `width` × `height`) at 1/`reduction` of its size
    /// and calls `strip` with each strip's planes and its first row, top to bottom.
    /// Returns the decoded size.
    @discardableResult
    public func decode(
        _ jpeg: UnsafeRawBufferPointer, width: Int, subsampling: YCbCrPlanes.Subsampling, reduction: Int,
        strip: (YCbCrPlanes, _ firstRow: Int) -> Void
    ) throws(JPEGDecoder.DecodeError) -> FrameSize {
        guard subsampling == .s422 || reduction == 1 else {
            throw JPEGDecoder.DecodeError(description: "4:2:0 strips are decoded at full size only")
        }
        guard [1, 2, 4, 8].contains(reduction), let data = jpeg.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw JPEGDecoder.DecodeError(description: "nothing to decode at reduction \(reduction)")
        }
        reserve(width: width)
        var w: Int32 = 0
        var h: Int32 = 0
        (self.subsampling, self.width) = (subsampling, (width + reduction - 1) / reduction)
        let rc = withoutActuallyEscaping(strip) { escaping -> Int32 in
            body = escaping
            defer { body = nil } // not kept past this call
            let rows = rowPointers
            // The three components' row-pointer arrays, 16 rows each, inside `rowPointers`.
            return withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<JSAMPROW?>?.self, capacity: 3) { c in
                c[0] = rows
                c[1] = rows + Self.stripRows
                c[2] = rows + 2 * Self.stripRows
                // `self` outlives the call; the callback runs only inside cvd_jpeg_decode_strips.
                return cvd_jpeg_decode_strips(
                    state, data, UInt(jpeg.count), Int32(reduction), c.baseAddress, Int32(rowBytes),
                    Unmanaged.passUnretained(self).toOpaque(),
                    { raw, first, n in
                        Unmanaged<JPEGStripDecoder>.fromOpaque(raw!).takeUnretainedValue().deliver(
                            first: Int(first), rows: Int(n))
                    }, &w, &h)
            }
        }
        guard rc == 0 else { throw JPEGDecoder.DecodeError(description: String(cString: cvd_jpeg_message(state))) }
        return FrameSize(Int(w), Int(h))
    }

    /// One strip from libjpeg: its rows in the strip buffer, as planes.
    private func deliver(first: Int, rows: Int) {
        let plane = Self.stripRows * rowBytes
        body?(
            YCbCrPlanes(
                y: UnsafeRawPointer(strips), cb: UnsafeRawPointer(strips + plane),
                cr: UnsafeRawPointer(strips + 2 * plane),
                yStride: rowBytes, chromaStride: rowBytes, width: width, height: rows, subsampling: subsampling), first)
    }
}
