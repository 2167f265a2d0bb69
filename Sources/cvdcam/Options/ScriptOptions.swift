import ArgumentParser
import CVDCore
import CVDSystem
import CVDViewer
import Glibc

/// For scripts and measuring: a screenshot then quit, keys pressed after N frames, a run
/// without pacing, the frame stages' times (`--screenshot`, `--screenshot-after`,
/// `--press`, `--benchmark-frames`, `--profile`, `--always-tables`).
struct ScriptOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Write what is on screen to FILE (PNG) after --screenshot-after frames, then quit: for scripts and handouts.",
            valueName: "file"))
    var screenshot: String?

    @Option(
        help: ArgumentHelp(
            "Frames before --screenshot is taken, counted as --press counts them (a picture that stays, or is frozen, counts 30 a second).",
            valueName: "n"))
    var screenshotAfter = 10

    @Option(
        help: ArgumentHelp(
            "For scripts: press KEY after N frames from the source (repeatable; a picture that stays, or is frozen, counts 30 a second), e.g. w@30. KEY: a letter (F, G, R and U are Shift+f, Shift+g, Shift+r and Shift+u), a digit, up, down, left, right, space, escape, pageup, pagedown, plus, minus, comma, period, bracketleft, bracketright, f1, delete.",
            valueName: "key@n"))
    var press: [String] = []

    @Option(help: "Benchmark: run free (no frame pacing) for N frames, print frames/s and latency, exit.")
    var benchmarkFrames: Int?

    @Flag(
        help:
            "Print the mean time of each frame stage (kernel, render, present) and the worst frame every 100 frames, and the worst frame of the run at quit."
    )
    var profile = false

    @Flag(
        help:
            "Build the 64 MiB table that speeds up a single view at once, in every mode (by default only where computing the picture takes over a third of the frame period)."
    )
    var alwaysTables = false

    func validate() throws {
        guard screenshotAfter >= 1 else { throw ValidationError("--screenshot-after must be at least 1") }
        if let s = screenshot, !s.lowercased().hasSuffix(".png") {
            var st = stat()
            if PathName.withCPath(s, { stat($0, &st) }) == 0, st.st_mode & S_IFMT == S_IFDIR {
                throw ValidationError(
                    "--screenshot \(PathName.shown(s)) is a folder; give a file name in it, e.g. \(PathName.shown(PathName.appending("shot.png", to: s)))"
                )
            }
            throw ValidationError("--screenshot writes PNG; use a .png name")
        }
        if let n = benchmarkFrames, n < 1 { throw ValidationError("--benchmark-frames must be at least 1") }
        _ = try presses()
    }

    /// `--press KEY@N` as (key, frames).
    func presses() throws -> [(key: String, afterFrames: Int)] {
        try press.map { p in
            let parts = p.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, let n = Int(parts[1]), n >= 1, ViewerOptions.isPressable(String(parts[0])) else {
                throw ValidationError(
                    "--press takes KEY@N (a key, and the frame after which to press it, from 1), e.g. w@30; not \"\(p)\""
                )
            }
            return (String(parts[0]), n)
        }
    }

    func apply(to o: inout ViewerOptions) {
        o.presses = (try? presses()) ?? []
        (o.benchmarkFrames, o.profile, o.alwaysTables) = (benchmarkFrames, profile, alwaysTables)
        (o.screenshotPath, o.screenshotAfterFrames) = (screenshot, screenshotAfter)
    }
}
