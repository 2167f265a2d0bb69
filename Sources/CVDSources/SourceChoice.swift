import CVDCapture

/// Which source the live view and the relay start with when no picture file is given:
/// the camera; or, as `CameraErrorPolicy` decides, the test scene (no camera, or asked for
/// with `--test-scene`), the test scene until a busy camera is free, or the error.
public enum SourceChoice {
    /// - Parameters:
    ///   - doing: the verb for the status lines ("showing", "sending").
    ///   - scene: makes the test scene, with the notice it shows (why there is no camera).
    ///   - watch: with no camera, show the test scene until one is plugged in, then the camera.
    public static func camera(_ options: CameraOptions, testScene: Bool, reporter: any Reporter, doing: String, watch: Bool = false,
                              scene: (String?) -> TestSceneSource) throws(CaptureError) -> FrameSource {
        if testScene { return scene(nil) }
        do throws(CaptureError) {
            return try CameraSource(options: options, reporter: reporter)
        } catch {
            switch CameraErrorPolicy.atStart(error) {
            case .showTestScene:
                reporter.status("no camera found; \(doing) the built-in test scene" + (watch ? " until one is plugged in" : ""))
                return watch ? CameraSource(waitingFor: options, scene: scene(nil), reporter: reporter, noCamera: true) : scene(nil)
            case .waitForCamera:
                // The camera is there but cannot be used now: say why (the scene shows it
                // too), and switch to the camera when it can be opened.
                let why = "\(error); \(doing) the built-in test scene until the camera is free"
                reporter.status(why)
                return CameraSource(waitingFor: options, scene: scene(why), reporter: reporter)
            case .fail:
                throw error  // a wrong --device/--format/--size/--control: the user must fix it
            }
        }
    }
}
