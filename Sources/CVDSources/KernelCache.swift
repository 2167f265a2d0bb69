import CVDCore
import CVDSystem
import FoundationEssentials

/// Frame kernels by simulation and white balance, the few most recently used kept (each
/// may hold a 64 MiB Y′CbCr table), and their tables built in the background so that
/// switching modes never stalls the picture: until a kernel's table is ready, its frames
/// are computed. A white balance (`w`) is folded into the kernel's matrix, so a new
/// balance makes new kernels (and tables, built in the background like a mode change);
/// its gains are quantised (`WhiteBalance`), so balancing again on the same card reuses them.
///
/// Each entry remembers which tables it has started building, so an evicted kernel takes
/// that knowledge with it: a new kernel for the same simulation builds its own table.
///
/// Memory: at most `tableHolders` kernels hold tables (one by default: 64 MiB). A kernel
/// that starts a table evicts the other kernels that hold one; callers that show several
/// simulations at once (split, 2×2) pass `mayBuildTable: false`, which lets every table go,
/// and compute (what a table saves is worth 64 MiB for the one picture a single view shows,
/// not for four: docs/performance.md). And a table is built only when it pays (`tables`, a `TablePolicy`: the
/// live view's and the relay's watch what computing costs and ask for one only where it
/// takes a real share of the frame period; by default tables always pay).
public struct KernelCache {
    /// Builds `kernel`'s table for `encoding`; runs on a background thread of its own by
    /// default. Tests pass a recorder.
    public typealias TableBuilder = @Sendable (FrameKernel, YCbCrEncoding) -> Void

    private struct Entry {
        let simulation: Simulation
        let balance: WhiteBalance
        let kernel: FrameKernel
        var building: Set<YCbCrEncoding> = []
    }

    private var entries: [Entry] = [] // least recently used first
    public let limit: Int
    /// How many kernels may hold Y′CbCr tables at once.
    public let tableHolders: Int
    private let build: TableBuilder
    /// Whether a table pays now (`computed` tells it what frames cost).
    public private(set) var tables: TablePolicy

    /// Lets go of an evicted kernel; on the background builder's thread by default.
    public typealias Releaser = @Sendable (FrameKernel) -> Void
    private let release: Releaser

    public init(
        limit: Int = 6, tableHolders: Int = 1, tables: TablePolicy = TablePolicy(always: true),
        build: @escaping TableBuilder = KernelCache.buildInBackground,
        release: @escaping Releaser = KernelCache.releaseInBackground
    ) {
        self.limit = limit
        self.tables = tables
        self.tableHolders = max(1, tableHolders)
        self.build = build
        self.release = release
    }

    /// The kernel for `simulation` after `balance`, made if needed (evicting the least recently used).
    public mutating func kernel(for simulation: Simulation, balance: WhiteBalance = .none) -> FrameKernel {
        entry(for: simulation, balance).kernel
    }

    /// How to run `simulation` on a frame in `layout` with `encoding` now: its kernel and
    /// strategy. For Y′CbCr frames whose kernel would use a table it does not have yet, the
    /// table's build starts (once per kernel and encoding; only when it pays, `tables`, and
    /// not when `mayBuildTable` is false: several pictures shown at once) and the frame is
    /// computed meanwhile. Starting a table evicts the kernels beyond `tableHolders` that
    /// hold one (least recently used first).
    public mutating func prepared(
        for simulation: Simulation, balance: WhiteBalance = .none, format: PixelFormat,
        encoding: YCbCrEncoding, mayBuildTable: Bool = true
    ) -> (kernel: FrameKernel, strategy: FrameKernel.Strategy) {
        // Several panes at once compute: the single view's table (64 MiB) goes until it is
        // back (then built again in the background, computed meanwhile).
        if !mayBuildTable { releaseTableHolders(keep: 0, sparingNewest: 0) }
        let mayBuildTable = mayBuildTable && tables.pays

        var e = entry(for: simulation, balance)
        let k = e.kernel
        guard format.isYCbCr, k.mayUseTable(.automatic), !k.hasTable(for: encoding) else { return (k, .automatic) }
        guard mayBuildTable else { return (k, .compute) }
        if e.building.insert(encoding).inserted {
            entries[entries.count - 1] = e
            build(k, encoding)
            releaseTableHolders(keep: tableHolders - 1, sparingNewest: 1)
        }
        return (k, .compute)
    }

    /// A frame (timestamp `timestamp`, the source's clock) of the one picture shown took
    /// `seconds` on the compute path: what decides whether a table pays (`TablePolicy`).
    public mutating func computed(_ seconds: Double, frameTimestamp timestamp: Double) {
        tables.computed(seconds, frameTimestamp: timestamp)
    }

    /// Lets the kernels that hold (or are building) tables go, oldest first, until `keep` are
    /// left among all entries but the newest `sparing`: released on the builder's thread (a
    /// table is unmapped there, not in the middle of a frame).
    private mutating func releaseTableHolders(keep: Int, sparingNewest sparing: Int) {
        while true {
            let holders = entries.indices.dropLast(sparing).filter { !entries[$0].building.isEmpty }
            guard holders.count > keep, let oldest = holders.first else { return }
            release(entries.remove(at: oldest).kernel)
        }
    }

    /// Bytes held in tables by the kernels kept (the `bench` memory row, the tests).
    public var tableBytes: Int { entries.reduce(0) { $0 + $1.kernel.tableBytes } }

    /// The simulations held, least recently used first.
    public var simulations: [Simulation] { entries.map(\.simulation) }

    /// The balances held with them, in the same order.
    public var balances: [WhiteBalance] { entries.map(\.balance) }

    /// Moves the entry for `simulation` and `balance` to the end (most recent), making it if needed.
    private mutating func entry(for simulation: Simulation, _ balance: WhiteBalance) -> Entry {
        if let i = entries.firstIndex(where: { $0.simulation == simulation && $0.balance == balance }) {
            entries.append(entries.remove(at: i))
        } else {
            let kernel = FrameKernel(simulation.transform.balanced(balance))
            entries.append(Entry(simulation: simulation, balance: balance, kernel: kernel))
            // The evicted kernel's tables (64 MiB each) are unmapped on the background
            // thread, not in the middle of a frame here.
            if entries.count > limit { release(entries.removeFirst().kernel) }
        }
        return entries[entries.count - 1]
    }

    /// The default builder: one background thread at the lowest priority builds the
    /// queued tables one at a time, newest first (`TableBuildQueue`), so on one core (or a
    /// VM) a build only takes the time the live picture leaves idle.
    public static let buildInBackground: TableBuilder = { kernel, encoding in
        builds.add(kernel, encoding)
    }

    /// The default releaser: the builder's thread drops the kernel (`TableBuildQueue.release`).
    public static let releaseInBackground: Releaser = { kernel in
        builds.release(kernel)
    }

    /// Table builds queued or running in the background.
    private static let builds = TableBuildQueue()

    /// Drops the queued table builds and waits up to `timeout` seconds for the running
    /// one to end, so that quitting during a build leaves no thread writing into a table
    /// (a build takes a fraction of a second). True when none is left.
    public static func waitForBackgroundBuilds(timeout: Double) -> Bool {
        builds.finish(timeout: timeout)
    }
}
