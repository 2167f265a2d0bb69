import CVDCore

/// Finds a picture's colours and the marks they are drawn as (docs/science.md, "Is this
/// material safe?"): the working picture (`WorkingPicture`), its flat colours
/// (`FlatClusters`, fine texture set aside: `TextureBlocks`), every other pixel explained as a blend of colours around it or as the
/// anti-aliased edge of a thin mark's ink (`PixelColours`, `InkColours`; colours the same to
/// the eye made one, `mergeSame`; a thin line of blends where two colours meet made part
/// of them, `absorbBorders`), the marks and their
/// kinds (`MarkComponents`), the colours with their kinds, widths and places (`FoundRegions`).
public enum RegionFinder {
    /// `unjudged`: parts of the picture (picture pixels) never to be judged — a damaged
    /// file's missing rows.
    public static func regions(in image: RGBAImage, unjudged: [PixelRect] = []) -> FoundRegions {
        let w = WorkingPicture(image, unjudged: unjudged)
        var clusters = FlatClusters(w, flat: w.flatness())
        var colours = PixelColours(w, &clusters)
        colours.mergeSame()
        colours.absorbBorders(w)
        let marks = MarkComponents.find(&colours, width: w.width, height: w.height)
        return FoundRegions(marks, colours, w, unjudged: unjudged)
    }
}
