import Dispatch

/// The coordinates a confusion table is indexed by: the source frame's own.
enum ConfusionCoordinates: Hashable, Sendable {
    /// Top 6 bits of R′, G′, B′: index `R′>>2 << 12 | G′>>2 << 6 | B′>>2`.
    case rgb
    /// Top 6 bits of Cb, Cr, Y′ in this encoding: index `Cb>>2 << 12 | Cr>>2 << 6 | Y′>>2`,
    /// so the two pixels of a 4:2:2 pair read the same 64-byte row (one cache line).
    case ycbcr(YCbCrEncoding)
}

/// `ConfusionCriterion` evaluated once per cell of a 64³ grid over the source's own
/// coordinates, at the cell's centre (levels 4i + 1.5): 262 144 one-byte verdicts
/// (256 KiB, in L2), so a frame costs one lookup per pixel.
final class ConfusionTable: Sendable {
    static let bitsPerAxis = 6
    static let cellCount = 1 << (3 * bitsPerAxis)

    /// 1 = confusable, 0 = not; read-only after `init`.
    let cells: [UInt8]

    /// Builds the table on `threads` threads (each takes whole planes of the grid).
    init(_ criterion: ConfusionCriterion, _ coordinates: ConfusionCoordinates, threads: Int = 1) {
        var out = [UInt8](repeating: 0, count: Self.cellCount)
        let decode: YCbCrEncoding? = if case .ycbcr(let e) = coordinates { e } else { nil }
        out.withUnsafeMutableBufferPointer { buffer in
            // Raw pointers are not Sendable; each thread writes its own planes only, and the
            // buffer outlives `concurrentPerform`, which returns when every plane is done.
            nonisolated(unsafe) let cells = buffer
            @Sendable func plane(_ i: Int) {
                for j in 0..<64 {
                    for k in 0..<64 {
                        let e = Self.centre(i, j, k, decode)
                        cells[i << 12 | j << 6 | k] = criterion.isConfusable(gammaEncoded: e) ? 1 : 0
                    }
                }
            }
            let n = max(1, min(threads, 64))
            if n == 1 {
                for i in 0..<64 { plane(i) }
            } else {
                DispatchQueue.concurrentPerform(iterations: n) { t in
                    for i in stride(from: t, to: 64, by: n) { plane(i) }
                }
            }
        }
        cells = out
    }

    /// The gamma-encoded R′G′B′ (0…1, clipped) at the centre of cell (i, j, k): the levels
    /// 4i + 1.5, … are R′G′B′ themselves, or Cb, Cr, Y′ decoded exactly.
    static func centre(_ i: Int, _ j: Int, _ k: Int, _ encoding: YCbCrEncoding?) -> (Double, Double, Double) {
        let a = Double(i * 4) + 1.5
        let b = Double(j * 4) + 1.5
        let c = Double(k * 4) + 1.5
        guard let enc = encoding else { return (a / 255, b / 255, c / 255) }
        let q = enc.coefficients
        let y = q.yScale * (c - q.yOffset)
        let u = a - 128
        let v = b - 128
        return (
            clip((y + q.crToR * v) / 255), clip((y - q.cbToG * u - q.crToG * v) / 255), clip((y + q.cbToB * u) / 255)
        )
    }

    private static func clip(_ x: Double) -> Double { min(max(x, 0), 1) }

    /// The table's verdict for one 8-bit R′G′B′ colour (tests compare it with the exact one).
    func verdict(r: UInt8, g: UInt8, b: UInt8) -> Bool {
        cells[Int(r >> 2) << 12 | Int(g >> 2) << 6 | Int(b >> 2)] != 0
    }

    /// The same for one Y′CbCr sample.
    func verdict(y: UInt8, cb: UInt8, cr: UInt8) -> Bool {
        cells[Int(cb >> 2) << 12 | Int(cr >> 2) << 6 | Int(y >> 2)] != 0
    }
}
