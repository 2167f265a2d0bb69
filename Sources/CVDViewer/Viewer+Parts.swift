import CVDCore
import CVDSources
import CVDSystem
import CVDViewModel

/// Drawing only where the picture changed: when a frame said which parts of it changed (the
/// screen: `FrameChanges`), the panes simulated only those (`PaneUpdate`), and nothing else
/// in the window changed (its size, the pictures' place, every label), a renderer that can
/// (`RenderBackend.drawsParts`) draws again only the parts of the window those pixels reach
/// — black where no picture covers a part, the pictures, the divider and every overlay,
/// each kept inside the part — and shows only them. The window then holds what drawing it
/// whole gives, byte for byte.
extension Viewer {
    /// `ViewerDiagnostics.printParts` (for tests): each frame simulated in parts prints them
    /// (`parts: picture WxH+X+Y …`), and each drawing in parts the window's (`parts: window …`).
    var printParts: Bool { options.diagnostics.printParts }

    /// Draws `parts` (picture pixels) of `g` with the overlays `plan`; false, having drawn
    /// nothing, when it cannot (a renderer that cannot, a turned or straightened picture, a
    /// snapshot due, or parts that make most of the window).
    func drawParts(_ parts: [PixelRect], _ g: ViewGeometry, plan: OverlayPlan, window: FrameSize) throws(RenderFault)
        -> Bool
    {
        let screen = canvas.backend
        let textures = drawing.panes.textures
        guard screen.drawsParts, g.map.isIdentity, !output.snapshots.isDue, let held = drawing.panes.rendered else {
            return false
        }
        let list = DrawList.pictures(g, held: held, orientation: state.orientation, panes: textures.count)
        var pictures: [PartialPicture] = []
        for case .picture(let pane, let source, let destination) in list.items {
            guard let p = screen.partialPicture(textures[pane], source, to: destination, in: window) else {
                return false
            }
            pictures.append(p)
        }
        let divider = list.withoutPictures
        let texels = parts.map { PaneUpdate.texels($0, reduction: held.reduction) }
        let all = PixelRect(width: window.width, height: window.height)
        let merged = PixelRect.merged(pictures.flatMap { p in texels.compactMap { p.reach(of: $0) } }, within: all)
        guard merged.reduce(0, { $0 + $1.area }) * 2 < all.area else { return false }
        let start = SystemClock.monotonic
        if printParts { reporter.status("parts: window " + merged.map(\.description).joined(separator: " ")) }
        let overlays = overlays(plan, g, same: true)
        if !screen.holdsWindow {
            screen.clear()
            screen.draw(list, text: canvas.text, textures: textures)
            screen.draw(overlays, text: canvas.text)
        } else {
            for box in merged {
                // Black beneath, unless a picture (opaque) covers the part.
                screen.beginPart(box, black: !pictures.contains { $0.covered.intersection(box) == box }, in: window)
                for p in pictures { screen.draw(p, part: box, in: window) }
                // Only what reaches the part: the rest would be clipped away whole.
                screen.draw(divider.reaching(box), text: canvas.text)
                screen.draw(overlays.reaching(box), text: canvas.text)
            }
            screen.endParts()
        }
        let overlaysStart = SystemClock.monotonic
        output.probes.profiler.add(.pictures, overlaysStart - start)
        try finishDrawing(overlaysStart, parts: (merged, window))
        return true
    }
}
