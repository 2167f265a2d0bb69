/// A 3×3 matrix in row-major order, used for every linear colour transform.
///
/// Values are `Double`: models are defined and composed in double precision and
/// converted to `Float` only when a frame kernel is prepared.
public struct Matrix3: Hashable, Sendable {
    /// Rows, each `(c0, c1, c2)`.
    public var m: [Double]

    public init(rows r0: [Double], _ r1: [Double], _ r2: [Double]) {
        precondition(r0.count == 3 && r1.count == 3 && r2.count == 3, "Matrix3 rows need 3 values")
        m = r0 + r1 + r2
    }

    public init(_ values: [Double]) {
        precondition(values.count == 9, "Matrix3 needs 9 values")
        m = values
    }

    public static let identity = Matrix3([1, 0, 0, 0, 1, 0, 0, 0, 1])

    public subscript(row: Int, column: Int) -> Double { m[row * 3 + column] }

    public func row(_ i: Int) -> (Double, Double, Double) { (m[i * 3], m[i * 3 + 1], m[i * 3 + 2]) }

    public func apply(_ v: (Double, Double, Double)) -> (Double, Double, Double) {
        (
            m[0] * v.0 + m[1] * v.1 + m[2] * v.2,
            m[3] * v.0 + m[4] * v.1 + m[5] * v.2,
            m[6] * v.0 + m[7] * v.1 + m[8] * v.2
        )
    }

    /// `(1 − t)·a + t·b`, element by element.
    public static func lerp(_ a: Matrix3, _ b: Matrix3, _ t: Double) -> Matrix3 {
        Matrix3(zip(a.m, b.m).map { (1 - t) * $0 + t * $1 })
    }

    /// The matrix product `self · o`.
    public func multiplied(by o: Matrix3) -> Matrix3 {
        Matrix3(
            (0..<9).map { i in
                let r = i / 3
                let c = i % 3
                return self[r, 0] * o[0, c] + self[r, 1] * o[1, c] + self[r, 2] * o[2, c]
            })
    }
}
