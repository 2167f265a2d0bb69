import CSDL2
import CVDCore
import CVDSources
import Foundation
import TestFolders
import Testing
import XvfbSupport

@testable import CVDViewModel
@testable import CVDViewer

/// The two renderers translate the same draw list into the same pixels: one list of what the
/// view draws — boxes opaque and see-through, a ring and a stroke of triangles, text, a
/// picture smoothed, enlarged into sharp squares, mirrored and turned (and, apart, through a mesh) — drawn by the
/// OpenGL backend (Mesa's llvmpipe under Xvfb) and by SDL's software renderer, each in its
/// own window on a private Xvfb, read back and compared pixel by pixel.
///
/// Tolerances, from how the two compute: blending and smoothing round differently (GL in
/// floating point, SDL in 8-bit integers), so a pixel may differ by a few levels; and the
/// two rasterisers decide differently which pixels a triangle's edge covers, so pixels on
/// an edge may differ wholly. Hence: every pixel away from an edge (its 3 × 3 neighbourhood
/// one colour in both pictures) within 3 levels; all pixels within 3 levels but for at most
/// 1 % of them (the ring's and the stroke's outlines are 0.7 % of the window).
@Suite(.serialized) @MainActor struct BackendConformanceTests {
    static let size = FrameSize(480, 320)

    @Test func theSameListGivesTheSamePixelsInBothRenderers() throws {
        let (gl, software) = try Self.drawn(Self.list)
        let d = Self.difference(gl, software)
        #expect(d.awayFromEdges == 0, "\(d.awayFromEdges) pixels away from edges differ, by up to \(d.worst) levels")
        #expect(d.apart * 100 <= d.pixels, "\(d.apart) of \(d.pixels) pixels differ by more than 3 levels")
        // What the window shows is the list, not black.
        #expect(Set(stride(from: 0, to: software.count, by: 4).map { software[$0] }).count > 50)
    }

    /// A picture through a mesh that is not a quarter turn (a straightened page's): the
    /// software renderer draws it as GL does (`MeshWarp`: the same triangles, the linear
    /// filter) into a copy of its own, where SDL's own geometry would take the nearest texel
    /// (measured: 30 of 152 004 pixels more than 3 levels apart, all at the mesh's edges).
    @Test func aMeshGivesTheSamePixelsInBothRenderers() throws {
        var list = DrawList()
        list.items.append(Self.cell([(20, 150, 0, 0), (150, 160, 64, 0), (10, 300, 0, 48), (160, 290, 64, 48)]))
        let (gl, software) = try Self.drawn(list)
        let d = Self.difference(gl, software)
        #expect(d.awayFromEdges == 0, "\(d.awayFromEdges) pixels away from edges differ, by up to \(d.worst) levels")
        #expect(d.apart * 100 <= d.pixels, "\(d.apart) of \(d.pixels) pixels differ by more than 3 levels")
    }

    /// A picture turned by a quarter, clockwise, and turned and mirrored: the software
    /// renderer draws a turned copy of the texels, smoothed as GL does.
    @Test func aQuarterTurnGivesTheSamePixelsInBothRenderers() throws {
        var list = DrawList()
        // Clockwise: the picture's top edge on the right; 64 × 48 texels 2.5 times as large.
        list.items.append(
            .turnedPicture(pane: 0, Rect(0, 0, 64, 48), to: Rect(20, 150, 120, 160), uDown: true, vRight: false))
        // Turned and mirrored (a transposition), a part of the picture, 1.5 times as large.
        list.items.append(
            .turnedPicture(pane: 0, Rect(8, 4, 52, 40), to: Rect(200, 20, 60, 90), uDown: true, vRight: true))
        let (gl, software) = try Self.drawn(list)
        let d = Self.difference(gl, software)
        #expect(d.awayFromEdges == 0, "\(d.awayFromEdges) pixels away from edges differ, by up to \(d.worst) levels")
        #expect(d.apart * 100 <= d.pixels, "\(d.apart) of \(d.pixels) pixels differ by more than 3 levels")
        #expect(Set(stride(from: 0, to: software.count, by: 4).map { software[$0] }).count > 50)
    }

    /// The software renderer's turned copy is made once per writing of the pane picture:
    /// drawn again without one, the copy is the same texture, as it was (a stale copy shows
    /// until the texture is stamped with a new writing, `Texture.written`); after one, the
    /// new texels are drawn.
    @Test func theTurnedCopyIsMadeAgainOnlyWhenThePanesWereWritten() throws {
        let run = try Self.copyKeptUntilWritten(
            .turnedPicture(pane: 0, Rect(0, 0, 64, 48), to: Rect(20, 20, 96, 128), uDown: true, vRight: false),
            \.turned, white: (60, 80))
        #expect(run.after != run.first)
        // A frame without the turn: the copy goes as the next begins.
        run.backend.clear()
        #expect(run.backend.turned[run.texture.handle] != nil, "drawn by the frame before: kept")
        run.backend.clear()
        #expect(run.backend.turned.isEmpty)
        run.backend.destroy(run.texture)
        run.backend.close()
    }

    /// The software renderer's mesh copy (a straightened page) likewise: kept while the pane
    /// picture holds the same writing, made again after a new one, with its texels; freed as
    /// the frame after one that did not draw it begins.
    @Test func theMeshCopyIsMadeAgainOnlyWhenThePanesWereWritten() throws {
        let run = try Self.copyKeptUntilWritten(
            Self.cell([(20, 150, 0, 0), (150, 160, 64, 0), (10, 300, 0, 48), (160, 290, 64, 48)]), \.meshed,
            white: (80, 220))
        let backend = run.backend
        #expect(Array(run.first[0..<3]) == Array(run.after[0..<3]), "outside the mesh: the background")
        // A frame without the page (no longer straightened): the copy goes as the next begins.
        backend.clear()
        #expect(backend.meshed[run.texture.handle] != nil, "drawn by the frame before: kept")
        backend.clear()
        #expect(backend.meshed.isEmpty)
        // Drawn again, then the backend closed: freed with it.
        backend.draw(run.list, text: run.canvas.text, textures: [run.texture])
        #expect(backend.meshed.count == 1)
        backend.destroy(run.texture)
        backend.close()
        #expect(backend.meshed.isEmpty)
    }

    /// `item` (of pane 0, `picture`) drawn by the software renderer as a whole frame: first;
    /// again after the pane's texels turned white without a new writing, which must show the
    /// copy made before, as it was; then after a new writing (`Texture.written`), which must
    /// show the white texels at window pixel `white`. The canvas is handed back to be kept
    /// while the backend is used.
    static func copyKeptUntilWritten<Holds>(
        _ item: DrawList.Item, _ copies: KeyPath<SoftwareBackend, [UInt: SoftwareBackend.HeldCopy<Holds>]>,
        white: (x: Int, y: Int)
    ) throws -> (
        canvas: Canvas, backend: SoftwareBackend, texture: Texture, list: DrawList, first: [UInt8], after: [UInt8]
    ) {
        let canvas = try opened(.software)
        let backend = try #require(canvas.backend as? SoftwareBackend)
        var texture = try #require(backend.makeTexture(from: picture))
        var list = DrawList()
        list.items = [item]
        func drawn() throws -> [UInt8] {
            backend.clear()
            backend.draw(list, text: canvas.text, textures: [texture])
            var bytes: [UInt8] = []
            _ = try #require(backend.readPixels(into: &bytes))
            return bytes
        }
        let first = try drawn()
        let made = try #require(backend[keyPath: copies][texture.handle])
        let whitened = RGBAImage(width: 64, height: 48, fill: RGB8(255, 255, 255))
        let updated = whitened.pixels.withUnsafeBytes { SDL_UpdateTexture(texture.sdl, nil, $0.baseAddress, 64 * 4) }
        #expect(updated == 0)
        #expect(try drawn() == first, "the copy made before")
        let kept = try #require(backend[keyPath: copies][texture.handle])
        #expect(kept.texture.handle == made.texture.handle && kept.holds == made.holds)
        texture.written += 1
        let after = try drawn()
        let i = (white.y * size.width + white.x) * 4
        #expect(Array(after[i..<(i + 3)]) == [255, 255, 255], "the new texels")
        return (canvas, backend, texture, list, first, after)
    }

    /// Two turned pictures (a split view turned a quarter): each pane's copy is kept, so
    /// drawing again makes neither again.
    @Test func eachTurnedPaneKeepsItsOwnCopy() throws {
        let canvas = try Self.opened(.software)
        let backend = try #require(canvas.backend as? SoftwareBackend)
        let textures = try [Self.picture, Self.picture].map { try #require(backend.makeTexture(from: $0)) }
        var list = DrawList()
        list.items.append(
            .turnedPicture(pane: 0, Rect(0, 0, 64, 48), to: Rect(20, 20, 48, 64), uDown: true, vRight: false))
        list.items.append(
            .turnedPicture(pane: 1, Rect(0, 0, 64, 48), to: Rect(100, 20, 48, 64), uDown: false, vRight: true))
        backend.draw(list, text: canvas.text, textures: textures)
        let first = textures.map { backend.turned[$0.handle]?.holds }
        backend.draw(list, text: canvas.text, textures: textures)
        #expect(backend.turned.count == 2)
        #expect(textures.map { backend.turned[$0.handle]?.holds } == first && !first.contains(nil))
        for t in textures { backend.destroy(t) }
        backend.close()
        #expect(backend.turned.isEmpty)
    }

    /// A one-cell mesh of pane 0: its corners (x, y, u, v), row by row.
    static func cell(_ corners: [(Double, Double, Double, Double)]) -> DrawList.Item {
        .mesh(pane: 0, corners.map { DrawList.MeshVertex(x: $0.0, y: $0.1, u: $0.2, v: $0.3) }, columns: 2)
    }

    /// A window of `size` on the tests' own X server, drawn by `choice`.
    static func opened(_ choice: RendererChoice) throws -> Canvas {
        let session = try #require(PrivateXServer.shared, "no Xvfb here (Debian: xvfb)")
        let fonts = try FontLocator.find(nil, language: "en").paths
        // SDL finds the X server through the environment when it opens a window; the
        // process's own is put back at once (other suites start programs with it).
        let saved = ["DISPLAY", "WAYLAND_DISPLAY"].map { (name: String) -> (String, String?) in
            (name, getenv(name).map { String(cString: $0) })
        }
        setenv("DISPLAY", session.display, 1)
        unsetenv("WAYLAND_DISPLAY")
        let made = Result { () throws(ViewerError) -> Canvas in
            try Canvas(
                size: size, fitToDisplay: false, fullscreen: false, display: nil, fontPaths: fonts,
                fontNote: { _ in }, renderer: choice)
        }
        for (name, value) in saved {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        return try made.get()
    }

    /// `list` drawn by the GL and by the software backend: each window's RGBA bytes.
    static func drawn(_ list: DrawList) throws -> (gl: [UInt8], software: [UInt8]) {
        var pictures: [[UInt8]] = []
        for choice in [RendererChoice.gl, .software] {
            let canvas = try opened(choice)
            let backend = canvas.backend
            #expect((backend is GLBackend) == (choice == .gl), "\(choice): \(backend.name)")
            #expect(backend.outputSize == size)
            let texture = try #require(backend.makeTexture(from: picture))
            backend.clear()
            backend.draw(list, text: canvas.text, textures: [texture])
            var bytes: [UInt8] = []
            let layout = try #require(backend.readPixels(into: &bytes))
            #expect(layout.width == size.width && layout.height == size.height)
            pictures.append(Array(bytes.prefix(size.width * size.height * 4)))
        }
        return (pictures[0], pictures[1])
    }

    /// How two windows' pixels differ: how many (of the inner `pixels`) by more than 3
    /// levels in a channel, how many of those away from any edge, and by how much at most there.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> (pixels: Int, apart: Int, awayFromEdges: Int, worst: Int) {
        let (w, h) = (size.width, size.height)
        func flat(_ p: [UInt8], _ x: Int, _ y: Int) -> Bool {
            let i = (y * w + x) * 4
            for dy in -1...1 {
                for dx in -1...1 {
                    let j = ((y + dy) * w + x + dx) * 4
                    if p[j] != p[i] || p[j + 1] != p[i + 1] || p[j + 2] != p[i + 2] { return false }
                }
            }
            return true
        }
        var apart = 0
        var away = 0
        var worst = 0
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                let i = (y * w + x) * 4
                let d = (0..<3).map { abs(Int(a[i + $0]) - Int(b[i + $0])) }.max()!
                guard d > 3 else { continue }
                apart += 1
                if flat(a, x, y) && flat(b, x, y) {
                    away += 1
                    worst = max(worst, d)
                }
            }
        }
        return ((w - 2) * (h - 2), apart, away, worst)
    }

    /// A picture with smooth ramps and hard edges: 64 × 48, opaque.
    static let picture: RGBAImage = {
        let w = 64
        let h = 48
        var p = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                p[i] = UInt8(x * 255 / (w - 1))
                p[i + 1] = UInt8(y * 255 / (h - 1))
                p[i + 2] = (x / 8 + y / 8) % 2 == 0 ? 40 : 220
            }
        }
        return RGBAImage(width: w, height: h, pixels: p)
    }()

    /// What the view draws, one of each kind of item but the mesh.
    static let list: DrawList = {
        var list = DrawList()
        let whole = Rect(0, 0, 64, 48)
        list.items.append(.picture(pane: 0, whole, to: Rect(8, 8, 160, 120)))
        list.items.append(.picture(pane: 0, Rect(8, 8, 16, 12), to: Rect(176, 8, 80, 60)))
        list.items.append(
            .flippedPicture(pane: 0, whole, to: Rect(264, 8, 128, 96), flipX: true, flipY: false))
        list.fill(Rect(200, 140, 120, 60), RGB8(30, 30, 30), alpha: 255)
        list.fill(Rect(240, 170, 120, 60), RGB8(250, 200, 0), alpha: 160)
        list.text("Deuteranopia — Viénot 1999", size: 18, in: Rect(180, 240, 280, 24))
        let ring = (0..<24).flatMap { k -> [[(Double, Double)]] in
            let a0 = Double(k) * .pi / 12
            let a1 = Double(k + 1) * .pi / 12
            let (cx, cy) = (420.0, 150.0)
            func p(_ r: Double, _ a: Double) -> (Double, Double) { (cx + r * cos(a), cy + r * sin(a)) }
            return [[p(30, a0), p(38, a0), p(38, a1)], [p(30, a0), p(38, a1), p(30, a1)]]
        }
        list.triangles(ring, RGB8(255, 255, 255))
        list.triangles([[(180, 300), (460, 280), (460, 286)]], RGB8(0, 200, 255))
        return list
    }()
}

/// An Xvfb of the tests' own, started once; it ends by itself when the test process, its
/// last client, goes (`-terminate`).
final class PrivateXServer: Sendable {
    let display: String

    private init(display: String) { self.display = display }

    static let shared: PrivateXServer? = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cvdcam-xvfb-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        TestFolder.register(folder)
        return (try? Xvfb.start(width: 1024, height: 768, arguments: ["-terminate"], folder: folder))
            .map { PrivateXServer(display: $0.display) }
    }()
}
