/// What the view prints and how its GL renderer starts, for tests and measurements.
/// `cvdcam` fills it from its environment (the `CVDCAM_*` variables, docs/testing.md);
/// nothing below `cvdcam` reads the environment.
public struct ViewerDiagnostics: Sendable, Equatable {
    /// Each new overlay plan printed (`overlays: …`).
    public var printOverlays = false
    /// The window parts redrawn, each frame they change (`parts: …`).
    public var printParts = false
    /// Each text the first time it is drawn (`text: …`), and a glyph no font has.
    public var printTexts = false
    /// The GL renderer's profile, upload path and forced fault.
    public var gl = GLSettings()

    public init() {}
}
