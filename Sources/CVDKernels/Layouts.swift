import CVDKernelInterface

/// Pixel layouts as types, so each loop is compiled for constant byte offsets — which
/// LLVM turns into wide interleaved loads and stores.
protocol RGBLayout {
    /// The pixel's size and each channel's byte offset in it.
    static var offsets: RGBOffsets { get }
}

/// A pixel's size in bytes and where its channels are; `a` nil: no alpha.
struct RGBOffsets {
    let size: Int, r: Int, g: Int, b: Int, a: Int?
}

enum RGB24Layout: RGBLayout { static var offsets: RGBOffsets { RGBOffsets(size: 3, r: 0, g: 1, b: 2, a: nil) } }
enum BGR24Layout: RGBLayout { static var offsets: RGBOffsets { RGBOffsets(size: 3, r: 2, g: 1, b: 0, a: nil) } }
enum RGBALayout: RGBLayout { static var offsets: RGBOffsets { RGBOffsets(size: 4, r: 0, g: 1, b: 2, a: 3) } }
enum BGRALayout: RGBLayout { static var offsets: RGBOffsets { RGBOffsets(size: 4, r: 2, g: 1, b: 0, a: 3) } }
enum ARGBLayout: RGBLayout { static var offsets: RGBOffsets { RGBOffsets(size: 4, r: 1, g: 2, b: 3, a: 0) } }

extension RGBLayout {
    @inline(__always) static var size: Int { offsets.size }
    @inline(__always) static var r: Int { offsets.r }
    @inline(__always) static var g: Int { offsets.g }
    @inline(__always) static var b: Int { offsets.b }
    @inline(__always) static var hasAlpha: Bool { offsets.a != nil }
    /// Offset of alpha; meaningful only when `hasAlpha`.
    @inline(__always) static var a: Int { offsets.a ?? 0 }
}

extension RGBLayout {
    /// Writes one pixel's levels (each 0…255) as pixel `x` of `row`. A 4-byte layout is one
    /// 32-bit store (little-endian, so each level lands at its byte offset), which LLVM
    /// vectorises as shifts and ORs rather than a byte-by-byte interleave.
    @inline(__always)
    static func store(
        _ red: UInt32, _ green: UInt32, _ blue: UInt32, alpha: UInt32,
        to row: UnsafeMutablePointer<UInt8>, at x: Int
    ) {
        let o = x &* size
        if size == 4 {
            let word =
                red &<< UInt32(8 &* r) | green &<< UInt32(8 &* g) | blue &<< UInt32(8 &* b) | alpha &<< UInt32(8 &* a)
            UnsafeMutableRawPointer(row + o).storeBytes(of: UInt32(littleEndian: word), as: UInt32.self)
        } else {
            row[o &+ r] = UInt8(truncatingIfNeeded: red)
            row[o &+ g] = UInt8(truncatingIfNeeded: green)
            row[o &+ b] = UInt8(truncatingIfNeeded: blue)
        }
    }
}

protocol YCbCrLayout {
    static var y0: Int { get }
    static var cb: Int { get }
    static var y1: Int { get }
    static var cr: Int { get }
}

enum YUYVLayout: YCbCrLayout {
    static var y0: Int { 0 }
    static var cb: Int { 1 }
    static var y1: Int { 2 }
    static var cr: Int { 3 }
}
enum UYVYLayout: YCbCrLayout {
    static var y0: Int { 1 }
    static var cb: Int { 0 }
    static var y1: Int { 3 }
    static var cr: Int { 2 }
}

/// Calls back with the layout type of a format (a generic "visitor", so the callee is
/// specialised for the concrete type instead of going through an existential).
protocol RGBLayoutVisitor { func visit<L: RGBLayout>(_: L.Type) }
protocol YCbCrLayoutVisitor { func visit<L: YCbCrLayout>(_: L.Type) }
protocol MathVariantVisitor { func visit<V: MathVariant>(_: V.Type) }

/// A path's per-pixel loop with its source layout fixed (a generic parameter of the
/// conforming type), to be compiled for each math variant and destination layout.
/// `run(_:into:)` picks both at run time and calls the loop specialised for them, so the
/// loop itself never goes through an existential or a witness table.
protocol SpecialisedLoop {
    func run<V: MathVariant, D: RGBLayout>(_: V.Type, _: D.Type)
}

extension SpecialisedLoop {
    /// Runs the loop for the coefficients' math variant, writing `destination`'s RGB layout.
    func run(_ variant: KernelVariant, into destination: KernelFormat) {
        variant.withVariant(SpecialisedVariantStep(loop: self, destination: destination))
    }
}

private struct SpecialisedVariantStep<L: SpecialisedLoop>: MathVariantVisitor {
    let loop: L, destination: KernelFormat
    func visit<V: MathVariant>(_: V.Type) { destination.withRGBLayout(SpecialisedDestinationStep<L, V>(loop: loop)) }
}

private struct SpecialisedDestinationStep<L: SpecialisedLoop, V: MathVariant>: RGBLayoutVisitor {
    let loop: L
    func visit<D: RGBLayout>(_: D.Type) { loop.run(V.self, D.self) }
}

extension KernelFormat {
    var isYCbCr: Bool { self == .yuyv || self == .uyvy }

    func withRGBLayout<Visitor: RGBLayoutVisitor>(_ v: Visitor) {
        switch self {
        case .rgb24: v.visit(RGB24Layout.self)
        case .bgr24: v.visit(BGR24Layout.self)
        case .rgba: v.visit(RGBALayout.self)
        case .bgra: v.visit(BGRALayout.self)
        case .argb: v.visit(ARGBLayout.self)
        case .yuyv, .uyvy: preconditionFailure("not an RGB format: \(self)")
        }
    }

    func withYCbCrLayout<Visitor: YCbCrLayoutVisitor>(_ v: Visitor) {
        switch self {
        case .yuyv: v.visit(YUYVLayout.self)
        case .uyvy: v.visit(UYVYLayout.self)
        default: preconditionFailure("not a 4:2:2 format: \(self)")
        }
    }
}

extension KernelVariant {
    func withVariant<Visitor: MathVariantVisitor>(_ v: Visitor) {
        switch self {
        case .identity: v.visit(Identity.self)
        case .linearMatrix: v.visit(LinearMatrix.self)
        case .linearRGEqual: v.visit(LinearRGEqual.self)
        case .linearGrey: v.visit(LinearGrey.self)
        case .linearHalfPlanes: v.visit(LinearHalfPlanes.self)
        case .gammaMatrix: v.visit(GammaMatrix.self)
        }
    }
}
