import CVDCPUID
import CVDKernelInterface
import CVDKernelsBaseline
import CVDSystem

#if arch(x86_64)
    import CVDKernelsV3
    import CVDKernelsV4
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// The instruction-set level the per-pixel kernels run at. The kernel loops are compiled
/// once per level (CVDKernelsBaseline, CVDKernelsV3, CVDKernelsV4; Package.swift) and the
/// rest of cvdcam for baseline x86-64, so one binary starts on any x86-64 CPU and uses the
/// widest vector units it finds: CPUID says what the CPU has, XGETBV whether the OS
/// enabled it (`cvd_cpu_level`).
///
/// On AArch64 (arm64) there is one level, `baseline`: armv8-a has NEON (128-bit Advanced
/// SIMD) and fused multiply-add on every CPU, so the kernels are built once, for the
/// default target, and nothing is dispatched.
public enum KernelLevel: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
    /// x86-64 as every 64-bit x86 CPU has it: SSE2, no FMA. On AArch64: armv8-a, NEON and FMA.
    case baseline = 1
    #if arch(x86_64)
        /// x86-64-v3: AVX2, FMA, BMI1/2 (Intel Haswell, 2013; AMD Zen, 2017 and later).
        case v3 = 3
        /// x86-64-v4: AVX-512 F/BW/CD/DQ/VL (Intel Skylake-SP and Ice Lake; AMD Zen 4 and later).
        case v4 = 4
    #endif

    /// The psABI's name of the level ("aarch64" on arm64).
    public var name: String {
        #if arch(x86_64)
            switch self {
            case .baseline: "x86-64"
            case .v3: "x86-64-v3"
            case .v4: "x86-64-v4"
            }
        #elseif arch(arm64)
            "aarch64"
        #else
            "generic"
        #endif
    }

    /// The name and the vector units it means, e.g. "x86-64-v4 (AVX-512)", "aarch64 (NEON, FMA)".
    public var description: String {
        #if arch(x86_64)
            switch self {
            case .baseline: "x86-64 (SSE2)"
            case .v3: "x86-64-v3 (AVX2, FMA)"
            case .v4: "x86-64-v4 (AVX-512)"
            }
        #elseif arch(arm64)
            "aarch64 (NEON, FMA)"
        #else
            "generic (the compiler's default vector units)"
        #endif
    }

    public static func < (a: KernelLevel, b: KernelLevel) -> Bool { a.rawValue < b.rawValue }

    /// The highest level this CPU and operating system support.
    public static let detected = KernelLevel(rawValue: Int(cvd_cpu_level())) ?? .baseline

    /// Every level this machine can run, lowest first.
    public static var supported: [KernelLevel] { allCases.filter { $0 <= detected } }

    /// The variable `cvdcam` reads for a level to use instead of the detected one (for tests
    /// and speed comparisons); messages name it.
    public static let environmentVariable = "CVDCAM_KERNEL_LEVEL"

    /// The level kernels use: the detected one, or the lower one the program chose at its
    /// start (`use`).
    public static var active: KernelLevel { chosen.withLock { $0 } ?? detected }
    private static let chosen = Locked<KernelLevel?>(nil)

    /// Makes `level` — one this machine can run (`requested` checks) — the one kernels use
    /// from now on; called once, at the start, before any kernel is made.
    public static func use(_ level: KernelLevel) {
        precondition(level <= detected, "\(level) is beyond this CPU's \(detected)")
        chosen.withLock { $0 = level }
    }

    /// Whether the whole build targets one CPU (`CVDCAM_TARGET_CPU`), so that every level's
    /// module, and everything else, was compiled for the machine that built it.
    public static var isNativeBuild: Bool {
        #if CVDCAM_NATIVE_BUILD
            true
        #else
            false
        #endif
    }

    /// One line for `--version` and `bench`, e.g. "kernels: x86-64-v4 (AVX-512)".
    public static var summary: String {
        var s = "kernels: \(active)"
        if active != detected { s += ", forced by \(environmentVariable) (this CPU: \(detected.name))" }
        if isNativeBuild { s += "; native build (CVDCAM_TARGET_CPU): all code for the building machine's CPU" }
        return s
    }

    /// A level from its name: baseline (or x86-64, v1), v3 (x86-64-v3), v4 (x86-64-v4); on
    /// AArch64 baseline (or aarch64, arm64, neon), the only one.
    public init?(name: String) {
        #if arch(x86_64)
            switch name.lowercased() {
            case "baseline", "x86-64", "v1", "sse2": self = .baseline
            case "v3", "x86-64-v3", "avx2": self = .v3
            case "v4", "x86-64-v4", "avx512", "avx-512": self = .v4
            default: return nil
            }
        #else
            switch name.lowercased() {
            case "baseline", "v1", "aarch64", "arm64", "neon": self = .baseline
            default: return nil
            }
        #endif
    }

    /// The level a setting's value asks for (`CVDCAM_KERNEL_LEVEL`'s): nil when it is unset
    /// or empty; a one-line explanation thrown when it names no level, or one this machine
    /// cannot run (never an illegal instruction).
    public static func requested(_ value: String?) throws(KernelLevelError) -> KernelLevel? {
        guard let raw = value, !raw.isEmpty else { return nil }
        guard let level = KernelLevel(name: raw) else { throw .unknown(raw) }
        guard level <= detected else { throw .unsupported(level, detected: detected) }
        return level
    }

    /// The loops compiled for this level (CVDCapture's repacking calls them directly).
    public var entryPoints: KernelEntryPoints {
        #if arch(x86_64)
            switch self {
            case .baseline: CVDKernelsBaseline.entryPoints
            case .v3: CVDKernelsV3.entryPoints
            case .v4: CVDKernelsV4.entryPoints
            }
        #else
            CVDKernelsBaseline.entryPoints
        #endif
    }
}

/// Why `CVDCAM_KERNEL_LEVEL` cannot be used.
public enum KernelLevelError: Error, Equatable, CustomStringConvertible {
    case unknown(String)
    case unsupported(KernelLevel, detected: KernelLevel)

    public var description: String {
        let others = KernelLevel.supported.map { $0 == .baseline ? "baseline" : "v\($0.rawValue)" }.joined(
            separator: ", ")
        switch self {
        case .unknown(let s):
            return "\(KernelLevel.environmentVariable)=\(s) names no kernel level; use one of \(others), or unset it"
        case .unsupported(let l, let d):
            return "\(KernelLevel.environmentVariable) asks for \(l) but this CPU (or its OS) supports up to \(d); "
                + "use one of \(others), or unset it"
        }
    }
}
