/// The per-pixel loops of one kernel module (one instruction-set level), as a table of
/// entry points: CVDCore picks the table for the CPU it runs on (`KernelLevel`) and calls
/// only through it, so code built for a level never runs on a CPU without it.
///
/// Every entry takes a `KernelJob` its caller has validated (see there).
public struct KernelEntryPoints: Sendable {
    /// Packed RGB → packed RGB (alpha copied when both have it, else 255).
    public let rgb: @Sendable (PixelCoefficients, KernelJob) -> Void
    /// Packed 4:2:2 → packed RGB, computing every pixel.
    public let ycbcr: @Sendable (PixelCoefficients, YCbCrCoefficients, KernelJob) -> Void
    /// Packed 4:2:2 → BGRA through a 2²⁴-entry table indexed `Cb << 16 | Cr << 8 | Y`
    /// (destination 4-byte aligned, stride a multiple of 4).
    public let ycbcrLookup: @Sendable (UnsafePointer<UInt32>, KernelJob) -> Void
    /// Counts the pixels whose 64³ cell is set in `cells` (indexed by the top 6 bits of
    /// R′, G′, B′, or of Cb, Cr, Y′) and, with a destination (4 bytes per pixel), draws
    /// stripes over them: phase, and black in the destination's byte order.
    public let confusion: @Sendable (UnsafePointer<UInt8>, KernelJob, _ phase: Int, _ black: UInt32) -> Int
    /// Packed RGB → packed 4:2:2.
    public let encode: @Sendable (EncoderCoefficients, KernelJob) -> Void
    /// Planes → packed YUYV (`to`, `outStride`), byte for byte (camera formats).
    public let planesToYUYV: @Sendable (PlanarFrame, _ to: UnsafeMutablePointer<UInt8>, _ outStride: Int) -> Void
    /// 8-bit grey (stride, width, height) → RGB24 (`to`, `outStride`), R = G = B.
    public let greyToRGB:
        @Sendable (
            UnsafePointer<UInt8>, _ stride: Int, _ width: Int, _ height: Int,
            _ to: UnsafeMutablePointer<UInt8>, _ outStride: Int
        ) -> Void

    public init(
        rgb: @escaping @Sendable (PixelCoefficients, KernelJob) -> Void,
        ycbcr: @escaping @Sendable (PixelCoefficients, YCbCrCoefficients, KernelJob) -> Void,
        ycbcrLookup: @escaping @Sendable (UnsafePointer<UInt32>, KernelJob) -> Void,
        confusion: @escaping @Sendable (UnsafePointer<UInt8>, KernelJob, Int, UInt32) -> Int,
        encode: @escaping @Sendable (EncoderCoefficients, KernelJob) -> Void,
        planesToYUYV: @escaping @Sendable (PlanarFrame, UnsafeMutablePointer<UInt8>, Int) -> Void,
        greyToRGB: @escaping @Sendable (UnsafePointer<UInt8>, Int, Int, Int, UnsafeMutablePointer<UInt8>, Int) -> Void
    ) {
        self.rgb = rgb
        self.ycbcr = ycbcr
        self.ycbcrLookup = ycbcrLookup
        self.confusion = confusion
        self.encode = encode
        self.planesToYUYV = planesToYUYV
        self.greyToRGB = greyToRGB
    }
}
