/// The per-pixel work of every kernel, as a value type that loops copy into locals
/// (so the optimiser keeps coefficients in registers and never reloads them after
/// a store to the destination).
///
/// `map` takes R′, G′, B′ levels (−320…703; outside 0…255 reads as clamped),
/// decodes them through the table, applies the matrix (or one of two, chosen by
/// the side of a plane), and encodes with a float→index conversion that cannot trap:
/// clamp to [0, size−1], add 1.5·2²³ so the float's low mantissa bits hold the
/// rounded integer, and mask them.
/// `@unchecked Sendable`: it holds only constants and pointers to tables that are
/// never written after `TransferTables.init`.
struct PixelMap: @unchecked Sendable {
    // Pointers into `TransferTables`, which the kernel keeps alive for as long as any map is in use.
    let decode: UnsafePointer<Float>  // pre-offset: valid for indices −320…703
    let encode: UnsafePointer<UInt8>
    let halfPlanes: Bool
    let a0, a1, a2, a3, a4, a5, a6, a7, a8: Float  // t1 (or the only matrix)
    let b0, b1, b2, b3, b4, b5, b6, b7, b8: Float  // t2
    let n0, n1, n2: Float

    init(_ transform: ColorTransform, tables: TransferTables) {
        decode = UnsafePointer(tables.decodeBase + TransferTables.decodeOffset)
        encode = UnsafePointer(tables.encodeBase)
        let t1: Matrix3, t2: Matrix3, n: (Double, Double, Double)
        switch transform {
        case .linear(let m), .gammaSpace(let m): t1 = m; t2 = m; n = (0, 0, 0); halfPlanes = false
        case .halfPlanes(let x, let y, let p): t1 = x; t2 = y; n = p; halfPlanes = true
        }
        let a = t1.m.map(Float.init), b = t2.m.map(Float.init)
        (a0, a1, a2, a3, a4, a5, a6, a7, a8) = (a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8])
        (b0, b1, b2, b3, b4, b5, b6, b7, b8) = (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8])
        (n0, n1, n2) = (Float(n.0), Float(n.1), Float(n.2))
    }

    @inline(__always)
    func map(_ ri: Int, _ gi: Int, _ bi: Int) -> (r: UInt32, g: UInt32, b: UInt32) {
        let r = decode[ri], g = decode[gi], b = decode[bi]
        var ro = a0 * r + a1 * g + a2 * b
        var go = a3 * r + a4 * g + a5 * b
        var bo = a6 * r + a7 * g + a8 * b
        if halfPlanes, n0 * r + n1 * g + n2 * b < 0 {
            ro = b0 * r + b1 * g + b2 * b
            go = b3 * r + b4 * g + b5 * b
            bo = b6 * r + b7 * g + b8 * b
        }
        return (level(ro), level(go), level(bo))
    }

    @inline(__always)
    func level(_ x: Float) -> UInt32 {
        let scale = Float(TransferTables.encodeSize - 1)
        let f = min(max(x * scale, 0), scale) + 12582912.0
        return UInt32(encode[Int(f.bitPattern & UInt32(TransferTables.encodeSize - 1))])
    }
}
