import CSDL2
import CSDL2Image
import CVDCore
import CVDSystem
import FoundationEssentials
import Glibc

/// Why a picture file could not be read or written.
public enum ImageFileError: Error, Equatable, CustomStringConvertible {
    case notFound(String)
    case unreadable(String, String)
    case undecodable(String, String)
    case unsupportedOutput(String)
    case unwritable(String, String)

    public var description: String {
        switch self {
        case .notFound(let p): "cannot read '\(PathName.shown(p))': no such file"
        case .unreadable(let p, let why): "cannot read '\(PathName.shown(p))': \(why)"
        case .undecodable(let p, let why):
            "cannot read '\(PathName.shown(p))': not a picture cvdcam can decode, or the file is corrupt (\(why.isEmpty ? "no details" : why))"
        case .unsupportedOutput(let p):
            "cannot write '\(PathName.shown(p))': unsupported output type; use a .png, .jpg or .jpeg name"
        case .unwritable(let p, let why): "cannot write '\(PathName.shown(p))': \(why)"
        }
    }
}
