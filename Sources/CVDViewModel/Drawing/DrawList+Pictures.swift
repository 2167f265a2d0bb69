import CVDCore

extension DrawList {
    /// The pictures as `g` places them, drawn from the pane textures that hold `held`'s
    /// regions: each piece copied (flipped where the picture is upside down or mirrored),
    /// turned where it is turned a quarter, or through a mesh where it is straightened; then the split
    /// divider's bar (`divider`). `orientation`: the state's (`ViewState.orientation`). `panes`: how many
    /// textures there are (a piece of another is left out). A copied piece under half a texel
    /// or a pixel wide draws nothing and is left out (`drawsPiece`).
    public static func pictures(_ g: ViewGeometry, held: PaneRegions, orientation: Orientation, panes: Int)
        -> DrawList
    {
        var list = DrawList()
        for piece in g.pieces where piece.texture < panes {
            if g.map.isIdentity {
                let source = held.textureRect(piece.source)
                if drawsPiece(source, to: piece.destination) {
                    list.items.append(.picture(pane: piece.texture, source, to: piece.destination))
                }
            } else if !g.map.straightened, orientation.quarterTurns % 2 == 0 {
                // Upside down and/or mirrored: a flipped copy of the camera picture's part.
                let source = held.textureRect(g.pictureSource(piece))
                if drawsPiece(source, to: piece.destination) {
                    list.items.append(
                        .flippedPicture(
                            pane: piece.texture, source, to: piece.destination,
                            flipX: orientation.mirrored != (orientation.quarterTurns == 2),
                            flipY: orientation.quarterTurns == 2))
                }
            } else if !g.map.straightened {
                // A quarter turn: the picture's x runs down the window, its y across.
                let clockwise = orientation.quarterTurns == 1
                list.items.append(
                    .turnedPicture(
                        pane: piece.texture, held.textureRect(g.pictureSource(piece)), to: piece.destination,
                        uDown: clockwise != orientation.mirrored, vRight: !clockwise))
            } else {
                // A straightened page: enough cells that the projective map bends less
                // than a pixel between vertices.
                let cells = 32
                let r = Double(held.reduction)
                let mesh = g.mesh(piece, cells: cells).map { MeshVertex(x: $0.x, y: $0.y, u: $0.u / r, v: $0.v / r) }
                list.items.append(.mesh(pane: piece.texture, mesh, columns: cells + 1))
            }
        }
        list.items += divider(g).items
        return list
    }

    /// Whether a copy of `source` (texels) over `destination` (window pixels) draws anything:
    /// not under half a texel or a pixel wide (a split's piece beside a divider at its edge).
    static func drawsPiece(_ source: Rect, to destination: Rect) -> Bool { source.w >= 0.5 && destination.w >= 1 }

    /// A quarter turn's one-cell mesh (`.turnedPicture`'s meaning): the window's top-left,
    /// top-right, bottom-left and bottom-right corners with the texture pixel each shows.
    public static func turnedCorners(_ source: Rect, to d: Rect, uDown: Bool, vRight: Bool) -> [MeshVertex] {
        let (uTop, uBottom) = uDown ? (source.x, source.x + source.w) : (source.x + source.w, source.x)
        let (vLeft, vRight) = vRight ? (source.y, source.y + source.h) : (source.y + source.h, source.y)
        return [
            MeshVertex(x: d.x, y: d.y, u: uTop, v: vLeft), MeshVertex(x: d.x + d.w, y: d.y, u: uTop, v: vRight),
            MeshVertex(x: d.x, y: d.y + d.h, u: uBottom, v: vLeft),
            MeshVertex(x: d.x + d.w, y: d.y + d.h, u: uBottom, v: vRight),
        ]
    }

    /// The split divider's bar, if `g` has one: a dark half and a light one, seen on white
    /// paper and on a dark picture.
    public static func divider(_ g: ViewGeometry) -> DrawList {
        var list = DrawList()
        if let bar = g.dividerBar {
            list.fill(Rect(bar.x, bar.y, bar.w / 2, bar.h), RGB8(0, 0, 0), alpha: 255)
            list.fill(Rect(bar.x + bar.w / 2, bar.y, bar.w / 2, bar.h), RGB8(255, 255, 255), alpha: 255)
        }
        return list
    }
}
