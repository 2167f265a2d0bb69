/// How the GL renderer starts and uploads frames, and the fault it is made to have (for
/// the tests of each way it can fail): `ViewerDiagnostics.gl`.
public struct GLSettings: Sendable, Equatable {
    /// The OpenGL profiles tried.
    public enum Profile: String, Sendable, Equatable, CaseIterable {
        /// Desktop OpenGL 3.3 core, then OpenGL ES 3.0.
        case any
        /// Only desktop OpenGL 3.3 core.
        case core
        /// Only OpenGL ES 3.0.
        case es
    }

    /// How a live frame's bytes reach the colour kernel.
    public enum Upload: String, Sendable, Equatable, CaseIterable {
        /// Copied into the texture through pixel-unpack buffers (the GPU fetches them while
        /// the view goes on).
        case buffer
        /// Copied into the texture straight from the frame's memory.
        case direct
        /// Not copied: the kernel reads the frame's memory where it lies, through a buffer
        /// made over it (`GL_AMD_pinned_memory`; desktop GL only). Where the driver cannot,
        /// `direct`.
        case inPlace = "in-place"
    }

    public var profile = Profile.any
    /// nil: `buffer` on a GPU; on a CPU rasteriser, whose "GPU memory" is the CPU's and
    /// whose copies run on the calling thread, `inPlace`.
    public var upload: Upload?
    /// A fault forced on purpose; nil: none.
    public var fault: GLFault?

    public init() {}
}
