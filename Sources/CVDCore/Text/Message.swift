/// Words for a person, kept so that they can be said in English (stdout, which scripts and
/// logs read, is the same in every language) and in the window's language: a format with
/// `%s` (or `%1$s`, `%2$s`) places, and what fills them.
///
/// The format is the catalogue's key (scripts/extract-strings finds `Message("…")`); an
/// argument can be a term translated in turn (a mode's name) or a number, which the window
/// writes with its language's decimal separator (`localized`, CVDSystem: gettext).
public struct Message: Equatable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public enum Argument: Equatable, Sendable {
        /// As it is (a file name, a device).
        case text(String)
        /// A word with a translation of its own ("deuteranopia").
        case term(String)
        /// A number with this many decimals ("0.6", "0,6").
        case number(Double, places: Int)
        /// Words of their own.
        case message(Message)
    }

    public let format: String
    public let arguments: [Argument]

    public init(_ format: String, _ arguments: Argument...) {
        self.format = format
        self.arguments = arguments
    }

    /// Words that are not translated (an error from the system, a path): shown as they are.
    public init(verbatim text: String) {
        format = "%" + "s"
        arguments = [.text(text)]
    }

    /// A word with a translation of its own, or a name shown as it is where it has none
    /// (a source's name: "built-in test scene", or a camera's).
    public init(term: String) {
        format = "%" + "s"
        arguments = [.term(term)]
    }

    public init(stringLiteral value: String) {
        format = value
        arguments = []
    }

    /// In English: for stdout.
    public var english: String {
        Self.fill(
            format,
            arguments.map { a in
                switch a {
                case .text(let t), .term(let t): t
                case .number(let x, let places): PairComparison.fixed(x, places)
                case .message(let m): m.english
                }
            })
    }

    public var description: String { english }

    /// `format` with each `%s` filled by the next argument, and `%1$s`, `%2$s`, … by that
    /// one (translations may reorder); `%%` is a percent sign.
    public static func fill(_ format: String, _ arguments: [String]) -> String {
        var out = ""
        var next = 0
        var i = format.startIndex
        while i < format.endIndex {
            let c = format[i]
            guard c == "%", format.index(after: i) < format.endIndex else {
                out.append(c)
                i = format.index(after: i)
                continue
            }
            var j = format.index(after: i)
            if format[j] == "%" {
                out.append("%")
                i = format.index(after: j)
                continue
            }
            var digits = ""
            while j < format.endIndex, format[j].isNumber {
                digits.append(format[j])
                j = format.index(after: j)
            }
            if !digits.isEmpty, j < format.endIndex, format[j] == "$" {
                j = format.index(after: j)
            } else {
                digits = ""
            }
            guard j < format.endIndex, format[j] == "s" else {
                out.append(c)
                i = format.index(after: i)
                continue
            }
            let index = digits.isEmpty ? next : (Int(digits) ?? 1) - 1
            if digits.isEmpty { next += 1 }
            out += arguments.indices.contains(index) ? arguments[index] : ""
            i = format.index(after: j)
        }
        return out
    }
}

/// Marks a string for translation where it is written; the window layer translates it when it
/// shows it (scripts/extract-strings finds these). Returns the string unchanged. Named as
/// gettext names it (gettext_noop is N_ in every C project), so translators know it.
// swift-format-ignore: AlwaysUseLowerCamelCase
@inline(__always) public func N_(_ text: String) -> String { text }
