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
        try Self.check(p, GL_LINK_STATUS, cvd_glGetProgramiv, cvd_glGetProgramInfoLog, cvd_glDeleteProgram) {
            "the \(what) shaders do not link: \($0)"
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
        let kind = type == GLenum(GL_VERTEX_SHADER) ? "vertex" : "fragment"
        try Self.check(s, GL_COMPILE_STATUS, cvd_glGetShaderiv, cvd_glGetShaderInfoLog, cvd_glDeleteShader) {
            "the \(what) \(kind) shader does not compile: \($0)"
        }
        return s
    }

    /// Checks a shader's or program's `status` (`get`: glGetShaderiv or glGetProgramiv); when
    /// it failed, deletes the object and throws `message` with the first line of its info
    /// log (`read`), the driver's reason.
    private static func check(
        _ object: GLuint, _ status: Int32, _ get: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
        _ read: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void,
        _ delete: (GLuint) -> Void, _ message: (String) -> String
    ) throws(RenderFault) {
        var ok: GLint = 0
        get(object, GLenum(status), &ok)
        guard ok == 0 else { return }
        var length: GLint = 0
        get(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        var buffer = [GLchar](repeating: 0, count: Int(max(1, length)))
        if length > 1 { read(object, length, nil, &buffer) }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        delete(object)
        throw RenderFault(message(text.split(separator: "\n").first.map(String.init) ?? "no reason given"))
    }
}
