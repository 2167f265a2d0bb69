import CVDCore
import CVDLocale
import CVDSources
import CVDSystem
import CVDViewModel

/// The camera panel (`k`): the camera's controls from the capture thread (`CameraLink`),
/// read again every second while it is open (`CameraPanelReadings`), changed through the
/// link (never written from this thread: a control write can block on USB).
extension Viewer {
    func openCameraPanel() {
        take.panel.open()
        guard cameraLink != nil else {
            state.cameraPanelVisible = false
            say(
                Message(
                    "k: the camera panel shows a camera's controls; %s is no camera",
                    .message(Message(take.source.name))))
            return
        }
        refreshCameraPanel(SystemClock.monotonic)
    }

    /// Asks for the controls once a second; redraws when they change. The first reading
    /// after opening is also printed, one line, for scripts.
    func refreshCameraPanel(_ now: Double) {
        guard let link = cameraLink else { return }
        if take.panel.shouldAsk(now: now) { link.send(.readControls) }
        let controls = link.state.controls
        let (changed, first) = take.panel.take(controls)
        guard changed else { return }
        if first {
            reporter.status("camera panel: " + controls.map { "\($0.key) \($0.valueText)" }.joined(separator: ", "))
        }
        drawing.pending.screen = true
    }

    /// ← → (by one step) or `r` (nil: back to the default) on the selected control.
    func changeControl(by direction: Int?) {
        guard let link = cameraLink, let row = CameraPanel.row(state.panelSelection, count: take.panel.shown.count)
        else {
            return
        }
        let c = take.panel.shown[row]
        guard let d = direction else {
            link.send(.reset(id: c.id))
            return
        }
        if c.automatic {
            say(Message("%s is set by its automatic; switch that off first", .text(c.key)))
        } else if let v = c.stepped(d) {
            link.send(.set(id: c.id, value: v))
        } else {
            say(d > 0 ? Message("%s is at its most", .text(c.key)) : Message("%s is at its least", .text(c.key)))
        }
        take.panel.readBackSoon()
    }

    func cameraPanelSheet(_ window: FrameSize) -> LabelBox {
        let path = cameraLink?.state.path
        let title =
            path.map {
                take.source.name.contains($0)
                    ? tr("Camera: %s", take.source.name) : tr("Camera: %s (%s)", take.source.name, $0)
            }
            ?? tr("Camera")
        return CameraPanel.layout(
            title: title, controls: take.panel.shown, selection: state.panelSelection,
            empty: path == nil ? tr("no camera open yet") : tr("this camera has none of these controls"),
            window: window, uiScale: options.uiScale, measure: canvas.text)
    }
}
