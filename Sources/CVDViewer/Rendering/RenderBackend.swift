import CVDCore
import CVDSources
import CVDViewModel

/// How the window's pixels are drawn: the one interface the live view draws through, with
/// two implementations — `GLBackend` (OpenGL: the GPU simulates and draws) and
/// `SoftwareBackend` (SDL's software renderer over the CPU kernels). The view describes a
/// frame the same way to both: pane pictures (`PaneBackend`) drawn through rectangles or a
/// mesh, then the overlays as filled rectangles, triangles and text textures.
/// Like mpv's video outputs: one description of what to draw, each backend its own how.
@MainActor
protocol RenderBackend: AnyObject {
    /// What runs, for the start line, the `i` overlay and the quit line: "OpenGL 4.5
    /// (llvmpipe)", "software".
    var name: String { get }
    /// The drawable's size in pixels.
    var outputSize: FrameSize { get }
    /// Whether the panes read Y′CbCr planes as they come (`SourceRequest.planar`): the GPU
    /// does; the CPU kernels read packed frames region by region.
    var readsPlanes: Bool { get }

    /// Black, the whole window.
    func clear()
    /// A rectangle in one colour, blended by `alpha`.
    func fill(_ r: Rect, _ c: RGB8, alpha: UInt8)
    /// Opaque triangles in one colour (shapes, rings, strokes): three points each.
    func triangles(_ points: [DrawList.Point], _ c: RGB8)
    /// A whole texture (text) into `r`, blended by its alpha.
    func draw(_ t: Texture, in r: Rect)
    /// Part of a pane picture into `destination`, smoothed; each pixel a sharp square when
    /// enlarged three times or more. `window`: the output size, which the caller has. (A
    /// draw list holds no piece too thin to draw: `DrawList.drawsPiece`.)
    func copy(_ t: Texture, _ source: Rect, to destination: Rect, in window: FrameSize)
    /// The same mirrored left–right and/or upside down (a picture turned by 180° or mirrored).
    func copy(_ t: Texture, _ source: Rect, to destination: Rect, flipX: Bool, flipY: Bool)
    /// Part of a pane picture turned a quarter into `destination`, smoothed
    /// (`DrawList.Item.turnedPicture`; by default through its one-cell mesh).
    func drawTurned(_ t: Texture, _ source: Rect, to destination: Rect, uDown: Bool, vRight: Bool)
    /// A texture through a mesh of `columns` × rows vertices, row by row, each a window
    /// position and the texture pixel (u, v) it shows (a straightened page; a quarter turn
    /// by default: `drawTurned`).
    func drawMesh(_ t: Texture, _ mesh: [DrawList.MeshVertex], columns: Int)
    /// A texture of a rendered text (white, with alpha: R, G, B, A bytes), drawn blended.
    func makeTexture(from image: RGBAImage) -> Texture?
    func destroy(_ t: Texture)
    /// What was drawn (before `present`), as RGBA bytes into a reused buffer; nil on failure.
    func readPixels(into buffer: inout [UInt8]) -> FrameLayout?
    /// The same for every frame (the virtual camera sending the window): the drawing asked
    /// for now, read without waiting for it — a renderer with a queue (the GPU) gives the
    /// frame before this one; nil when there is none yet.
    func readPixelsWithoutWaiting(into buffer: inout [UInt8]) -> FrameLayout?
    /// Shows what was drawn. Throws when the renderer can no longer draw (a GL error, a
    /// lost context): the view then goes on in the software renderer.
    func present() throws(RenderFault)

    // Drawing parts of the window alone (`Viewer.drawParts`): where only some of the
    // picture's pixels changed, the window's parts they reach are drawn again — each
    // holding, after, what drawing the window whole gives — and only they are shown.

    /// Whether this backend can draw and show parts of the window alone.
    var drawsParts: Bool { get }
    /// Whether what was last shown is held whole to draw parts over; when not (GL after a
    /// swap), the window is drawn whole and then only the parts shown.
    var holdsWindow: Bool { get }
    /// `source` of `t` over `destination`, as drawn in parts; nil when this piece cannot be
    /// (the window is then drawn whole). Only where `drawsParts`.
    func partialPicture(_ t: Texture, _ source: Rect, to destination: Rect, in window: FrameSize) -> PartialPicture?
    /// Draws from now on only inside `part` (pixels of `window`, the window's size), black
    /// there first when `black`.
    func beginPart(_ part: PixelRect, black: Bool, in window: FrameSize)
    /// The pixels of `picture` inside `part` of `window`, those drawing it whole gives.
    func draw(_ picture: PartialPicture, part: PixelRect, in window: FrameSize)
    /// Draws everywhere again.
    func endParts()
    /// Shows `parts` (window pixels) of what was drawn; the rest of the window stays as it
    /// was. Throws as `present` does.
    func present(parts: [PixelRect], in window: FrameSize) throws(RenderFault)
    /// The pane pictures' side of this backend, over the CPU kernels `kernels` shares with
    /// the virtual camera.
    func makePanes(_ kernels: PaneKernels) -> any PaneBackend
    /// Frees what the backend made (textures, programs, the context).
    func close()
}

extension RenderBackend {
    /// What was drawn, as an opaque picture (snapshots, `--screenshot`).
    func readPixels() throws(ViewerError) -> RGBAImage {
        var pixels: [UInt8] = []
        guard let layout = readPixels(into: &pixels) else { throw .sdl("reading the window back", "\(name)") }
        for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
        return RGBAImage(width: layout.width, height: layout.height, pixels: pixels)
    }
}

/// A texture of one backend, with its size in pixels. `handle` is that backend's own name
/// for it, opaque here: a texture only ever goes back to the backend that made it, which
/// alone reads the handle (`Texture(sdl:size:)`, `Texture(gl:size:)`).
struct Texture: Equatable {
    let handle: UInt
    let size: FrameSize
    /// Which writing of its pixels this value stands for: the pane textures are stamped
    /// with their render's count (`PaneTextures.begin`), so that what is made from them (the
    /// software renderer's turned copy) knows when it is stale; 0 for textures written once.
    var written = 0

    /// The same texture, whichever writing each value stands for.
    static func == (a: Texture, b: Texture) -> Bool { a.handle == b.handle && a.size == b.size }
}

/// The pane pictures: one texture per simulation shown, holding the (reduced) source frame
/// simulated in that pane's mode, with the confusion stripes and assist where asked.
@MainActor
protocol PaneBackend: AnyObject {
    /// The textures in use and what they hold.
    var held: PaneTextures { get }
    /// What the last render made its pictures with, and which parts it made again.
    var update: PaneUpdate { get }
    /// Simulates `frame` into one texture per simulation, each over its part of `regions`
    /// (the picture reduced as the view allows); texture 0 shows `still` when given; a pane
    /// may upload `simulated` (this frame in its simulation, already simulated on the CPU)
    /// instead. Returns, with a `picked` colour, the share of each texture's part that its
    /// simulation makes look like it; `timing` gets each stage's seconds.
    @discardableResult
    func render(
        _ frame: Frame, _ simulations: [Simulation], regions: PaneRegions, picked: RGB8?,
        assisted: (texture: Int, strength: Double)?, still: Frame?, simulated: SimulatedFrame?,
        timing: (StageProfiler.Stage, Double) -> Void
    ) throws(RenderFault) -> [Double?]
    /// `frame` simulated whole in `simulation`, at its own size, for the virtual camera — by
    /// this backend itself where it simulates the panes elsewhere than the CPU (the GPU:
    /// one more pass over the frame it uploads for the panes anyway, read back into `out`)
    /// — with the layout of what `out` holds; nil where it does not (the CPU's kernels then
    /// simulate it, and a pane showing the same picture uploads theirs: `SimulatedFrame`).
    func simulateWhole(_ frame: Frame, _ simulation: Simulation, into out: inout [UInt8]) throws(RenderFault)
        -> FrameLayout?
    /// Frees what `simulateWhole` keeps between frames (the virtual camera went off).
    func forgetWhole()
    /// Frees the textures.
    func close()
}

extension PaneBackend {
    /// The textures in use, one per simulation shown.
    var textures: [Texture] { held.textures }
    /// What the textures hold: the regions of the last render (nil before the first).
    var rendered: PaneRegions? { held.rendered }
    /// The parts of the picture (its pixels) the last render simulated again, the frame
    /// having said that only those changed (`PaneUpdate`); nil when it made all of it.
    var changedParts: [PixelRect]? { update.parts }
}

/// Why a renderer stopped: said in one line, and the view goes on in the software renderer.
struct RenderFault: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
