import CVDCore
import CVDSources
import CVDSystem
import Glibc

/// Never a hall of mirrors, and never a picture that is all hatching: the view says where
/// its window is (`OwnWindowWatcher`); where the window lies on the part read, that part is
/// hatched grey; where it covers most of it (one monitor, the view full screen), a picture
/// taken with the window hidden for a moment is held — as Color Oracle takes the screen —
/// until the window uncovers it. Shift+R's whole monitor is taken with the window hidden
/// too, and a part picked under the window sends the window aside.
extension ScreenSource {
    /// What the view says while the window covers part of what is read.
    // translators: in the window's footer while cvdcam's own window lies on the screen it shows
    static let mirrorNotice = N_(
        "cvdcam's own window is on the screen it shows: that part is hatched — move the window to another display (Shift+F)"
    )
    // translators: in the window's footer while cvdcam's own window covers most of the part of the screen it shows (one monitor, full screen)
    static let heldNotice = N_(
        "cvdcam's own window covers the part of the screen it shows: a picture taken with the window hidden is held — make the window smaller or leave full screen to see it live (Shift+R: another part)"
    )
    // translators: in the window's footer when, with only one monitor, its left half is read and the window is on its right half
    static let halfNotice = N_(
        "one monitor: its left half is shown, and this window is on its right half — put the slides on the left (Shift+R: another part)"
    )

    public func ownWindowMoved(_ place: PixelRect) { window.withLock { $0 = place } }

    public func ownWindowHidden() { window.withLock { $0 = nil } }

    public var wantsWindowHidden: Bool { windowRequests.withLock { $0.hide } }

    public func takeWindowPlace() -> PixelRect? {
        windowRequests.withLock { r in
            defer { r.place = nil }
            return r.place
        }
    }

    /// Asks the view to hide its window until a picture without it is taken (`takeWithoutWindow`).
    func askForHiddenWindow() { windowRequests.withLock { ($0.hide, $0.since) = (true, SystemClock.monotonic) } }

    var hiddenWindowWanted: Bool { windowRequests.withLock { $0.hide } }

    /// When a part is chosen under the window (one monitor): where the window goes — another
    /// monitor, or the largest strip of this one beside the part.
    func stepAside(from region: ScreenRect, on monitor: ScreenRect) {
        guard let w = window.withLock({ $0 }), w.intersects(region) else { return }
        let (monitors, screen) = layout.withLock { $0 }
        let all = ScreenChoice.everyMonitor(monitors, screen: screen)
        let middle = ScreenRect(x: w.x + w.width / 2, y: w.y + w.height / 2, width: 1, height: 1)
        let own = all.first { $0.rect.contains(middle) } ?? all[0]
        guard
            let area = ScreenChoice.windowArea(avoiding: region, on: monitor, all, screen: screen, window: own)
        else { return }
        windowRequests.withLock { $0.place = area }
        reporter.status(
            "the window steps aside, to \(area.width)×\(area.height) at \(area.x),\(area.y), off the part shown")
    }

    /// Fills `area` of a BGRA frame `width` pixels wide with grey and darker diagonal
    /// stripes: neutral in every simulation, and plainly not the material.
    static func hatch(_ area: ScreenRect, in buffer: inout [UInt8], width: Int) {
        for y in area.y..<(area.y + area.height) {
            for x in area.x..<(area.x + area.width) {
                let v: UInt8 = (x + y) % 24 < 6 ? 96 : 150
                let o = (y * width + x) * 4
                (buffer[o], buffer[o + 1], buffer[o + 2], buffer[o + 3]) = (v, v, v, 255)
            }
        }
    }
}

extension ScreenReads {
    /// Holds the picture while the window covers more than half of what is read: first a
    /// picture taken with the window hidden, then nothing read until the window uncovers
    /// it. Returns whether the picture is held. A hidden window (its place unknown) changes
    /// nothing: it is hidden for the picture, or minimised.
    mutating func hold(_ mask: ScreenRect?) -> Bool {
        guard source.window.withLock({ $0 }) != nil else { return held }
        let covered = mask.map { $0.width * $0.height * 2 > rect.width * rect.height } ?? false
        if covered, !held {
            held = true
            source.reporter.status(
                "cvdcam's own window covers most of the part of the screen it shows: a picture taken with the window hidden is held until it uncovers it"
            )
            sink.status = .notice(ScreenSource.heldNotice)
            if !sink.paused { source.askForHiddenWindow() }
        } else if !covered, held {
            held = false
            shown = .none // read again, all of it
            source.reporter.status("cvdcam's window uncovers the part of the screen it shows: live again")
        }
        return held
    }

    /// The picture the view hid its window for: once the window is hidden and what lay
    /// under it has been drawn again (no damage for 100 ms, at most 600 ms), all of it is
    /// read; then the window may show again. A view that does not hide its window within
    /// 2 s (paused, or no window) is not waited for.
    mutating func takeWithoutWindow() {
        let since = source.windowRequests.withLock { $0.since }
        guard source.window.withLock({ $0 }) == nil, !sink.paused else {
            if SystemClock.monotonic - since > 2 || sink.paused { source.windowRequests.withLock { $0.hide = false } }
            return
        }
        let start = SystemClock.monotonic
        var quiet = start
        while SystemClock.monotonic - start < 0.6, SystemClock.monotonic - quiet < 0.1 {
            usleep(25_000)
            if damage?.changed(in: rect, ignoring: nil) != nil { quiet = SystemClock.monotonic }
        }
        read(parts: nil, mask: nil)
        if held { sink.status = .notice(ScreenSource.heldNotice) }
        shown = .none // with the window back, read again (hatched where it lies)
        // The whole monitor to pick from (Shift+R) stays as taken until a part is chosen.
        tookWhole = source.reading.withLock { $0.whole }
        source.windowRequests.withLock { $0.hide = false }
    }
}
