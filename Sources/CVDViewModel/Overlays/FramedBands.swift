import CVDCore
import CVDLocale

/// The framed layout's bands (the default): the room kept above and below the picture in
/// every pane for the labels, so that they need not lie on the material.
///
/// They are decided by the window, the layout, the shown picture's shape (its turn and
/// straightening) and `--ui-scale` alone — never by what is on screen — so the picture
/// never moves or shrinks because something appeared: a probe, `x`, `z`, `c`, `i`, a chip,
/// a message. Above: a badge. Below: the footer's line and a block of four of the
/// secondary labels' lines (two in the layouts of several panes) — a probed pair's short
/// readout, or the caption, or the check's short list. What appears and finds no room
/// there goes into the room that exists (the bands the picture's shape leaves, the band
/// beside another label) or, last, over the picture's edge (`OverlayPlan`).
public enum FramedBands {
    /// The bands for a picture shown `view` big (after its turn and straightening) in
    /// `layout` in `window`: none when the picture's shape already leaves bands beside it
    /// wide enough for a probe readout (a portrait poster on a wide screen); thin ones that
    /// make it just narrow enough for that when it stays larger so (a portrait page on a 4:3
    /// projector), with one wide band to its right where two would not fit.
    public static func frame(
        layout: ViewState.Layout, window: FrameSize, view: PictureSize, uiScale: Double, measure: TextMeasuring
    ) -> ViewGeometry.Bands {
        let font = OverlayPlan.labelFont(layout: layout, window: window, uiScale: uiScale)
        let small = max(BadgeLayout.minimumFont, Int(Double(font) * OverlayPlan.smallTextScale))
        let pane = PaneGeometry.panes(layout, width: Double(window.width), height: Double(window.height))[0]
        let side = leastReadoutWidth(small, measure)
        if view.width > 0, view.height > 0 {
            let fitted = PaneGeometry.fit(pictureWidth: view.width, pictureHeight: view.height, in: pane)
            if (pane.w - fitted.w) / 2 >= side { return .none }
        }
        let smallLine = Double(measure.size(of: "Ag", fontSize: small).height)
        let pad = (Double(small) * 0.3).rounded()
        let margin = (Double(small) * 0.4).rounded()
        let top = BadgeLayout.height(font, measure) + 2 * BadgeLayout.margin(font)
        let footer = smallLine + 4 * pad
        let readout = Double(readoutLines(layout)) * smallLine + 2 * pad + 2 * margin
        // At most `ViewGeometry.maximumFrameShare` of the pane together; the badge's band whole.
        let most = (pane.h * ViewGeometry.maximumFrameShare).rounded(.down)
        let above = min(top.rounded(.up), most)
        let bands = ViewGeometry.Bands(top: above, bottom: min((footer + readout).rounded(.up), most - above))
        // A picture whose side bands are nearly wide enough (a page turned upright on a 4:3
        // projector): made just narrow enough that they are, where that keeps it larger than
        // the bands above and below would (its height shrinks with its width only); where two
        // cannot (a large --ui-scale), one band to its right, the picture kept to the pane's
        // left. The bands above and below are then thin: the badge and the footer go beside it
        // (`OverlayPlan`'s rooms), as when the shape leaves the side bands by itself.
        guard view.width > 0, view.height > 0 else { return bands }
        let stacked = pane.h - bands.top - bands.bottom
        // One band only for a picture the pane's shape leaves room beside (taller than the
        // pane: a wide one keeps its bands above and below, centred), and as wide as
        // `ViewGeometry.inset` allows.
        let pillarboxed = view.width * pane.h < view.height * pane.w
        let oneBand = side.rounded(.up)
        let fits = [2.0, 1.0].filter {
            $0 == 2
                ? pane.w > 2 * side : pillarboxed && oneBand <= (pane.w * ViewGeometry.maximumSideShare).rounded(.down)
        }
        let tries = fits.compactMap { sides -> (sides: Double, narrowed: Double)? in
            let room = sides == 2 ? 2 * side : oneBand
            let narrowed = min(pane.h, ((pane.w - room) * view.height / view.width).rounded(.down))
            guard narrowed > stacked, narrowed >= pane.h * (1 - ViewGeometry.maximumFrameShare) else { return nil }
            return (sides, narrowed)
        }
        // Two bands (the picture centred) while they keep nearly the whole height; else the
        // larger picture.
        guard
            let chosen = tries.first(where: { $0.sides == 2 && $0.narrowed >= 0.9 * pane.h })
                ?? tries.max(by: { $0.narrowed < $1.narrowed })
        else { return bands }
        let total = pane.h - chosen.narrowed
        let split = (total / 2).rounded(.down)
        return ViewGeometry.Bands(top: split, bottom: total - split, right: chosen.sides == 1 ? oneBand : 0)
    }

    /// The lines of a probe readout the band below holds: a pair's short readout (two
    /// probes, the verdict, ΔE00) where a pane has the window's width, its verdict and one
    /// more line where panes share it.
    static func readoutLines(_ layout: ViewState.Layout) -> Int {
        layout == .single || layout == .split ? 4 : 2
    }

    /// The narrowest a probe readout is ever laid out (`ProbeLayout.box`: two swatches and
    /// a dozen characters, or the verdict's longest word in the window's language, which
    /// no line breaks), with its margins.
    static func leastReadoutWidth(_ small: Int, _ measure: TextMeasuring) -> Double {
        let pad = (Double(small) * 0.3).rounded()
        let swatches = 2 * (Double(small) * 1.2 + pad)
        let words = PairVerdict.allCases.flatMap { tr("1–2: %s", tr($0.text)).split(separator: " ") }
        let longest = words.map { Double(measure.size(of: String($0), fontSize: small).width) }.max() ?? 0
        return max(Double(small) * 7, longest) + swatches + 2 * pad + 2 * (Double(small) * 0.4).rounded()
    }
}

extension ViewGeometry {
    /// The view as the window shows it: in the framed layout (`state.framed`) with
    /// `FramedBands`' bands, which nothing but the window, the layout, the turn, the
    /// straightening and `uiScale` changes.
    public init(state: ViewState, window: FrameSize, picture: FrameSize, uiScale: Double, measure: TextMeasuring) {
        let frame =
            state.framed
            ? FramedBands.frame(
                layout: state.layout, window: window,
                view: PictureMap(picture: picture, orientation: state.orientation, corners: state.pageCorners).view,
                uiScale: uiScale, measure: measure)
            : .none
        self.init(state: state, window: window, picture: picture, frame: frame)
    }
}
