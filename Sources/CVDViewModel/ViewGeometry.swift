import CVDCore

/// Where the picture goes on screen for one state, window and picture size: which part
/// of each pane texture is drawn where, the split divider, where each pane's badge is
/// anchored, and the way back from a pointer position to the picture.
public struct ViewGeometry: Equatable, Sendable {
    /// One texture (an index into `ViewState.renderedSimulations`) drawn from `source`
    /// (texture pixels) to `destination` (window pixels).
    public struct Piece: Equatable, Sendable {
        public let texture: Int
        public let source: Rect
        public let destination: Rect
    }

    /// Where a texture's badge goes: the part of the picture it labels (`area`: the
    /// picture, or one side of the split) and the pane it must stay in; `alignRight` puts
    /// it against the area's right edge.
    public struct BadgeAnchor: Equatable, Sendable {
        public let texture: Int
        public let area: Rect
        public let pane: Rect
        public let alignRight: Bool
    }

    public let pieces: [Piece]
    public let badges: [BadgeAnchor]
    /// The white bar on the split divider.
    public let dividerBar: Rect?
    /// The picture's rectangle in the first pane (the only one in single and split): the
    /// area the mouse pans and the divider moves in.
    public let pictureRect: Rect
    /// The panes (one, or four in the 2×2 layout).
    public let panes: [Rect]
    private let picture: FrameSize
    private let divider: Double
    private let layout: ViewState.Layout

    /// How close (pixels) a press must be to the divider to grab it.
    public static let dividerGrabDistance = 24.0

    /// Room kept free above and below the picture in every pane (the framed layout: the
    /// labels' bands), in window pixels.
    public struct Bands: Equatable, Sendable {
        public var top: Double
        public var bottom: Double
        /// Room kept to the picture's right (the picture kept to the pane's left): one wide
        /// side band where two would not fit (`FramedBands`).
        public var right: Double
        public init(top: Double, bottom: Double, right: Double = 0) {
            self.top = top
            self.bottom = bottom
            self.right = right
        }
        public static let none = Bands(top: 0, bottom: 0)
    }

    /// The part of `pane` the picture is fitted into.
    private let frame: Bands

    /// The camera's picture turned and straightened as the state asks (`PictureMap`): the
    /// pieces' sources are in the shown picture's pixels.
    public let map: PictureMap

    public init(state: ViewState, window: FrameSize, picture: FrameSize, frame: Bands = .none) {
        let map = PictureMap(picture: picture, orientation: state.orientation, corners: state.pageCorners)
        self.map = map
        let fw = map.view.width
        let fh = map.view.height
        let v = state.visibleRect
        let src = Rect(v.x * fw, v.y * fh, v.w * fw, v.h * fh)
        panes = PaneGeometry.panes(state.layout, width: Double(window.width), height: Double(window.height))
        self.picture = picture
        self.frame = frame
        divider = state.divider
        layout = state.layout
        pictureRect = PaneGeometry.fit(pictureWidth: fw, pictureHeight: fh, in: Self.inset(panes[0], frame))
        if state.layout == .split {
            let p = pictureRect
            let d = state.divider
            pieces = [
                Piece(
                    texture: 0, source: Rect(src.x, src.y, src.w * d, src.h), destination: Rect(p.x, p.y, p.w * d, p.h)),
                Piece(
                    texture: 1, source: Rect(src.x + src.w * d, src.y, src.w * (1 - d), src.h),
                    destination: Rect(p.x + p.w * d, p.y, p.w * (1 - d), p.h)),
            ]
            // Two pixels: a dark one and a light one, so it shows on any picture and hides
            // no more than that of it (`Viewer.render` draws them).
            dividerBar = Rect(p.x + p.w * d - 1, p.y, 2, p.h)
            badges = [
                BadgeAnchor(texture: 0, area: Rect(p.x, p.y, p.w * d, p.h), pane: panes[0], alignRight: false),
                BadgeAnchor(
                    texture: 1, area: Rect(p.x + p.w * d, p.y, p.w * (1 - d), p.h), pane: panes[0], alignRight: true),
            ]
        } else {
            let panes = self.panes
            let drawn = panes.enumerated().map { i, pane in
                Piece(
                    texture: i, source: src,
                    destination: PaneGeometry.fit(pictureWidth: fw, pictureHeight: fh, in: Self.inset(pane, frame)))
            }
            pieces = drawn
            dividerBar = nil
            badges = drawn.map {
                BadgeAnchor(texture: $0.texture, area: $0.destination, pane: panes[$0.texture], alignRight: false)
            }
        }
    }

    /// The share of a pane's height the framed layout's bands may take at most: the picture
    /// keeps the rest (what does not fit in the bands then goes over its edges).
    public static let maximumFrameShare = 0.5
    /// The share of a pane's width one band beside the picture may take at most.
    public static let maximumSideShare = 0.7

    /// `pane` less the framed layout's bands.
    static func inset(_ pane: Rect, _ frame: Bands) -> Rect {
        let total = frame.top + frame.bottom
        let most = pane.h * maximumFrameShare
        let scale = total > most ? most / total : 1
        let top = (frame.top * scale).rounded(.down)
        let bottom = (frame.bottom * scale).rounded(.down)
        let right = min(frame.right, (pane.w * maximumSideShare).rounded(.down))
        return Rect(pane.x, pane.y + top, pane.w - right, pane.h - top - bottom)
    }

    /// The picture as drawn in `pane`: the union of the pieces there (both split sides).
    public func pictureRect(in pane: Rect) -> Rect {
        let inPane = pieces.map(\.destination).filter { pane.contains($0.x + $0.w / 2, $0.y + $0.h / 2) }
        guard let first = inPane.first else { return Rect(pane.x + pane.w / 2, pane.y + pane.h / 2, 0, 0) }
        let x0 = inPane.map(\.x).min() ?? first.x
        let y0 = inPane.map(\.y).min() ?? first.y
        let x1 = inPane.map(\.maxX).max() ?? first.maxX
        let y1 = inPane.map(\.maxY).max() ?? first.maxY
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// The pane under window position (x, y), if any.
    public func pane(at x: Double, _ y: Double) -> Int? { panes.firstIndex { $0.contains(x, y) } }

    /// The picture point under window position (x, y), normalised to 0…1 across the
    /// picture of the pane there (clamped to it); nil outside every pane.
    public func pointInPicture(_ x: Double, _ y: Double) -> Point? {
        for pane in panes where pane.contains(x, y) {
            let p = PaneGeometry.fit(
                pictureWidth: map.view.width, pictureHeight: map.view.height, in: Self.inset(pane, frame))
            return Point(min(max((x - p.x) / p.w, 0), 1), min(max((y - p.y) / p.h, 0), 1))
        }
        return nil
    }

    /// The camera picture's point (0…1 across it, whatever the zoom, turn or straightening)
    /// under window position (x, y); nil where no picture is drawn.
    public func picturePoint(_ x: Double, _ y: Double) -> Point? {
        viewPoint(x, y).map { map.picturePoint($0) }
    }

    /// The shown picture's point (0…1 across it) under window position (x, y).
    public func viewPoint(_ x: Double, _ y: Double) -> Point? {
        guard let piece = pieces.first(where: { $0.destination.contains(x, y) }) else { return nil }
        let d = piece.destination
        let src = piece.source
        let px = src.x + (x - d.x) / d.w * src.w
        let py = src.y + (y - d.y) / d.h * src.h
        return Point(min(max(px / map.view.width, 0), 1), min(max(py / map.view.height, 0), 1))
    }

    /// Where the camera picture's point `p` (0…1) shows in texture `texture`'s piece(s), in
    /// window pixels; nil when it is outside what that piece shows (panned away, on the
    /// other split side, off the straightened page).
    /// Where picture point `p` falls in `piece`'s mapping, inside the piece or not (a pen
    /// stroke's points, clipped to the piece afterwards).
    func unclippedPoint(_ p: Point, in piece: Piece) -> (x: Double, y: Double)? {
        let v = map.viewPoint(p)
        let (s, d) = (piece.source, piece.destination)
        guard s.w > 0, s.h > 0 else { return nil }
        return (d.x + (v.x * map.view.width - s.x) / s.w * d.w, d.y + (v.y * map.view.height - s.y) / s.h * d.h)
    }

    public func windowPoint(_ p: Point, texture: Int) -> (x: Double, y: Double)? {
        let v = map.viewPoint(p)
        let px = v.x * map.view.width
        let py = v.y * map.view.height
        for piece in pieces where piece.texture == texture {
            let s = piece.source
            let d = piece.destination
            guard px >= s.x, px <= s.x + s.w, py >= s.y, py <= s.y + s.h, s.w > 0, s.h > 0 else { continue }
            return (d.x + (px - s.x) / s.w * d.w, d.y + (py - s.y) / s.h * d.h)
        }
        return nil
    }

    /// The part of the camera's picture (its pixels) a piece shows: the bounding box of its
    /// source's corners mapped back, clamped to the picture.
    public func pictureSource(_ piece: Piece) -> Rect {
        let s = piece.source
        let corners = [(s.x, s.y), (s.maxX, s.y), (s.x, s.maxY), (s.maxX, s.maxY)].compactMap {
            map.backward.apply($0.0, $0.1)
        }
        let w = Double(picture.width)
        let h = Double(picture.height)
        guard !corners.isEmpty, !map.isIdentity else { return s }
        let x0 = min(max(corners.map(\.x).min()!, 0), w)
        let y0 = min(max(corners.map(\.y).min()!, 0), h)
        let x1 = min(max(corners.map(\.x).max()!, 0), w)
        let y1 = min(max(corners.map(\.y).max()!, 0), h)
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// A piece as a mesh of `cells` × `cells` quads for drawing through the map: per vertex,
    /// row by row, its window position and the camera picture's pixel it shows. A turn is
    /// exact with one cell; a straightened page is drawn with enough cells that the
    /// projective map's curve between vertices stays under a pixel.
    public func mesh(_ piece: Piece, cells: Int) -> [(x: Double, y: Double, u: Double, v: Double)] {
        let s = piece.source
        let d = piece.destination
        var out: [(x: Double, y: Double, u: Double, v: Double)] = []
        out.reserveCapacity((cells + 1) * (cells + 1))
        for j in 0...cells {
            let fy = Double(j) / Double(cells)
            for i in 0...cells {
                let fx = Double(i) / Double(cells)
                let q = map.backward.apply(s.x + fx * s.w, s.y + fy * s.h) ?? (0, 0)
                out.append((d.x + fx * d.w, d.y + fy * d.h, q.x, q.y))
            }
        }
        return out
    }

    /// Whether a press at x grabs the split divider.
    public func isOnDivider(_ x: Double) -> Bool {
        layout == .split && abs(x - (pictureRect.x + divider * pictureRect.w)) < Self.dividerGrabDistance
    }

    /// The divider position (0…1 of the picture's width) for a pointer at x.
    public func dividerFraction(at x: Double) -> Double { (x - pictureRect.x) / pictureRect.w }
}
