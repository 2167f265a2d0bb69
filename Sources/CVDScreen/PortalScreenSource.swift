import CVDCore
import CVDPortal
import CVDSources
import CVDSystem
import FoundationEssentials
import Glibc
import Synchronization

/// The screen of a Wayland desktop (or any desktop with xdg-desktop-portal) as a source:
/// the desktop's own dialog chooses the monitor (once: the portal's restore token is kept
/// in `~/.config/cvdcam/screen-portal-token` and offered next time), then a PipeWire stream
/// brings its pictures in shared memory. Whatever the portal or PipeWire refuses or drops
/// — the dialog cancelled, no portal, PipeWire not running, the stream ended — is one line
/// (printed and in the window's footer) and the view keeps running: the test scene until
/// a first picture, the last picture after.
///
/// A part of the monitor (`--region`, Shift+R) is cut from the stream's pictures.
public final class PortalScreenSource: FrameSource, RegionPickingSource, OwnWindowWatcher {
    // translators: the footer's source name ("Source: screen (desktop portal)")
    public var name: String { N_("screen (desktop portal)") }
    public var identity: String { "screen portal" }
    /// Until the first picture says otherwise.
    public let size = FrameSize(1920, 1080)
    private let fps: FrameRate
    public var sendsOnlyChanges: Bool { true }
    private let cursor: Bool
    let reporter: any Reporter
    private let thread = SourceThread(name: "cvdcam screen (portal)")
    /// The part shown (nil: all of it; `--region` or Shift+R), whether the whole is shown
    /// for picking, and the monitor's size as last seen.
    private let part: Mutex<(region: ScreenRect?, whole: Bool, monitor: FrameSize)>
    /// Where the restore token is kept.
    let tokenFile: String
    /// The display cvdcam's window is on, in the desktop's coordinates, as the view last
    /// said (nil: hidden or not said): `PortalScreenSource+OwnWindow.swift`.
    let windowDisplay = Mutex<ScreenRect?>(nil)

    /// How long the desktop's dialog may wait for the teacher.
    static let dialogSeconds = 120

    /// `region`: X11 geometry within the monitor the dialog chooses (checked once its size is known).
    public init(region: String?, fps: FrameRate, cursor: Bool, reporter: any Reporter) throws(ScreenError) {
        var parsed: ScreenRect?
        if let region {
            let unbounded = ScreenRect(x: 0, y: 0, width: 1 << 20, height: 1 << 20)
            guard let r = ScreenRect.parse(region, screen: unbounded), !region.contains("-") else {
                throw .malformedGeometry(region)
            }
            parsed = r
        }
        part = Mutex((parsed, false, FrameSize(0, 0)))
        self.fps = fps
        self.cursor = cursor
        self.reporter = reporter
        tokenFile = UserDirectories.config() + "/screen-portal-token"
    }

    public var wholeSize: FrameSize { part.withLock { $0.monitor } }
    public func showWhole() { part.withLock { $0.whole = true } }
    public func keepRegion() { part.withLock { $0.whole = false } }

    public func choose(_ corners: (x0: Double, y0: Double, x1: Double, y1: Double)?) -> String {
        part.withLock { p in
            let monitor = ScreenRect(x: 0, y: 0, width: p.monitor.width, height: p.monitor.height)
            p.whole = false
            p.region = corners.map { ScreenRect(dragged: $0, over: monitor) }
            return "region \(p.region ?? monitor)"
        }
    }

    public func start(into sink: LatestFrame) {
        sink.status = .notice(Self.waiting)
        thread.start { [self] thread in
            let kept = keptToken()
            let link: PortalLink
            let started: PortalStarted
            do throws(PortalProblem) {
                link = try PortalLink()
                started = try PortalSession.open(
                    link, token: kept, cursor: cursor, dialogSeconds: Self.dialogSeconds
                ).get()
            } catch {
                fail(error, sink, firstPicture: true)
                return
            }
            keep(started.token, was: kept)
            reporter.status("reading the screen through the desktop's portal (PipeWire)")
            sink.status = .running
            run(link, shared: started.area, into: sink, thread: thread)
        }
    }

    // translators: in the window's footer while the desktop asks which monitor to share
    static let waiting = N_("waiting for the desktop's screen-sharing dialog: choose the monitor to show there")

    /// Pictures from the stream until it ends or the source stops: each new one (or the
    /// last one again, when another part of it is wanted) copied straight into the next
    /// frame buffer, only the part shown. `shared`: where the shared monitor lies on the desktop.
    private func run(_ link: PortalLink, shared: ScreenRect?, into sink: LatestFrame, thread: SourceThread) {
        var ring = FrameRing()
        var shown: (ScreenRect?, Bool)?
        var pacer = FramePacer(period: fps.period)
        var pictures = 0
        var stopped = false
        var held = false // the window is on the shared monitor: the picture is held
        var force = false // the latest picture taken again, though not new
        while thread.isRunning {
            if showsItself(shared) != held {
                held.toggle()
                force = !held
                holding(held, sink, firstPicture: pictures == 0)
            }
            let now = part.withLock { ($0.region, $0.whole) }
            let again = force || shown.map { $0.0 != now.0 || $0.1 != now.1 } ?? false
            var picture = link.look()
            var got = false
            // Nothing shows a picture while paused, and a held one would show the window
            // inside itself: then only whether the stream stopped is looked at.
            if picture.width > 0, picture.fresh != 0 || again, !sink.paused, !held {
                got = take(from: link, &picture, wanted: now.1 ? nil : now.0, into: sink, ring: &ring)
            }
            if picture.width > 0 {
                let monitor = FrameSize(Int(picture.width), Int(picture.height))
                part.withLock { $0.monitor = monitor }
            }
            if got {
                (shown, force) = (now, false)
                pictures += 1
            }
            if !got, picture.fresh == 0, let problem = PortalLink.problem(of: &picture), !stopped {
                // Said once; the view keeps the last picture, and goes on if the stream comes back.
                fail(problem, sink, firstPicture: pictures == 0)
                stopped = true
            } else if got, stopped {
                stopped = false
                reporter.status("the screen's stream is back")
                sink.status = .running
            }
            pacer.wait()
        }
    }

    /// The part wanted of the newest picture (clipped to it: `ScreenRect.part`) published as
    /// the next frame; false when the picture changed size meanwhile (taken next time).
    private func take(
        from link: PortalLink, _ picture: inout cvd_portal_picture, wanted: ScreenRect?, into sink: LatestFrame,
        ring: inout FrameRing
    ) -> Bool {
        let cut = ScreenRect.part(wanted, of: (Int(picture.width), Int(picture.height)))
        let order = picture.order
        var copied = false
        ring.publish(to: sink) { (buffer: inout [UInt8]) -> (FrameLayout, YCbCrEncoding)? in
            if buffer.count < cut.width * cut.height * 4 {
                buffer = [UInt8](repeating: 0, count: cut.width * cut.height * 4)
            }
            copied = buffer.withUnsafeMutableBytes { link.copy(cut, into: $0) } == 1
            guard copied else { return nil }
            let layout = FrameLayout(format: order == 0 ? .bgra : .rgba, width: cut.width, height: cut.height)
            return (layout, .bt601Limited)
        }
        return copied
    }

    /// One line, printed whole and in the footer in the window's language; before the first
    /// picture, the test scene shows with it.
    func fail(_ problem: PortalProblem, _ sink: LatestFrame, firstPicture: Bool) {
        reporter.status(problem.line)
        sink.status = .failed(problem.footer)
        if firstPicture { showTestScene(sink) }
    }

    /// The test scene in place of a picture the screen cannot give.
    func showTestScene(_ sink: LatestFrame) {
        let scene = TestScene.render(width: size.width, height: size.height)
        sink.publish(Frame(bytes: scene.pixels, layout: scene.layout, timestamp: SystemClock.monotonic))
    }

    /// The token kept last time: a line of a few dozen characters; a file larger than
    /// `tokenLimit` is not a token (not read, not sent to the portal).
    private func keptToken() -> String? {
        do throws(FileBytes.Failure) {
            let bytes = try FileBytes.read(tokenFile, limit: Self.tokenLimit)
            return String(decoding: bytes, as: UTF8.self).trimmed
        } catch {
            if case .tooLarge = error {
                reporter.status(
                    "\(PathName.shown(tokenFile)) is larger than 4 KiB, so it is no token of the desktop's: not used (the desktop asks again)"
                )
            }
            return nil
        }
    }

    static let tokenLimit = 4096

    /// Keeps the portal's restore token for next time: private (0600, in the private
    /// settings folder: `UserDirectories.privateConfig`), written whole or not at all.
    private func keep(_ token: String, was kept: String?) {
        guard !token.isEmpty, token != kept else { return }
        do {
            _ = try UserDirectories.privateConfig()
            try SafeFile.write(Array((token + "\n").utf8), to: tokenFile, private: true)
        } catch {
            reporter.status(
                "the desktop's permission to share the screen could not be kept (\(error)): it will ask again")
        }
    }

    public func stop() { thread.stop() }
}
