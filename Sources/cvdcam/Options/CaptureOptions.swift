import ArgumentParser
import CVDCapture
import CVDCore

/// `--format` values: the pixel formats cvdcam reads.
struct FourCCArgument: ExpressibleByArgument {
    let code: FourCC

    init?(argument: String) {
        let a = argument.lowercased()
        if let named = FourCC.named.first(where: { $0.0 == a }) {
            code = named.1
            return
        }
        // A raw FourCC as `v4l2-ctl` prints it ("YUYV", "MJPG") works too.
        guard let raw = FourCC(argument.uppercased()), FormatChoice.isSupported(raw) else { return nil }
        code = raw
    }

    static var allValueStrings: [String] { FourCC.named.map(\.0) }
}

/// `--fps` values: "30", "12.5", "29.97" or "30000/1001", kept exact (`FrameRate`). Other
/// numbers ("0", "-5", "1e3") parse too, so that `validate` reports the allowed range for
/// them rather than ArgumentParser a bare "invalid value".
struct FrameRateArgument: ExpressibleByArgument {
    /// nil: a number, but no rate within 0…1000 fps.
    let rate: FrameRate?

    init?(argument: String) {
        if let r = FrameRate(parsing: argument) {
            rate = r
        } else if let number = Double(argument) {
            // Not a plain decimal ("1e3", more than 6 decimals): its value to a millionth.
            rate =
                number > 0 && number <= Self.maximum.perSecond
                ? FrameRate(frames: Int((number * 1_000_000).rounded()), per: 1_000_000) : nil
        } else {
            return nil
        }
    }

    static let maximum = FrameRate(1000)!
    var isValid: Bool { rate.map { $0 <= Self.maximum } ?? false }
}

/// `--control NAME=VALUE`.
extension ControlSetting: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

/// Which camera and how: shared by the live view and `snapshot`.
struct CaptureOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Camera: a path (/dev/video2) or an index (2). Default: the first camera found.", valueName: "device"))
    var device: String?

    @Option(
        name: .customLong("format"),
        help: ArgumentHelp(
            "Pixel format. Default: the one cvdcam converts fastest at the chosen size.",
            valueName: "format"))
    var pixelFormat: FourCCArgument?

    @Option(
        name: .customLong("size"),
        help: ArgumentHelp(
            "Frame size, e.g. 1280x720. Default: the largest up to 1920x1080 that gives at least 25 fps.",
            valueName: "WxH"),
        transform: FrameSize.parser("--size", 16...16384))
    var frameSize: FrameSize?

    @Option(name: .customLong("fps"), help: ArgumentHelp("Frame rate to ask the camera for.", valueName: "n"))
    var fps: FrameRateArgument?

    /// `--fps`, once validated.
    var frameRate: FrameRate? { fps?.rate }

    @Option(
        name: .customLong("control"),
        help: ArgumentHelp(
            "Set a camera control before capturing, e.g. white_balance_automatic=0 (repeatable; `cvdcam devices --controls` lists them).",
            valueName: "name=value"))
    var controls: [ControlSetting] = []

    func validate() throws {
        if let f = fps, !f.isValid {
            throw ValidationError("--fps takes a frame rate above 0 and up to 1000, e.g. 30 or 29.97")
        }
    }

    var cameraOptions: CameraOptions {
        CameraOptions(
            device: device,
            request: FormatRequest(fourCC: pixelFormat?.code, size: frameSize, fps: frameRate),
            controls: controls)
    }

    /// Whether any camera option was given (then a missing camera is an error, not a reason
    /// to show the test scene).
    var isSpecified: Bool {
        device != nil || pixelFormat != nil || frameSize != nil || fps != nil || !controls.isEmpty
    }
}
