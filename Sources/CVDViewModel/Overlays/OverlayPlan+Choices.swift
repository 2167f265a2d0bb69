extension OverlayPlan {
    /// The caption's, the model chip's and the footer's turn (each may make way for other
    /// labels, `laidOut`), the size the badges' row was asked at, the readouts' size, and
    /// where the chip and the footer went when placed last: a plan that keeps these puts
    /// them there first, so that they hold still while the readings change.
    public struct Choices: Equatable, Sendable {
        var captionInBands = true
        var modelAfterReadouts = false
        var footerAfterReadouts = false
        var badgeAsk: Int?
        var readoutSize: Int?
        var modelChip: [LabelBox]?
        var footerBox: LabelBox?

        /// The turns alone, as a key (`laidOut`'s memo).
        var turns: Int { (captionInBands ? 1 : 0) | (modelAfterReadouts ? 2 : 0) | (footerAfterReadouts ? 4 : 0) }
    }
}
