import CVDCore

/// Where a checked picture is bare paper, coarsely, for the live view's marks: a grid of at
/// most `longSide` cells on the long side, each material when any pixel in it is more than
/// `FreeSpace.paper`'s reach from the paper's colour. Positions are fractions (0…1) of the
/// picture, as `CheckTracker.Region`'s, so the view lays tags and outlines out in any pane.
public struct PaperMap: Sendable, Equatable {
    public let columns: Int, rows: Int
    /// `material[row · columns + column]`.
    let material: [Bool]

    public static let longSide = 320

    /// The map of `picture`, whose paper is `check`'s colour with most ink when it is an area.
    public init(_ picture: RGBAImage, _ check: MaterialCheck) {
        let paper = FreeSpace.paper(of: check)
        let space = FreeSpace(picture, paper: paper.colour, reach: paper.reach)
        let cell = max(1, (max(picture.width, picture.height) + Self.longSide - 1) / Self.longSide)
        columns = max(1, (picture.width + cell - 1) / cell)
        rows = max(1, (picture.height + cell - 1) / cell)
        var m = [Bool](repeating: false, count: columns * rows)
        for r in 0..<rows {
            for c in 0..<columns {
                m[r * columns + c] =
                    space.count(PixelRect(x: c * cell, y: r * cell, width: cell, height: cell)) > 0
            }
        }
        material = m
    }

    /// A map from its cells (tests).
    init(columns: Int, rows: Int, material: [Bool]) {
        self.columns = columns
        self.rows = rows
        self.material = material
    }

    /// A cell's width and height, as fractions of the picture.
    public var cell: (width: Double, height: Double) { (1 / Double(columns), 1 / Double(rows)) }

    /// Whether anything is drawn at (x, y), fractions of the picture; outside it, nothing.
    public func isMaterial(_ x: Double, _ y: Double) -> Bool {
        guard x >= 0, y >= 0, x < 1, y < 1 else { return false }
        return material[Int(y * Double(rows)) * columns + Int(x * Double(columns))]
    }

    /// Whether anything is drawn in the rectangle (fractions; the part inside the picture).
    public func hasMaterial(x: Double, y: Double, width: Double, height: Double) -> Bool {
        let c0 = max(0, Int((x * Double(columns)).rounded(.down)))
        let r0 = max(0, Int((y * Double(rows)).rounded(.down)))
        let c1 = min(columns, Int(((x + width) * Double(columns)).rounded(.up)))
        let r1 = min(rows, Int(((y + height) * Double(rows)).rounded(.up)))
        guard c1 > c0, r1 > r0 else { return false }
        for r in r0..<r1 where material[(r * columns + c0)..<(r * columns + c1)].contains(true) { return true }
        return false
    }
}
