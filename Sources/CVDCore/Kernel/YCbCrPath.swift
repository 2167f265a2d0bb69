/// Packed 4:2:2 Y′CbCr (YUYV, UYVY) → packed RGB, computing every pixel.
struct YCbCrPath {
    let math: PixelMath
    let coefficients: Coefficients
    let source: UnsafeRawPointer
    let sl: FrameLayout
    let destination: UnsafeMutableRawPointer
    let dl: FrameLayout
    let rows: Range<Int>

    /// `YCbCrEncoding.coefficients` scaled to give R′G′B′ in 0…1.
    struct Coefficients: Sendable {
        let yOffset, yScale, crToR, cbToG, crToG, cbToB: Float

        init(_ e: YCbCrEncoding) {
            let c = e.coefficients
            yOffset = Float(c.yOffset)
            yScale = Float(c.yScale / 255)
            crToR = Float(c.crToR / 255); cbToG = Float(c.cbToG / 255)
            crToG = Float(c.crToG / 255); cbToB = Float(c.cbToB / 255)
        }
    }

    func run(_ transform: ColorTransform) {
        transform.withVariant(VariantStep(path: self))
    }

    private struct VariantStep: MathVariantVisitor {
        let path: YCbCrPath
        func visit<V: MathVariant>(_: V.Type) { path.sl.format.withYCbCrLayout(SourceStep<V>(path: path)) }
    }

    private struct SourceStep<V: MathVariant>: YCbCrLayoutVisitor {
        let path: YCbCrPath
        func visit<S: YCbCrLayout>(_: S.Type) { path.dl.format.withRGBLayout(DestinationStep<V, S>(path: path)) }
    }

    private struct DestinationStep<V: MathVariant, S: YCbCrLayout>: RGBLayoutVisitor {
        let path: YCbCrPath
        func visit<D: RGBLayout>(_: D.Type) { path.loop(V.self, S.self, D.self) }
    }

    /// Pixels per chunk: three float buffers of this size, 768 bytes, which
    /// `withUnsafeTemporaryAllocation` always puts on the stack (above 1 KiB it may use
    /// the heap — valgrind showed it doing so at 6 KiB).
    static let chunk = 64

    /// One specialised loop per (variant, source layout, destination layout). Each row goes
    /// in chunks through two simple loops that LLVM vectorises: unpack pairs into R′G′B′
    /// (both pixels share the pair's chroma), then map pixel by pixel.
    private func loop<V: MathVariant, S: YCbCrLayout, D: RGBLayout>(_: V.Type, _: S.Type, _: D.Type) {
        let m = math, k = coefficients
        let s8 = source.assumingMemoryBound(to: UInt8.self)
        let d8 = destination.assumingMemoryBound(to: UInt8.self)
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 3 * Self.chunk) { buf in
            let R = buf.baseAddress!, G = R + Self.chunk, B = G + Self.chunk
            // FrameKernel.apply validated both layouts (even width, strides, buffer sizes),
            // so every pair and pixel addressed below lies inside its buffer.
            for y in rows {
                var x0 = 0
                while x0 < sl.width {
                    let n = min(Self.chunk, sl.width - x0)  // even: 4:2:2 widths are even
                    let s = s8 + (y &* sl.bytesPerRow &+ x0 &* 2)
                    let d = d8 + (y &* dl.bytesPerRow &+ x0 &* D.size)
                    for p in 0..<(n &>> 1) {
                        let i = p &* 4
                        let u = Float(s[i &+ S.cb]) - 128, v = Float(s[i &+ S.cr]) - 128
                        let rc = k.crToR * v, gc = 0 - k.cbToG * u - k.crToG * v, bc = k.cbToB * u
                        let y0 = (Float(s[i &+ S.y0]) - k.yOffset) * k.yScale
                        let y1 = (Float(s[i &+ S.y1]) - k.yOffset) * k.yScale
                        // Out-of-gamut samples clamp to the RGB cube here, as any decoder does.
                        R[2 &* p] = min(max(y0 + rc, 0), 1); G[2 &* p] = min(max(y0 + gc, 0), 1)
                        B[2 &* p] = min(max(y0 + bc, 0), 1)
                        R[2 &* p &+ 1] = min(max(y1 + rc, 0), 1); G[2 &* p &+ 1] = min(max(y1 + gc, 0), 1)
                        B[2 &* p &+ 1] = min(max(y1 + bc, 0), 1)
                    }
                    for x in 0..<n {
                        let o = x &* D.size
                        let px = m.map(V.self, R[x], G[x], B[x], inRange: true)
                        d[o &+ D.r] = UInt8(truncatingIfNeeded: px.r)
                        d[o &+ D.g] = UInt8(truncatingIfNeeded: px.g)
                        d[o &+ D.b] = UInt8(truncatingIfNeeded: px.b)
                        if D.hasAlpha { d[o &+ D.a] = 255 }
                    }
                    x0 &+= n
                }
            }
        }
    }
}
