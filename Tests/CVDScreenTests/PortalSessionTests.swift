import Testing

@testable import CVDScreen

/// The portal conversation (`PortalSession`) against a script of the portal's answers: what
/// is asked, in which order, with which options, and which problem each refusal becomes —
/// as xdg-desktop-portal 1.16 answers (Tests/Portal/README.md; the real portal in
/// PortalE2ETests).
@Suite struct PortalSessionTests {
    /// The portal's side: its properties, an answer per request (the first unused one), and
    /// every call made.
    final class Script: PortalCalls {
        var properties = ["version": UInt32(4), "AvailableSourceTypes": 3, "AvailableCursorModes": 3]
        var sessionAnswers: [PortalAnswer] = [.granted]
        var selectAnswers: [PortalAnswer] = [.granted]
        var startAnswer: (PortalAnswer, PortalStarted?) = (
            .granted,
            PortalStarted(
                streams: 1, node: 36, area: ScreenRect(x: 4000, y: 0, width: 640, height: 480), token: "new-token")
        )
        var streamProblem: PortalProblem?
        var calls: [String] = []

        func property(_ name: String) -> UInt32 { properties[name] ?? 0 }
        func createSession(timeoutMs: Int) -> PortalAnswer {
            calls.append("CreateSession \(timeoutMs)")
            return sessionAnswers.removeFirst()
        }
        func selectSources(_ o: PortalSourceOptions, timeoutMs: Int) -> PortalAnswer {
            calls.append(
                "SelectSources types \(o.types) cursor \(o.cursorMode) persist \(o.persistMode) token \(o.restoreToken ?? "-")"
            )
            return selectAnswers.removeFirst()
        }
        func start(timeoutMs: Int) -> (PortalAnswer, PortalStarted?) {
            calls.append("Start \(timeoutMs)")
            return startAnswer
        }
        func openStream(node: UInt32) -> PortalProblem? {
            calls.append("OpenPipeWireRemote \(node)")
            return streamProblem
        }

        func open(token: String? = "kept", cursor: Bool = true) -> Result<PortalStarted, PortalProblem> {
            PortalSession.open(self, token: token, cursor: cursor, dialogSeconds: 120)
        }
    }

    @Test func theWholeConversationWithTheKeptToken() throws {
        let s = Script()
        let started = try s.open().get()
        #expect(
            s.calls == [
                "CreateSession 30000", "SelectSources types 3 cursor 2 persist 2 token kept", "Start 120000",
                "OpenPipeWireRemote 36",
            ])
        #expect(started.token == "new-token" && started.node == 36)
        #expect(started.area == ScreenRect(x: 4000, y: 0, width: 640, height: 480))
    }

    /// A token the portal no longer takes (it fails the call) is dropped and the choice asked afresh.
    @Test func aRefusedTokenIsAskedAfresh() throws {
        let s = Script()
        s.selectAnswers = [
            .problem(.callFailed("SelectSources", "Restore token is not a valid UUID string")), .granted,
        ]
        _ = try s.open().get()
        #expect(
            s.calls.filter { $0.hasPrefix("SelectSources") } == [
                "SelectSources types 3 cursor 2 persist 2 token kept",
                "SelectSources types 3 cursor 2 persist 2 token -",
            ])
    }

    /// Without a token, a failing call is not tried twice.
    @Test func withoutATokenAFailureIsOneProblem() {
        let s = Script()
        let failure = PortalProblem.callFailed("SelectSources", "No such interface")
        s.selectAnswers = [.problem(failure)]
        #expect(s.open(token: nil) == .failure(failure))
        #expect(s.calls.count == 2)
    }

    /// What the portal offers decides the options: monitors only, no cursor modes, a
    /// version-3 portal (no persist_mode, so no token either); the cursor hidden when not wanted.
    @Test func theOptionsFollowWhatThePortalOffers() throws {
        let s = Script()
        s.properties = ["version": 3, "AvailableSourceTypes": 1, "AvailableCursorModes": 0]
        _ = try s.open(token: "kept").get()
        #expect(s.calls[1] == "SelectSources types 1 cursor 0 persist 0 token -")
        #expect(
            PortalSession.options(version: 4, types: 1, cursorModes: 1, cursor: false, token: "")
                == PortalSourceOptions(types: 1, cursorMode: 1, persistMode: 2, restoreToken: nil))
        #expect(PortalSession.options(version: 4, types: 7, cursorModes: 1, cursor: true, token: nil).cursorMode == 0)
    }

    @Test func noPortalNoMonitorsAndNothingAsked() {
        let none = Script()
        none.properties = [:]
        #expect(none.open() == .failure(.noPortal))
        let windowsOnly = Script()
        windowsOnly.properties["AvailableSourceTypes"] = 2
        #expect(windowsOnly.open() == .failure(.noMonitors))
        #expect(none.calls.isEmpty && windowsOnly.calls.isEmpty)
    }

    /// Each refusal is one problem, and nothing is asked after it.
    @Test func eachRefusalItsProblem() {
        func run(_ change: (Script) -> Void) -> (PortalProblem?, Int) {
            let s = Script()
            change(s)
            if case .failure(let p) = s.open() { return (p, s.calls.count) }
            return (nil, s.calls.count)
        }
        #expect(run { $0.sessionAnswers = [.failed] } == (.sessionRefused, 1))
        #expect(run { $0.sessionAnswers = [.problem(.noPortal)] } == (.noPortal, 1))
        #expect(run { $0.selectAnswers = [.cancelled] } == (.cancelled(inDialog: false), 2))
        #expect(run { $0.selectAnswers = [.failed] } == (.notChosen, 2))
        #expect(run { $0.startAnswer = (.cancelled, nil) } == (.cancelled(inDialog: true), 3))
        #expect(run { $0.startAnswer = (.failed, nil) } == (.startFailed, 3))
        #expect(run { $0.startAnswer = (.problem(.notAnswered(seconds: 120)), nil) } == (.notAnswered(seconds: 120), 3))
        #expect(
            run { $0.startAnswer = (.granted, PortalStarted(streams: 0, node: 0, area: nil, token: "")) }
                == (.sharedNothing, 3))
        #expect(
            run { $0.streamProblem = .noPipeWire("Couldn't connect to PipeWire") } == (
                .noPipeWire("Couldn't connect to PipeWire"), 4
            ))
    }

    /// The part taken of a picture: the wanted one clipped to it, all of it when none is
    /// wanted or none of it is left.
    @Test func thePartIsClippedToThePicture() {
        let size = (width: 640, height: 480)
        #expect(ScreenRect.part(nil, of: size) == ScreenRect(x: 0, y: 0, width: 640, height: 480))
        #expect(
            ScreenRect.part(ScreenRect(x: 600, y: 400, width: 100, height: 100), of: size)
                == ScreenRect(x: 600, y: 400, width: 40, height: 80))
        #expect(
            ScreenRect.part(ScreenRect(x: 700, y: 0, width: 100, height: 100), of: size)
                == ScreenRect(x: 0, y: 0, width: 640, height: 480))
        #expect(
            ScreenRect.part(ScreenRect(x: 10, y: 20, width: 30, height: 40), of: size)
                == ScreenRect(x: 10, y: 20, width: 30, height: 40))
    }
}
