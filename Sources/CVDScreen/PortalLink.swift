import CVDPortal

/// The portal's calls and the stream's pictures through the C plumbing
/// (Sources/CVDPortal): D-Bus through GDBus, the stream through libpipewire. Its codes become
/// `PortalProblem`s here; what to ask and when is `PortalSession`'s. Used by one thread.
final class PortalLink: PortalCalls {
    private let portal: OpaquePointer

    /// The session bus, or `.noSession` with GLib's words.
    init() throws(PortalProblem) {
        var failure = cvd_portal_failure()
        guard let p = cvd_portal_connect(&failure) else { throw .noSession(Self.text(&failure.detail)) }
        portal = p
    }

    deinit { cvd_portal_close(portal) }

    func property(_ name: String) -> UInt32 { cvd_portal_property(portal, name) }

    func createSession(timeoutMs: Int) -> PortalAnswer {
        var failure = cvd_portal_failure()
        let r = cvd_portal_create_session(portal, Int32(timeoutMs), &failure)
        return Self.answer(r, failure, method: "CreateSession", timeoutMs: timeoutMs)
    }

    func selectSources(_ o: PortalSourceOptions, timeoutMs: Int) -> PortalAnswer {
        var failure = cvd_portal_failure()
        let r = cvd_portal_select_sources(
            portal, o.types, o.cursorMode, o.persistMode, o.restoreToken, Int32(timeoutMs), &failure)
        return Self.answer(r, failure, method: "SelectSources", timeoutMs: timeoutMs)
    }

    func start(timeoutMs: Int) -> (PortalAnswer, PortalStarted?) {
        var failure = cvd_portal_failure()
        var s = cvd_portal_started()
        let r = cvd_portal_start(portal, Int32(timeoutMs), &s, &failure)
        guard r == 0 else { return (Self.answer(r, failure, method: "Start", timeoutMs: timeoutMs), nil) }
        let area =
            s.has_area != 0
            ? ScreenRect(x: Int(s.x), y: Int(s.y), width: Int(s.width), height: Int(s.height)) : nil
        return (.granted, PortalStarted(streams: Int(s.streams), node: s.node, area: area, token: Self.text(&s.token)))
    }

    func openStream(node: UInt32) -> PortalProblem? {
        var failure = cvd_portal_failure()
        guard cvd_portal_stream(portal, node, &failure) != 0 else { return nil }
        return Self.problem(&failure, method: "OpenPipeWireRemote", timeoutMs: 0)
    }

    /// The newest picture's size, order and freshness, and the stream's state.
    func look() -> cvd_portal_picture {
        var picture = cvd_portal_picture()
        cvd_portal_look(portal, &picture)
        return picture
    }

    /// What the stream's state says is wrong, if anything.
    static func problem(of picture: inout cvd_portal_picture) -> PortalProblem? {
        switch Int(picture.state) {
        case Int(CVD_PORTAL_PAUSED): .stopped
        case Int(CVD_PORTAL_ENDED): .ended(text(&picture.detail))
        default: nil
        }
    }

    /// Copies `part` of the newest picture into `buffer` (rows packed): 1 copied, 0 the
    /// picture changed size since the look, -2 `buffer` too small.
    func copy(_ part: ScreenRect, into buffer: UnsafeMutableRawBufferPointer) -> Int32 {
        cvd_portal_copy(
            portal, Int32(part.x), Int32(part.y), Int32(part.width), Int32(part.height),
            buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count)
    }

    private static func answer(_ r: Int32, _ failure: cvd_portal_failure, method: String, timeoutMs: Int)
        -> PortalAnswer
    {
        switch r {
        case 0: return .granted
        case 1: return .cancelled
        case -1:
            var failure = failure
            return .problem(problem(&failure, method: method, timeoutMs: timeoutMs))
        default: return .failed
        }
    }

    private static func problem(_ f: inout cvd_portal_failure, method: String, timeoutMs: Int) -> PortalProblem {
        let detail = text(&f.detail)
        return switch f.code {
        case CVD_PORTAL_NO_BUS: .noSession(detail)
        case CVD_PORTAL_NO_SERVICE: .noPortal
        case CVD_PORTAL_NOT_ANSWERED: .notAnswered(seconds: timeoutMs / 1000)
        case CVD_PORTAL_NO_SESSION_HANDLE: .noSessionHandle
        case CVD_PORTAL_NO_REMOTE: .noPipeWire(detail)
        case CVD_PORTAL_NO_DESCRIPTOR: .noConnection
        case CVD_PORTAL_PIPEWIRE_START: .pipeWireStart
        case CVD_PORTAL_PIPEWIRE_REFUSED: .pipeWireRefused
        case CVD_PORTAL_STREAM_CONNECT: .streamNotConnected(detail)
        default: .callFailed(method, detail)
        }
    }

    /// A C string in a fixed array of a C struct (always NUL-terminated by the C side).
    private static func text<T>(_ tuple: inout T) -> String {
        withUnsafeBytes(of: &tuple) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
