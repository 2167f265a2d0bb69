import CVDCore
import FoundationEssentials

/// Times Debian's ffmpeg doing the common, inaccurate alternative: YUYV → RGBA and a
/// gamma-space channel mixer (the iOS app's deuteranopia matrix), on the same frame.
enum FFmpegComparison {
    struct Result {
        var frames: Int
        /// CPU time (user + system, all ffmpeg threads) per frame, from `-benchmark`.
        var cpuMsPerFrame: Double
        var wallMsPerFrame: Double
    }

    static let filter = "format=rgba,colorchannelmixer=rr=0.625:rg=0.375:gr=0.7:gg=0.3:bg=0.3:bb=0.7"

    static func executable() -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let p = "\(dir)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    /// Feeds `frames` copies of `frame` (YUYV) to ffmpeg through a pipe.
    static func run(ffmpeg: String, frame: [UInt8], width: Int, height: Int, frames: Int) throws -> Result {
        let child = ChildProcess(
            executable: ffmpeg,
            arguments: [
                "-hide_banner", "-nostdin", "-benchmark", "-f", "rawvideo", "-pix_fmt", "yuyv422",
                "-s", "\(width)x\(height)", "-i", "pipe:0", "-vf", filter, "-f", "null", "-",
            ])
        let (status, errors) = try child.run { write in
            frame.withUnsafeBytes { bytes in
                for _ in 0..<frames { guard write(bytes) else { break } }
            }
        }
        let text = String(decoding: errors, as: UTF8.self)
        guard status == 0 else {
            throw CLIError("ffmpeg failed (status \(status)): \(text.split(separator: "\n").last ?? "")")
        }
        // "bench: utime=1.234s stime=0.056s rtime=1.300s"
        func field(_ name: String) -> Double? {
            guard let r = text.firstRange(of: "\(name)=") else { return nil }
            return Double(text[r.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        guard let u = field("utime"), let s = field("stime"), let r = field("rtime") else {
            throw CLIError("could not read ffmpeg's -benchmark line")
        }
        return Result(
            frames: frames, cpuMsPerFrame: (u + s) * 1000 / Double(frames), wallMsPerFrame: r * 1000 / Double(frames))
    }
}
