import CEpoxy

/// Faults forced on purpose (`GLSettings.fault`), so that each way the GL renderer can
/// fail is tested: `context` (no context can be made), `version` (the context is older
/// than asked: 2.1), `shader` (the colour shader does not compile), `selftest` (the first
/// frame's check fails), `error@N` (a real GL error after N frames presented: an invalid
/// call), `lost@N` (a lost context after N frames, as a GPU reset reports it — a software
/// rasteriser cannot be made to reset).
public enum GLFault: Equatable, Sendable {
    case context, version, shader, selftest
    case error(after: Int)
    case lost(after: Int)

    /// The names `parse` takes, N a number of frames.
    public static let names = ["context", "version", "shader", "selftest", "error@N", "lost@N"]

    /// A fault from its name, as above (`CVDCAM_GL_FAULT`'s value); nil for anything else
    /// (`error` and `lost` only with `@` and a count).
    public static func parse(_ s: String) -> GLFault? {
        let parts = s.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else {
            switch s {
            case "context": return .context
            case "version": return .version
            case "shader": return .shader
            case "selftest": return .selftest
            default: return nil
            }
        }
        guard let n = Int(parts[1]), n >= 0 else { return nil }
        switch parts[0] {
        case "error": return .error(after: n)
        case "lost": return .lost(after: n)
        default: return nil
        }
    }

    /// GL's name for an error code (`glGetError`).
    static func name(_ code: GLenum) -> String {
        switch Int32(code) {
        case GL_INVALID_ENUM: "GL_INVALID_ENUM"
        case GL_INVALID_VALUE: "GL_INVALID_VALUE"
        case GL_INVALID_OPERATION: "GL_INVALID_OPERATION"
        case GL_INVALID_FRAMEBUFFER_OPERATION: "GL_INVALID_FRAMEBUFFER_OPERATION"
        case GL_OUT_OF_MEMORY: "GL_OUT_OF_MEMORY"
        default: "0x" + String(code, radix: 16)
        }
    }

    /// What a reset status (`glGetGraphicsResetStatus`) means.
    static func reset(_ code: GLenum) -> String {
        switch Int32(code) {
        case GL_GUILTY_CONTEXT_RESET: "the GPU was reset, and this context caused it"
        case GL_INNOCENT_CONTEXT_RESET: "the GPU was reset by another program"
        default: "the GPU was reset"
        }
    }
}

extension GLBackend {
    /// The first GL error pending on the current context, as a fault; the rest are drained,
    /// so the next call sees only what comes after (wraps `glGetError`).
    static func pendingError() -> RenderFault? {
        let e = cvd_glGetError()
        guard e != GLenum(GL_NO_ERROR) else { return nil }
        while cvd_glGetError() != GLenum(GL_NO_ERROR) {}
        return RenderFault("OpenGL reported \(GLFault.name(e))")
    }
}
