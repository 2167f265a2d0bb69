/// Brettel, Viénot & Mollon 1997, "Computerized simulation of color appearance for
/// dichromats": the colour surface as two half-planes through the neutral axis,
/// anchored at 475/575 nm (protan, deutan) and 485/660 nm (tritan). Reduced to RGB:
/// pick `t1` or `t2` by the side of the separating plane `n`.
/// Partial severity blends with the input in linear light (MODELS.md §4).
public struct Brettel1997: DichromacySimulator {
    public init() {}
    public var kind: ModelKind { .brettel1997 }

    public func dichromatTransform(for deficiency: Deficiency) -> ColourTransform {
        let p = entry(Self.planes, for: deficiency)
        return .halfPlanes(t1: p.t1, t2: p.t2, normal: p.n)
    }

    struct Planes: Sendable {
        var t1: Matrix3, t2: Matrix3, n: (Double, Double, Double)
    }

    static let planes: [Deficiency: Planes] = [
        .protan: Planes(
            t1: Matrix3(
                rows: [0.1498032950936071, 1.1954778651708422, -0.34528116026444966],
                [0.10764488239426882, 0.8486384698286558, 0.043716647777075957],
                [0.003836891441013912, -0.005395126518751462, 1.0015582350777377]),
            t2: Matrix3(
                rows: [0.1456998032370053, 1.1617182299472488, -0.3074180331842535],
                [0.10816443262983268, 0.852912835916345, 0.038922731453822586],
                [0.0038554102763516704, -0.0052427711230017115, 1.0013873608466501]),
            n: (0.0004777303071417074, 0.0039303114196296, -0.004408041726771305)),
        .deutan: Planes(
            t1: Matrix3(
                rows: [0.36477409300181096, 0.8638105423488506, -0.22858463535066056],
                [0.262937415220105, 0.6424451384257993, 0.0946174463540957],
                [-0.020061903217591458, 0.02728113464520147, 0.9927807685723901]),
            t2: Matrix3(
                rows: [0.3729847101955035, 0.881658204224028, -0.2546429144195319],
                [0.2595388157006471, 0.6350575019495763, 0.10540368234977704],
                [-0.019802592938080104, 0.027844805083159736, 0.9919577878549204]),
            n: (-0.0028103920668026334, -0.006109032507751962, 0.008919424574554595)),
        .tritan: Planes(
            t1: Matrix3(
                rows: [1.012772667540355, 0.13548459410110397, -0.1482572616414593],
                [-0.0124327939833043, 0.8681205753576041, 0.14431221862570068],
                [0.07589076181165973, 0.8050024810862992, 0.11910675710204116]),
            t2: Matrix3(
                rows: [0.9367812529161305, 0.18978984969108645, -0.1265711026072172],
                [0.061536531495324676, 0.815260352320579, 0.12320311618409661],
                [-0.37562387510793305, 1.1276654803446426, 0.2479583947632907]),
            n: (0.039014607650585564, -0.02788075798673892, -0.011133849663846685)),
    ]
}
