/// The portal's answer to a request: granted, cancelled by the teacher, ended otherwise
/// (its codes 0, 1, 2), or no answer at all (the call failed, or timed out).
enum PortalAnswer: Equatable {
    case granted, cancelled, failed
    case problem(PortalProblem)
}

/// SelectSources' options, as the session chooses them from what the portal offers.
struct PortalSourceOptions: Equatable {
    /// 1 a monitor; 3 a monitor or a window (the slides' own: never cvdcam's view inside itself).
    var types: UInt32
    /// 1 hidden, 2 drawn in; 0 not asked (the portal offers neither wanted one).
    var cursorMode: UInt32
    /// 2 kept until revoked (asked once); 0 not asked (a portal older than version 4).
    var persistMode: UInt32
    var restoreToken: String?
}

/// What Start gave: the stream's PipeWire node, where the shared monitor lies on the desktop
/// (nil for a window, or when not said) and the token for next time ("" when none).
struct PortalStarted: Equatable {
    var streams: Int
    var node: UInt32
    var area: ScreenRect?
    var token: String
}

/// The portal's calls as `PortalSession` needs them: `PortalLink` (GDBus and PipeWire), or a
/// script of answers in tests.
protocol PortalCalls {
    func property(_ name: String) -> UInt32
    func createSession(timeoutMs: Int) -> PortalAnswer
    func selectSources(_ options: PortalSourceOptions, timeoutMs: Int) -> PortalAnswer
    func start(timeoutMs: Int) -> (PortalAnswer, PortalStarted?)
    /// OpenPipeWireRemote and a stream on `node`: nil, or what failed.
    func openStream(node: UInt32) -> PortalProblem?
}

/// The screen-cast conversation with the portal (org.freedesktop.portal.ScreenCast, version
/// 4): CreateSession → SelectSources (one monitor, or one window where offered; the pointer
/// as asked where the portal can; persist_mode 2 with the kept token, so the teacher is asked
/// once — a token the portal no longer takes is dropped and the choice asked afresh) → Start
/// (the desktop's dialog, waited for up to `dialogSeconds`) → the PipeWire stream.
/// Every refusal, failure or silence is one `PortalProblem`.
enum PortalSession {
    /// How long a request other than the dialog may take.
    static let requestMs = 30_000

    static func options(version: UInt32, types: UInt32, cursorModes: UInt32, cursor: Bool, token: String?)
        -> PortalSourceOptions
    {
        let persists = version >= 4
        return PortalSourceOptions(
            types: types & 2 != 0 ? 3 : 1,
            cursorMode: cursor ? (cursorModes & 2 != 0 ? 2 : 0) : (cursorModes & 1 != 0 ? 1 : 0),
            persistMode: persists ? 2 : 0,
            restoreToken: persists ? token.flatMap { $0.isEmpty ? nil : $0 } : nil)
    }

    static func open(_ calls: some PortalCalls, token: String?, cursor: Bool, dialogSeconds: Int)
        -> Result<PortalStarted, PortalProblem>
    {
        let version = calls.property("version")
        guard version > 0 else { return .failure(.noPortal) }
        let types = calls.property("AvailableSourceTypes")
        guard types & 1 != 0 else { return .failure(.noMonitors) }
        switch calls.createSession(timeoutMs: requestMs) {
        case .granted: break
        case .cancelled, .failed: return .failure(.sessionRefused)
        case .problem(let p): return .failure(p)
        }
        var options = Self.options(
            version: version, types: types, cursorModes: calls.property("AvailableCursorModes"), cursor: cursor,
            token: token)
        var answer = calls.selectSources(options, timeoutMs: requestMs)
        if case .problem = answer, options.restoreToken != nil {
            options.restoreToken = nil
            answer = calls.selectSources(options, timeoutMs: requestMs)
        }
        switch answer {
        case .granted: break
        case .cancelled: return .failure(.cancelled(inDialog: false))
        case .failed: return .failure(.notChosen)
        case .problem(let p): return .failure(p)
        }
        let (started, result) = calls.start(timeoutMs: dialogSeconds * 1000)
        switch started {
        case .granted: break
        case .cancelled: return .failure(.cancelled(inDialog: true))
        case .failed: return .failure(.startFailed)
        case .problem(let p): return .failure(p)
        }
        guard let result, result.streams > 0 else { return .failure(.sharedNothing) }
        if let p = calls.openStream(node: result.node) { return .failure(p) }
        return .success(result)
    }
}

extension ScreenRect {
    /// The part of a picture of `size` to take for `wanted`: `wanted` clipped to the picture;
    /// all of it when nothing is wanted or nothing of it is left.
    static func part(_ wanted: ScreenRect?, of size: (width: Int, height: Int)) -> ScreenRect {
        let all = ScreenRect(x: 0, y: 0, width: size.width, height: size.height)
        guard let wanted else { return all }
        let clipped = wanted.intersection(all)
        return clipped.isEmpty ? all : clipped
    }
}
