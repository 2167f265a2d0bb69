import CEpoxy
import CVDCore
import CVDViewModel

/// Drawing parts of the window alone (`RenderBackend`'s parts), where GLX can show a part of
/// the back buffer without a swap (`GLContext.showsParts`): the parts are drawn through a
/// scissor — the pixels inside are those a whole drawing gives — over a back buffer that
/// holds the window whole (drawn whole once after each swap), and only they are shown.
extension GLBackend {
    var drawsParts: Bool { context.showsParts }

    /// Every piece can: GL samples it linearly (nearest, enlarged) over `destination`.
    func partialPicture(_ t: Texture, _ source: Rect, to destination: Rect, in window: FrameSize)
        -> PartialPicture?
    {
        PartialPicture(texture: t, source: source, destination: destination, sampling: .linear)
    }

    /// Binds the window's framebuffer for drawing only inside `part` (window pixels, from
    /// the top: a scissor), black there when `black`; `endParts` lifts the scissor.
    func beginPart(_ part: PixelRect, black: Bool, in window: FrameSize) {
        bindWindow(window, scissor: part)
        if black { cvd_glClear(GLbitfield(GL_COLOR_BUFFER_BIT)) }
    }

    /// The whole piece, the scissor keeping it inside `part`.
    func draw(_ picture: PartialPicture, part: PixelRect, in window: FrameSize) {
        copy(picture.texture, picture.source, to: picture.destination, in: window)
    }

    func endParts() { cvd_glDisable(GLenum(GL_SCISSOR_TEST)) }
}
