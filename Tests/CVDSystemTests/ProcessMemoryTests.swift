import Testing

@testable import CVDSystem

/// `ProcessMemory`: both figures from one read of /proc/self/status, in bytes.
@Suite struct ProcessMemoryTests {
    @Test func aLineGivesItsValueInBytes() {
        #expect(ProcessMemory.value("VmHWM:\t  187624 kB\n", "VmHWM:") == 187_624 * 1024)
        #expect(ProcessMemory.value("VmRSS:\t  1 kB\n", "VmHWM:") == nil)
        #expect(ProcessMemory.value("VmHWM:\n", "VmHWM:") == nil)
    }

    /// The peak is never below the present figure, and 64 MiB held (touched) show in both
    /// (other tests run beside this one in the process, so only what it holds is certain).
    @Test func readsThePeakAndThePresent() throws {
        let before = try #require(ProcessMemory.read())
        #expect(before.now > 0 && before.peak >= before.now)
        let n = 64 << 20
        let p = UnsafeMutableRawPointer.allocate(byteCount: n, alignment: 4096)
        defer { p.deallocate() }
        p.initializeMemory(as: UInt8.self, repeating: 1, count: n)
        let after = try #require(ProcessMemory.read())
        #expect(after.now >= n && after.peak >= after.now)
    }
}
