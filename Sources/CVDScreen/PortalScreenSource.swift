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
public final class PortalScreenSource: FrameSource, RegionPickingSource {
    // translators: the footer's source name ("Source: screen (desktop portal)")
    public var name: String { N_("screen (desktop portal)") }
    public var identity: String { "screen portal" }
    /// Until the first picture says otherwise.
    public let size = FrameSize(1920, 1080)
    private let fps: FrameRate
    public var sendsOnlyChanges: Bool { true }
    private let cursor: Bool
    private let reporter: any Reporter
    private let thread = SourceThread(name: "cvdcam screen (portal)")
    /// The part shown (nil: all of it; `--region` or Shift+R), whether the whole is shown
    /// for picking, and the monitor's size as last seen.
    private let part: Mutex<(region: ScreenRect?, whole: Bool, monitor: FrameSize)>
    /// Where the restore token is kept.
    let tokenFile: String

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
            let m = p.monitor
            p.whole = false
            guard let c = corners else {
                p.region = nil
                return "region \(ScreenRect(x: 0, y: 0, width: m.width, height: m.height))"
            }
            let left = Int((min(c.x0, c.x1) * Double(m.width)).rounded())
            let top = Int((min(c.y0, c.y1) * Double(m.height)).rounded())
            let r = ScreenRect(
                x: left, y: top, width: max(16, Int((max(c.x0, c.x1) * Double(m.width)).rounded()) - left),
                height: max(16, Int((max(c.y0, c.y1) * Double(m.height)).rounded()) - top)
            ).intersection(ScreenRect(x: 0, y: 0, width: m.width, height: m.height))
            p.region = r
            return "region \(r)"
        }
    }

    public func start(into sink: LatestFrame) {
        sink.status = .failed(Self.waiting)
        thread.start { [self] thread in
            let kept = (try? String(contentsOfFile: tokenFile, encoding: .utf8))?.trimmed
            var token = [CChar](repeating: 0, count: 256)
            var error = [CChar](repeating: 0, count: 512)
            let portal = cvd_portal_open(
                kept, cursor ? 1 : 0, Int32(Self.dialogSeconds * 1000), &token, token.count, &error, error.count)
            guard let portal else {
                fail(Self.text(error), sink, firstPicture: true)
                return
            }
            defer { cvd_portal_close(portal) }
            keep(Self.text(token), was: kept)
            reporter.status("reading the screen through the desktop's portal (PipeWire)")
            sink.status = .running
            run(portal, into: sink, thread: thread)
        }
    }

    // translators: in the window's footer while the desktop asks which monitor to share
    static let waiting = N_("waiting for the desktop's screen-sharing dialog: choose the monitor to show there")

    /// Pictures from the stream until it ends or the source stops.
    private func run(_ portal: OpaquePointer, into sink: LatestFrame, thread: SourceThread) {
        var whole = [UInt8]()
        var ring = FrameRing()
        var size = (w: Int32(0), h: Int32(0), order: Int32(0))
        var error = [CChar](repeating: 0, count: 512)
        var shown: (ScreenRect?, Bool)?
        let period = fps.period
        var next = SystemClock.monotonic
        var pictures = 0
        var stopped = false
        while thread.isRunning {
            var got = cvd_portal_take(portal, &whole, whole.count, &size.w, &size.h, &size.order, &error, error.count)
            if got == -2 {
                whole = [UInt8](repeating: 0, count: Int(size.w) * Int(size.h) * 4)
                got = cvd_portal_take(portal, &whole, whole.count, &size.w, &size.h, &size.order, &error, error.count)
            }
            if got == -1, !stopped {
                // Said once; the view keeps the last picture, and goes on if the stream comes back.
                fail(Self.text(error), sink, firstPicture: pictures == 0)
                stopped = true
            } else if got == 1, stopped {
                stopped = false
                reporter.status("the screen's stream is back")
                sink.status = .running
            }
            let monitor = FrameSize(Int(size.w), Int(size.h))
            let now = part.withLock { p in
                p.monitor = monitor
                return (p.region, p.whole)
            }
            // A new picture, or another part of the last one (Shift+R).
            if monitor.width > 0, got == 1 || shown.map({ $0.0 != now.0 || $0.1 != now.1 }) ?? false, !sink.paused {
                let full = ScreenRect(x: 0, y: 0, width: monitor.width, height: monitor.height)
                let r = now.1 ? full : (now.0?.intersection(full)).flatMap { $0.isEmpty ? nil : $0 } ?? full
                ring.publish(to: sink) { (buffer: inout [UInt8]) -> (FrameLayout, YCbCrEncoding)? in
                    Self.cut(r, from: whole, width: monitor.width, into: &buffer)
                    return (
                        FrameLayout(format: size.order == 0 ? .bgra : .rgba, width: r.width, height: r.height),
                        .bt601Limited
                    )
                }
                shown = now
                pictures += 1
            }
            next += period
            let wait = next - SystemClock.monotonic
            if wait > 0 { usleep(useconds_t(wait * 1_000_000)) } else { next = SystemClock.monotonic }
        }
    }

    /// A C string the portal wrote into `buffer`.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Copies the rows of `r` out of a picture `width` pixels wide.
    static func cut(_ r: ScreenRect, from whole: [UInt8], width: Int, into buffer: inout [UInt8]) {
        let rowBytes = r.width * 4
        if buffer.count < rowBytes * r.height { buffer = [UInt8](repeating: 0, count: rowBytes * r.height) }
        buffer.withUnsafeMutableBytes { out in
            whole.withUnsafeBytes { from in
                // Safe: `r` lies inside the picture (width × rows × 4 bytes); `out` holds its rows.
                for y in 0..<r.height {
                    let start = ((r.y + y) * width + r.x) * 4
                    (out.baseAddress! + y * rowBytes).copyMemory(from: from.baseAddress! + start, byteCount: rowBytes)
                }
            }
        }
    }

    /// One line, printed and in the footer; before the first picture, the test scene shows with it.
    private func fail(_ line: String, _ sink: LatestFrame, firstPicture: Bool) {
        reporter.status(line)
        sink.status = .failed(line)
        if firstPicture {
            let scene = TestScene.render(width: size.width, height: size.height)
            sink.publish(Frame(bytes: scene.pixels, layout: scene.layout, timestamp: SystemClock.monotonic))
        }
    }

    /// Keeps the portal's restore token for next time (written whole or not at all).
    private func keep(_ token: String, was kept: String?) {
        guard !token.isEmpty, token != kept else { return }
        try? FileManager.default.createDirectory(
            atPath: UserDirectories.config(), withIntermediateDirectories: true)
        do throws(SafeFile.WriteError) {
            try SafeFile.write(Array((token + "\n").utf8), to: tokenFile)
        } catch {
            reporter.status(
                "the desktop's permission to share the screen could not be kept (\(error)): it will ask again")
        }
    }

    public func stop() { thread.stop() }
}
