import CVDSources
import CVDSystem

/// One monitor of the desktop, as RandR 1.5 describes it (`xrandr --listmonitors`): a
/// laptop's panel, a projector; its place in the root window in real pixels.
public struct Monitor: Equatable, Sendable {
    /// RandR's name: "eDP-1", "HDMI-1", or a name given with `xrandr --setmonitor`.
    public let name: String
    public let rect: ScreenRect
    public let primary: Bool

    public init(name: String, rect: ScreenRect, primary: Bool) {
        (self.name, self.rect, self.primary) = (name, rect, primary)
    }

    /// "1: eDP-1, 1920×1080 at 0,0 (primary)"; `number` counted from 1; the name shown
    /// escaped (`PathName.shown`: a monitor's name is whatever `xrandr --setmonitor` was given).
    public func described(_ number: Int) -> String {
        "\(number): \(PathName.shown(name)), \(rect.width)×\(rect.height) at \(rect.x),\(rect.y)"
            + (primary ? " (primary)" : "")
    }
}

extension [Monitor] {
    /// In the order desktops and SDL count displays: the primary first, then the others as
    /// RandR lists them — so `--screen 1 --display 2` is the laptop's screen shown on the
    /// projector.
    public var numbered: [Monitor] { filter(\.primary) + filter { !$0.primary } }
}
