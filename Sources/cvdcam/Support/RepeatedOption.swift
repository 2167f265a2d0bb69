/// An option that takes one value, given twice with two values (`-m deutan -m protan`):
/// ArgumentParser keeps the last one without a word, so the first is lost unseen. The
/// options whose values are what the picture shows are looked at; `--` ends them.
enum RepeatedOption {
    /// Each option's spellings, the first its name in messages.
    static let watched = [["--mode", "-m"], ["--severity", "-s"], ["--model"]]

    /// "--mode is given twice ('deutan', then 'protan'); give it once", or nil.
    static func problem(_ arguments: [String]) -> String? {
        for names in watched {
            var values: [String] = []
            var i = 0
            while i < arguments.count, arguments[i] != "--" {
                let a = arguments[i]
                if names.contains(a), i + 1 < arguments.count {
                    values.append(arguments[i + 1])
                    i += 1
                } else if let name = names.first(where: { a.hasPrefix($0 + "=") }) {
                    values.append(String(a.dropFirst(name.count + 1)))
                }
                i += 1
            }
            if let first = values.first, let other = values.first(where: { $0 != first }) {
                let list = names[0] == "--mode" ? " (check takes several as one list: --mode deutan,protan)" : ""
                return "\(names[0]) is given twice ('\(first)', then '\(other)'); give it once\(list)"
            }
        }
        return nil
    }
}
