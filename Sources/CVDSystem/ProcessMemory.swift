import Glibc

/// This process's resident memory, as the kernel counts it in `/proc/self/status`
/// (`VmRSS` now, `VmHWM` its peak since the process started), in bytes; nil where that
/// file cannot be read.
public enum ProcessMemory {
    public static var resident: Int? { field("VmRSS:") }
    public static var peakResident: Int? { field("VmHWM:") }

    /// "VmHWM:	  187624 kB" → 187624 × 1024.
    static func field(_ name: String) -> Int? {
        guard let f = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(f) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), f) != nil {
            let s = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard s.hasPrefix(name) else { continue }
            let digits = s.dropFirst(name.count).drop { !$0.isASCII || !$0.isNumber }.prefix {
                $0.isASCII && $0.isNumber
            }
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }
}
