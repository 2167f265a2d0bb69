/// The colour work of `ColourTransform.apply(gammaEncoded:)` for a GPU: the same steps as
/// GLSL functions (R′G′B′ in 0…1 clipped, the sRGB EOTF, the model's matrix or Brettel's
/// two half-planes, the clip, the OETF, round half up to 8 bits; or the iOS matrices on
/// gamma-encoded values), and the values a shader's uniforms take for one transform and
/// one Y′CbCr encoding — built from the same `ColourTransform` and `YCbCrEncoding` as the
/// CPU kernels, so the two paths cannot drift apart in their constants. The GL renderer's
/// conformance test renders the reference grid through these functions (±1 level).
///
/// Nothing here calls a GPU: the text and numbers are plain data (testable without one).
public enum ColourShader {
    /// One transform as uniforms (`CVDTransform` in `functions`; `kind` is `cvd_apply`'s
    /// first argument, a constant the shader is compiled with): matrices column-major, as
    /// `glUniformMatrix3fv` takes them untransposed.
    public struct Transform: Equatable, Sendable {
        /// What `cvd_apply` does with it; the raw value is the shader's constant.
        public enum Kind: Int32, Sendable {
            /// `a` in linear light.
            case linear = 0
            /// `a` where dot(l, n) ≥ 0, else `b` (Brettel's two half-planes).
            case halfPlanes = 1
            /// `a` on gamma-encoded 0…255 values (the iOS app's matrices).
            case gammaSpace = 2
            /// The picture as it is.
            case identity = 3
        }

        public var kind: Kind
        public var a: [Float]
        public var b: [Float]
        public var normal: (Float, Float, Float)

        public static func == (x: Transform, y: Transform) -> Bool {
            x.kind == y.kind && x.a == y.a && x.b == y.b && x.normal == y.normal
        }
    }

    /// The uniforms for `t`.
    public static func transform(_ t: ColourTransform) -> Transform {
        func columns(_ m: Matrix3) -> [Float] { (0..<9).map { Float(m.m[($0 % 3) * 3 + $0 / 3]) } }
        let none: [Float] = columns(.identity)
        if t.isIdentity { return Transform(kind: .identity, a: none, b: none, normal: (0, 0, 0)) }
        switch t {
        case .linear(let m): return Transform(kind: .linear, a: columns(m), b: none, normal: (0, 0, 0))
        case .halfPlanes(let t1, let t2, let n):
            return Transform(
                kind: .halfPlanes, a: columns(t1), b: columns(t2), normal: (Float(n.0), Float(n.1), Float(n.2)))
        case .gammaSpace(let m): return Transform(kind: .gammaSpace, a: columns(m), b: none, normal: (0, 0, 0))
        }
    }

    /// `encoding`'s decoding coefficients (`YCbCrEncoding.coefficients`): (Y′ offset, Y′
    /// scale) and (Cr→R′, Cb→G′, Cr→G′, Cb→B′), in 8-bit units.
    public static func ycbcr(_ encoding: YCbCrEncoding) -> (luma: (Float, Float), chroma: (Float, Float, Float, Float))
    {
        let c = encoding.coefficients
        return ((Float(c.yOffset), Float(c.yScale)), (Float(c.crToR), Float(c.cbToG), Float(c.crToG), Float(c.cbToB)))
    }

    /// GLSL (330 core and 300 es alike) for the colour work, every value `highp`:
    /// `cvd_ycbcr` (one Y′CbCr sample → R′G′B′ in 0…1, unclipped), `cvd_apply` (a transform
    /// of a kind on gamma-encoded R′G′B′ → its output as levels 0…255). Mirrors `ColourTransform.apply`,
    /// `SRGB` and `YCbCrEncoding.rgb` step by step; the gamma-space rounding gets a nudge
    /// of 1e-4 of a level as the CPU's 1e-9 (decimal matrices whose exact products end in
    /// .5 land a hair below it in binary, and a little more below in 32-bit floats).
    public static let functions = """
        struct CVDTransform { mat3 a; mat3 b; vec3 n; };

        vec3 cvd_ycbcr(vec3 ycc, vec2 luma, vec4 chroma) {
            float l = luma.y * (ycc.x - luma.x);
            float u = ycc.y - 128.0;
            float v = ycc.z - 128.0;
            return vec3(l + chroma.x * v, l - chroma.y * u - chroma.z * v, l + chroma.w * u) / 255.0;
        }

        vec3 cvd_eotf(vec3 c) {
            return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(vec3(0.04045), c));
        }

        vec3 cvd_oetf(vec3 l) {
            return mix(12.92 * l, 1.055 * pow(l, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), l));
        }

        vec3 cvd_quantise(vec3 s) { return floor(255.0 * clamp(s, 0.0, 1.0) + 0.5); }

        // `kind`: `ColourShader.Transform.kind`; pass a constant, and the compiler keeps one branch.
        vec3 cvd_apply(int kind, CVDTransform t, vec3 c) {
            c = clamp(c, 0.0, 1.0);
            if (kind == 3) return cvd_quantise(c);
            if (kind == 2) return clamp(floor(t.a * (c * 255.0) + 0.5001), 0.0, 255.0);
            vec3 l = cvd_eotf(c);
            mat3 m = (kind == 1 && dot(l, t.n) < 0.0) ? t.b : t.a;
            return cvd_quantise(cvd_oetf(clamp(m * l, 0.0, 1.0)));
        }

        """
}
