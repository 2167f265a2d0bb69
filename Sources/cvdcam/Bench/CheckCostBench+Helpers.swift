import CVDCheck
import CVDCore
import CVDImageIO
import CVDSources
import CVDSystem
import CVDViewer
import FoundationEssentials
import Glibc

/// What the bench measures with: a child process's peak memory and CPU, the CPU's name,
/// a temporary folder, a median.
extension CheckCostBench {
    /// The peak resident memory (`VmHWM`) of a process that reads and checks `file` as
    /// `cvdcam check` does (`bench --check-peak FILE`, which prints it); nil where the
    /// kernel does not say. Not `wait4`'s `ru_maxrss`: posix_spawn's child shares this
    /// process's memory until it starts the program, and the kernel counts this process's
    /// peak into the child's.
    static func peak(of file: String, in dir: String) throws -> Int? {
        let out = dir + "/peak.txt"
        defer { unlink(out) }
        _ = try command(["bench", "--check-peak", file], output: out)
        guard let bytes = try? FileBytes.read(out, limit: 4096) else { return nil }
        return Int(String(decoding: bytes, as: UTF8.self).split(separator: "\n").first ?? "")
    }

    /// Reads and checks `file` as `cvdcam check` does, the forms a class has, and prints
    /// this process's peak resident memory in bytes (`bench --check-peak`, hidden).
    static func printPeak(of file: String) throws {
        let sims = try MaterialCheck.classForms.map { try Simulation(mode: $0) }
        let loaded = try ImageFile.load(file)
        _ = CheckCommand.judge(
            loaded.image, unjudged: loaded.unjudged, shown: file, simulations: sims, chosen: false, json: false)
        if let peak = ProcessMemory.read()?.peak { print(peak) }
        try StandardOutput.finish()
    }

    /// `cvdcam ARGUMENTS` in a child process, its standard output to `output` (else
    /// discarded), its errors discarded: its CPU seconds, user and system (`wait4`).
    static func command(_ arguments: [String], output: String? = nil) throws -> Double {
        var path = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &path, path.count - 1)
        guard n > 0 else { throw CLIError("bench --check: cannot find this program (/proc/self/exe)") }
        let executable = String(decoding: path.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw CLIError("bench --check: cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        // Exited (low 7 bits 0) with 0, 1 or 3: a verdict, not a failure.
        let exit = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        guard [0, 1, 3].contains(exit) else {
            throw CLIError("bench --check: cvdcam \(arguments.joined(separator: " ")) ended with status \(exit)")
        }
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// The CPU's name as /proc/cpuinfo gives it ("model name"), else the machine's.
    static func cpuModel() -> String {
        if let text = try? FileBytes.read("/proc/cpuinfo", limit: 1 << 20),
            let line = String(decoding: text, as: UTF8.self).split(separator: "\n").first(where: {
                $0.hasPrefix("model name")
            }),
            let colon = line.firstIndex(of: ":")
        {
            let name = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            if !name.isEmpty { return String(name) }
        }
        var u = utsname()
        uname(&u)
        return withUnsafeBytes(of: u.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    static func frame(_ image: RGBAImage) -> Frame {
        let (bytes, layout) = image.ycbcr(.yuyv)
        return Frame(bytes: bytes, layout: layout, timestamp: 0)
    }

    static func median(_ xs: [Double]) -> Double {
        let s = xs.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    static func temporaryFolder() throws -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/cvdcam-bench-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CLIError("bench --check: cannot make a folder in \(base): \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    static func remove(_ dir: String) {
        for name in ["photograph.jpg", "worksheet.png", "tiny.png", "peak.txt"] { unlink(dir + "/" + name) }
        rmdir(dir)
    }

    static func fileSize(_ path: String) -> Int {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : 0
    }
}
