import CV4L2

/// The camera's automatic white balance, exposure and gain, locked for a white-card balance
/// (`w`): each automatic switch the driver offers goes to manual and its manual value is
/// written back as it was that moment, so the picture holds still while the card is
/// measured and afterwards; `release` puts every switch back as it was.
public struct AutomaticControls: Sendable {
    /// An automatic switch, the value it is held at when locked, and the control that
    /// holds the manual value.
    struct Pair: Sendable {
        let automatic: UInt32
        let manual: Int
        let value: UInt32?
    }

    /// White balance (on/off, temperature), exposure (a menu: V4L2_EXPOSURE_MANUAL = 1;
    /// absolute time), gain (on/off, gain).
    static let pairs: [Pair] = [
        Pair(
            automatic: UInt32(V4L2_CID_AUTO_WHITE_BALANCE), manual: 0, value: UInt32(V4L2_CID_WHITE_BALANCE_TEMPERATURE)
        ),
        Pair(
            automatic: UInt32(V4L2_CID_EXPOSURE_AUTO), manual: Int(V4L2_EXPOSURE_MANUAL.rawValue),
            value: UInt32(V4L2_CID_EXPOSURE_ABSOLUTE)),
        Pair(automatic: UInt32(V4L2_CID_AUTOGAIN), manual: 0, value: UInt32(V4L2_CID_GAIN)),
    ]

    /// What was changed: the switch's key and value before, to put back.
    public struct Held: Sendable, Equatable {
        public let id: UInt32
        public let key: String
        public let before: Int
    }

    /// The switches locked, in order.
    public private(set) var held: [Held] = []

    public init() {}

    public var isLocked: Bool { !held.isEmpty }

    /// Locks every automatic switch the driver offers that is on. Returns one line per
    /// switch, e.g. "white_balance_automatic = 0 (white_balance_temperature held at 4600)",
    /// or why the camera has none.
    public mutating func lock(_ device: VideoDevice) -> [String] {
        let all = device.controls()
        var lines: [String] = []
        for p in Self.pairs {
            guard let a = all.first(where: { $0.id == p.automatic }), !a.readOnly, let now = a.value, now != p.manual
            else { continue }
            let value = p.value.flatMap { id in all.first { $0.id == id } }
            // Read the manual value while the automatic is still on (what it chose), then
            // switch to manual and write it back, so the picture does not jump.
            let current = value.flatMap { device.value(of: $0.id) }
            guard (try? device.set(a.id, p.manual)) != nil else {
                lines.append("\(a.key) could not be locked")
                continue
            }
            held.append(Held(id: a.id, key: a.key, before: now))
            var line = "\(a.key) = \(device.value(of: a.id).map(String.init) ?? "?")"
            if let v = value, let c = current, !v.readOnly {
                _ = try? device.set(v.id, c)
                line += " (\(v.key) held at \(device.value(of: v.id).map(String.init) ?? "?"))"
            }
            lines.append(line)
        }
        return lines.isEmpty ? ["the camera has no automatic white balance, exposure or gain to lock"] : lines
    }

    /// Puts every locked switch back; one line per switch ("white_balance_automatic = 1").
    public mutating func release(_ device: VideoDevice) -> [String] {
        defer { held = [] }
        return held.reversed().map { h in
            _ = try? device.set(h.id, h.before)
            return "\(h.key) = \(device.value(of: h.id).map(String.init) ?? "?")"
        }
    }
}

extension VideoDevice {
    /// Sets one control by id (wraps `VIDIOC_S_CTRL`); throws the errno.
    public func set(_ id: UInt32, _ value: Int) throws(CaptureError) {
        var c = v4l2_control(id: id, value: Int32(truncatingIfNeeded: value))
        try perform(.sCtrl, &c)
    }
}
