/// A projective map of the plane, x′ = (a·x + b·y + c) / (g·x + h·y + i) and likewise y′:
/// how a page seen in perspective maps to an upright rectangle, and back.
public struct Homography: Equatable, Sendable {
    /// Row-major 3×3.
    public var m: [Double]

    public init(_ m: [Double]) {
        precondition(m.count == 9, "a homography has nine entries")
        self.m = m
    }

    public static let identity = Homography([1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// The map of a point; nil where it goes to infinity (|w| ≤ 1e-12). Points behind the
    /// camera (w < 0) come back as ordinary coordinates: callers that may meet them check
    /// (`PageShape` keeps clicked pages convex, so their maps have none).
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double)? {
        let w = m[6] * x + m[7] * y + m[8]
        guard abs(w) > 1e-12 else { return nil }
        return ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
    }

    /// First `self`, then `next`.
    public func then(_ next: Homography) -> Homography {
        let a = next.m
        let b = m
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 {
                var sum = 0.0
                for k in 0..<3 { sum += a[i * 3 + k] * b[k * 3 + j] }
                r[i * 3 + j] = sum
            }
        }
        return Homography(r)
    }

    /// The inverse map; nil when the matrix is singular (four corners on a line).
    public var inverse: Homography? {
        let a = m
        let c00 = a[4] * a[8] - a[5] * a[7]
        let c01 = a[5] * a[6] - a[3] * a[8]
        let c02 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c00 + a[1] * c01 + a[2] * c02
        guard abs(det) > 1e-12 else { return nil }
        let inv = [
            c00, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            c01, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            c02, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ].map { $0 / det }
        return Homography(inv)
    }

    /// The homography taking each of four points `from` to the matching one of `to`
    /// (the direct linear transform with h₃₃ = 1: eight equations, solved by Gaussian
    /// elimination with partial pivoting); nil when three of either set lie on a line.
    public init?(from: [(x: Double, y: Double)], to: [(x: Double, y: Double)]) {
        guard from.count == 4, to.count == 4 else { return nil }
        var a = [[Double]]()
        for (p, q) in zip(from, to) {
            a.append([p.x, p.y, 1, 0, 0, 0, -q.x * p.x, -q.x * p.y, q.x])
            a.append([0, 0, 0, p.x, p.y, 1, -q.y * p.x, -q.y * p.y, q.y])
        }
        for col in 0..<8 {
            guard let pivot = (col..<8).max(by: { abs(a[$0][col]) < abs(a[$1][col]) }), abs(a[pivot][col]) > 1e-10
            else { return nil }
            a.swapAt(col, pivot)
            for row in 0..<8 where row != col {
                let f = a[row][col] / a[col][col]
                if f != 0 { for k in col..<9 { a[row][k] -= f * a[col][k] } }
            }
        }
        let h = (0..<8).map { a[$0][8] / a[$0][$0] }
        self.init(h + [1])
    }
}
