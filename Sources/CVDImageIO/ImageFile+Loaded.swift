import CVDCore

extension ImageFile {
    /// A picture and what was wrong with its file, if anything could still be shown.
    public struct Loaded: Sendable {
        public internal(set) var image: RGBAImage
        /// Why the picture is incomplete (a JPEG that ends early: how much of it there is).
        public internal(set) var damage: String?
        /// The part of the picture that holds nothing from the file (a damaged file's rest,
        /// filled), if any, where it is once the picture is upright.
        public internal(set) var missing: PixelRect?
        /// Why the file's colour profile could not be used (its colours are then read as
        /// sRGB), if it could not.
        public internal(set) var colourWarning: String?
        /// Whether the file keeps its picture with lossy compression (JPEG, lossy WebP):
        /// ringing at sharp edges, colour at half the resolution (`MaterialCheck`'s `lossy`).
        public internal(set) var lossy = false
        /// What to tell about the file, one line each: its damage, its colour profile.
        public var warnings: [String] { [damage, colourWarning].compactMap { $0 } }
    }
}
