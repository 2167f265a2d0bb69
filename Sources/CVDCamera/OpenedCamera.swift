import CVDCapture
import CVDSources
import CVDSystem

/// The camera opened at start (before the window, so start-up problems are said first),
/// waiting for the capture thread to take it; from then on that thread owns it alone.
final class OpenedCamera: @unchecked Sendable { // `camera` is only touched under `lock`
    private let lock = Lock()
    private var camera: Camera?

    init(_ camera: Camera?) { self.camera = camera }

    func take() -> Camera? {
        lock.lock()
        defer { lock.unlock() }
        let c = camera
        camera = nil
        return c
    }
}
