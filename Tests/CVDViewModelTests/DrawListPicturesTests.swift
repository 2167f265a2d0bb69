import CVDCore
import Testing

@testable import CVDViewModel

/// The pictures in the draw list (`DrawList.pictures`), made from the view's geometry
/// without a window: what each renderer copies from which pane texture to where — a copy
/// when the picture is as the camera sees it, a flipped copy upside down or mirrored, a
/// turned copy turned a quarter, a mesh straightened, and the split divider's bar after them.
@Suite struct DrawListPicturesTests {
    static let window = FrameSize(1280, 720)
    static let picture = FrameSize(1280, 720)

    static func list(_ s: ViewState, panes: Int = 1) -> (DrawList, ViewGeometry, PaneRegions) {
        let g = ViewGeometry(state: s, window: window, picture: picture)
        let held = PaneRegions(geometry: g, state: s, window: window, picture: picture)
        return (DrawList.pictures(g, held: held, orientation: s.orientation, panes: panes), g, held)
    }

    @Test func aPictureAsTheCameraSeesItIsOneCopy() throws {
        let (list, g, held) = Self.list(ViewState())
        #expect(list.items.count == 1)
        let piece = try #require(g.pieces.first)
        #expect(list.items.first == .picture(pane: 0, held.textureRect(piece.source), to: piece.destination))
        #expect(piece.destination == g.pictureRect, "the whole picture, where the geometry puts it")
    }

    @Test func theSplitIsTwoCopiesThenTheDividersTwoHalves() throws {
        var s = ViewState()
        s.layout = .split
        let (list, g, _) = Self.list(s, panes: 2)
        let bar = try #require(g.dividerBar)
        #expect(list.items.count == 4)
        let panes = list.items.prefix(2).compactMap { item -> Int? in
            if case .picture(let pane, _, _) = item { pane } else { nil }
        }
        #expect(panes == [0, 1], "the original, then the simulated side")
        #expect(
            Array(list.items.suffix(2)) == [
                .fill(Rect(bar.x, bar.y, bar.w / 2, bar.h), RGB8(0, 0, 0), alpha: 255),
                .fill(Rect(bar.x + bar.w / 2, bar.y, bar.w / 2, bar.h), RGB8(255, 255, 255), alpha: 255),
            ])
        #expect(DrawList.divider(g).items == Array(list.items.suffix(2)))
        #expect(list.withoutPictures == DrawList.divider(g), "what drawing in parts draws after the pieces")
        // A pane texture that is not there (yet): its piece is left out, the bar stays.
        #expect(Self.list(s, panes: 1).0.items.count == 3)
    }

    /// A split's divider at the picture's edge leaves one side nothing to show: its piece,
    /// under a pixel wide, is not in the list (no backend draws it).
    @Test func aPieceThatDrawsNothingIsLeftOut() {
        for divider in [0.0, 0.0002, 0.9998, 1.0] {
            var s = ViewState()
            s.layout = .split
            s.divider = divider
            let (list, _, _) = Self.list(s, panes: 2)
            let pieces = list.items.compactMap { item -> (Rect, Rect)? in
                if case .picture(_, let source, let destination) = item { (source, destination) } else { nil }
            }
            #expect(pieces.count == 1, "divider \(divider): \(pieces)")
            #expect(pieces.allSatisfy { DrawList.drawsPiece($0.0, to: $0.1) })
        }
    }

    @Test func upsideDownOrMirroredIsAFlippedCopy() {
        for (degrees, mirrored, flipX, flipY) in [
            (180, false, true, true), (0, true, true, false), (180, true, false, true),
        ] {
            var s = ViewState()
            s.orientation = Orientation(degrees: degrees, mirrored: mirrored)
            let (list, _, _) = Self.list(s)
            guard case .flippedPicture(0, _, _, let x, let y) = list.items.first, list.items.count == 1 else {
                Issue.record("\(degrees)° mirrored \(mirrored): \(list.items)")
                continue
            }
            #expect(x == flipX && y == flipY, "\(degrees)° mirrored \(mirrored)")
        }
    }

    /// Every quarter turn, mirrored or not, zoomed in or not: the item's corners are the
    /// turn's own map (what a mesh of one cell drew before), within 1e-9 of a pixel.
    @Test func eachQuarterTurnsItemIsItsMapExactly() throws {
        for degrees in [90, 270] {
            for mirrored in [false, true] {
                for zoom in [1.0, 2.5] {
                    var s = ViewState()
                    s.orientation = Orientation(degrees: degrees, mirrored: mirrored)
                    s.zoom = zoom
                    let (list, g, held) = Self.list(s)
                    let piece = try #require(g.pieces.first)
                    guard case .turnedPicture(0, let source, let d, let uDown, let vRight) = list.items.first else {
                        Issue.record("\(degrees)° mirrored \(mirrored): \(list.items)")
                        continue
                    }
                    let r = Double(held.reduction)
                    let corners = DrawList.turnedCorners(source, to: d, uDown: uDown, vRight: vRight)
                    for (c, m) in zip(corners, g.mesh(piece, cells: 1)) {
                        let apart = max(abs(c.x - m.x), abs(c.y - m.y), abs(c.u * r - m.u), abs(c.v * r - m.v))
                        #expect(apart < 1e-9, "\(degrees)° mirrored \(mirrored) zoom \(zoom): \(c) against \(m)")
                    }
                }
            }
        }
    }

    @Test func aQuarterTurnIsATurnedPictureAStraightenedPage32MeshCells() throws {
        var s = ViewState()
        s.orientation = Orientation(degrees: 90)
        let (turned, g, _) = Self.list(s)
        guard case .turnedPicture(0, let source, let destination, let uDown, let vRight) = turned.items.first else {
            Issue.record("turned: \(turned.items)")
            return
        }
        // Turned clockwise: the window's top-left corner shows the camera picture's
        // bottom-left; its x runs down the window, its y from the right to the left.
        let piece = try #require(g.pieces.first)
        #expect(destination == piece.destination)
        #expect(source == Rect(0, 0, Double(Self.picture.width), Double(Self.picture.height)), "the whole picture")
        #expect(uDown && !vRight)
        // The item's corners are the turn's own map, exactly.
        let corners = DrawList.turnedCorners(source, to: destination, uDown: uDown, vRight: vRight)
        let map = g.mesh(piece, cells: 1)
        for (c, m) in zip(corners, map) {
            #expect(abs(c.x - m.x) < 1e-9 && abs(c.y - m.y) < 1e-9 && abs(c.u - m.u) < 1e-9 && abs(c.v - m.v) < 1e-9)
        }

        s.orientation = .upright
        s.pageCorners = [Point(0.1, 0.1), Point(0.9, 0.05), Point(0.95, 0.95), Point(0.05, 0.9)]
        let (page, _, _) = Self.list(s)
        guard case .mesh(0, let v, let c) = page.items.first else {
            Issue.record("straightened: \(page.items)")
            return
        }
        #expect(c == 33 && v.count == 33 * 33)
    }
}
