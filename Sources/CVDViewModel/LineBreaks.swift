import CVDSystem

/// Where a line of text may break. Words are separated by spaces, but Chinese and Japanese
/// are written without them: there a line may break between any two characters, except
/// before closing punctuation (。、」) or after an opening bracket (「). Such characters are
/// also twice as wide as a Latin letter, which `columns` counts.
enum LineBreaks {
    /// A text's pieces in order; `spaced` says whether a space separates the piece from the
    /// one before it on the same line (false inside a run of CJK characters).
    /// Keys written as punctuation stay together (`keepingKeysTogether`).
    static func pieces(_ text: String) -> [(text: String, spaced: Bool)] {
        var out: [(text: String, spaced: Bool)] = []
        for word in keepingKeysTogether(text.split(separator: " ").map(String.init), separator: " ") {
            var piece = ""
            var spaced = true
            let chars = Array(word)
            for (i, c) in chars.enumerated() {
                piece.append(c)
                let next = i + 1 < chars.count ? chars[i + 1] : nil
                if let next, isWide(c) || isWide(next), !opens(c), !closes(next) {
                    out.append((piece, spaced))
                    piece = ""
                    spaced = false
                }
            }
            if !piece.isEmpty { out.append((piece, spaced)) }
        }
        return out
    }

    enum Cling { case toPrevious, toNext }

    /// `pieces` with those that are keys written as punctuation joined to their neighbour
    /// (`clings`), by `separator`.
    static func keepingKeysTogether(_ pieces: [String], separator: String) -> [String] {
        pieces.reduce(into: []) { kept, piece in
            if let last = kept.indices.last {
                let previous = kept[last].split(separator: " ").last ?? ""
                if clings(piece) == .toPrevious && clings(previous) == .toPrevious || clings(previous) == .toNext {
                    kept[last] += separator + piece
                    return
                }
            }
            kept.append(piece)
        }
    }

    /// Words of punctuation alone are keys (", ." set a strength, "[ ]" a severity): one of
    /// closing punctuation stays with such a word before it (", ." is never split), one of
    /// opening brackets with the word after it ("[ ]").
    static func clings(_ word: some StringProtocol) -> Cling? {
        let w = word.trimmed
        if !w.isEmpty, w.allSatisfy(closes) { return .toPrevious }
        if !w.isEmpty, w.allSatisfy(opens) { return .toNext }
        return nil
    }

    /// The text's width in columns: a CJK character counts two.
    static func columns(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + (isWide($1) ? 2 : 1) }
    }

    /// CJK ideographs, kana, Hangul and full-width forms.
    static func isWide(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
            || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x3FFFD).contains(v)
    }

    /// Punctuation a line may not start with.
    static func closes(_ c: Character) -> Bool { "。、，．・：；！？）」』】〉》ー〜…)]}.,:;!?%".contains(c) }

    /// Brackets a line may not end with.
    static func opens(_ c: Character) -> Bool { "（「『【〈《([{".contains(c) }
}
