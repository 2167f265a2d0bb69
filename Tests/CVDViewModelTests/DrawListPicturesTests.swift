import CVDCore
import Testing

@testable import CVDViewModel

/// The pictures in the draw list (`DrawList.pictures`), made from the view's geometry
/// without a window: what each renderer copies from which pane texture to where — a copy
/// when the picture is as the camera sees it, a flipped copy upside down or mirrored, a
/// mesh turned a quarter or straightened, and the split divider's bar after them.
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
        // A pane texture that is not there (yet): its piece is left out, the bar stays.
        #expect(Self.list(s, panes: 1).0.items.count == 3)
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

    @Test func aQuarterTurnIsOneMeshCellAStraightenedPage32() throws {
        var s = ViewState()
        s.orientation = Orientation(degrees: 90)
        let (turned, g, _) = Self.list(s)
        guard case .mesh(0, let vertices, let columns) = turned.items.first else {
            Issue.record("turned: \(turned.items)")
            return
        }
        #expect(columns == 2 && vertices.count == 4, "one cell: its four corners")
        // The window's top-left corner shows the camera picture's bottom-left (turned clockwise).
        let d = try #require(g.pieces.first).destination
        #expect(vertices[0].x == d.x && vertices[0].y == d.y)
        #expect(abs(vertices[0].u) < 1e-9 && abs(vertices[0].v - Double(Self.picture.height)) < 1e-9, "\(vertices[0])")

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
