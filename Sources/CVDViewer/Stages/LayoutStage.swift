import CVDCore
import CVDViewModel

/// The third stage of the view's frame: where things go in the window. The overlay plan
/// (one per frame, made again only when what it lays out changed), the footer's message,
/// the labels settling and the pointer hiding, the window following the picture's shape,
/// the mode cycle's clock, and what a screen source was told of the window. It holds no
/// window: the plan is a value the drawing stage turns into a draw list.
struct LayoutStage {
    /// The last overlay plan and what it was laid out for.
    var planCache: (inputs: OverlayPlan.Inputs, plan: OverlayPlan)?
    /// The last plan laid out in full: its readouts, how many of them cover a picture, and how
    /// many labels do.
    var fullPlan: (callouts: Int, over: Int, labelsOver: Int)?
    /// The framed layout's bands and what they were decided for (`FramedBands`).
    var bandsCache: (key: BandsKey, bands: ViewGeometry.Bands)?
    /// The view last worked out (`view`) and what for: most frames ask for the same.
    var viewCache: (key: ViewKey, view: (geometry: ViewGeometry, regions: PaneRegions))?
    /// What the footer says for a while (a key's answer, "saved …"): in the window's
    /// language on screen, in English on stdout (`Viewer.say`).
    var footerMessage = FooterMessage()
    /// The labels settling and the pointer hiding while nobody uses the view.
    var quiet: QuietView
    /// Following the picture's shape with the window (`Viewer+WindowShape`).
    var windowShape: WindowShape
    /// When the mode cycle last stepped.
    var lastCycleStep: Double
    /// What a screen source was told of the window (`Viewer.followOwnWindow`).
    var ownWindow = OwnWindowReport()
    /// The window hidden for a screen source's picture, Shift+R's wait (`ScreenWindow`).
    var screenWindow = ScreenWindow()

    init(windowShape: WindowShape, now: Double) {
        self.windowShape = windowShape
        quiet = QuietView(now: now)
        lastCycleStep = now
    }
}

extension LayoutStage {
    /// Whether the footer shows: always until the view has settled; then only with news —
    /// a message, a source that is not running (lost, busy, starting), or no picture yet.
    func footerShown(sourceRunning: Bool, hasFrame: Bool) -> Bool {
        !quiet.settled || footerMessage.text != nil || !sourceRunning || !hasFrame
    }

    /// What the framed layout's bands depend on; the window's language is fixed for a run.
    struct BandsKey: Equatable {
        var framed: Bool
        var layout: ViewState.Layout
        var window: FrameSize
        var view: PictureSize
        var uiScale: Double
    }

    /// What the view of a frame depends on, besides the text's measure (the run's font, as
    /// for the bands).
    struct ViewKey: Equatable {
        var state: ViewState
        var window: FrameSize
        var picture: FrameSize
        var uiScale: Double
    }

    /// The view of a frame of `picture`'s size and what the pane textures must hold for it:
    /// worked out again only when the state, the window, the picture's size or the ui-scale
    /// changed (the frames and the pointer's moves in between ask for the same).
    mutating func view(
        state: ViewState, window: FrameSize, picture: FrameSize, uiScale: Double, measure: TextMeasuring
    ) -> (geometry: ViewGeometry, regions: PaneRegions) {
        let key = ViewKey(state: state, window: window, picture: picture, uiScale: uiScale)
        if let cached = viewCache, cached.key == key { return cached.view }
        let g = geometry(state: state, window: window, picture: picture, uiScale: uiScale, measure: measure)
        let view = (geometry: g, regions: PaneRegions(geometry: g, state: state, window: window, picture: picture))
        viewCache = (key, view)
        return view
    }

    /// The view for `picture` in `window` as `state` asks, with the framed layout's bands
    /// decided once for each window, layout, shown shape and ui-scale (not every frame).
    mutating func geometry(
        state: ViewState, window: FrameSize, picture: FrameSize, uiScale: Double, measure: TextMeasuring
    ) -> ViewGeometry {
        let view = PictureMap(picture: picture, orientation: state.orientation, corners: state.pageCorners).view
        let key = BandsKey(framed: state.framed, layout: state.layout, window: window, view: view, uiScale: uiScale)
        let bands: ViewGeometry.Bands
        if let cached = bandsCache, cached.key == key {
            bands = cached.bands
        } else {
            bands =
                state.framed
                ? FramedBands.frame(
                    layout: state.layout, window: window, view: view, uiScale: uiScale, measure: measure)
                : .none
            bandsCache = (key, bands)
        }
        return ViewGeometry(state: state, window: window, picture: picture, frame: bands)
    }

    /// The overlay plan for `inputs`: the one made last when they are the same (`same`:
    /// nothing the overlays show changed, as on most frames), else a new one, kept.
    ///
    /// Where only the probes' readings or the `i` figures changed (a live picture: every
    /// frame), the last plan's choices are kept (`OverlayPlan.init(_:uiScale:measure:keeping:)`):
    /// one placing instead of the search, unless that shows fewer readouts, or more
    /// readouts or labels over a picture, than the plan laid out in full.
    mutating func plan(for inputs: OverlayPlan.Inputs, uiScale: Double, measure: TextMeasuring)
        -> (plan: OverlayPlan, same: Bool)
    {
        if let cached = planCache, cached.inputs == inputs { return (cached.plan, true) }
        if let cached = planCache, let full = fullPlan {
            var scene = inputs
            (scene.probeReadings, scene.stats) = (cached.inputs.probeReadings, cached.inputs.stats)
            if scene == cached.inputs {
                let kept = OverlayPlan(inputs, uiScale: uiScale, measure: measure, keeping: cached.plan.choices)
                if kept.callouts.count >= full.callouts, kept.readoutsOnPicture <= full.over,
                    kept.onPicture.count <= full.labelsOver
                {
                    planCache = (inputs, kept)
                    return (kept, false)
                }
            }
        }
        let plan = OverlayPlan(inputs, uiScale: uiScale, measure: measure)
        planCache = (inputs, plan)
        fullPlan = (plan.callouts.count, plan.readoutsOnPicture, plan.onPicture.count)
        return (plan, false)
    }
}
