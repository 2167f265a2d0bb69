import ArgumentParser
import CVDCore

struct Cvdcam: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cvdcam",
        abstract: "See pictures the way people with colour-vision deficiency see them.",
        discussion: """
            Modes: \(VisionModeArgument.helpList)
            Models: \(ModelArgument.described).

            Environment: CVDCAM_KERNEL_LEVEL=baseline, v3 or v4 runs the per-pixel kernels at a \
            lower instruction-set level than this CPU's best (x86-64 SSE2, x86-64-v3 AVX2, \
            x86-64-v4 AVX-512), e.g. to compare speeds; --version says which level runs.
            """,
        version: "0.1.0\n" + KernelLevel.summary,
        subcommands: [
            ViewCommand.self, DevicesCommand.self, SnapshotCommand.self, ConvertCommand.self, CheckCommand.self,
            SceneCommand.self,
            BenchCommand.self,
            RelayCommand.self, LUTCommand.self, KeysCommand.self,
        ],
        defaultSubcommand: ViewCommand.self
    )
}
