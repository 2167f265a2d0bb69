import ArgumentParser
import CVDCamera
import CVDCapture
import CVDCore
import CVDImageIO
import CVDLocale
import CVDSources
import CVDSystem
import CVDViewModel
import CVDViewer
import FoundationEssentials
import Glibc

/// The command line's options, turned into the viewer's.
extension ViewCommand {
    func validate() throws {
        guard (0.5...4).contains(uiScale) else { throw ValidationError("--ui-scale must be within 0.5…4") }
        if let shown {
            if input.image != nil || input.testScene || (shown.hasPrefix("/dev/") && input.camera.device != nil) {
                throw ValidationError(
                    "'\(shown)' and --image, --device or --test-scene each choose what to show; give one")
            }
            if !shown.hasPrefix("/dev/"), input.camera.isSpecified {
                throw ValidationError("'\(shown)' is a picture file; it does not take camera options")
            }
        }
        if input.image != nil, input.camera.isSpecified {
            throw ValidationError("--image shows a picture file; it does not take camera options")
        }
        if let c = cycle, !(c >= 1 && c <= 3600) { throw ValidationError("--cycle takes seconds per mode, 1…3600") }
        if let d = display, d < 1 { throw ValidationError("--display counts from 1 (the first display)") }
        if let r = rotate, ![0, 90, 180, 270].contains(r) {
            throw ValidationError("--rotate takes 0, 90, 180 or 270 (degrees, clockwise)")
        }
        guard screenshotAfter >= 1 else { throw ValidationError("--screenshot-after must be at least 1") }
        if let s = screenshot, !s.lowercased().hasSuffix(".png") {
            throw ValidationError("--screenshot writes PNG; use a .png name")
        }
        if let n = benchmarkFrames, n < 1 { throw ValidationError("--benchmark-frames must be at least 1") }
        _ = try presses()
    }

    /// --mode, --severity, --model, --quad.
    func simulationOptions(_ o: inout ViewerOptions) {
        (o.mode, o.model) = (simulation.mode, simulation.tuning.model.kind)
        o.severity = simulation.tuning.severity ?? VisionMode.defaultAnomalousSeverity
        if let q = simulation.quad { o.quadModes = q }
    }

    /// --fullscreen, --ui-scale, --font, --renderer, --snapshot-dir.
    func windowOptions(_ o: inout ViewerOptions) {
        (o.fullscreen, o.display, o.uiScale, o.fontPath, o.renderer) = (fullscreen, display, uiScale, font, renderer)
        o.snapshotDirectory = snapshotDir ?? UserDirectories.pictures() + "/cvdcam"
    }

    /// --caption, --cycle, --cycle-modes, --white-balance and the virtual camera's flags.
    func teachingOptions(_ o: inout ViewerOptions) {
        o.whiteBalance = whiteBalance
        (o.caption, o.cycleSeconds, o.framed) = (caption, cycle, framed || !labelsOverPicture)
        if rotate != nil || mirror { o.orientation = Orientation(degrees: rotate ?? 0, mirrored: mirror) }
        o.pageCorners = straighten.map { n in stride(from: 0, to: 8, by: 2).map { (x: n[$0], y: n[$0 + 1]) } }
        if let m = cycleModes { o.cycleModes = m }
        o.virtualCamera = virtualCamera || virtualCameraDevice != nil
        o.openVirtualCamera =
            EnvironmentSettings.virtualCameraFile.map(PictureFileCamera.opener(path:))
            ?? VirtualCameraFeed.opener(device: virtualCameraDevice)
        o.virtualCameraOverlays = virtualCameraOverlays
        if let fps = input.camera.frameRate { o.virtualCameraRate = fps }
    }

    /// `--press KEY@N` as (key, frames).
    func presses() throws -> [(key: String, afterFrames: Int)] {
        try press.map { p in
            let parts = p.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, let n = Int(parts[1]), n >= 1, ViewerOptions.isPressable(String(parts[0])) else {
                throw ValidationError(
                    "--press takes KEY@N (a key, and the frame after which to press it, from 1), e.g. w@30; not \"\(p)\""
                )
            }
            return (String(parts[0]), n)
        }
    }

    /// --benchmark-frames, --screenshot, --screenshot-after, --press, --profile, --always-tables.
    func scriptOptions(_ o: inout ViewerOptions) {
        o.presses = (try? presses()) ?? []
        (o.benchmarkFrames, o.profile, o.alwaysTables) = (benchmarkFrames, profile, alwaysTables)
        (o.screenshotPath, o.screenshotAfterFrames) = (screenshot, screenshotAfter)
    }
}
