import CVDCore
import Glibc

/// Where each pixel of the camera's picture goes in the picture the view shows: turned
/// (`Orientation`), and when a page's four corners are set, straightened — the page mapped
/// to an upright rectangle with the page's proportions (a `Homography`). Everything the view
/// does after this (panes, zoom, probes, the pen) works in the shown picture's coordinates;
/// the kernels still fill the textures in the camera's own orientation, and the window layer
/// draws them through this map (`ViewGeometry.mesh(_:cells:)`, or a flipped copy for 180° and mirrors).
public struct PictureMap: Equatable, Sendable {
    /// The camera's picture, pixels.
    public let picture: FrameSize
    /// The shown picture, pixels (turned; or the page's rectangle).
    public let view: PictureSize
    /// Picture pixels → shown pixels, and back.
    public let forward: Homography
    public let backward: Homography
    /// Whether a page is straightened (not only turned).
    public let straightened: Bool

    /// The map for `orientation`, straightening the page whose corners (0…1 across the
    /// camera's picture, any order) are `corners` when given.
    public init(picture: FrameSize, orientation: Orientation = .upright, corners: [Point]? = nil) {
        self.picture = picture
        let w = Double(picture.width)
        let h = Double(picture.height)
        let turn = orientation.homography(width: w, height: h)
        let turned = orientation.size(of: PictureSize(width: w, height: h))
        if let corners, corners.count == 4,
            let page = Self.page(corners.map { (x: $0.x * w, y: $0.y * h) }, turn: turn, pictureCentre: (w / 2, h / 2)),
            let inverse = page.map.inverse
        {
            forward = page.map
            backward = inverse
            view = page.size
            straightened = true
        } else {
            forward = turn
            backward = turn.inverse ?? .identity
            view = turned
            straightened = false
        }
    }

    /// No change at all: the shown picture is the camera's.
    public var isIdentity: Bool { forward == .identity }

    /// The camera picture's point (0…1 across it) shown at `p` (0…1 across the shown picture).
    public func picturePoint(_ p: Point) -> Point {
        let q = backward.apply(p.x * view.width, p.y * view.height) ?? (0, 0)
        return Point(q.x / Double(picture.width), q.y / Double(picture.height))
    }

    /// Where the camera picture's point `p` (0…1) shows, 0…1 across the shown picture
    /// (outside 0…1 when it is off the page).
    public func viewPoint(_ p: Point) -> Point {
        let q = forward.apply(p.x * Double(picture.width), p.y * Double(picture.height)) ?? (-1, -1)
        return Point(q.x / view.width, q.y / view.height)
    }

    /// The page: its corners (picture pixels) put in reading order as the turned picture
    /// shows them — top left, top right, bottom right, bottom left — and mapped to a
    /// rectangle as wide as the longer of its top and bottom edges and as tall as the longer
    /// of its sides (in turned pixels). Nil for corners that make no quadrilateral.
    static func page(
        _ corners: [(x: Double, y: Double)], turn: Homography, pictureCentre: (x: Double, y: Double) = (0, 0)
    ) -> (map: Homography, size: PictureSize)? {
        let turned = corners.compactMap { turn.apply($0.x, $0.y) }
        guard turned.count == 4 else { return nil }
        let cx = turned.map(\.x).reduce(0, +) / 4
        let cy = turned.map(\.y).reduce(0, +) / 4
        // Clockwise on screen (y down) from the corner nearest the top left.
        var order = Array(0..<4).sorted {
            atan2(turned[$0].y - cy, turned[$0].x - cx) < atan2(turned[$1].y - cy, turned[$1].x - cx)
        }
        let first = order.indices.min {
            turned[order[$0]].x + turned[order[$0]].y < turned[order[$1]].x + turned[order[$1]].y
        }!
        order = Array(order[first...] + order[..<first])
        let q = order.map { turned[$0] }
        func length(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
            ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        }
        // The page's own proportions (`PageAspect`: a circle on it stays a circle), as tall as
        // its longer side; whole pixels, so the map's corners are exactly the shown picture's.
        let tall = max(length(q[0], q[3]), length(q[1], q[2]))
        let centre = turn.apply(pictureCentre.x, pictureCentre.y) ?? (0, 0)
        let ratio = PageAspect.ratio(tl: q[0], tr: q[1], br: q[2], bl: q[3], centre: centre)
        let height = tall.rounded()
        let width = (tall * ratio).rounded()
        guard width >= 8, height >= 8 else { return nil }
        let rect = [(x: 0.0, y: 0.0), (x: width, y: 0.0), (x: width, y: height), (x: 0.0, y: height)]
        guard let h = Homography(from: order.map { corners[$0] }, to: rect) else { return nil }
        return (h, PictureSize(width: width, height: height))
    }
}
