import CVDCore
import CVDSources
import CVDSystem
import Glibc
import Synchronization

/// The screen as a source (`cvdcam --screen`, `--region`): a monitor or a region of an X11
/// desktop read live, so slides, worksheets and web pages show simulated like the camera's
/// picture. Read only when something in it changed (DAMAGE), through shared memory where
/// the server allows (MIT-SHM); cvdcam's own window, when it lies in the area read, is
/// left out as a hatched grey patch and the view says so — never a picture nested in itself.
public final class ScreenSource: FrameSource, OwnWindowWatcher, RegionPickingSource {
    public let name: String
    public var identity: String { "screen " + name }
    public let size: FrameSize
    /// What is read at first, in the screen's pixels.
    public let rect: ScreenRect
    /// The monitor read (RandR's name), followed when monitors are plugged in or out.
    let monitorName: String
    /// What is read now: the region, or the whole monitor while one is picked; and where
    /// the monitor is now.
    private let reading: Mutex<(region: ScreenRect, whole: Bool, monitor: ScreenRect)>
    private let fps: FrameRate
    public var sendsOnlyChanges: Bool { true }
    private let cursor: Bool
    private let reporter: any Reporter
    private let thread = SourceThread(name: "cvdcam screen")
    /// Used only from the source's thread once started (Xlib is not thread-safe).
    private let connection: X11Connection
    /// cvdcam's window, as the view last said (screen pixels).
    private let window = Mutex<ScreenRect?>(nil)

    /// What `--screen` and `--region` choose (`ScreenChoice`), read at `fps` (the cursor drawn
    /// in with `cursor`); `windowDisplay` is where the window will open (counted from 1).
    public init(
        monitor: String?, region: String?, fps: FrameRate, cursor: Bool, windowDisplay: Int = 1,
        reporter: any Reporter = SilentReporter()
    ) throws(ScreenError) {
        self.reporter = reporter
        connection = try X11Connection()
        let chosen = try ScreenChoice.resolve(
            monitor: monitor, region: region, monitors: connection.monitors(), screen: connection.screen,
            windowDisplay: windowDisplay)
        rect = chosen.rect
        monitorName = chosen.monitor
        reading = Mutex((chosen.rect, false, chosen.whole))
        name = chosen.name
        size = FrameSize(rect.width, rect.height)
        self.fps = fps
        self.cursor = cursor
    }

    /// Whether the X server lets the screen be read through shared memory (MIT-SHM);
    /// without it (over ssh, or a server without the extension) every frame comes over the
    /// socket, which costs more.
    public var sharedMemory: Bool { connection.hasShm }

    /// The monitors of the display (for `cvdcam devices` and error messages).
    public static func monitors() throws(ScreenError) -> [Monitor] { try X11Connection().monitors().numbered }

    public func ownWindowMoved(x: Int, y: Int, width: Int, height: Int) {
        window.withLock { $0 = ScreenRect(x: x, y: y, width: width, height: height) }
    }

    public func ownWindowHidden() { window.withLock { $0 = nil } }

    /// What a region is picked from in the view (Shift+R): the monitor, where it is now.
    public var whole: ScreenRect { reading.withLock { $0.monitor } }

    public var wholeSize: FrameSize { FrameSize(whole.width, whole.height) }

    public func showWhole() { reading.withLock { $0.whole = true } }

    public func keepRegion() { reading.withLock { $0.whole = false } }

    public func choose(_ corners: (x0: Double, y0: Double, x1: Double, y1: Double)?) -> String {
        let region = corners.map { ScreenRect(dragged: $0, over: whole) } ?? whole
        reading.withLock { ($0.region, $0.whole) = (region, false) }
        return "region \(region)"
    }

    /// What the view says while the window covers part of what is read.
    // translators: in the window's footer while cvdcam's own window lies on the screen it shows
    static let mirrorNotice = N_(
        "cvdcam's own window is on the screen it shows: that part is hatched — move the window to another display (Shift+F)"
    )

    public func start(into sink: LatestFrame) {
        let connection = connection
        let period = fps.period
        let cursor = cursor
        thread.start { [self] thread in
            let grabber = X11Grabber(connection)
            let damage = X11Damage(connection)
            let pointer = cursor ? X11Cursor(connection) : nil
            var ring = FrameRing()
            var shown: ScreenRect?? = .none // the window's part last left out (none yet: first frame)
            var failed = false
            var gone = false
            var pacer = FramePacer(period: period)
            var rect = self.rect
            while thread.isRunning {
                if damage?.takeScreenChange() == true {
                    gone = follow(into: sink, wasGone: gone)
                    shown = .none // read again, wherever the monitor is now
                }
                if gone {
                    pacer.wait()
                    continue
                }
                let now = self.reading.withLock { $0.whole ? $0.monitor : $0.region }
                if now != rect { (rect, shown) = (now, .none) }
                let mask = self.window.withLock { $0 }.map { $0.intersection(rect) }.flatMap { $0.isEmpty ? nil : $0 }
                // Paused (frozen, hidden), the damage is left for later: what changed meanwhile is read on resuming.
                let changed = !sink.paused && damage?.changed(in: rect, ignoring: mask) ?? true
                let moved = sink.paused ? false : pointer?.look() ?? false
                if !sink.paused, changed || shown != .some(mask) || moved {
                    do {
                        try ring.publish(to: sink) { (buffer) throws(X11Grabber.Failure) in
                            let layout = try grabber.read(rect, into: &buffer)
                            pointer?.draw(into: &buffer, rect: rect)
                            if let mask { Self.hatch(mask.relative(to: rect), in: &buffer, width: rect.width) }
                            return (layout, .bt601Limited)
                        }
                        if shown != .some(mask) || failed {
                            sink.status = mask == nil ? .running : .notice(Self.mirrorNotice)
                        }
                        if failed { reporter.status("the screen is read again") }
                        shown = .some(mask)
                        failed = false
                    } catch {
                        if !failed {
                            // Once, on the terminal and in the footer; the last picture stays.
                            reporter.status("\(error)")
                            sink.status = .failed("\(error)")
                        }
                        failed = true
                    }
                }
                // At most one read a frame period; then, where nothing but the server's
                // reports can bring a change (no pointer to follow), sleep until one comes
                // (DAMAGE, RandR) or 100 ms pass, for the own window, Shift+R and pausing.
                pacer.wait()
                if pointer == nil, damage != nil { connection.waitForEvents(seconds: 0.1) }
            }
        }
    }

    // translators: in the window's footer when the monitor shown was unplugged (its last picture stays)
    static let goneNotice = N_(
        "the monitor shown is gone (unplugged?): its last picture stays, and the view goes on when it is back")

    /// Follows the monitor read through a change of the screen's layout (RandR): where it
    /// moved or how it was resized, the part read moves with it; gone, its last picture
    /// stays with one line until it is back. Returns whether it is gone.
    private func follow(into sink: LatestFrame, wasGone: Bool) -> Bool {
        let name = monitorName
        guard
            let now = ScreenChoice.follow(name, monitors: connection.monitors(), screen: connection.currentScreen())
        else {
            if !wasGone {
                reporter.status(
                    "monitor \(PathName.shown(name)) is gone (unplugged?): its last picture stays until it is back")
                sink.status = .failed(Self.goneNotice)
            }
            return true
        }
        reading.withLock { r in
            let moved = ScreenRect(
                x: r.region.x + now.x - r.monitor.x, y: r.region.y + now.y - r.monitor.y,
                width: r.region.width, height: r.region.height
            ).intersection(now)
            (r.region, r.monitor) = (moved.isEmpty ? now : moved, now)
        }
        if wasGone {
            reporter.status("monitor \(PathName.shown(name)) is back (\(now.width)×\(now.height) at \(now.x),\(now.y))")
            sink.status = .running
        }
        return false
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

    public func stop() { thread.stop() }
}
