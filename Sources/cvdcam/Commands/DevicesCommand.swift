import ArgumentParser
import CVDCapture
import CVDScreen
import CVDSystem
import FoundationEssentials

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract:
            "List the cameras with their formats, frame sizes, frame rates and controls, and the screen's monitors (--screen).",
        discussion: """
            Examples:
              cvdcam devices
              cvdcam devices --controls --device /dev/video0
              cvdcam devices --controls --control white_balance_automatic=0 --control white_balance_temperature=4600
            """)

    @Option(help: ArgumentHelp("Only this camera: a path (/dev/video2) or an index (2).", valueName: "device"))
    var device: String?

    @Flag(help: "List each camera's controls with their ranges and current values.")
    var controls = false

    @Option(
        name: .customLong("control"),
        help: ArgumentHelp(
            "Set a control first (repeatable), e.g. to lock white balance before a demo.", valueName: "name=value"))
    var settings: [ControlSetting] = []

    func run() throws {
        try listCameras()
        // The monitors `--screen` takes, when there is an X display to ask.
        if device == nil, let monitors = try? ScreenSource.monitors(), !monitors.isEmpty {
            StandardOutput.line("\nScreen (cvdcam --screen N or NAME):")
            for (i, m) in monitors.enumerated() { StandardOutput.line("  " + m.described(i + 1)) }
        }
        try StandardOutput.finish()
    }

    private func listCameras() throws {
        // Every node is opened once: the listing below uses the devices opened here.
        var cameras: [(entry: DeviceDiscovery.Entry, device: VideoDevice?)]
        if let d = device {
            let path = Int(d) != nil ? "/dev/video\(d)" : d
            // Ask the node itself, so a wrong path gets its own precise message.
            let dev = try VideoDevice(path: path)
            let caps = try dev.capabilities()
            guard caps.isVideoCapture else {
                throw CaptureError.notCaptureDevice(path: path, what: caps.nodeDescription)
            }
            cameras = [(DeviceDiscovery.Entry(path: path, capabilities: caps, problem: nil), dev)]
        } else {
            cameras = DeviceDiscovery.openCameras()
            if !settings.isEmpty, cameras.count > 1 {
                throw ValidationError("--control needs --device when there is more than one camera")
            }
        }
        guard !cameras.isEmpty else {
            // Asked to set a control: nothing was set, so say so and fail.
            if let first = settings.first {
                throw CLIError(
                    "no camera to set --control \(first.key) on: no /dev/video* capture device; plug in a webcam (cvdcam devices lists the cameras)"
                )
            }
            StandardOutput.line(
                "No cameras found (no /dev/video* capture device). Plug in a webcam, or run `cvdcam` to see the built-in test scene."
            )
            return
        }
        for (i, (cam, opened)) in cameras.enumerated() {
            if i > 0 { StandardOutput.line("") }
            guard let caps = cam.capabilities, let dev = opened else {
                StandardOutput.line("\(PathName.shown(cam.path)): \(cam.problem.map { "\($0)" } ?? "unavailable")")
                continue
            }
            for (c, v) in try dev.apply(settings) {
                StandardOutput.line("set \(c.key) = \(v.map(String.init) ?? "(pressed)")")
            }
            StandardOutput.line(
                "\(PathName.shown(cam.path)): \(PathName.shown(caps.card))  (driver \(PathName.shown(caps.driver)), \(PathName.shown(caps.bus)))"
            )
            let formats = dev.formats()
            for f in formats {
                StandardOutput.line(
                    "  \(f.fourCC)  \(f.description)\(f.emulated ? "  (converted by libv4l)" : "")"
                        + (FormatChoice.isSupported(f.fourCC) ? "" : "  (cvdcam cannot read it)"))
                for s in f.sizes {
                    let rates = s.fps.map(CaptureFormat.rate)
                    StandardOutput.line(
                        "    \(s.size.text)" + (rates.isEmpty ? "" : "  @ " + rates.joined(separator: ", ") + " fps"))
                }
            }
            if let best = FormatChoice.best(from: formats) {
                StandardOutput.line(
                    "  default: \(best.fourCC) \(best.size.text)"
                        + (best.fps.map { " @ \(CaptureFormat.rate($0)) fps" } ?? ""))
            }
            if controls { Self.printControls(dev.controls()) }
        }
    }

    static func printControls(_ list: [CameraControl]) {
        StandardOutput.line("  controls (set with --control name=value):")
        guard !list.isEmpty else {
            StandardOutput.line("    (none)")
            return
        }
        let width = min(36, list.map(\.key.count).max() ?? 0)
        for c in list {
            let name = c.key.padded(to: width)
            var line = "    \(name)  \(c.kind.rawValue)"
            switch c.kind {
            case .button: break
            case .boolean: line += "  default \(c.defaultValue)"
            case .menu, .integerMenu:
                line += "  " + c.menu.map { "\($0.0)=\($0.1)" }.joined(separator: ", ") + "  default \(c.defaultValue)"
            default:
                line +=
                    "  \(c.minimum)…\(c.maximum)" + (c.step > 1 ? " step \(c.step)" : "")
                    + "  default \(c.defaultValue)"
            }
            if let v = c.value { line += "  value \(v)" }
            if c.readOnly { line += "  (read-only)" }
            if c.inactive { line += "  (inactive)" }
            StandardOutput.line(line)
        }
    }
}
