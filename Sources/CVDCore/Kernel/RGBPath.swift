/// Packed RGB (3 or 4 bytes per pixel, any channel order) → packed RGB.
/// Alpha is copied when both sides have it, set to 255 when only the destination does.
struct RGBPath {
    let math: PixelMath
    let source: UnsafeRawPointer
    let sl: FrameLayout
    let destination: UnsafeMutableRawPointer
    let dl: FrameLayout
    let rows: Range<Int>

    func run(_ transform: ColorTransform) {
        transform.withVariant(VariantStep(path: self))
    }

    private struct VariantStep: MathVariantVisitor {
        let path: RGBPath
        func visit<V: MathVariant>(_: V.Type) { path.sl.format.withRGBLayout(SourceStep<V>(path: path)) }
    }

    private struct SourceStep<V: MathVariant>: RGBLayoutVisitor {
        let path: RGBPath
        func visit<S: RGBLayout>(_: S.Type) { path.dl.format.withRGBLayout(DestinationStep<V, S>(path: path)) }
    }

    private struct DestinationStep<V: MathVariant, S: RGBLayout>: RGBLayoutVisitor {
        let path: RGBPath
        func visit<D: RGBLayout>(_: D.Type) { path.loop(V.self, S.self, D.self) }
    }

    /// One specialised loop per (variant, source layout, destination layout).
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
