/// A failure the user can act on, printed as one line by main.swift.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
