import CVDCore
import CVDViewer
import Glibc

/// The `CVDCAM_*` variables, read here and only here, and handed down as values: the
/// libraries below `cvdcam` never read the environment (docs/architecture.md).
///
/// - `CVDCAM_KERNEL_LEVEL`: the per-pixel kernels' instruction-set level (`KernelLevel`).
/// - `CVDCAM_PRINT_OVERLAYS`, `CVDCAM_PRINT_PARTS`, `CVDCAM_PRINT_TEXTS` (`=1`): what the
///   view prints for tests (`ViewerDiagnostics`).
/// - `CVDCAM_GL_PROFILE` (`core`, `es`), `CVDCAM_GL_UPLOAD` (`buffer`, `direct`, `in-place`),
///   `CVDCAM_GL_FAULT` (`GLFault`): how the GL renderer starts, for tests (`GLSettings`).
/// - `CVDCAM_SCREEN_WHOLE=1`, `CVDCAM_NO_SHM`: the screen source's reads, for tests and
///   measurements.
/// - `CVDCAM_VIRTUAL_CAMERA_FILE=PATH`: the virtual camera writes its last picture to PATH
///   (PNG) when it stops, instead of sending to a device (`PictureFileCamera`), for tests.
enum EnvironmentSettings {
    /// One variable (`getenv`: no copy of the whole environment is made, so a run's heap
    /// blocks do not depend on how many variables the shell has).
    static func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    static func isOne(_ name: String) -> Bool { value(name) == "1" }

    /// The level `CVDCAM_KERNEL_LEVEL` asks for, made the kernels' (nothing when unset or
    /// empty); a value that names no level, or one this machine cannot run, throws.
    static func applyKernelLevel() throws(KernelLevelError) {
        if let level = try KernelLevel.requested(value(KernelLevel.environmentVariable)) { KernelLevel.use(level) }
    }

    /// What the view prints for tests and how its GL renderer starts; a GL variable set to a
    /// word it does not take throws (unset or empty: the default).
    static func viewerDiagnostics() throws(UnknownSetting) -> ViewerDiagnostics {
        var d = ViewerDiagnostics()
        d.printOverlays = isOne("CVDCAM_PRINT_OVERLAYS")
        d.printParts = isOne("CVDCAM_PRINT_PARTS")
        d.printTexts = isOne("CVDCAM_PRINT_TEXTS")
        d.gl.profile =
            try word("CVDCAM_GL_PROFILE", GLSettings.Profile.allCases.map(\.rawValue)) { .init(rawValue: $0) } ?? .any
        d.gl.upload = try word("CVDCAM_GL_UPLOAD", GLSettings.Upload.allCases.map(\.rawValue)) { .init(rawValue: $0) }
        d.gl.fault = try word("CVDCAM_GL_FAULT", GLFault.names, GLFault.parse)
        return d
    }

    /// `name`'s value read by `parse`; nil when unset or empty, and throws when `parse` does
    /// not take it (`words`: what it takes, for the message).
    private static func word<T>(_ name: String, _ words: [String], _ parse: (String) -> T?) throws(UnknownSetting) -> T?
    {
        guard let v = value(name), !v.isEmpty else { return nil }
        guard let parsed = parse(v) else { throw UnknownSetting(name: name, value: v, words: words) }
        return parsed
    }

    /// Every screen read whole, never in the parts that changed.
    static var screenWholeReads: Bool { isOne("CVDCAM_SCREEN_WHOLE") }

    /// Where the virtual camera writes its last picture instead of a device, for tests.
    static var virtualCameraFile: String? { value("CVDCAM_VIRTUAL_CAMERA_FILE").flatMap { $0.isEmpty ? nil : $0 } }

    /// The screen read without MIT-SHM (set to anything).
    static var screenSharedMemory: Bool { value("CVDCAM_NO_SHM") == nil }
}

/// A `CVDCAM_*` variable set to a word it does not take.
struct UnknownSetting: Error, CustomStringConvertible {
    let name: String
    let value: String
    let words: [String]

    var description: String {
        "\(name)=\(value) is not a value it takes; use one of \(words.joined(separator: ", ")), or unset it"
    }
}
