import CVDCore
import Testing

@testable import CVDViewModel

/// The pane textures hold only what is shown: the picture reduced as far as the screen
/// allows, and only the part each texture's pieces draw (with a pixel of margin, even
/// columns for 4:2:2), so the kernels do no work that never reaches the screen.
@Suite struct PaneRegionsTests {
    let hd = FrameSize(1920, 1080)

    func regions(_ s: ViewState, window: FrameSize? = nil, picture: FrameSize? = nil) -> PaneRegions {
        let w = window ?? hd
        let p = picture ?? hd
        return PaneRegions(geometry: ViewGeometry(state: s, window: w, picture: p), state: s, window: w, picture: p)
    }

    @Test func singleViewFillsTheWholePictureAtFullSize() {
        let r = regions(ViewState())
        #expect(r.reduction == 1 && r.textureSize == hd)
        #expect(r.regions == [PixelRect(x: 0, y: 0, width: 1920, height: 1080)])
    }

    @Test func quadPanesGetTheHalfSizePictureAndDrawItAboutOneToOne() throws {
        var s = ViewState()
        s.apply(.cycleLayout)
        s.apply(.cycleLayout)
        #expect(s.layout == .quad)
        let r = regions(s)
        #expect(r.reduction == 2 && r.textureSize == FrameSize(960, 540))
        #expect(r.regions.count == 4 && r.regions.allSatisfy { $0 == PixelRect(x: 0, y: 0, width: 960, height: 540) })
        // Each piece's source maps onto the whole reduced texture, drawn at (about) its own size.
        for piece in ViewGeometry(state: s, window: hd, picture: hd).pieces {
            let t = r.textureRect(piece.source)
            #expect(t.w == 960 && t.h == 540)
            #expect(abs(piece.destination.w - t.w) <= 16, "drawn within a few pixels of 1:1")
        }
    }

    @Test func zoomedInOnlyTheVisiblePartIsFilled() throws {
        var s = ViewState()
        s.apply(.zoom(factor: 4, at: nil))
        let r = regions(s)
        #expect(r.reduction == 1)
        // A quarter of each side around the centre, a pixel of margin, even edges.
        let first = try #require(r.regions.first)
        let box = try #require(first)
        #expect(box == PixelRect(x: 718, y: 404, width: 484, height: 272))
        #expect(box.x % 2 == 0 && box.width % 2 == 0)
    }

    @Test func splitSidesFillOnlyTheirOwnHalves() throws {
        var s = ViewState()
        s.apply(.cycleLayout)
        #expect(s.layout == .split)
        let r = regions(s)
        let left = try #require(r.regions[0])
        let right = try #require(r.regions[1])
        #expect(left.x == 0 && left.x + left.width >= 960 && left.x + left.width <= 964)
        #expect(right.x >= 956 && right.x <= 960 && right.x + right.width == 1920)
    }

    @Test func projectorWindowAndOddSizesStayInsideTheTexture() {
        var s = ViewState()
        s.apply(.cycleLayout)
        s.apply(.cycleLayout)
        // A 4K picture in a 1024×768 projector's 2×2 panes: reduced by 4 (at most).
        let r = regions(s, window: FrameSize(1024, 768), picture: FrameSize(3840, 2160))
        #expect(r.reduction == 4 && r.textureSize == FrameSize(960, 540))
        // A picture whose reduced width is odd is cut to even columns; no region reaches past it.
        let odd = regions(s, picture: FrameSize(1918, 1078))
        #expect(odd.textureSize == FrameSize(958, 539))
        for regions in [r, odd] {
            for case let box? in regions.regions {
                #expect(
                    box.x >= 0 && box.y >= 0 && box.x + box.width <= regions.textureSize.width
                        && box.y + box.height <= regions.textureSize.height)
            }
        }
    }
}
