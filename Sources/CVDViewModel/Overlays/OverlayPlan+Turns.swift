import CVDCore

/// The make-way turns: the plan laid out again with the caption, the chip naming the
/// model or the footer placed otherwise, and the measures the turns go by.
extension OverlayPlan {
    /// The labels that lie over a picture (none while the bands have room).
    public var onPicture: [LabelBox] { boxes.filter { space.coversPicture($0.shim) } }
    /// How many of the probes' readouts lie over a picture.
    public var readoutsOnPicture: Int { callouts.filter { space.coversPicture($0.shim) }.count }
    /// How much the readouts say (`said`).
    public var readoutsSaid: Int { Self.said(callouts) }
    /// How much of the pictures the labels over them cover, in square pixels.
    public var pictureCovered: Double { onPicture.reduce(0) { $0 + space.pictureCovered(by: $1.shim) } }
    /// How many of the check's tags a label lies over.
    public var tagsCovered: Int { checkTags.filter { t in boxes.contains { $0.shim.intersects(t.shim) } }.count }
    /// The check's list lies over a picture.
    public var checkBandOnPicture: Bool { checkBand.map { space.coversPicture($0.shim) } ?? false }

    /// The plan laid out in full with `choices`' turns, then again with the caption, the
    /// footer and the chip naming the model each making way where that shows more: the
    /// caption where readouts wanted have no room and it lies off the picture (the plan
    /// with more readouts wins); the footer, then the chip, placed last, where a label lies
    /// over a picture (a readout, the check's list, the legend, a chip: the plan with fewer
    /// over a picture wins — for the footer, as many covering less of it too — no readout
    /// lost or put over one, the model still named, the footer still shown, no more of the
    /// check's tags covered); the footer also where a readout says less than it could (the
    /// plan whose readouts say more wins, as much off the picture), and wherever last is no
    /// worse on these measures (nothing then moves when it comes and goes); both where the
    /// `i` figures had to be flowed into fewer lines (the plan with them whole wins, as
    /// much off the picture). `memo`: the plans already laid out, by their turns.
    static func laidOut(
        _ inputs: Inputs, uiScale: Double, measure: TextMeasuring, _ choices: Choices,
        memo: inout [Int: OverlayPlan]
    ) -> OverlayPlan {
        if let known = memo[choices.turns] { return known }
        let plan = OverlayPlan(inputs, uiScale: uiScale, measure: measure, choices, kept: false)
        var result = plan
        defer { memo[choices.turns] = result }
        if choices.captionInBands, plan.callouts.count < plan.readoutsWanted,
            plan.caption.map({ !plan.space.coversPicture($0.shim) }) == true
        {
            var turn = choices
            turn.captionInBands = false
            let made = laidOut(inputs, uiScale: uiScale, measure: measure, turn, memo: &memo)
            if made.callouts.count > plan.callouts.count {
                result = made
                return result
            }
        }
        let over = plan.onPicture.count
        // The `i` figures flowed into fewer lines: a turn that keeps them whole is better
        // where it leaves nothing over a picture (the figures whole over one are not).
        func whole(_ made: OverlayPlan) -> Bool {
            plan.statsFlowed && !made.statsFlowed && made.stats != nil && made.onPicture.isEmpty
        }
        // No readout lost or put over a picture, the model still named, the footer still shown,
        // no more of the check's tags covered.
        func keeps(_ made: OverlayPlan) -> Bool {
            made.callouts.count >= plan.callouts.count && made.readoutsOnPicture <= plan.readoutsOnPicture
                && made.chips.count >= plan.chips.count && (made.footer != nil || plan.footer == nil)
                && made.tagsCovered <= plan.tagsCovered
        }
        // The footer, the least of the window's words, makes way before the chip: it comes
        // and goes with a key (five seconds), and what stays (the chip, the figures) then
        // stands where it stands without it — wherever that is no worse. It makes way for a
        // readout that says more too (a colour named where only "1" and two swatches stood
        // beside it).
        if !choices.footerAfterReadouts, plan.footer != nil {
            var turn = choices
            turn.footerAfterReadouts = true
            let made = laidOut(inputs, uiScale: uiScale, measure: measure, turn, memo: &memo)
            let fewerOver = made.onPicture.count < over
            // As many over a picture, but less of it covered (the check's list, which does
            // not shrink away, off it, and the footer's few lines over it instead).
            let lessCovered = made.onPicture.count == over && made.pictureCovered < plan.pictureCovered
            let saysMore = made.onPicture.count <= over && made.readoutsSaid > plan.readoutsSaid
            // No worse on any of these: then last, where the footer moves nothing.
            let noWorse =
                made.onPicture.count == over && made.pictureCovered <= plan.pictureCovered
                && made.readoutsSaid >= plan.readoutsSaid && (plan.statsFlowed || !made.statsFlowed)
            if keeps(made), fewerOver || lessCovered || saysMore || whole(made) || noWorse {
                result = made
                return result
            }
        }
        if !choices.modelAfterReadouts, plan.modelsDropped != nil, over > 0 || plan.statsFlowed {
            var turn = choices
            turn.modelAfterReadouts = true
            let made = laidOut(inputs, uiScale: uiScale, measure: measure, turn, memo: &memo)
            if keeps(made), made.onPicture.count < over || whole(made) {
                result = made
                return result
            }
        }
        return result
    }

    /// How much `callouts` say: the characters of their lines but spaces (a line broken
    /// at a space says as much as it whole).
    static func said(_ callouts: [LabelBox]) -> Int {
        callouts.reduce(0) { $0 + $1.lines.reduce(0) { $0 + $1.text.filter { !$0.isWhitespace }.count } }
    }
}
