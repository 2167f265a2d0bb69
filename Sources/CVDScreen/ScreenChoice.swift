import CVDSources
import CVDSystem

/// What part of the screen `--screen` and `--region` choose, given the monitors there are.
public enum ScreenChoice {
    /// What is read, what a region is picked from, and where the window goes.
    public struct Chosen: Equatable, Sendable {
        /// The rectangle to read.
        public let rect: ScreenRect
        /// What a region is picked from in the view (Shift+R): the monitor chosen, or the one
        /// a region's middle is on.
        public let whole: ScreenRect
        /// That monitor's RandR name ("screen" for the whole screen).
        public let monitor: String
        /// "monitor HDMI-1", "region 800x600+0+0".
        public let name: String
        /// Where cvdcam's window opens so that it is not on what is read: a monitor not read
        /// (the one the window would open on, if it is such), or beside the part read on its
        /// monitor; nil when there is no room.
        public let windowArea: ScreenRect?
        /// One monitor and no region: its left half is read, the window opens on its right.
        public let halved: Bool
    }

    /// - Parameters:
    ///   - monitor: `--screen MONITOR`: a RandR name, or a number counted from 1 in
    ///     `[Monitor].numbered`'s order; nil (or "auto"): a monitor the window will not open
    ///     on (`windowDisplay`, counted the same way), else the primary.
    ///   - region: `--region WxH+X+Y`, in the screen's coordinates (it needs no monitor).
    ///   - screen: the whole screen (the root window).
    /// With one monitor (no other to put the window on) and no region, its left half is
    /// read and the window opens on its right half: the slides beside their simulation.
    public static func resolve(
        monitor: String?, region: String?, monitors: [Monitor], screen: ScreenRect, windowDisplay: Int = 1
    ) throws(ScreenError) -> Chosen {
        let all = everyMonitor(monitors, screen: screen)
        let window = all.indices.contains(windowDisplay - 1) ? all[windowDisplay - 1] : all[0]
        if let region {
            guard let r = ScreenRect.parse(region, screen: screen) else { throw .malformedGeometry(region) }
            guard screen.contains(r) else { throw .regionOffScreen(r, screen) }
            let middle = ScreenRect(x: r.x + r.width / 2, y: r.y + r.height / 2, width: 1, height: 1)
            let on = monitors.numbered.first { $0.rect.contains(middle) }
            let whole = on.map { $0.rect.intersection(screen) } ?? screen
            return Chosen(
                rect: r, whole: whole, monitor: on?.name ?? "screen", name: "region \(r)",
                windowArea: windowArea(avoiding: r, on: whole, all, screen: screen, window: window), halved: false)
        }
        let chosen: Monitor
        switch monitor?.lowercased() {
        case nil, "auto", "":
            // The window opens on display `windowDisplay` (SDL counts displays the same way):
            // the first other monitor, so that the window does not show itself.
            chosen = all.first { !$0.rect.intersects(window.rect) } ?? all.first { $0.primary } ?? all[0]
        case let given?:
            if let n = Int(given) {
                guard all.indices.contains(n - 1) else { throw .unknownMonitor(monitor!, all) }
                chosen = all[n - 1]
            } else {
                guard let named = all.first(where: { $0.name.lowercased() == given }) else {
                    throw .unknownMonitor(monitor!, all)
                }
                chosen = named
            }
        }
        // Clipped to the screen: a monitor set up larger than the framebuffer shows what exists.
        let whole = chosen.rect.intersection(screen)
        if let other = otherMonitor(avoiding: whole, all, screen: screen, window: window) {
            return Chosen(
                rect: whole, whole: whole, monitor: chosen.name, name: "monitor \(PathName.shown(chosen.name))",
                windowArea: other,
                halved: false)
        }
        // Nowhere else to go: the left half read, the window on the right half.
        let left = (whole.width / 2) & ~1
        return Chosen(
            rect: ScreenRect(x: whole.x, y: whole.y, width: left, height: whole.height), whole: whole,
            monitor: chosen.name, name: "monitor \(PathName.shown(chosen.name))",
            windowArea: ScreenRect(x: whole.x + left, y: whole.y, width: whole.width - left, height: whole.height),
            halved: true)
    }

    /// A monitor (on the screen) that does not overlap `read`: the window's own if it is
    /// such, else the first; nil when every monitor overlaps it.
    static func otherMonitor(avoiding read: ScreenRect, _ all: [Monitor], screen: ScreenRect, window: Monitor)
        -> ScreenRect?
    {
        ([window] + all).map { $0.rect.intersection(screen) }.first { !$0.isEmpty && !$0.intersects(read) }
    }

    /// Where a window goes so as not to cover `read`: another monitor, or the largest strip
    /// of `whole` (the monitor `read` is on) beside it, if a window fits there (`smallest`).
    public static func windowArea(
        avoiding read: ScreenRect, on whole: ScreenRect, _ all: [Monitor], screen: ScreenRect, window: Monitor
    ) -> ScreenRect? {
        if let other = otherMonitor(avoiding: read, all, screen: screen, window: window) { return other }
        let r = read.intersection(whole)
        let strips = [
            ScreenRect(x: whole.x, y: whole.y, width: r.x - whole.x, height: whole.height),
            ScreenRect(
                x: r.x + r.width, y: whole.y, width: whole.x + whole.width - r.x - r.width, height: whole.height),
            ScreenRect(x: whole.x, y: whole.y, width: whole.width, height: r.y - whole.y),
            ScreenRect(
                x: whole.x, y: r.y + r.height, width: whole.width, height: whole.y + whole.height - r.y - r.height),
        ]
        let fitting = strips.filter { $0.width >= smallest.width && $0.height >= smallest.height }
        return fitting.max { $0.width * $0.height < $1.width * $1.height }
    }

    /// The smallest place a window is put in (half of the smallest window cvdcam opens).
    public static let smallest = (width: 320, height: 240)

    /// Where the monitor named `name` is now that the screen's layout changed (RandR: a
    /// monitor unplugged, plugged in again, moved or resized): nil when it is gone — no
    /// longer listed, or outside the screen as it is now (the framebuffer shrank). `monitors`
    /// nil: a server without RandR monitors, whose one monitor is the screen; an empty list
    /// is a server whose every output is off.
    public static func follow(_ name: String, monitors: [Monitor]?, screen: ScreenRect) -> ScreenRect? {
        let all = monitors.map { $0.numbered } ?? everyMonitor([], screen: screen)
        guard let m = all.first(where: { $0.name == name }) else { return nil }
        let rect = m.rect.intersection(screen)
        return rect.isEmpty ? nil : rect
    }

    /// The monitors in the desktop's order; a server without RandR monitors (or none
    /// listed) has one, the whole screen, named "screen".
    static func everyMonitor(_ monitors: [Monitor], screen: ScreenRect) -> [Monitor] {
        monitors.isEmpty ? [Monitor(name: "screen", rect: screen, primary: true)] : monitors.numbered
    }
}
