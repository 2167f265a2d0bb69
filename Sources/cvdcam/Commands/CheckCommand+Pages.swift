import CVDCheck
import CVDCore
import CVDImageIO
import CVDSystem

/// A PDF's pages: each checked as a picture, at most `PageChoice.atOnce` in one run, those
/// left said to be not checked with the `--page` that checks them.
extension CheckCommand {
    /// Checks the pages of a PDF that `--page` asks for (all by default), at most
    /// `PageChoice.atOnce`; those left are reported as not checked.
    func checkPages(_ document: PDFDocument, _ file: String, _ sims: [Simulation]) -> Outcome {
        let wanted = page ?? .all
        guard let (pages, left) = wanted.split(document.pageCount) else {
            return failed(file, document.noSuchPage(wanted.first))
        }
        var outcome = Outcome.safe
        for n in pages {
            let drawn: PDFDocument.Page
            do { drawn = try document.page(n) } catch {
                outcome = max(outcome, failed(file, error, page: n))
                continue
            }
            if let damage = drawn.damage { StderrCapture.write("cvdcam: warning: \(damage)\n") }
            let incomplete = drawn.damage.map { _ in
                "poppler could not draw all of the page, so a part of it may be missing"
            }
            outcome = max(
                outcome,
                check(drawn.image, unjudged: [], file: file, page: n, incomplete: incomplete, sims)
            )
            if outcome == .unwritten, StandardOutput.failure() != nil { return outcome }
        }
        if let left { outcome = max(outcome, notChecked(left, of: file, sims)) }
        return outcome
    }

    /// The pages of a PDF left for another run (past `PageChoice.atOnce`): reported as not
    /// checked, in words and in `--json`, with the `--page` that checks the next of them.
    func notChecked(_ left: ClosedRange<Int>, of file: String, _ sims: [Simulation]) -> Outcome {
        let shown = PathName.shown(file)
        let next = left.lowerBound...min(left.upperBound, left.lowerBound + PageChoice.atOnce - 1)
        let nextWords = next.count == 1 ? "\(next.lowerBound)" : "\(next.lowerBound)-\(next.upperBound)"
        if json {
            emit(
                JSONLine.encode([
                    "kind": "verdict", "file": shown, "pages": "\(left.lowerBound)-\(left.upperBound)",
                    "verdict": MaterialCheck.Verdict.notFullyChecked.rawValue,
                    "checked": MaterialCheck.Coverage.none.rawValue, "safe": false, "pairs": 0,
                    "forms": sims.map(\.mode.rawValue).joined(separator: ","), "notJudgedShare": 1,
                    "notJudged": "pages \(left.lowerBound)-\(left.upperBound)",
                ]))
        } else {
            emit(
                [
                    "\(shown) \(pagesWords(left)): not checked",
                    "  judged: nothing — cvdcam checks at most \(PageChoice.atOnce) pages of a PDF in one run; "
                        + "--page \(nextWords) checks \(next.count == left.count ? "them" : "the next \(next.count)")",
                    "  verdict: not fully checked — \(pagesWords(left)) of \(shown) were not checked",
                ].joined(separator: "\n"))
        }
        return StandardOutput.failure() != nil ? .unwritten : .notFullyChecked
    }
}
