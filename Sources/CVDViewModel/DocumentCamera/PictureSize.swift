/// The shown picture's width and height in pixels, as doubles: turned, or a straightened
/// page's rectangle (`PictureMap.view`), so not always whole numbers.
public struct PictureSize: Equatable, Sendable {
    public var width: Double
    public var height: Double
}
