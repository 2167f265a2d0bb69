import ArgumentParser
import CVDViewModel

struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List the live view's keys (what h shows in the window).",
        discussion: """
            The same list the help sheet, the README's keys table and the man page are made from. \
            --markdown prints it as the README's table.
            """)

    @Flag(help: "Print the keys as a Markdown table (the README's).")
    var markdown = false

    func run() throws {
        print(markdown ? KeyGuide.markdownTable : KeyGuide.plainText)
        try StandardOutput.finish()
    }
}
