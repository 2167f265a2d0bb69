/// The two lookup tables a kernel uses around its matrix: 8-bit level → working
/// value (`decode`) and working value → 8-bit level (`encode`).
///
/// For linear-light transforms the working value is linear light (sRGB decode and
/// encode, MODELS.md §1); for gamma-space transforms it is `level / 255`.
///
/// `decode` covers levels −320…703 so that Y′CbCr → R′G′B′ results, which overshoot
/// 0…255 for out-of-gamut samples, index it without a separate clamp (out-of-range
/// levels read as 0 or 255, exactly what clamping R′G′B′ would give).
/// `encode` has `encodeSize` uniform steps over 0…1; each entry holds the correctly
/// rounded level of its step's centre, so it is off by at most half a step: 0.2
/// levels at the steepest (darkest) part of the sRGB curve.
final class TransferTables: Sendable {
    static let decodeOffset = 320
    static let decodeCount = 1024
    static let encodeSize = 8192

    /// Heap storage that is written once in `init` and only read after: safe to share.
    nonisolated(unsafe) let decodeBase: UnsafeMutablePointer<Float>
    nonisolated(unsafe) let encodeBase: UnsafeMutablePointer<UInt8>

    init(linearLight: Bool) {
        decodeBase = .allocate(capacity: Self.decodeCount)
        encodeBase = .allocate(capacity: Self.encodeSize)
        for i in 0..<Self.decodeCount {
            let level = min(max(i - Self.decodeOffset, 0), 255)
            let x = Double(level) / 255
            decodeBase[i] = Float(linearLight ? SRGB.decode(x) : x)
        }
        let last = Double(Self.encodeSize - 1)
        for i in 0..<Self.encodeSize {
            let v = Double(i) / last
            encodeBase[i] = UInt8(SRGB.quantize(linearLight ? SRGB.encode(v) : v))
        }
    }

    deinit {
        decodeBase.deallocate()
        encodeBase.deallocate()
    }

    /// Bytes held by both tables.
    static var byteCount: Int { decodeCount * MemoryLayout<Float>.size + encodeSize }
}
