import CVDKernelInterface
import CVDSystem
import Dispatch

/// Applies one colour transform to whole 8-bit frames.
///
/// Sources: packed RGB24/BGR24/RGBA/BGRA/ARGB, or YUYV/UYVY 4:2:2 in any
/// `YCbCrEncoding`; destinations: any packed RGB format (alpha kept from RGB sources
/// that have it, 255 otherwise). Any row stride, odd widths for RGB.
///
/// The per-pixel work is arithmetic that LLVM vectorises (CVDKernels: `TransferMath`,
/// `PixelMap`), compiled per instruction-set level and run at `level`: no lookup
/// tables, nothing allocated per frame. For Y′CbCr sources a kernel may also
/// hold, once per encoding and only if used, a 64 MiB exact output table (`YCbCrTable`,
/// built by the compute path itself), which camera-like frames read with
/// one lookup per pixel.
public final class FrameKernel: Sendable {
    public let transform: ColourTransform
    /// The instruction-set level whose loops this kernel runs.
    public let level: KernelLevel
    let math: PixelCoefficients
    let kernels: KernelEntryPoints
    private let ycbcrTables = Locked<[YCbCrEncoding: YCbCrTable]>([:])

    /// How Y′CbCr frames are processed.
    public enum Strategy: String, Sendable, CaseIterable {
        /// Table when the kernel `prefersTable` and the frame looks like a camera picture
        /// (building the table on first use), computing otherwise.
        case automatic
        /// Always compute every pixel.
        case compute
        /// Always use the table (built on first use).
        case table
    }

    /// - Parameter level: the loops to run (default: the best this CPU supports, or what
    ///   `CVDCAM_KERNEL_LEVEL` asks for); must be one of `KernelLevel.supported`.
    public init(_ transform: ColourTransform, level: KernelLevel = .active) {
        precondition(level <= KernelLevel.detected, "this CPU cannot run the \(level) kernels")
        self.transform = transform
        self.level = level
        math = PixelMath.coefficients(transform)
        kernels = level.entryPoints
        prefersTable = !transform.isIdentity
    }

    public convenience init(_ simulation: Simulation, level: KernelLevel = .active) {
        self.init(simulation.transform, level: level)
    }

    /// Whether camera pictures are faster through the Y′CbCr table than computed. Not for
    /// normal vision: without the transfer functions, computing is a plain Y′CbCr → RGB
    /// conversion, faster than the lookups (docs/performance.md, "The colour kernel").
    public let prefersTable: Bool

    /// Whether `apply` with this strategy may read the Y′CbCr table, so it is worth building.
    public func mayUseTable(_ strategy: Strategy) -> Bool {
        strategy == .table || (strategy == .automatic && prefersTable)
    }

    /// Whether `apply` with this strategy reads the table for this 4:2:2 frame, written to
    /// a 4-byte-aligned BGRA destination (the only one the table serves).
    public func usesTable(for source: UnsafeRawBufferPointer, _ layout: FrameLayout, strategy: Strategy) -> Bool {
        guard layout.format.isYCbCr, (try? layout.validate()) != nil,
            source.count >= layout.minimumByteCount, let base = source.baseAddress
        else { return false }
        return readsTable(base, layout, strategy)
    }

    /// The one decision behind `apply` and `usesTable`: camera-like frames (the probe) go
    /// through the table under `.automatic`, every frame under `.table`.
    private func readsTable(_ source: UnsafeRawPointer, _ layout: FrameLayout, _ strategy: Strategy) -> Bool {
        mayUseTable(strategy) && (strategy == .table || CoherenceProbe.isCoherent(source, layout))
    }

    /// Bytes of one Y′CbCr output table (the compute path needs no tables).
    public static var ycbcrTableBytes: Int { YCbCrTable.byteCount }

    /// Bytes this kernel holds in tables right now.
    public var tableBytes: Int {
        ycbcrTables.withLock { $0.count } * YCbCrTable.byteCount
    }

    /// Builds (once) the exact Y′CbCr table for an encoding; later frames in that
    /// encoding may then use it. Thread-safe; callers may do this in the background.
    public func prepareTable(for encoding: YCbCrEncoding) {
        _ = table(for: encoding)
    }

    /// Whether the table for an encoding is built (so a frame will not wait for it).
    public func hasTable(for encoding: YCbCrEncoding) -> Bool {
        ycbcrTables.withLock { $0[encoding] != nil }
    }

    /// Built outside the lock: a build takes a good part of a second, and `hasTable`, which
    /// the live view asks every frame, never waits for one (a frame would stall at each mode
    /// change). Two threads asking at once may both build; the first one stored wins.
    func table(for encoding: YCbCrEncoding) -> YCbCrTable {
        if let t = ycbcrTables.withLock({ $0[encoding] }) { return t }
        let built = YCbCrTable(math: math, coefficients: YCbCrCoefficients(encoding), kernels: kernels)
        return ycbcrTables.withLock { cache in
            if let t = cache[encoding] { return t }
            cache[encoding] = built
            return built
        }
    }

    /// Whether a 4:2:2 frame looks like a camera picture (coherent enough for the table to
    /// pay) rather than incoherent content such as noise: the probe `.automatic` uses.
    public static func looksLikeCamera(_ source: UnsafeRawBufferPointer, _ layout: FrameLayout) -> Bool {
        guard layout.format.isYCbCr, (try? layout.validate()) != nil,
            source.count >= layout.minimumByteCount, let base = source.baseAddress
        else { return false }
        return CoherenceProbe.isCoherent(base, layout)
    }

    /// Simulates one colour through the kernel's own (float) path.
    public func apply(_ c: RGB8) -> RGB8 {
        var px = [c.r, c.g, c.b]
        let l = FrameLayout(format: .rgb24, width: 1, height: 1)
        px.withUnsafeMutableBytes { p in
            kernels.rgb(math, KernelJob(UnsafeRawPointer(p.baseAddress!), l, p.baseAddress!, l, rows: 0..<1))
        }
        return RGB8(px[0], px[1], px[2])
    }

    /// Transforms `source` into `destination`. Both must have the same width and height.
    ///
    /// - Parameters:
    ///   - ycbcr: how to read Y′CbCr sources.
    ///   - threads: bands of rows processed concurrently; 1 runs on the calling thread.
    public func apply(
        source: UnsafeRawBufferPointer, sourceLayout: FrameLayout,
        destination: UnsafeMutableRawBufferPointer, destinationLayout: FrameLayout,
        ycbcr: YCbCrEncoding = .bt601Limited,
        strategy: Strategy = .automatic,
        threads: Int = 1
    ) throws(FrameError) {
        try sourceLayout.validate()
        guard source.count >= sourceLayout.minimumByteCount else {
            throw .bufferTooSmall(have: source.count, need: sourceLayout.minimumByteCount)
        }
        if sourceLayout.format.isPlanar, let planes = YCbCrPlanes(source, sourceLayout) {
            try apply(
                planes: planes, destination: destination, destinationLayout: destinationLayout, ycbcr: ycbcr,
                strategy: strategy, threads: threads)
            return
        }
        guard
            let dst = try Self.checkedDestination(
                destination, destinationLayout, for: (sourceLayout.width, sourceLayout.height),
                named: sourceLayout.description),
            let src = source.baseAddress
        else { return }
        let job: Job
        if sourceLayout.format.isYCbCr {
            job =
                Self.tableServes(dst, destinationLayout) && readsTable(src, sourceLayout, strategy)
                ? .table(table(for: ycbcr)) : .ycbcr(YCbCrCoefficients(ycbcr))
        } else {
            job = .rgb
        }
        // Raw pointers are not Sendable; the bands write disjoint rows, and the caller
        // keeps both buffers alive until `apply` returns.
        nonisolated(unsafe) let s = src
        nonisolated(unsafe) let d = dst
        Self.inBands(of: sourceLayout.height, threads: threads) { rows in
            self.run(job, s, sourceLayout, d, destinationLayout, rows: rows)
        }
    }

    /// The destination's start, once its layout is valid, an RGB format, of the source's
    /// size (`named` in the error, made only then: nothing is allocated per frame) and
    /// within its buffer; nil for an empty buffer.
    static func checkedDestination(
        _ destination: UnsafeMutableRawBufferPointer, _ layout: FrameLayout, for size: (width: Int, height: Int),
        named source: @autoclosure () -> String
    ) throws(FrameError) -> UnsafeMutableRawPointer? {
        try layout.validate()
        guard layout.format.rgbOffsets != nil else { throw .unsupportedDestination(layout.format) }
        guard size.width == layout.width, size.height == layout.height else {
            throw .sizeMismatch(source: source(), destination: layout.description)
        }
        guard destination.count >= layout.minimumByteCount else {
            throw .bufferTooSmall(have: destination.count, need: layout.minimumByteCount)
        }
        return destination.baseAddress
    }

    /// Whether the Y′CbCr table can write this destination: 4-byte-aligned BGRA rows.
    static func tableServes(_ destination: UnsafeMutableRawPointer, _ layout: FrameLayout) -> Bool {
        layout.format == .bgra && Int(bitPattern: destination) % 4 == 0 && layout.bytesPerRow % 4 == 0
    }

    /// Runs `band` over `height` rows: on the calling thread, or split into `threads`
    /// consecutive bands run concurrently (never more bands than rows).
    static func inBands(of height: Int, threads: Int, _ band: @Sendable (Range<Int>) -> Void) {
        let n = max(1, min(threads, height))
        if n == 1 {
            band(0..<height)
        } else {
            DispatchQueue.concurrentPerform(iterations: n) { i in band((height * i / n)..<(height * (i + 1) / n)) }
        }
    }

    /// What one frame needs; a value, so a frame allocates nothing.
    private enum Job: Sendable {
        case rgb
        case ycbcr(YCbCrCoefficients)
        case table(YCbCrTable)
    }

    private func run(
        _ job: Job, _ source: UnsafeRawPointer, _ sourceLayout: FrameLayout,
        _ destination: UnsafeMutableRawPointer, _ destinationLayout: FrameLayout, rows: Range<Int>
    ) {
        // `apply` validated both layouts against their buffers (what `KernelJob` requires).
        let band = KernelJob(source, sourceLayout, destination, destinationLayout, rows: rows)
        switch job {
        case .rgb: kernels.rgb(math, band)
        case .ycbcr(let k): kernels.ycbcr(math, k, band)
        case .table(let t): kernels.ycbcrLookup(t.entries, band)
        }
    }
}
