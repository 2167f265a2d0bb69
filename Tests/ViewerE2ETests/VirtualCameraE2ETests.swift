import CVDCore
import CVDImageIO
import Foundation
import Testing

/// The virtual camera's clean picture whichever renderer draws the window: with GL the GPU
/// simulates it (one more pass over the frame it uploads for the panes anyway, read back),
/// where the CPU used to simulate every frame a second time; in software the CPU's kernels
/// do, and the pane uploads their picture. Both are compared with `cvdcam convert` of the
/// same picture — the GPU within the GL renderer's tolerance (each within ±1 level of the
/// float64 reference: `GLConformanceE2ETests`), the CPU exactly. The camera is a file
/// (`CVDCAM_VIRTUAL_CAMERA_FILE`: the last picture sent, written when it stops), as there
/// is no v4l2loopback here; the device path is tested in the VM (scripts/test-vm).
@Suite(.serialized) struct VirtualCameraE2ETests {
    /// The largest difference of any channel between `a` and `b`, and how many pixels differ at all.
    static func difference(_ a: RGBAImage, _ b: RGBAImage) -> (largest: Int, pixels: Int) {
        var largest = 0
        var pixels = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let (p, q) = (a[x, y], b[x, y])
                let d = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
                largest = max(largest, d)
                if d > 0 { pixels += 1 }
            }
        }
        return (largest, pixels)
    }

    @Test func eachRendererSendsTheSimulatedPicture() throws {
        let x = try XSession(width: 1280, height: 720)
        defer { x.close() }
        let env = x.appEnvironment(home: x.dir).mapValues { Optional($0) }
        // The test scene as a still picture, and what `convert` makes of it.
        let scene = x.dir + "/scene.png"
        let converted = x.dir + "/converted.png"
        for args in [["scene", "--mode", "normal", scene], ["convert", scene, converted, "--mode", "deuteranopia"]] {
            let r = try XSession.runToEnd(XSession.binary, args, environment: env, capture: .stdout)
            #expect(r.status == 0, "cvdcam \(args.joined(separator: " ")): \(r.text)")
        }
        let expected = try ImageFile.read(converted)
        for (renderer, allowed) in [("gl", 2), ("software", 0)] {
            let sent = "\(x.dir)/sent-\(renderer).png"
            let r = try XSession.runToEnd(
                XSession.binary,
                [
                    "--image", scene, "--mode", "deuteranopia", "--virtual-camera", "--renderer", renderer,
                    "--window", "960x540", "--screenshot", "\(x.dir)/window-\(renderer).png", "--screenshot-after",
                    "12",
                ],
                environment: env.merging(["CVDCAM_VIRTUAL_CAMERA_FILE": sent]) { $1 }, capture: .stdout)
            #expect(r.status == 0 && r.text.contains("virtual camera on"), "\(renderer): \(r.status) \(r.text)")
            #expect(r.text.contains(renderer == "gl" ? "renderer: OpenGL" : "renderer: software"), "\(r.text)")
            let picture = try ImageFile.read(sent)
            try? FileManager.default.copyItem(
                atPath: sent, toPath: ViewerE2ETests.screenshotDir + "/virtual-camera-\(renderer).png")
            #expect(picture.width == expected.width && picture.height == expected.height, "sent at the frame's size")
            let d = Self.difference(picture, expected)
            #expect(
                d.largest <= allowed,
                "\(renderer): the sent picture differs from convert's by up to \(d.largest) levels (\(d.pixels) pixels)"
            )
        }
    }
}
