/// One of a picture's distinct colours, as a person would name a region of it: its mean
/// colour, its everyday name, how much of the picture it covers and where.
public struct ColourRegion: Sendable, Equatable {
    /// The region's mean colour (sRGB, over the flat pixels that belong to it).
    public let rgb: RGB8
    public let lab: CIELab
    /// The nearest everyday name (`ColorNames`), English.
    public let name: String
    /// The share of the whole picture its flat pixels cover, 0…1.
    public let share: Double
    /// Where it is: the bounding box of its largest connected patch, in picture pixels.
    public let box: Box
    /// Every picture pixel's region is known at working size: which working pixels are this
    /// region's (row-major, `WorkingPicture` size), for outlines.
    let cells: [Int]

    public struct Box: Sendable, Equatable, CustomStringConvertible {
        public let x: Int, y: Int, width: Int, height: Int
        public var description: String { "\(width)x\(height)+\(x)+\(y)" }
        public var centre: (x: Int, y: Int) { (x + width / 2, y + height / 2) }
    }

    /// Where `box` lies in a picture of this size, in words: "top left", "centre", …
    public func place(inWidth w: Int, height h: Int) -> String {
        let c = box.centre
        let col = min(2, c.x * 3 / max(1, w))
        let row = min(2, c.y * 3 / max(1, h))
        return Self.places[row * 3 + col]
    }

    /// English, as the command line speaks (the window's words go through the catalogues).
    static let places = [
        "top left", "top", "top right", "left", "centre", "right", "bottom left", "bottom", "bottom right",
    ]

    public static func == (a: ColourRegion, b: ColourRegion) -> Bool {
        a.rgb == b.rgb && a.share == b.share && a.box == b.box
    }
}
