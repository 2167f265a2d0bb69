import CEpoxy
import CVDCore
import CVDSources
import Testing

@testable import CVDViewer

/// A frame read in place (`GLFramesInPlace`: a buffer texture over the frame's own memory)
/// gives the colour kernel's output that the same frame copied into a texture gives, byte
/// for byte, in every layout the kernel reads (RGBA/BGRA pixels, 4:2:2 pairs, planar 4:2:2
/// and 4:2:0, each whole and reduced by 2) — on Mesa's llvmpipe under Xvfb, where in place
/// is the default. A frame of 3-byte pixels has no buffer texture format: it is copied.
@Suite(.serialized) @MainActor struct GLFramesInPlaceTests {
    static let size = FrameSize(64, 34)

    @Test func aCPURasteriserReadsFramesInPlaceByDefault() throws {
        let backend = try Self.backend()
        #expect(backend.upload == .inPlace, "\(backend.name) with GL_AMD_pinned_memory")
    }

    @Test(arguments: [PixelFormat.rgba, .bgra, .yuyv, .uyvy, .i422, .i420, .rgb24])
    func inPlaceGivesWhatACopyGives(_ format: PixelFormat) throws {
        let backend = try Self.backend()
        var random = SceneRandom(seed: 0xC0DE)
        let layout = FrameLayout(format: format, width: Self.size.width, height: Self.size.height)
        let bytes = (0..<layout.minimumByteCount).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let frame = Frame(bytes: bytes, layout: layout, timestamp: 1)
        for reduction in [1, 2] {
            let (inPlace, readInPlace) = try Self.simulated(frame, .inPlace, reduction, backend)
            let (copied, _) = try Self.simulated(frame, .direct, reduction, backend)
            #expect(readInPlace == (format.bytesPerPixel != 3), "\(format)")
            #expect(Self.differing(inPlace, copied) == 0, "\(format), reduced by \(reduction): bytes differing")
            // Not all one colour: the frame was read.
            #expect(Set(stride(from: 0, to: inPlace.count, by: 4).map { inPlace[$0] }).count > 8)
        }
    }

    /// The next frame, in other memory, is the one read; a frame that says only a part
    /// changed is read whole (its memory holds all of it).
    @Test func theFrameReadIsTheFrameHeld() throws {
        let backend = try Self.backend()
        let layout = FrameLayout(format: .bgra, width: Self.size.width, height: Self.size.height)
        let first = Frame(bytes: [UInt8](repeating: 40, count: layout.minimumByteCount), layout: layout, timestamp: 1)
        var bytes = first.bytes
        for i in stride(from: 0, to: 16 * 4, by: 1) { bytes[i] = 200 }
        let second = Frame(
            bytes: bytes, layout: layout, timestamp: 2,
            changes: FrameChanges(base: 1, rects: [PixelRect(width: 16, height: 1)]))
        let rig = Rig(backend, .inPlace, size: Self.size)
        defer { rig.close() }
        var seen: [[UInt8]] = []
        for frame in [first, second] {
            seen.append(try rig.read(frame))
            #expect(rig.source.readsInPlace)
        }
        let (copied, _) = try Self.simulated(second, .direct, 1, backend)
        #expect(Self.differing(seen[1], copied) == 0)
        #expect(Self.differing(seen[0], seen[1]) > 0)
    }

    /// A source's ring fills the same buffer again once the view has let it go: the buffer
    /// made over that memory is used again, and the kernel reads what is there now.
    @Test func aBufferFilledAgainIsReadAgain() throws {
        let backend = try Self.backend()
        let layout = FrameLayout(format: .bgra, width: Self.size.width, height: Self.size.height)
        var storage = [UInt8](repeating: 40, count: layout.minimumByteCount)
        let address = storage.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
        let other = Frame(bytes: [UInt8](repeating: 90, count: layout.minimumByteCount), layout: layout, timestamp: 2)
        let rig = Rig(backend, .inPlace, size: Self.size)
        defer { rig.close() }
        do { _ = try rig.read(Frame(bytes: storage, layout: layout, timestamp: 1)) }
        // The next frame held, the first is let go: the storage is the test's alone again.
        _ = try rig.read(other)
        var random = SceneRandom(seed: 7)
        for i in storage.indices { storage[i] = UInt8(truncatingIfNeeded: random.next()) }
        #expect(storage.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) } == address, "written where it lay")
        let third = Frame(bytes: storage, layout: layout, timestamp: 3)
        let read = try rig.read(third)
        #expect(rig.source.readsInPlace)
        let (copied, _) = try Self.simulated(third, .direct, 1, backend)
        #expect(Self.differing(read, copied) == 0)
    }

    // MARK: - Helpers

    /// How many bytes differ (all of the longer's beyond the shorter's end).
    static func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).filter { $0 != $1 }.count + abs(a.count - b.count)
    }

    /// A GL window's backend (its context current), as `BackendConformanceTests` opens one.
    static func backend() throws -> GLBackend {
        let canvas = try BackendConformanceTests.opened(.gl)
        held.append(canvas)
        return try #require(canvas.backend as? GLBackend, "no OpenGL here (Debian: libgl1-mesa-dri)")
    }

    /// The windows opened, kept open until the process ends (a test's GL objects are made
    /// in its window's context).
    static var held: [Canvas] = []

    /// `frame` simulated by a source that `upload`s, reduced by `reduction` (`Rig.read`), and
    /// whether it was read in place.
    static func simulated(_ frame: Frame, _ upload: GLSettings.Upload, _ reduction: Int, _ backend: GLBackend)
        throws -> ([UInt8], Bool)
    {
        let rig = Rig(backend, upload, size: FrameSize(frame.size.width / reduction, frame.size.height / reduction))
        defer { rig.close() }
        return (try rig.read(frame, reduction: reduction), rig.source.readsInPlace)
    }

    /// A source texture that `upload`s, a kernel pass and a target texture of `size`.
    @MainActor final class Rig {
        let backend: GLBackend
        let source: GLSourceTexture
        let pass: GLKernelPass
        let target: Texture

        init(_ backend: GLBackend, _ upload: GLSettings.Upload, size: FrameSize) {
            self.backend = backend
            source = GLSourceTexture(upload: upload)
            pass = GLKernelPass(backend: backend)
            target = Texture(
                gl: GLTextures.make(width: size.width, height: size.height, storage: GL_RGBA8, format: GL_RGBA),
                size: size)
        }

        /// `frame` held and simulated (deuteranopia) into the target, the frame `reduction`
        /// times larger than it: the target's RGBA bytes.
        func read(_ frame: Frame, reduction: Int = 1) throws -> [UInt8] {
            source.hold(frame)
            let simulation = Simulation(deficiency: .deutan, severity: 1, model: .machado2009)
            try pass.run(
                into: target, box: PixelRect(width: target.size.width, height: target.size.height), source: source,
                reduction: reduction, encoding: frame.ycbcr, steps: [ColourShader.transform(simulation.transform)],
                table: 0, phase: 0)
            source.readsIssued()
            var out = [UInt8](repeating: 0, count: target.size.width * target.size.height * 4)
            out.withUnsafeMutableBytes {
                cvd_glReadPixels(
                    0, 0, GLsizei(target.size.width), GLsizei(target.size.height), GLenum(GL_RGBA),
                    GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
            }
            cvd_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
            return out
        }

        func close() {
            source.close()
            pass.close()
            backend.destroy(target)
        }
    }
}
