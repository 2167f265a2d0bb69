import CVDCore
import CVDImageIO
import Foundation
import TestFolders
import XvfbSupport

/// A real X server (Xvfb) with cvdcam's window in it, driven as a person would: keys
/// through xdotool, screenshots through ImageMagick's `import`.
final class XSession {
    let display: String
    let xvfb: Process
    private var app: Process?
    /// openbox, or weston (Weston.swift).
    var windowManager: Process?
    private var output = Pipe()
    private(set) var window = ""
    let dir: String

    /// The optimised binary: the debug build's kernel is too slow to keep a live view fluid.
    static var binary: String {
        if let b = ProcessInfo.processInfo.environment["CVDCAM_RELEASE_BIN"], !b.isEmpty { return b }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/release/cvdcam").path
    }

    /// `serverArguments`: more for Xvfb (`-noreset` keeps monitors set with xrandr after
    /// their client has gone; `-extension MIT-SHM` takes shared memory away).
    init(width: Int = 1280, height: Int = 720, serverArguments: [String] = []) throws {
        for tool in ["Xvfb", "xdotool", "import"] where Self.which(tool) == nil {
            throw Failure("\(tool) is not installed (scripts/test installs xvfb, xdotool and imagemagick)")
        }
        dir = TestFolder.make("cvdcam-x")
        do {
            let server = try Xvfb.start(width: width, height: height, arguments: serverArguments, folder: dir)
            (xvfb, display) = (server.process, server.display)
        } catch { throw Failure(error.description) }
    }

    /// What cvdcam runs with in this session: its X server, SDL's software path without
    /// llvmpipe, and `home` for HOME and the XDG config folder (snapshots and remembered
    /// settings go there: this session's, not the user's).
    func appEnvironment(home: String) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["SDL_FRAMEBUFFER_ACCELERATION"] = "0"
        env["HOME"] = home
        env["XDG_CONFIG_HOME"] = home + "/.config"
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        env.removeValue(forKey: "SDL_VIDEODRIVER")
        return env
    }

    /// Starts cvdcam and waits for its window to show a first frame. With `wayland` (from
    /// `startWeston`) cvdcam gets no DISPLAY, only the compositor's socket, and SDL's
    /// Wayland driver; there is no X window of its own then, so `window` is the root
    /// window (what weston composited) and tests wait for their picture (`waitForScreen`).
    /// `binary`: another cvdcam than the release build (a link to it in a folder with catalogues).
    func launch(
        _ args: [String], binary: String? = nil, wayland: Wayland? = nil, environment: [String: String] = [:],
        again: Bool = false
    ) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary ?? Self.binary)
        p.arguments = args
        var env = appEnvironment(home: dir)
        for (k, v) in wayland?.environment() ?? [:] { env[k] = v }
        env.merge(environment) { $1 }
        p.environment = env
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        p.standardOutput = output
        p.standardError = output
        try p.run()
        app = p
        if wayland != nil {
            try waitForOutput("cvdcam: showing", timeout: 30)
            window = "root"
            return
        }
        window = ""
        let appeared = Self.poll(seconds: 30, every: 0.1) { // CI machines run other test suites meanwhile
            if !p.isRunning { return true } // it ended: no window will come
            guard
                let w = try? run("xdotool", ["search", "--onlyvisible", "--class", "cvdcam"]).split(separator: "\n")
                    .first
            else { return false }
            window = String(w)
            return true
        }
        // Twice in CI (of ~40 sessions a run, under load), cvdcam found no display on a
        // server that had said it was ready; 60 tries here never did. Say so, with whether
        // the server answers, and start once more.
        let found = appeared && !window.isEmpty
        if !found, !again, !p.isRunning, readOutput().contains("no display found") {
            let answers = (try? run("xdpyinfo", ["-display", display])) != nil
            FileHandle.standardError.write(
                Data("XSession: cvdcam found no display on \(display) (xdpyinfo answers: \(answers)); again\n".utf8))
            collected = Data()
            output = Pipe()
            return try launch(args, binary: binary, wayland: wayland, environment: environment, again: true)
        }
        guard found else { throw Failure("no cvdcam window appeared; output: \(readOutput())") }
        // The window is mapped before it has content: wait for a non-black picture.
        guard
            Self.poll(
                seconds: 30, every: 0.1, until: { (try? screenshot())?.pixels.contains { $0 > 40 && $0 < 255 } == true }
            )
        else {
            throw Failure("the window stayed empty")
        }
    }

    /// Screenshots until `check` finds nothing wrong (returns nil) or `timeout` passes;
    /// returns the last screenshot, or throws with what `check` said last.
    @discardableResult
    func waitForScreen(timeout: Double = 10, _ check: (RGBAImage) -> String?) throws -> RGBAImage {
        let end = Date().addingTimeInterval(timeout)
        var problem = "no screenshot"
        repeat {
            if let shot = try? screenshot() {
                guard let p = check(shot) else { return shot }
                problem = p
            }
            usleep(200_000)
        } while Date() < end
        let saved = dir + "/unexpected-screen.png"
        if let shot = try? screenshot() { try? ImageFile.write(shot, to: saved) }
        try? readOutput().write(toFile: dir + "/output.txt", atomically: true, encoding: .utf8)
        throw Failure("the screen never showed what was expected: \(problem) (screenshot: \(saved))")
    }

    /// The running cvdcam's process id.
    var appProcess: Process? { app }

    /// A key press and release. To cvdcam's X window directly; on Wayland through the X
    /// server's keyboard (XTEST), which weston turns into its seat's keyboard.
    func key(_ k: String) throws {
        _ = try run("xdotool", window == "root" ? ["key", k] : ["key", "--window", window, k])
    }

    /// Waits (5 s at most) until cvdcam's window is shown: a key sent while it is hidden (a
    /// screen source hides it a moment to take a picture) goes nowhere. Whether it showed.
    @discardableResult
    func waitUntilViewable(seconds: Double = 5) -> Bool {
        Self.poll(seconds: seconds, every: 0.05) {
            (try? run("xwininfo", ["-id", window]))?.contains("IsViewable") ?? false
        }
    }

    /// A key that closes the window: cvdcam quits on key-down, so the key-up would go to a
    /// window that no longer exists (xdotool then fails with BadWindow). Send only the press.
    func quitKey(_ k: String) throws {
        _ = try run("xdotool", ["keydown", "--window", window, k])
    }

    /// The window's pixels as a person sees them.
    func screenshot() throws -> RGBAImage {
        let path = dir + "/shot-\(UUID().uuidString).png"
        _ = try run("import", ["-window", window, path])
        return try ImageFile.read(path)
    }

    /// Waits until cvdcam's output contains `text` (it prints every change).
    @discardableResult
    func waitForOutput(_ text: String, timeout: Double = 10) throws -> String {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            let out = readOutput()
            if out.contains(text) { return out }
            usleep(50_000)
        }
        throw Failure("cvdcam never printed \"\(text)\"; output so far: \(readOutput())")
    }

    private var collected = Data()
    func readOutput() -> String {
        let h = output.fileHandleForReading
        let fd = h.fileDescriptor
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fd, &buf, buf.count)
            if n <= 0 { break }
            collected.append(contentsOf: buf[0..<n])
        }
        return String(decoding: collected, as: UTF8.self)
    }

    /// Waits for cvdcam to exit and returns its status.
    func waitForExit(timeout: Double = 10) throws -> Int32 {
        guard let p = app else { throw Failure("not launched") }
        let end = Date().addingTimeInterval(timeout)
        while p.isRunning && Date() < end { usleep(50_000) }
        guard !p.isRunning else {
            p.terminate()
            throw Failure("cvdcam did not exit")
        }
        return p.terminationStatus
    }

    /// Starts a window manager (openbox, which follows the EWMH full-screen requests that
    /// desktops' window managers do) and waits until it has announced itself: up to 30 s,
    /// as a loaded 2-core machine has taken more than 10 (the wait ends when it has).
    func startWindowManager() throws {
        windowManager = try Self.spawn(try Self.installed("openbox"), environment: ["DISPLAY": display, "HOME": dir])
        guard
            Self.poll(
                seconds: 30, every: 0.05,
                until: {
                    (try? run("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"]))?.contains("window id") == true
                })
        else { throw Failure("openbox did not start within 30 s") }
    }

    /// The window's place on the screen: x, y, width, height (xwininfo).
    func geometry() throws -> (x: Int, y: Int, w: Int, h: Int) {
        let info = try run("xwininfo", ["-id", window])
        func value(_ key: String) -> Int {
            info.split(separator: "\n").first { $0.contains(key) }.flatMap {
                Int($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces))
            } ?? -1
        }
        return (value("Absolute upper-left X"), value("Absolute upper-left Y"), value("Width"), value("Height"))
    }

    /// Stops cvdcam (if still running) and the X server.
    /// SIGKILL: processes spawned from the test runner may have SIGTERM blocked (Xvfb
    /// then never exits), and nothing of these throw-away processes needs saving.
    func close() {
        for p in [app, windowManager, xvfb].compactMap({ $0 }) where p.isRunning {
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
        }
        removeStaleLock()
    }

    /// A killed Xvfb leaves its lock file and socket behind. Two servers starting at once
    /// both take over such a stale lock (Xorg's check-then-unlink races), share the display
    /// number, and a client may reach the one about to be killed ("no display found", seen
    /// in CI). Removes this server's lock and socket once it is gone, if the lock is still
    /// its own.
    private func removeStaleLock() {
        guard !xvfb.isRunning else { return }
        let number = display.dropFirst()
        let lock = "/tmp/.X\(number)-lock"
        let owner = (try? String(contentsOfFile: lock, encoding: .utf8))?.trimmingCharacters(
            in: .whitespacesAndNewlines)
        guard owner == String(xvfb.processIdentifier) else { return }
        unlink("/tmp/.X11-unix/X\(number)")
        unlink(lock)
    }

    deinit { close() }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }
}
