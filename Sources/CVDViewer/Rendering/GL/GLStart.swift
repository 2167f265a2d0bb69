import CSDL2
import CSDL2X11
import CVDSystem

/// Starting the GL renderer on a window made for OpenGL, so that every way it can fail
/// ends in a note (the view then goes on in the software renderer, and says why in its
/// `renderer: software (…)` line) and never in the end of the process: no context (SDL's
/// reason), an X error on the way (a GLX driver that cannot be loaded: the X server
/// refuses libGL's indirect context, which Xlib's default handler would turn into exit
/// status 1), a context older than cvdcam's shaders need, shaders that do not compile, a
/// self-test that fails. What libGL prints meanwhile ("failed to load driver: swrast") is
/// caught, and folded into the note when the start fails (printed as it was otherwise).
@MainActor
enum GLStart {
    /// A window for OpenGL (`place`, `flags` and SDL_WINDOW_OPENGL) and the GL renderer
    /// on it; where the renderer cannot start, the window (if one could be made) and why.
    /// With `--renderer auto` (not `forced`), a CPU rasteriser is declined: the CPU path
    /// is cheaper. Xlib's errors are caught from before the window is made (making it can
    /// fail on the X server too) until the server has answered everything.
    static func open(place: WindowPlacement, flags: UInt32, forced: Bool, settings: GLSettings) -> (
        window: OpaquePointer?, backend: GLBackend?, note: String?
    ) {
        let ((window, result), printed) = StderrCapture.run { () -> (OpaquePointer?, Result<GLBackend, RenderFault>) in
            cvd_gl_x11_catch()
            // A GL window needs libGL; without it SDL refuses the window itself.
            guard let w = place.open(flags | SDL_WINDOW_OPENGL.rawValue) else {
                cvd_gl_x11_release(nil)
                return (nil, .failure(RenderFault("no OpenGL window: \(String(cString: SDL_GetError()))")))
            }
            let result = attempt(on: w, forced: forced, settings: settings)
            cvd_gl_x11_release(w)
            return (w, result)
        }
        switch result {
        case .success(let backend):
            if !printed.isEmpty { StderrCapture.write(printed + "\n") }
            return (window, backend, nil)
        case .failure(let fault):
            // libGL's own last complaint says what is missing ("failed to load driver: swrast").
            let said = printed.split(separator: "\n").last { $0.contains("error") }.map {
                String($0.replacing("libGL error: ", with: ""))
            }
            return (window, nil, fault.description + (said.map { "; libGL says: " + $0 } ?? ""))
        }
    }

    private static func attempt(on window: OpaquePointer, forced: Bool, settings: GLSettings) -> Result<
        GLBackend, RenderFault
    > {
        let context: GLContext
        do throws(RenderFault) { context = try GLContext(window: window, settings: settings) } catch {
            return .failure(refusal(window, "no OpenGL context") ?? error)
        }
        let backend: GLBackend
        do throws(RenderFault) {
            if let fault = refusal(window, "no OpenGL context") { throw fault }
            try context.checkVersion()
            if !forced, context.isSoftwareRasteriser {
                throw RenderFault("\(context.name) is a CPU rasteriser, where the software renderer costs less")
            }
            backend = try GLBackend(context: context)
        } catch {
            context.close()
            _ = refusal(window, "")
            return .failure(error)
        }
        if let fault = refusal(window, "OpenGL failed as it started") {
            backend.close() // the context with it
            _ = refusal(window, "")
            return .failure(fault)
        }
        return .success(backend)
    }

    /// The X server's error, if it answered the GL start with one: "no OpenGL context: the
    /// X server refused it (BadValue (integer parameter out of range for operation),
    /// request 150.3)".
    private static func refusal(_ window: OpaquePointer, _ what: String) -> RenderFault? {
        var text = [CChar](repeating: 0, count: 256)
        guard cvd_gl_x11_take(window, &text, Int32(text.count)) != 0 else { return nil }
        let words = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return RenderFault("\(what): the X server refused it (\(words))")
    }
}
