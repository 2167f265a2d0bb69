import ArgumentParser

/// What `cvdcam --help` prints: the live view's own help (it is what `cvdcam` runs), then
/// the other commands — and the hint for a long option written with one dash.
enum RootHelp {
    static var text: String {
        let view = Cvdcam.helpMessage(for: ViewCommand.self)
            .replacing("USAGE: cvdcam view ", with: "USAGE: cvdcam [view] ")
        let root = Cvdcam.helpMessage()
        let commands = root.components(separatedBy: "SUBCOMMANDS:").dropFirst().first ?? ""
        return view + "\n\nOTHER COMMANDS:" + commands
    }

    /// The name of a long option given with one dash (`-image`), if any argument is one:
    /// `-` and two or more letters that are a long option of some command.
    static func singleDashLongOption(_ arguments: [String]) -> String? {
        for a in arguments where a.hasPrefix("-") && !a.hasPrefix("--") && a.count > 2 {
            let word = String(a.dropFirst().prefix { $0 != "=" })
            guard word.allSatisfy({ $0.isLetter || $0 == "-" }) else { continue }
            if allHelp.contains("--\(word) ") || allHelp.contains("--\(word)\n") || allHelp.contains("--\(word),") {
                return word
            }
        }
        return nil
    }

    /// Every command's help, where the long options are listed.
    static let allHelp: String = ([Cvdcam.self] + Cvdcam.configuration.subcommands).map {
        Cvdcam.helpMessage(for: $0)
    }.joined(separator: "\n")
}
