import ArgumentParser
import CVDCapture
import CVDCore
import CVDImageIO
import CVDSources
import Foundation

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

    @Option(help: "Send this picture file instead of the camera.")
    var image: String?

    @Flag(help: "Send the built-in test scene even when there is a camera.")
    var testScene = false

    @Option(help: ArgumentHelp("Virtual camera to write to: a path (/dev/video4) or an index. Default: the first v4l2loopback device.",
                               valueName: "device"))
    var to: String?

    @OptionGroup var simulation: CameraSimulationOptions

    @OptionGroup(title: "Camera (the test scene takes --size too; --fps is also the rate sent, default 30)")
    var camera: CaptureOptions

    @Option(help: ArgumentHelp("Stop after writing N frames (for scripts).", valueName: "n"))
    var frames: Int?

    func validate() throws {
        guard simulation.mode != .all else { throw ValidationError("a virtual camera sends one mode; pick one with --mode") }
        guard (camera.frameSize?.width ?? 2) % 2 == 0 else { throw ValidationError("--size needs an even width") }
        if testScene, image != nil { throw ValidationError("--test-scene and --image both choose the picture; pick one") }
        if image != nil, camera.device != nil || camera.pixelFormat != nil || camera.frameSize != nil || !camera.controls.isEmpty {
            throw ValidationError("--image sends a picture file at its own size; it takes only --fps of the camera options")
        }
        if let n = frames, n < 1 { throw ValidationError("--frames must be at least 1") }
    }

    func run() throws {
        let sim = try simulation.simulations()[0]
        let fps = camera.frameRate ?? FrameRate(30)!
        let reporter = TerminalReporter()
        let stop = StopSignal()
        let source = try makeSource(reporter, fps: fps)
        let size = FrameSize(source.size.width & ~1, source.size.height)
        let vcam = try VirtualCamera.open(device: to, size: size, fps: fps)
        reporter.status("relaying \(source.name) as \(sim) to \(vcam.description); Ctrl+C stops")
        let counts = try Relay(source: source, simulation: sim, camera: vcam)
            .run(maxFrames: frames) { stop.isRaised }
        reporter.status("stopped: \(counts.written) frames written to \(vcam.output.path), \(counts.dropped) dropped")
    }

    /// The picture file, the camera, or the test scene, as the live view chooses
    /// (`CameraErrorPolicy`): no camera → the test scene; busy → the test scene until it is free.
    private func makeSource(_ reporter: TerminalReporter, fps: FrameRate) throws -> FrameSource {
        if let path = image { return ImageSource(path: path, image: try ImageFile.read(path)) }
        let size = camera.frameSize ?? FrameSize(1280, 720)
        let scene = { (notice: String?) in TestSceneSource(size: size, fps: fps, notice: notice) }
        if testScene { return scene(nil) }
        do throws(CaptureError) {
            return try CameraSource(options: camera.cameraOptions, reporter: reporter)
        } catch {
            switch CameraErrorPolicy.atStart(error) {
            case .showTestScene:
                reporter.status("no camera found; sending the built-in test scene")
                return scene(nil)
            case .waitForCamera:
                let why = "\(error); sending the built-in test scene until the camera is free"
                reporter.status(why)
                return CameraSource(waitingFor: camera.cameraOptions, scene: scene(why), reporter: reporter)
            case .fail:
                throw error
            }
        }
    }
}
