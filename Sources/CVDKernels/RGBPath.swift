import CVDKernelInterface

/// Packed RGB (3 or 4 bytes per pixel, any channel order) → packed RGB.
/// Alpha is copied when both sides have it, set to 255 when only the destination does.
/// One specialised loop per (variant, source layout `S`, destination layout); `startRGBPath`
/// picks `S`, `SpecialisedLoop.run(_:into:)` the rest.
struct RGBPath<S: RGBLayout>: SpecialisedLoop {
    let math: PixelCoefficients
    let job: KernelJob

    func run<V: MathVariant, D: RGBLayout>(_: V.Type, _: D.Type) {
        let m = math
        let width = job.width
        let s8 = job.source.assumingMemoryBound(to: UInt8.self)
        guard let d8 = job.destination?.assumingMemoryBound(to: UInt8.self) else { return }
        let sStride = job.sourceBytesPerRow
        let dStride = job.destinationBytesPerRow
        // The caller validated both layouts against the buffer sizes (`KernelJob`): every
        // row in `rows` and every pixel below lies inside its buffer.
        for y in job.rows {
            let s = s8 + y &* sStride
            let d = d8 + y &* dStride
            for x in 0..<width {
                let i = x &* S.size
                let p = m.map(V.self, Float(s[i &+ S.r]), Float(s[i &+ S.g]), Float(s[i &+ S.b]))
                D.store(p.r, p.g, p.b, alpha: S.hasAlpha ? UInt32(s[i &+ S.a]) : 255, to: d, at: x)
            }
        }
    }
}

/// Starts a band of rows: picks the loop for the source's layout.
func startRGBPath(_ math: PixelCoefficients, _ job: KernelJob) {
    job.sourceFormat.withRGBLayout(RGBPathStart(math: math, job: job))
}

private struct RGBPathStart: RGBLayoutVisitor {
    let math: PixelCoefficients, job: KernelJob
    func visit<L: RGBLayout>(_: L.Type) {
        RGBPath<L>(math: math, job: job).run(math.variant, into: job.destinationFormat)
    }
}
