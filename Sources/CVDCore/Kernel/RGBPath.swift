/// Packed RGB (3 or 4 bytes per pixel, any channel order) → packed RGB.
/// Alpha is copied when both sides have it, set to 255 when only the destination does.
struct RGBPath {
    let math: PixelMath
    let source: UnsafeRawPointer
    let sl: FrameLayout
    let destination: UnsafeMutableRawPointer
    let dl: FrameLayout
    let rows: Range<Int>

    /// Picks the loop for the source layout, then `SpecialisedLoop` the variant and destination.
    func run(_ transform: ColorTransform) {
        sl.format.withRGBLayout(SourceStep(path: self, transform: transform))
    }

    private struct SourceStep: RGBLayoutVisitor {
        let path: RGBPath, transform: ColorTransform
        func visit<S: RGBLayout>(_: S.Type) { Loop<S>(path: path).run(transform, into: path.dl.format) }
    }

    /// One specialised loop per (variant, source layout, destination layout).
    private struct Loop<S: RGBLayout>: SpecialisedLoop {
        let path: RGBPath

        func run<V: MathVariant, D: RGBLayout>(_: V.Type, _: D.Type) { path.loop(V.self, S.self, D.self) }
    }

    private func loop<V: MathVariant, S: RGBLayout, D: RGBLayout>(_: V.Type, _: S.Type, _: D.Type) {
        let m = math
        let width = sl.width
        let s8 = source.assumingMemoryBound(to: UInt8.self)
        let d8 = destination.assumingMemoryBound(to: UInt8.self)
        // FrameKernel.apply validated both layouts against the buffer sizes: every row in
        // `rows` and every pixel below lies inside its buffer.
        for y in rows {
            let s = s8 + y &* sl.bytesPerRow
            let d = d8 + y &* dl.bytesPerRow
            for x in 0..<width {
                let i = x &* S.size
                let p = m.map(V.self, Float(s[i &+ S.r]), Float(s[i &+ S.g]), Float(s[i &+ S.b]))
                D.store(p.r, p.g, p.b, alpha: S.hasAlpha ? UInt32(s[i &+ S.a]) : 255, to: d, at: x)
            }
        }
    }
}
