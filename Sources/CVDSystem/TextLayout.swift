/// Trimming and padding text without Foundation (cvdcam links FoundationEssentials only, which
/// has no `trimmingCharacters(in:)`; Foundation would add ~30 MB of ICU data).
extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks.
    public var trimmed: String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace || $0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }),
            let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[first...last])
    }

    /// The text left-aligned in `width` characters: spaces added after it (as `%-9s`), never cut.
    public func padded(to width: Int) -> String {
        String(self) + String(repeating: " ", count: Swift.max(0, width - count))
    }
}
