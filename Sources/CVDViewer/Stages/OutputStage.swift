import CVDCore
import CVDViewModel

/// What the view writes out besides the window: the lines on stdout (each once), the
/// snapshots and `--screenshot`, and what scripts and measurements asked of the run
/// (`RunProbes`: keys after N frames, the benchmark, the profile).
struct OutputStage {
    /// What stdout has been told (each line once).
    var said = StdoutLines()
    /// Where snapshots and `--screenshot` go, and whether one is due.
    var snapshots: SnapshotWriter
    /// Keys, screenshots and figures scripts asked for.
    var probes: RunProbes
}

extension OutputStage {
    /// The overlays' line for `plan` (`CVDCAM_PRINT_OVERLAYS=1`), unless it is the one
    /// printed last: `overlays: KIND:x,y,w,h[*] …` for every label (KIND: badge, chip,
    /// footer, caption, legend, stats, readout, check; `tagN+M` for a check tag numbering
    /// pairs N and M), `*` marking one over the picture; rings as `ring:x,y,r`, leader lines
    /// as `line:x0,y0,x1,y1`; the split divider as `divider:x,y,w,h`; where each piece of
    /// picture is drawn as `picture:x,y,w,h` (window pixels, before clipping to the window).
    mutating func overlaysLine(_ plan: OverlayPlan, geometry: ViewGeometry?) -> String? {
        said.overlaysLine(Self.overlaysLine(plan, geometry: geometry))
    }

    static func overlaysLine(_ plan: OverlayPlan, geometry: ViewGeometry?) -> String {
        func r(_ b: Rect) -> String { "\(Int(b.x)),\(Int(b.y)),\(Int(b.w.rounded(.up))),\(Int(b.h.rounded(.up)))" }
        let over = Set(plan.onPicture.map { r($0.shim) })
        func boxes(_ kind: String, _ list: [LabelBox?]) -> [String] {
            list.compactMap { $0 }.map { "\(kind):" + r($0.shim) + (over.contains(r($0.shim)) ? "*" : "") }
        }
        let labels =
            boxes("badge", plan.badges) + boxes("chip", plan.chips) + boxes("footer", [plan.footer])
            + boxes("caption", [plan.caption]) + boxes("legend", [plan.legend]) + boxes("stats", [plan.stats])
            + boxes("readout", plan.callouts) + boxes("check", [plan.checkBand])
            + plan.checkTags.map {
                "tag\($0.lines.map(\.text).joined().split(separator: " ").joined(separator: "+")):" + r($0.shim)
            }
        let rings = plan.markers.map { "ring:\(Int($0.x)),\(Int($0.y)),\(Int($0.radius.rounded(.up)))" }
        let lines = plan.leaders.map { "line:\(Int($0.x0)),\(Int($0.y0)),\(Int($0.x1)),\(Int($0.y1))" }
        let bar = geometry?.dividerBar.map { ["divider:" + r($0)] } ?? []
        let pictures = geometry?.pieces.map { "picture:" + r($0.destination) } ?? []
        return "overlays: " + (labels + rings + lines + bar + pictures).joined(separator: " ")
    }
}
