import CV4L2
import CVDSystem
import FoundationEssentials

/// One camera control (brightness, white balance, exposure, …) as the driver describes it.
public struct CameraControl: Sendable, Hashable {
    public enum Kind: String, Sendable {
        case integer, boolean, menu
        case integerMenu = "intmenu"
        case button, other
    }

    public let id: UInt32
    /// The driver's name, e.g. "White Balance, Automatic".
    public let name: String
    public let kind: Kind
    public let minimum: Int
    public let maximum: Int
    public let step: Int
    public let defaultValue: Int
    /// Current value; nil for buttons and controls that cannot be read.
    public let value: Int?
    /// Menu entries by value, for menu controls.
    public let menu: [(Int, String)]
    public let inactive: Bool
    public let readOnly: Bool

    /// What `--control` takes: lower case, runs of anything but letters and digits
    /// become "_" ("White Balance, Automatic" → white_balance_automatic), as `v4l2-ctl` does.
    public var key: String { Self.key(name) }

    public static func key(_ name: String) -> String {
        var out = ""
        for c in name.lowercased() {
            if c.isASCII && (c.isLetter || c.isNumber) {
                out.append(c)
            } else if !out.isEmpty && out.last != "_" {
                out.append("_")
            }
        }
        while out.last == "_" { out.removeLast() }
        return out
    }

    public static func == (a: Self, b: Self) -> Bool { a.id == b.id && a.value == b.value }
    public func hash(into h: inout Hasher) { h.combine(id) }
}

/// `NAME=VALUE` from `--control`.
public struct ControlSetting: Sendable, Hashable, CustomStringConvertible {
    public let key: String
    public let value: String

    public init?(_ text: String) {
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex else { return nil }
        key = CameraControl.key(String(text[..<eq]))
        value = String(text[text.index(after: eq)...]).trimmed
        guard !key.isEmpty, !value.isEmpty else { return nil }
    }

    public var description: String { "\(key)=\(value)" }
}

extension VideoDevice {
    /// Every user control (wraps `VIDIOC_QUERYCTRL` with `V4L2_CTRL_FLAG_NEXT_CTRL`,
    /// `VIDIOC_QUERYMENU` and `VIDIOC_G_CTRL`). Class headings and disabled controls are left out.
    public func controls() -> [CameraControl] {
        var out: [CameraControl] = []
        var q = v4l2_queryctrl()
        q.id = V4L2_CTRL_FLAG_NEXT_CTRL
        while (try? ioctl(.queryctrl, &q)) != nil {
            defer { q.id |= V4L2_CTRL_FLAG_NEXT_CTRL }
            let flags = q.flags
            if flags & UInt32(V4L2_CTRL_FLAG_DISABLED) != 0 { continue }
            let kind: CameraControl.Kind =
                switch q.type {
                case V4L2_CTRL_TYPE_INTEGER.rawValue: .integer
                case V4L2_CTRL_TYPE_BOOLEAN.rawValue: .boolean
                case V4L2_CTRL_TYPE_MENU.rawValue: .menu
                case V4L2_CTRL_TYPE_INTEGER_MENU.rawValue: .integerMenu
                case V4L2_CTRL_TYPE_BUTTON.rawValue: .button
                case V4L2_CTRL_TYPE_CTRL_CLASS.rawValue: .other
                default: .other
                }
            if q.type == V4L2_CTRL_TYPE_CTRL_CLASS.rawValue || kind == .other { continue }
            let writeOnly = flags & UInt32(V4L2_CTRL_FLAG_WRITE_ONLY) != 0
            out.append(
                CameraControl(
                    id: q.id, name: Self.string(q.name), kind: kind,
                    minimum: Int(q.minimum), maximum: Int(q.maximum), step: Int(q.step),
                    defaultValue: Int(q.default_value),
                    value: kind == .button || writeOnly ? nil : value(of: q.id),
                    menu: kind == .menu || kind == .integerMenu ? menu(q) : [],
                    inactive: flags & UInt32(V4L2_CTRL_FLAG_INACTIVE) != 0,
                    readOnly: flags & UInt32(V4L2_CTRL_FLAG_READ_ONLY) != 0))
        }
        return out
    }

    /// A control's current value (wraps `VIDIOC_G_CTRL`).
    public func value(of id: UInt32) -> Int? {
        var c = v4l2_control(id: id, value: 0)
        return (try? ioctl(.gCtrl, &c)) != nil ? Int(c.value) : nil
    }

    private func menu(_ q: v4l2_queryctrl) -> [(Int, String)] {
        var out: [(Int, String)] = []
        guard q.minimum <= q.maximum else { return out }
        for i in q.minimum...q.maximum {
            var m = v4l2_querymenu()
            m.id = q.id
            m.index = UInt32(i)
            guard (try? ioctl(.querymenu, &m)) != nil else { continue }
            let label = q.type == V4L2_CTRL_TYPE_INTEGER_MENU.rawValue ? String(m.value) : Self.string(m.name)
            out.append((Int(i), label))
        }
        return out
    }

    /// Sets controls by name (wraps `VIDIOC_S_CTRL`). Values are numbers, true/false/on/off
    /// for switches, or a menu entry's name. Returns each control's value read back.
    @discardableResult
    public func apply(_ settings: [ControlSetting]) throws(CaptureError) -> [(CameraControl, Int?)] {
        guard !settings.isEmpty else { return [] }
        let all = controls()
        var done: [(CameraControl, Int?)] = []
        for s in settings {
            guard let c = all.first(where: { $0.key == s.key }) else {
                throw .badControl(
                    path: path, what: "has no control \"\(s.key)\"; it has: " + all.map(\.key).joined(separator: ", "))
            }
            guard !c.readOnly else { throw .badControl(path: path, what: "control \(c.key) is read-only") }
            guard let v = Self.parse(s.value, for: c) else {
                throw .badControl(
                    path: path, what: "control \(c.key) takes " + Self.accepted(c) + ", not \"\(s.value)\"")
            }
            var ctrl = v4l2_control(id: c.id, value: Int32(truncatingIfNeeded: v))
            do throws(Errno) {
                try ioctl(.sCtrl, &ctrl)
            } catch {
                switch error {
                case .outOfRange, .invalidArgument:
                    throw .badControl(
                        path: path, what: "control \(c.key) takes " + Self.accepted(c) + ", not \(s.value)")
                case .permissionDenied, .resourceBusy:
                    throw .badControl(
                        path: path,
                        what: "control \(c.key) cannot be changed now (\(error))"
                            + (c.inactive ? "; it is inactive — switch off its automatic mode first" : ""))
                default:
                    throw CaptureError.from(errno: error, path: path, call: .setControl(key: c.key))
                }
            }
            done.append((c, c.kind == .button ? nil : value(of: c.id)))
        }
        return done
    }

    static func parse(_ text: String, for c: CameraControl) -> Int? {
        let t = text.lowercased()
        var v: Int?
        switch c.kind {
        case .boolean:
            v = ["1", "true", "on", "yes"].contains(t) ? 1 : ["0", "false", "off", "no"].contains(t) ? 0 : nil
        case .menu, .integerMenu:
            v = Int(t) ?? c.menu.first(where: { CameraControl.key($0.1) == CameraControl.key(t) })?.0
            if let x = v, !c.menu.contains(where: { $0.0 == x }) { v = nil }
        case .button:
            v = 1
        default:
            v = Int(t)
        }
        guard let x = v, c.kind == .button || (c.minimum...c.maximum).contains(x) else { return nil }
        return x
    }

    static func accepted(_ c: CameraControl) -> String {
        switch c.kind {
        case .boolean: "0 or 1"
        case .menu, .integerMenu: c.menu.map { "\($0.0) (\($0.1))" }.joined(separator: ", ")
        default: "\(c.minimum)…\(c.maximum)" + (c.step > 1 ? " in steps of \(c.step)" : "")
        }
    }
}
