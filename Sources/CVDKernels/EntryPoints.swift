import CVDKernelInterface

/// This module's loops as a table (the same source is compiled once per instruction-set
/// level, as CVDKernelsBaseline, CVDKernelsV3 and CVDKernelsV4; see Package.swift).
/// CVDCore calls them only through the table of a level the CPU supports.
public let entryPoints = KernelEntryPoints(
    rgb: { math, job in startRGBPath(math, job) },
    ycbcr: { math, k, job in startYCbCrPath(math, k, job) },
    ycbcrLookup: { table, job in job.sourceFormat.withYCbCrLayout(TableLookup(table: table, job: job)) },
    confusion: { cells, job, phase, black in
        var n = 0
        withUnsafeMutablePointer(to: &n) { count in
            let m = ConfusionMarking(cells: cells, job: job, phase: phase, black: black, count: count)
            if job.sourceFormat.isYCbCr {
                job.sourceFormat.withYCbCrLayout(m)
            } else {
                job.sourceFormat.withRGBLayout(m)
            }
        }
        return n
    },
    encode: { k, job in job.sourceFormat.withRGBLayout(EncoderLoop(k: k, job: job)) },
    planesToYUYV: { frame, out, stride in Repack.planesToYUYV(frame, to: out, outStride: stride) },
    greyToRGB: { src, stride, width, height, out, outStride in
        Repack.greyToRGB(src, stride: stride, width: width, height: height, to: out, outStride: outStride)
    }
)
