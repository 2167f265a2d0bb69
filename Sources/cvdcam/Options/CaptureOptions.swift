import ArgumentParser
import CVDCapture
import CVDCore

/// `--format` values: the pixel formats cvdcam reads.
struct FourCCArgument: ExpressibleByArgument {
    let code: FourCC

    init?(argument: String) {
        let a = argument.lowercased()
        if let named = FourCC.named.first(where: { $0.0 == a }) { code = named.1; return }
        // A raw FourCC as `v4l2-ctl` prints it ("YUYV", "MJPG") works too.
        guard let raw = FourCC(argument.uppercased()), FormatChoice.isSupported(raw) else { return nil }
        code = raw
    }

    static var allValueStrings: [String] { FourCC.named.map(\.0) }
}

/// `--control NAME=VALUE`.
extension ControlSetting: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

/// Which camera and how: shared by the live view and `snapshot`.
struct CaptureOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Camera: a path (/dev/video2) or an index (2). Default: the first camera found.", valueName: "device"))
    var device: String?

    @Option(name: .customLong("format"), help: ArgumentHelp(
        "Pixel format. Default: the one cvdcam converts fastest at the chosen size.",
        valueName: "format"))
    var pixelFormat: FourCCArgument?

    @Option(name: .customLong("size"), help: ArgumentHelp(
        "Frame size, e.g. 1280x720. Default: the largest up to 1920x1080 that gives at least 25 fps.", valueName: "WxH"))
    var frameSize: FrameSize?

    @Option(name: .customLong("fps"), help: ArgumentHelp("Frame rate to ask the camera for.", valueName: "n"))
    var frameRate: Double?

    @Option(name: .customLong("control"), help: ArgumentHelp(
        "Set a camera control before capturing, e.g. white_balance_automatic=0 (repeatable; `cvdcam devices --controls` lists them).",
        valueName: "name=value"))
    var controls: [ControlSetting] = []

    func validate() throws {
        if let f = frameRate, !(f > 0 && f <= 1000) { throw ValidationError("--fps must be within 0…1000") }
    }

    var cameraOptions: CameraOptions {
        CameraOptions(device: device,
                      request: FormatRequest(fourCC: pixelFormat?.code, width: frameSize?.width,
                                             height: frameSize?.height, fps: frameRate),
                      controls: controls)
    }

    /// Whether any camera option was given (then a missing camera is an error, not a reason
    /// to show the test scene).
    var isSpecified: Bool {
        device != nil || pixelFormat != nil || frameSize != nil || frameRate != nil || !controls.isEmpty
    }
}
