import CVDCore

/// The check in the live view, calm: successive checks of a camera's picture (a few a
/// second) turned into what the window shows — numbered pairs whose numbers stay while the
/// material stays put, and that change only when two checks in a row agree, so camera
/// noise that adds or drops a pair for one check makes nothing flicker.
///
/// Regions are followed from check to check by colour (CIE76 within `sameColour`: the same
/// region under noise and small changes of light), pairs by their two regions.
public struct CheckTracker: Sendable {
    /// A region as shown: its colour, name and where it is, as fractions (0…1) of the picture:
    /// the box of the group of marks its largest mark is in (`CheckMarks.groups`), and the
    /// boxes of its other groups (x, y, width, height), which are outlined too.
    public struct Region: Sendable, Equatable {
        public let rgb: RGB8
        public let name: ColourName
        public var x: Double, y: Double, width: Double, height: Double
        let lab: CIELab
        public var others: [SIMD4<Double>] = []
    }

    /// A mode a pair is at risk in, and how that mode sees the pair.
    public struct Risk: Sendable, Equatable {
        public let mode: VisionMode
        public let verdict: PairVerdict
    }

    /// What to use instead: `colour` for the pair's `first` region (or its `second`).
    public struct Suggestion: Sendable, Equatable {
        public let colour: RGB8
        public let replacesFirst: Bool
        public let keepsApart: Bool
    }

    public struct Pair: Sendable, Equatable {
        public let number: Int
        public var first: Region, second: Region
        public var risks: [Risk]
        public var suggestion: Suggestion?
        /// The region the suggestion replaces (nil: no suggestion).
        public var replaced: Region? { suggestion.map { $0.replacesFirst ? first : second } }
        /// At risk in `mode`.
        public func isAtRisk(in mode: VisionMode) -> Bool { risks.contains { $0.mode == mode } }
    }

    /// What the window shows: the pairs at risk in `modes` (the modes checked), by number.
    public struct Shown: Sendable, Equatable {
        public var pairs: [Pair]
        public let modes: [VisionMode]
        public var isSafe: Bool { pairs.isEmpty }
    }

    /// CIE76 distance within which two checks' regions are the same region.
    public static let sameColour = 12.0
    /// A region's box moves on screen only when an edge moved by more than this share of
    /// the picture (a working pixel's jitter does not).
    public static let boxSlack = 0.03

    public private(set) var shown: Shown?
    /// Where the picture shown is bare paper, from the check that last changed what is
    /// shown (so the marks laid out on it stay put while the pairs do).
    public private(set) var paper: PaperMap?
    /// The last check's pairs (not yet shown unless they agreed with the one before).
    private var previous: [Pair] = []

    public init() {}

    /// Takes a new check (of the modes `check.results` name), its suggestions and the map
    /// of its picture's paper; returns whether what is shown changed.
    public mutating func update(_ check: MaterialCheck, suggestions: [Replacement], paper map: PaperMap? = nil) -> Bool
    {
        let changed = updateShown(check, suggestions)
        if changed || paper == nil { paper = map }
        return changed
    }

    private mutating func updateShown(_ check: MaterialCheck, _ suggestions: [Replacement]) -> Bool {
        let modes = check.results.map(\.simulation.mode)
        let fresh = Self.pairs(check, suggestions)
        defer { previous = fresh }
        guard let old = shown, old.modes == modes else {
            // The first check, or other modes asked for (a key): shown at once.
            shown = Shown(pairs: numbered(fresh, keeping: shown?.pairs ?? []), modes: modes)
            return true
        }
        // A change is shown once two checks in a row agree on it.
        guard Self.samePairs(fresh, previous) else { return false }
        var next = numbered(fresh, keeping: old.pairs)
        if Self.samePairs(next, old.pairs) {
            // The same pairs: only boxes that really moved, and new suggestions, are taken.
            next = old.pairs.map { o in
                guard let n = next.first(where: { $0.number == o.number }) else { return o }
                // Where the last check saw the pair too: a box moves once two checks agree on it.
                let seen = previous.first { Self.same($0, n) }
                var kept = o
                kept.first = Self.settled(
                    o.first, n.first, seen.map { Self.close($0.first, n.first) ? $0.first : $0.second })
                kept.second = Self.settled(
                    o.second, n.second, seen.map { Self.close($0.first, n.first) ? $0.second : $0.first })
                kept.risks = n.risks
                kept.suggestion = n.suggestion
                return kept
            }
        }
        let changed = next != old.pairs
        shown = Shown(pairs: next, modes: modes)
        return changed
    }

    /// Forgets what is shown (the check turned off).
    public mutating func reset() {
        shown = nil
        paper = nil
        previous = []
    }

    /// `fresh`'s pairs numbered: the number of the pair in `kept` with the same two regions,
    /// else the smallest number no other pair has; by number.
    func numbered(_ fresh: [Pair], keeping kept: [Pair]) -> [Pair] {
        var used = Set<Int>()
        var numbers = [Int?](repeating: nil, count: fresh.count)
        for (i, p) in fresh.enumerated() {
            if let k = kept.first(where: { Self.same($0, p) && !used.contains($0.number) }) {
                numbers[i] = k.number
                used.insert(k.number)
            }
        }
        var next = 1
        var out: [Pair] = []
        for (i, p) in fresh.enumerated() {
            var n = numbers[i]
            if n == nil {
                while used.contains(next) { next += 1 }
                n = next
                used.insert(next)
            }
            out.append(Pair(number: n!, first: p.first, second: p.second, risks: p.risks, suggestion: p.suggestion))
        }
        return out.sorted { $0.number < $1.number }
    }

    /// A check's pairs at risk, unnumbered (numbers in `MaterialCheck.numberedPairs`' order).
    static func pairs(_ check: MaterialCheck, _ suggestions: [Replacement]) -> [Pair] {
        let found = check.found
        let w = Double(max(1, found.width))
        let h = Double(max(1, found.height))
        let thick = CheckMarks.frameWidth(found.width, found.height)
        func region(_ i: Int) -> Region {
            let r = found.regions[i]
            var groups = CheckMarks.groups(r, thick: thick)
            let main = groups.firstIndex { MarkGroups.near($0, r.box, 0) }.map { groups.remove(at: $0) } ?? r.box
            return Region(
                rgb: r.rgb, name: r.name, x: Double(main.x) / w, y: Double(main.y) / h,
                width: Double(main.width) / w, height: Double(main.height) / h, lab: r.lab,
                others: groups.map {
                    SIMD4(Double($0.x) / w, Double($0.y) / h, Double($0.width) / w, Double($0.height) / h)
                })
        }
        return check.numberedPairs.enumerated().map { n, p in
            let risks = check.results.compactMap { result -> Risk? in
                result.pairs.first { $0.first == p.first && $0.second == p.second }.map {
                    Risk(mode: result.simulation.mode, verdict: $0.verdictSeen)
                }
            }
            let s = suggestions.first { $0.pairs.contains(n + 1) }.map {
                Suggestion(colour: $0.colour, replacesFirst: $0.region == p.first, keepsApart: $0.keepsApart)
            }
            return Pair(number: n + 1, first: region(p.first), second: region(p.second), risks: risks, suggestion: s)
        }
    }

    /// The same two regions (in either order).
    static func same(_ p: Pair, _ q: Pair) -> Bool {
        (close(p.first, q.first) && close(p.second, q.second)) || (close(p.first, q.second) && close(p.second, q.first))
    }

    static func close(_ a: Region, _ b: Region) -> Bool {
        let dl = a.lab.l - b.lab.l
        let da = a.lab.a - b.lab.a
        let db = a.lab.b - b.lab.b
        return dl * dl + da * da + db * db <= sameColour * sameColour
    }

    /// Every pair of `a` is one of `b`'s and the other way round.
    static func samePairs(_ a: [Pair], _ b: [Pair]) -> Bool {
        a.count == b.count && a.allSatisfy { p in b.contains { same(p, $0) } }
            && b.allSatisfy { p in a.contains { same(p, $0) } }
    }

    /// The shown region, its box moved to the new one's only if it moved by more than
    /// `boxSlack` and the check before (`seen`) saw it there too.
    static func settled(_ old: Region, _ new: Region, _ seen: Region?) -> Region {
        guard moved(old, new) > boxSlack, let seen, moved(seen, new) <= boxSlack else { return old }
        return new
    }

    /// How far the furthest edge of `b`'s box lies from `a`'s (fractions of the picture).
    static func moved(_ a: Region, _ b: Region) -> Double {
        max(
            abs(a.x - b.x), abs(a.y - b.y), abs(a.x + a.width - b.x - b.width), abs(a.y + a.height - b.y - b.height))
    }
}
