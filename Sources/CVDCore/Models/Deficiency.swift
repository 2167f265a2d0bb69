/// Which cone type is missing or altered.
public enum Deficiency: String, CaseIterable, Sendable, Hashable {
    /// L cones (red-sensitive): protanopia, protanomaly.
    case protan
    /// M cones (green-sensitive): deuteranopia, deuteranomaly.
    case deutan
    /// S cones (blue-sensitive): tritanopia, tritanomaly.
    case tritan
    /// No cone vision (rod monochromacy).
    case achromat
}
