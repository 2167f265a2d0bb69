import CVDSystem
import Dispatch
import Foundation
import Testing

/// The helpers that replace Foundation in the linked targets, checked against Foundation
/// itself (which the tests may link) as the reference.
@Suite struct FoundationFreeTests {
    @Test func cFormatRoundsExactlyAsStringFormat() {
        let values: [Double] = [0, 0.05, 0.15, 0.25, 1.25, 2.675, -0.05, 123.456, 1e-9, 99.95, 0.1 + 0.2]
        for v in values {
            for f in ["%.1f", "%.2f", "%7.2f", "%.3f"] {
                #expect(String(cFormat: f, v) == String(format: f, v), "\(f) of \(v)")
            }
        }
        #expect(String(cFormat: "%d frames, %.1f %%", 30, 12.34) == "30 frames, 12.3 %")
        #expect(String(cFormat: "zoom %.1f×", 2.0) == "zoom 2.0×", "UTF-8 in the format passes through")
    }

    @Test func pathNameSplitsAsNSString() {
        for p in ["dir/pic.PNG", "pic.png", "/pic.png", "a.d/b", ".hidden", "dir/sub/", "/", "x.tar.gz", ""] {
            let ns = p as NSString
            #expect(PathName.pathExtension(p) == ns.pathExtension, "extension of '\(p)'")
            #expect(PathName.lastComponent(p) == ns.lastPathComponent, "last component of '\(p)'")
        }
        for p in ["dir/sub/pic.png", "/pic.png", "pic.png", "/a/b"] {
            #expect(PathName.directory(p) == (p as NSString).deletingLastPathComponent, "directory of '\(p)'")
        }
        #expect(PathName.appending("f.png", to: "/tmp") == "/tmp/f.png")
        #expect(PathName.appending("f.png", to: "/tmp/") == "/tmp/f.png")
        #expect(PathName.appending("f.png", to: "") == "f.png")
    }

    @Test func trimmingAndPadding() {
        #expect("  a b \t\n".trimmed == "a b")
        #expect(" \n ".trimmed == "")
        #expect("ab".padded(to: 4) == "ab  ")
        #expect("abcdef".padded(to: 4) == "abcdef", "never cut, as %-4s")
    }

    @Test func detachedThreadRunsItsBodyUnderItsName() {
        let done = DispatchSemaphore(value: 0)
        let seen = Lock()
        nonisolated(unsafe) var name = ""
        DetachedThread.start(name: "cvdcam test thread") {
            let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            seen.withLock { name = comm.trimmed }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(seen.withLock { name } == "cvdcam test thr", "Linux keeps 15 bytes of a thread's name")
    }
}
