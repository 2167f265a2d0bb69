import CVDCore

extension DrawList {
    /// The pictures as `g` places them, drawn from the pane textures that hold `held`'s
    /// regions: each piece copied (flipped where the picture is upside down or mirrored),
    /// or through a mesh where it is turned a quarter or straightened; then the split
    /// divider's bar (`divider`). `orientation`: the state's (`ViewState.orientation`). `panes`: how many
    /// textures there are (a piece of another is left out).
    public static func pictures(_ g: ViewGeometry, held: PaneRegions, orientation: Orientation, panes: Int)
        -> DrawList
    {
        var list = DrawList()
        for piece in g.pieces where piece.texture < panes {
            if g.map.isIdentity {
                list.items.append(.picture(pane: piece.texture, held.textureRect(piece.source), to: piece.destination))
            } else if !g.map.straightened, orientation.quarterTurns % 2 == 0 {
                // Upside down and/or mirrored: a flipped copy of the camera picture's part.
                list.items.append(
                    .flippedPicture(
                        pane: piece.texture, held.textureRect(g.pictureSource(piece)), to: piece.destination,
                        flipX: orientation.mirrored != (orientation.quarterTurns == 2),
                        flipY: orientation.quarterTurns == 2))
            } else {
                // Turned: one cell is exact; a straightened page: enough cells that the
                // projective map bends less than a pixel between vertices.
                let cells = g.map.straightened ? 32 : 1
                let r = Double(held.reduction)
                let mesh = g.mesh(piece, cells: cells).map { MeshVertex(x: $0.x, y: $0.y, u: $0.u / r, v: $0.v / r) }
                list.items.append(.mesh(pane: piece.texture, mesh, columns: cells + 1))
            }
        }
        list.items += divider(g).items
        return list
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
