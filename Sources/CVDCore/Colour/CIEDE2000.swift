#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The CIEDE2000 colour difference (CIE 142-2001), as set out by Sharma, Wu & Dalal
/// (2005), with kL = kC = kH = 1. About 1 is a just-noticeable difference side by side.
public enum CIEDE2000 {
    public static func difference(_ x: CIELab, _ y: CIELab) -> Double {
        let rad = Double.pi / 180
        let c1 = hypot(x.a, x.b)
        let c2 = hypot(y.a, y.b)
        let cBar7 = pow((c1 + c2) / 2, 7)
        let g = 0.5 * (1 - (cBar7 / (cBar7 + pow(25, 7))).squareRoot())
        let a1 = (1 + g) * x.a
        let a2 = (1 + g) * y.a
        let cp1 = hypot(a1, x.b)
        let cp2 = hypot(a2, y.b)
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) / rad
            return h < 0 ? h + 360 : h
        }
        let h1 = hue(x.b, a1)
        let h2 = hue(y.b, a2)
        let dL = y.l - x.l
        let dC = cp2 - cp1
        var dh = 0.0
        if cp1 * cp2 != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * (cp1 * cp2).squareRoot() * sin(dh / 2 * rad)
        let lBar = (x.l + y.l) / 2
        let cpBar = (cp1 + cp2) / 2
        var hBar = h1 + h2
        if cp1 * cp2 != 0 {
            if abs(h1 - h2) <= 180 {
                hBar = (h1 + h2) / 2
            } else if h1 + h2 < 360 {
                hBar = (h1 + h2 + 360) / 2
            } else {
                hBar = (h1 + h2 - 360) / 2
            }
        }
        let t =
            1 - 0.17 * cos((hBar - 30) * rad) + 0.24 * cos(2 * hBar * rad)
            + 0.32 * cos((3 * hBar + 6) * rad) - 0.20 * cos((4 * hBar - 63) * rad)
        let dTheta = 30 * exp(-pow((hBar - 275) / 25, 2))
        let cpBar7 = pow(cpBar, 7)
        let rC = 2 * (cpBar7 / (cpBar7 + pow(25, 7))).squareRoot()
        let l50 = (lBar - 50) * (lBar - 50)
        let sL = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sC = 1 + 0.045 * cpBar
        let sH = 1 + 0.015 * cpBar * t
        let rT = -sin(2 * dTheta * rad) * rC
        let l = dL / sL
        let c = dC / sC
        let h = dH / sH
        return (l * l + c * c + h * h + rT * c * h).squareRoot()
    }

    /// The difference between two sRGB colours.
    public static func difference(_ x: RGB8, _ y: RGB8) -> Double { difference(CIELab(x), CIELab(y)) }
}
