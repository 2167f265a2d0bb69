import Glibc

/// This process's resident memory as the kernel counts it in `/proc/self/status`, in
/// bytes: `VmRSS` (`now`) and `VmHWM`, its peak since the process started (`peak`).
public struct ProcessMemory: Equatable, Sendable {
    public var now: Int
    public var peak: Int

    public init(now: Int, peak: Int) { (self.now, self.peak) = (now, peak) }

    /// Both figures, from one read of `/proc/self/status`; nil where it cannot be read.
    public static func read() -> ProcessMemory? {
        guard let f = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(f) }
        var now: Int?
        var peak: Int?
        var line = [CChar](repeating: 0, count: 256)
        while now == nil || peak == nil, fgets(&line, Int32(line.count), f) != nil {
            let s = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let v = value(s, "VmRSS:") { now = v }
            if let v = value(s, "VmHWM:") { peak = v }
        }
        guard let now, let peak else { return nil }
        return ProcessMemory(now: now, peak: peak)
    }

    /// The address space the process has mapped (`VmSize`: libraries, thread stacks and
    /// heap, touched or not), in bytes — what an address-space limit (`ulimit -v`,
    /// `prlimit --as`) counts; nil where it cannot be read.
    public static func addressSpace() -> Int? {
        guard let f = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(f) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), f) != nil {
            let s = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let v = value(s, "VmSize:") { return v }
        }
        return nil
    }

    /// "VmHWM:	  187624 kB" with `name` "VmHWM:" → 187624 × 1024; nil for another line.
    static func value(_ line: String, _ name: String) -> Int? {
        guard line.hasPrefix(name) else { return nil }
        let digits = line.dropFirst(name.count).drop { !$0.isASCII || !$0.isNumber }.prefix {
            $0.isASCII && $0.isNumber
        }
        return Int(digits).map { $0 * 1024 }
    }
}
