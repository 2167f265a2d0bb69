import CSDL2
import CVDCore

/// Drawing through triangles (`SDL_RenderGeometry`): a texture through a mesh (a turned or
/// straightened picture) and filled shapes (the badges' shapes, the readouts' leader lines).
extension Canvas {
    /// Draws a texture through a mesh (wraps `SDL_RenderGeometry`): `columns` × `rows`
    /// vertices, row by row, each a window position and the texture pixel (u, v) it shows;
    /// `texture` is the size the texture's pixels are counted in. How a turned or
    /// straightened picture is drawn: the renderer maps the pixels, nothing is copied first.
    func drawMesh(
        _ t: OpaquePointer, _ mesh: [(x: Double, y: Double, u: Double, v: Double)], columns: Int, texture: FrameSize
    ) {
        guard columns >= 2, mesh.count >= 2 * columns, mesh.count % columns == 0 else { return }
        let rows = mesh.count / columns
        let tw = Float(texture.width)
        let th = Float(texture.height)
        let vertices = mesh.map {
            SDL_Vertex(
                position: SDL_FPoint(x: Float($0.x), y: Float($0.y)), color: SDL_Color(r: 255, g: 255, b: 255, a: 255),
                tex_coord: SDL_FPoint(x: Float($0.u) / tw, y: Float($0.v) / th))
        }
        var indices: [Int32] = []
        indices.reserveCapacity((rows - 1) * (columns - 1) * 6)
        for j in 0..<(rows - 1) {
            for i in 0..<(columns - 1) {
                let a = Int32(j * columns + i)
                let b = a + 1
                let c = a + Int32(columns)
                let d = c + 1
                indices += [a, b, c, b, d, c]
            }
        }
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear)
        SDL_RenderGeometry(renderer, t, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }

    /// Filled triangles in one colour (wraps `SDL_RenderGeometry`).
    func triangles(_ tris: [[(Double, Double)]], _ c: RGB8) {
        var vertices: [SDL_Vertex] = []
        for tri in tris {
            for (px, py) in tri {
                vertices.append(
                    SDL_Vertex(
                        position: SDL_FPoint(x: Float(px), y: Float(py)),
                        color: SDL_Color(r: c.r, g: c.g, b: c.b, a: 255),
                        tex_coord: SDL_FPoint(x: 0, y: 0)))
            }
        }
        SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), nil, 0)
    }
}
