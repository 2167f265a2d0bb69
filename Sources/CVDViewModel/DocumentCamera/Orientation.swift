import CVDCore

/// How the picture is turned before anything else sees it: a clockwise rotation by a
/// quarter turn at a time, and a left–right mirror (applied first, as a camera facing the
/// teacher shows the page mirrored).
public struct Orientation: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Clockwise quarter turns: 0, 1, 2 or 3 (0°, 90°, 180°, 270°).
    public private(set) var quarterTurns: Int
    public var mirrored: Bool

    public init(degrees: Int = 0, mirrored: Bool = false) {
        quarterTurns = ((degrees / 90) % 4 + 4) % 4
        self.mirrored = mirrored
    }

    public static let upright = Orientation()

    public var degrees: Int { quarterTurns * 90 }
    public var isUpright: Bool { quarterTurns == 0 && !mirrored }

    /// A quarter turn further clockwise.
    public mutating func rotateClockwise() { quarterTurns = (quarterTurns + 1) % 4 }

    /// The picture's size after the turn (width and height swap at 90° and 270°).
    public func size(of picture: PictureSize) -> PictureSize {
        quarterTurns % 2 == 0 ? picture : PictureSize(width: picture.height, height: picture.width)
    }

    /// The map from the picture's pixel coordinates (`width` × `height`) to the turned
    /// picture's: mirror (x → width − x), then rotate clockwise about the origin and move
    /// back into the positive quadrant.
    public func homography(width w: Double, height h: Double) -> Homography {
        let mirror = mirrored ? Homography([-1, 0, w, 0, 1, 0, 0, 0, 1]) : .identity
        let turn: Homography =
            switch quarterTurns {
            case 1: Homography([0, -1, h, 1, 0, 0, 0, 0, 1]) // (x, y) → (h − y, x)
            case 2: Homography([-1, 0, w, 0, -1, h, 0, 0, 1]) // (x, y) → (w − x, h − y)
            case 3: Homography([0, 1, 0, -1, 0, w, 0, 0, 1]) // (x, y) → (y, w − x)
            default: .identity
            }
        return mirror.then(turn)
    }

    /// As the notices say it, in the window's language too.
    public var words: Message {
        switch (quarterTurns, mirrored) {
        case (0, false): Message("upright")
        case (0, true): Message("mirrored")
        case (_, false): Message("%s°", .text(String(degrees)))
        case (_, true): Message("%s°, mirrored", .text(String(degrees)))
        }
    }

    /// "90°, mirrored"; "upright".
    public var description: String {
        switch (quarterTurns, mirrored) {
        case (0, false): "upright"
        case (0, true): "mirrored"
        case (_, false): "\(degrees)°"
        case (_, true): "\(degrees)°, mirrored"
        }
    }
}
