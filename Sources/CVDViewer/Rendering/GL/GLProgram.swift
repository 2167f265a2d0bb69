import CEpoxy

/// A linked GLSL program (wraps `glCreateShader`, `glCompileShader`, `glLinkProgram`),
/// its uniforms' locations looked up once each.
@MainActor
final class GLProgram {
    let id: GLuint
    private var locations: [String: GLint] = [:]

    /// Compiles `vertex` and `fragment` (each after `header`, the `#version` line and
    /// precisions) and links them, with `attributes` bound to locations 0, 1, … in order.
    /// Throws with the driver's log when either does not compile or they do not link.
    init(_ what: String, header: String, vertex: String, fragment: String, attributes: [String] = [])
        throws(RenderFault)
    {
        let vs = try Self.compile(GLenum(GL_VERTEX_SHADER), header + vertex, what)
        defer { cvd_glDeleteShader(vs) }
        let fs = try Self.compile(GLenum(GL_FRAGMENT_SHADER), header + fragment, what)
        defer { cvd_glDeleteShader(fs) }
        let p = cvd_glCreateProgram()
        cvd_glAttachShader(p, vs)
        cvd_glAttachShader(p, fs)
        for (i, a) in attributes.enumerated() { cvd_glBindAttribLocation(p, GLuint(i), a) }
        cvd_glLinkProgram(p)
        var ok: GLint = 0
        cvd_glGetProgramiv(p, GLenum(GL_LINK_STATUS), &ok)
        guard ok != 0 else {
            let log = Self.log(p, cvd_glGetProgramiv, cvd_glGetProgramInfoLog)
            cvd_glDeleteProgram(p)
            throw RenderFault("the \(what) shaders do not link: \(log)")
        }
        id = p
    }

    /// A uniform's location (-1: none such, which GL ignores), looked up once.
    func location(_ name: String) -> GLint {
        if let l = locations[name] { return l }
        let l = cvd_glGetUniformLocation(id, name)
        locations[name] = l
        return l
    }

    func use() { cvd_glUseProgram(id) }
    func delete() { cvd_glDeleteProgram(id) }

    private static func compile(_ type: GLenum, _ source: String, _ what: String) throws(RenderFault) -> GLuint {
        let s = cvd_glCreateShader(type)
        source.withCString { text in
            var p: UnsafePointer<GLchar>? = text
            cvd_glShaderSource(s, 1, &p, nil)
        }
        cvd_glCompileShader(s)
        var ok: GLint = 0
        cvd_glGetShaderiv(s, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok != 0 else {
            let log = Self.log(s, cvd_glGetShaderiv, cvd_glGetShaderInfoLog)
            cvd_glDeleteShader(s)
            let kind = type == GLenum(GL_VERTEX_SHADER) ? "vertex" : "fragment"
            throw RenderFault("the \(what) \(kind) shader does not compile: \(log)")
        }
        return s
    }

    /// A shader's or program's info log, its first line (the driver's reason).
    private static func log(
        _ object: GLuint, _ get: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
        _ read: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var length: GLint = 0
        get(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        guard length > 1 else { return "no reason given" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        read(object, length, nil, &buffer)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "\n").first.map(String.init) ?? text
    }
}
