#if canImport(Glibc)
import Glibc
#endif

/// The exact output of a kernel for every Y′CbCr triple: 2²⁴ BGRA entries (64 MiB),
/// indexed `Cb << 16 | Cr << 8 | Y`, so both pixels of a 4:2:2 pair read the same
/// 1 KiB row. Built by running the kernel's own compute path (`YCbCrPath`) over all triples, so
/// table and compute paths give identical pixels.
///
/// One lookup per pixel is the fastest path on camera pictures, whose neighbouring
/// pairs have nearly the same chroma and so reuse cached rows; on incoherent
/// content (noise) every lookup misses the caches, and `FrameKernel` computes instead.
final class YCbCrTable: Sendable {
    static let entryCount = 1 << 24
    static let byteCount = entryCount * MemoryLayout<UInt32>.size

    /// Written only during `init`, read-only afterwards: safe to share between threads.
    nonisolated(unsafe) let entries: UnsafeMutablePointer<UInt32>
    private let mapped: Bool

    /// Runs the compute path itself over every triple: for each (Cb, Cr), one 256-pixel
    /// row of YUYV pairs (Y = 0, 1 | 2, 3 | …) decodes straight into that table row.
    init(transform: ColorTransform, math: PixelMath, coefficients: YCbCrDecoding) {
        (entries, mapped) = Self.allocate()
        let sl = FrameLayout(format: .yuyv, width: 256, height: 1)
        let dl = FrameLayout(format: .bgra, width: 256, height: 1)
        var row = [UInt8](repeating: 0, count: 512)
        for j in 0..<128 { row[4 * j] = UInt8(2 * j); row[4 * j + 2] = UInt8(2 * j + 1) }
        row.withUnsafeMutableBytes { src in
            for cb in 0..<256 {
                for cr in 0..<256 {
                    for j in 0..<128 { src[4 * j + 1] = UInt8(cb); src[4 * j + 3] = UInt8(cr) }
                    // The table row holds exactly 256 UInt32 = 1 KiB, the BGRA row's size.
                    YCbCrPath<YUYVLayout>(math: math, coefficients: coefficients, source: UnsafeRawPointer(src.baseAddress!), sl: sl,
                                          destination: UnsafeMutableRawPointer(entries + (cb << 16 | cr << 8)), dl: dl, rows: 0..<1)
                        .run(transform, into: dl.format)
                }
            }
        }
    }

    deinit {
        #if canImport(Glibc)
        if mapped { munmap(entries, Self.byteCount); return }
        #endif
        entries.deallocate()
    }

    /// Anonymous memory with transparent huge pages requested: 32 TLB entries cover
    /// the table instead of 16 384, which makes the lookups on camera pictures much faster.
    private static func allocate() -> (UnsafeMutablePointer<UInt32>, Bool) {
        #if canImport(Glibc)
        if let p = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
           p != MAP_FAILED {
            _ = madvise(p, byteCount, 14 /* MADV_HUGEPAGE; advisory, failure is harmless */)
            return (p.bindMemory(to: UInt32.self, capacity: entryCount), true)
        }
        #endif
        return (.allocate(capacity: entryCount), false)
    }

    /// YUYV/UYVY → BGRA by lookup.
    func run(source: UnsafeRawPointer, _ sl: FrameLayout,
             destination: UnsafeMutableRawPointer, _ dl: FrameLayout, rows: Range<Int>) {
        sl.format.withYCbCrLayout(Lookup(table: self, source: source, sl: sl, destination: destination, dl: dl, rows: rows))
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

    private struct Lookup: YCbCrLayoutVisitor {
        let table: YCbCrTable
        let source: UnsafeRawPointer, sl: FrameLayout
        let destination: UnsafeMutableRawPointer, dl: FrameLayout
        let rows: Range<Int>

        func visit<S: YCbCrLayout>(_: S.Type) {
            let pairs = sl.width / 2
            let t = UnsafePointer(table.entries)
            for y in rows {
                let s = source.advanced(by: y &* sl.bytesPerRow).assumingMemoryBound(to: UInt8.self)
                // BGRA rows hold whole UInt32 pixels; FrameKernel picks this path only when the
                // destination base and stride are 4-byte aligned and the layout was validated.
                let d = destination.advanced(by: y &* dl.bytesPerRow).assumingMemoryBound(to: UInt32.self)
                for p in 0..<pairs {
                    let q = s + p &* 4
                    let c = Int(q[S.cb]) &<< 16 | Int(q[S.cr]) &<< 8
                    d[p &* 2] = t[c | Int(q[S.y0])]
                    d[p &* 2 &+ 1] = t[c | Int(q[S.y1])]
                }
            }
        }
    }
}
