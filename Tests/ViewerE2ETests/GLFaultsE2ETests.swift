import CVDCore
import CVDImageIO
import Foundation
import Testing

/// Each way the GL renderer can fail, forced (`CVDCAM_GL_FAULT`), ends in one line saying
/// what happened and a view that goes on in the software renderer: at start (no context,
/// a shader that does not compile, a self-test that fails) and mid-run (a GL error, a lost
/// context) — with the mode, layout, probe, pen stroke and still kept. And the GL renderer
/// on Wayland (weston: EGL), with the keys and colours of the X11 tests.
@Suite(.serialized) struct GLFaultsE2ETests {
    @Test func faultsAtStartFallBackToSoftware() throws {
        let x = try XSession(width: 1280, height: 720)
        defer { x.close() }
        let cases = [
            ("context", "no OpenGL context (injected"), ("version", "the driver gave OpenGL 2.1 (injected"),
            ("shader", "shader does not compile"),
            ("selftest", "the OpenGL colour kernel computes"),
        ]
        for (fault, reason) in cases {
            let path = x.dir + "/\(fault).png"
            let r = try XSession.runToEnd(
                XSession.binary,
                [
                    "--test-scene", "--renderer", "gl", "--mode", "deuteranopia", "--screenshot", path,
                    "--screenshot-after", "3",
                ],
                environment: x.appEnvironment(home: x.dir).mapValues { Optional($0) }.merging(["CVDCAM_GL_FAULT": fault]
                ) {
                    $1
                }, capture: .stdout)
            #expect(r.status == 0, "\(fault): exit status \(r.status)")
            let line = r.text.split(separator: "\n").first { $0.hasPrefix("cvdcam: renderer: ") } ?? ""
            #expect(line.hasPrefix("cvdcam: renderer: software (") && line.contains(reason), "\(fault): \(line)")
            #expect(r.text.contains("renderer software"), "\(fault): the quit line names the renderer: \(r.text)")
            let shot = try ImageFile.read(path)
            #expect(shot[640, 360] != RGB8(0, 0, 0), "\(fault): the picture shows")
        }
    }

    /// No OpenGL driver (LIBGL_DRIVERS_PATH pointing nowhere): libGL falls back to indirect
    /// GLX, and the X server refuses its context with BadValue — an X error, which Xlib's
    /// default handler would turn into exit status 1. One line, and the software renderer:
    /// with `--renderer gl`, and with the default renderer where a GPU's render node is
    /// there (made for the test in a mount namespace of its own: `/dev/dri/renderD128`).
    @Test func aMissingDriverFallsBackToSoftware() throws {
        let x = try XSession(width: 1280, height: 720)
        defer { x.close() }
        let canUnshare =
            (try? XSession.runToEnd("/usr/bin/unshare", ["-m", "/bin/true"], capture: .stderr))?.status == 0
        let cases: [(tag: String, command: [String])] =
            [("gl", [XSession.binary, "--renderer", "gl"])]
            + (canUnshare
                ? [("auto", ["/usr/bin/unshare", "-m", "/bin/sh", "-c", Self.withRenderNode, "sh", XSession.binary])]
                : [])
        if !canUnshare {
            Issue.record("unshare -m is not allowed here (the test needs root, as CI has): auto not tested")
        }
        for (tag, command) in cases {
            let path = x.dir + "/\(tag).png"
            let r = try XSession.runToEnd(
                command[0],
                Array(command.dropFirst()) + [
                    "--test-scene", "--mode", "deuteranopia", "--screenshot", path, "--screenshot-after", "3",
                ],
                environment: x.appEnvironment(home: x.dir).mapValues { Optional($0) }.merging([
                    "LIBGL_DRIVERS_PATH": "/nonexistent"
                ]) { $1 }, capture: .stdout)
            #expect(r.status == 0, "\(tag): exit status \(r.status): \(r.text)")
            let line = r.text.split(separator: "\n").first { $0.hasPrefix("cvdcam: renderer: ") } ?? ""
            #expect(
                line.hasPrefix("cvdcam: renderer: software (no OpenGL context: the X server refused it (BadValue")
                    && line.contains("libGL says: failed to load driver"), "\(tag): \(line)")
            #expect(r.text.contains("renderer software"), "\(tag): the quit line names the renderer: \(r.text)")
            #expect(try ImageFile.read(path)[640, 360] != RGB8(0, 0, 0), "\(tag): the picture shows")
        }
    }

    /// Runs "$@" with /dev a tmpfs holding what the real /dev holds (bound in) and a render
    /// node, `/dev/dri/renderD128` (226, 128: no GPU behind it); in `unshare -m`, so the
    /// machine's own /dev is untouched.
    static let withRenderNode = """
        set -e
        mount --make-rprivate /
        real=$(mktemp -d)
        mount --rbind /dev "$real"
        mount -t tmpfs -o mode=755 tmpfs /dev
        for e in "$real"/*; do
            n=$(basename "$e")
            if [ -L "$e" ]; then cp -P "$e" "/dev/$n"
            elif [ -d "$e" ]; then mkdir "/dev/$n" && mount --rbind "$e" "/dev/$n"
            else touch "/dev/$n" && mount --bind "$e" "/dev/$n"; fi
        done
        mkdir -p /dev/dri && mknod /dev/dri/renderD128 c 226 128
        exec "$@"
        """

    @Test func faultsMidRunKeepEverythingOnScreen() throws {
        for (fault, said) in [
            ("error@240", "OpenGL reported GL_INVALID_ENUM"), ("lost@240", "the OpenGL context was lost"),
        ] {
            let x = try XSession(width: 1280, height: 720)
            defer { x.close() }
            try x.launch(
                [
                    "--test-scene", "--window", "1280x720", "--renderer", "gl", "--mode", "deuteranopia", "--press",
                    "g@3",
                ],
                environment: ["CVDCAM_GL_FAULT": fault, "CVDCAM_PRINT_OVERLAYS": "1"])
            try x.waitForOutput("renderer: OpenGL")
            // A probe on the live side, a pen stroke across both panes.
            try x.run("xdotool", ["mousemove", "--window", x.window, "900", "500", "click", "1"])
            try x.waitForOutput("cvdcam: probe 1:")
            try x.key("b")
            try x.run("xdotool", ["mousemove", "--window", x.window, "300", "380", "mousedown", "1"])
            for px in stride(from: 320, through: 1000, by: 40) {
                try x.run("xdotool", ["mousemove", "--window", x.window, String(px), "400"])
            }
            try x.run("xdotool", ["mouseup", "1"])
            try x.key("b")
            usleep(1_500_000)
            let before = try x.screenshot()
            #expect(!x.readOutput().contains("the OpenGL renderer failed"), "\(fault): not before the first screenshot")
            let out = try x.waitForOutput("the OpenGL renderer failed", timeout: 90)
            #expect(out.contains(said) && out.contains("going on with the software renderer"), "\(fault): \(out)")
            usleep(1_500_000)
            let after = try x.screenshot()
            try ImageFile.write(before, to: ViewerE2ETests.screenshotDir + "/gl-fault-\(fault)-before.png")
            try ImageFile.write(after, to: ViewerE2ETests.screenshotDir + "/gl-fault-\(fault)-after.png")
            // The same view: still | live in deuteranopia, the probe, the stroke — compared over
            // the pictures (the labels settle meanwhile: the badges drop the model's name).
            let line = x.readOutput().split(separator: "\n").last { $0.hasPrefix("cvdcam: overlays:") } ?? ""
            let overlays = SacredPictureE2ETests.Overlays(String(line.dropFirst("cvdcam: ".count)))
            #expect(overlays.pictures.count == 2 && !overlays.rings.isEmpty, "\(fault): two panes and a probe: \(line)")
            let (flat, off) = GLRendererE2ETests.disagreement(before, after)
            let onPictures = off.filter { item in
                let v = item.split(separator: ":")[0].split(separator: ",").compactMap { Double($0) }
                return overlays.pictures.contains { $0.contains(v[0], v[1]) } && !overlays.covers(v[0], v[1])
            }
            #expect(
                flat > 100_000 && onPictures.isEmpty,
                "\(fault): \(onPictures.count) picture pixels changed, e.g. \(onPictures.prefix(4))")
            try x.quitKey("q")
            #expect(try x.waitForExit() == 0)
            #expect(x.readOutput().contains("renderer software"), "\(fault): the quit line says software")
        }
    }

    @Test(.enabled(if: !XSession.westonMissing, "weston is not installed (scripts/test installs it)"))
    func glOnWayland() throws {
        let x = try XSession(width: WaylandE2ETests.output.w, height: WaylandE2ETests.output.h)
        defer { x.close() }
        let wayland = try x.startWeston(outputs: 1, width: WaylandE2ETests.output.w, height: WaylandE2ETests.output.h)
        try x.launch(
            ViewerE2ETests.patches, ["--fullscreen", "--renderer", "gl", "--labels-over-picture"], wayland: wayland)
        let out = try x.waitForOutput("renderer: OpenGL")
        #expect(!out.contains("renderer: software"), "\(out)")
        try x.waitForScreen(timeout: 30) { WaylandE2ETests.patchesWrong($0, .normal, left: 0) }
        try x.key("3")
        try x.waitForOutput("cvdcam: deuteranopia (Viénot 1999)")
        let shot = try x.waitForScreen(timeout: 30) { WaylandE2ETests.patchesWrong($0, .deuteranopia, left: 0) }
        try ImageFile.write(shot, to: ViewerE2ETests.screenshotDir + "/gl-wayland.png")
        try x.key("q")
        #expect(try x.waitForExit() == 0)
    }
}
