#if canImport(Glibc)
import Glibc
#endif

/// The exact output of a kernel for every Y′CbCr triple: 2²⁴ BGRA entries (64 MiB),
/// indexed `Cb << 16 | Cr << 8 | Y`, so both pixels of a 4:2:2 pair read the same
/// 1 KiB row. Built by running the kernel's own `PixelMap` over all triples, so
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

    init(map: PixelMap, decoder: YCbCrDecoder) {
        (entries, mapped) = Self.allocate()
        for cb in 0..<256 {
            for cr in 0..<256 {
                let c = decoder.chroma(cb: UInt8(cb), cr: UInt8(cr))
                let row = entries + (cb << 16 | cr << 8)
                for y in 0..<256 {
                    let l = decoder.levels(y: UInt8(y), c)
                    let o = map.map(l.0, l.1, l.2)
                    row[y] = 0xFF00_0000 | o.r << 16 | o.g << 8 | o.b
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
    /// the table instead of 16 384, which halves the lookup time on camera pictures.
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
        let so = sl.format.ycbcrOffsets!
        let pairs = sl.width / 2
        let t = UnsafePointer(entries)
        for y in rows {
            let s = source.advanced(by: y &* sl.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            // BGRA rows hold whole UInt32 pixels; FrameKernel only picks this path when
            // the destination stride and base are 4-byte aligned.
            let d = destination.advanced(by: y &* dl.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            for p in 0..<pairs {
                let q = s + p &* 4
                let c = Int(q[so.cb]) &<< 16 | Int(q[so.cr]) &<< 8
                d[p &* 2] = t[c | Int(q[so.y0])]
                d[p &* 2 &+ 1] = t[c | Int(q[so.y1])]
            }
        }
    }
}
