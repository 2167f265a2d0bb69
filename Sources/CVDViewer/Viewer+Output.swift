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
    /// One line per new overlay layout (`CVDCAM_PRINT_OVERLAYS=1`): `overlays: KIND:x,y,w,h[*] …`
    /// for every label (KIND: badge, chip, footer, caption, legend, stats, readout), `*`
    /// marking one over the picture; rings as `ring:x,y,r`, leader lines as `line:x0,y0,x1,y1`;
    /// the split divider as `divider:x,y,w,h`; where each piece of picture is drawn as
    /// `picture:x,y,w,h` (window pixels, before clipping to the window).
    func reportOverlays(_ plan: OverlayPlan, geometry: ViewGeometry?) {
        func r(_ b: Rect) -> String { "\(Int(b.x)),\(Int(b.y)),\(Int(b.w.rounded(.up))),\(Int(b.h.rounded(.up)))" }
        let over = Set(plan.onPicture.map { r($0.shim) })
        func boxes(_ kind: String, _ list: [LabelBox]) -> [String] {
            list.map { "\(kind):" + r($0.shim) + (over.contains(r($0.shim)) ? "*" : "") }
        }
        let labels =
            boxes("badge", plan.badges) + boxes("chip", plan.chips) + boxes("footer", plan.footer.map { [$0] } ?? [])
            + boxes("caption", plan.caption.map { [$0] } ?? []) + boxes("legend", plan.legend.map { [$0] } ?? [])
            + boxes("stats", plan.stats.map { [$0] } ?? []) + boxes("readout", plan.callouts)
            + boxes("check", plan.checkBand.map { [$0] } ?? [])
            + plan.checkTags.map { "tag\($0.lines.map(\.text).joined()):" + r($0.shim) }
        let rings = plan.markers.map { "ring:\(Int($0.x)),\(Int($0.y)),\(Int($0.radius.rounded(.up)))" }
        let lines = plan.leaders.map { "line:\(Int($0.x0)),\(Int($0.y0)),\(Int($0.x1)),\(Int($0.y1))" }
        let bar = geometry?.dividerBar.map { ["divider:" + r($0)] } ?? []
        let pictures = geometry?.pieces.map { "picture:" + r($0.destination) } ?? []
        let line = "overlays: " + (labels + rings + lines + bar + pictures).joined(separator: " ")
        if let line = output.said.overlaysLine(line) { reporter.status(line) }
    }
}
