import CVDCore
import CVDImageIO
import Foundation
import Testing

/// The binary says which kernel level runs, runs at any lower level it is told to, and
/// refuses a level the CPU cannot run in one line (instead of an illegal instruction).
@Suite struct KernelLevelCLITests {
    @Test func versionSaysWhichLevelRuns() throws {
        let r = try CLI.run(["--version"], environment: ["CVDCAM_KERNEL_LEVEL": ""])
        #expect(r.status == 0)
        #expect(r.stdout.contains("kernels: \(KernelLevel.detected)"), "stdout: \(r.stdout)")
        let forced = try CLI.run(["--version"], environment: ["CVDCAM_KERNEL_LEVEL": "baseline"])
        #if arch(x86_64)
            #expect(forced.stdout.contains("kernels: x86-64 (SSE2)"), "stdout: \(forced.stdout)")
        #elseif arch(arm64)
            #expect(forced.stdout.contains("kernels: aarch64 (NEON, FMA)"), "stdout: \(forced.stdout)")
        #endif
    }

    /// A picture converted at every level this machine runs: the same pixels (±1 level at
    /// baseline, which has no FMA; KernelLevelTests says why).
    @Test func everyLevelConvertsThePicture() throws {
        let dir = CLI.tempDir()
        try ImageFile.write(TestScene.render(width: 96, height: 54), to: dir + "/in.png")
        var outputs: [RGBAImage] = []
        for level in KernelLevel.supported {
            let out = dir + "/out-\(level.rawValue).png"
            let r = try CLI.run(
                ["convert", dir + "/in.png", out, "--mode", "tritanopia"],
                environment: ["CVDCAM_KERNEL_LEVEL": level.name])
            #expect(r.status == 0, "\(level): \(r.stderr)")
            outputs.append(try ImageFile.read(out))
        }
        for o in outputs.dropFirst() {
            let worst = zip(o.pixels, outputs[0].pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 1, "levels differ by \(worst)")
        }
    }

    @Test func unusableLevelIsOneLine() throws {
        for value in ["v9", "fast"] {
            let r = try CLI.run(["--version"], environment: ["CVDCAM_KERNEL_LEVEL": value])
            #expect(r.status == 1)
            #expect(
                r.stderr == "cvdcam: error: CVDCAM_KERNEL_LEVEL=\(value) names no kernel level; use one of "
                    + KernelLevel.supported.map { $0 == .baseline ? "baseline" : "v\($0.rawValue)" }.joined(
                        separator: ", ")
                    + ", or unset it\n", "stderr: \(r.stderr)")
        }
        #if arch(x86_64)
            if KernelLevel.detected < .v4 {
                let r = try CLI.run(["--version"], environment: ["CVDCAM_KERNEL_LEVEL": "v4"])
                #expect(r.status == 1 && r.stderr.contains("supports up to"), "stderr: \(r.stderr)")
            }
        #else
            // x86's level names mean nothing on AArch64, where baseline (NEON) is the only level.
            let r = try CLI.run(["--version"], environment: ["CVDCAM_KERNEL_LEVEL": "v4"])
            #expect(r.status == 1 && r.stderr.contains("names no kernel level"), "stderr: \(r.stderr)")
        #endif
    }
}
