import CVDKernelInterface

/// Packed RGB → packed 4:2:2 Y′CbCr (YUYV, UYVY), as a webcam sends it: each pixel its own
/// luma, each pair of pixels one chroma sample, the mean of the pair's chroma. What a
/// virtual camera writes (V4L2 output devices and the programs reading them expect YUYV).
///
/// Vectorised like the other kernels and compiled per instruction-set level (CVDKernels'
/// `EncoderLoop`).
public enum YCbCrEncoder {
    /// Encodes `source` (any packed RGB format; alpha is ignored) into `destination` (YUYV
    /// or UYVY). Both must have the same width (even) and height; any row strides.
    public static func encode(
        source: UnsafeRawBufferPointer, _ sl: FrameLayout,
        destination: UnsafeMutableRawBufferPointer, _ dl: FrameLayout,
        encoding: YCbCrEncoding = .bt601Limited,
        level: KernelLevel = .active
    ) throws(FrameError) {
        precondition(level <= KernelLevel.detected, "this CPU cannot run the \(level) kernels")
        try sl.validate()
        try dl.validate()
        guard sl.format.rgbOffsets != nil else { throw .unsupportedSource(sl.format) }
        guard dl.format.isYCbCr else { throw .not422Destination(dl.format) }
        guard sl.width == dl.width, sl.height == dl.height else {
            throw .sizeMismatch(source: sl.description, destination: dl.description)
        }
        guard source.count >= sl.minimumByteCount else {
            throw .bufferTooSmall(have: source.count, need: sl.minimumByteCount)
        }
        guard destination.count >= dl.minimumByteCount else {
            throw .bufferTooSmall(have: destination.count, need: dl.minimumByteCount)
        }
        guard let s = source.baseAddress, let d = destination.baseAddress else { return }
        // Both layouts validated against their buffers above (what `KernelJob` requires).
        level.entryPoints.encode(EncoderCoefficients(encoding), KernelJob(s, sl, d, dl, rows: 0..<sl.height))
    }
}
