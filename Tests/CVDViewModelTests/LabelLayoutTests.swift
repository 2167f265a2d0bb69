import CVDCore
import CVDLocale
import Foundation
import Testing

@testable import CVDViewModel

/// DejaVu Sans Bold's proportions, rounded up (wide capitals, 1.17 em line height; a
/// Chinese or Japanese character a whole em, as Noto Sans CJK draws it): the pure layout is
/// tested with text a little wider than the real font draws.
struct ApproximateMeasure: TextMeasuring {
    func size(of text: String, fontSize: Int) -> FrameSize {
        let em = Double(fontSize)
        let narrow = Double(text.count) * 0.68 * em
        let wideExtra = Double(LineBreaks.columns(text) - text.count) * 0.32 * em
        return FrameSize(
            Int((narrow + wideExtra).rounded(.up)),
            Int((1.17 * Double(fontSize)).rounded(.up)))
    }
}

/// Every label fits its pane whole, stays with its pane, and covers no other label: for
/// every layout, window size from 320×240 to 3840×2160, --ui-scale 1–3, letterboxed and
/// not, the longest labels there are.
@Suite struct LabelLayoutTests {
    static let windows = [
        FrameSize(320, 240), FrameSize(640, 480), FrameSize(800, 600), FrameSize(1024, 768),
        FrameSize(1280, 720), FrameSize(1366, 768), FrameSize(1920, 1080), FrameSize(2560, 1440),
        FrameSize(3840, 2160), FrameSize(1080, 1920),
    ]
    static let scales = [1.0, 1.5, 2.0, 3.0]
    static let pictures = [FrameSize(1280, 720), FrameSize(640, 480)]

    /// The states to lay out: the longest single labels, split at several divider
    /// positions, the 2×2 layout; frozen and zoomed so the chips show too.
    static var states: [ViewState] {
        var out: [ViewState] = []
        for model in [ModelKind.auto, .colormatrix, .machado2009] {
            var s = ViewState(mode: .deuteranomaly, model: model)
            s.apply(.toggleFreeze)
            s.apply(.zoom(factor: 2, at: nil))
            out.append(s)
            s.apply(.cycleLayout)
            for d in [0.0, 0.03, 0.2, 0.5, 0.8, 0.97, 1.0] {
                s.apply(.setDivider(d))
                out.append(s)
            }
            s.apply(.cycleLayout)
            s.quadModes = [.protanomaly, .deuteranomaly, .tritanomaly, .achromatopsia]
            out.append(s)
        }
        return out
    }

    @Test func labelsFitTheirPanesAndNeverOverlap() throws {
        let measure = ApproximateMeasure()
        var checked = 0
        for window in Self.windows {
            for scale in Self.scales {
                for picture in Self.pictures {
                    for state in Self.states {
                        for compact in [false, true] {
                            try check(state, window, scale, picture, compact, measure)
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == Self.windows.count * Self.scales.count * Self.pictures.count * Self.states.count * 2)
    }

    /// The catalogues in po/, read as they are (no gettext: each test in its own task).
    static let languages = ["de", "fr", "es", "it", "pt_BR", "uk", "ja"]
    static func catalogue(_ language: String) throws -> Catalogue {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try Catalogue(po: String(contentsOf: root.appendingPathComponent("po/\(language).po"), encoding: .utf8))
    }

    /// German and French run 30–40 % longer than English, Japanese is drawn a whole em per
    /// character: every label still whole, in its pane, over no other, at a projector's
    /// 1024×768 and a laptop's 1366×768 with --ui-scale 1 and 2, in every layout, with the
    /// caption strip (the longest caption there is) and the help sheet.
    @Test(arguments: languages) func labelsFitInEveryLanguage(language: String) throws {
        let catalogue = try Self.catalogue(language)
        #expect(catalogue.translate("What the modes show") != nil, "\(language): the catalogue was read")
        try Localization.$catalogue.withValue(catalogue) {
            #expect(tr("What the modes show") != "What the modes show", "\(language): the layout below is in it")
            let caption = VisionMode.allCases.flatMap { mode in
                Population.allCases.map { Caption.message(for: mode, population: $0).localized }
            }.max { $0.count < $1.count }
            for window in [FrameSize(1024, 768), FrameSize(1366, 768)] {
                for scale in [1.0, 2.0] {
                    for state in Self.states {
                        try check(
                            state, window, scale, FrameSize(1280, 720), false, ApproximateMeasure(), caption: caption)
                    }
                    // With `--screen` the sheet has Shift+R's line too.
                    let sheet = HelpSheet.layout(
                        window: window, uiScale: scale, screen: true, measure: ApproximateMeasure())
                    let screen = Rect(0, 0, Double(window.width), Double(window.height))
                    #expect(screen.contains(sheet.shim), "\(language): the help sheet leaves \(window) ×\(scale)")
                    for line in sheet.lines {
                        #expect(sheet.shim.contains(line.rect, slack: 1), "\(language): \(line.text) clips")
                    }
                    #expect(sheet.lines.contains { $0.text == tr("cvdcam — keys") })
                }
            }
        }
    }

    func check(
        _ state: ViewState, _ window: FrameSize, _ scale: Double, _ picture: FrameSize, _ compact: Bool,
        _ measure: TextMeasuring, caption: String? = nil
    ) throws {
        let g = ViewGeometry(state: state, window: window, picture: picture)
        let sims = state.renderedSimulations
        let footer = tr(
            "camera disconnected — waiting (%s)",
            "/dev/video0: the camera was disconnected; plug it back in and start again")

        // The `i` overlay too, with the widest figures it shows.
        let stats = [
            "123456 frames shown · 999.9 fps · CPU 199.9 %",
            "dropped: 12345 by cvdcam, 12345 by the camera · 12345 corrupt",
            tr("median latency %s ms · memory %s MiB, peak %s MiB", "999.9", "9999", "9999"),
        ]
        let plan = OverlayPlan(
            .init(
                geometry: g, state: state, simulations: sims, window: window, footer: footer, compact: compact,
                caption: caption, stats: stats), uiScale: scale, measure: measure)
        if window.width >= 640, window.height >= 480 {
            #expect(plan.stats != nil, "the i overlay found no room at \(window) ×\(scale) \(state.layout)")
        }
        let screen = Rect(0, 0, Double(window.width), Double(window.height))
        let what =
            "\(state.layout) divider \(state.divider) \(window) ×\(scale) picture \(picture)\(compact ? " compact" : "")"
        for box in plan.boxes {
            #expect(screen.contains(box.shim), "\(what): \(box.lines.map(\.text)) leaves the window: \(box.shim)")
            for line in box.lines {
                #expect(box.shim.contains(line.rect, slack: 1), "\(what): text \(line.text) outside its shim")
                #expect(line.fontSize >= BadgeLayout.minimumFont, "\(what): \(line.text) at \(line.fontSize) px")
            }
        }
        // Badges: inside their pane, on their side of the split divider; the mode is always
        // named when there is room for any text.
        var placed = 0
        for anchor in g.badges {
            let side =
                g.dividerBar.map { bar in anchor.alignRight ? (bar.x, anchor.pane.maxX) : (anchor.pane.x, bar.maxX) }
                ?? (anchor.pane.x, anchor.pane.maxX)
            guard
                let box = plan.badges.first(where: {
                    $0.icon?.badge == ModeBadge(sims[anchor.texture]) && side.0 - 1 <= $0.shim.x
                        && $0.shim.maxX <= side.1 + 1 && anchor.pane.contains($0.shim)
                })
            else {
                #expect(
                    anchor.area.w < 40,
                    "\(what): no badge for texture \(anchor.texture) in an area \(anchor.area.w) px wide")
                continue
            }
            placed += 1
            if anchor.area.w >= 200 {
                let text = try #require(box.lines.first?.text, "\(what): icon only in an area \(anchor.area.w) px wide")
                #expect(text.hasPrefix(tr(sims[anchor.texture].mode.displayName)), "\(what): \(text)")
            }
        }
        #expect(placed == plan.badges.count, "\(what): a badge outside its pane or side")
        let boxes = plan.boxes
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                #expect(
                    !boxes[i].shim.intersects(boxes[j].shim),
                    "\(what): \(boxes[i].lines.map(\.text)) overlaps \(boxes[j].lines.map(\.text))")
            }
        }
        let chipTexts = [tr("Frozen"), tr("Zoom %s×", Localization.decimal(state.zoom, places: 1))]
        let stateChips = plan.chips.filter { $0.lines.contains { chipTexts.contains($0.text) } }
        #expect(stateChips.count == (state.frozen ? 1 : 0) + (state.zoom > 1 ? 1 : 0))
    }

    @Test func modelGivesWayBeforeTheModeInTheStatedOrder() throws {
        let b = ModeBadge(try Simulation(mode: .deuteranomaly, model: .machado2009))
        #expect(b.texts == ["Deuteranomaly 0.6 · Machado 2009", "Deuteranomaly 0.6 · Machado…", "Deuteranomaly 0.6"])
        let m = ApproximateMeasure()
        func text(_ width: Double) -> String? {
            BadgeLayout.place(
                b, fontSize: 33, area: Rect(0, 0, width, 720), pane: Rect(0, 0, width, 720),
                alignRight: false, measure: m)?.lines.first?.text
        }
        #expect(text(1280) == b.texts[0])
        #expect(text(760) == b.texts[1])
        #expect(text(560) == b.texts[2])
        #expect(text(300) == b.texts[2], "then a smaller font, still the mode")
        #expect(text(40) == nil, "at last the icon alone")
    }

    @Test func letterboxedBadgesSitInTheBarAboveThePicture() throws {
        // A 4:3 picture on a tall screen: bars above and below.
        let g = ViewGeometry(
            state: ViewState(mode: .protanopia), window: FrameSize(1080, 1920), picture: FrameSize(640, 480))
        let plan = OverlayPlan(
            .init(
                geometry: g, state: ViewState(mode: .protanopia), simulations: [try Simulation(mode: .protanopia)],
                window: FrameSize(1080, 1920), footer: nil, compact: false), uiScale: 1, measure: ApproximateMeasure())
        let badge = try #require(plan.badges.first)
        #expect(badge.shim.maxY <= g.pictureRect.y, "off the picture, in the bar")
        #expect(g.pictureRect.y - badge.shim.maxY < 60, "next to its picture, not floating away")
    }

    @Test func helpSheetFitsEveryWindowAndScale() {
        for window in Self.windows {
            for scale in Self.scales {
                let sheet = HelpSheet.layout(window: window, uiScale: scale, measure: ApproximateMeasure())
                let screen = Rect(0, 0, Double(window.width), Double(window.height))
                let small = window.width < 640 || window.height < 480
                if !small { #expect(screen.contains(sheet.shim), "help leaves \(window) ×\(scale)") }
                #expect(
                    sheet.lines.contains { $0.text == HelpSheet.title }
                        && sheet.lines.contains { $0.text == HelpSheet.closing })
                for line in sheet.lines where !small {
                    #expect(sheet.shim.contains(line.rect, slack: 1), "\(line.text) clips at \(window)")
                }
                if window.height >= 720 {
                    // At least a 48th of the screen: 16 px at 1024×768, 22 px at 1080p (a 45th
                    // before the document camera's keys joined the sheet).
                    let body = sheet.lines.filter { $0.text != HelpSheet.title }.map(\.fontSize).min() ?? 0
                    #expect(
                        body >= min(window.width, window.height) / 48,
                        "help text \(body) px at \(window) is too small to read")
                }
            }
        }
    }
}
