import ArgumentParser
import Foundation

// Parse and run, printing failures as one line on stderr ("cvdcam: error: …") with a
// non-zero status, instead of ArgumentParser's usage dump. Help and --version still
// print in full.
do {
    var command = try Cvdcam.parseAsRoot()
    try command.run()
} catch {
    let code = Cvdcam.exitCode(for: error)
    if code == .success { Cvdcam.exit(withError: error) }
    let message = Cvdcam.message(for: error)
        .split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
    FileHandle.standardError.write(Data("cvdcam: error: \(message)\n".utf8))
    exit(code.rawValue == 0 ? 1 : code.rawValue)
}
