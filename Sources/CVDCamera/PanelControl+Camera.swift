import CVDCapture
import CVDSources

/// A camera's controls as the view's camera panel shows them.
extension PanelControl {
    /// The camera panel's controls of a camera, in the panel's order
    /// (`CameraControl.colourControlIDs`: exposure, gain, white balance, brightness, contrast,
    /// saturation, focus, zoom, power-line frequency); read-only controls and buttons left out.
    static func panel(_ all: [CameraControl]) -> [PanelControl] {
        CameraControl.colourControlIDs.compactMap { id in
            all.first { $0.id == id && !$0.readOnly && $0.kind != .button }.map(PanelControl.init)
        }
    }

    init(_ c: CameraControl) {
        let kind: Kind =
            switch c.kind {
            case .integer: .integer
            case .boolean: .boolean
            case .menu, .integerMenu: .menu(c.menu.map { MenuEntry($0.0, $0.1) })
            case .button, .other: .other
            }
        self.init(
            id: c.id, name: c.name, key: c.key, kind: kind, range: c.minimum...max(c.minimum, c.maximum), step: c.step,
            defaultValue: c.defaultValue, value: c.value, automatic: c.inactive)
    }
}
