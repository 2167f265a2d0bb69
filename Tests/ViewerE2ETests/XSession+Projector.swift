/// The launch `CaptionFooterE2ETests` and `StatsE2ETests` share (`ProjectorE2ETests` has its own).
extension XSession {
    /// The test scene at 1024×768 (a projector), `--ui-scale 2`, in `language`, with the
    /// caption on and the overlays' places printed; shown.
    static func projector(_ language: String) throws -> XSession {
        let x = try XSession(width: 1024, height: 768)
        do {
            try x.launch(
                ["--test-scene", "--window", "1024x768", "--ui-scale", "2", "--language", language, "--caption"],
                environment: ["CVDCAM_PRINT_OVERLAYS": "1"])
            try x.waitForOutput("showing built-in test scene")
        } catch {
            x.close()
            throw error
        }
        return x
    }
}
