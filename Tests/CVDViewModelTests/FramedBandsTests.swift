import CVDCore
import Testing

@testable import CVDViewModel

/// The framed layout's bands for pictures of each shape: the picture as large as the labels'
/// room allows, beside it or above and below it.
@Suite struct FramedBandsTests {
    static func picture(_ view: PictureSize, _ window: FrameSize, _ layout: ViewState.Layout = .single)
        -> (bands: ViewGeometry.Bands, picture: Rect, side: Double)
    {
        let m = ApproximateMeasure()
        let bands = FramedBands.frame(layout: layout, window: window, view: view, uiScale: 1, measure: m)
        let pane = PaneGeometry.panes(layout, width: Double(window.width), height: Double(window.height))[0]
        let inset = ViewGeometry.inset(pane, bands)
        let fitted = PaneGeometry.fit(pictureWidth: view.width, pictureHeight: view.height, in: inset)
        let font = OverlayPlan.labelFont(layout: layout, window: window, uiScale: 1)
        let small = max(BadgeLayout.minimumFont, Int(Double(font) * OverlayPlan.smallTextScale))
        return (bands, fitted, FramedBands.leastReadoutWidth(small, m))
    }

    /// A page turned upright on a 4:3 projector: its side bands were a few pixels short of a
    /// readout's width, so bands above and below took 40 % of the height (254 × 452 of
    /// 1024 × 768). Now it is narrowed just enough that the side bands hold a readout.
    @Test func aTallPictureOnAProjectorKeepsNearlyTheWholeHeight() {
        let window = FrameSize(1024, 768)
        let (bands, picture, side) = Self.picture(PictureSize(width: 720, height: 1280), window)
        #expect(bands.top + bands.bottom < 0.1 * 768, "\(bands)")
        #expect(picture.h >= 0.9 * 768, "\(picture)")
        #expect(picture.x >= side - 1 && Double(window.width) - picture.maxX >= side - 1, "\(picture), \(side)")
        // Larger than the bands above and below would leave it.
        let stacked = ViewGeometry.inset(Rect(0, 0, 1024, 768), FramedBands.stacked(window, .single))
        #expect(picture.h > stacked.h)
    }

    /// At `--ui-scale` 1.25 to 2 on a 4:3 projector two side bands cannot each hold a readout,
    /// so the page turned upright kept the bands above and below (216 × 384 of 1024 × 768 at
    /// 2): now one band to its right holds the labels, and the page keeps nearly the whole
    /// height.
    @Test(arguments: [1.25, 1.5, 2.0]) func aTallPictureAtALargeScaleKeepsOneBandBesideIt(scale: Double) {
        let window = FrameSize(1024, 768)
        let m = ApproximateMeasure()
        let view = PictureSize(width: 720, height: 1280)
        let bands = FramedBands.frame(layout: .single, window: window, view: view, uiScale: scale, measure: m)
        let font = OverlayPlan.labelFont(layout: .single, window: window, uiScale: scale)
        let small = max(BadgeLayout.minimumFont, Int(Double(font) * OverlayPlan.smallTextScale))
        let side = FramedBands.leastReadoutWidth(small, m)
        let inset = ViewGeometry.inset(Rect(0, 0, 1024, 768), bands)
        let picture = PaneGeometry.fit(pictureWidth: view.width, pictureHeight: view.height, in: inset)
        #expect((1024 - 432) / 2 < side, "two bands would not each hold a readout: \(side)")
        #expect(bands.right >= side, "\(bands)")
        #expect(1024 - picture.maxX >= side - 1, "\(picture), \(side)")
        #expect(picture.h >= 0.9 * 768, "\(picture)")
    }

    /// Shapes that leave room beside them keep no bands; wide ones keep the bands above and
    /// below, as before.
    @Test func wideAndVeryTallPicturesAreAsBefore() {
        let window = FrameSize(1024, 768)
        #expect(Self.picture(PictureSize(width: 600, height: 1400), window).bands == .none)
        let chart = Self.picture(PictureSize(width: 1280, height: 720), window)
        #expect(chart.bands == FramedBands.stacked(window, .single))
        let wide = Self.picture(PictureSize(width: 1280, height: 720), FrameSize(1920, 1080))
        #expect(wide.bands == FramedBands.stacked(FrameSize(1920, 1080), .single))
    }
}

extension FramedBands {
    /// The bands above and below alone (a shape that leaves no room beside it).
    static func stacked(_ window: FrameSize, _ layout: ViewState.Layout) -> ViewGeometry.Bands {
        frame(
            layout: layout, window: window, view: PictureSize(width: 4000, height: 100), uiScale: 1,
            measure: ApproximateMeasure())
    }
}
