import CVDCore
import CVDSources
import CVDSystem
import CVDViewModel

/// How `--white-balance` starts the view.
public enum WhiteBalanceStart: String, Sendable, CaseIterable {
    /// The camera balances itself (nothing is done).
    case auto
    /// The camera's automatic white balance, exposure and gain are locked at their values
    /// after the first frames; no correction by cvdcam.
    case camera
    /// As `w` on the first frames: locked, and balanced on the card in the middle.
    case card
}

/// The live view's camera keys: the white card (`w`) and the next camera (`n`). Control
/// writes go to the capture thread through the source's `CameraLink`.
extension Viewer {
    /// The camera's link, when the source is a camera (or waits for one).
    var cameraLink: CameraLink? { (take.source as? any CameraControlSource)?.link }

    /// Seconds a camera runs before `--white-balance camera|card` acts, so its automatic
    /// exposure and white balance have settled.
    static let settleBeforeBalance = 0.5

    /// After a frame is taken: `--white-balance camera|card`, once the picture has settled.
    func startBalanceIfDue(startedAt start: Double) {
        guard let pending = take.balancePending else { return }
        guard cameraLink == nil || SystemClock.monotonic - start >= Self.settleBeforeBalance else { return }
        take.balancePending = nil
        switch pending {
        case .auto: break
        case .camera:
            if let link = cameraLink {
                link.send(.lockAutomatics)
            } else {
                reporter.status("--white-balance camera: \(take.source.name) is not a camera; nothing to lock")
            }
        case .card: _ = apply(.whiteCard)
        }
    }

    /// `w`: measures the card in the middle of the current picture; if it is one, locks the
    /// camera's automatics and balances every pane on it. Otherwise says why.
    func measureWhiteCard() {
        guard let f = take.frame else {
            say(WhiteCard.Refusal.noPicture.message)
            return
        }
        switch f.bytes.withUnsafeBytes({ WhiteCard.measure($0, f.layout, ycbcr: f.ycbcr) }) {
        case .success(let m):
            cameraLink?.send(.lockAutomatics)
            state.whiteBalance = m.balance
            let card = RGB8(SRGB.level(m.linear.0), SRGB.level(m.linear.1), SRGB.level(m.linear.2))
            reporter.status("balanced on card: the card read \(card.hexString), gains \(m.balance)")
            layout.footerMessage.show(
                Message("balanced on card (%s); w releases", .text(m.balance.description)),
                until: SystemClock.monotonic + Self.noticeTime)
        case .failure(let why):
            say(Message("w: %s", .message(why.message)))
        }
    }

    /// `n`: the next camera, on the capture thread.
    func nextCamera(balanceWasOn: Bool) {
        guard let link = cameraLink else {
            say(
                take.source is ImageSource
                    ? Message("n switches cameras; %s is shown", .message(Message(take.source.name)))
                    : Message("n switches cameras; %s is shown (--test-scene)", .message(Message(take.source.name))))
            return
        }
        if balanceWasOn { link.send(.releaseAutomatics) }
        link.send(.nextCamera)
    }

    /// Says `line` in the footer (in the window's language) for `seconds`, and on stdout
    /// in English; `answer`: it answers the last key (the next key without one takes it away).
    func say(_ line: Message, seconds: Double = Viewer.noticeTime * 2, answer: Bool = false) {
        let until = SystemClock.monotonic + seconds
        if answer {
            layout.footerMessage.answer(line, until: until)
        } else {
            layout.footerMessage.show(line, until: until)
        }
        reporter.status(line.english)
        drawing.pending.screen = true
    }
}
