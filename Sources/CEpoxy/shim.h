// libepoxy for Swift: the GL entry points cvdcam uses, each a static inline function
// over epoxy's dispatch (epoxy resolves them for the current context, GLX or EGL, desktop
// GL or GLES). Swift imports neither epoxy's `#define glX epoxy_glX` aliases nor, in
// Swift 6's strict concurrency, its global function-pointer variables: these wrappers
// are plain functions. `cvd_` + the GL name; the arguments are GL's own.
#include <epoxy/gl.h>

static inline const GLubyte * cvd_glGetString(GLenum name) { return glGetString(name); }
static inline void cvd_glGetIntegerv(GLenum pname, GLint *data) { glGetIntegerv(pname, data); }
static inline GLenum cvd_glGetError(void) { return glGetError(); }
static inline void cvd_glViewport(GLint x, GLint y, GLsizei width, GLsizei height) { glViewport(x, y, width, height); }
static inline void cvd_glScissor(GLint x, GLint y, GLsizei width, GLsizei height) { glScissor(x, y, width, height); }
static inline void cvd_glEnable(GLenum cap) { glEnable(cap); }
static inline void cvd_glDisable(GLenum cap) { glDisable(cap); }
static inline void cvd_glClearColor(GLfloat r, GLfloat g, GLfloat b, GLfloat a) { glClearColor(r, g, b, a); }
static inline void cvd_glClear(GLbitfield mask) { glClear(mask); }
static inline void cvd_glBlendFuncSeparate(GLenum srcRGB, GLenum dstRGB, GLenum srcAlpha, GLenum dstAlpha) { glBlendFuncSeparate(srcRGB, dstRGB, srcAlpha, dstAlpha); }
static inline void cvd_glGenTextures(GLsizei n, GLuint *textures) { glGenTextures(n, textures); }
static inline void cvd_glDeleteTextures(GLsizei n, const GLuint *textures) { glDeleteTextures(n, textures); }
static inline void cvd_glBindTexture(GLenum target, GLuint texture) { glBindTexture(target, texture); }
static inline void cvd_glTexImage2D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLsizei height, GLint border, GLenum format, GLenum type, const void *pixels) { glTexImage2D(target, level, internalformat, width, height, border, format, type, pixels); }
static inline void cvd_glTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLsizei width, GLsizei height, GLenum format, GLenum type, const void *pixels) { glTexSubImage2D(target, level, xoffset, yoffset, width, height, format, type, pixels); }
static inline void cvd_glTexImage3D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLsizei height, GLsizei depth, GLint border, GLenum format, GLenum type, const void *pixels) { glTexImage3D(target, level, internalformat, width, height, depth, border, format, type, pixels); }
static inline void cvd_glTexParameteri(GLenum target, GLenum pname, GLint param) { glTexParameteri(target, pname, param); }
static inline void cvd_glGenerateMipmap(GLenum target) { glGenerateMipmap(target); }
static inline void cvd_glPixelStorei(GLenum pname, GLint param) { glPixelStorei(pname, param); }
static inline void cvd_glActiveTexture(GLenum texture) { glActiveTexture(texture); }
static inline void cvd_glGenFramebuffers(GLsizei n, GLuint *framebuffers) { glGenFramebuffers(n, framebuffers); }
static inline void cvd_glDeleteFramebuffers(GLsizei n, const GLuint *framebuffers) { glDeleteFramebuffers(n, framebuffers); }
static inline void cvd_glBindFramebuffer(GLenum target, GLuint framebuffer) { glBindFramebuffer(target, framebuffer); }
static inline void cvd_glFramebufferTexture2D(GLenum target, GLenum attachment, GLenum textarget, GLuint texture, GLint level) { glFramebufferTexture2D(target, attachment, textarget, texture, level); }
static inline GLenum cvd_glCheckFramebufferStatus(GLenum target) { return glCheckFramebufferStatus(target); }
static inline GLuint cvd_glCreateShader(GLenum type) { return glCreateShader(type); }
static inline void cvd_glShaderSource(GLuint shader, GLsizei count, const GLchar *const *string, const GLint *length) { glShaderSource(shader, count, string, length); }
static inline void cvd_glCompileShader(GLuint shader) { glCompileShader(shader); }
static inline void cvd_glGetShaderiv(GLuint shader, GLenum pname, GLint *params) { glGetShaderiv(shader, pname, params); }
static inline void cvd_glGetShaderInfoLog(GLuint shader, GLsizei bufSize, GLsizei *length, GLchar *infoLog) { glGetShaderInfoLog(shader, bufSize, length, infoLog); }
static inline void cvd_glDeleteShader(GLuint shader) { glDeleteShader(shader); }
static inline GLuint cvd_glCreateProgram(void) { return glCreateProgram(); }
static inline void cvd_glAttachShader(GLuint program, GLuint shader) { glAttachShader(program, shader); }
static inline void cvd_glBindAttribLocation(GLuint program, GLuint index, const GLchar *name) { glBindAttribLocation(program, index, name); }
static inline void cvd_glLinkProgram(GLuint program) { glLinkProgram(program); }
static inline void cvd_glGetProgramiv(GLuint program, GLenum pname, GLint *params) { glGetProgramiv(program, pname, params); }
static inline void cvd_glGetProgramInfoLog(GLuint program, GLsizei bufSize, GLsizei *length, GLchar *infoLog) { glGetProgramInfoLog(program, bufSize, length, infoLog); }
static inline void cvd_glUseProgram(GLuint program) { glUseProgram(program); }
static inline void cvd_glDeleteProgram(GLuint program) { glDeleteProgram(program); }
static inline GLint cvd_glGetUniformLocation(GLuint program, const GLchar *name) { return glGetUniformLocation(program, name); }
static inline void cvd_glUniform1i(GLint location, GLint v0) { glUniform1i(location, v0); }
static inline void cvd_glUniform2i(GLint location, GLint v0, GLint v1) { glUniform2i(location, v0, v1); }
static inline void cvd_glUniform4i(GLint location, GLint v0, GLint v1, GLint v2, GLint v3) { glUniform4i(location, v0, v1, v2, v3); }
static inline void cvd_glUniform1f(GLint location, GLfloat v0) { glUniform1f(location, v0); }
static inline void cvd_glUniform2f(GLint location, GLfloat v0, GLfloat v1) { glUniform2f(location, v0, v1); }
static inline void cvd_glUniform3f(GLint location, GLfloat v0, GLfloat v1, GLfloat v2) { glUniform3f(location, v0, v1, v2); }
static inline void cvd_glUniform4f(GLint location, GLfloat v0, GLfloat v1, GLfloat v2, GLfloat v3) { glUniform4f(location, v0, v1, v2, v3); }
static inline void cvd_glUniformMatrix3fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value) { glUniformMatrix3fv(location, count, transpose, value); }
static inline void cvd_glGenBuffers(GLsizei n, GLuint *buffers) { glGenBuffers(n, buffers); }
static inline void cvd_glGetBufferParameteriv(GLenum target, GLenum pname, GLint *params) { glGetBufferParameteriv(target, pname, params); }
static inline void cvd_glDeleteBuffers(GLsizei n, const GLuint *buffers) { glDeleteBuffers(n, buffers); }
static inline void cvd_glBindBuffer(GLenum target, GLuint buffer) { glBindBuffer(target, buffer); }
static inline void cvd_glBufferData(GLenum target, GLsizeiptr size, const void *data, GLenum usage) { glBufferData(target, size, data, usage); }
static inline void * cvd_glMapBufferRange(GLenum target, GLintptr offset, GLsizeiptr length, GLbitfield access) { return glMapBufferRange(target, offset, length, access); }
static inline GLboolean cvd_glUnmapBuffer(GLenum target) { return glUnmapBuffer(target); }
static inline void cvd_glGenVertexArrays(GLsizei n, GLuint *arrays) { glGenVertexArrays(n, arrays); }
static inline void cvd_glDeleteVertexArrays(GLsizei n, const GLuint *arrays) { glDeleteVertexArrays(n, arrays); }
static inline void cvd_glBindVertexArray(GLuint array) { glBindVertexArray(array); }
static inline void cvd_glVertexAttribPointer(GLuint index, GLint size, GLenum type, GLboolean normalized, GLsizei stride, const void *pointer) { glVertexAttribPointer(index, size, type, normalized, stride, pointer); }
static inline void cvd_glEnableVertexAttribArray(GLuint index) { glEnableVertexAttribArray(index); }
static inline void cvd_glDrawArrays(GLenum mode, GLint first, GLsizei count) { glDrawArrays(mode, first, count); }
static inline void cvd_glReadPixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type, void *pixels) { glReadPixels(x, y, width, height, format, type, pixels); }
static inline void cvd_glFinish(void) { glFinish(); }
static inline void cvd_glFlush(void) { glFlush(); }
static inline GLenum cvd_glGetGraphicsResetStatus(void) { return glGetGraphicsResetStatus(); }
static inline GLsync cvd_glFenceSync(GLenum condition, GLbitfield flags) { return glFenceSync(condition, flags); }
static inline GLenum cvd_glClientWaitSync(GLsync sync, GLbitfield flags, GLuint64 timeout) { return glClientWaitSync(sync, flags, timeout); }
static inline void cvd_glDeleteSync(GLsync sync) { glDeleteSync(sync); }
static inline void cvd_glTexBuffer(GLenum target, GLenum internalformat, GLuint buffer) { glTexBuffer(target, internalformat, buffer); }

/// Whether buffers can be made over memory the program owns, read where it lies
/// (`GL_AMD_pinned_memory`) and read by shaders as buffer textures (desktop GL 3.1).
static inline int cvd_gl_has_pinned_memory(void) {
    return epoxy_is_desktop_gl() && epoxy_gl_version() >= 31 && epoxy_has_gl_extension("GL_AMD_pinned_memory");
}

/// Whether the context offers glGetGraphicsResetStatus (GL 4.5, GLES 3.2, or the robustness extensions).
static inline int cvd_gl_has_reset_status(void) {
    return (epoxy_is_desktop_gl() && epoxy_gl_version() >= 45) || (!epoxy_is_desktop_gl() && epoxy_gl_version() >= 32)
        || epoxy_has_gl_extension("GL_KHR_robustness") || epoxy_has_gl_extension("GL_ARB_robustness");
}
