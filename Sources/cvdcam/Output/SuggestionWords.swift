import CVDCheck
import CVDCore

/// One replacement in the report's words: "green #2CA02C → #0072B2 (Okabe–Ito blue, ΔE00 32
/// from it): keeps every colour apart in every form counted".
struct SuggestionWords {
    let text: String

    init(_ s: Replacement, _ regions: [ColourRegion]) {
        let r = regions[s.region]
        let how =
            s.keepsApart
            ? "keeps every colour apart in every form counted"
            : "the nearest to keeping every colour apart found; some pairs stay at risk"
        let change = Int(s.change.rounded())
        text = "\(r.name) \(r.rgb.hexString) → \(s.colour.hexString) (\(s.source), ΔE00 \(change) from it): \(how)"
    }
}
