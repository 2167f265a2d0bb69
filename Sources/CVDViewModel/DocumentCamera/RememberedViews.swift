import CVDCore
import CVDSystem

/// How each source was last turned and straightened, remembered between runs: one line per
/// source in `~/.config/cvdcam/views` —
///
///     <identity> <TAB> rotate=90 mirror=1 corners=0.081,0.112:0.923,0.090:0.962,0.973:0.047,0.958
///
/// (corners 0…1 across the picture). Upright and unstraightened sources have no line.
/// A line it cannot read (another version's, an edit gone wrong, bytes that are not UTF-8)
/// is kept as it is and written back, and so are the fields of a line it does not know:
/// one bad line never costs the others. Lines may end in LF or CR LF (written back as LF).
/// The text only: the file is read and written by the window layer.
public struct RememberedViews: Equatable, Sendable {
    public struct View: Equatable, Sendable {
        public var orientation: Orientation
        public var corners: [Point]?

        public init(orientation: Orientation = .upright, corners: [Point]? = nil) {
            self.orientation = orientation
            self.corners = corners
        }

        public var isPlain: Bool { orientation.isUpright && corners == nil }
    }

    public private(set) var views: [String: View] = [:]
    /// The lines not understood, in their order, written back unchanged.
    public private(set) var otherLines: [String] = []
    /// Fields of a source's line that this version does not know (another version's
    /// `zoom=2`), written back after the ones it does.
    public private(set) var otherFields: [String: [String]] = [:]
    /// Sources whose remembered corners make no page, and why (their lines are kept, unused).
    public private(set) var problems: [String: Message] = [:]

    public init() {}

    /// Parses the file's text (lines ended by LF or CR LF); lines it cannot read are kept in
    /// `otherLines`, fields it does not know in `otherFields`.
    public init(text: String) {
        // "\r\n" is one Character: split on it as on "\n" (and on nothing else: a picture's
        // name may hold a lone CR, written as it is).
        lines: for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("rotate=") else {
                if !line.allSatisfy({ $0 == " " }) { otherLines.append(String(line)) }
                continue
            }
            var view = View()
            var degrees = 0
            var problem: Message?
            var unknown: [String] = []
            for field in parts[1].split(separator: " ") {
                let kv = field.split(separator: "=", maxSplits: 1)
                guard kv.count == 2 else {
                    unknown.append(String(field))
                    continue
                }
                switch kv[0] {
                case "rotate":
                    // A turn this version does not know ("ninety", 45): the line kept as it is.
                    guard let d = Int(kv[1]), d % 90 == 0 else {
                        otherLines.append(String(line))
                        continue lines
                    }
                    degrees = d
                case "mirror": view.orientation.mirrored = kv[1] == "1"
                case "corners":
                    let points = kv[1].split(separator: ":").compactMap { p -> Point? in
                        let xy = p.split(separator: ",").compactMap { Double($0) }
                        return xy.count == 2 && (0...1).contains(xy[0]) && (0...1).contains(xy[1])
                            ? Point(xy[0], xy[1]) : nil
                    }
                    // Four corners that make a page (`PageShape`).
                    problem = PageShape.problem(points)
                    if problem == nil { view.corners = points }
                default: unknown.append(String(field))
                }
            }
            view.orientation = Orientation(degrees: degrees, mirrored: view.orientation.mirrored)
            if let problem {
                problems[String(parts[0])] = problem
                otherLines.append(String(line))
            } else if !view.isPlain || !unknown.isEmpty {
                views[String(parts[0])] = view
                if !unknown.isEmpty { otherFields[String(parts[0])] = unknown }
            }
        }
    }

    public subscript(identity: String) -> View? {
        get { views[identity] }
        set {
            // A plain view needs no line, unless the line holds fields of another version.
            views[identity] = newValue.flatMap { $0.isPlain && otherFields[identity] == nil ? nil : $0 }
            // A new view for the source replaces the line its unusable one was kept in (corners
            // that make no page, a turn not understood): one line a source.
            problems.removeValue(forKey: identity)
            otherLines.removeAll { $0.hasPrefix(identity + "\t") }
        }
    }

    /// The file's text, sources in name order.
    public var text: String {
        views.keys.sorted().map { id in
            let v = views[id]!
            var fields = ["rotate=\(v.orientation.degrees)", "mirror=\(v.orientation.mirrored ? 1 : 0)"]
            if let c = v.corners {
                fields.append("corners=" + c.map { String(cFormat: "%.4f,%.4f", $0.x, $0.y) }.joined(separator: ":"))
            }
            fields += otherFields[id] ?? []
            // A tab or newline in a camera's name would break the line.
            let key = id.replacing("\t", with: " ").replacing("\n", with: " ")
            return key + "\t" + fields.joined(separator: " ")
        }.joined(separator: "\n") + (views.isEmpty ? "" : "\n")
            + otherLines.map { $0 + "\n" }.joined()
    }
}
