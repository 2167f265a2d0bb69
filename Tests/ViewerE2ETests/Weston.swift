import Foundation

/// A Wayland desktop inside the X session: weston (Debian's reference compositor, its
/// desktop shell) running as a client of the Xvfb server, one X window per output.
///
/// Why not weston's headless backend: it has no input seat, so no key can reach a client
/// (xdotool speaks X11; `wtype` needs the virtual-keyboard protocol, which weston lacks;
/// weston's key-injecting test module is not in Debian's package), and SDL 2.26 cannot
/// even start without a seat (see `CWayland`; `WaylandE2ETests` checks cvdcam says so).
/// The x11 backend gives weston the X server's keyboard as its seat, so xdotool's keys
/// (XTEST) reach cvdcam through weston as a desktop's keyboard would, and a screenshot of
/// the X screen is what weston composited, output by output.
extension XSession {
    struct Wayland {
        let socket: String
        let runtimeDir: String
    }

    static var westonMissing: Bool { which("weston") == nil }

    /// Starts weston with `outputs` outputs of width×height side by side (output i at
    /// x = i·width, as weston lays them out) and waits until they are up.
    func startWeston(outputs: Int, width: Int, height: Int, backend: String = "x11") throws -> Wayland {
        guard let weston = Self.which("weston") else { throw Failure("weston is not installed (scripts/test installs it)") }
        let runtimeDir = dir + "/run"
        try FileManager.default.createDirectory(atPath: runtimeDir, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let socket = "wayland-cvdcam"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: weston)
        p.arguments = ["--backend=\(backend)-backend.so", "--socket=\(socket)", "--use-pixman", "--width=\(width)",
                       "--height=\(height)", "--no-config", "--idle-time=0", "--log=\(dir)/weston.log"]
            + (backend == "x11" ? ["--output-count=\(outputs)"] : [])
        var env = ProcessInfo.processInfo.environment
        (env["DISPLAY"], env["XDG_RUNTIME_DIR"], env["HOME"]) = (display, runtimeDir, dir)
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        p.environment = env
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        windowManager = p
        let wayland = Wayland(socket: socket, runtimeDir: runtimeDir)
        guard backend == "x11" else {
            for _ in 0..<300 where !FileManager.default.fileExists(atPath: "\(runtimeDir)/\(socket)") { usleep(100_000) }
            return wayland
        }
        // weston opens every output's X window at 0,0: put each where weston's layout has it.
        var windows: [String] = []
        for _ in 0..<300 {
            // Their titles are only in _NET_WM_NAME, which `xdotool search --name` does not read.
            let tree = (try? run("xwininfo", ["-root", "-tree"])) ?? ""
            windows = (0..<outputs).compactMap { i in
                tree.split(separator: "\n").first { $0.contains("\"Weston Compositor - screen\(i)\"") }?
                    .split(separator: " ").first.map(String.init)
            }
            if windows.count == outputs, FileManager.default.fileExists(atPath: "\(runtimeDir)/\(socket)") { break }
            usleep(100_000)
        }
        guard windows.count == outputs else { throw Failure("weston did not open its \(outputs) outputs within 30 s") }
        for (i, w) in windows.enumerated() where i > 0 { try run("xdotool", ["windowmove", w, "\(i * width)", "0"]) }
        // Without an X window manager the keyboard follows the pointer: keep it on output 1.
        try run("xdotool", ["mousemove", "\(width / 2)", "\(height / 2)"])
        return wayland
    }
}
