import CVDCore
import CVDImageIO
import Foundation
import Testing

/// Worksheets as PDFs: `check` checks each page and names it ("worksheet.pdf page 2"),
/// `--page` chooses, `--marked`/`--recoloured` write one PNG per page, `convert` takes a
/// page; a locked, damaged or cut-short PDF is one line and the next file is still checked;
/// a 2000-page PDF is checked in part and says which pages were not; the same bytes every run.
@Suite struct PDFTests {
    /// Each page's part of a report, by page number: from its first line
    /// ("…worksheet.pdf page 2: 4 colours …") to the next page's.
    static func pages(_ report: String, _ name: String = "worksheet.pdf") -> [Int: String] {
        var out: [Int: String] = [:]
        var current: Int?
        for line in report.split(separator: "\n", omittingEmptySubsequences: false) {
            if let r = line.range(of: name + " page "), !line.hasPrefix(" "),
                let n = Int(line[r.upperBound...].prefix { $0.isNumber })
            {
                current = n
            }
            if let current { out[current, default: ""] += line + "\n" }
        }
        return out
    }

    @Test func eachPageIsCheckedAndNamed() throws {
        let dir = CLI.tempDir()
        let pdf = try TestPDF.worksheet(in: dir)
        let r = try CLI.run(["check", pdf, "--mode", "deuteranopia"])
        #expect(r.status == 1, "page 2 is at risk: status \(r.status): \(r.stdout)\(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        let pages = Self.pages(r.stdout)
        #expect(pages.keys.sorted() == [1, 2], "\(r.stdout)")
        let one = pages[1] ?? ""
        let two = pages[2] ?? ""
        #expect(one.hasPrefix(pdf + " page 1: "), "\(one)")
        #expect(one.contains("blue") && one.contains("verdict: safe in every form checked"), "\(one)")
        #expect(two.hasPrefix(pdf + " page 2: "), "\(two)")
        #expect(
            two.contains("red #D62728 (lines") && two.contains("green #2CA02C (lines"), "the 2.5-point lines: \(two)")
        #expect(two.contains("verdict: at risk — 1 pair of colours (deuteranopia)"), "\(two)")
        #expect(r.stdout.range(of: " page 1: ")!.lowerBound < r.stdout.range(of: " page 2: ")!.lowerBound)

        // --page: one page, a range; page 1 alone is safe.
        let second = try CLI.run(["check", pdf, "--mode", "deuteranopia", "--page", "2"])
        #expect(second.status == 1 && Self.pages(second.stdout).keys.sorted() == [2], "\(second.stdout)")
        let first = try CLI.run(["check", pdf, "--mode", "deuteranopia", "--page", "1"])
        #expect(first.status == 0 && Self.pages(first.stdout).keys.sorted() == [1], "\(first.stdout)")
        let range = try CLI.run(["check", pdf, "--mode", "deuteranopia", "--page", "2-9"])
        #expect(range.status == 1 && Self.pages(range.stdout).keys.sorted() == [2], "to the last page: \(range.stdout)")
        let past = try CLI.run(["check", pdf, "--page", "3"])
        #expect(past.status == 2, "\(past.stdout)")
        #expect(past.stderr == "cvdcam: error: cannot read '\(pdf)': the PDF has 2 pages; there is no page 3\n")
        let bad = try CLI.run(["check", pdf, "--page", "0"])
        #expect(bad.status != 0 && bad.stderr.contains("--page takes a page (3), a range (2-5)"), "\(bad.stderr)")

        // JSON: every line names the file and the page; each page ends with its verdict.
        let json = try CLI.run(["check", pdf, "--mode", "deuteranopia", "--json"])
        let lines = json.stdout.split(separator: "\n")
        #expect(json.status == 1 && lines.allSatisfy { $0.contains("\"file\":\"\(pdf)\"") }, "\(json.stdout)")
        let verdicts = lines.filter { $0.contains("\"kind\":\"verdict\"") }
        #expect(verdicts.count == 2, "\(json.stdout)")
        #expect(
            verdicts.first?.contains("\"page\":1") == true && verdicts.first?.contains("\"verdict\":\"safe\"") == true)
        #expect(
            verdicts.last?.contains("\"page\":2") == true && verdicts.last?.contains("\"verdict\":\"at risk\"") == true)
    }

    @Test func markedAndRecolouredAreOnePNGPerPage() throws {
        let dir = CLI.tempDir()
        let pdf = try TestPDF.worksheet(in: dir)
        let r = try CLI.run([
            "check", pdf, "--mode", "deuteranopia", "--marked", dir + "/marked.png", "--recoloured", dir + "/fixed.png",
        ])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        for name in ["marked-page1.png", "fixed-page1.png", "marked-page2.png", "fixed-page2.png"] {
            #expect(r.stdout.contains("wrote \(dir)/\(name)\n"), "\(name): \(r.stdout)")
            let picture = try ImageFile.read(dir + "/" + name)
            #expect(picture.width == 1240 && picture.height == 1754, "an A4 page at 150 dpi: \(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/marked.png"), "no file under the bare name")
        // Page 2 as drawn, to compare: the marks are drawn on it, and page 1 (safe) is as drawn.
        let drawn = try CLI.run(["convert", pdf, dir + "/page2.png", "--page", "2", "--mode", "normal"])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(try ImageFile.read(dir + "/marked-page2.png") != ImageFile.read(dir + "/page2.png"), "page 2 is marked")
        let page1 = try CLI.run(["convert", pdf, dir + "/page1.png", "--mode", "normal"])
        #expect(page1.status == 0 && page1.stdout.contains("page 1 of 2, 150 dpi"), "\(page1.stdout)")
        #expect(try ImageFile.read(dir + "/marked-page1.png") == ImageFile.read(dir + "/page1.png"), "nothing to mark")
        // The recoloured page 2 passes the same check.
        let again = try CLI.run(["check", dir + "/fixed-page2.png", "--mode", "deuteranopia"])
        #expect(again.status == 0, "\(again.stdout)")
    }

    @Test func badPDFsAreOneLineAndTheNextFileIsChecked() throws {
        let dir = CLI.tempDir()
        let pdf = try TestPDF.worksheet(in: dir)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: pdf))
        // Cut short: cairo writes the page tree and the catalogue last.
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: dir + "/cut.pdf"))
        try Data("%PDF-1.7\nnothing else\n".utf8).write(to: URL(fileURLWithPath: dir + "/junk.pdf"))
        // Locked with a password (qpdf, AES-256), and one only its owner's password restricts.
        let qpdf = try NothingLostTests.shell(
            "qpdf --encrypt secret owner 256 -- '\(pdf)' '\(dir)/locked.pdf' && "
                + "qpdf --encrypt '' owner 256 -- '\(pdf)' '\(dir)/restricted.pdf'")
        #expect(qpdf.status == 0, "qpdf (scripts/lib.sh's TEST_PACKAGES): \(qpdf.stderr)")
        try TestPDF.make(dir + "/damaged.pdf", ["--damaged"])
        try TestPDF.make(dir + "/empty.pdf", ["--no-pages"])

        let r = try CLI.run([
            "check", dir + "/locked.pdf", dir + "/cut.pdf", dir + "/junk.pdf", dir + "/empty.pdf", pdf, "--page", "1",
            "--mode", "deutan",
        ])
        #expect(r.status == 2, "a file could not be read: \(r.stderr)")
        let errors = r.stderr.split(separator: "\n")
        #expect(errors.count == 4, "one line each: \(r.stderr)")
        #expect(
            r.stderr.contains("cvdcam: error: cannot read '\(dir)/empty.pdf': the PDF has no pages\n"), "\(r.stderr)")
        #expect(
            r.stderr.hasPrefix(
                "cvdcam: error: cannot read '\(dir)/locked.pdf': the PDF is locked with a password, which cvdcam "
                    + "does not ask for: save a copy without it (open it with the password and print it to a PDF "
                    + "file, or: qpdf --decrypt --password=… IN OUT.pdf)\n"), "\(r.stderr)")
        for name in ["cut.pdf", "junk.pdf"] {
            #expect(
                errors.contains {
                    $0.hasPrefix("cvdcam: error: cannot read '\(dir)/\(name)': the PDF file is damaged or cut short")
                }, "\(name): \(r.stderr)")
        }
        #expect(r.stdout.hasPrefix(pdf + " page 1: ") && r.stdout.contains("verdict: safe"), "\(r.stdout)")

        // A password that only restricts printing or copying does not keep the pages from view.
        let restricted = try CLI.run(["check", dir + "/restricted.pdf", "--page", "1", "--mode", "deutan"])
        #expect(restricted.status == 0 && restricted.stderr.isEmpty, "\(restricted.stdout)\(restricted.stderr)")

        // A page poppler cannot draw whole: a warning, and never "safe".
        let damaged = try CLI.run(["check", dir + "/damaged.pdf", "--mode", "deutan", "--json"])
        #expect(damaged.status == 3, "\(damaged.stdout)\(damaged.stderr)")
        #expect(
            damaged.stderr.hasPrefix("cvdcam: warning: 'damaged.pdf' page 1 is damaged: poppler reported ")
                && damaged.stderr.split(separator: "\n").count == 1, "\(damaged.stderr)")
        let verdict = damaged.stdout.split(separator: "\n").last ?? ""
        #expect(
            verdict.contains("\"checked\":\"partly\"") && verdict.contains("\"verdict\":\"not fully checked\"")
                && verdict.contains("\"damage\":\"poppler could not draw all of the page"), "\(verdict)")

        // A picture has one page.
        let png = dir + "/page.png"
        try ImageFile.write(RGBAImage(width: 64, height: 64, fill: RGB8(255, 255, 255)), to: png)
        let picture = try CLI.run(["check", png, "--page", "2"])
        #expect(picture.status == 2, "\(picture.stdout)")
        #expect(picture.stderr.contains("it is a picture, which is one page: there is no page 2"), "\(picture.stderr)")
        let viewPage = try CLI.run(["convert", png, dir + "/x.png", "--mode", "normal", "--page", "2"])
        #expect(viewPage.status != 0 && viewPage.stderr.contains("there is no page 2"), "\(viewPage.stderr)")
    }

    /// GLib's g_malloc aborts when memory cannot be had (status 133, "GLib-ERROR"): the copy
    /// poppler keeps of the file is made with malloc, so that it is a line instead.
    @Test(.enabled(if: NothingLostTests.hasPrlimit, "prlimit (util-linux) is not installed"))
    func aPDFTooLargeForTheMemoryLeftIsOneLine() throws {
        let dir = CLI.tempDir()
        let pdf = try TestPDF.worksheet(in: dir)
        // 600 MB: a PDF's head, the rest a hole (no disk used).
        let made = try NothingLostTests.shell(
            "cd '\(dir)' && printf '%%PDF-1.7\\n' > big.pdf && truncate -s 600M big.pdf")
        #expect(made.status == 0, "\(made.stderr)")
        let r = try NothingLostTests.shell(
            "cd '\(dir)' && prlimit --as=1000000000 \"$CVDCAM\" check big.pdf '\(pdf)' --page 1 --mode deutan")
        #expect(r.status == 2, "status \(r.status) (133: GLib's abort): \(r.stderr)")
        #expect(
            r.stderr.hasPrefix("cvdcam: error: cannot read 'big.pdf': there is not enough memory")
                && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stdout.hasPrefix(pdf + " page 1: "), "the next file is checked: \(r.stdout)")
    }

    @Test func aLongPDFIsCheckedInPartAndSaysWhichPagesWereNot() throws {
        let dir = CLI.tempDir()
        let book = dir + "/book.pdf"
        // 2000 small pages (2 inches square), a safe pair of bars on each.
        try TestPDF.make(book, ["bars:0072B2,E69F00@144x144*2000"])
        let r = try CLI.run(["check", book, "--mode", "deuteranopia"])
        #expect(r.status == 3, "not fully checked: \(r.stdout.suffix(600))")
        let pages = Self.pages(r.stdout, "book.pdf")
        #expect(pages.keys.sorted() == Array(1...50), "the first 50 pages: \(pages.keys.sorted())")
        #expect(
            r.stdout.hasSuffix(
                """
                \(book) pages 51–2000: not checked
                  judged: nothing — cvdcam checks at most 50 pages of a PDF in one run; --page 51-100 checks the next 50
                  verdict: not fully checked — pages 51–2000 of \(book) were not checked

                """), "\(r.stdout.suffix(400))")
        let json = try CLI.run(["check", book, "--mode", "deuteranopia", "--json", "--page", "1990-"])
        let last = json.stdout.split(separator: "\n").last ?? ""
        #expect(json.status == 0, "pages 1990–2000, all checked: \(json.stdout.suffix(300))")
        #expect(last.contains("\"page\":2000") && last.contains("\"verdict\":\"safe\""), "\(last)")
        let tail = try CLI.run(["check", book, "--mode", "deuteranopia", "--json", "--page", "1900-"])
        let lastLine = tail.stdout.split(separator: "\n").last ?? ""
        #expect(tail.status == 3, "\(lastLine)")
        #expect(
            lastLine.contains("\"pages\":\"1950-2000\"") && lastLine.contains("\"checked\":\"none\"")
                && lastLine.contains("\"verdict\":\"not fully checked\""), "\(lastLine)")
    }

    @Test func aHugePageIsDrawnWithinItsCap() throws {
        let dir = CLI.tempDir()
        // 200 × 200 inches (PDF's largest page without UserUnit): 30000 pixels a side at 150 dpi.
        try TestPDF.make(dir + "/poster.pdf", ["bars:0072B2,E69F00@14400x14400"])
        let r = try CLI.run(["convert", dir + "/poster.pdf", dir + "/poster.png", "--mode", "normal"])
        #expect(r.status == 0 && r.stdout.contains("page 1 of 1, 20 dpi"), "\(r.stdout)\(r.stderr)")
        let poster = try ImageFile.read(dir + "/poster.png")
        #expect(poster.width == 4096 && poster.height == 4096, "\(poster.width)×\(poster.height)")
    }

    @Test func aTurnedPageIsDrawnTurned() throws {
        let dir = CLI.tempDir()
        let pdf = try TestPDF.worksheet(in: dir)
        // Page 2 turned a quarter clockwise (its /Rotate 90), as a landscape chart is stored.
        let qpdf = try NothingLostTests.shell("qpdf --rotate=+90:2 '\(pdf)' '\(dir)/turned.pdf'")
        #expect(qpdf.status == 0, "qpdf (scripts/lib.sh's TEST_PACKAGES): \(qpdf.stderr)")
        let r = try CLI.run(["convert", dir + "/turned.pdf", dir + "/turned.png", "--page", "2", "--mode", "normal"])
        #expect(r.status == 0, "\(r.stderr)")
        let turned = try ImageFile.read(dir + "/turned.png")
        #expect(turned.width == 1754 && turned.height == 1240, "landscape: \(turned.width)×\(turned.height)")
        // The title, near the page's top left, is now at the right edge.
        let upright = try CLI.run(["convert", pdf, dir + "/upright.png", "--page", "2", "--mode", "normal"])
        #expect(upright.status == 0, "\(upright.stderr)")
        let page = try ImageFile.read(dir + "/upright.png")
        var same = 0
        for y in 0..<page.height {
            for x in 0..<page.width where page[x, y] == turned[page.height - 1 - y, x] { same += 1 }
        }
        #expect(same >= page.width * page.height * 99 / 100, "turned a quarter clockwise: \(same) pixels agree")
    }

    @Test func convertTakesAPageAndTheSameBytesComeEveryRun() throws {
        let dir = CLI.tempDir()
        let pdf = try TestPDF.worksheet(in: dir)
        var runs: [[Data]] = []
        for i in 0..<2 {
            let convert = try CLI.run(
                ["convert", pdf, dir + "/deut\(i).png", "--page", "2", "--mode", "deuteranopia"])
            #expect(convert.status == 0, "\(convert.stderr)")
            let text = try CLI.run(["check", pdf])
            let json = try CLI.run(
                ["check", pdf, "--json", "--marked", dir + "/m\(i).png", "--recoloured", dir + "/r\(i).png"])
            #expect(text.status == 1 && json.status == 1, "\(text.stdout)\(json.stderr)")
            runs.append(
                [
                    Data(text.stdout.utf8),
                    Data(json.stdout.replacing("m\(i)-", with: "m-").replacing("r\(i)-", with: "r-").utf8),
                ]
                    + (try ["deut\(i).png", "m\(i)-page1.png", "m\(i)-page2.png", "r\(i)-page1.png", "r\(i)-page2.png"]
                        .map {
                            try Data(contentsOf: URL(fileURLWithPath: dir + "/" + $0))
                        }))
        }
        for (i, name) in ["report", "JSON lines", "convert", "marked 1", "marked 2", "recoloured 1", "recoloured 2"]
            .enumerated()
        {
            #expect(runs[1][i] == runs[0][i], "\(name) differs between runs")
        }
        // The page as drawn: the red line is red in normal vision, and not in deuteranopia.
        let normal = try NothingLostTests.shell(
            "\"$CVDCAM\" convert - '\(dir)/normal.png' --page 2 --mode normal < '\(pdf)'")
        #expect(normal.status == 0 && normal.stdout.contains("page 2 of 2"), "standard input: \(normal.stderr)")
        let red = RGB8(0xD6, 0x27, 0x28)
        func reds(_ name: String) throws -> Int {
            let p = try ImageFile.read(dir + "/" + name)
            return (0..<(p.width * p.height)).count { p[$0 % p.width, $0 / p.width].distance(to: red) <= 6 }
        }
        #expect(try reds("normal.png") > 1000 && reds("deut0.png") == 0)
    }
}
