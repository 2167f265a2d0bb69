import CVDCore
import Glibc

/// Whether four clicked corners make a page: a convex quadrilateral, taken in the order
/// `PictureMap` puts them (round their centre), covering at least `minimumArea` of the
/// picture. A mis-click inside the page makes a concave shape, whose straightening would
/// fold the picture through its vanishing line; corners nearly on a line make none.
public enum PageShape {
    /// The smallest page, as a share of the picture's area (normalised coordinates).
    public static let minimumArea = 0.01

    public static func isPage(_ corners: [Point]) -> Bool { problem(corners) == nil }

    /// Why four corners (0…1 across the picture) make no page, in words for the user; nil
    /// when they make one.
    public static func problem(_ corners: [Point]) -> Message? {
        guard corners.count == 4 else { return Message("a page has four corners") }
        guard corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return Message("a corner is not a number") }
        for i in 0..<4 {
            for j in (i + 1)..<4
            where abs(corners[i].x - corners[j].x) < 1e-6 && abs(corners[i].y - corners[j].y) < 1e-6 {
                return Message("two corners are the same point")
            }
        }
        for i in 0..<4 {
            let o = corners.enumerated().filter { $0.offset != i }.map(\.element)
            let cross = (o[1].x - o[0].x) * (o[2].y - o[0].y) - (o[1].y - o[0].y) * (o[2].x - o[0].x)
            if abs(cross) < 1e-6 { return Message("three corners lie on a line") }
        }
        return shapeProblem(corners)
    }

    private static func shapeProblem(_ corners: [Point]) -> Message? {
        let cx = corners.map(\.x).reduce(0, +) / 4
        let cy = corners.map(\.y).reduce(0, +) / 4
        let q = corners.sorted { atan2($0.y - cy, $0.x - cx) < atan2($1.y - cy, $1.x - cx) }
        var area = 0.0
        var sign = 0.0
        for i in 0..<4 {
            let a = q[i]
            let b = q[(i + 1) % 4]
            let c = q[(i + 2) % 4]
            area += a.x * b.y - b.x * a.y
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            // Every turn the same way round (a straight angle counts as neither).
            if abs(cross) < 1e-9 { return Message("three corners lie on a line") }
            if sign == 0 {
                sign = cross > 0 ? 1 : -1
            } else if (cross > 0 ? 1 : -1) != sign {
                return Message("one corner lies inside the others (not a page's four corners)")
            }
        }
        return abs(area) / 2 >= minimumArea ? nil : Message("the page would be less than 1 %% of the picture")
    }
}
