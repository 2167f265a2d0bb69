import ArgumentParser
import CVDCamera
import CVDCapture
import CVDCore
import CVDImageIO
import CVDSources
import FoundationEssentials
import Glibc

struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Grab a camera frame, simulate it and write a PNG.",
        discussion: """
            Waits for the camera's automatic exposure to settle (--warmup), grabs a frame, \
            simulates it and writes it. With --mode all, writes one file per mode beside OUTPUT. \
            Prints the format the camera granted and how many frames were dropped. When the \
            stream fails (a refused request, a fatal streaming error, an unplug), it is \
            restarted a few times with growing pauses (about 4 s in all), each said in one line; \
            the command fails only when the camera stays unusable.

            Examples:
              cvdcam snapshot chart.png --mode deuteranopia
              cvdcam snapshot plate.png --mode all --device /dev/video2 --size 1280x720
              cvdcam snapshot map.png --control white_balance_automatic=0 --control auto_exposure=1
            """)

    @Argument(help: "Where to write the picture (.png, .jpg or .jpeg).")
    var output: String

    @OptionGroup var camera: CaptureOptions

    @OptionGroup var simulation: CameraSimulationOptions

    @Option(help: ArgumentHelp("Seconds of frames to skip first, so automatic exposure settles.", valueName: "seconds"))
    var warmup = 1.0

    @Option(help: ArgumentHelp("Frames to capture after the warm-up (the last one is written).", valueName: "n"))
    var frames = 1

    func validate() throws {
        try OutputFiles.validate(output)
        guard warmup >= 0, warmup <= 60 else { throw ValidationError("--warmup must be within 0…60 seconds") }
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1") }
    }

    func run() throws {
        let sims = try simulation.simulations()
        let rc = try RestartingCamera(camera.cameraOptions, reporter: TerminalReporter())
        // `rc.camera` each time, never kept: after a restart it is another camera, and a
        // reference kept would hold the old device open.
        StandardOutput.line("camera: \(rc.camera.name), granted \(rc.camera.format)")
        for (c, v) in rc.camera.controlsSet {
            StandardOutput.line("control \(c.key) = \(v.map(String.init) ?? "(pressed)")")
        }
        // Slow rates (vivid's 1080p gives 5 fps) need a longer wait than the default.
        let timeout = max(2, 4 / (rc.camera.format.fps?.perSecond ?? 25))

        // Warm-up: at least one frame, then whatever arrives within `warmup` seconds.
        let start = Date()
        repeat { _ = try rc.next(timeout: timeout) { _, _, _, _ in () } } while Date().timeIntervalSince(start) < warmup
        let before = rc.stats

        // Decoded frames are counted; one that cannot be decoded is dropped (and counted
        // by the camera), and a few more are tried. Only the last frame is kept.
        var grabbed: (bytes: [UInt8], layout: FrameLayout, ycbcr: YCbCrEncoding)?
        var first: Int?
        var last = 0
        var good = 0
        var attempts = 0
        while good < frames {
            attempts += 1
            if attempts > frames + 10 {
                throw CLIError(
                    "\(rc.camera.device.path): too many frames could not be decoded (\(rc.stats.corrupt) corrupt)")
            }
            let keep = good == frames - 1
            let decoded =
                try rc.next(timeout: timeout) { bytes, layout, enc, frame -> Bool in
                    if first == nil { first = frame.sequence }
                    last = frame.sequence
                    if keep { grabbed = (Array(bytes), layout, enc) }
                    return true
                } ?? false
            if decoded { good += 1 }
        }
        let s = rc.stats
        rc.stop()
        guard let g = grabbed else { throw CLIError("\(rc.camera.device.path): no frame could be decoded") }
        StandardOutput.line(
            "captured \(s.delivered - before.delivered) frames (sequence \(first ?? 0)…\(last)), "
                + "\(s.dropped - before.dropped) dropped, \(s.corrupt - before.corrupt) corrupt"
                + (before.dropped > 0 ? " (\(before.dropped) dropped during warm-up)" : ""))

        try OutputFiles(output, mode: simulation.mode).write(sims) {
            .picture(Self.render(g.bytes, g.layout, g.ycbcr, FrameKernel($0)))
        }
        try StandardOutput.finish()
    }

    /// The frame through `kernel`, as RGBA.
    static func render(_ bytes: [UInt8], _ layout: FrameLayout, _ ycbcr: YCbCrEncoding, _ kernel: FrameKernel)
        -> RGBAImage
    {
        var out = RGBAImage(width: layout.width, height: layout.height)
        let dl = out.layout
        bytes.withUnsafeBytes { s in
            out.pixels.withUnsafeMutableBytes { d in
                // One frame: compute it directly rather than build the lookup table.
                try? kernel.apply(
                    source: s, sourceLayout: layout, destination: d, destinationLayout: dl, ycbcr: ycbcr,
                    strategy: .compute)
            }
        }
        return out
    }
}
