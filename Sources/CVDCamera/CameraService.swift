import CVDCapture
import CVDSources
import CVDSystem

/// The capture thread's side of `CameraLink`: carries out the view's requests on the open
/// camera (locking its automatics, setting controls), and watches /dev for cameras
/// plugged in while the view runs (once a second: one directory read; a new node is
/// opened once to see whether it is a camera).
struct CameraService {
    let link: CameraLink
    let reporter: any Reporter
    private var automatics = AutomaticControls()
    /// /dev/video* nodes seen at the last look.
    private var nodes: Set<String>
    private var lastLook = SystemClock.monotonic
    /// Seconds between looks at /dev.
    static let watchInterval = 1.0

    init(link: CameraLink, reporter: any Reporter) {
        self.link = link
        self.reporter = reporter
        nodes = Set(DeviceDiscovery.nodes())
    }

    /// A camera was opened: publish its controls; a lock asked for before goes on it too.
    mutating func opened(_ camera: Camera) {
        let wasLocked = link.state.locked
        automatics = AutomaticControls()
        if wasLocked { lock(camera) }
        link.publish {
            $0.path = camera.device.path
            $0.controls = PanelControl.panel(camera.device.controls())
            $0.locked = automatics.isLocked || wasLocked
        }
    }

    /// The camera is about to close (switch, quit): its automatics go back as they were.
    mutating func closing(_ camera: Camera, keepLock: Bool = false) {
        if automatics.isLocked {
            reporter.status("camera controls released: " + automatics.release(camera.device).joined(separator: ", "))
        }
        link.publish { p in
            p.controls = []
            p.path = nil
            if !keepLock { p.locked = false }
        }
    }

    /// Carries out the view's requests; returns true when the view asked for the next camera.
    mutating func serve(_ camera: Camera?) -> Bool {
        var next = false
        for r in link.take() {
            switch r {
            case .nextCamera: next = true
            case .lockAutomatics:
                if let c = camera { lock(c) }
                link.publish { $0.locked = true }
            case .releaseAutomatics:
                if let c = camera, automatics.isLocked {
                    let lines = automatics.release(c.device)
                    reporter.status("white balance released: " + lines.joined(separator: ", "))
                }
                link.publish { $0.locked = false }
            case .set(let id, let value):
                if let c = camera { write(c, id, value) }
            case .reset(let id):
                if let c = camera, let d = c.device.controls().first(where: { $0.id == id }) {
                    write(c, id, d.defaultValue)
                }
            case .readControls:
                break
            }
            if let c = camera { link.publish { $0.controls = PanelControl.panel(c.device.controls()) } }
        }
        return next
    }

    private mutating func lock(_ camera: Camera) {
        guard !automatics.isLocked else { return }
        reporter.status("camera controls locked: " + automatics.lock(camera.device).joined(separator: ", "))
    }

    private func write(_ camera: Camera, _ id: UInt32, _ value: Int) {
        let key = camera.device.controls().first { $0.id == id }?.key ?? "control \(id)"
        do throws(CaptureError) {
            try camera.device.set(id, value)
            reporter.status("camera control \(key) = \(camera.device.value(of: id).map(String.init) ?? "?")")
        } catch {
            reporter.status("camera control \(key): \(error)")
        }
    }

    /// Once a second: the capture nodes that appeared since the last look (each opened once
    /// to ask what it is), reported as "camera plugged in".
    mutating func newCameras() -> [DeviceDiscovery.Entry] {
        let now = SystemClock.monotonic
        guard now - lastLook >= Self.watchInterval else { return [] }
        lastLook = now
        let current = Set(DeviceDiscovery.nodes())
        let added = current.subtracting(nodes)
        nodes = current
        guard !added.isEmpty else { return [] }
        return DeviceDiscovery.cameras().filter { added.contains($0.path) && $0.problem == nil }
    }
}
