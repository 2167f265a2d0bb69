import CVDKernelInterface

#if canImport(Glibc)
    import Glibc
#endif

/// The exact output of a kernel for every Y′CbCr triple: 2²⁴ BGRA entries (64 MiB),
/// indexed `Cb << 16 | Cr << 8 | Y`, so both pixels of a 4:2:2 pair read the same
/// 1 KiB row. Built by running the kernel's own compute path (`ycbcr`) over all triples, so
/// table and compute paths give identical pixels.
///
/// One lookup per pixel is the fastest path on camera pictures, whose neighbouring
/// pairs have nearly the same chroma and so reuse cached rows; on incoherent
/// content (noise) every lookup misses the caches, and `FrameKernel` computes instead.
final class YCbCrTable: Sendable {
    static let entryCount = 1 << 24
    static let byteCount = entryCount * MemoryLayout<UInt32>.size

    /// Written only during `init`, read-only afterwards: safe to share between threads.
    nonisolated(unsafe) let mutableEntries: UnsafeMutablePointer<UInt32>
    var entries: UnsafePointer<UInt32> { UnsafePointer(mutableEntries) }
    private let mapped: Bool

    /// Runs the compute path itself over every triple: for each (Cb, Cr), one 256-pixel
    /// row of YUYV pairs (Y = 0, 1 | 2, 3 | …) decodes straight into that table row.
    init(math: PixelCoefficients, coefficients: YCbCrCoefficients, kernels: KernelEntryPoints) {
        (mutableEntries, mapped) = Self.allocate()
        let sl = FrameLayout(format: .yuyv, width: 256, height: 1)
        let dl = FrameLayout(format: .bgra, width: 256, height: 1)
        var row = [UInt8](repeating: 0, count: 512)
        for j in 0..<128 {
            row[4 * j] = UInt8(2 * j)
            row[4 * j + 2] = UInt8(2 * j + 1)
        }
        row.withUnsafeMutableBytes { src in
            for cb in 0..<256 {
                for cr in 0..<256 {
                    for j in 0..<128 {
                        src[4 * j + 1] = UInt8(cb)
                        src[4 * j + 3] = UInt8(cr)
                    }
                    // The table row holds exactly 256 UInt32 = 1 KiB, the BGRA row's size.
                    kernels.ycbcr(
                        math, coefficients,
                        KernelJob(
                            UnsafeRawPointer(src.baseAddress!), sl,
                            UnsafeMutableRawPointer(mutableEntries + (cb << 16 | cr << 8)), dl,
                            rows: 0..<1))
                }
            }
        }
    }

    deinit {
        #if canImport(Glibc)
            if mapped {
                munmap(mutableEntries, Self.byteCount)
                return
            }
        #endif
        mutableEntries.deallocate()
    }

    /// Anonymous memory with transparent huge pages requested: 32 TLB entries cover
    /// the table instead of 16 384, which makes the lookups on camera pictures much faster.
    private static func allocate() -> (UnsafeMutablePointer<UInt32>, Bool) {
        #if canImport(Glibc)
            if let p = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                p != MAP_FAILED
            {
                _ = madvise(p, byteCount, 14 /* MADV_HUGEPAGE; advisory, failure is harmless */)
                return (p.bindMemory(to: UInt32.self, capacity: entryCount), true)
            }
        #endif
        return (.allocate(capacity: entryCount), false)
    }

    /// Planar 4:2:2 / 4:2:0 → BGRA by lookup: the same entries as `run`, read from the planes.
    func run(planes: YCbCrPlanes, destination: UnsafeMutableRawPointer, _ dl: FrameLayout, rows: Range<Int>) {
        let pairs = planes.width / 2
        let t = UnsafePointer(entries)
        for y in rows {
            let (ys, us, vs) = planes.rows(y)
            // As in `Lookup`: validated planes and a 4-byte-aligned BGRA destination.
            let d = destination.advanced(by: y &* dl.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            for p in 0..<pairs {
                let c = Int(us[p]) &<< 16 | Int(vs[p]) &<< 8
                d[p &* 2] = t[c | Int(ys[p &* 2])]
                d[p &* 2 &+ 1] = t[c | Int(ys[p &* 2 &+ 1])]
            }
        }
    }
}
