import FoundationEssentials
import Glibc

/// The user's folders as the XDG user-dirs convention names them (`xdg-user-dir PICTURES`).
public enum UserDirectories {
    /// The home folder: `HOME`, else the password database's.
    public static func home(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? homeFromPasswd()
    }

    /// The pictures folder: `XDG_PICTURES_DIR` from `$XDG_CONFIG_HOME/user-dirs.dirs`
    /// (default `~/.config`; read up to 64 KiB), else `~/Pictures`.
    public static func pictures(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home = home(environment: environment)
        let config = configHome(environment, home: home)
        let bytes = (try? FileBytes.read(config + "/user-dirs.dirs", limit: 1 << 16)) ?? []
        let file = bytes.withUnsafeBufferPointer { PathName.decoded($0) }
        return userDir("PICTURES", in: file, home: home) ?? home + "/Pictures"
    }

    /// cvdcam's own settings folder: `$XDG_CONFIG_HOME/cvdcam` (default `~/.config/cvdcam`).
    public static func config(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        configHome(environment, home: home(environment: environment)) + "/cvdcam"
    }

    /// `XDG_CONFIG_HOME` when it is an absolute path (the specification says to ignore a
    /// relative one), else `~/.config`.
    static func configHome(_ environment: [String: String], home: String) -> String {
        environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
    }

    /// `XDG_NAME_DIR="$HOME/…"` from a user-dirs.dirs file: the value with `$HOME`
    /// expanded; nil when the line is missing, or names the home folder itself (which the
    /// convention uses for "disabled").
    public static func userDir(_ name: String, in file: String, home: String) -> String? {
        let key = "XDG_\(name)_DIR="
        for line in file.split(separator: "\n") {
            let l = line.trimmed
            guard l.hasPrefix(key) else { continue }
            var value = String(l.dropFirst(key.count))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            if value.hasPrefix("$HOME") { value = home + value.dropFirst(5) }
            guard value.hasPrefix("/"), value != home, value != home + "/" else { return nil }
            return value
        }
        return nil
    }

    /// The home folder from the password database, for when `HOME` is unset.
    private static func homeFromPasswd() -> String {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return "/" }
        return String(cString: dir)
    }
}
