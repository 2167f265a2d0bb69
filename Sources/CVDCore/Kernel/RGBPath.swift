/// Packed RGB (3 or 4 bytes per pixel, any channel order) → packed RGB.
/// Alpha is copied when both sides have it, set to 255 when only the destination does.
/// One specialised loop per (variant, source layout `S`, destination layout); `PathStart`
/// picks `S`, `SpecialisedLoop.run(_:into:)` the rest.
struct RGBPath<S: RGBLayout>: SpecialisedLoop {
    let math: PixelMath
    let source: UnsafeRawPointer
    let sl: FrameLayout
    let destination: UnsafeMutableRawPointer
    let dl: FrameLayout
    let rows: Range<Int>

    func run<V: MathVariant, D: RGBLayout>(_: V.Type, _: D.Type) {
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
