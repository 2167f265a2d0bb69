import CVDCore
import Foundation

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
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ffmpeg)
        p.arguments = ["-hide_banner", "-nostdin", "-benchmark", "-f", "rawvideo", "-pix_fmt", "yuyv422",
                       "-s", "\(width)x\(height)", "-i", "pipe:0", "-vf", filter, "-f", "null", "-"]
        let input = Pipe(), errors = Pipe()
        p.standardInput = input
        p.standardError = errors
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        // Read stderr concurrently so ffmpeg never blocks on a full pipe.
        let collected = ErrorCollector()
        let reader = Thread {
            collected.set(errors.fileHandleForReading.readDataToEndOfFile())
        }
        reader.start()
        let data = Data(frame)
        for _ in 0..<frames { input.fileHandleForWriting.write(data) }
        try input.fileHandleForWriting.close()
        p.waitUntilExit()
        while !collected.done { usleep(1000) }
        let text = String(decoding: collected.data, as: UTF8.self)
        guard p.terminationStatus == 0 else {
            throw CLIError("ffmpeg failed (status \(p.terminationStatus)): \(text.split(separator: "\n").last ?? "")")
        }
        // "bench: utime=1.234s stime=0.056s rtime=1.300s"
        func field(_ name: String) -> Double? {
            guard let r = text.range(of: "\(name)=") else { return nil }
            return Double(text[r.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        guard let u = field("utime"), let s = field("stime"), let r = field("rtime") else {
            throw CLIError("could not read ffmpeg's -benchmark line")
        }
        return Result(frames: frames, cpuMsPerFrame: (u + s) * 1000 / Double(frames), wallMsPerFrame: r * 1000 / Double(frames))
    }

    /// Holds what the reader thread collected.
    final class ErrorCollector: @unchecked Sendable {
        // Guarded by `lock`; written once by the reader thread.
        private let lock = NSLock()
        private var _data = Data()
        private var _done = false
        func set(_ d: Data) { lock.lock(); _data = d; _done = true; lock.unlock() }
        var done: Bool { lock.lock(); defer { lock.unlock() }; return _done }
        var data: Data { lock.lock(); defer { lock.unlock() }; return _data }
    }
}
