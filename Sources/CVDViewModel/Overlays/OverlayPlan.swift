import CVDCheck
import CVDCore
import CVDLocale
import CVDSystem

/// Every label on screen for one frame, laid out so that the picture stays the class's:
/// none clips, none covers another or a probe ring, and each goes beside the picture — in
/// the letterbox bands (`PictureBands`) — before it goes on it.
///
/// In order: probe rings (`ProbeLayout`), a badge per pane (`BadgeLayout`: in the band
/// above or below its picture, or beside it, at a smaller size if it must, else compact
/// over the picture's top edge), the caption, the footer, the state chips (frozen, zoom,
/// balanced), the confusion map's legend, the check's marks, the `i` overlay, and last the
/// probe readouts
/// (the chip that names the model, and the footer, after them where either would leave one
/// over a picture or the `i` figures flowed into fewer lines, the footer also where a
/// readout then says more or where that is no worse, so that it moves nothing when it comes
/// and goes; the caption where it would leave one out: `laidOut`).
/// Each text keeps its size; where no band has room it goes to the picture's edge.
public struct OverlayPlan: Sendable {
    public private(set) var badges: [LabelBox] = []
    public internal(set) var chips: [LabelBox] = []
    public internal(set) var footer: LabelBox?
    /// The caption strip (what the mode is, how common it is).
    public private(set) var caption: LabelBox?
    /// What the confusion map's stripes mean: the picked colour, the mode, the share.
    public private(set) var legend: LabelBox?
    /// Probe rings, their readouts and the lines from one to the other.
    public private(set) var markers: [ProbeLayout.Marker] = []
    public internal(set) var callouts: [LabelBox] = []
    public internal(set) var leaders: [ProbeLayout.Leader] = []
    /// The pen's strokes as window polylines, in every piece that shows them.
    public private(set) var strokes: [[(x: Double, y: Double)]] = []
    /// The `i` overlay (frame counts, fps, CPU), where no other label is.
    public private(set) var stats: LabelBox?
    /// The `i` figures had to be flowed into fewer, longer lines to stay off the picture
    /// (`StatsPanel.Reach.flowed`): the make-way turns try for them whole.
    var statsFlowed = false
    /// The check (`z`): its outlines (window polylines), number tags and band.
    public private(set) var checkOutlines: [[(x: Double, y: Double)]] = []
    /// The outlines as black ([0]) and white ([1]) dashes (`dashes`), 0.8 of a pen stroke thick.
    public private(set) var checkDashes: [[[(Double, Double)]]] = [[], []]
    public private(set) var checkTags: [LabelBox] = []
    /// The rectangle being dragged with Shift+R, as black ([0]) and white ([1]) dashes a pen
    /// stroke thick, on the picture (`ViewState.regionPick`).
    public private(set) var pickDashes: [[[(Double, Double)]]] = [[], []]
    public private(set) var checkBand: LabelBox?
    /// A label was set smaller than is comfortable for want of room (the bands, `FramedBands`,
    /// stay as they are: it is said, not made room for).
    public internal(set) var wantsRoom = false
    /// What this plan chose that a plan of the same scene with other readings or figures
    /// may keep (`init(_:uiScale:measure:keeping:)`).
    public internal(set) var choices = Choices()

    /// The readouts the panes showing a probe want (`readouts`), and the models no badge
    /// names (`modelsNotShown`): what the make-way plans (`laidOut`) go by.
    var readoutsWanted = 0
    /// The readouts that say less than they could, or lie over a picture, for want of room.
    var readoutsShortened = 0
    var modelsDropped: String?
    /// The room left: the window, the pictures, and what is taken.
    var space: FreeSpace

    public var boxes: [LabelBox] {
        callouts + badges + chips + [legend, checkBand, footer, caption, stats].compactMap { $0 }
    }

    /// The plan for `inputs`, its labels `uiScale` times their usual size, measured by `measure`.
    public init(_ inputs: Inputs, uiScale: Double, measure: TextMeasuring) {
        var memo: [Int: OverlayPlan] = [:]
        self = Self.laidOut(inputs, uiScale: uiScale, measure: measure, Choices(), memo: &memo)
    }

    /// The plan for `inputs` with an earlier plan's `choices` kept: where only the probes'
    /// readings or the `i` figures changed (a live picture, every frame), the badges and
    /// the readouts go at the sizes chosen then, in one placing each, and nothing is laid
    /// out twice — the labels hold still while the readings flicker.
    public init(_ inputs: Inputs, uiScale: Double, measure: TextMeasuring, keeping choices: Choices) {
        self.init(inputs, uiScale: uiScale, measure: measure, choices, kept: true)
    }

    /// One placing of everything with the turns `choices` names (`captionInBands` false:
    /// the caption along the window's bottom, over the picture; `modelAfterReadouts`,
    /// `footerAfterReadouts`: the chip naming the model, the footer, placed last of what
    /// stays off the picture); with `kept`, the badges and the readouts at `choices`' sizes,
    /// and the chip and the footer placed last where `choices` says, first.
    init(_ inputs: Inputs, uiScale: Double, measure: TextMeasuring, _ choices: Choices, kept: Bool) {
        self.choices = Choices(
            captionInBands: choices.captionInBands, modelAfterReadouts: choices.modelAfterReadouts,
            footerAfterReadouts: choices.footerAfterReadouts)
        let (geometry, state, simulations, window) = (inputs.geometry, inputs.state, inputs.simulations, inputs.window)
        let (footer, compact) = (inputs.footer, inputs.compact)
        let (captionText, legendText, statsLines, check) = (inputs.caption, inputs.legend, inputs.stats, inputs.check)
        let font = Self.labelFont(state, window: window, uiScale: uiScale)
        var small = max(BadgeLayout.minimumFont, Int(Double(font) * Self.smallTextScale))
        let screen = Rect(0, 0, Double(window.width), Double(window.height))
        let pictures = geometry?.pieces.map(\.destination).filter { $0.w > 0 && $0.h > 0 } ?? []
        if let g = geometry, !state.probes.isEmpty {
            markers = ProbeLayout.markers(state.probes, geometry: g, fontSize: small)
        }
        if let g = geometry, !state.strokes.isEmpty { strokes = Self.strokes(state.strokes, g) }
        if let g = geometry, let pick = state.regionPick, let a = pick.from, let b = pick.to {
            let corners = [Point(a.x, a.y), Point(b.x, a.y), Point(b.x, b.y), Point(a.x, b.y), Point(a.x, a.y)]
            pickDashes = Self.dashes([corners.compactMap { g.windowPoint($0, texture: 0) }], width: Self.penWidth(font))
        }
        // The page's corners clicked so far (`t`), marked where the picture shows them.
        if let g = geometry, let picks = state.cornerPicks {
            let r = ProbeLayout.radius(small)
            for p in picks {
                if let w = g.pieces.lazy.compactMap({ g.windowPoint(p, texture: $0.texture) }).first {
                    markers.append(ProbeLayout.Marker(x: w.x, y: w.y, radius: r))
                }
            }
        }
        space = FreeSpace(window: screen, pictures: pictures, rings: markers.map(ProbeLayout.keepClear))
        if let g = geometry {
            (badges, self.choices.badgeAsk) = Self.badges(
                g, simulations, state, font: font, unscaled: Self.labelFont(state, window: window, uiScale: 1),
                compact: compact, ask: kept ? choices.badgeAsk : nil, space: &space, measure)
        }
        // The mode is the most important word on screen: no other label is larger than the
        // smallest badge's text (a badge squeezed into a narrow pane sets the rest smaller too).
        let modeSize = badges.compactMap { $0.lines.first?.fontSize }.min() ?? font
        small = max(BadgeLayout.minimumFont, min(small, modeSize))
        // The bands the window-wide labels use, best first (below the pictures, above, beside,
        // between the 2×2 rows), and the picture's own edges last.
        let rooms: [Rect]
        if let g = geometry {
            let bands = PictureBands.of(g)
            rooms = [
                PictureBands.bottomStrip(g, window: screen), PictureBands.topStrip(g, window: screen),
                bands.first.map(\.right) ?? .zero, bands.first.map(\.left) ?? .zero,
                PictureBands.middleStrip(g, window: screen),
            ]
        } else {
            rooms = [screen]
        }
        if let text = captionText {
            caption = Self.caption(
                text, fontSize: min(font, modeSize), rooms: choices.captionInBands ? rooms : [], space: space,
                measure: measure)
            if let c = caption { space.take(c.shim) }
        }
        // The footer first: it is the longest; the chips then fit beside it or beside a badge.
        if !choices.footerAfterReadouts { placeFooter(footer, fontSize: small, rooms: rooms, measure: measure) }
        var texts: [ChipText] = []
        if state.frozen { texts.append(ChipText(text: tr("Frozen"), pauseSign: true)) }
        if state.zoom > 1.0001 {
            texts.append(ChipText(text: tr("Zoom %s×", Localization.decimal(state.zoom, places: 1))))
        }
        if state.whiteBalance != nil { texts.append(ChipText(text: tr("Balanced on card"))) }
        if check?.recoloured == true { texts.append(ChipText(text: tr("Recoloured"))) }

        // The chips keep their size while anywhere has room for them; else they get smaller.
        for offPicture in [true, false] where !texts.isEmpty && chips.isEmpty {
            var chipFont = small
            let floor = offPicture ? Self.bandFloor(small) : BadgeLayout.minimumFont
            while chips.isEmpty, chipFont >= floor {
                chips = Self.chips(
                    texts, fontSize: chipFont, rooms: offPicture ? rooms : [], space: space, measure: measure)
                chipFont -= max(1, chipFont / 10)
            }
        }
        for c in chips { space.take(c.shim) }
        // A badge too narrow for its model's name: the model goes in a chip of its own beside
        // the picture (never over it), down to the smallest label's size rather than not at
        // all: the class always sees which model is on.
        modelsDropped = geometry.flatMap { Self.modelsNotShown($0, simulations, badges) }
        if !choices.modelAfterReadouts { placeModelChip(fontSize: small, rooms: rooms, measure: measure) }
        if let l = legendText {
            legend = Self.wrapped(
                l.text, swatch: l.colour, fontSize: small, rooms: rooms, alignRight: true, space: space,
                measure: measure)
            if let b = legend { space.take(b.shim) }
        }
        // The labels after the check's tags keep clear of them where there is room; where
        // there is none, they go over a tag rather than not at all (`FreeSpace.choices`).
        if let c = check {
            if let g = geometry {
                (checkOutlines, checkTags) = Self.checkMarks(
                    c, g, simulations, fontSize: Self.tagFont(small, g), lineWidth: Self.penWidth(font) * 0.8,
                    avoiding: space.taken,
                    measure: measure)
                checkDashes = Self.dashes(checkOutlines, width: Self.penWidth(font) * 0.8)
            }
            for t in checkTags { space.avoid(t.shim) }
            for room in space.choices {
                (checkBand, wantsRoom) = Self.checkBand(
                    c, fontSize: small, uiScale: uiScale, rooms: rooms, space: room, measure: measure)
                if checkBand != nil { break }
            }
            if let b = checkBand { space.take(b.shim) }
        }
        // A kept plan: the chip naming the model and the footer where the plan it keeps put
        // them last (they were placed clear of everything that plan placed; the readouts and
        // the `i` figures, which change, now go clear of them).
        var placedLast = false
        if kept, choices.modelAfterReadouts || choices.footerAfterReadouts {
            placedLast = true
            if choices.modelAfterReadouts, let chip = choices.modelChip {
                chips += chip
                for c in chip { space.take(c.shim) }
            }
            if choices.footerAfterReadouts, let box = choices.footerBox {
                self.footer = box
                space.take(box.shim)
            }
            (self.choices.modelChip, self.choices.footerBox) = (choices.modelChip, choices.footerBox)
        }
        // The `i` overlay in the upper bands before the readouts: they can say less, it cannot.
        if let lines = statsLines {
            stats = StatsPanel.place(lines, fontSize: small, reaches: [.upperBands], space: space, measure: measure)
            if let s = stats { space.take(s.shim) }
        }
        if let g = geometry, !state.probes.isEmpty {
            placeReadouts(
                inputs, g, fontSize: small, uiScale: uiScale, size: kept ? choices.readoutSize : nil, measure: measure)
        }
        // Else lower down off the picture, where the readouts have left room, whole, then
        // flowed into fewer lines; only then (after the chip naming the model and the footer
        // where they make way, `laidOut`) over it.
        func placeStats(_ reach: StatsPanel.Reach) {
            guard let lines = statsLines, stats == nil else { return }
            stats = StatsPanel.place(lines, fontSize: small, reaches: [reach], space: space, measure: measure)
            if let s = stats { space.take(s.shim) }
            statsFlowed = stats != nil && reach == .flowed
        }
        placeStats(.lowerBands)
        placeStats(.flowed)
        if choices.modelAfterReadouts, !placedLast {
            self.choices.modelChip = placeModelChip(fontSize: small, rooms: rooms, measure: measure)
        }
        if choices.footerAfterReadouts, !placedLast {
            placeFooter(footer, fontSize: small, rooms: rooms, measure: measure)
            self.choices.footerBox = self.footer
        }
        placeStats(.overPicture)
    }
}
