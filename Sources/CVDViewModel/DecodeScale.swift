import CVDCore

/// How much smaller than the source sends it the picture may be decoded without showing
/// fewer pixels than the screen has for it: a 4K camera in a 1080p window, or in a pane of
/// the 2×2 layout, needs no more than a half or a quarter of its pixels; zoom needs more.
public enum DecodeScale {
    /// The reductions an MJPEG decoder offers (libjpeg-turbo's scaled DCT), largest first.
    public static let reductions = [8, 4, 2, 1]

    /// The largest reduction (8, 4, 2 or 1) at which the shown picture still has at least
    /// as many pixels as the largest place it is drawn in (its rectangle in a pane, times
    /// the zoom, since the zoomed part fills it). The shown picture is the camera's turned
    /// (`r`: a quarter turn swaps width and height) or the straightened page (`t`), which
    /// holds only as many camera pixels as its longer edges (`PictureMap`): a page that
    /// covers half the camera's picture and fills the pane needs twice the pixels.
    public static func reduction(state: ViewState, window: FrameSize, picture: FrameSize) -> Int {
        guard picture.width > 0, picture.height > 0 else { return 1 }
        let shown = PictureMap(picture: picture, orientation: state.orientation, corners: state.pageCorners).view
        let panes = PaneGeometry.panes(state.layout, width: Double(window.width), height: Double(window.height))
        var needW = 0.0
        var needH = 0.0
        for pane in panes {
            let r = PaneGeometry.fit(pictureWidth: shown.width, pictureHeight: shown.height, in: pane)
            needW = max(needW, r.w * state.zoom)
            needH = max(needH, r.h * state.zoom)
        }
        // A pixel of slack for the fit's rounding.
        return reductions.first {
            (shown.width / Double($0)).rounded(.down) + 1 >= needW
                && (shown.height / Double($0)).rounded(.down) + 1 >= needH
        } ?? 1
    }
}

extension DecodeScale {
    /// `reduction` for a loop that asks every turn: worked out again only when what it
    /// depends on changed (the turn, the page's corners, the layout, the zoom, the window's
    /// and the picture's sizes); the same answer as `reduction` always.
    public struct Memo {
        private struct Inputs: Equatable {
            let orientation: Orientation
            let corners: [Point]?
            let layout: ViewState.Layout
            let zoom: Double
            let window: FrameSize
            let picture: FrameSize
        }
        private var inputs: Inputs?
        private var last = 1

        public init() {}

        public mutating func reduction(state: ViewState, window: FrameSize, picture: FrameSize) -> Int {
            let now = Inputs(
                orientation: state.orientation, corners: state.pageCorners, layout: state.layout, zoom: state.zoom,
                window: window, picture: picture)
            if now != inputs {
                (inputs, last) = (now, DecodeScale.reduction(state: state, window: window, picture: picture))
            }
            return last
        }
    }
}
