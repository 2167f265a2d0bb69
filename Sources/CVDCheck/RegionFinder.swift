import CVDCore

/// Finds a picture's colours and the marks they are drawn as (docs/science.md, "Is this
/// material safe?"): the working picture (`WorkingPicture`), its flat colours
/// (`FlatClusters`, fine texture set aside: `TextureBlocks`), every other pixel explained as a blend of colours around it or as the
/// anti-aliased edge of a thin mark's ink (`PixelColours`, `InkColours`; colours the same to
/// the eye made one, `mergeSame`; in a JPEG, a thin line of blends where two colours meet
/// made part of them, `absorbBorders`), the marks and their
/// kinds (`MarkComponents`), the colours with their kinds, widths and places (`FoundRegions`).
public enum RegionFinder {
    /// `unjudged`: parts of the picture (picture pixels) never to be judged — a damaged
    /// file's missing rows. `blendedBorders`: the picture's borders between colours are lines
    /// of blends of their own — a JPEG's or a lossy WebP's, a camera's frame — and so are a
    /// photographed picture's, which its noise tells (`WorkingPicture.isPhotographed`: a
    /// snapshot's PNG). Those lines are taken for borders (`absorbBorders`), and blocks of
    /// many colours stay texture however large each colour is there (`TextureBlocks`).
    public static func regions(in image: RGBAImage, unjudged: [PixelRect] = [], blendedBorders: Bool = false)
        -> FoundRegions
    {
        let w = WorkingPicture(image, unjudged: unjudged)
        return regions(w, unjudged: unjudged, blendedBorders: blendedBorders || w.isPhotographed)
    }

    /// The regions of `w`, its borders taken for lines of blends or not.
    static func regions(_ w: WorkingPicture, unjudged: [PixelRect], blendedBorders: Bool) -> FoundRegions {
        var clusters = FlatClusters(w, flat: w.flatness(), blendedBorders: blendedBorders)
        var colours = PixelColours(w, &clusters)
        colours.mergeSame()
        if blendedBorders { colours.absorbBorders(w) }
        let marks = MarkComponents.find(&colours, width: w.width, height: w.height)
        return FoundRegions(marks, colours, w, unjudged: unjudged)
    }
}
