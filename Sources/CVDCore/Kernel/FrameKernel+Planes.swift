import CVDKernelInterface
import Dispatch

extension FrameKernel {
    /// Transforms planar 4:2:2 or 4:2:0 Y′CbCr (what a JPEG decoder delivers) into
    /// `destination`, reading the planes straight (no packing to YUYV first): the same
    /// pixels as packing them to YUYV and calling `apply(source:…)`, by the same paths — the
    /// table for camera-like pictures into aligned BGRA, else computed.
    public func apply(
        planes: YCbCrPlanes, destination: UnsafeMutableRawBufferPointer, destinationLayout: FrameLayout,
        ycbcr: YCbCrEncoding, strategy: Strategy = .automatic, threads: Int = 1
    ) throws(FrameError) {
        try planes.validate()
        guard
            let dst = try Self.checkedDestination(
                destination, destinationLayout, for: (planes.width, planes.height),
                named: "\(planes.width)×\(planes.height) Y′CbCr planes")
        else { return }
        let table =
            Self.tableServes(dst, destinationLayout) && mayUseTable(strategy)
                && (strategy == .table || CoherenceProbe.isCoherent(planes))
            ? self.table(for: ycbcr) : nil
        let k = YCbCrCoefficients(ycbcr)
        let math = math
        let kernels = kernels
        // As in `apply(source:…)`: bands write disjoint rows; the caller keeps the planes alive.
        nonisolated(unsafe) let d = dst
        Self.inBands(of: planes.height, threads: threads) { rows in
            if let t = table {
                t.run(planes: planes, destination: d, destinationLayout, rows: rows)
            } else {
                PlanarPath(
                    kernels: kernels, math: math, coefficients: k, planes: planes, destination: d,
                    destinationLayout: destinationLayout, rows: rows
                ).run()
            }
        }
    }
}
