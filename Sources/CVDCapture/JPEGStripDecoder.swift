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
    /// With `decode(_:…into:)`: the planar frame libjpeg writes straight into, and the
    /// luma rows of a strip (its row pointers move down the frame strip by strip).
    private var target: (base: UnsafeMutableRawPointer, layout: FrameLayout, stripRows: Int)?

    /// Decodes `jpeg` at 1/`reduction` straight into a planar frame (`layout`, i422 or i420
    /// as the JPEG is, its `planes` geometry: luma rows and strides rounded up to whole
    /// strips and blocks, as libjpeg writes them) at `base`, which holds
    /// `layout.minimumByteCount` bytes: no strip buffer, no copy. Returns the decoded size.
    @discardableResult
    public func decode(
        _ jpeg: UnsafeRawBufferPointer, width: Int, subsampling: YCbCrPlanes.Subsampling, reduction: Int,
        into base: UnsafeMutableRawPointer, _ layout: FrameLayout
    ) throws(JPEGDecoder.DecodeError) -> FrameSize {
        guard layout.format == (subsampling == .s420 ? .i420 : .i422), layout.bytesPerRow % 16 == 0 else {
            throw JPEGDecoder.DecodeError(description: "a planar \(subsampling) frame with 16-byte rows is needed")
        }
        let stripRows = subsampling == .s420 ? 16 : 8 / reduction
        target = (base, layout, stripRows)
        defer { target = nil }
        point(at: 0)
        return try decode(
            jpeg, width: width, subsampling: subsampling, reduction: reduction, rowBytes: layout.bytesPerRow
        ) { _, _ in }
    }

    /// Points the row pointers at the target's strip starting at luma row `first`.
    private func point(at first: Int) {
        guard let t = target else { return }
        let g = t.layout.planes
        let perChroma = t.layout.format.rowsPerChromaRow
        // Rows past the last strip are not pointed at (the loop ends first): every row
        // pointed at lies inside the planes, whose rows are rounded up to whole strips.
        for i in 0..<min(t.stripRows, max(0, g.lumaRows - first)) {
            rowPointers[i] = (t.base + (first + i) * t.layout.bytesPerRow).assumingMemoryBound(to: UInt8.self)
        }
        let c0 = first / perChroma
        for i in 0..<min(t.stripRows / perChroma, max(0, g.chromaRows - c0)) {
            rowPointers[Self.stripRows + i] = (t.base + g.cbOffset + (c0 + i) * g.chromaStride)
                .assumingMemoryBound(to: UInt8.self)
            rowPointers[2 * Self.stripRows + i] = (t.base + g.crOffset + (c0 + i) * g.chromaStride)
                .assumingMemoryBound(to: UInt8.self)
        }
    }

    /// Decodes `jpeg` (whose header says `width` × `height`) at 1/`reduction` of its size
    /// and calls `strip` with each strip's planes and its first row, top to bottom.
    /// Returns the decoded size.
    @discardableResult
    public func decode(
        _ jpeg: UnsafeRawBufferPointer, width: Int, subsampling: YCbCrPlanes.Subsampling, reduction: Int,
        strip: (YCbCrPlanes, _ firstRow: Int) -> Void
    ) throws(JPEGDecoder.DecodeError) -> FrameSize {
        reserve(width: width)
        for i in 0..<(3 * Self.stripRows) { rowPointers[i] = strips + i * rowBytes }
        return try decode(jpeg, width: width, subsampling: subsampling, reduction: reduction, rowBytes: rowBytes, strip)
    }

    private func decode(
        _ jpeg: UnsafeRawBufferPointer, width: Int, subsampling: YCbCrPlanes.Subsampling, reduction: Int,
        rowBytes: Int, _ strip: (YCbCrPlanes, _ firstRow: Int) -> Void
    ) throws(JPEGDecoder.DecodeError) -> FrameSize {
        guard subsampling == .s422 || reduction == 1 else {
            throw JPEGDecoder.DecodeError(description: "4:2:0 strips are decoded at full size only")
        }
        guard [1, 2, 4, 8].contains(reduction), let data = jpeg.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw JPEGDecoder.DecodeError(description: "nothing to decode at reduction \(reduction)")
        }
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

    /// One strip from libjpeg: its rows in the strip buffer, as planes; or, decoding into
    /// a frame, the row pointers moved on to the next strip.
    private func deliver(first: Int, rows: Int) {
        if let t = target {
            point(at: first + t.stripRows)
            return
        }
        let plane = Self.stripRows * rowBytes
        body?(
            YCbCrPlanes(
                y: UnsafeRawPointer(strips), cb: UnsafeRawPointer(strips + plane),
                cr: UnsafeRawPointer(strips + 2 * plane),
                yStride: rowBytes, chromaStride: rowBytes, width: width, height: rows, subsampling: subsampling), first)
    }
}
