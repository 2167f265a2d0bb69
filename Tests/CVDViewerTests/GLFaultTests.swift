import Testing

@testable import CVDViewer

/// `CVDCAM_GL_FAULT`'s words: each fault by its name, `error` and `lost` only with a count
/// of frames; anything else is no fault (and `cvdcam` then refuses the word).
@Suite struct GLFaultTests {
    @Test func eachNameAndNothingElse() {
        #expect(GLFault.parse("context") == .context)
        #expect(GLFault.parse("version") == .version)
        #expect(GLFault.parse("shader") == .shader)
        #expect(GLFault.parse("selftest") == .selftest)
        #expect(GLFault.parse("error@240") == .error(after: 240))
        #expect(GLFault.parse("lost@0") == .lost(after: 0))
        for word in ["", "error", "lost", "error@", "error@x", "lost@-1", "context@5", "Shader", "selftest "] {
            #expect(GLFault.parse(word) == nil, "\(word)")
        }
    }
}
