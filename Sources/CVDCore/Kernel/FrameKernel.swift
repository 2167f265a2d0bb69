import CVDKernelInterface
import Dispatch
import Synchronization

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
    public let transform: ColorTransform
    /// The instruction-set level whose loops this kernel runs.
    public let level: KernelLevel
    private let math: PixelCoefficients
    private let kernels: KernelEntryPoints
    private let ycbcrTables = Mutex<[YCbCrEncoding: YCbCrTable]>([:])

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
    public init(_ transform: ColorTransform, level: KernelLevel = .active) {
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
    /// conversion, faster than the lookups (README, Performance).
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

    /// Built outside the lock: a build takes 0.1–0.3 s (longer on a busy machine), and
    /// `hasTable`, which the live view asks every frame, must not wait for it (`scripts/soak`
    /// found 100–230 ms frames at each mode change while it did). Two threads asking at once
    /// may both build; the first one stored wins.
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
        source: UnsafeRawBufferPointer, _ sl: FrameLayout,
        destination: UnsafeMutableRawBufferPointer, _ dl: FrameLayout,
        ycbcr: YCbCrEncoding = .bt601Limited,
        strategy: Strategy = .automatic,
        threads: Int = 1
    ) throws(FrameError) {
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

        let job: Job
        if sl.format.isYCbCr {
            let lookup = dl.format == .bgra && Int(bitPattern: dst) % 4 == 0 && dl.bytesPerRow % 4 == 0
            job = lookup && readsTable(src, sl, strategy) ? .table(table(for: ycbcr)) : .ycbcr(YCbCrCoefficients(ycbcr))
        } else {
            job = .rgb
        }
        // Raw pointers are not Sendable; the bands write disjoint rows, and the caller
        // keeps both buffers alive until `apply` returns.
        nonisolated(unsafe) let s = src
        nonisolated(unsafe) let d = dst
        let n = max(1, min(threads, sl.height))
        if n == 1 {
            run(job, s, sl, d, dl, rows: 0..<sl.height)
        } else {
            DispatchQueue.concurrentPerform(iterations: n) { i in
                run(job, s, sl, d, dl, rows: (sl.height * i / n)..<(sl.height * (i + 1) / n))
            }
        }
    }

    /// Transforms planar 4:2:2 or 4:2:0 Y′CbCr (what a JPEG decoder delivers) into
    /// `destination`, reading the planes straight (no packing to YUYV first): the same
    /// pixels as packing them to YUYV and calling `apply(source:…)`, by the same paths — the
    /// table for camera-like pictures into aligned BGRA, else computed.
    public func apply(
        planes: YCbCrPlanes, destination: UnsafeMutableRawBufferPointer, _ dl: FrameLayout,
        ycbcr: YCbCrEncoding, strategy: Strategy = .automatic, threads: Int = 1
    ) throws(FrameError) {
        try planes.validate()
        try dl.validate()
        guard dl.format.rgbOffsets != nil else { throw .unsupportedDestination(dl.format) }
        guard planes.width == dl.width, planes.height == dl.height else {
            throw .sizeMismatch(source: "\(planes.width)×\(planes.height) Y′CbCr planes", destination: dl.description)
        }
        guard destination.count >= dl.minimumByteCount else {
            throw .bufferTooSmall(have: destination.count, need: dl.minimumByteCount)
        }
        guard let dst = destination.baseAddress else { return }
        let lookup = dl.format == .bgra && Int(bitPattern: dst) % 4 == 0 && dl.bytesPerRow % 4 == 0
        let table =
            lookup && mayUseTable(strategy) && (strategy == .table || CoherenceProbe.isCoherent(planes))
            ? self.table(for: ycbcr) : nil
        let k = YCbCrCoefficients(ycbcr)
        let math = math
        let kernels = kernels
        // As in `apply(source:…)`: bands write disjoint rows; the caller keeps the planes alive.
        nonisolated(unsafe) let d = dst
        let n = max(1, min(threads, planes.height))
        let band: @Sendable (Range<Int>) -> Void = { rows in
            if let t = table {
                t.run(planes: planes, destination: d, dl, rows: rows)
            } else {
                PlanarPath(
                    kernels: kernels, math: math, coefficients: k, planes: planes, destination: d, dl: dl, rows: rows
                ).run()
            }
        }
        if n == 1 {
            band(0..<planes.height)
        } else {
            DispatchQueue.concurrentPerform(iterations: n) { i in
                band((planes.height * i / n)..<(planes.height * (i + 1) / n))
            }
        }
    }

    /// What one frame needs; a value, so a frame allocates nothing.
    private enum Job: Sendable {
        case rgb
        case ycbcr(YCbCrCoefficients)
        case table(YCbCrTable)
    }

    private func run(
        _ job: Job, _ s: UnsafeRawPointer, _ sl: FrameLayout,
        _ d: UnsafeMutableRawPointer, _ dl: FrameLayout, rows: Range<Int>
    ) {
        // `apply` validated both layouts against their buffers (what `KernelJob` requires).
        let band = KernelJob(s, sl, d, dl, rows: rows)
        switch job {
        case .rgb: kernels.rgb(math, band)
        case .ycbcr(let k): kernels.ycbcr(math, k, band)
        case .table(let t): kernels.ycbcrLookup(t.entries, band)
        }
    }
}
