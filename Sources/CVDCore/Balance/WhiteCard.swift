/// Measures a white or grey card held in the middle of the picture: the colour of the
/// central region in linear light, robust to camera noise, a finger or a printed mark on
/// the card, and the gains that make it neutral (`WhiteBalance`). Refuses, with the reason,
/// a middle that is too dark, mostly clipped, uneven (no card there) or too colourful to
/// be a white or grey card.
public enum WhiteCard {
    /// The measured part: the middle `region` of the width and of the height.
    public static let region = 1.0 / 3
    /// Samples across and down the region (each one pixel, decoded as a viewer would).
    static let grid = 32

    public struct Measurement: Sendable {
        /// The card's colour in linear light (the robust mean).
        public let linear: (Double, Double, Double)
        public let balance: WhiteBalance
    }

    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case tooDark, clipped, uneven, tooColourful, noPicture

        public var description: String { message.english }

        /// The reason, in words a person can act on (English on stdout, translated on screen).
        public var message: Message {
            switch self {
            case .tooDark:
                Message(
                    "the middle of the picture is too dark to balance on; light the card or hold white or grey paper so it fills the middle of the picture, then press w again"
                )
            case .clipped:
                Message("the card is overexposed (its colour clips); lower the light or exposure, then press w again")
            case .uneven:
                Message(
                    "the middle of the picture is not one even card; hold white or grey paper so it fills the middle of the picture, then press w again"
                )
            case .tooColourful:
                Message(
                    "the middle of the picture is too colourful for a white or grey card; hold white or grey paper so it fills the middle of the picture, then press w again"
                )
            case .noPicture: Message("no picture to measure yet")
            }
        }
    }

    /// Measures the frame's middle. The robust mean: samples sorted by luminance, the
    /// darkest and brightest 20 % left out (marks, glare, the card's edge), the rest
    /// averaged channel by channel in linear light.
    public static func measure(
        _ bytes: UnsafeRawBufferPointer, _ layout: FrameLayout,
        ycbcr: YCbCrEncoding
    ) -> Result<Measurement, Refusal> {
        guard (try? layout.validate()) != nil, bytes.count >= layout.minimumByteCount,
            layout.width >= 3, layout.height >= 3
        else { return .failure(.noPicture) }
        let x0 = Double(layout.width) * (1 - region) / 2
        let y0 = Double(layout.height) * (1 - region) / 2
        let w = Double(layout.width) * region
        let h = Double(layout.height) * region
        var samples: [(y: Double, c: (Double, Double, Double), clipped: Bool)] = []
        samples.reserveCapacity(grid * grid)
        for j in 0..<grid {
            for i in 0..<grid {
                let x = min(layout.width - 1, Int(x0 + (Double(i) + 0.5) * w / Double(grid)))
                let y = min(layout.height - 1, Int(y0 + (Double(j) + 0.5) * h / Double(grid)))
                let p = FrameSampler.pixel(bytes, layout, ycbcr, x, y)
                let c = (SRGB.decode(p.0 / 255), SRGB.decode(p.1 / 255), SRGB.decode(p.2 / 255))
                samples.append((WhiteBalance.luminance(c), c, max(p.0, p.1, p.2) >= 254.5))
            }
        }
        samples.sort { $0.y < $1.y }
        let n = samples.count
        let cut = n / 5
        let kept = samples[cut..<(n - cut)]
        var sum = (0.0, 0.0, 0.0)
        for s in kept { sum = (sum.0 + s.c.0, sum.1 + s.c.1, sum.2 + s.c.2) }
        let k = Double(kept.count)
        let mean = (sum.0 / k, sum.1 / k, sum.2 / k)
        // Darker than about level 25 of 255: noise and the camera's black level dominate.
        guard WhiteBalance.luminance(mean) >= 0.01, min(mean.0, mean.1, mean.2) > 0.002 else {
            return .failure(.tooDark)
        }
        guard kept.filter(\.clipped).count * 2 <= kept.count else { return .failure(.clipped) }
        // An even card: the kept samples' luminance within a factor 1.5 (shading, vignetting).
        guard let lo = kept.first?.y, let hi = kept.last?.y, hi <= lo * 1.5 else { return .failure(.uneven) }
        let y = WhiteBalance.luminance(mean)
        let gains = [y / mean.0, y / mean.1, y / mean.2]
        guard gains.allSatisfy({ WhiteBalance.gainRange.contains($0) }) else { return .failure(.tooColourful) }
        return .success(Measurement(linear: mean, balance: WhiteBalance(card: mean)))
    }
}
