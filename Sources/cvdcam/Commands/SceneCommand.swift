import ArgumentParser
import CVDCore

struct SceneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene",
        abstract: "Write the built-in test scene, as seen in one or every mode.",
        discussion: """
            The scene holds a ColorChecker-style chart, an Ishihara-style plate (74), a hue wheel, \
            fruit, traffic-light colours and a grey ramp — the live view's picture when there is no camera.

            Example: cvdcam scene out/scene.png --mode all
            """)

    @Argument(help: "Where to write (.png, .jpg or .jpeg).")
    var output: String

    @Option(help: "Picture width in pixels.") var width = 1280
    @Option(help: "Picture height in pixels.") var height = 720

    @OptionGroup var simulation: SimulationOptions

    func validate() throws {
        guard (16...8192).contains(width), (16...8192).contains(height) else {
            throw ValidationError("size \(width)×\(height) is outside 16…8192 pixels")
        }
        try OutputFiles.validate(output)
    }

    func run() throws {
        Interruption.install()
        let scene = TestScene.render(width: width, height: height)
        let sims = try simulation.simulations()
        try OutputFiles(output, mode: simulation.mode).write(sims) { .picture(scene.simulated(by: FrameKernel($0))) }
        try StandardOutput.finish()
    }
}
