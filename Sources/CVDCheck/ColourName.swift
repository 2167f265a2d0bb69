import CVDCore

/// A colour's everyday name, unique within one picture: the nearest name (`ColourNames`), and
/// where two of the picture's colours share it, "lighter" and "darker" (by L*) — "orange"
/// and "lighter orange", never "orange ↔ orange". A third and later colour of the same name
/// gets a number ("orange 3").
public struct ColourName: Sendable, Equatable, CustomStringConvertible {
    public let base: String
    public let qualifier: Qualifier?

    public enum Qualifier: Sendable, Equatable {
        case lighter, darker
        case number(Int)
    }

    public init(base: String, qualifier: Qualifier? = nil) {
        self.base = base
        self.qualifier = qualifier
    }

    /// English, as the command line speaks.
    public var description: String {
        switch qualifier {
        case nil: base
        case .lighter?: "lighter " + base
        case .darker?: "darker " + base
        case .number(let n)?: "\(base) \(n)"
        }
    }

    /// Names for `colours`, in order, none the same as another.
    public static func unique(_ colours: [RGB8]) -> [ColourName] {
        let bases = colours.map { ColourNames.name(of: $0) }
        var out = bases.map { ColourName(base: $0) }
        var done = Set<String>()
        for base in bases where !done.contains(base) {
            done.insert(base)
            let same = bases.indices.filter { bases[$0] == base }
            guard same.count > 1 else { continue }
            // Lightest first (ties: the earlier colour).
            let byLightness = same.sorted {
                let a = CIELab(colours[$0]).l
                let b = CIELab(colours[$1]).l
                return a != b ? a > b : $0 < $1
            }
            for (rank, k) in byLightness.enumerated() {
                let q: Qualifier? =
                    rank == 0 ? .lighter : rank == byLightness.count - 1 ? .darker : rank == 1 ? nil : .number(rank + 1)
                out[k] = ColourName(base: base, qualifier: q)
            }
        }
        return out
    }
}
