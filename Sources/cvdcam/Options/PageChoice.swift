import ArgumentParser

/// `--page` for `check`: the pages of a PDF to check — one (`3`), a range (`2-5`), or from
/// one to the end (`51-`). A range past the last page stops at the last page.
struct PageChoice: Equatable, CustomStringConvertible {
    let first: Int
    /// The last page asked for; nil: to the end.
    let last: Int?

    /// At most this many pages of a PDF are checked in one run (`--page` chooses others):
    /// at about a second of CPU a page, a booklet of 50 pages takes a minute, and a
    /// 2000-page book given by mistake does not take half an hour.
    static let atOnce = 50

    /// Every page.
    static let all = PageChoice(first: 1, last: nil)

    init(first: Int, last: Int?) {
        (self.first, self.last) = (first, last)
    }

    /// "3", "2-5", "51-" (an en dash is taken too: "2–5").
    static func parse(_ text: String) throws -> PageChoice {
        let parts = text.replacing("–", with: "-").split(separator: "-", omittingEmptySubsequences: false)
        let numbers = parts.map { Int($0) }
        let form = "--page takes a page (3), a range (2-5) or a page and those after it (51-), from 1; not '\(text)'"
        switch numbers.count {
        case 1:
            guard let n = numbers[0], n >= 1 else { throw ValidationError(form) }
            return PageChoice(first: n, last: n)
        case 2:
            guard let a = numbers[0], a >= 1 else { throw ValidationError(form) }
            if parts[1].isEmpty { return PageChoice(first: a, last: nil) }
            guard let b = numbers[1], b >= a else { throw ValidationError(form) }
            return PageChoice(first: a, last: b)
        default: throw ValidationError(form)
        }
    }

    /// The pages of a document of `count` pages to check now (at most `atOnce`), and those
    /// asked for that are left for another run; nil when the first page asked for is past
    /// the last.
    func split(_ count: Int) -> (checked: ClosedRange<Int>, left: ClosedRange<Int>?)? {
        guard first <= count else { return nil }
        let end = min(last ?? count, count)
        let checkedEnd = min(end, first + Self.atOnce - 1)
        return (first...checkedEnd, checkedEnd < end ? (checkedEnd + 1)...end : nil)
    }

    var description: String {
        guard let last else { return "\(first)-" }
        return last == first ? "\(first)" : "\(first)-\(last)"
    }
}

/// "page 3" or "pages 51–2000", as reports name them.
func pagesWords(_ r: ClosedRange<Int>) -> String {
    r.count == 1 ? "page \(r.lowerBound)" : "pages \(r.lowerBound)–\(r.upperBound)"
}
