/// A catalogue's plural rule: the C expression of its header's `Plural-Forms: nplurals=N;
/// plural=EXPR;`, parsed once and evaluated for a count (what gettext does, without it).
/// Grammar (gettext's): `?:`, `||`, `&&`, `==` `!=`, `<` `>` `<=` `>=`, `+` `-`, `*` `/`
/// `%`, `!`, parentheses, `n` and decimal numbers.
public struct PluralRule: Sendable {
    indirect enum Node: Sendable {
        case n
        case number(Int)
        case not(Node)
        case binary(String, Node, Node)
        case choice(Node, Node, Node)
    }

    let root: Node
    public let count: Int

    /// English's (and German's, Spanish's, Italian's): one, else other.
    public static let oneOther = PluralRule(root: .binary("!=", .n, .number(1)), count: 2)

    init(root: Node, count: Int) {
        (self.root, self.count) = (root, count)
    }

    /// From a catalogue header's `Plural-Forms` value; nil when it does not parse.
    public init?(header value: String) {
        var count = 2
        var expression: Substring?
        for part in value.split(separator: ";") {
            let kv = part.split(separator: "=", maxSplits: 1).map { $0.trimmingPrefix(while: \.isWhitespace) }
            guard kv.count == 2 else { continue }
            if kv[0].hasPrefix("nplurals") { count = Int(kv[1].filter { !$0.isWhitespace }) ?? 2 }
            if kv[0].hasPrefix("plural") { expression = kv[1] }
        }
        guard let expression, count >= 1 else { return nil }
        var p = Parser(Array(expression.filter { !$0.isWhitespace }.utf8))
        guard let root = p.choice(), p.atEnd else { return nil }
        (self.root, self.count) = (root, count)
    }

    /// The form for `n` (0-based), kept below `count`.
    public func form(_ n: Int) -> Int {
        let k = Self.value(root, n)
        return k >= 0 && k < count ? k : 0
    }

    static func value(_ node: Node, _ n: Int) -> Int {
        switch node {
        case .n: return n
        case .number(let k): return k
        case .not(let a): return value(a, n) == 0 ? 1 : 0
        case .choice(let c, let a, let b): return value(c, n) != 0 ? value(a, n) : value(b, n)
        case .binary(let op, let a, let b):
            let (x, y) = (value(a, n), value(b, n))
            switch op {
            case "||": return x != 0 || y != 0 ? 1 : 0
            case "&&": return x != 0 && y != 0 ? 1 : 0
            case "==": return x == y ? 1 : 0
            case "!=": return x != y ? 1 : 0
            case "<": return x < y ? 1 : 0
            case ">": return x > y ? 1 : 0
            case "<=": return x <= y ? 1 : 0
            case ">=": return x >= y ? 1 : 0
            case "+": return x &+ y
            case "-": return x &- y
            case "*": return x &* y
            case "/": return y == 0 ? 0 : x / y
            default: return y == 0 ? 0 : x % y // "%"
            }
        }
    }

    /// Recursive descent over the expression's bytes (no spaces), lowest precedence first.
    struct Parser {
        let s: [UInt8]
        var i = 0
        init(_ s: [UInt8]) { self.s = s }
        var atEnd: Bool { i == s.count }

        mutating func take(_ token: String) -> Bool {
            let t = Array(token.utf8)
            guard i + t.count <= s.count, Array(s[i..<(i + t.count)]) == t else { return false }
            // "<" must not take the first half of "<=", "!" not of "!=".
            if t.count == 1, i + 1 < s.count, s[i + 1] == UInt8(ascii: "="), "<>!=".utf8.contains(t[0]) {
                return false
            }
            i += t.count
            return true
        }

        mutating func choice() -> Node? {
            guard let c = binary(0) else { return nil }
            guard take("?") else { return c }
            guard let a = choice(), take(":"), let b = choice() else { return nil }
            return .choice(c, a, b)
        }

        static let levels: [[String]] = [
            ["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"],
        ]

        mutating func binary(_ level: Int) -> Node? {
            guard level < Self.levels.count else { return unary() }
            guard var left = binary(level + 1) else { return nil }
            while let op = Self.levels[level].first(where: { take($0) }) {
                guard let right = binary(level + 1) else { return nil }
                left = .binary(op, left, right)
            }
            return left
        }

        mutating func unary() -> Node? {
            if take("!") { return unary().map { .not($0) } }
            if take("(") {
                guard let e = choice(), take(")") else { return nil }
                return e
            }
            if take("n") { return .n }
            var k = 0
            let start = i
            while i < s.count, s[i] >= UInt8(ascii: "0"), s[i] <= UInt8(ascii: "9") {
                k = k &* 10 &+ Int(s[i] - UInt8(ascii: "0"))
                i += 1
            }
            return i > start ? .number(k) : nil
        }
    }
}
