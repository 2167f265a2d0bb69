import CVDCore
import CVDLocale
import CVDSources
import CVDSystem
import FoundationEssentials

/// The line at the bottom of the window: which source shows, and its trouble if any.
public enum SourceLine {
    /// A transient `message` (e.g. "saved …") wins; then a lost camera; then a failure or
    /// a notice; else the source's name.
    /// `source`: the source's `label`, every word of it in the window's language.
    public static func text(source: Message, status: SourceStatus, hasFrame: Bool, message: String? = nil) -> String {
        // In the window's language (English without a catalogue, as in the tests).
        if let message { return message }
        var line: String
        switch status {
        // A name cvdcam gave (the test scene) and its words ("picture", "monitor") in the
        // window's language; a camera's or a file's name as it is.
        case .running: line = tr("Source: %s", source.localized)
        case .disconnected(let what): line = tr("camera disconnected — waiting (%s)", what)
        // A sentence cvdcam wrote (a screen source's) in the window's language; a camera's own words as they are.
        case .failed(let why), .notice(let why): line = tr(why)
        }
        if !hasFrame { line = tr("%s — waiting for the first frame", line) }
        return line
    }

    /// Breaks a long line into lines of at most `maxChars` characters, preferring the
    /// breaks between clauses ("; ", " — "), then between words, so a long message stays
    /// readable on a small window instead of being shrunk. Chinese and Japanese break
    /// between characters, each counted as two (LineBreaks).
    public static func wrap(_ text: String, maxChars: Int) -> [String] {
        guard maxChars > 0, LineBreaks.columns(text) > maxChars else { return [text] }
        // Clauses keep their separator at the end ("…; "), then words.
        var pieces: [String] = []
        var current = ""
        var i = text.startIndex
        while i < text.endIndex {
            current.append(text[i])
            let next = text.index(after: i) < text.endIndex ? text[text.index(after: i)] : nil
            let betweenWide =
                next.map {
                    (LineBreaks.isWide(text[i]) || LineBreaks.isWide($0)) && !LineBreaks.closes($0) && $0 != " "
                }
                ?? false
            if current.hasSuffix("; ") || current.hasSuffix(" — ") || current.hasSuffix(" ")
                || (betweenWide && !LineBreaks.opens(text[i]))
            {
                pieces.append(current)
                current = ""
            }
            i = text.index(after: i)
        }
        if !current.isEmpty { pieces.append(current) }
        // Keys written as punctuation stay together.
        pieces = LineBreaks.keepingKeysTogether(pieces, separator: "")
        // A word longer than a line (a file name) breaks after its -, _, . or /.
        pieces = pieces.flatMap { piece -> [String] in
            guard LineBreaks.columns(piece) > maxChars else { return [piece] }
            var parts: [String] = []
            var part = ""
            for c in piece {
                part.append(c)
                if "-_./".contains(c), part.count >= 3 {
                    parts.append(part)
                    part = ""
                }
            }
            if !part.isEmpty { parts.append(part) }
            return parts
        }
        var lines: [String] = []
        var line = ""
        for (n, piece) in pieces.enumerated() {
            let clauseEnd = line.hasSuffix("; ") || line.hasSuffix(" — ")
            // Start a new line when this piece does not fit, or at a clause break once the
            // line is more than half full.
            if !line.isEmpty,
                LineBreaks.columns(line) + LineBreaks.columns(piece.trimmed) > maxChars
                    || (clauseEnd && LineBreaks.columns(line) > maxChars / 2 && n < pieces.count)
            {
                lines.append(line.trimmed)
                line = ""
            }
            line += piece
        }
        if !line.trimmed.isEmpty { lines.append(line.trimmed) }
        return lines
    }
}
