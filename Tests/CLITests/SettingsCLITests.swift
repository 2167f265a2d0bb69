import Testing

/// A `CVDCAM_*` variable set to a word it does not take stops the view at once with one
/// line naming what it takes (it used to be the default, silently: a test or measurement
/// with a typo ran something else); unset or empty is the default.
@Suite struct SettingsCLITests {
    @Test func anUnknownWordIsOneLine() throws {
        let cases = [
            ("CVDCAM_GL_UPLOAD", "inplace", "one of buffer, direct, in-place"),
            ("CVDCAM_GL_PROFILE", "gles", "one of any, core, es"),
            ("CVDCAM_GL_FAULT", "error@", "one of context, version, shader, selftest, error@N, lost@N"),
            ("CVDCAM_GL_FAULT", "lost", "one of context, version, shader, selftest, error@N, lost@N"),
        ]
        // No display reachable (nor a desktop's Wayland or SDL driver), and a screenshot
        // after one frame should one open after all: the run always ends.
        let noDisplay = ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"]
        let args = ["--test-scene", "--screenshot", CLI.tempDir() + "/shot.png", "--screenshot-after", "1"]
        for (name, value, words) in cases {
            let r = try CLI.run(args, environment: [name: value], unset: noDisplay)
            #expect(r.status == 1, "\(name)=\(value): status \(r.status)")
            #expect(
                r.stderr == "cvdcam: error: \(name)=\(value) is not a value it takes; use \(words), or unset it\n",
                "\(name)=\(value): \(r.stderr)")
        }
        // The words it takes, and nothing, pass: the view goes on to look for a display.
        for (name, value) in [
            ("CVDCAM_GL_UPLOAD", "in-place"), ("CVDCAM_GL_FAULT", "lost@240"), ("CVDCAM_GL_PROFILE", ""),
        ] {
            let r = try CLI.run(args, environment: [name: value], unset: noDisplay)
            #expect(r.stderr.hasPrefix("cvdcam: error: no display found"), "\(name)=\(value): \(r.stderr)")
        }
    }
}
