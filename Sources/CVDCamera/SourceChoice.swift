import CVDCapture
import CVDSources

/// Which source the live view and the relay start with when no picture file is given:
/// the camera (its stream restarted, bounded, when it fails to start); or, as
/// `CameraErrorPolicy` decides, the test scene (no camera, or asked for with
/// `--test-scene`), the test scene until a busy camera is free (or one that fails to
/// start works), or the error.
public enum SourceChoice {
    /// - Parameters:
    ///   - doing: the verb for the status lines ("showing", "sending").
    ///   - scene: makes the test scene, with the notice it shows (why there is no camera).
    ///   - watch: with no camera, show the test scene until one is plugged in, then the camera.
    public static func camera(
        _ options: CameraOptions, testScene: Bool, reporter: any Reporter, doing: String, watch: Bool = false,
        scene: (String?) -> TestSceneSource
    ) throws(CaptureError) -> FrameSource {
        if testScene { return scene(nil) }
        do throws(CaptureError) {
            var restart = CameraRestart(options, reporter: reporter)
            return CameraSource(camera: try restart.open(), options: options, reporter: reporter)
        } catch {
            switch CameraErrorPolicy.atStart(error) {
            case .showTestScene:
                reporter.status(
                    "no camera found; \(doing) the built-in test scene" + (watch ? " until one is plugged in" : ""))
                return watch
                    ? CameraSource(waitingFor: options, because: error, scene: scene(nil), reporter: reporter)
                    : scene(nil)
            case .waitForCamera, .restartStream:
                // The camera is there but cannot be used now (busy, or its stream still
                // fails after the restarts): say why (the scene shows it too), and switch
                // to the camera when it can be opened.
                let why = "\(error); \(doing) the built-in test scene \(CameraErrorPolicy.until(error))"
                reporter.status(why)
                return CameraSource(waitingFor: options, because: error, scene: scene(why), reporter: reporter)
            case .fail:
                throw error // a wrong --device/--format/--size/--control: the user must fix it
            }
        }
    }
}
