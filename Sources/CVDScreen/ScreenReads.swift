import CVDCore
import CVDSources
import CVDSystem
import Glibc

/// The screen source's thread, one turn at a time: follows the desktop's layout, reads what
/// changed — whole, or only DAMAGE's rectangles merged (`PixelRect.merged`) into the frame
/// ring (`FrameRing.publishChanges`) — leaves cvdcam's own window out, and holds the
/// picture while the window covers most of it. Lives on the source's thread alone.
struct ScreenReads {
    let source: ScreenSource
    let sink: LatestFrame
    let grabber: X11Grabber
    let damage: X11Damage?
    let pointer: X11Cursor?
    var ring = FrameRing()
    var pacer: FramePacer
    /// What is read.
    var rect: ScreenRect
    /// The window's part last left out (none yet: the next read is whole).
    var shown: ScreenRect?? = .none
    var failed = false
    var gone = false
    /// Whether the picture is held because the window covers most of what is read.
    var held = false
    /// Whether the whole monitor to pick from was taken with the window hidden (Shift+R):
    /// nothing is read again until a part is chosen.
    var tookWhole = false
    /// Until when the footer says that one monitor is halved (nil: it does not).
    var halfNoticeUntil: Double?

    init(_ source: ScreenSource, sink: LatestFrame) {
        self.source = source
        self.sink = sink
        grabber = X11Grabber(source.connection)
        damage = X11Damage(source.connection)
        pointer = source.cursor ? X11Cursor(source.connection) : nil
        pacer = FramePacer(period: source.fps.period)
        rect = source.rect
        if source.chosen.halved { halfNoticeUntil = SystemClock.monotonic + 10 }
    }

    /// Whether the thread may sleep on the X connection between turns (nothing but the
    /// server's reports can bring a change: no pointer to follow).
    var waitsForEvents: Bool { pointer == nil && damage != nil }

    mutating func step() {
        if damage?.takeScreenChange() == true {
            settleLayout()
            gone = source.follow(into: sink, wasGone: gone)
            shown = .none // read again, wherever the monitor is now
        }
        if gone { return }
        if let until = halfNoticeUntil, SystemClock.monotonic > until || source.reading.withLock({ $0.whole }) {
            halfNoticeUntil = nil
            if sink.status == .notice(ScreenSource.halfNotice) { sink.status = .running }
        }
        let now = source.reading.withLock { $0.whole ? $0.monitor : $0.region }
        if now != rect { (rect, shown) = (now, .none) }
        if source.hiddenWindowWanted {
            takeWithoutWindow()
            return
        }
        if tookWhole {
            guard !source.reading.withLock({ $0.whole }) else { return }
            tookWhole = false
        }
        let window = source.window.withLock { $0 }
        let mask = window.map { $0.intersection(rect) }.flatMap { $0.isEmpty ? nil : $0 }
        if hold(mask) { return }
        // Paused (frozen, hidden), the damage is left for later: what changed meanwhile is read on resuming.
        guard !sink.paused else { return }
        let changed = damage.map { $0.changed(in: rect, ignoring: mask) } ?? [rect]
        let moved = pointer?.look() ?? false
        guard changed != nil || shown != .some(mask) || moved else { return }
        // In parts where only parts changed and nothing else did (the pointer drawn in, the
        // window's patch moved, a failed read: all of it again).
        let parts =
            shown == .some(mask) && !moved && !failed && pointer == nil && !source.wholeReads
            ? PixelRect.merged(
                (changed ?? []).map {
                    PixelRect(x: $0.x - rect.x, y: $0.y - rect.y, width: $0.width, height: $0.height)
                },
                within: PixelRect(width: rect.width, height: rect.height)) : nil
        read(parts: parts, mask: mask)
    }

    /// Reads `parts` of the frame (frame pixels), or all of it when nil or when the ring
    /// cannot publish parts; hatches the window's part `mask`; says a failure once.
    mutating func read(parts: [PixelRect]?, mask: ScreenRect?) {
        do {
            try Self.publish(parts, rect, mask: mask, grabber, pointer, into: &ring, sink)
            if shown != .some(mask) || failed {
                sink.status =
                    mask != nil
                    ? .notice(ScreenSource.mirrorNotice)
                    : halfNoticeUntil != nil ? .notice(ScreenSource.halfNotice) : .running
            }
            if failed { source.reporter.status("the screen is read again") }
            shown = .some(mask)
            failed = false
        } catch {
            if !failed {
                // Once, on the terminal and in the footer; the last picture stays.
                source.reporter.status("\(error)")
                sink.status = .failed("\(error)")
            }
            failed = true
        }
    }

    /// Reads `parts` of `rect` (frame pixels) into the ring and publishes them
    /// (`FrameRing.publishChanges`), or all of `rect` (`parts` nil, all of it, or a ring that
    /// cannot): the pointer drawn in, the window's part `mask` hatched.
    static func publish(
        _ parts: [PixelRect]?, _ rect: ScreenRect, mask: ScreenRect?, _ grabber: X11Grabber, _ pointer: X11Cursor?,
        into ring: inout FrameRing, _ sink: LatestFrame
    ) throws(X11Grabber.Failure) {
        let layout = FrameLayout(format: .bgra, width: rect.width, height: rect.height)
        if let parts, parts != [PixelRect(width: rect.width, height: rect.height)],
            try ring.publishChanges(
                to: sink, layout: layout, encoding: .bt601Limited, changed: parts,
                { (buffer) throws(X11Grabber.Failure) in
                    for p in parts {
                        let part = ScreenRect(x: rect.x + p.x, y: rect.y + p.y, width: p.width, height: p.height)
                        try grabber.read(part, of: rect, into: &buffer)
                        if let m = mask?.intersection(part), !m.isEmpty {
                            ScreenSource.hatch(m.relative(to: rect), in: &buffer, width: rect.width)
                        }
                    }
                })
        {
            return
        }
        try ring.publish(to: sink) { (buffer) throws(X11Grabber.Failure) in
            let layout = try grabber.read(rect, into: &buffer)
            pointer?.draw(into: &buffer, rect: rect)
            if let mask { ScreenSource.hatch(mask.relative(to: rect), in: &buffer, width: rect.width) }
            return (layout, .bt601Limited)
        }
    }

    /// A change of the desktop's layout often comes as several (xrandr deletes a monitor,
    /// then sets it again): waits until none has come for 150 ms (at most a second), so
    /// that the monitor is followed once, to where it ends up.
    mutating func settleLayout() {
        guard let damage else { return }
        for _ in 0..<7 {
            usleep(150_000)
            if !damage.takeScreenChange() { return }
        }
    }
}
