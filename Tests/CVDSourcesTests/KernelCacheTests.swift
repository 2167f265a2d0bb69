import CVDCore
import CVDSystem
import Testing

@testable import CVDSources

/// Records table builds instead of running them.
private final class BuildLog: Sendable {
    private let calls = Locked<[(ObjectIdentifier, YCbCrEncoding)]>([])
    var count: Int { calls.withLock { $0.count } }
    func record(_ k: FrameKernel, _ e: YCbCrEncoding) { calls.withLock { $0.append((ObjectIdentifier(k), e)) } }
}

@Suite struct KernelCacheTests {
    let deut = try! Simulation(mode: .deuteranopia)
    let prot = try! Simulation(mode: .protanopia)
    let trit = try! Simulation(mode: .tritanopia)

    @Test func keepsTheMostRecentKernels() {
        var cache = KernelCache(limit: 2, build: { _, _ in })
        let k = cache.kernel(for: deut)
        #expect(cache.kernel(for: deut) === k)
        _ = cache.kernel(for: prot)
        _ = cache.kernel(for: deut) // deut is now the most recent
        _ = cache.kernel(for: trit) // evicts prot
        #expect(cache.simulations == [deut, trit])
        #expect(cache.kernel(for: deut) === k)
    }

    @Test func buildsEachTableOnceAndComputesMeanwhile() {
        let log = BuildLog()
        var cache = KernelCache(limit: 2, build: { log.record($0, $1) })
        let first = cache.prepared(for: deut, format: .yuyv, encoding: .bt601Limited)
        #expect(first.strategy == .compute)
        #expect(log.count == 1)
        _ = cache.prepared(for: deut, format: .yuyv, encoding: .bt601Limited)
        #expect(log.count == 1, "a table being built is not started again")
        _ = cache.prepared(for: deut, format: .yuyv, encoding: YCbCrEncoding(.bt709, .limited))
        #expect(log.count == 2, "another encoding needs its own table")
        let rgb = cache.prepared(for: deut, format: .rgba, encoding: .bt601Limited)
        #expect(rgb.strategy == .automatic && log.count == 2, "RGB frames need no table")
    }

    /// The latent bug this type fixes: a kernel evicted while its table was building came
    /// back as a new kernel (possibly at the reused address) that was taken as already
    /// building and never got its table.
    @Test func aKernelMadeAgainAfterEvictionGetsItsOwnTable() {
        let log = BuildLog()
        var cache = KernelCache(limit: 1, build: { log.record($0, $1) })
        _ = cache.prepared(for: deut, format: .yuyv, encoding: .bt601Limited)
        _ = cache.prepared(for: prot, format: .yuyv, encoding: .bt601Limited) // evicts deut
        let again = cache.prepared(for: deut, format: .yuyv, encoding: .bt601Limited)
        #expect(log.count == 3)
        #expect(again.strategy == .compute)
    }

    @Test func normalVisionNeverBuildsATable() {
        let log = BuildLog()
        var cache = KernelCache(build: { log.record($0, $1) })
        _ = cache.prepared(for: try! Simulation(mode: .normal), format: .yuyv, encoding: .bt601Limited)
        #expect(log.count == 0)
    }

    /// A white balance is part of the key: its kernel is the simulation's matrix times the
    /// gains, built (with its table) once; balancing again on the same card reuses it.
    @Test func theWhiteBalanceIsPartOfTheKey() throws {
        let log = BuildLog()
        var cache = KernelCache(limit: 4, build: { log.record($0, $1) })
        let card = WhiteBalance(card: (0.62, 0.45, 0.26))
        let plain = cache.kernel(for: deut)
        let balanced = cache.prepared(for: deut, balance: card, format: .yuyv, encoding: .bt601Limited)
        #expect(balanced.kernel !== plain)
        #expect(balanced.kernel.transform == deut.transform.balanced(card))
        #expect(log.count == 1, "the balanced kernel builds its own table")
        let again = cache.prepared(
            for: deut, balance: WhiteBalance(card: (0.62, 0.45, 0.26)), format: .yuyv, encoding: .bt601Limited)
        #expect(again.kernel === balanced.kernel && log.count == 1, "the same card reuses kernel and table")
        #expect(cache.kernel(for: deut) === plain)
        // Normal vision balanced is a matrix like any mode: it uses (and builds) a table.
        _ = cache.prepared(for: try Simulation(mode: .normal), balance: card, format: .yuyv, encoding: .bt601Limited)
        #expect(log.count == 2)
    }

    /// One kernel holds tables at a time: a mode switch in a single view lets the old
    /// mode's table go (64 MiB, not six of them); kernels without tables stay.
    @Test func oneKernelHoldsTablesAtATime() {
        let log = BuildLog()
        var released: [ObjectIdentifier] = []
        let releases = Locked<[ObjectIdentifier]>([])
        var cache = KernelCache(
            limit: 6, build: { log.record($0, $1) },
            release: { k in releases.withLock { $0.append(ObjectIdentifier(k)) } })
        let plain = cache.kernel(for: trit)
        let d = cache.prepared(for: deut, format: .yuyv, encoding: .bt601Limited).kernel
        let p = cache.prepared(for: prot, format: .yuyv, encoding: .bt601Limited).kernel
        released = releases.withLock { $0 }
        #expect(log.count == 2)
        #expect(released == [ObjectIdentifier(d)], "deuteranopia's table goes when protanopia's starts")
        #expect(cache.simulations == [trit, prot], "the kernel without a table stays")
        #expect(cache.kernel(for: trit) === plain && cache.kernel(for: prot) === p)
    }

    /// Split and 2×2 show several simulations at once: they compute, building no table.
    @Test func severalPanesComputeWithoutTables() {
        let log = BuildLog()
        var cache = KernelCache(build: { log.record($0, $1) })
        for sim in [deut, prot, trit, deut] {
            let r = cache.prepared(for: sim, format: .yuyv, encoding: .bt601Limited, mayBuildTable: false)
            #expect(r.strategy == .compute)
        }
        #expect(log.count == 0)
        #expect(cache.tableBytes == 0)
    }

    /// Going from one pane to several lets the single view's table go.
    @Test func severalPanesLetTheTableGo() {
        let releases = Locked<Int>(0)
        var cache = KernelCache(build: { _, _ in }, release: { _ in releases.withLock { $0 += 1 } })
        let d = cache.prepared(for: deut, format: .yuyv, encoding: .bt601Limited).kernel
        _ = cache.prepared(for: prot, format: .yuyv, encoding: .bt601Limited, mayBuildTable: false)
        #expect(releases.withLock { $0 } == 1)
        #expect(cache.simulations == [prot])
        let again = cache.prepared(for: deut, format: .yuyv, encoding: .bt601Limited, mayBuildTable: false)
        #expect(again.kernel !== d && again.strategy == .compute)
        #expect(releases.withLock { $0 } == 1, "kernels without tables stay")
    }

    /// With a watching `TablePolicy` (the live view's, the relay's) no table is built while
    /// computing is cheap, and the first one once two windows of frames have cost more than
    /// a third of their period; the policy lives in the cache, so every caller of
    /// `prepared` (the panes, the virtual camera) follows the same decision.
    @Test func aWatchingPolicyBuildsOnlyOnceComputingCostsTooMuch() {
        let log = BuildLog()
        var cache = KernelCache(tables: TablePolicy(), build: { log.record($0, $1) })
        var t = 100.0
        for _ in 0..<60 {
            let r = cache.prepared(for: deut, format: .yuyv, encoding: .bt601Limited)
            #expect(r.strategy == .compute)
            cache.computed(0.004, frameTimestamp: t) // 12 % of a 30 fps period
            t += 1.0 / 30
        }
        #expect(log.count == 0 && !cache.tables.pays)
        for _ in 0..<31 {
            _ = cache.prepared(for: deut, format: .yuyv, encoding: .bt601Limited)
            cache.computed(0.017, frameTimestamp: t) // half the period
            t += 1.0 / 30
        }
        #expect(cache.tables.pays)
        _ = cache.prepared(for: deut, format: .yuyv, encoding: .bt601Limited)
        #expect(log.count == 1, "the table is built once it pays")
        _ = cache.prepared(for: prot, format: .yuyv, encoding: .bt601Limited, mayBuildTable: false)
        #expect(log.count == 1, "several pictures at once still compute")
    }
}
