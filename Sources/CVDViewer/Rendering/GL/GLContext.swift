import CEpoxy
import CSDL2
import CSDL2X11
import CVDCore
import FoundationEssentials

/// An OpenGL context on the window, made through SDL (`SDL_GL_CreateContext`): desktop GL
/// 3.3 core, else OpenGL ES 3.0 — whatever the driver offers at or above those (X11 through
/// GLX or EGL, Wayland through EGL; libepoxy resolves the entry points for either).
/// `CVDCAM_GL_PROFILE=core` or `es` asks for one of the two only (the tests run both).
@MainActor
final class GLContext {
    let window: OpaquePointer
    /// What it was started with: the profile, the upload path, a forced fault.
    let settings: GLSettings
    let context: SDL_GLContext
    /// OpenGL ES rather than desktop GL (the shaders' header differs).
    let isES: Bool
    /// "4.5", "3.2".
    let version: String
    /// The driver's own name for the GPU (`GL_RENDERER`), e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    let renderer: String

    /// The context for the start line: "OpenGL 4.5 (llvmpipe)", "OpenGL ES 3.2 (Mali-G610)".
    var name: String {
        let short = renderer.components(separatedBy: " (").first ?? renderer
        return "OpenGL \(isES ? "ES " : "")\(version) (\(short))"
    }

    /// Whether the "GPU" is Mesa's or another CPU rasteriser (llvmpipe, softpipe, swrast):
    /// the colour work then runs on the CPU anyway, and the software renderer is cheaper.
    var isSoftwareRasteriser: Bool {
        let r = renderer.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer"].contains { r.contains($0) }
    }

    /// Makes a context on `window` (created with `SDL_WINDOW_OPENGL`) and makes it current.
    /// Throws with SDL's reason when neither profile can be had.
    init(window: OpaquePointer, settings: GLSettings) throws(RenderFault) {
        self.window = window
        self.settings = settings
        if settings.fault == .context { throw RenderFault("no OpenGL context (injected: CVDCAM_GL_FAULT=context)") }
        let profiles: [(es: Bool, major: Int32, minor: Int32)] =
            switch settings.profile {
            case .es: [(true, 3, 0)]
            case .core: [(false, 3, 3)]
            case .any: [(false, 3, 3), (true, 3, 0)]
            }
        var made: (SDL_GLContext, Bool)?
        var reasons: [String] = []
        for p in profiles where made == nil {
            // A robust context first (it can report a GPU reset), then a plain one.
            for robust in [true, false] where made == nil {
                Self.ask(es: p.es, major: p.major, minor: p.minor, robust: robust)
                if let c = SDL_GL_CreateContext(window) {
                    made = (c, p.es)
                } else if !robust {
                    reasons.append(
                        "\(p.es ? "OpenGL ES" : "OpenGL") \(p.major).\(p.minor): \(String(cString: SDL_GetError()))")
                }
            }
        }
        guard let (context, es) = made else {
            throw RenderFault("no OpenGL context: " + reasons.joined(separator: "; "))
        }
        self.context = context
        isES = es
        // From GL_VERSION ("4.5 (Core Profile) Mesa 22.3.6", "OpenGL ES 3.2 Mesa …"):
        // GL_MAJOR_VERSION exists only from OpenGL 3.0 on, and an older context must be told.
        let text = cvd_glGetString(GLenum(GL_VERSION)).map { String(cString: $0) } ?? ""
        version =
            text.split(separator: " ").first { $0.first?.isNumber == true }.map {
                $0.split(separator: ".").prefix(2).joined(separator: ".")
            } ?? "0.0"
        renderer = cvd_glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "unknown"
        // Vertical sync, adaptive where the driver has it (no tearing on a projector).
        if SDL_GL_SetSwapInterval(-1) != 0 { SDL_GL_SetSwapInterval(1) }
    }

    /// Throws when the context is older than the shaders need (desktop OpenGL 3.3, OpenGL
    /// ES 3.0): a driver may give less than was asked. `CVDCAM_GL_FAULT=version` pretends
    /// it said 2.1.
    func checkVersion() throws(RenderFault) {
        let said = settings.fault == .version ? "2.1" : version
        let parts = said.split(separator: ".").compactMap { Int($0) }
        let (major, minor) = (parts.first ?? 0, parts.count > 1 ? parts[1] : 0)
        let needed = isES ? (3, 0) : (3, 3)
        guard major < needed.0 || (major == needed.0 && minor < needed.1) else { return }
        throw RenderFault(
            "the driver gave OpenGL \(isES ? "ES " : "")\(said)\(settings.fault == .version ? " (injected: CVDCAM_GL_FAULT=version)" : ""), "
                + "older than the \(needed.0).\(needed.1) cvdcam's shaders need")
    }

    /// The attributes `SDL_GL_CreateContext` reads (wraps `SDL_GL_SetAttribute`).
    private static func ask(es: Bool, major: Int32, minor: Int32, robust: Bool) {
        let profile = es ? SDL_GL_CONTEXT_PROFILE_ES.rawValue : SDL_GL_CONTEXT_PROFILE_CORE.rawValue
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(profile))
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, major)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, minor)
        SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, robust ? Int32(SDL_GL_CONTEXT_ROBUST_ACCESS_FLAG.rawValue) : 0)
        SDL_GL_SetAttribute(
            SDL_GL_CONTEXT_RESET_NOTIFICATION, robust ? Int32(SDL_GL_CONTEXT_RESET_LOSE_CONTEXT.rawValue) : 0)
    }

    /// The drawable's size in pixels (wraps `SDL_GL_GetDrawableSize`: HiDPI-correct).
    var drawableSize: (Int, Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GL_GetDrawableSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// Shows the back buffer (wraps `SDL_GL_SwapWindow`).
    func swap() { SDL_GL_SwapWindow(window) }

    /// Whether parts of the back buffer can be shown without a swap (GLX with
    /// GLX_MESA_copy_sub_buffer; not on EGL): asked once, with the context current.
    private(set) lazy var showsParts = cvd_glx_shows_parts(window) != 0

    /// Shows `parts` (drawable pixels, from the top) of the back buffer; the rest of the
    /// window stays as it was, and the back buffer keeps what it holds (wraps
    /// `glXCopySubBufferMESA`, which flushes the drawing first). Only where `showsParts`.
    /// `height`: the drawable's.
    func show(parts: [PixelRect], height: Int) {
        for p in parts {
            cvd_glx_show_part(Int32(p.x), Int32(p.y), Int32(p.width), Int32(p.height), Int32(height))
        }
    }

    /// Deletes the context (wraps `SDL_GL_DeleteContext`).
    func close() { SDL_GL_DeleteContext(context) }
}
