import CVDCore
import CVDSystem
import CVDViewModel

/// What the view writes out besides the window: the confusion map's share lines on stdout
/// and snapshots of exactly what is drawn.
extension Viewer {
    /// `confusable with #RRGGBB under MODE: N.N % of what is shown` (the pane's visible part:
    /// zoomed in, that part; in the split layout, that side), when a colour is picked and
    /// when a pane's share moves by a point or more.
    func reportShares(_ shares: [Double?]) {
        for line in output.said.shareLines(picked: state.picked, shares: shares, simulations: state.renderedSimulations)
        {
            reporter.status(line)
        }
    }

    /// Saves exactly what was drawn, before it is presented: `s`'s snapshot in the snapshot
    /// folder, or the scripted `--screenshot`.
    func saveSnapshot(screenshot: Bool = false) {
        do {
            let image = try canvas.backend.readPixels()
            let path = screenshot ? try output.snapshots.writeScreenshot(image) : try output.snapshots.write(image)
            say(Message("saved %s", .text(PathName.shown(path))), seconds: 3)
        } catch let error as ViewerError {
            layout.footerMessage.show(Message(verbatim: "\(error)"), until: SystemClock.monotonic + 4)
        } catch {
            say(Message(verbatim: "\(error)"), seconds: 5)
        }
        drawing.pending.screen = true
    }
}

extension Viewer {
    /// One line per new overlay layout (`CVDCAM_PRINT_OVERLAYS=1`; `OutputStage.overlaysLine`).
    func reportOverlays(_ plan: OverlayPlan, geometry: ViewGeometry?) {
        if let line = output.overlaysLine(plan, geometry: geometry) { reporter.status(line) }
    }
}
