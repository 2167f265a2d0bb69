import ArgumentParser
import CVDCore
import CVDImageIO
import CVDSystem
import FoundationEssentials
import Glibc

// Enough files may be open at once, before anything starts (`DescriptorLimit`).
if let tooFew = DescriptorLimit.ensure() {
    StderrCapture.write("cvdcam: error: \(tooFew)\n")
    exit(1)
}

// SDL's allocations under a ceiling, before any thread uses SDL (`ImageFile.capAllocations`).
ImageFile.capAllocations()

// Parse and run, printing failures as one line on stderr ("cvdcam: error: …") with a
// non-zero status, instead of ArgumentParser's usage dump. Help and --version still
// print in full.
// The arguments as their bytes say them: a file name that is not UTF-8 keeps its bytes
// (`PathName.argument`), where Swift's `CommandLine.arguments` would replace them.
let arguments = (1..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0].map { PathName.argument($0) } }

// Ctrl+\ (SIGQUIT) quits, as in every terminal program (with a core dump, as its default
// says); Swift's runtime would otherwise print a backtrace and go on. The live view turns
// it into a quit of its own (`DisplayStart`).
signal(SIGQUIT, SIG_DFL)
var quitSignal = sigset_t()
sigemptyset(&quitSignal)
sigaddset(&quitSignal, SIGQUIT)
// A launcher may have it blocked (the mask is inherited; test runners do this).
pthread_sigmask(SIG_UNBLOCK, &quitSignal, nil)

// `cvdcam --help`: the live view is the main job, so its options come first, then the
// other commands.
if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
    print(RootHelp.text)
    StandardOutput.exit(0)
}

// `-image` (one dash): say what was meant instead of "unknown option '-i'".
if let word = RootHelp.singleDashLongOption(arguments) {
    StderrCapture.write("cvdcam: error: unknown option '-\(word)'; long options take two dashes: --\(word)\n")
    exit(ExitCode.validationFailure.rawValue)
}

// `cvdcam convrt …`: a mistyped command, not a picture file of that name.
// (Asked for only here: `Cvdcam.configuration` fixes the --version text, kernel level and
// all, the first time it is read, which must come after `applyKernelLevel`.)
func commandNames() -> [String] { Cvdcam.configuration.subcommands.map { $0._commandName } }
if let first = arguments.first, !first.hasPrefix("-"), PathName.withCPath(first, { access($0, F_OK) }) != 0 {
    let names = commandNames()
    if !names.contains(first), let meant = Suggestion.nearest(first, among: names) {
        StderrCapture.write(
            "cvdcam: error: unknown command '\(PathName.shown(first))' (did you mean '\(meant)'?); cvdcam --help lists the commands\n"
        )
        exit(ExitCode.validationFailure.rawValue)
    }
}

// `cvdcam help convrt`: ArgumentParser would print the main help and exit 0.
if arguments.count == 2, arguments[0] == "help", !arguments[1].hasPrefix("-") {
    let names = commandNames() + ["help"]
    if !names.contains(arguments[1]) {
        let meant = Suggestion.clause(arguments[1], among: names)
        StderrCapture.write(
            "cvdcam: error: no command '\(PathName.shown(arguments[1]))' to help with\(meant); cvdcam --help lists the commands\n"
        )
        exit(ExitCode.validationFailure.rawValue)
    }
}

// `--screen` takes its monitor optionally: alone (last, or before another option) it
// means "a monitor the window does not open on" (`ScreenChoice`).
// A negative number after an option is its value (`-s -0.1`, `--page -1`), so that the
// option's own check says what it takes, not "missing value".
func isNegativeNumber(_ a: String) -> Bool {
    a.count > 1 && a.hasPrefix("-") && Double(a) != nil
}
var expanded: [String] = []
for (i, a) in arguments.enumerated() {
    // After `--` every argument is a file name, as given.
    if expanded.contains("--") {
        expanded.append(a)
    } else if isNegativeNumber(a), let option = expanded.last, option.hasPrefix("-"), option != "--",
        !option.contains("="), !isNegativeNumber(option)
    {
        expanded[expanded.count - 1] = option + "=" + a
    } else if a == "--screen" && (i + 1 == arguments.count || arguments[i + 1].hasPrefix("-")) {
        expanded += [a, "auto"]
    } else {
        expanded.append(a)
    }
}

if let twice = RepeatedOption.problem(expanded) {
    StderrCapture.write("cvdcam: error: \(twice)\n")
    exit(ExitCode.validationFailure.rawValue)
}

do {
    try EnvironmentSettings.applyKernelLevel()
    var command = try Cvdcam.parseAsRoot(expanded)
    try command.run()
} catch let code as ExitCode {
    // A status with nothing more to say (`check`: 1 a pair at risk, 2 a file unread).
    exit(code.rawValue)
} catch {
    let code = Cvdcam.exitCode(for: error)
    if code == .success { Cvdcam.exit(withError: error) }
    var message =
        Cvdcam.message(for: error)
        .split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
    // ArgumentParser's own sentences start with a capital ("The value …"), mid-line after
    // "error: ": lower-cased, unless a name follows (a second capital: "OK", "V4L2").
    if let first = message.first, first.isUppercase, message.dropFirst().first?.isLowercase == true {
        message = first.lowercased() + message.dropFirst()
    }
    // Through StderrCapture: never into a capture of a C library's stderr on another thread.
    StderrCapture.write("cvdcam: error: \(message)\n")
    exit(code.rawValue == 0 ? 1 : code.rawValue)
}
