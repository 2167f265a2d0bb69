import CVDCore

/// The GL renderer's shaders. Two programs: `canvas` draws everything in window pixels
/// (pane pictures through rectangles and meshes, overlays' shapes, text) and `kernel` is
/// the colour kernel — one pane's picture simulated from the source frame as it came,
/// into a texture the pane's size, with `ColourShader`'s functions (the same steps and
/// constants as the CPU kernels).
enum GLShaders {
    /// The `#version` line and precisions: GLSL 3.30 core, or GLSL ES 3.00 with `highp`
    /// everywhere (`mediump` may run as 16-bit floats on phones' and Intel's GPUs).
    static func header(es: Bool) -> String {
        es
            ? """
            #version 300 es
            precision highp float;
            precision highp int;
            precision highp sampler2D;
            precision highp usampler2D;
            precision highp usampler3D;

            """
            : "#version 330 core\n"
    }

    static let canvasVertex = """
        in vec2 position;
        in vec2 uv;
        in vec4 colour;
        uniform vec2 viewport;
        out vec2 vUV;
        out vec4 vColour;
        void main() {
            vUV = uv;
            vColour = colour;
            gl_Position = vec4(position.x / viewport.x * 2.0 - 1.0, 1.0 - position.y / viewport.y * 2.0, 0.0, 1.0);
        }

        """

    static let canvasFragment = """
        uniform sampler2D image;
        uniform int textured;
        in vec2 vUV;
        in vec4 vColour;
        out vec4 fragColour;
        void main() {
            fragColour = textured != 0 ? vColour * texture(image, vUV) : vColour;
        }

        """

    /// One triangle that covers the whole viewport, from the vertex number alone.
    static let kernelVertex = """
        void main() {
            vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
            gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
        }

        """

    /// The colour kernel, specialised by `KIND` and `REDUCTION`, the transforms' kinds
    /// `FIRST` and `SECOND` (-1: one step) and `MARKING` (defined before it: one program
    /// per combination in use, `GLKernelSpec`, so the loops unroll and no branch is left on
    /// what is the same for every pixel). The source is the frame's bytes as an
    /// unsigned-integer texture (read exactly, no filtering; with `BUFFER`, a buffer texture
    /// over the frame's own memory, rows `rowTexels` apart): one RGB pixel per texel
    /// (`KIND` 0), a 4:2:2 pair (1), or a planar frame's whole buffer as one-byte texels
    /// (2: `planes` = the buffer's width in bytes, the Cb and Cr planes' offsets, luma rows
    /// per chroma row; chroma rows are half as wide); `offsets` says which byte is which.
    /// Row r of the target is row r of the picture. A target `REDUCTION` times smaller than
    /// the picture (`sourceSize`) averages each block of coded values as `FrameReducer` does
    /// on the CPU: luma over the pixels, chroma over the samples under the output's own, each
    /// rounded half up. The confusion stripes follow `ConfusionMarking` (the same table,
    /// cell and bands).
    static let kernelFragment =
        ColourShader.functions + """
            #if BUFFER
            uniform usamplerBuffer source;
            uniform int rowTexels;
            uvec4 cvd_texel(ivec2 q) { return texelFetch(source, q.y * rowTexels + q.x); }
            #else
            uniform usampler2D source;
            uvec4 cvd_texel(ivec2 q) { return texelFetch(source, q, 0); }
            #endif
            uniform ivec4 offsets;
            uniform ivec4 planes;
            uniform ivec2 sourceSize;
            uniform vec2 luma;
            uniform vec4 chroma;
            uniform CVDTransform first;
            uniform CVDTransform second;
            uniform usampler3D confusion;
            uniform int phase;
            out vec4 fragColour;

            const int R = REDUCTION;

            uint cvd_byte(uvec4 t, int i) { return i == 0 ? t.x : i == 1 ? t.y : i == 2 ? t.z : t.w; }

            uint cvd_mean(uint sum, int n) { return (sum + uint(n / 2)) / uint(n); }

            #if KIND == 2
            uint cvd_at(int offset) { return cvd_texel(ivec2(offset % planes.x, offset / planes.x)).r; }
            uint cvd_luma(int x, int y) { return cvd_texel(ivec2(x, y)).r; }
            #elif KIND == 1
            uint cvd_luma(int x, int y) {
                return cvd_byte(cvd_texel(ivec2(x >> 1, y)), (x & 1) == 0 ? offsets.x : offsets.z);
            }
            #endif

            void main() {
                ivec2 p = ivec2(gl_FragCoord.xy);
                vec3 c;
                ivec3 cell;
            #if KIND == 0
                uvec3 sum = uvec3(0u);
                for (int dy = 0; dy < R; dy++) {
                    for (int dx = 0; dx < R; dx++) {
                        uvec4 t = cvd_texel(p * R + ivec2(dx, dy));
                        sum += uvec3(cvd_byte(t, offsets.x), cvd_byte(t, offsets.y), cvd_byte(t, offsets.z));
                    }
                }
                uvec3 rgb = uvec3(cvd_mean(sum.r, R * R), cvd_mean(sum.g, R * R), cvd_mean(sum.b, R * R));
                c = vec3(rgb) / 255.0;
                cell = ivec3(int(rgb.b >> 2), int(rgb.g >> 2), int(rgb.r >> 2));
            #else
                uint y = 0u;
                for (int dy = 0; dy < R; dy++) {
                    for (int dx = 0; dx < R; dx++) y += cvd_luma(p.x * R + dx, p.y * R + dy);
                }
                y = cvd_mean(y, R * R);
                // Chroma: the samples under the output's own (a pair's, or a plane's).
                uint cb = 0u;
                uint cr = 0u;
                int n = 0;
            #if KIND == 2
                int rows = (sourceSize.y + planes.w - 1) / planes.w;
                int top = (p.y / planes.w) * R;
            #else
                int rows = sourceSize.y;
                int top = p.y * R;
            #endif
                for (int dy = 0; dy < R; dy++) {
                    if (top + dy >= rows) break;
                    for (int dx = 0; dx < R; dx++) {
                        int cx = (p.x >> 1) * R + dx;
            #if KIND == 2
                        int at = (top + dy) * (planes.x / 2) + cx;
                        cb += cvd_at(planes.y + at);
                        cr += cvd_at(planes.z + at);
            #else
                        uvec4 t = cvd_texel(ivec2(cx, top + dy));
                        cb += cvd_byte(t, offsets.y);
                        cr += cvd_byte(t, offsets.w);
            #endif
                        n++;
                    }
                }
                cb = cvd_mean(cb, n);
                cr = cvd_mean(cr, n);
                c = cvd_ycbcr(vec3(float(y), float(cb), float(cr)), luma, chroma);
                cell = ivec3(int(y >> 2), int(cr >> 2), int(cb >> 2));
            #endif
                vec3 levels = cvd_apply(FIRST, first, c);
            #if SECOND >= 0
                levels = cvd_apply(SECOND, second, levels / 255.0);
            #endif
            #if MARKING
                if (texelFetch(confusion, cell, 0).r != 0u) {
                    int band = ((p.x + p.y + phase) >> 3) & 3;
                    if (band == 0) levels = vec3(0.0);
                    else if (band == 2) levels = vec3(255.0);
                }
            #endif
                fragColour = vec4(levels / 255.0, 1.0);
            }

            """
}
