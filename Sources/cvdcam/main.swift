import ArgumentParser
import CVDCore
import CVDImageIO
import CVDSystem
import FoundationEssentials
import Glibc

// SDL's allocations under a ceiling, before any thread uses SDL (`ImageFile.capAllocations`).
ImageFile.capAllocations()

// Parse and run, printing failures as one line on stderr ("cvdcam: error: …") with a
// non-zero status, instead of ArgumentParser's usage dump. Help and --version still
// print in full.
let arguments = Array(CommandLine.arguments.dropFirst())

// `cvdcam --help`: the live view is the main job, so its options come first, then the
// other commands.
if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
    print(RootHelp.text)
    exit(0)
}

// `-image` (one dash): say what was meant instead of "unknown option '-i'".
if let word = RootHelp.singleDashLongOption(arguments) {
    StderrCapture.write("cvdcam: error: unknown option '-\(word)'; long options take two dashes: --\(word)\n")
    exit(ExitCode.validationFailure.rawValue)
}

do {
    try KernelLevel.checkEnvironment()
    var command = try Cvdcam.parseAsRoot()
    try command.run()
} catch {
    let code = Cvdcam.exitCode(for: error)
    if code == .success { Cvdcam.exit(withError: error) }
    let message =
        Cvdcam.message(for: error)
        .split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
    // Through StderrCapture: never into a capture of a C library's stderr on another thread.
    StderrCapture.write("cvdcam: error: \(message)\n")
    exit(code.rawValue == 0 ? 1 : code.rawValue)
}
