// swift-tools-version:6.0
import Foundation
import PackageDescription

// Instruction-set levels. The per-pixel kernels (Sources/CVDKernels) are written so that
// LLVM vectorises them, and the default x86-64 target has only SSE2 — but a binary built
// for a newer CPU dies with "Illegal instruction" on an older one. So the kernel source is
// compiled three times, as one module per level (CVDKernelsBaseline, CVDKernelsV3,
// CVDKernelsV4: each a symbolic link to Sources/CVDKernels, since SwiftPM gives every
// target a directory of its own), everything else for baseline x86-64, and CVDCore picks the level's
// module at run time from CPUID (`KernelLevel`). One binary runs on any x86-64 CPU.
// On AArch64 (arm64, built by scripts/package --arch arm64) NEON is baseline: one module, no
// dispatch.
//
// CVDCAM_TARGET_CPU instead builds everything for one CPU, like a plain native build: a
// CPU name swiftc knows ("haswell", "znver4", …), or "native" for this machine's (detected
// from /proc/cpuinfo below). The kernels still dispatch, but every module targets that CPU.
func detectedTargetCPU() -> String? {
    #if os(Linux) && arch(x86_64)
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let flagsLine = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") })
        else { return nil }
        let flags = Set(flagsLine.split(separator: " ").map(String.init))
        let amd = info.contains("AuthenticAMD")
        if ["avx512f", "avx512bw", "avx512vl", "avx512dq", "avx512vbmi"].allSatisfy(flags.contains) {
            return amd ? "znver4" : "icelake-server"
        }
        if ["avx2", "fma", "bmi2"].allSatisfy(flags.contains) { return amd ? "znver2" : "haswell" }
    #endif
    return nil
}
let requestedCPU = ProcessInfo.processInfo.environment["CVDCAM_TARGET_CPU"] ?? ""
let nativeCPU: String? =
    requestedCPU.isEmpty ? nil : requestedCPU == "native" ? detectedTargetCPU() ?? "x86-64" : requestedCPU
let nativeFlags: [SwiftSetting] =
    nativeCPU.map { [.unsafeFlags(["-target-cpu", $0]), .define("CVDCAM_NATIVE_BUILD")] } ?? []

// The kernels' loop bodies are long dependency chains (decode → matrix → encode); LLVM
// vectorises them one vector per iteration. Four independent vectors per iteration
// keep the multiply-add units busy (measured faster than 1, 2 and 8; figures in the
// commit that chose it and in docs/performance.md).
// Without hardware FMA (baseline x86-64, before Haswell) a fused multiply-add is a libm
// call per element; the kernels then use a·b + c instead (CVDCAM_NO_FMA).
// swiftc's -target-cpu knows no "x86-64-v3"; clang's -march does, and swiftc takes the
// target features from its clang importer (-Xcc). Plain x86-64-v4 prefers 256-bit vectors
// (Intel's first AVX-512 CPUs slowed their clocks for 512-bit ones); -mprefer-vector-width=512
// makes the v4 loops 16 pixels wide, as a native build for this machine (znver4) does.
// The architecture the package is built for. The manifest itself is compiled for the machine
// that builds, so `#if arch(…)` here names the build machine; a cross build (`scripts/package
// --arch arm64`, in its Debian 13 chroot) names its target in CVDCAM_TARGET_ARCH instead.
#if arch(x86_64)
    let buildArch = "x86_64"
#elseif arch(arm64)
    let buildArch = "aarch64"
#else
    let buildArch = "other"
#endif
let targetArch: String = {
    switch ProcessInfo.processInfo.environment["CVDCAM_TARGET_ARCH"] ?? "" {
    case "": buildArch
    case "arm64": "aarch64"
    case "amd64", "x86-64": "x86_64"
    case let named: named
    }
}()
let levelFlags: [(module: String, flags: [String], fma: Bool)] =
    targetArch == "x86_64"
    ? [
        ("CVDKernelsBaseline", ["-Xcc", "-march=x86-64"], false),
        ("CVDKernelsV3", ["-Xcc", "-march=x86-64-v3"], true),
        ("CVDKernelsV4", ["-Xcc", "-march=x86-64-v4", "-Xcc", "-mprefer-vector-width=512"], true),
    ]
    // AArch64: its baseline (armv8-a) has NEON (128-bit Advanced SIMD) and fused
    // multiply-add on every CPU, so one module, built for the default target, is enough: no
    // dispatch (KernelLevel has the one level there).
    : [("CVDKernelsBaseline", [], true)]
func nativeHasFMA(_ cpu: String) -> Bool {
    targetArch != "x86_64" || !["x86-64", "x86-64-v2", "nocona", "core2", "nehalem", "westmere"].contains(cpu)
}
let kernelTargets: [Target] = levelFlags.map { level in
    let fma = nativeCPU.map(nativeHasFMA) ?? level.fma
    let cpu: [SwiftSetting] = nativeCPU == nil ? [.unsafeFlags(level.flags)] : nativeFlags
    return .target(
        name: level.module, dependencies: ["CVDKernelInterface"],
        swiftSettings: cpu + [
            .unsafeFlags(["-Xllvm", "-force-vector-interleave=4"]),
            // Optimised in debug builds too: the tests then check the
            // vectorised loops that ship (KernelLevelTests), and quickly.
            .unsafeFlags(["-O"], .when(configuration: .debug)),
        ]
            + (fma ? [] : [.define("CVDCAM_NO_FMA")]))
}

// Optimised in debug builds too, for the modules whose tests do real work in the test process
// (pictures, thousands of layouts): unoptimised, their generic code and strings cost the test
// run most of its CPU. Typed apart from the package literal: Swift 6.0's type checker gives
// up on a literal that also infers these ("unable to type-check this expression in
// reasonable time").
let optimisedInDebug: [SwiftSetting] = nativeFlags + [.unsafeFlags(["-O"], .when(configuration: .debug))]
let coreDependencies: [Target.Dependency] =
    ["CVDCPUID", "CVDKernelInterface", "CVDSystem"] + levelFlags.map { Target.Dependency.target(name: $0.module) }

let imageIODependencies: [Target.Dependency] = [
    "CVDCore", "CVDSystem", "CSDL2", "CSDL2Image", "CLCMS2", "CZlib", "CVDPoppler",
]
let popplerIncludes: [String] = [
    "/usr/include/poppler/glib", "/usr/include/poppler", "/usr/include/glib-2.0",
    "/usr/lib/\(targetArch)-linux-gnu/glib-2.0/include", "/usr/include/cairo",
]
let popplerFlags: [CSetting] = [.unsafeFlags(popplerIncludes.flatMap { ["-I", $0] })]
let popplerLibraries: [LinkerSetting] = ["poppler-glib", "gobject-2.0", "glib-2.0", "cairo"].map { .linkedLibrary($0) }

let cLibraries: [Target] = [
    // C libraries from Debian's -dev packages (installed by scripts/). Their headers
    // are in /usr/include, so no pkg-config is needed (SDL's pkg-config adds
    // -D_REENTRANT, which SwiftPM warns about).
    .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
    .systemLibrary(name: "CSDL2Image", providers: [.apt(["libsdl2-image-dev"])]),
    .systemLibrary(name: "CSDL2TTF", providers: [.apt(["libsdl2-ttf-dev"])]),
    .systemLibrary(
        name: "CSDL2X11", providers: [.apt(["libsdl2-dev", "libx11-dev", "libxrandr-dev", "libepoxy-dev"])]),
    .systemLibrary(name: "CV4L2", providers: [.apt(["libv4l-dev"])]),
    .systemLibrary(name: "CWayland", providers: [.apt(["libwayland-dev"])]),
    // OpenGL through libepoxy (GLX or EGL, desktop GL or GLES), for the GL renderer.
    .systemLibrary(name: "CEpoxy", providers: [.apt(["libepoxy-dev"])]),
    // Pictures' embedded ICC profiles converted to sRGB by Little CMS; a PNG's is zlib-compressed.
    .systemLibrary(name: "CLCMS2", providers: [.apt(["liblcms2-dev"])]),
    .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
    // PDF pages (`check`, `convert`, `--image`) through poppler's GLib interface and cairo, in a
    // few lines of C (Debian: libpoppler-glib-dev): Swift sees plain calls, not GLib's headers,
    // whose folders differ by architecture (named here for the cross build, as CVDPortal's).
    .target(
        name: "CVDPoppler",
        cSettings: popplerFlags, linkerSettings: popplerLibraries),
]

// The tests: an array of their own, so that Swift 6.0's type checker takes the manifest in
// parts (one literal of every target was "unable to type-check in reasonable time" there).
let testTargets: [Target] = [
    // What the window tests share: an X server of their own.
    .target(name: "XvfbSupport", path: "Tests/XvfbSupport"),
    // Folders of a test's own, removed when the test process exits.
    .target(name: "TestFolders", path: "Tests/TestFolders"),
    .testTarget(
        name: "CVDCoreTests", dependencies: ["CVDCore", "CVDKernelInterface"], resources: [.copy("Fixtures")]),
    .testTarget(
        name: "CVDCheckTests", dependencies: ["CVDCheck", "CVDCore"],
        swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
    .testTarget(
        name: "CVDImageIOTests", dependencies: ["CVDImageIO", "CVDCore", "CLCMS2", "TestFolders"], exclude: ["GIF"]),
    .testTarget(name: "CLITests", dependencies: ["CVDCore", "CVDCheck", "CVDImageIO", "CVDSystem", "TestFolders"]),
    .testTarget(
        name: "CVDViewModelTests",
        dependencies: [
            "CVDViewModel", "CVDCheck", "CVDSources", "CVDCamera", "CVDCore", "CVDCapture", "CVDLocale", "CSDL2",
        ]),
    .testTarget(name: "CVDSourcesTests", dependencies: ["CVDSources", "CVDCore", "CVDSystem"]),
    .testTarget(
        name: "CVDCameraTests", dependencies: ["CVDCamera", "CVDSources", "CVDCore", "CVDCapture", "CVDSystem"]),
    .testTarget(name: "CVDSystemTests", dependencies: ["CVDSystem", "TestFolders"]),
    .testTarget(name: "CVDScreenTests", dependencies: ["CVDScreen", "CVDCore", "CVDSources"]),
    .testTarget(
        name: "CVDCaptureTests",
        dependencies: ["CVDCapture", "CVDCore", "CVDSystem", "CV4L2", "CTurboJPEG", "TestFolders"]),
    .testTarget(name: "VividTests", dependencies: ["CVDCore", "CVDImageIO"]),
    .testTarget(
        name: "ViewerE2ETests",
        dependencies: ["CVDCore", "CVDCheck", "CVDImageIO", "CVDViewModel", "XvfbSupport", "TestFolders"]),
    // The window layer's parts that need no window (the label fonts).
    .testTarget(
        name: "CVDViewerTests",
        dependencies: [
            "CVDViewer", "CVDViewModel", "CVDCheck", "CVDCore", "CVDSources", "CSDL2", "CSDL2TTF", "XvfbSupport",
            "TestFolders",
        ]),
]

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
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // Colour science and the frame kernels' front ends (validation, tables, dispatch);
        // Swift, with a few lines of C for CPUID (which Swift cannot issue).
        .target(
            name: "CVDCore",
            dependencies: coreDependencies,
            swiftSettings: optimisedInDebug),
        .target(name: "CVDCPUID"),
        // What the kernel modules and CVDCore share: the job, coefficient and entry-point types.
        .target(name: "CVDKernelInterface"),

        // The check of the material (`cvdcam check`, the live `z`): the picture's colours and
        // marks, the verdict, the replacements and the marks drawn. Pure Swift over CVDCore;
        // optimised in debug builds too, so that its tests run on real-sized pictures quickly.
        .target(
            name: "CVDCheck", dependencies: ["CVDCore"],
            swiftSettings: optimisedInDebug),

        // Small helpers over the C runtime shared by the targets below.
        .target(name: "CVDSystem"),
        // The window's language: msgfmt's catalogues read in Swift (`Catalogue(mo:)`) behind
        // `Localization` and `Message.localized`.
        .target(name: "CVDLocale", dependencies: ["CVDCore", "CVDSystem"]),

        // Webcams through V4L2 (libv4l2): discovery, formats, controls.
        .systemLibrary(name: "CTurboJPEG", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CJPEG", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .target(
            name: "CVDCapture",
            dependencies: [
                "CV4L2", "CTurboJPEG", "CJPEG", "CVDCore", "CVDKernelInterface", "CVDSystem",
            ]),

        // Reading and writing image files through SDL2_image; embedded colour profiles (Little
        // CMS) and EXIF orientation applied; PDF pages through CVDPoppler.
        .target(name: "CVDImageIO", dependencies: imageIODependencies),

        // The frame pipeline: what a source is and what it can do (protocols), the picture
        // file, the newest-frame hand-off, the frame ring and the kernel cache. No SDL and no
        // capture library: the live view and anything that sends frames elsewhere share it.
        .target(name: "CVDSources", dependencies: ["CVDCore", "CVDSystem"]),
        // The camera as a source (its stream, reconnection, controls), the test scene made as
        // a camera sends it, the virtual camera and the relay; beside CVDScreen.
        .target(name: "CVDCamera", dependencies: ["CVDCore", "CVDCapture", "CVDSources", "CVDSystem"]),

        // The screen as a source (`--screen`, `--region`): X11 through MIT-SHM, RandR 1.5
        // monitors, DAMAGE and XFIXES.
        .systemLibrary(
            name: "CX11Screen",
            providers: [.apt(["libx11-dev", "libxext-dev", "libxrandr-dev", "libxdamage-dev", "libxfixes-dev"])]),
        // Wayland (and any desktop with xdg-desktop-portal): the ScreenCast portal over GDBus and
        // the PipeWire stream it opens, in C (PipeWire's format descriptions are C macros).
        // Debian: libglib2.0-dev, libpipewire-0.3-dev; their headers are in folders of their own.
        .target(
            name: "CVDPortal",
            cSettings: [
                .unsafeFlags(
                    [
                        "/usr/include/pipewire-0.3", "/usr/include/spa-0.2", "/usr/include/glib-2.0",
                        "/usr/lib/\(targetArch)-linux-gnu/glib-2.0/include",
                    ].flatMap { ["-I", $0] })
            ],
            linkerSettings: ["pipewire-0.3", "gio-2.0", "gobject-2.0", "glib-2.0"].map { .linkedLibrary($0) }),
        .target(name: "CVDScreen", dependencies: ["CX11Screen", "CVDPortal", "CVDCore", "CVDSources", "CVDSystem"]),

        // The live view: pure state, geometry and overlay layout (no SDL), then the SDL2 window.
        .target(
            name: "CVDViewModel", dependencies: ["CVDCore", "CVDCheck", "CVDSources", "CVDSystem", "CVDLocale"],
            swiftSettings: optimisedInDebug),
        .target(
            name: "CVDViewer",
            dependencies: [
                "CVDCore", "CVDCheck", "CVDSources", "CVDViewModel", "CVDImageIO", "CVDSystem",
                "CVDLocale",
                "CSDL2",
                "CSDL2TTF", "CSDL2X11", "CWayland", "CEpoxy",
            ],
            swiftSettings: nativeFlags),

        // The command-line program.
        .executableTarget(
            name: "cvdcam",
            dependencies: [
                "CVDCore", "CVDCheck", "CVDImageIO", "CVDSources", "CVDViewModel", "CVDViewer", "CVDCapture",
                "CVDCamera", "CVDSystem", "CVDLocale", "CVDScreen",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: nativeFlags
        ),
    ] + cLibraries + testTargets + kernelTargets,
    swiftLanguageModes: [.v6]
)

// CVDCAM_PACKAGE_PART=core: the colour core and its tests alone (scripts/test-arm64
// --core-only cross-builds only these: none of the window, capture, screen or picture
// libraries, which took most of its build time).
if ProcessInfo.processInfo.environment["CVDCAM_PACKAGE_PART"] == "core" {
    let core = Set(
        ["CVDCore", "CVDCPUID", "CVDKernelInterface", "CVDSystem", "CVDCoreTests"] + levelFlags.map(\.module))
    package.targets.removeAll { !core.contains($0.name) }
    package.products = [.library(name: "CVDCore", targets: ["CVDCore"])]
    package.dependencies = []
}
