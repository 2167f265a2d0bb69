import CVDCore
import CVDSources
import CVDSystem

/// The monitor read, followed when the desktop's layout changes (RandR: a monitor plugged
/// in or out, switched off, set or deleted with `xrandr --setmonitor`/`--delmonitor`, moved
/// or resized, the screen grown or shrunk): one line for each change to it.
extension ScreenSource {
    // translators: in the window's footer when the monitor shown was unplugged (its last picture stays)
    static let goneNotice = N_(
        "the monitor shown is gone (unplugged?): its last picture stays, and the view goes on when it is back")

    /// Follows the monitor read through a change of the screen's layout: where it moved or
    /// how it was resized, the part read moves with it; gone, its last picture stays until
    /// it is back. One line each: gone, back, moved or resized. Returns whether it is gone.
    func follow(into sink: LatestFrame, wasGone: Bool) -> Bool {
        let name = monitorName
        let (monitors, screen) = (connection.monitors(), connection.currentScreen())
        layout.withLock { $0 = (monitors ?? [], screen) }
        guard let now = ScreenChoice.follow(name, monitors: monitors, screen: screen) else {
            if !wasGone {
                reporter.status(
                    "monitor \(PathName.shown(name)) is gone (unplugged?): its last picture stays until it is back")
                sink.status = .failed(Self.goneNotice)
            }
            return true
        }
        let before = reading.withLock { r in
            let before = r.monitor
            // A region keeps its place on the monitor; a halved monitor stays halved.
            let moved = ScreenRect(
                x: r.region.x + now.x - r.monitor.x, y: r.region.y + now.y - r.monitor.y,
                width: r.region.width == r.monitor.width ? now.width : r.region.width,
                height: r.region.height == r.monitor.height ? now.height : r.region.height
            ).intersection(now)
            (r.region, r.monitor) = (moved.isEmpty ? now : moved, now)
            return before
        }
        let place = "\(now.width)×\(now.height) at \(now.x),\(now.y)"
        if wasGone {
            reporter.status("monitor \(PathName.shown(name)) is back (\(place))")
            sink.status = .running
        } else if before != now {
            reporter.status("monitor \(name) is now \(place) (the desktop's layout changed): the part shown follows it")
        }
        return false
    }
}
