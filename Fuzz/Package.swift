// swift-tools-version:6.0
// Fuzz targets for the decoders that take bytes from outside (libFuzzer + AddressSanitizer).
// A package of its own: its executables get their `main` from libFuzzer, which only a
// `--sanitize=fuzzer` build links. Run them with scripts/fuzz.
import PackageDescription

let fuzzFlags: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "cvdcam-fuzz",
    dependencies: [.package(name: "cvdcam", path: "..")],
    targets: [
        // One MJPEG frame as a camera sends it: header parse, decode, pack (FrameDecoder).
        .executableTarget(
            name: "FuzzMJPEG",
            dependencies: [
                .product(name: "CVDCapture", package: "cvdcam"),
                .product(name: "CVDCore", package: "cvdcam"),
            ],
            swiftSettings: fuzzFlags),
        // A picture file as `convert` and `--image` read it (SDL2_image).
        .executableTarget(
            name: "FuzzImage",
            dependencies: [
                .product(name: "CVDImageIO", package: "cvdcam"),
                .product(name: "CVDCore", package: "cvdcam"),
            ],
            swiftSettings: fuzzFlags),
    ],
    swiftLanguageModes: [.v6]
)
