import CVDCheck
import CVDCore
import CVDImageIO
import CVDSources
import CVDSystem
import CVDViewer
import FoundationEssentials
import Glibc

/// `cvdcam bench --check`: what the check of the material costs (issue #40's goals), on
/// pictures drawn here (`CheckBenchPictures`) — a 4000×3000 photograph as a JPEG, an A4
/// worksheet at 150 dpi as a PNG — and on that worksheet as a 1080p webcam sends it (YUYV).
///
/// - **A file, as `cvdcam check` does it** (the forms a class has, the report made, nothing
///   written): CPU time of the thread, median of the runs after a first one, the decode and
///   each step of the check apart (`CheckCommand.judge`'s laps), against the decode of the
///   same file in the same run; the command itself in a child process (`cvdcam check FILE`),
///   its CPU start to exit (`wait4`); and memory: the peak resident memory of a process that
///   reads and checks the file (`bench --check-peak`) over that of one that checks a 64×64
///   picture, against the decoded picture's RGBA bytes.
/// - **The live `z`**: one check of the frame as the check's thread makes it
///   (`LiveCheck.checkOnce`: the frame reduced to 640 pixels across, the check, the
///   replacements), for the forms a class has — what the view's check asks for when every
///   pane shows normal vision, the most forms it checks.
struct CheckCostBench {
    let seconds: Double
    /// Exactly this many timed runs (`--frames`), else at least 3 and until `seconds` passed.
    let runs: Int?
    let json: Bool
    /// Where to write the pictures and keep them (`--pictures`); nil: a temporary folder, removed.
    let keep: String?

    /// Issue #40's goals: CPU of a file's check on one core, its memory against the decoded
    /// picture, CPU of the live check of a 1080p frame.
    static let fileGoalMs = 1000.0
    static let memoryGoal = 3.0
    static let liveGoalMs = 150.0

    struct Picture {
        let name: String
        let path: String
        let width: Int, height: Int
        var decodedBytes: Int { width * height * 4 }
    }

    func run() throws {
        let sims = try MaterialCheck.classForms.map { try Simulation(mode: $0) }
        let dir = try keep ?? Self.temporaryFolder()
        defer { if keep == nil { Self.remove(dir) } }
        let photo = Picture(name: "photograph", path: dir + "/photograph.jpg", width: 4000, height: 3000)
        let sheet = Picture(name: "worksheet A4 150 dpi", path: dir + "/worksheet.png", width: 1240, height: 1754)
        let tiny = dir + "/tiny.png"
        // Drawn, written, let go: only the files stay (and the camera's frame of the sheet).
        try ImageFile.write(CheckBenchPictures.photograph(width: photo.width, height: photo.height), to: photo.path)
        let page = CheckBenchPictures.worksheet(width: sheet.width, height: sheet.height)
        try ImageFile.write(page, to: sheet.path)
        try ImageFile.write(RGBAImage(width: 64, height: 64, fill: RGB8(255, 255, 255)), to: tiny)
        let (yuyv, layout) = CheckBenchPictures.underCamera(page).ycbcr(.yuyv)
        let frames = [
            ("worksheet under the camera", Frame(bytes: yuyv, layout: layout, timestamp: 0)),
            ("test scene", Self.frame(SyntheticFrames.camera(width: 1920, height: 1080))),
        ]

        note(
            "cvdcam bench: the check of the material, one thread (CPU time of the thread: "
                + "CLOCK_THREAD_CPUTIME_ID), median of the runs after the first")
        note("CPU: \(Self.cpuModel()), \(ProcessInfo.processInfo.activeProcessorCount) cores; \(KernelLevel.summary)")
        note("forms: " + sims.map(\.mode.rawValue).joined(separator: ", ") + " (the forms a class has: the default)")
        // What any check costs once in a process (the CIELAB table, the decoders' code) paid
        // first, on a 64×64 picture, and the command's own cost on it: start to exit.
        _ = try once(Picture(name: "tiny", path: tiny, width: 64, height: 64), sims)
        let start = try Self.command(["check", tiny])
        let startPeak = try Self.peak(of: tiny, in: dir)
        for picture in [photo, sheet] {
            try measureFile(picture, sims, start: start, startPeak: startPeak, in: dir)
        }
        for (name, frame) in frames {
            measureLive(name, frame, sims)
        }
        try StandardOutput.finish()
    }

    // MARK: A file

    private struct FileRun {
        var decode = 0.0, whole = 0.0, wall = 0.0
        var laps: [(String, Double)] = []
    }

    /// Decode and check one file on this thread, every step's CPU seconds.
    private func once(_ p: Picture, _ sims: [Simulation]) throws -> FileRun {
        var r = FileRun()
        let wall = SystemClock.monotonic
        let c0 = SystemClock.threadCPU
        let loaded = try ImageFile.load(p.path)
        var last = SystemClock.threadCPU
        r.decode = last - c0
        _ = CheckCommand.judge(
            loaded.image, unjudged: loaded.unjudged, shown: p.path, simulations: sims, chosen: false, json: false
        ) { name in
            let now = SystemClock.threadCPU
            r.laps.append((name, now - last))
            last = now
        }
        r.whole = last - c0
        r.wall = SystemClock.monotonic - wall
        return r
    }

    private func measureFile(
        _ p: Picture, _ sims: [Simulation], start: Double, startPeak: Int?, in dir: String
    ) throws {
        let first = try once(p, sims)
        var timed: [FileRun] = []
        let began = SystemClock.monotonic
        repeat {
            timed.append(try once(p, sims))
        } while runs.map { timed.count < $0 } ?? (timed.count < 3 || SystemClock.monotonic - began < seconds)
        let decode = Self.median(timed.map(\.decode))
        let whole = Self.median(timed.map(\.whole))
        let check = Self.median(timed.map { $0.whole - $0.decode })
        let wall = Self.median(timed.map(\.wall))
        let laps = first.laps.indices.map { k in (first.laps[k].0, Self.median(timed.map { $0.laps[k].1 })) }
        // The command itself, start to exit, twice (the lower: less of the machine's noise).
        let command = try (0..<2).map { _ in try Self.command(["check", p.path]) }.min()!
        // Memory: the peak of a process that reads and checks this picture, over the same on
        // the 64×64 picture (the program, its libraries, the CIELAB table: what any check holds).
        let growth = try Self.peak(of: p.path, in: dir).flatMap { peak in startPeak.map { peak - $0 } }
        let ratio = growth.map { Double($0) / Double(p.decodedBytes) }
        let cpuMet = whole * 1000 <= Self.fileGoalMs && command * 1000 <= Self.fileGoalMs
        let memoryMet = ratio.map { $0 <= Self.memoryGoal }
        let bytes = Self.fileSize(p.path)
        let size = "\(p.width)x\(p.height)"
        if json {
            var o: [String: Any] = [
                "kernel": "check", "picture": p.name, "file": PathName.lastComponent(p.path), "width": p.width,
                "height": p.height, "file_bytes": bytes, "runs": timed.count, "decode_cpu_ms": ms(decode),
                "check_cpu_ms": ms(check), "cpu_ms": ms(whole), "wall_ms": ms(wall), "first_cpu_ms": ms(first.whole),
                "check_per_decode": round3(check / decode), "command_cpu_ms": ms(command),
                "command_start_cpu_ms": ms(start), "goal_cpu_ms": Self.fileGoalMs, "decoded_mib": mib(p.decodedBytes),
                "goal_memory_per_decoded": Self.memoryGoal, "met": cpuMet && memoryMet != false,
            ]
            for (name, t) in laps { o["\(name)_cpu_ms"] = ms(t) }
            if let g = growth, let r = ratio {
                o["memory_growth_mib"] = mib(g)
                o["memory_per_decoded"] = round3(r)
            }
            emit(o)
            return
        }
        let kind = PathName.pathExtension(p.path).uppercased()
        print("\(p.name) \(size) (\(kind), \(f(Double(bytes) / 1_048_576, 1)) MiB), \(timed.count) runs:")
        let steps = laps.map { "\($0.0) \(f($0.1 * 1000))" }.joined(separator: ", ")
        print(
            "  CPU \(f(whole * 1000)) ms = decode \(f(decode * 1000)) + check \(f(check * 1000)) "
                + "(\(f(check / decode, 2))× the decode; \(steps)); wall \(f(wall * 1000)) ms")
        print(
            "  `cvdcam check \(PathName.lastComponent(p.path))`, start to exit: CPU \(f(command * 1000)) ms "
                + "(on a 64×64 picture \(f(start * 1000)) ms) — goal ≤ \(f(Self.fileGoalMs)) ms: "
                + (cpuMet ? "met" : "NOT MET"))
        if let g = growth, let r = ratio {
            print(
                "  memory: a process that reads and checks it peaks \(f(mib(g), 1)) MiB above one that checks the "
                    + "64×64 picture: "
                    + "\(f(r, 2))× the decoded picture (\(f(mib(p.decodedBytes), 1)) MiB) — goal ≤ "
                    + "\(f(Self.memoryGoal))×: " + (memoryMet == true ? "met" : "NOT MET"))
        } else {
            print("  memory: unknown (/proc/self/status has no VmHWM)")
        }
        fflush(nil)
    }

    // MARK: The live `z`

    private func measureLive(_ name: String, _ frame: Frame, _ sims: [Simulation]) {
        func once() -> (reduce: Double, check: Double, pairs: Int, width: Int) {
            let c0 = SystemClock.threadCPU
            var c1 = c0
            let check = LiveCheck.checkOnce(frame, simulations: sims) { lap in
                if lap == "reduce" { c1 = SystemClock.threadCPU }
            }
            return (c1 - c0, SystemClock.threadCPU - c1, check.numberedPairs.count, check.found.width)
        }
        let first = once()
        var timed: [(reduce: Double, check: Double, pairs: Int, width: Int)] = []
        let began = SystemClock.monotonic
        repeat {
            timed.append(once())
        } while runs.map { timed.count < $0 } ?? (timed.count < 5 || SystemClock.monotonic - began < seconds)
        let reduce = Self.median(timed.map(\.reduce))
        let check = Self.median(timed.map(\.check))
        let whole = Self.median(timed.map { $0.reduce + $0.check })
        let met = whole * 1000 <= Self.liveGoalMs
        let size = "\(frame.layout.width)x\(frame.layout.height)"
        if json {
            emit([
                "kernel": "live check", "picture": name, "input": "yuyv", "width": frame.layout.width,
                "height": frame.layout.height, "runs": timed.count, "reduce_cpu_ms": ms(reduce),
                "check_cpu_ms": ms(check), "cpu_ms": ms(whole), "first_cpu_ms": ms(first.reduce + first.check),
                "pairs": first.pairs, "goal_cpu_ms": Self.liveGoalMs, "met": met,
            ])
            return
        }
        print(
            "live z, \(name) \(size) YUYV, \(timed.count) checks: CPU \(f(whole * 1000, 1)) ms a check = "
                + "reduce to \(first.width) px across \(f(reduce * 1000, 1)) + check \(f(check * 1000, 1)) "
                + "(\(first.pairs) pairs at risk) — goal ≤ \(f(Self.liveGoalMs)) ms: " + (met ? "met" : "NOT MET"))
        fflush(nil)
    }

    // MARK: Helpers

    private func note(_ s: String) {
        if json { emit(["note": s]) } else { print(s) }
        fflush(nil)
    }

    private func emit(_ o: [String: Any]) { print(JSONLine.encode(o)) }
    private func ms(_ seconds: Double) -> Double { round3(seconds * 1000) }
    private func mib(_ bytes: Int) -> Double { round3(Double(bytes) / 1_048_576) }
    private func round3(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }
    private func f(_ x: Double, _ digits: Int = 0) -> String { String(cFormat: "%.*f", Int32(digits), x) }
}
