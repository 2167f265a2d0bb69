// swift-tools-version:6.0
import PackageDescription
import Foundation

// The per-pixel kernels are written so that LLVM vectorises them. On x86-64 the
// default target is SSE2 only; scripts/ set CVDCAM_TARGET_CPU (e.g. "haswell",
// "znver4", "x86-64") to build for a wider instruction set. Unset: portable build.
let targetCPU = ProcessInfo.processInfo.environment["CVDCAM_TARGET_CPU"].flatMap { $0.isEmpty ? nil : $0 }
let cpuFlags: [SwiftSetting] = targetCPU.map { [.unsafeFlags(["-target-cpu", $0])] } ?? []

let package = Package(
    name: "cvdcam",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "cvdcam", targets: ["cvdcam"]),
        .library(name: "CVDCore", targets: ["CVDCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Colour science and frame kernels: pure Swift, no C dependencies.
        .target(name: "CVDCore", swiftSettings: cpuFlags),

        // C libraries from Debian's -dev packages (installed by scripts/). Their headers
        // are in /usr/include, so no pkg-config is needed (SDL's pkg-config adds
        // -D_REENTRANT, which SwiftPM warns about).
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CSDL2Image", providers: [.apt(["libsdl2-image-dev"])]),

        // Reading and writing image files through SDL2_image.
        .target(name: "CVDImageIO", dependencies: ["CVDCore", "CSDL2", "CSDL2Image"]),

        // The command-line program.
        .executableTarget(
            name: "cvdcam",
            dependencies: [
                "CVDCore", "CVDImageIO",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: cpuFlags
        ),

        .testTarget(name: "CVDCoreTests", dependencies: ["CVDCore"], resources: [.copy("Fixtures")]),
        .testTarget(name: "CVDImageIOTests", dependencies: ["CVDImageIO", "CVDCore"]),
        .testTarget(name: "CLITests", dependencies: ["CVDCore", "CVDImageIO"]),
    ],
    swiftLanguageModes: [.v6]
)
