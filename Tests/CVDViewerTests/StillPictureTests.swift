import CVDCore
import CVDSources
import Testing

@testable import CVDViewer

/// The still beside the live picture (`StillPicture`): letterboxed whole into the live
/// picture's size, made again only when that size changes, and a grab keeps the frame as
/// it came.
@Suite struct StillPictureTests {
    /// A picture of one colour.
    static func plain(_ w: Int, _ h: Int, _ c: RGB8) -> RGBAImage { RGBAImage(width: w, height: h, fill: c) }

    @Test func aWidePictureIsLetterboxedWholeAndCentred() {
        let red = RGB8(200, 20, 20)
        let frame = StillPicture.letterboxed(Self.plain(200, 100, red), size: FrameSize(400, 300))
        #expect(frame.size == FrameSize(400, 300))
        let image = RGBAImage(width: 400, height: 300, pixels: frame.bytes)
        // 2:1 into 4:3: the full width, 200 rows, 50 black rows above and below.
        for (y, expected) in [(0, RGB8(0, 0, 0)), (49, RGB8(0, 0, 0)), (50, red), (249, red), (250, RGB8(0, 0, 0))] {
            #expect(image[0, y] == expected && image[399, y] == expected, "row \(y)")
        }
    }

    @Test func theFrameIsMadeAgainOnlyWhenTheLiveSizeChanges() {
        var none = StillPicture()
        let madeNone = none.fit(to: FrameSize(640, 480))
        #expect(!madeNone && none.frame == nil, "no still, nothing made")

        var still = StillPicture(picture: Self.plain(64, 48, RGB8(0, 120, 0)))
        #expect(still.frame == nil, "not before a live frame gave the size")
        let made = still.fit(to: FrameSize(640, 480))
        #expect(made && still.frame?.size == FrameSize(640, 480))
        let again = still.fit(to: FrameSize(640, 480))
        #expect(!again)
        let remade = still.fit(to: FrameSize(1280, 720))
        #expect(remade && still.frame?.size == FrameSize(1280, 720))
    }

    @Test func aGrabKeepsTheLiveFrameAsItCame() {
        let layout = FrameLayout(format: .rgba, width: 4, height: 2, bytesPerRow: 16)
        let live = Frame(bytes: (0..<32).map { UInt8($0 * 7) }, layout: layout, timestamp: 3)
        var still = StillPicture()
        still.grab(live)
        #expect(still.frame?.bytes == live.bytes && still.frame?.timestamp == 3)
        #expect(still.picture?.width == 4 && still.picture?.height == 2)
        let made = still.fit(to: live.size)
        #expect(!made, "already at the live size")
    }
}
