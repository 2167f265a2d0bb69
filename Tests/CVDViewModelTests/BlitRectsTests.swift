import CVDCore
import Testing

@testable import CVDViewModel

/// The whole-pixel rectangles handed to SDL never reach outside the window (SDL's software
/// renderer would scale through a temporary surface), and the source follows the clipping.
@Suite struct BlitRectsTests {
    @Test func halfPixelOriginDoesNotPushTheFarEdgeOut() throws {
        // Rounded separately, x 0.5 → 1 and w 1919.5 → 1920 would end at 1921.
        let r = try #require(
            BlitRects(
                source: Rect(0, 0, 1920, 1080), destination: Rect(0.5, 0.5, 1919.5, 1079.5),
                width: 1920, height: 1080))
        #expect(r.destination.x + r.destination.width <= 1920 && r.destination.y + r.destination.height <= 1080)
        #expect(r.destination == PixelRect(x: 1, y: 1, width: 1919, height: 1079))
    }

    @Test func destinationOutsideIsClippedAndTheSourceCutByTheSameFraction() throws {
        // A 4× zoom drawn 3840 px wide from x = -960: only the middle half is visible.
        let r = try #require(
            BlitRects(
                source: Rect(0, 0, 960, 540), destination: Rect(-960, -540, 3840, 2160),
                width: 1920, height: 1080))
        #expect(r.destination == PixelRect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(r.source == PixelRect(x: 240, y: 135, width: 480, height: 270))
    }

    @Test func insideRectsAreOnlyRounded() throws {
        let r = try #require(
            BlitRects(
                source: Rect(10.2, 20.7, 300.4, 200.2), destination: Rect(100, 50, 600, 400),
                width: 1280, height: 720))
        #expect(r.destination == PixelRect(x: 100, y: 50, width: 600, height: 400))
        #expect(r.source == PixelRect(x: 10, y: 21, width: 301, height: 200))
    }

    @Test func nothingVisibleIsNil() {
        #expect(
            BlitRects(source: Rect(0, 0, 10, 10), destination: Rect(2000, 0, 100, 100), width: 1920, height: 1080)
                == nil)
        #expect(
            BlitRects(source: Rect(0, 0, 10, 10), destination: Rect(0, 0, 0.2, 100), width: 1920, height: 1080) == nil)
    }

    @Test func aSourceAFewPixelsLargerIsCutToOneToOne() throws {
        // A 960×540 half-size texture in a 2×2 pane's 956×538 picture rectangle.
        let r = try #require(
            BlitRects(source: Rect(0, 0, 960, 540), destination: Rect(962, 541, 956, 538), width: 1920, height: 1080))
        #expect(r.destination == PixelRect(x: 962, y: 541, width: 956, height: 538))
        #expect(
            r.source == PixelRect(x: 2, y: 1, width: 956, height: 538),
            "the four extra columns and two rows cut evenly from the edges")
        // Scaled for real (zoom, a 1080p picture in a 1024×768 window): unchanged.
        let zoomed = try #require(
            BlitRects(source: Rect(0, 0, 960, 540), destination: Rect(0, 0, 1920, 1080), width: 1920, height: 1080))
        #expect(zoomed.source == PixelRect(x: 0, y: 0, width: 960, height: 540))
        let small = try #require(
            BlitRects(source: Rect(0, 0, 1920, 1080), destination: Rect(0, 96, 1024, 576), width: 1024, height: 768))
        #expect(small.source == PixelRect(x: 0, y: 0, width: 1920, height: 1080))
    }
}
