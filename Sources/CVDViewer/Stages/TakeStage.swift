import CVDCore
import CVDSources
import CVDSystem

/// The first stage of the view's frame: what comes from the source. The source and the
/// slot it writes to, the frame shown now, what the source was asked for and said, the
/// still beside the live picture, the figures, and what the source's controls last read.
/// It holds no window: everything here is a value or the source's own object.
struct TakeStage {
    /// Where the frames come from (a camera, the screen, a picture, the test scene).
    let source: any FrameSource
    /// The source as one that follows cvdcam's own window (the screen), looked up once:
    /// the loop asks every turn.
    let ownWindowWatcher: (any OwnWindowWatcher)?
    /// The hand-off slot the source writes to (newest wins; `LatestFrame`).
    let sink = LatestFrame()
    /// The frame shown now; nil until the first one came.
    var frame: Frame?
    /// What the source was last asked for and said (`Viewer.updateSourceRequest`).
    var sourceLink = SourceLink()
    /// Frame totals (printed on quit) and the `i` overlay's figures.
    var stats = LiveStats()
    /// SIGUSR1: the totals so far on stdout.
    let totalsSignal = TotalsSignal()
    /// When frames came, for counting a still picture's (`StillShowings`).
    var stillShowings: StillShowings
    /// The still (`g`, `--still`).
    var still: StillPicture
    /// Each source's view (turn, straightening), remembered (`ViewMemory`).
    var views = ViewMemory()
    /// `--white-balance camera|card`, until it has acted.
    var balancePending: WhiteBalanceStart?
    /// The camera panel's controls as last read (`k`).
    var panel = CameraPanelReadings()

    init(source: any FrameSource, still: StillPicture, balance: WhiteBalanceStart?, now: Double) {
        self.source = source
        ownWindowWatcher = source as? any OwnWindowWatcher
        self.still = still
        balancePending = balance
        stillShowings = StillShowings(now: now)
    }

    /// The source's newest frame when the view takes one now: always the first, then
    /// every new one unless the view holds its picture (`holding`). The frame becomes the
    /// one shown, the still is fitted to its size, and the figures count it.
    mutating func takeNew(holding: Bool, now: Double) -> Frame? {
        guard let f = sink.takeNew(), !holding || frame == nil else { return nil }
        frame = f
        stillShowings.taken(at: now)
        _ = still.fit(to: f.size)
        stats.taken(f)
        return f
    }

    /// Whether the picture shown counts as shown again now, though no frame was taken: a
    /// still picture's, one the view holds (`holding`: frozen, the check's comparison), or a
    /// source's that sends only changes (the screen) while it sends none.
    mutating func stillShown(now: Double, holding: Bool) -> Bool {
        guard frame != nil else { return false }
        return stillShowings.stillShown(
            at: now, isStill: source.isStill || holding, sendsOnlyChanges: source.sendsOnlyChanges)
    }
}
