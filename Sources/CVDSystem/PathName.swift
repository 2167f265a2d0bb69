/// Path names as plain strings, the way NSString's path methods split them (cvdcam links
/// FoundationEssentials only, which has no NSString).
public enum PathName {
    /// `"dir/pic.PNG"` → `"PNG"`; `""` when the last component has no dot (or only a leading one).
    public static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// `"dir/sub/pic.png"` → `"pic.png"`; trailing slashes are ignored.
    public static func lastComponent(_ path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/"), trimmed != "/" else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `"dir/sub/pic.png"` → `"dir/sub"`, `"/pic.png"` → `"/"`, `"pic.png"` → `""`.
    public static func directory(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `directory` + `/` + `name` (no doubled slash).
    public static func appending(_ name: String, to directory: String) -> String {
        directory.isEmpty ? name : directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
