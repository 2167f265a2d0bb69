import CVDCore
import Testing

@testable import CVDCamera
@testable import CVDCapture
@testable import CVDSources
@testable import CVDViewModel

/// The camera panel (`k`): which controls, their values and steps, the keys while it is
/// open, and its layout in every window size and `--ui-scale`.
@Suite struct CameraPanelTests {
    static func control(
        _ id: Int32, _ name: String, _ kind: CameraControl.Kind = .integer, range: ClosedRange<Int> = 0...255,
        step: Int = 1, value: Int = 128, menu: [(Int, String)] = [], inactive: Bool = false
    ) -> CameraControl {
        CameraControl(
            id: UInt32(id), name: name, kind: kind, minimum: range.lowerBound, maximum: range.upperBound, step: step,
            defaultValue: value, value: value, menu: menu, inactive: inactive, readOnly: false)
    }

    static func panel(_ all: [CameraControl]) -> [PanelControl] { PanelControl.panel(all) }

    /// A UVC webcam's controls (as `v4l2-ctl -l` lists a Logitech C920's), in the driver's order, with extras.
    static let webcam: [CameraControl] = [
        control(0x0098_0900, "Brightness"), control(0x0098_0901, "Contrast"), control(0x0098_0902, "Saturation"),
        control(0x0098_0903, "Hue", range: -128...128, value: 0),
        control(0x0098_090C, "White Balance, Automatic", .boolean, range: 0...1, value: 1),
        control(0x0098_0913, "Gain", value: 0),
        control(
            0x0098_0918, "Power Line Frequency", .menu, range: 0...2, value: 2,
            menu: [(0, "Disabled"), (1, "50 Hz"), (2, "60 Hz")]),
        control(0x0098_091A, "White Balance Temperature", range: 2000...6500, value: 4000, inactive: true),
        control(
            0x009A_0901, "Auto Exposure", .menu, range: 0...3, value: 3,
            menu: [(1, "Manual Mode"), (3, "Aperture Priority Mode")]),
        control(0x009A_0902, "Exposure Time, Absolute", range: 3...2047, value: 250, inactive: true),
        control(0x009A_090A, "Focus, Absolute", range: 0...250, step: 5, value: 0, inactive: true),
        control(0x009A_090C, "Focus, Automatic Continuous", .boolean, range: 0...1, value: 1),
        control(0x009A_090D, "Zoom, Absolute", range: 100...500, value: 100),
    ]

    @Test func theControlsThatMatterInThePanelsOrder() {
        let names = Self.panel(Self.webcam).map(\.name)
        #expect(
            names == [
                "Auto Exposure", "Exposure Time, Absolute", "Gain", "White Balance, Automatic",
                "White Balance Temperature",
                "Brightness", "Contrast", "Saturation", "Focus, Automatic Continuous", "Focus, Absolute",
                "Zoom, Absolute",
                "Power Line Frequency",
            ])
        #expect(!names.contains("Hue"))
    }

    @Test func valuesAndSteps() {
        let p = Self.panel(Self.webcam)
        let brightness = p[5]
        let autoWB = p[3]
        let exposure = p[0]
        let line = p[11]
        let focus = p[9]
        #expect(CameraPanel.valueText(brightness) == "128  (0…255)")
        #expect(brightness.stepped(1) == 136 && brightness.stepped(-1) == 120, "1/32 of 0…255, rounded: 8")
        #expect(autoWB.valueText == "on" && autoWB.stepped(1) == 0 && autoWB.stepped(-1) == 0)
        #expect(
            exposure.valueText == "Aperture Priority Mode" && exposure.stepped(-1) == 1 && exposure.stepped(1) == nil)
        #expect(line.valueText == "60 Hz" && line.stepped(1) == nil && line.stepped(-1) == 1)
        #expect(focus.stepped(1) == 10, "in the driver's steps of 5")
        #expect(CameraPanel.valueText(p[1]).hasSuffix("automatic"), "inactive under its automatic")
        let top = PanelControl(Self.control(0x0098_0900, "Brightness", value: 255))
        #expect(top.stepped(1) == nil && top.stepped(-1) == 247)
    }

    @Test func keysWhileOpen() {
        #expect(Command.forKey(.up, panelOpen: true) == .panelSelect(-1))
        #expect(Command.forKey(.right, panelOpen: true) == .panelChange(1))
        #expect(Command.forKey(.letter("r"), panelOpen: true) == .panelReset)
        #expect(Command.forKey(.escape, panelOpen: true) == .toggleCameraPanel)
        #expect(Command.forKey(.letter("3"), panelOpen: true) == .unbound)
        #expect(Command.forKey(.digit(3), panelOpen: true) == .setMode(.deuteranopia), "other keys keep working")
        #expect(Command.forKey(.up) == .pan(dx: 0, dy: -ViewState.panStep), "closed: the arrows pan")
        var s = ViewState()
        #expect(s.apply(.toggleCameraPanel) == .cameraPanelOpened && s.cameraPanelVisible)
        s.apply(.panelSelect(-1))
        #expect(CameraPanel.row(s.panelSelection, count: 5) == 4, "up from the first row is the last")
        #expect(s.apply(.panelChange(1)) == .changeControl(1) && s.apply(.panelReset) == .resetControl)
        s.apply(.toggleHelp)
        #expect(!s.cameraPanelVisible, "the help sheet replaces the panel")
    }

    static let windows = [
        FrameSize(640, 480), FrameSize(800, 600), FrameSize(1024, 768), FrameSize(1280, 720),
        FrameSize(1366, 768), FrameSize(1920, 1080), FrameSize(3840, 2160),
    ]

    /// Inside the window, every line inside the sheet, the selected row marked.
    @Test(arguments: [1.0, 1.5, 2.0, 3.0]) func fitsEveryWindow(uiScale: Double) {
        let controls = Self.panel(Self.webcam)
        for w in Self.windows {
            let box = CameraPanel.layout(
                title: "Camera: HD Pro Webcam C920 (/dev/video0)", controls: controls, selection: 2,
                empty: "", window: w, uiScale: uiScale, measure: ApproximateMeasure())
            #expect(
                Rect(0, 0, Double(w.width), Double(w.height)).contains(box.shim), "\(w) ×\(uiScale): sheet \(box.shim)")
            for l in box.lines { #expect(box.shim.contains(l.rect), "\(w) ×\(uiScale): \(l.text) outside the sheet") }
            #expect(box.lines.contains { $0.text == CameraPanel.keysNote })
            let marked = box.lines.first { $0.text == CameraPanel.marker }
            let gain = box.lines.first { $0.text == "Gain" }
            #expect(marked != nil && marked?.rect.y == gain?.rect.y, "the marker sits on the selected row")
            if w == FrameSize(1024, 768) {
                #expect(box.lines.allSatisfy { $0.fontSize >= 12 }, "readable at the projector size")
            }
        }
    }
}
