import CVDSystem

/// What part of the screen `--screen` and `--region` choose, given the monitors there are.
public enum ScreenChoice {
    /// - Parameters:
    ///   - monitor: `--screen MONITOR`: a RandR name, or a number counted from 1 in
    ///     `[Monitor].numbered`'s order; nil (or "auto"): a monitor the window will not open
    ///     on (`windowDisplay`, counted the same way), else the primary.
    ///   - region: `--region WxH+X+Y`, in the screen's coordinates (it needs no monitor).
    ///   - screen: the whole screen (the root window).
    /// - Returns: the rectangle to read; the whole a region is picked from in the view (Shift+R:
    /// the monitor chosen, or the one a region's middle is on) and that monitor's RandR name
    /// ("screen" for the whole screen); a name ("monitor HDMI-1", "region 800x600+0+0").
    public static func resolve(
        monitor: String?, region: String?, monitors: [Monitor], screen: ScreenRect, windowDisplay: Int = 1
    ) throws(ScreenError) -> (rect: ScreenRect, whole: ScreenRect, monitor: String, name: String) {
        if let region {
            guard let r = ScreenRect.parse(region, screen: screen) else { throw .malformedGeometry(region) }
            guard screen.contains(r) else { throw .regionOffScreen(r, screen) }
            let middle = ScreenRect(x: r.x + r.width / 2, y: r.y + r.height / 2, width: 1, height: 1)
            let on = monitors.numbered.first { $0.rect.contains(middle) }
            return (r, on.map { $0.rect.intersection(screen) } ?? screen, on?.name ?? "screen", "region \(r)")
        }
        let all = everyMonitor(monitors, screen: screen)
        let chosen: Monitor
        switch monitor?.lowercased() {
        case nil, "auto", "":
            // The window opens on display `windowDisplay` (SDL counts displays the same way):
            // the first other monitor, so that the window does not show itself.
            let window = all.indices.contains(windowDisplay - 1) ? all[windowDisplay - 1] : all[0]
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
        let rect = chosen.rect.intersection(screen)
        return (rect, rect, chosen.name, "monitor \(PathName.shown(chosen.name))")
    }

    /// Where the monitor named `name` is now that the screen's layout changed (RandR: a
    /// monitor unplugged, plugged in again, moved or resized): nil when it is gone — no
    /// longer listed, or outside the screen as it is now (the framebuffer shrank).
    public static func follow(_ name: String, monitors: [Monitor], screen: ScreenRect) -> ScreenRect? {
        guard let m = everyMonitor(monitors, screen: screen).first(where: { $0.name == name }) else { return nil }
        let rect = m.rect.intersection(screen)
        return rect.isEmpty ? nil : rect
    }

    /// The monitors in the desktop's order; a server without RandR monitors (or none
    /// listed) has one, the whole screen, named "screen".
    static func everyMonitor(_ monitors: [Monitor], screen: ScreenRect) -> [Monitor] {
        monitors.isEmpty ? [Monitor(name: "screen", rect: screen, primary: true)] : monitors.numbered
    }
}
