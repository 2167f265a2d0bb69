import CVDCore
import CVDSystem
import FoundationEssentials

/// What to open and how (`--device`, `--format`, `--size`, `--fps`, `--control`).
public struct CameraOptions: Sendable {
    /// A path (/dev/video2) or an index (2); nil picks the first camera that opens.
    public var device: String?
    public var request = FormatRequest()
    public var controls: [ControlSetting] = []
    public var bufferCount = 4

    public init(device: String? = nil, request: FormatRequest = FormatRequest(), controls: [ControlSetting] = []) {
        self.device = device
        self.request = request
        self.controls = controls
    }
}

/// An open, negotiated, streaming camera: device + granted format + stream + decoder.
public final class Camera {
    public let device: VideoDevice
    public let capabilities: Capabilities
    public let format: CaptureFormat
    public let stream: CaptureStream
    public let decoder: FrameDecoder
    /// Controls set from `--control`, each with the value the driver reports back.
    public let controlsSet: [(CameraControl, Int?)]

    /// "card (path)", for the screen and stdout (the driver's name and the path shown
    /// escaped: `PathName.shown`).
    public var name: String { "\(PathName.shown(capabilities.card)) (\(PathName.shown(device.path)))" }
    /// Which camera this is, whatever node it got: its name and where it is plugged in
    /// (`VIDIOC_QUERYCAP`'s card and bus_info, e.g. "HD Pro Webcam C920 @ usb-0000:00:14.0-1").
    public var identity: String { "\(capabilities.card) @ \(capabilities.bus)" }

    /// The node to open, opened: `/dev/videoN` for an index, the path as given, or the
    /// first camera found — the device discovery opened, so the node is opened once. With
    /// no usable camera, the reason of the first one that failed (e.g. permission denied),
    /// else `.noCamera`.
    static func open(_ device: String?) throws(CaptureError) -> VideoDevice {
        if let d = device { return try VideoDevice(path: Int(d) != nil ? "/dev/video\(d)" : d) }
        let cams = DeviceDiscovery.openCameras()
        if let ok = cams.first(where: { $0.entry.problem == nil }), let dev = ok.device { return dev }
        if let problem = cams.first?.entry.problem { throw problem }
        throw .noCamera
    }

    /// Opens, checks, negotiates the format (see `FormatChoice`), sets the controls and
    /// starts streaming.
    public init(_ options: CameraOptions) throws(CaptureError) {
        let device = try Self.open(options.device)
        let path = device.path
        let caps = try device.capabilities()
        guard caps.isVideoCapture else { throw .notCaptureDevice(path: path, what: caps.nodeDescription) }
        guard caps.canStream else { throw .notCaptureDevice(path: path, what: "\(caps.card) cannot stream") }
        let format = try Self.negotiate(device, options.request)
        controlsSet = try device.apply(options.controls)
        stream = try CaptureStream(device: device, format: format, bufferCount: options.bufferCount)
        self.device = device
        self.capabilities = caps
        self.format = format
        self.decoder = FrameDecoder(format: format)
    }

    /// Sets format, size and rate; returns what the driver granted.
    static func negotiate(_ device: VideoDevice, _ request: FormatRequest) throws(CaptureError) -> CaptureFormat {
        let path = device.path
        let offered = device.formats()
        let usable = offered.filter { FormatChoice.isSupported($0.fourCC) }
        func list(_ fs: [FormatInfo]) -> String { fs.map(\.fourCC.description).joined(separator: ", ") }
        if let want = request.fourCC, !offered.isEmpty, !offered.contains(where: { $0.fourCC == want }) {
            throw .unsupportedFormat(
                path: path,
                what: "the camera does not offer \(want); it offers \(list(offered))"
                    + (usable.count < offered.count ? " (cvdcam reads \(list(usable)))" : ""))
        }
        if !offered.isEmpty, usable.isEmpty {
            throw .unsupportedFormat(
                path: path, what: "cvdcam cannot read any format the camera offers (\(list(offered)))")
        }
        var choice = FormatChoice.best(from: usable, for: request)
        if choice == nil {
            // Nothing listed matches: let the driver adjust the request (stepwise sizes), checked below.
            let current = try device.currentFormat()
            let code =
                request.fourCC
                ?? (FormatChoice.isSupported(current.fourCC) ? current.fourCC : usable.first?.fourCC ?? current.fourCC)
            choice = FormatChoice.Choice(fourCC: code, size: request.size ?? current.size, fps: request.fps)
        }
        let c = choice!
        var granted = try device.setFormat(c.fourCC, size: c.size)
        if let want = request.size, granted.size != want {
            let sizes = usable.first(where: { $0.fourCC == granted.fourCC })?.sizes.map(\.size.text) ?? []
            throw .unsupportedFormat(
                path: path,
                what: "the camera does not offer \(want.text) in \(c.fourCC)"
                    + (sizes.isEmpty ? "" : "; sizes: " + sizes.joined(separator: ", ")))
        }
        guard FrameDecoder.canDecode(granted.fourCC) else {
            throw .unsupportedFormat(
                path: path, what: "the driver chose \(granted.fourCC), which cvdcam cannot read; try --format yuyv")
        }
        if let fps = c.fps, let rate = try device.setFrameRate(fps) { granted.fps = rate }
        return granted
    }

    /// Waits for the next frame, decodes it (MJPEG at up to 1/`reduction` of its size: see
    /// `FrameDecoder.decode`) and lends it to `body`. Returns nil when the frame could not
    /// be decoded (counted in `stream.stats.corrupt`).
    public func next<R>(
        timeout: Double = 2, reduction: Int = 1,
        _ body: (UnsafeRawBufferPointer, FrameLayout, YCbCrEncoding, CapturedFrame) -> R
    ) throws(CaptureError) -> R? {
        let decoder = self.decoder
        let result: R? = try stream.next(timeout: timeout) { frame in
            try? decoder.decode(frame.bytes, reduction: reduction) { bytes, layout, enc in
                body(bytes, layout, enc, frame)
            }
        }
        if result == nil { stream.countCorrupt() }
        return result
    }

    /// Waits for the next frame and decodes it into `buffer` (growing it when too small: see
    /// `FrameDecoder.decode(_:reduction:planar:into:)`); returns its layout there, or nil when the
    /// frame could not be decoded (counted in `stream.stats.corrupt`).
    public func next(
        timeout: Double = 2, reduction: Int = 1, planar: Bool = false, into buffer: inout [UInt8]
    ) throws(CaptureError) -> (FrameLayout, YCbCrEncoding)? {
        let decoder = self.decoder
        let result = try stream.next(timeout: timeout) { frame in
            try? decoder.decode(frame.bytes, reduction: reduction, planar: planar, into: &buffer)
        }
        if result == nil { stream.countCorrupt() }
        return result
    }

    /// Waits for the next frame and gives it back to the driver undecoded: the stream keeps
    /// going while nothing would show its frames (a frozen view).
    public func skip(timeout: Double = 2) throws(CaptureError) {
        try stream.next(timeout: timeout) { _ in () }
    }

    public var stats: CaptureStats { stream.stats }

    public func stop() { stream.stop() }
}
