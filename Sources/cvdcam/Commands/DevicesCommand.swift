import ArgumentParser
import CVDCapture
import Foundation

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the cameras with their formats, frame sizes and frame rates.")

    func run() throws {
        let cameras = DeviceDiscovery.cameras()
        guard !cameras.isEmpty else {
            print("No cameras found (no /dev/video* capture device). Plug in a webcam, or run `cvdcam` to see the built-in test scene.")
            return
        }
        for (i, cam) in cameras.enumerated() {
            if i > 0 { print() }
            guard let caps = cam.capabilities else {
                print("\(cam.path): \(cam.problem.map { "\($0)" } ?? "unavailable")")
                continue
            }
            print("\(cam.path): \(caps.card)  (driver \(caps.driver), \(caps.bus))")
            guard let device = try? VideoDevice(path: cam.path) else { continue }
            for f in device.formats() {
                print("  \(f.fourCC)  \(f.description)\(f.emulated ? "  (converted by libv4l)" : "")")
                for s in f.sizes {
                    let rates = s.fps.map { $0 == $0.rounded() ? String(Int($0)) : String(format: "%.1f", $0) }
                    print("    \(s.width)×\(s.height)" + (rates.isEmpty ? "" : "  @ " + rates.joined(separator: ", ") + " fps"))
                }
            }
        }
    }
}
