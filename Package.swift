// swift-tools-version:6.0
import PackageDescription
import Foundation

// The per-pixel kernels are written so that LLVM vectorises them, but the default
// x86-64 target has only SSE2. cvdcam is built on the machine it runs on (scripts/),
// so by default it targets this machine's vector units (AVX-512 is much faster than
// SSE2 here). CVDCAM_TARGET_CPU overrides: a CPU name swiftc knows ("x86-64" for a
// portable binary, "haswell", "znver4", …), or "native" for the detection below.
func detectedTargetCPU() -> String? {
    #if os(Linux) && arch(x86_64)
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
          let flagsLine = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else { return nil }
    let flags = Set(flagsLine.split(separator: " ").map(String.init))
    let amd = info.contains("AuthenticAMD")
    if ["avx512f", "avx512bw", "avx512vl", "avx512dq", "avx512vbmi"].allSatisfy(flags.contains) {
        return amd ? "znver4" : "icelake-server"
    }
    if ["avx2", "fma", "bmi2"].allSatisfy(flags.contains) { return amd ? "znver2" : "haswell" }
    #endif
    return nil
}
let requestedCPU = ProcessInfo.processInfo.environment["CVDCAM_TARGET_CPU"] ?? "native"
let targetCPU = requestedCPU == "native" || requestedCPU.isEmpty ? detectedTargetCPU() : requestedCPU
let cpuFlags: [SwiftSetting] = targetCPU.map { [.unsafeFlags(["-target-cpu", $0])] } ?? []
// The kernels' loop bodies are long dependency chains (decode → matrix → encode); LLVM
// vectorises them one vector per iteration. Four independent vectors per iteration
// keep the multiply-add units busy (measured faster than 1, 2 and 8; figures in the
// commit that chose it and in the README's performance section).
// Without hardware FMA (x86-64 before Haswell: the portable baseline, or no detection)
// a fused multiply-add is a libm call per element; the kernels then use a·b + c instead.
#if arch(x86_64)
let hasFMA = targetCPU.map { !["x86-64", "x86-64-v2"].contains($0) } ?? false
#else
let hasFMA = true
#endif
let kernelFlags: [SwiftSetting] = cpuFlags + [.unsafeFlags(["-Xllvm", "-force-vector-interleave=4"])]
    + (hasFMA ? [] : [.define("CVDCAM_NO_FMA")])

let package = Package(
    name: "cvdcam",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "cvdcam", targets: ["cvdcam"]),
        .library(name: "CVDCore", targets: ["CVDCore"]),
        // For the fuzz targets (Fuzz/, a package of its own: scripts/fuzz).
        .library(name: "CVDCapture", targets: ["CVDCapture"]),
        .library(name: "CVDImageIO", targets: ["CVDImageIO"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // Colour science and frame kernels: pure Swift, no C dependencies.
        .target(name: "CVDCore", swiftSettings: kernelFlags),

        // C libraries from Debian's -dev packages (installed by scripts/). Their headers
        // are in /usr/include, so no pkg-config is needed (SDL's pkg-config adds
        // -D_REENTRANT, which SwiftPM warns about).
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CSDL2Image", providers: [.apt(["libsdl2-image-dev"])]),
        .systemLibrary(name: "CSDL2TTF", providers: [.apt(["libsdl2-ttf-dev"])]),
        .systemLibrary(name: "CSDL2X11", providers: [.apt(["libsdl2-dev", "libx11-dev"])]),
        .systemLibrary(name: "CV4L2", providers: [.apt(["libv4l-dev"])]),
        .systemLibrary(name: "CWayland", providers: [.apt(["libwayland-dev"])]),

        // Small helpers over the C runtime shared by the targets below.
        .target(name: "CVDSystem"),

        // Webcams through V4L2 (libv4l2): discovery, formats, controls.
        .systemLibrary(name: "CTurboJPEG", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CJPEG", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .target(name: "CVDCapture", dependencies: ["CV4L2", "CTurboJPEG", "CJPEG", "CVDCore", "CVDSystem",
                                                 .product(name: "SystemPackage", package: "swift-system")]),

        // Reading and writing image files through SDL2_image.
        .target(name: "CVDImageIO", dependencies: ["CVDCore", "CVDSystem", "CSDL2", "CSDL2Image"]),

        // The frame pipeline: sources (test scene, picture file, camera with its reconnect
        // policy), the newest-frame hand-off and the kernel cache. No SDL: the live view and
        // anything that sends frames elsewhere share it.
        .target(name: "CVDSources", dependencies: ["CVDCore", "CVDCapture", "CVDSystem"]),

        // The live view: pure state, geometry and overlay layout (no SDL), then the SDL2 window.
        .target(name: "CVDViewModel", dependencies: ["CVDCore", "CVDSources", "CVDCapture"]),
        .target(name: "CVDViewer", dependencies: ["CVDCore", "CVDSources", "CVDCapture", "CVDViewModel", "CVDImageIO", "CVDSystem", "CSDL2", "CSDL2TTF", "CSDL2X11", "CWayland"],
                swiftSettings: cpuFlags),

        // The command-line program.
        .executableTarget(
            name: "cvdcam",
            dependencies: [
                "CVDCore", "CVDImageIO", "CVDSources", "CVDViewModel", "CVDViewer", "CVDCapture", "CVDSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: cpuFlags
        ),

        .testTarget(name: "CVDCoreTests", dependencies: ["CVDCore"], resources: [.copy("Fixtures")]),
        .testTarget(name: "CVDImageIOTests", dependencies: ["CVDImageIO", "CVDCore"]),
        .testTarget(name: "CLITests", dependencies: ["CVDCore", "CVDImageIO"]),
        .testTarget(name: "CVDViewModelTests", dependencies: ["CVDViewModel", "CVDSources", "CVDCore", "CVDCapture"]),
        .testTarget(name: "CVDSourcesTests", dependencies: ["CVDSources", "CVDCore", "CVDCapture", "CVDSystem"]),
        .testTarget(name: "CVDSystemTests", dependencies: ["CVDSystem"]),
        .testTarget(name: "CVDCaptureTests", dependencies: ["CVDCapture", "CVDCore", "CV4L2", "CTurboJPEG"]),
        .testTarget(name: "VividTests", dependencies: ["CVDCore", "CVDImageIO"]),
        .testTarget(name: "ViewerE2ETests", dependencies: ["CVDCore", "CVDImageIO"]),
    ],
    swiftLanguageModes: [.v6]
)
