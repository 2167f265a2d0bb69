import CV4L2

extension CameraControl {
    /// The controls that decide how faithful the picture's colour is, in the camera
    /// panel's order: exposure (automatic, time), gain (automatic, gain), white balance
    /// (automatic, temperature), brightness, contrast, saturation, focus (automatic,
    /// distance), zoom, power-line frequency (flicker under mains lighting).
    public static let panelIDs: [UInt32] = [
        V4L2_CID_EXPOSURE_AUTO, V4L2_CID_EXPOSURE_ABSOLUTE, V4L2_CID_AUTOGAIN, V4L2_CID_GAIN,
        V4L2_CID_AUTO_WHITE_BALANCE, V4L2_CID_WHITE_BALANCE_TEMPERATURE,
        V4L2_CID_BRIGHTNESS, V4L2_CID_CONTRAST, V4L2_CID_SATURATION,
        V4L2_CID_FOCUS_AUTO, V4L2_CID_FOCUS_ABSOLUTE, V4L2_CID_ZOOM_ABSOLUTE, V4L2_CID_POWER_LINE_FREQUENCY,
    ].map { UInt32($0) }

    /// Of a camera's controls, those `panelIDs` names, in that order.
    public static func panel(_ all: [CameraControl]) -> [CameraControl] {
        panelIDs.compactMap { id in all.first { $0.id == id && !$0.readOnly && $0.kind != .button } }
    }

    /// The value as a person reads it: a menu entry's name, on/off, or the number.
    public var valueText: String {
        guard let v = value else { return "?" }
        switch kind {
        case .boolean: return v != 0 ? "on" : "off"
        case .menu, .integerMenu: return menu.first { $0.0 == v }?.1 ?? String(v)
        default: return String(v)
        }
    }

    /// The value one step left (−1) or right (+1), as the panel's arrow keys change it:
    /// switches toggle, menus move to the neighbouring entry, numbers by 1/32 of their
    /// range (in the driver's steps; at least one step). Nil at either end.
    public func stepped(_ direction: Int) -> Int? {
        guard let v = value else { return nil }
        let next: Int
        switch kind {
        case .boolean:
            next = v != 0 ? 0 : 1
        case .menu, .integerMenu:
            let values = menu.map(\.0)
            guard let i = values.firstIndex(of: v), values.indices.contains(i + direction) else { return nil }
            next = values[i + direction]
        default:
            let unit = max(1, step)
            let stride = max(1, Int((Double(maximum - minimum) / 32 / Double(unit)).rounded())) * unit
            next = min(max(v + direction * stride, minimum), maximum)
        }
        return next == v ? nil : next
    }
}
