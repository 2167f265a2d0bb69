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

        /// A client's environment on this compositor: no DISPLAY, SDL's `driver` (nil: SDL chooses).
        func environment(driver: String? = "wayland") -> [String: String?] {
            ["DISPLAY": nil, "WAYLAND_DISPLAY": socket, "XDG_RUNTIME_DIR": runtimeDir, "SDL_VIDEODRIVER": driver]
        }
    }

    static var westonMissing: Bool { which("weston") == nil }

    /// Starts weston with `outputs` outputs of width×height side by side (output i at
    /// x = i·width, as weston lays them out) and waits until they are up.
    func startWeston(outputs: Int, width: Int, height: Int, backend: String = "x11") throws -> Wayland {
        let weston = try Self.installed("weston")
        let runtimeDir = dir + "/run"
        try FileManager.default.createDirectory(
            atPath: runtimeDir, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let socket = "wayland-cvdcam"
        windowManager = try Self.spawn(
            weston,
            [
                "--backend=\(backend)-backend.so", "--socket=\(socket)", "--use-pixman", "--width=\(width)",
                "--height=\(height)", "--no-config", "--idle-time=0", "--log=\(dir)/weston.log",
            ]
                + (backend == "x11" ? ["--output-count=\(outputs)"] : []),
            environment: ["DISPLAY": display, "XDG_RUNTIME_DIR": runtimeDir, "HOME": dir, "WAYLAND_DISPLAY": nil])
        let wayland = Wayland(socket: socket, runtimeDir: runtimeDir)
        let listening = { FileManager.default.fileExists(atPath: "\(runtimeDir)/\(socket)") }
        guard backend == "x11" else {
            _ = Self.poll(seconds: 30, every: 0.1, until: listening)
            return wayland
        }
        // weston opens every output's X window at 0,0: put each where weston's layout has it.
        var windows: [String] = []
        _ = Self.poll(seconds: 30, every: 0.1) {
            // Their titles are only in _NET_WM_NAME, which `xdotool search --name` does not read.
            let tree = (try? run("xwininfo", ["-root", "-tree"])) ?? ""
            windows = (0..<outputs).compactMap { i in
                tree.split(separator: "\n").first { $0.contains("\"Weston Compositor - screen\(i)\"") }?
                    .split(separator: " ").first.map(String.init)
            }
            return windows.count == outputs && listening()
        }
        guard windows.count == outputs else {
            // What weston said, for a failure that a rerun does not show (once under load in a full run).
            let running = windowManager?.isRunning == true ? "still running" : "exited"
            let log = (try? String(contentsOfFile: "\(dir)/weston.log", encoding: .utf8)) ?? "(no log)"
            throw Failure(
                "weston did not open its \(outputs) outputs within 30 s (\(windows.count) found, socket "
                    + "\(listening() ? "listening" : "absent"), weston \(running)); its log ends:\n"
                    + log.split(separator: "\n").suffix(15).joined(separator: "\n"))
        }
        for (i, w) in windows.enumerated() where i > 0 { try run("xdotool", ["windowmove", w, "\(i * width)", "0"]) }
        // Without an X window manager the keyboard follows the pointer: keep it on output 1.
        try run("xdotool", ["mousemove", "\(width / 2)", "\(height / 2)"])
        return wayland
    }
}
