import CLCMS2
import CVDCore

/// A picture's embedded ICC profile applied: its pixels converted from the profile's colours
/// to sRGB — what every other part of cvdcam takes pixels to be — by Little CMS (liblcms2),
/// as colour-managed viewers and browsers show them. Without it a ProPhoto or Adobe RGB
/// picture's numbers are read as sRGB: a ProPhoto red reads as brown and its green as dark
/// green, and a check judges colours the page does not have.
///
/// The intent is perceptual, the ICC's default, ImageMagick's and Firefox's: for the
/// matrix-and-curve profiles that pictures nearly always carry (sRGB, Adobe RGB, ProPhoto,
/// Display P3) Little CMS makes it the same as relative colorimetric — colours inside sRGB
/// kept exactly, white to white, colours outside clipped to its edge; a profile with tables
/// of its own (a scanner's, a printer's) gets its maker's rendering for viewing instead of
/// a hard clip. RGB profiles convert RGB pictures, grey ones grey pictures; alpha is kept.
/// A profile that moves none of 17³ probe colours by more than a level — sRGB's own, in
/// whichever of its versions a camera embeds (colord's differs from Little CMS's by one
/// level on 1 % of the values) — leaves the pixels as stored: rounding is all it would add,
/// at about 15 ns a pixel (0.18 s of CPU for a 12-megapixel photo on the 2-core EPYC).
enum ColourProfile {
    /// Converts `image`'s colours from `profile` to sRGB in place. Nil when done; else why the
    /// profile cannot be used (damaged, for CMYK, …), the pixels left as they were.
    static func convertToSRGB(_ image: inout RGBAImage, profile: [UInt8]) -> String? {
        guard image.width > 0, image.height > 0 else { return nil }
        var log = cvd_lcms_log()
        // `log` outlives the context (deleted before the closure returns), which writes
        // lcms2's first message into its fixed-size, zero-terminated buffer.
        return withUnsafeMutablePointer(to: &log) { log -> String? in
            guard let context = cvd_lcms_context(log) else { return "there is not enough memory to read it" }
            defer { cmsDeleteContext(context) }
            func why(_ what: String) -> String {
                let said = withUnsafeBytes(of: log.pointee.text) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                return said.isEmpty ? what : "\(what) (Little CMS: \(said))"
            }
            let opened = profile.withUnsafeBytes {
                cmsOpenProfileFromMemTHR(context, $0.baseAddress, cmsUInt32Number(clamping: $0.count))
            }
            guard let input = opened else { return why("it is damaged") }
            defer { cmsCloseProfile(input) }
            guard let sRGB = cmsCreate_sRGBProfileTHR(context) else { return why("sRGB cannot be made") }
            defer { cmsCloseProfile(sRGB) }
            let space = cmsGetColorSpace(input)
            let grey = space == cmsSigGrayData
            guard space == cmsSigRgbData || grey else {
                return "it is a profile for \(name(space)) colours, but the picture is RGB"
            }
            let transform = cmsCreateTransformTHR(
                context, input, grey ? cvd_lcms_gray8 : cvd_lcms_rgb8, sRGB, cvd_lcms_rgb8,
                cmsUInt32Number(INTENT_PERCEPTUAL), 0)
            guard let transform else { return why("Little CMS cannot convert it to sRGB") }
            defer { cmsDeleteTransform(transform) }
            return grey ? convertGrey(&image, transform) : convertRGB(&image, transform)
        }
    }

    /// Every pixel through the transform, a row at a time: its R, G, B packed into a row of
    /// their own, converted into another, put back (alpha untouched). Little CMS's fast 8-bit
    /// path takes plain RGB only: with the alpha byte in the format (RGBA, its alpha copied)
    /// ProPhoto took 35–40 ns a pixel in a C harness, plain RGB 13–20; through here, packing
    /// included, about 15.
    private static func convertRGB(_ image: inout RGBAImage, _ transform: cmsHTRANSFORM) -> String? {
        if isNearlyIdentity(transform) { return nil }
        let (width, height) = (image.width, image.height)
        var packed = [UInt8](repeating: 0, count: width * 3)
        var converted = packed
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            packed.withUnsafeMutableBufferPointer { packed in
                converted.withUnsafeMutableBufferPointer { converted in
                    // `pixels` holds height rows of width·4 bytes, `packed` and `converted`
                    // one row of width·3; Little CMS reads and writes `width` pixels of 3.
                    for y in 0..<height {
                        let row = y * width * 4
                        for x in 0..<width {
                            packed[3 * x] = pixels[row + 4 * x]
                            packed[3 * x + 1] = pixels[row + 4 * x + 1]
                            packed[3 * x + 2] = pixels[row + 4 * x + 2]
                        }
                        cmsDoTransform(transform, packed.baseAddress, converted.baseAddress, cmsUInt32Number(width))
                        for x in 0..<width {
                            pixels[row + 4 * x] = converted[3 * x]
                            pixels[row + 4 * x + 1] = converted[3 * x + 1]
                            pixels[row + 4 * x + 2] = converted[3 * x + 2]
                        }
                    }
                }
            }
        }
        return nil
    }

    /// A grey picture (R = G = B, as SDL gives one) through a table of its 256 levels.
    private static func convertGrey(_ image: inout RGBAImage, _ transform: cmsHTRANSFORM) -> String? {
        let p = image.pixels
        var i = 0
        while i < p.count {
            guard p[i] == p[i + 1], p[i] == p[i + 2] else {
                return "it is a profile for grey, but the picture has colours"
            }
            i += 4
        }
        let levels = (0...255).map { UInt8($0) }
        var table = [UInt8](repeating: 0, count: 256 * 3)
        // 256 grey bytes in, 256 RGB triplets (768 bytes) out.
        cmsDoTransform(transform, levels, &table, 256)
        var j = 0
        while j < image.pixels.count {
            let v = Int(image.pixels[j]) * 3
            image.pixels[j] = table[v]
            image.pixels[j + 1] = table[v + 1]
            image.pixels[j + 2] = table[v + 2]
            j += 4
        }
        return nil
    }

    /// Whether the transform gives back each of 17³ colours spread over the cube (every 16th
    /// level and 255) within a level.
    private static func isNearlyIdentity(_ transform: cmsHTRANSFORM) -> Bool {
        let levels = (0...16).map { UInt8(min(255, $0 * 16)) }
        var probe: [UInt8] = []
        probe.reserveCapacity(17 * 17 * 17 * 3)
        for r in levels {
            for g in levels {
                for b in levels { probe += [r, g, b] }
            }
        }
        var out = [UInt8](repeating: 0, count: probe.count)
        // probe.count / 3 pixels of 3 bytes in and out.
        cmsDoTransform(transform, probe, &out, cmsUInt32Number(probe.count / 3))
        return zip(out, probe).allSatisfy { abs(Int($0) - Int($1)) <= 1 }
    }

    /// A colour space as the message names it.
    private static func name(_ space: cmsColorSpaceSignature) -> String {
        switch space {
        case cmsSigCmykData: "CMYK (print)"
        case cmsSigLabData: "Lab"
        case cmsSigXYZData: "XYZ"
        default:
            // The four characters of the signature ("YCbr", "HSV "), if they are letters.
            withUnsafeBytes(of: space.rawValue.bigEndian) { raw in
                raw.allSatisfy { (0x20...0x7E).contains($0) }
                    ? String(decoding: raw.filter { $0 != 0x20 }, as: UTF8.self) : "another kind of"
            }
        }
    }
}
