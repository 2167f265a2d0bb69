import CVDCore
import CVDSources

/// Never a hall of mirrors through the portal: a Wayland desktop tells no program where its
/// window is, but the portal says where the shared monitor lies and the view says which
/// display its window is on. When that is the shared monitor, the picture is held — the
/// last one taken, or the test scene before any — with one line asking to move the window,
/// and it goes live again as soon as the window is on another display. (Sharing a window
/// instead, where the desktop offers it, never shows cvdcam's own.)
extension PortalScreenSource {
    // translators: in the window's footer when, on Wayland, cvdcam's window is on the monitor the desktop shares
    static let nestNotice = N_(
        "cvdcam's own window is on the monitor the desktop shares: the picture is held — move the window to another display (Shift+F), or share a window instead"
    )

    public func ownWindowMoved(_ place: PixelRect) {}

    public func ownWindowHidden() { windowDisplay.withLock { $0 = nil } }

    public func ownWindowDisplay(_ display: PixelRect) {
        windowDisplay.withLock { $0 = display }
    }

    /// Whether the monitor shared (`shared`, as the portal said) is the display the window
    /// is on: the shared monitor's middle lies on it.
    func showsItself(_ shared: ScreenRect?) -> Bool {
        guard let s = shared, let display = windowDisplay.withLock({ $0 }) else { return false }
        return display.contains(ScreenRect(x: s.x + s.width / 2, y: s.y + s.height / 2, width: 1, height: 1))
    }

    /// Says that the picture is held (`held`) or live again, once each way.
    func holding(_ held: Bool, _ sink: LatestFrame, firstPicture: Bool) {
        if held {
            reporter.status(
                "cvdcam's own window is on the monitor the desktop shares: the picture is held until the window is on another display"
            )
            sink.status = .notice(Self.nestNotice)
            if firstPicture { showTestScene(sink) }
        } else {
            reporter.status("cvdcam's window is off the shared monitor: the screen is live again")
            sink.status = .running
        }
    }
}
