import CVDCapture
import CVDCore
import CVDSources

extension CaptureLoop {
    /// `n`: closes the camera and opens the next capture node after it (in /dev order,
    /// round), with the same format request (or the device's default where the next one
    /// does not offer it) and without `--control`, which named the first camera's
    /// controls. When the next one cannot be opened (busy), the current one opens again.
    func switchCamera(_ camera: inout Camera?, _ options: inout CameraOptions, _ service: inout CameraService) {
        let current = camera?.device.path
        let others = DeviceDiscovery.cameras().filter { $0.problem == nil }.map(\.path)
        guard let next = Self.next(after: current, in: others) else {
            reporter.status(
                others.isEmpty
                    ? "no camera found; plug one in and it shows by itself"
                    : "\(current ?? "the camera") is the only camera")
            return
        }
        if let c = camera {
            service.closing(c, keepLock: true)
            c.stop()
        }
        camera = nil
        var wanted = options
        wanted.device = next
        wanted.controls = []
        do throws(CaptureError) {
            let c = try Self.open(wanted)
            camera = c
            options = wanted
            named(c.name, c.identity)
            service.opened(c)
            sink.status = .running
            reporter.status("switched to camera \(c.name), \(c.format)")
        } catch {
            reporter.status("could not switch to \(next): \(error)")
            // Back to the camera that was open; if that fails too, the lost-camera retry takes over.
            if let c = try? Camera(options) {
                camera = c
                service.opened(c)
            }
        }
    }

    /// Opens with the options' format request, or the device's default when that one is not offered.
    static func open(_ options: CameraOptions) throws(CaptureError) -> Camera {
        do throws(CaptureError) {
            return try Camera(options)
        } catch {
            guard case .unsupportedFormat = error else { throw error }
            var plain = options
            plain.request = FormatRequest()
            return try Camera(plain)
        }
    }

    /// The camera after `current` in `paths` (in order, round); nil when there is no other.
    static func next(after current: String?, in paths: [String]) -> String? {
        guard let current, let i = paths.firstIndex(of: current) else { return paths.first }
        let n = paths[(i + 1) % paths.count]
        return n == current ? nil : n
    }
}
