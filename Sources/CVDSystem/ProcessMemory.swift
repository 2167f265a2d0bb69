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

    /// Starts a new peak: heap memory freed but kept by the allocator is handed back
    /// (`malloc_trim`), and the kernel sets `VmHWM` back to the resident memory now (5
    /// written to /proc/self/clear_refs, Linux 4.0 and later), so that `read()`'s `peak`
    /// is the highest from here on. False where the kernel refuses it.
    public static func resetPeak() -> Bool {
        // glibc's malloc_trim, which Swift's Glibc module does not declare (RTLD_DEFAULT is 0).
        if let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
        }
        guard let f = fopen("/proc/self/clear_refs", "w") else { return false }
        let written = fputs("5", f) >= 0
        return fclose(f) == 0 && written
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
