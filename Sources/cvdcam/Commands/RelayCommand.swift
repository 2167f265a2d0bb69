import ArgumentParser
import CVDCamera
import CVDCapture
import CVDCore
import CVDImageIO
import CVDSources
import FoundationEssentials

struct RelayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relay",
        abstract: "Send the simulated picture to a virtual camera, for video calls and OBS.",
        discussion: """
            No window: the camera (or --image, or --test-scene) is simulated and written to a \
            V4L2 output as YUYV, BT.601 limited range, at --fps; video-call programs and OBS \
            then see it as a camera. The output is the first v4l2loopback device, or --to. \
            Set up once: \(OutputError.setUp). \
            Ctrl+C (or SIGTERM) stops and prints how many frames were written and dropped.

            Examples:
              cvdcam relay --mode deuteranopia
              cvdcam relay --mode protanomaly --severity 0.4 --device /dev/video0 --to /dev/video4
              cvdcam relay --image chart.png --mode tritanopia --fps 15
            """)

    @OptionGroup var input: SourceOptions

    @Option(
        help: ArgumentHelp(
            "Virtual camera to write to: a path (/dev/video4) or an index. Default: the first v4l2loopback device.",
            valueName: "device"))
    var to: String?

    @OptionGroup var simulation: RelaySimulationOptions

    @Option(help: ArgumentHelp("Stop after writing N frames (for scripts).", valueName: "n"))
    var frames: Int?

    func validate() throws {
        let camera = input.camera
        if input.image != nil,
            camera.device != nil || camera.pixelFormat != nil || camera.frameSize != nil || !camera.controls.isEmpty
        {
            throw ValidationError(
                "--image sends a picture file at its own size; it takes only --fps of the camera options")
        }
        if let n = frames, n < 1 { throw ValidationError("--frames must be at least 1") }
    }

    func run() throws {
        let sim = try simulation.simulations()[0]
        let fps = input.camera.frameRate ?? FrameRate(30)!
        let reporter = TerminalReporter()
        let stop = StopSignal()
        let source = try input.makeSource(reporter, sceneRate: fps, doing: "sending")
        let size = FrameSize(source.size.width & ~1, source.size.height)
        let vcam = try VirtualCamera.open(device: to, size: size, fps: fps)
        reporter.status("relaying \(source.name) as \(sim) to \(vcam.description); Ctrl+C stops")
        let counts = try Relay(source: source, simulation: sim, camera: vcam)
            .run(maxFrames: frames, report: { reporter.status($0) }, shouldStop: { stop.isRaised })
        reporter.status("stopped: \(counts.written) frames written to \(vcam.output.path), \(counts.dropped) dropped")
        try StandardOutput.finish()
    }
}
