import CVDCore
import CVDSources
import CVDSystem
import Glibc
import Synchronization

/// The screen as a source (`cvdcam --screen`, `--region`): a monitor or a region of an X11
/// desktop read live, so slides, worksheets and web pages show simulated like the camera's
/// picture. Read only where something in it changed (DAMAGE), through shared memory where
/// the server allows (MIT-SHM); cvdcam's own window, when it lies in the area read, is
/// left out as a hatched grey patch and the view says so — never a picture nested in itself
/// (`ScreenSource+OwnWindow`). With one monitor its left half is read and the window opens
/// on its right half (`ScreenChoice`).
public final class ScreenSource: FrameSource, OwnWindowWatcher, RegionPickingSource {
    public let name: String
    /// `"screen "` and the name: made once (the view asks every turn of its loop).
    public let identity: String
    public let size: FrameSize
    /// What is read at first, in the screen's pixels.
    public let rect: ScreenRect
    /// What was chosen at the start (`ScreenChoice`): the window's place, whether halved.
    public let chosen: ScreenChoice.Chosen
    /// The monitor read (RandR's name), followed when monitors are plugged in or out.
    let monitorName: String
    /// What is read now: the region, or the whole monitor while one is picked; and where
    /// the monitor is now.
    let reading: Mutex<(region: ScreenRect, whole: Bool, monitor: ScreenRect)>
    let fps: FrameRate
    public var sendsOnlyChanges: Bool { true }
    let cursor: Bool
    let reporter: any Reporter
    private let thread = SourceThread(name: "cvdcam screen")
    /// Used only from the source's thread once started (Xlib is not thread-safe).
    let connection: X11Connection
    /// cvdcam's window, as the view last said (screen pixels).
    let window = Mutex<ScreenRect?>(nil)
    /// What the view is asked to do with its window (`ScreenSource+OwnWindow`): hide it
    /// while a picture without it is taken, and where to put it.
    let windowRequests = Mutex<(hide: Bool, since: Double, place: ScreenRect?)>((false, 0, nil))
    /// The monitors and the screen as last seen (the source's thread updates them).
    let layout: Mutex<(monitors: [Monitor], screen: ScreenRect)>
    /// Every read whole, never in parts (for tests and measurements: `CVDCAM_SCREEN_WHOLE`).
    let wholeReads: Bool

    /// What `--screen` and `--region` choose (`ScreenChoice`), read at `fps` (the cursor drawn
    /// in with `cursor`); `windowDisplay` is where the window will open (counted from 1).
    /// For tests and measurements: `wholeReads`, every read whole, never the parts DAMAGE
    /// reports; `sharedMemory` false, pictures through the X protocol, not MIT-SHM.
    public init(
        monitor: String?, region: String?, fps: FrameRate, cursor: Bool, windowDisplay: Int = 1,
        reporter: any Reporter = SilentReporter(), wholeReads: Bool = false, sharedMemory: Bool = true
    ) throws(ScreenError) {
        self.reporter = reporter
        self.wholeReads = wholeReads
        connection = try X11Connection(sharedMemory: sharedMemory)
        let monitors = connection.monitors() ?? []
        chosen = try ScreenChoice.resolve(
            monitor: monitor, region: region, monitors: monitors, screen: connection.screen,
            windowDisplay: windowDisplay)
        layout = Mutex((monitors, connection.screen))
        rect = chosen.rect
        monitorName = chosen.monitor
        reading = Mutex((chosen.rect, false, chosen.whole))
        name = chosen.name
        identity = "screen " + chosen.name
        size = FrameSize(rect.width, rect.height)
        self.fps = fps
        self.cursor = cursor
        windowRequests.withLock { $0.place = chosen.windowArea }
        if cursor, !connection.hasFixes {
            reporter.status(
                "--cursor: this X server has no XFIXES extension, which gives the pointer's picture: the screen shows without the pointer"
            )
        }
    }

    /// Whether the X server lets the screen be read through shared memory (MIT-SHM);
    /// without it (over ssh, or a server without the extension) every frame comes over the
    /// socket, which costs more.
    public var sharedMemory: Bool { connection.hasShm }

    /// The monitors of the display (for `cvdcam devices` and error messages).
    public static func monitors() throws(ScreenError) -> [Monitor] { try (X11Connection().monitors() ?? []).numbered }

    /// What a region is picked from in the view (Shift+R): the monitor, where it is now.
    public var whole: ScreenRect { reading.withLock { $0.monitor } }

    public var wholeSize: FrameSize { FrameSize(whole.width, whole.height) }

    /// Shows the whole monitor to pick from: taken with the window hidden when the window
    /// is on it (one monitor), so that all of it can be picked.
    public func showWhole() {
        let monitor = reading.withLock { r in
            r.whole = true
            return r.monitor
        }
        if window.withLock({ $0 })?.intersects(monitor) == true { askForHiddenWindow() }
    }

    public func keepRegion() { reading.withLock { $0.whole = false } }

    /// Shows the part dragged (or the whole monitor); the window steps aside when it lies on it.
    public func choose(_ corners: (x0: Double, y0: Double, x1: Double, y1: Double)?) -> String {
        let region = corners.map { ScreenRect(dragged: $0, over: whole) } ?? whole
        let monitor = reading.withLock { r in
            (r.region, r.whole) = (region, false)
            return r.monitor
        }
        stepAside(from: region, on: monitor)
        return "region \(region)"
    }

    public func start(into sink: LatestFrame) {
        thread.start { [self] thread in
            var reads = ScreenReads(self, sink: sink)
            while thread.isRunning {
                reads.step()
                // At most one read a frame period; then, where nothing but the server's
                // reports can bring a change (no pointer to follow), sleep until one comes
                // (DAMAGE, RandR) or 100 ms pass, for the own window, Shift+R and pausing.
                reads.pacer.wait()
                if reads.waitsForEvents { connection.waitForEvents(seconds: 0.1) }
            }
        }
    }

    public func stop() { thread.stop() }
}
