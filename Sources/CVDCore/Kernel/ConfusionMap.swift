import CVDKernelInterface
import CVDSystem

/// "What gets lost": marks every pixel a simulation makes look like a picked colour
/// although in normal vision it is clearly another colour (`ConfusionCriterion`), with
/// moving black-and-white diagonal stripes (`ConfusionMarking`), and says how much of
/// the picture that is.
///
/// The criterion is evaluated once per cell of a 64³ grid over the source frame's own
/// coordinates (R′G′B′, or Y′CbCr in its encoding), when first needed or in advance
/// with `prepare` (about 50 ms per table on one core: do it off the render thread); a frame costs
/// one lookup per pixel. Nothing is allocated per frame. Thread-safe.
public final class ConfusionMap: Sendable {
    public let criterion: ConfusionCriterion
    /// The instruction-set level whose loop marks frames.
    public let level: KernelLevel
    private let tables = Locked<[ConfusionCoordinates: ConfusionTable]>([:])

    /// Width of one black or white band along a row, in picture pixels; the period is 4×.
    public static let stripeWidth = 8

    /// The picked colour `c` (as it is, not simulated) and how the pane simulates.
    public convenience init(picked: RGB8, simulation: Simulation, level: KernelLevel = .active) {
        self.init(picked: picked, transform: simulation.transform, level: level)
    }

    public init(picked: RGB8, transform: ColourTransform, level: KernelLevel = .active) {
        precondition(level <= KernelLevel.detected, "this CPU cannot run the \(level) kernels")
        criterion = ConfusionCriterion(picked: picked, transform: transform)
        self.level = level
    }

    public var picked: RGB8 { criterion.picked }

    /// Builds (once) the table frames of this format (and Y′CbCr encoding, for 4:2:2)
    /// read, so that `mark` will not wait for it. `threads` > 1 splits the build.
    public func prepare(for format: PixelFormat, ycbcr: YCbCrEncoding = .bt601Limited, threads: Int = 1) {
        _ = table(Self.coordinates(format, ycbcr), threads: threads)
    }

    /// Whether `mark` on such frames would find its table built.
    public func isPrepared(for format: PixelFormat, ycbcr: YCbCrEncoding = .bt601Limited) -> Bool {
        tables.withLock { $0[Self.coordinates(format, ycbcr)] != nil }
    }

    /// Overlays the stripe pattern on the confusable pixels of `destination` in place and
    /// returns their share of the picture (0…1).
    ///
    /// - Parameters:
    ///   - source: the frame as it came (any format `FrameKernel.apply` reads).
    ///   - destination: a 4-byte RGB frame (BGRA, RGBA or ARGB) of the same size that
    ///     already holds the simulated picture (the viewer's streaming texture).
    ///     Non-confusable pixels, padding and alpha of unmarked pixels are left untouched.
    ///   - ycbcr: how to read Y′CbCr sources.
    ///   - phase: shifts the stripes by this many pixels along a row; advance it (e.g. by 1
    ///     per frame) to make them move.
    @discardableResult
    public func mark(
        source: UnsafeRawBufferPointer, _ sl: FrameLayout,
        destination: UnsafeMutableRawBufferPointer, _ dl: FrameLayout,
        ycbcr: YCbCrEncoding = .bt601Limited, phase: Int = 0
    ) throws(FrameError) -> Double {
        try dl.validate()
        guard let alpha = dl.format.rgbOffsets?.a, dl.format.bytesPerPixel == 4 else {
            throw .unsupportedDestination(dl.format)
        }
        guard sl.width == dl.width, sl.height == dl.height else {
            throw .sizeMismatch(source: sl.description, destination: dl.description)
        }
        guard destination.count >= dl.minimumByteCount else {
            throw .bufferTooSmall(have: destination.count, need: dl.minimumByteCount)
        }
        return try run(source, sl, destination.baseAddress, dl, ycbcr, phase, black: UInt32(255) << UInt32(8 * alpha))
    }

    /// The table frames of this format read (built on first use): 64³ one-byte verdicts,
    /// 1 = confusable, at index `i << 12 | j << 6 | k` of the cell the frame's own
    /// coordinates fall in (`ConfusionCoordinates`), for a GPU to look up as the CPU does.
    public func cells(for format: PixelFormat, ycbcr: YCbCrEncoding = .bt601Limited) -> [UInt8] {
        table(Self.coordinates(format, ycbcr), threads: 1).cells
    }

    /// The share (0…1) of confusable pixels in a frame, without drawing anything.
    public func share(
        source: UnsafeRawBufferPointer, _ sl: FrameLayout,
        ycbcr: YCbCrEncoding = .bt601Limited
    ) throws(FrameError) -> Double {
        try run(source, sl, nil, sl, ycbcr, 0, black: 0)
    }

    private func run(
        _ source: UnsafeRawBufferPointer, _ sl: FrameLayout,
        _ destination: UnsafeMutableRawPointer?, _ dl: FrameLayout,
        _ ycbcr: YCbCrEncoding, _ phase: Int, black: UInt32
    ) throws(FrameError) -> Double {
        try sl.validate()
        guard source.count >= sl.minimumByteCount else {
            throw .bufferTooSmall(have: source.count, need: sl.minimumByteCount)
        }
        guard let src = source.baseAddress else { return 0 }
        let t = table(Self.coordinates(sl.format, ycbcr), threads: 1)
        // Both layouts validated against their buffers above (what `KernelJob` requires).
        let n = t.cells.withUnsafeBufferPointer { cells in
            if let planes = YCbCrPlanes(source, sl) {
                return Self.run(planes, cells.baseAddress!, destination, dl.bytesPerRow, phase, black)
            }
            return level.entryPoints.confusion(
                cells.baseAddress!, KernelJob(src, sl, destination, dl, rows: 0..<sl.height), phase, black)
        }
        return Double(n) / Double(sl.pixelCount)
    }

    /// The share (0…1) of confusable pixels in planar Y′CbCr (a part of a frame: `YCbCrPlanes.cropped`).
    public func share(planes: YCbCrPlanes, ycbcr: YCbCrEncoding) throws(FrameError) -> Double {
        try planes.validate()
        let t = table(.ycbcr(ycbcr), threads: 1)
        let n = t.cells.withUnsafeBufferPointer { Self.run(planes, $0.baseAddress!, nil, 0, 0, 0) }
        return Double(n) / Double(planes.width * planes.height)
    }

    /// `ConfusionMarking` over planes: the same lookups, bands and count, one pixel at a time
    /// (the GPU marks planar frames; the CPU only counts them, or marks a frame left over
    /// after a change of renderer).
    private static func run(
        _ p: YCbCrPlanes, _ cells: UnsafePointer<UInt8>, _ destination: UnsafeMutableRawPointer?,
        _ destinationBytesPerRow: Int, _ phase: Int, _ black: UInt32
    ) -> Int {
        var n = 0
        for y in 0..<p.height {
            let (ys, cbs, crs) = p.rows(y)
            let offset = (y &+ phase) & 31
            let row = destination.map { $0 + y &* destinationBytesPerRow }
            // The planes were validated: every row holds `width` luma and `width / 2` chroma samples.
            for x in 0..<p.width {
                let c = cells[Int(cbs[x &>> 1] &>> 2) &<< 12 | Int(crs[x &>> 1] &>> 2) &<< 6 | Int(ys[x] &>> 2)]
                n &+= Int(c)
                let band = ((x &+ offset) &>> 3) & 3
                if let r = row, c != 0, band & 1 == 0 {
                    r.storeBytes(of: band == 0 ? black : 0xFFFF_FFFF, toByteOffset: x &* 4, as: UInt32.self)
                }
            }
        }
        return n
    }

    private static func coordinates(_ format: PixelFormat, _ ycbcr: YCbCrEncoding) -> ConfusionCoordinates {
        format.isYCbCr || format.isPlanar ? .ycbcr(ycbcr) : .rgb
    }

    func table(_ c: ConfusionCoordinates, threads: Int) -> ConfusionTable {
        tables.withLock { cache in
            if let t = cache[c] { return t }
            let t = ConfusionTable(criterion, c, threads: threads)
            cache[c] = t
            return t
        }
    }
}
