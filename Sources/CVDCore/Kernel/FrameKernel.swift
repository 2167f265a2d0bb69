import Dispatch
import Synchronization

/// Applies one colour transform to whole 8-bit frames.
///
/// Sources: packed RGB24/BGR24/RGBA/BGRA/ARGB, or YUYV/UYVY 4:2:2 in any
/// `YCbCrEncoding`; destinations: any packed RGB format (alpha kept from RGB sources
/// that have it, 255 otherwise). Any row stride, odd widths for RGB.
///
/// Nothing is allocated per frame. Per kernel: 4 KiB decode + 8 KiB encode tables;
/// for Y′CbCr sources, once per encoding and only if used, a 64 MiB exact output
/// table (`YCbCrTable`, built in about 0.1–0.2 s) for camera-like frames.
public final class FrameKernel: Sendable {
    public let transform: ColorTransform
    private let tables: TransferTables
    private let map: PixelMap
    private let ycbcrTables = Mutex<[YCbCrEncoding: YCbCrTable]>([:])

    /// How Y′CbCr frames are processed.
    public enum Strategy: String, Sendable, CaseIterable {
        /// Table when the frame looks like a camera picture and the table exists
        /// (building it on first use), computing otherwise.
        case automatic
        /// Always compute every pixel.
        case compute
        /// Always use the table (built on first use).
        case table
    }

    public init(_ transform: ColorTransform) {
        self.transform = transform
        tables = TransferTables(linearLight: transform.isLinearLight)
        // `map` points into `tables`, which this kernel owns for its whole life.
        map = PixelMap(transform, tables: tables)
    }

    public convenience init(_ simulation: Simulation) {
        self.init(simulation.transform)
    }

    /// Bytes of the lookup tables every kernel prepares (decode + encode).
    public static var baseTableBytes: Int { TransferTables.byteCount }
    /// Bytes of one Y′CbCr output table.
    public static var ycbcrTableBytes: Int { YCbCrTable.byteCount }

    /// Bytes this kernel holds in tables right now.
    public var tableBytes: Int {
        Self.baseTableBytes + ycbcrTables.withLock { $0.count } * YCbCrTable.byteCount
    }

    /// Builds (once) the exact Y′CbCr table for an encoding; later frames in that
    /// encoding may then use it. Thread-safe; callers may do this in the background.
    public func prepareTable(for encoding: YCbCrEncoding) {
        _ = table(for: encoding)
    }

    private func table(for encoding: YCbCrEncoding) -> YCbCrTable {
        ycbcrTables.withLock { cache in
            if let t = cache[encoding] { return t }
            let t = YCbCrTable(map: map, decoder: YCbCrDecoder(encoding))
            cache[encoding] = t
            return t
        }
    }

    /// Whether `.automatic` would use the table for this 4:2:2 frame (a camera-like
    /// picture) rather than compute every pixel (incoherent content such as noise).
    public static func looksLikeCamera(_ source: UnsafeRawBufferPointer, _ layout: FrameLayout) -> Bool {
        guard layout.format.isYCbCr, (try? layout.validate()) != nil,
              source.count >= layout.minimumByteCount, let base = source.baseAddress else { return false }
        return CoherenceProbe.isCoherent(base, layout)
    }

    /// Simulates one colour through the kernel's own (float) path.
    public func apply(_ c: RGB8) -> RGB8 {
        let o = map.map(Int(c.r), Int(c.g), Int(c.b))
        return RGB8(UInt8(o.r), UInt8(o.g), UInt8(o.b))
    }

    /// Transforms `source` into `destination`. Both must have the same width and height.
    ///
    /// - Parameters:
    ///   - ycbcr: how to read Y′CbCr sources.
    ///   - threads: bands of rows processed concurrently; 1 runs on the calling thread.
    public func apply(source: UnsafeRawBufferPointer, _ sl: FrameLayout,
                      destination: UnsafeMutableRawBufferPointer, _ dl: FrameLayout,
                      ycbcr: YCbCrEncoding = .bt601Limited,
                      strategy: Strategy = .automatic,
                      threads: Int = 1) throws(FrameError) {
        try sl.validate()
        try dl.validate()
        guard dl.format.rgbOffsets != nil else { throw .unsupportedDestination(dl.format) }
        guard sl.width == dl.width, sl.height == dl.height else {
            throw .sizeMismatch(source: sl.description, destination: dl.description)
        }
        guard source.count >= sl.minimumByteCount else {
            throw .bufferTooSmall(have: source.count, need: sl.minimumByteCount)
        }
        guard destination.count >= dl.minimumByteCount else {
            throw .bufferTooSmall(have: destination.count, need: dl.minimumByteCount)
        }
        guard let src = source.baseAddress, let dst = destination.baseAddress else { return }

        let body: @Sendable (Range<Int>) -> Void
        // Raw pointers are not Sendable; the bands below write disjoint rows and the
        // caller keeps both buffers alive until `apply` returns.
        nonisolated(unsafe) let s = src, d = dst
        let map = self.map
        if sl.format.isYCbCr {
            let lookup = dl.format == .bgra && Int(bitPattern: dst) % 4 == 0 && dl.bytesPerRow % 4 == 0
            let useTable: Bool = switch strategy {
            case .compute: false
            case .table: lookup
            case .automatic: lookup && CoherenceProbe.isCoherent(src, sl)
            }
            if useTable {
                let t = table(for: ycbcr)
                body = { rows in t.run(source: s, sl, destination: d, dl, rows: rows) }
            } else {
                let decoder = YCbCrDecoder(ycbcr)
                body = { rows in YCbCrPath.run(map, decoder, source: s, sl, destination: d, dl, rows: rows) }
            }
        } else {
            body = { rows in RGBPath.run(map, source: s, sl, destination: d, dl, rows: rows) }
        }
        withExtendedLifetime(tables) {
            Self.split(rows: sl.height, threads: threads, body)
        }
    }

    /// Runs `body` over `threads` bands of rows (on the calling thread when 1).
    static func split(rows: Int, threads: Int, _ body: @Sendable (Range<Int>) -> Void) {
        let n = max(1, min(threads, rows))
        if n == 1 { body(0..<rows); return }
        DispatchQueue.concurrentPerform(iterations: n) { i in
            body((rows * i / n)..<(rows * (i + 1) / n))
        }
    }
}
