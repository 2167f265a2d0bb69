/// How the GL renderer starts and uploads frames, and the fault it is made to have (for
/// the tests of each way it can fail): `ViewerDiagnostics.gl`.
public struct GLSettings: Sendable, Equatable {
    /// The OpenGL profiles tried.
    public enum Profile: String, Sendable, Equatable {
        /// Desktop OpenGL 3.3 core, then OpenGL ES 3.0.
        case any
        /// Only desktop OpenGL 3.3 core.
        case core
        /// Only OpenGL ES 3.0.
        case es
    }

    public var profile = Profile.any
    /// Frames uploaded through pixel-unpack buffers (true) or straight from memory (false);
    /// nil: buffers, except on a CPU rasteriser, where a copy more costs more than it saves.
    public var uploadThroughBuffers: Bool?
    /// A fault forced on purpose; nil: none.
    public var fault: GLFault?

    public init() {}
}
