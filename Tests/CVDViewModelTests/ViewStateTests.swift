import CVDCore
import Testing

@testable import CVDViewModel

@Suite struct KeyBindingTests {
    @Test func digitsPickModes() {
        for (i, mode) in VisionMode.allCases.enumerated() {
            #expect(Command.forKey(.digit(i + 1)) == .setMode(mode))
        }
        #expect(Command.forKey(.digit(0)) == .resetView)
        #expect(Command.forKey(.digit(9)) == .unbound, "a key with no binding still gets an answer")
        #expect(Command.forKey(.pageDown) == .stepMode(1) && Command.forKey(.pageUp) == .stepMode(-1))
    }

    @Test func lettersAndSpecialKeys() {
        #expect(Command.forKey(.letter("m")) == .cycleModel)
        #expect(Command.forKey(.letter("v")) == .cycleLayout)
        #expect(Command.forKey(.letter("f")) == .toggleFullscreen)
        #expect(Command.forKey(.letter("F")) == .fullscreenOnNextDisplay)
        #expect(Command.forKey(.letter("s")) == .snapshot)
        #expect(Command.forKey(.letter("h")) == .toggleHelp)
        #expect(Command.forKey(.f1) == .toggleHelp)
        #expect(Command.forKey(.letter("q")) == .quit)
        #expect(Command.forKey(.escape) == .escape)
        #expect(Command.forKey(.space) == .toggleFreeze)
        #expect(Command.forKey(.leftBracket) == .severity(delta: -0.1))
        #expect(Command.forKey(.plus) == .zoom(factor: ViewState.zoomStep, at: nil))
        #expect(Command.forKey(.letter("z")) == .cycleCheck)
        #expect(Command.forKey(.letter("j")) == .unbound)
    }

    @Test func helpListsEveryBinding() {
        let text = Command.helpLines.map { $0.0 + " " + $0.1 }.joined(separator: "\n")
        for word in ["1 – 8", "[", "m", "wheel", "arrows", "0", "v", "space", "s", "f", "Shift+F", "F1", "Esc"] {
            #expect(text.contains(word), "help lacks \(word)")
        }
    }
}

@Suite struct ViewStateTests {
    @Test func severityStepsOnlyForAnomalousModesAndStaysInRange() {
        var s = ViewState(mode: .deuteranopia)
        s.apply(.severity(delta: 0.1))
        #expect(s.severity == 0.6)
        s.apply(.setMode(.deuteranomaly))
        for _ in 0..<10 { s.apply(.severity(delta: 0.1)) }
        #expect(s.severity == 1)
        for _ in 0..<20 { s.apply(.severity(delta: -0.1)) }
        #expect(s.severity == 0.1)
        #expect(s.simulation.severity == 0.1)
    }

    @Test func modelCycles() {
        var s = ViewState(mode: .protanopia)
        var seen: [ModelKind] = []
        for _ in 0..<5 {
            seen.append(s.model)
            s.apply(.cycleModel)
        }
        #expect(seen == [.auto, .machado2009, .brettel1997, .vienot1999, .colormatrix])
        #expect(s.model == .auto)
    }

    @Test func zoomIsClampedAndResetRestores() {
        var s = ViewState()
        for _ in 0..<20 { s.apply(.zoom(factor: 1.25, at: nil)) }
        #expect(s.zoom == 8)
        for _ in 0..<40 { s.apply(.zoom(factor: 0.8, at: nil)) }
        #expect(s.zoom == 1)
        s.apply(.zoom(factor: 2, at: nil))
        s.apply(.pan(dx: 0.3, dy: 0))
        s.apply(.resetView)
        #expect(s.zoom == 1 && s.centre == Point(0.5, 0.5))
    }

    /// Wheel zoom keeps the picture point under the pointer where it was.
    @Test func zoomAtPointerKeepsThatPointFixed() {
        var s = ViewState()
        let p = Point(0.8, 0.3)
        func pictureAt(_ s: ViewState) -> (Double, Double) {
            let r = s.visibleRect
            return (r.x + p.x * r.w, r.y + p.y * r.h)
        }
        let before = pictureAt(s)
        s.apply(.zoom(factor: 2, at: p))
        let after = pictureAt(s)
        #expect(abs(before.0 - after.0) < 1e-9 && abs(before.1 - after.1) < 1e-9)
        #expect(s.zoom == 2)
    }

    @Test func panStaysInsideThePicture() {
        var s = ViewState()
        s.apply(.pan(dx: 1, dy: 1))
        #expect(s.centre == Point(0.5, 0.5)) // at 1× there is nowhere to go
        s.apply(.zoom(factor: 4, at: nil))
        for _ in 0..<50 { s.apply(.pan(dx: 0.1, dy: -0.1)) }
        let r = s.visibleRect
        #expect(abs(r.x + r.w - 1) < 1e-9 && abs(r.y) < 1e-9)
    }

    @Test func layoutCyclesAndQuadShowsFourModes() {
        var s = ViewState(mode: .deuteranomaly)
        #expect(s.layout == .single)
        s.apply(.cycleLayout)
        #expect(s.layout == .split)
        s.apply(.cycleLayout)
        #expect(s.layout == .quad)
        #expect(s.paneSimulations.map(\.mode) == [.normal, .protanopia, .deuteranopia, .tritanopia])
        s.apply(.cycleLayout)
        #expect(s.layout == .single)
        #expect(s.paneSimulations.map(\.mode) == [.deuteranomaly])
    }

    @Test func effectsAndToggles() {
        var s = ViewState()
        #expect(s.apply(.snapshot) == .snapshot)
        #expect(s.apply(.quit) == .quit)
        #expect(s.apply(.toggleFullscreen) == .fullscreenChanged && s.fullscreen)
        s.apply(.toggleFreeze)
        #expect(s.frozen)
        s.apply(.toggleHelp)
        #expect(s.helpVisible)
        #expect(s.apply(.escape) == nil && !s.helpVisible, "Esc closes the help first")
        #expect(s.apply(.escape) == .fullscreenChanged && !s.fullscreen, "then leaves full screen")
        #expect(s.apply(.escape) == nil && s.notice?.english == "Esc closes and leaves full screen; q quits")
        s.apply(.toggleStats)
        #expect(s.apply(.escape) == nil && !s.statsVisible, "Esc closes the i figures")
        s.apply(.moveDivider(delta: 0.7))
        #expect(s.divider == 0.5 && s.notice?.english == "the divider is in the split view (v)")
        s.apply(.cycleLayout)
        s.apply(.moveDivider(delta: 0.7))
        #expect(s.divider == 1 && s.notice == nil)
        s.apply(.setDivider(-3))
        #expect(s.divider == 0)
    }

    @Test func summaryNamesModeZoomAndLayout() {
        var s = ViewState(mode: .deuteranomaly)
        s.apply(.zoom(factor: 2, at: nil))
        s.apply(.cycleLayout)
        #expect(s.summary == "deuteranomaly 0.6 (Machado 2009) · zoom 2.0× · split")
    }
}

@Suite struct LabelTests {
    /// Text on the shim keeps ≥ 7:1 (WCAG AAA) over every picture colour; white and the
    /// brightest colours are the worst case, checked here over a grid of the whole cube.
    @Test func labelContrastIsAtLeast7To1OverAnyPicture() {
        var worst = 21.0
        for r in stride(from: 0, through: 255, by: 15) {
            for g in stride(from: 0, through: 255, by: 15) {
                for b in stride(from: 0, through: 255, by: 15) {
                    let bg = LabelStyle.composite(over: RGB8(UInt8(r), UInt8(g), UInt8(b)))
                    worst = min(worst, WCAG.contrastRatio(LabelStyle.textColour, bg))
                }
            }
        }
        #expect(worst >= 7, "worst contrast \(worst)")
    }

    @Test func everyModeHasItsOwnShapeAndText() throws {
        let badges = try VisionMode.allCases.map { ModeBadge(try Simulation(mode: $0)) }
        #expect(Set(badges.map(\.shape)).count == VisionMode.allCases.count)
        #expect(badges[5].text == "Deuteranomaly 0.6 · Machado 2009")
        #expect(badges[0].text == "Normal")
        for b in badges { #expect(!b.triangles(x: 0, y: 0, size: 40).isEmpty) }
    }

    @Test func iconsStayInsideTheirSquare() throws {
        for m in VisionMode.allCases {
            let b = ModeBadge(try Simulation(mode: m))
            for t in b.triangles(x: 10, y: 20, size: 40) {
                for (x, y) in t { #expect(x >= 9.99 && x <= 50.01 && y >= 19.99 && y <= 60.01, "\(m)") }
            }
        }
    }

    @Test func fontScalesWithWindowAndUIScale() {
        #expect(LabelStyle.fontSize(windowHeight: 1080, uiScale: 1) == 49)
        #expect(LabelStyle.fontSize(windowHeight: 1080, uiScale: 1.5) == 74)
        #expect(LabelStyle.fontSize(windowHeight: 200, uiScale: 1) == 18)
    }

    @Test func quadPanesTileTheWindow() {
        let p = PaneGeometry.panes(.quad, width: 1281, height: 721)
        let g = PaneGeometry.quadGap(width: 1281, height: 721)
        #expect(p.count == 4 && g == 3)
        #expect(
            p[1].maxX == 1281 && p[3].maxY == 721 && p[1].x >= p[0].maxX + g && p[2].y >= p[0].maxY + g
                && p[1].x <= p[0].maxX + g + 1 && p[2].y <= p[0].maxY + g + 1,
            "panes and gaps (of g or g + 1) fill the window")
        // All four the same size, in line: the pictures are drawn at one scale.
        #expect(Set(p.map { [$0.w, $0.h] }).count == 1 && p[0].x == p[2].x && p[1].x == p[3].x)
        #expect(p[0].y == p[1].y && p[2].y == p[3].y)
        for layout in [ViewState.Layout.assist, .stillLive] {
            let row = PaneGeometry.panes(layout, width: 1281, height: 721)
            #expect(Set(row.map(\.w)).count == 1 && row.last?.maxX == 1281, "\(layout)")
        }
        let fit = PaneGeometry.fit(pictureWidth: 1920, pictureHeight: 1080, in: Rect(0, 0, 1000, 1000))
        #expect(fit == Rect(0, 218, 1000, 563)) // (1000 − 563) / 2 = 218.5, floored
    }
}

/// Every key gets a visible answer: when its effect does not show by itself, a notice.
@Suite struct NoticeTests {
    @Test func limitsAndKeysThatDoNothingHereSaySo() {
        var s = ViewState(mode: .deuteranopia)
        s.apply(.severity(delta: 0.1))
        #expect(s.notice?.english.contains("protanomaly, deuteranomaly and tritanomaly") == true)
        s.apply(.setMode(.deuteranomaly))
        #expect(s.notice == nil)
        for _ in 0..<3 { s.apply(.severity(delta: 0.1)) }
        #expect(s.severity == 0.9 && s.simulation.model == .machado2009)
        s.apply(.severity(delta: 0.1))
        #expect(s.notice?.english == "at severity 1.0 the model is Viénot 1999", "auto's switch of model is said")
        s.apply(.severity(delta: 0.1))
        #expect(s.notice?.english == "severity is at its most, 1.0")
        s.apply(.pan(dx: 0.1, dy: 0))
        #expect(s.notice?.english == "zoom in first (+ or the wheel) to pan")
        s.apply(.zoom(factor: 0.8, at: nil))
        #expect(s.notice?.english.hasPrefix("zoom is at its least") == true)
        s.apply(.unbound)
        #expect(s.notice?.english == "that key does nothing here; h shows the keys")
        s.apply(.toggleFreeze)
        #expect(s.notice?.english.hasPrefix("frozen") == true)
    }

    @Test func quadKeysChangeThePaneUnderThePointer() {
        var s = ViewState(mode: .deuteranomaly)
        s.apply(.cycleLayout)
        s.apply(.cycleLayout)
        s.apply(.setMode(.protanomaly))
        #expect(s.quadModes == ViewState.defaultQuadModes && s.notice?.english.contains("point at a pane") == true)
        s.apply(.pointAt(pane: 2))
        s.apply(.setMode(.deuteranomaly))
        #expect(
            s.quadModes == [.normal, .protanopia, .deuteranomaly, .tritanopia]
                && s.notice?.english == "pane 3: Deuteranomaly")
        s.apply(.stepMode(1))
        #expect(s.quadModes[2] == .tritanomaly)
        #expect(s.summary == "quad: normal, protanopia, tritanomaly, tritanopia")
        #expect(s.mode == .deuteranomaly, "the single view's mode is its own")
    }

    @Test func pageKeysStepThroughTheModesAndWrap() {
        var s = ViewState(mode: .achromatopsia)
        s.apply(.stepMode(1))
        #expect(s.mode == .normal)
        s.apply(.stepMode(-1))
        #expect(s.mode == .achromatopsia)
    }

    @Test func modeKeysCloseTheHelp() {
        var s = ViewState()
        s.apply(.toggleHelp)
        s.apply(.setMode(.protanopia))
        #expect(!s.helpVisible)
    }
}

/// The teaching tools' state: captions, the mode cycle, Tab, picking, the assist view.
@Suite struct TeachingStateTests {
    @Test func cycleStepsWithCaptionsAndAnyKeyStopsIt() {
        var s = ViewState(mode: .normal)
        s.cycleModes = [.normal, .deuteranomaly, .protanopia]
        s.apply(.toggleCycle)
        #expect(s.cycling && s.captionVisible)
        s.apply(.cycleStep)
        #expect(s.mode == .deuteranomaly)
        s.apply(.pointAt(pane: nil))
        #expect(s.cycling, "moving the pointer does not stop it")
        s.apply(.cycleStep)
        #expect(s.mode == .protanopia)
        s.apply(.cycleStep)
        #expect(s.mode == .normal, "round again")
        s.apply(.zoom(factor: 2, at: nil))
        #expect(!s.cycling && s.notice?.english == "cycle stopped")
        s.apply(.cycleStep)
        #expect(s.mode == .normal, "no steps once stopped")
    }

    @Test func tabShowsTheOriginalEverywhereWhileHeld() {
        var s = ViewState(mode: .deuteranopia)
        s.apply(.cycleLayout)
        s.apply(.holdOriginal(true))
        #expect(s.renderedSimulations.allSatisfy { $0.mode == .normal } && s.renderedSimulations.count == 2)
        s.apply(.holdOriginal(false))
        #expect(s.renderedSimulations.map(\.mode) == [.normal, .deuteranopia])
        #expect(Command.forKey(.tab) == .holdOriginal(true))
    }

    @Test func pickAndEscape() {
        var s = ViewState(mode: .deuteranopia)
        s.apply(.pick(RGB8(240, 140, 20)))
        #expect(s.picked == RGB8(240, 140, 20))
        #expect(s.apply(.escape) == nil && s.picked == nil, "Esc turns the map off")
        #expect(Command.forKey(.letter("x")) == .pickAtPointer && Command.forKey(.letter("c")) == .toggleCaption)
    }

    @Test func assistViewShowsOriginalSimulatedAndAssisted() {
        var s = ViewState(mode: .normal)
        s.apply(.toggleAssist)
        #expect(s.layout == .single && s.notice?.english.contains("colour-deficient modes") == true)
        s.apply(.setMode(.deuteranopia))
        s.apply(.toggleAssist)
        #expect(s.layout == .assist && s.assistedTexture == 2)
        #expect(s.renderedSimulations.map(\.mode) == [.normal, .deuteranopia, .deuteranopia])
        s.apply(.moveDivider(delta: -0.05))
        #expect(abs(s.assistStrength - 0.9) < 1e-9 && s.notice?.english == "assist strength 0.9")
        #expect(s.summary == "deuteranopia (Viénot 1999) · assist 0.9")
        s.apply(.toggleAssist)
        #expect(s.layout == .single)
        let panes = PaneGeometry.panes(.assist, width: 1280, height: 720)
        #expect(panes.count == 3 && panes[2].maxX == 1280 && panes[1].x > panes[0].maxX)
    }

    @Test func assistedReadingsAreAssistThenSimulation() throws {
        let sim = try Simulation(mode: .deuteranopia)
        let r = ProbeReading(original: RGB8(200, 40, 40), assisting: sim, strength: 1)
        #expect(r.simulated == sim.simulate(Assist.transform(for: sim, strength: 1).apply(RGB8(200, 40, 40))))
    }
}
