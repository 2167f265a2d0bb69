import CVDCore
import CVDSystem
import FoundationEssentials
import Glibc

struct BenchRow {
    let kernel: String
    let path: String
    let mode: String
    let input: BenchFrames.Input
    let content: BenchFrames.Content
    let size: FrameSize
    let threads: Int
    let result: Stopwatch.Result

    var mpxPerS: Double { Double(size.width * size.height) / (result.msPerRun * 1000) }
}

/// Prints rows as a table or as JSON lines, and a summary at the end.
final class BenchReport {
    let json: Bool
    private var rows: [BenchRow] = []
    private var speedups: [(BenchRow, Double)] = []
    private var ffmpegResult: (FFmpegComparison.Result, FrameSize)?
    private var headerPrinted = false

    init(json: Bool) { self.json = json }

    func note(_ s: String) {
        if json { emit(["note": s]) } else { print(s) }
        fflush(nil)
    }

    /// The memory row: what each path holds per mode (the compute path nothing, the table
    /// path one Y′CbCr table) and the run's peak resident memory, so the trade is visible.
    func memory(tableBytes: Int, peak: Int?) {
        let mib = { (b: Int) in String(cFormat: "%.1f", Double(b) / 1_048_576) }
        if json {
            var o: [String: Any] = [
                "memory": "per mode", "compute_mib": 0, "table_mib": Double(tableBytes) / 1_048_576,
            ]
            if let p = peak { o["peak_rss_mib"] = Double(p) / 1_048_576 }
            emit(o)
        } else {
            print(
                "memory: compute path 0 MiB per mode, table path \(mib(tableBytes)) MiB per mode (the live view keeps "
                    + "one table, for a single view); peak resident memory of this run "
                    + (peak.map { "\(mib($0)) MiB" } ?? "unknown"))
        }
        fflush(nil)
    }

    /// - Parameters:
    ///   - speedup: baseline time / cvdcam time (baseline rows).
    ///   - ratio: this row's time / the simulation kernel's on the same frame (confusion rows).
    func row(_ r: BenchRow, speedup: Double? = nil, ratio: Double? = nil) {
        rows.append(r)
        if let s = speedup { speedups.append((r, s)) }
        if json {
            var o: [String: Any] = [
                "kernel": r.kernel, "path": r.path, "mode": r.mode, "input": r.input.rawValue,
                "content": r.content.rawValue, "width": r.size.width, "height": r.size.height,
                "threads": r.threads, "ms_per_frame": round3(r.result.msPerRun),
                "cpu_ms_per_frame": round3(r.result.cpuMsPerRun), "mpx_per_s": round3(r.mpxPerS),
            ]
            if let s = speedup { o["speedup_vs_baseline"] = round3(s) }
            if let q = ratio { o["ratio_to_simulation"] = round3(q) }
            emit(o)
        } else {
            if !headerPrinted {
                print(
                    pad("kernel", 9) + pad("path", 8) + pad("mode", 14) + pad("input", 6) + pad("content", 8)
                        + pad("size", 10) + pad("thr", 4) + lpad("ms/frame", 9) + lpad("cpu ms", 9) + lpad("Mpx/s", 9)
                        + "  note")
                headerPrinted = true
            }
            let note =
                speedup.map { String(cFormat: "cvdcam is %.1f× faster", $0) }
                ?? ratio.map { String(cFormat: "%.2f× the simulation kernel on this frame", $0) } ?? ""
            print(
                pad(r.kernel, 9) + pad(r.path, 8) + pad(r.mode, 14) + pad(r.input.rawValue, 6)
                    + pad(r.content.rawValue, 8)
                    + pad(r.size.description, 10) + pad(String(r.threads), 4)
                    + lpad(String(cFormat: "%.3f", r.result.msPerRun), 9)
                    + lpad(String(cFormat: "%.3f", r.result.cpuMsPerRun), 9)
                    + lpad(String(cFormat: "%.1f", r.mpxPerS), 9) + "  " + note)
        }
        fflush(nil)
    }

    /// The Y′CbCr encoder (BGRA → YUYV for a virtual camera), one row in the same table,
    /// with its speed-up over a scalar float64 encoder measured in the same run.
    func encoderRow(size: FrameSize, result r: Stopwatch.Result, baseline: Stopwatch.Result) {
        let speedup = baseline.msPerRun / r.msPerRun
        let mpx = Double(size.width * size.height) / (r.msPerRun * 1000)
        if json {
            emit([
                "kernel": "encoder", "path": "compute", "mode": "bgra→yuyv", "input": "bgra", "content": "camera",
                "width": size.width, "height": size.height, "threads": 1, "ms_per_frame": round3(r.msPerRun),
                "cpu_ms_per_frame": round3(r.cpuMsPerRun), "mpx_per_s": round3(mpx),
                "baseline_ms_per_frame": round3(baseline.msPerRun), "speedup_vs_baseline": round3(speedup),
            ])
        } else {
            print(
                pad("encoder", 9) + pad("compute", 8) + pad("bgra→yuyv", 14) + pad("bgra", 6) + pad("camera", 8)
                    + pad(size.description, 10) + pad("1", 4)
                    + lpad(String(cFormat: "%.3f", r.msPerRun), 9) + lpad(String(cFormat: "%.3f", r.cpuMsPerRun), 9)
                    + lpad(String(cFormat: "%.1f", mpx), 9)
                    + String(
                        cFormat: "  %.1f× faster than a scalar float64 encoder (%.2f ms)", speedup, baseline.msPerRun))
        }
        fflush(nil)
    }

    func ffmpeg(_ r: FFmpegComparison.Result, size: FrameSize) {
        ffmpegResult = (r, size)
        let ours = rows.filter {
            $0.kernel == "cvdcam" && $0.input == .yuyv && $0.content == .camera && $0.threads == 1 && $0.size == size
        }
        let worst = ours.map(\.result.cpuMsPerRun).max()
        if json {
            var o: [String: Any] = [
                "kernel": "ffmpeg", "mode": "deuteranopia (gamma-space colorchannelmixer)", "input": "yuyv",
                "content": "camera", "width": size.width, "height": size.height, "threads": 0,
                "ms_per_frame": round3(r.wallMsPerFrame), "cpu_ms_per_frame": round3(r.cpuMsPerFrame),
                "mpx_per_s": round3(Double(size.width * size.height) / (r.wallMsPerFrame * 1000)), "frames": r.frames,
            ]
            if let w = worst { o["cvdcam_speedup_cpu"] = round3(r.cpuMsPerFrame / w) }
            emit(o)
        } else {
            print(
                "ffmpeg yuyv422→rgba+colorchannelmixer \(size.description), "
                    + String(
                        cFormat: "%d frames: %.2f ms CPU/frame (%.2f ms wall)", r.frames, r.cpuMsPerFrame,
                        r.wallMsPerFrame))
            if let w = worst {
                print(
                    String(
                        cFormat: "cvdcam (slowest mode, one thread) uses %.2f ms CPU/frame: %.1f× less than ffmpeg", w,
                        r.cpuMsPerFrame / w))
            }
        }
    }

    func summary() {
        guard !json else { return }
        print("\nSummary (one thread, median ms per frame, worst mode):")
        let single = rows.filter { $0.kernel == "cvdcam" && $0.threads == 1 }
        let sizes = Array(Set(single.map(\.size))).sorted { $0.width < $1.width }
        for size in sizes {
            for input in BenchFrames.Input.allCases {
                let cam = single.filter { $0.size == size && $0.input == input && $0.content == .camera }.map(
                    \.result.msPerRun
                ).max()
                let noise = single.filter { $0.size == size && $0.input == input && $0.content == .noise }.map(
                    \.result.msPerRun
                ).max()
                guard let c = cam, let n = noise else { continue }
                print(
                    "  \(input.rawValue) \(size.description.padded(to: 9)) "
                        + String(cFormat: "camera %6.2f ms, noise %6.2f ms (noise/camera %.2f×)", c, n, n / c))
            }
        }
        if let least = speedups.min(by: { $0.1 < $1.1 }) {
            print(
                String(cFormat: "  speed-up over the pow baseline: at least %.1f× ", least.1)
                    + "(\(least.0.mode) \(least.0.input.rawValue) \(least.0.size.description))")
        }
    }

    private func emit(_ o: [String: Any]) {
        print(JSONLine.encode(o))
    }

    private func round3(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }
    private func pad(_ s: String, _ n: Int) -> String {
        s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count)
    }
    private func lpad(_ s: String, _ n: Int) -> String {
        s.count >= n ? s : String(repeating: " ", count: n - s.count) + s
    }
}
