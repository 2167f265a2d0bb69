// xdg-desktop-portal's ScreenCast over GDBus, then the PipeWire stream it opens: plumbing
// only (include/cvd_portal.h). The D-Bus sequence is the portal's documented one
// (org.freedesktop.portal.ScreenCast, version 4: persist_mode and restore_token), as OBS's
// linux-pipewire plugin and gpu-screen-recorder use it; Swift decides it (PortalSession).
#include "cvd_portal.h"

#include <gio/gio.h>
#include <gio/gunixfdlist.h>
#include <pipewire/pipewire.h>
#include <pthread.h>
#include <spa/param/video/format-utils.h>
#include <spa/utils/result.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PORTAL_NAME "org.freedesktop.portal.Desktop"
#define PORTAL_PATH "/org/freedesktop/portal/desktop"
#define SCREENCAST "org.freedesktop.portal.ScreenCast"

struct cvd_portal {
    GDBusConnection *bus;
    /// Where request answers are delivered (the calling thread's while it waits).
    GMainContext *context_main;
    char *session;
    struct pw_thread_loop *loop;
    struct pw_context *context;
    struct pw_core *core;
    struct pw_stream *stream;
    struct spa_hook stream_listener;
    struct spa_hook core_listener;
    // What the stream thread hands over, under `lock`.
    pthread_mutex_t lock;
    uint8_t *frame;
    size_t frame_cap;
    int width, height, order, fresh, state;
    char why[256];
    struct spa_video_info_raw format;
    int has_format;
};

static int fail(cvd_portal_failure *f, cvd_portal_code code, const char *detail) {
    if (f) {
        f->code = code;
        snprintf(f->detail, sizeof(f->detail), "%s", detail ? detail : "");
    }
    return -1;
}

// ---- D-Bus: one request, answered by its Request object's Response signal ----

typedef struct {
    int done;
    guint32 response;
    GVariant *results;
} answer;

static void on_response(GDBusConnection *c, const char *sender, const char *path, const char *iface,
                        const char *signal, GVariant *params, gpointer data) {
    (void)c, (void)sender, (void)path, (void)iface, (void)signal;
    answer *a = data;
    g_variant_get(params, "(u@a{sv})", &a->response, &a->results);
    a->done = 1;
}

static gboolean on_timeout(gpointer data) {
    *(int *)data = 1;
    return G_SOURCE_REMOVE;
}

/// A failed D-Bus call as a code: no portal at all, or the call's own failure (D-Bus's words).
static int dbus_failure(GError *e, cvd_portal_failure *f) {
    char *remote = g_dbus_error_get_remote_error(e);
    int absent = remote && (strcmp(remote, "org.freedesktop.DBus.Error.ServiceUnknown") == 0 ||
                            strcmp(remote, "org.freedesktop.DBus.Error.UnknownMethod") == 0 ||
                            strcmp(remote, "org.freedesktop.DBus.Error.UnknownInterface") == 0);
    g_free(remote);
    g_dbus_error_strip_remote_error(e);
    return fail(f, absent ? CVD_PORTAL_NO_SERVICE : CVD_PORTAL_CALL_FAILED, e->message);
}

static char *next_token(void) {
    static int count = 0;
    return g_strdup_printf("cvdcam%d_%d", (int)getpid(), ++count);
}

/// Calls `method` with `params` (built around `options`, to which the request's
/// handle_token is added here) and waits up to `timeout_ms` for the Response. Returns the
/// response with `*results` (the caller's to unref), or -1 with `f` set.
static int request(cvd_portal *p, const char *method, GVariant *(*params)(cvd_portal *, GVariantBuilder *),
                   GVariantBuilder *options, int timeout_ms, GVariant **results, cvd_portal_failure *f) {
    char *token = next_token();
    g_variant_builder_add(options, "{sv}", "handle_token", g_variant_new_string(token));
    char *sender = g_strdup(g_dbus_connection_get_unique_name(p->bus) + 1); // ":1.23" → "1_23"
    for (char *c = sender; *c; c++)
        if (*c == '.') *c = '_';
    char *path = g_strdup_printf("%s/request/%s/%s", PORTAL_PATH, sender, token);
    g_free(sender), g_free(token);
    answer a = {0};
    g_main_context_push_thread_default(p->context_main);
    // Subscribed before the call, so a quick answer is not missed; delivered in context_main.
    guint sub = g_dbus_connection_signal_subscribe(p->bus, PORTAL_NAME, "org.freedesktop.portal.Request", "Response",
                                                   path, NULL, G_DBUS_SIGNAL_FLAGS_NONE, on_response, &a, NULL);
    GError *e = NULL;
    GVariant *reply = g_dbus_connection_call_sync(p->bus, PORTAL_NAME, PORTAL_PATH, SCREENCAST, method,
                                                  params(p, options), G_VARIANT_TYPE("(o)"), G_DBUS_CALL_FLAGS_NONE,
                                                  30000, NULL, &e);
    int status = -1;
    if (!reply) {
        dbus_failure(e, f);
        g_error_free(e);
    } else {
        g_variant_unref(reply);
        int expired = 0;
        GSource *t = g_timeout_source_new(timeout_ms);
        g_source_set_callback(t, on_timeout, &expired, NULL);
        g_source_attach(t, p->context_main);
        while (!a.done && !expired) g_main_context_iteration(p->context_main, TRUE);
        g_source_destroy(t);
        g_source_unref(t);
        if (a.done) {
            status = (int)a.response;
            *results = a.results;
        } else {
            fail(f, CVD_PORTAL_NOT_ANSWERED, NULL);
        }
    }
    g_dbus_connection_signal_unsubscribe(p->bus, sub);
    g_main_context_pop_thread_default(p->context_main);
    g_free(path);
    return status;
}

uint32_t cvd_portal_property(cvd_portal *p, const char *name) {
    GVariant *r = g_dbus_connection_call_sync(
        p->bus, PORTAL_NAME, PORTAL_PATH, "org.freedesktop.DBus.Properties", "Get",
        g_variant_new("(ss)", SCREENCAST, name), G_VARIANT_TYPE("(v)"), G_DBUS_CALL_FLAGS_NONE, 5000, NULL, NULL);
    if (!r) return 0;
    GVariant *v = NULL;
    g_variant_get(r, "(v)", &v);
    guint32 value = g_variant_is_of_type(v, G_VARIANT_TYPE_UINT32) ? g_variant_get_uint32(v) : 0;
    g_variant_unref(v);
    g_variant_unref(r);
    return value;
}

// ---- PipeWire: the stream's events, on PipeWire's own thread ----

static void on_param_changed(void *data, uint32_t id, const struct spa_pod *param) {
    cvd_portal *p = data;
    if (!param || id != SPA_PARAM_Format) return;
    uint32_t type = 0, subtype = 0;
    if (spa_format_parse(param, &type, &subtype) < 0 || type != SPA_MEDIA_TYPE_video ||
        subtype != SPA_MEDIA_SUBTYPE_raw)
        return;
    pthread_mutex_lock(&p->lock);
    p->has_format = spa_format_video_raw_parse(param, &p->format) >= 0;
    pthread_mutex_unlock(&p->lock);
    // Buffers in memory this process can read: shared memory (MemFd) or plain (MemPtr).
    uint8_t buffer[256];
    struct spa_pod_builder b = SPA_POD_BUILDER_INIT(buffer, sizeof(buffer));
    const struct spa_pod *params[1];
    params[0] = spa_pod_builder_add_object(
        &b, SPA_TYPE_OBJECT_ParamBuffers, SPA_PARAM_Buffers, SPA_PARAM_BUFFERS_dataType,
        SPA_POD_CHOICE_FLAGS_Int((1 << SPA_DATA_MemPtr) | (1 << SPA_DATA_MemFd)));
    pw_stream_update_params(p->stream, params, 1);
}

/// The stream ended for good; PipeWire's words (`why`, may be NULL) kept for the first end.
static void end(cvd_portal *p, const char *why) {
    pthread_mutex_lock(&p->lock);
    if (p->state != CVD_PORTAL_ENDED) snprintf(p->why, sizeof(p->why), "%s", why ? why : "");
    p->state = CVD_PORTAL_ENDED;
    pthread_mutex_unlock(&p->lock);
}

static void on_state_changed(void *data, enum pw_stream_state old, enum pw_stream_state state, const char *error) {
    cvd_portal *p = data;
    // Streaming, then paused: the desktop's node went away or stopped sending (a stream's
    // producer gone leaves it paused, not unconnected); undone if it streams again.
    if (state == PW_STREAM_STATE_PAUSED && old == PW_STREAM_STATE_STREAMING) {
        pthread_mutex_lock(&p->lock);
        if (p->state == CVD_PORTAL_STREAMING) p->state = CVD_PORTAL_PAUSED;
        pthread_mutex_unlock(&p->lock);
        return;
    }
    if (state == PW_STREAM_STATE_STREAMING) {
        pthread_mutex_lock(&p->lock);
        if (p->state == CVD_PORTAL_PAUSED) p->state = CVD_PORTAL_STREAMING;
        pthread_mutex_unlock(&p->lock);
        return;
    }
    if (state == PW_STREAM_STATE_ERROR)
        end(p, error ? error : "error");
    else if (state == PW_STREAM_STATE_UNCONNECTED)
        end(p, NULL);
}

static void on_process(void *data) {
    cvd_portal *p = data;
    struct pw_buffer *b = pw_stream_dequeue_buffer(p->stream);
    if (!b) return;
    struct spa_data *d = &b->buffer->datas[0];
    pthread_mutex_lock(&p->lock);
    int w = (int)p->format.size.width, h = (int)p->format.size.height;
    int stride = d->chunk && d->chunk->stride > 0 ? d->chunk->stride : w * 4;
    uint32_t offset = d->chunk ? d->chunk->offset : 0;
    int ok = p->has_format && d->data && w > 0 && h > 0 && d->chunk && d->chunk->size > 0 &&
             !(d->chunk->flags & SPA_CHUNK_FLAG_CORRUPTED) && stride >= w * 4 &&
             (size_t)offset + (size_t)stride * (size_t)(h - 1) + (size_t)w * 4 <= d->maxsize;
    if (ok) {
        size_t need = (size_t)w * (size_t)h * 4;
        if (p->frame_cap < need) {
            uint8_t *grown = realloc(p->frame, need);
            if (grown) p->frame = grown, p->frame_cap = need;
        }
        if (p->frame_cap >= need) {
            // Safe: the checks above keep every row inside the buffer's `maxsize` bytes,
            // and `frame` holds w × h × 4 bytes.
            const uint8_t *src = (const uint8_t *)d->data + offset;
            for (int y = 0; y < h; y++) {
                const uint32_t *from = (const uint32_t *)(src + (size_t)y * stride);
                uint32_t *to = (uint32_t *)(p->frame + (size_t)y * w * 4);
                for (int x = 0; x < w; x++) to[x] = from[x] | 0xFF000000u; // the fourth byte opaque
            }
            enum spa_video_format f = p->format.format;
            p->order = (f == SPA_VIDEO_FORMAT_RGBx || f == SPA_VIDEO_FORMAT_RGBA) ? CVD_PORTAL_RGBX : CVD_PORTAL_BGRX;
            p->width = w, p->height = h, p->fresh = 1;
        }
    }
    pthread_mutex_unlock(&p->lock);
    pw_stream_queue_buffer(p->stream, b);
}

static const struct pw_stream_events stream_events = {
    PW_VERSION_STREAM_EVENTS,
    .state_changed = on_state_changed,
    .param_changed = on_param_changed,
    .process = on_process,
};

static void on_core_error(void *data, uint32_t id, int seq, int res, const char *message) {
    (void)seq, (void)res;
    if (id != PW_ID_CORE) return;
    end(data, message ? message : "error");
}

static const struct pw_core_events core_events = {
    PW_VERSION_CORE_EVENTS,
    .error = on_core_error,
};

static int start_stream(cvd_portal *p, int fd, uint32_t node, cvd_portal_failure *f) {
    pw_init(NULL, NULL);
    p->loop = pw_thread_loop_new("cvdcam screen", NULL);
    p->context = p->loop ? pw_context_new(pw_thread_loop_get_loop(p->loop), NULL, 0) : NULL;
    if (!p->context || pw_thread_loop_start(p->loop) < 0) {
        close(fd);
        return fail(f, CVD_PORTAL_PIPEWIRE_START, NULL);
    }
    pw_thread_loop_lock(p->loop);
    p->core = pw_context_connect_fd(p->context, fd, NULL, 0); // takes the descriptor
    if (!p->core) {
        pw_thread_loop_unlock(p->loop);
        return fail(f, CVD_PORTAL_PIPEWIRE_REFUSED, NULL);
    }
    pw_core_add_listener(p->core, &p->core_listener, &core_events, p);
    p->stream = pw_stream_new(p->core, "cvdcam",
                              pw_properties_new(PW_KEY_MEDIA_TYPE, "Video", PW_KEY_MEDIA_CATEGORY, "Capture",
                                                PW_KEY_MEDIA_ROLE, "Screen", NULL));
    pw_stream_add_listener(p->stream, &p->stream_listener, &stream_events, p);
    uint8_t buffer[1024];
    struct spa_pod_builder b = SPA_POD_BUILDER_INIT(buffer, sizeof(buffer));
    const struct spa_pod *params[1];
    params[0] = spa_pod_builder_add_object(
        &b, SPA_TYPE_OBJECT_Format, SPA_PARAM_EnumFormat, SPA_FORMAT_mediaType, SPA_POD_Id(SPA_MEDIA_TYPE_video),
        SPA_FORMAT_mediaSubtype, SPA_POD_Id(SPA_MEDIA_SUBTYPE_raw), SPA_FORMAT_VIDEO_format,
        SPA_POD_CHOICE_ENUM_Id(5, SPA_VIDEO_FORMAT_BGRx, SPA_VIDEO_FORMAT_BGRx, SPA_VIDEO_FORMAT_BGRA,
                               SPA_VIDEO_FORMAT_RGBx, SPA_VIDEO_FORMAT_RGBA),
        SPA_FORMAT_VIDEO_size,
        SPA_POD_CHOICE_RANGE_Rectangle(&SPA_RECTANGLE(1920, 1080), &SPA_RECTANGLE(1, 1), &SPA_RECTANGLE(16384, 16384)),
        SPA_FORMAT_VIDEO_framerate,
        SPA_POD_CHOICE_RANGE_Fraction(&SPA_FRACTION(30, 1), &SPA_FRACTION(0, 1), &SPA_FRACTION(240, 1)));
    int r = pw_stream_connect(p->stream, PW_DIRECTION_INPUT, node,
                              PW_STREAM_FLAG_AUTOCONNECT | PW_STREAM_FLAG_MAP_BUFFERS, params, 1);
    pw_thread_loop_unlock(p->loop);
    if (r < 0) return fail(f, CVD_PORTAL_STREAM_CONNECT, spa_strerror(r));
    return 0;
}

// ---- the calls ----

cvd_portal *cvd_portal_connect(cvd_portal_failure *f) {
    cvd_portal *p = calloc(1, sizeof(*p));
    if (!p) return NULL;
    pthread_mutex_init(&p->lock, NULL);
    GError *e = NULL;
    p->bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &e);
    if (!p->bus) {
        fail(f, CVD_PORTAL_NO_BUS, e ? e->message : NULL);
        if (e) g_error_free(e);
        cvd_portal_close(p);
        return NULL;
    }
    p->context_main = g_main_context_new();
    return p;
}

static GVariant *options_only(cvd_portal *p, GVariantBuilder *o) {
    (void)p;
    return g_variant_new("(a{sv})", o);
}

static GVariant *session_and_options(cvd_portal *p, GVariantBuilder *o) {
    return g_variant_new("(oa{sv})", p->session, o);
}

static GVariant *session_parent_and_options(cvd_portal *p, GVariantBuilder *o) {
    return g_variant_new("(osa{sv})", p->session, "", o);
}

int cvd_portal_create_session(cvd_portal *p, int timeout_ms, cvd_portal_failure *f) {
    char *session_token = next_token();
    GVariantBuilder o;
    g_variant_builder_init(&o, G_VARIANT_TYPE_VARDICT);
    g_variant_builder_add(&o, "{sv}", "session_handle_token", g_variant_new_string(session_token));
    g_free(session_token);
    GVariant *results = NULL;
    int r = request(p, "CreateSession", options_only, &o, timeout_ms, &results, f);
    if (r == 0) {
        const char *handle = NULL;
        if (g_variant_lookup(results, "session_handle", "&s", &handle) ||
            g_variant_lookup(results, "session_handle", "&o", &handle))
            p->session = g_strdup(handle);
        else
            r = fail(f, CVD_PORTAL_NO_SESSION_HANDLE, NULL);
    }
    if (results) g_variant_unref(results);
    return r;
}

int cvd_portal_select_sources(cvd_portal *p, uint32_t types, uint32_t cursor_mode, uint32_t persist_mode,
                              const char *restore_token, int timeout_ms, cvd_portal_failure *f) {
    GVariantBuilder o;
    g_variant_builder_init(&o, G_VARIANT_TYPE_VARDICT);
    g_variant_builder_add(&o, "{sv}", "types", g_variant_new_uint32(types));
    g_variant_builder_add(&o, "{sv}", "multiple", g_variant_new_boolean(FALSE));
    if (cursor_mode) g_variant_builder_add(&o, "{sv}", "cursor_mode", g_variant_new_uint32(cursor_mode));
    if (persist_mode) g_variant_builder_add(&o, "{sv}", "persist_mode", g_variant_new_uint32(persist_mode));
    if (restore_token) g_variant_builder_add(&o, "{sv}", "restore_token", g_variant_new_string(restore_token));
    GVariant *results = NULL;
    int r = request(p, "SelectSources", session_and_options, &o, timeout_ms, &results, f);
    if (results) g_variant_unref(results);
    return r;
}

int cvd_portal_start(cvd_portal *p, int timeout_ms, cvd_portal_started *started, cvd_portal_failure *f) {
    memset(started, 0, sizeof(*started));
    GVariantBuilder o;
    g_variant_builder_init(&o, G_VARIANT_TYPE_VARDICT);
    GVariant *results = NULL;
    int r = request(p, "Start", session_parent_and_options, &o, timeout_ms, &results, f);
    if (r != 0) {
        if (results) g_variant_unref(results);
        return r;
    }
    GVariant *streams = g_variant_lookup_value(results, "streams", G_VARIANT_TYPE("a(ua{sv})"));
    started->streams = streams ? (int)g_variant_n_children(streams) : 0;
    if (started->streams > 0) {
        GVariant *props = NULL;
        g_variant_get_child(streams, 0, "(u@a{sv})", &started->node, &props);
        gint32 x, y, w, h;
        if (props && g_variant_lookup(props, "position", "(ii)", &x, &y) &&
            g_variant_lookup(props, "size", "(ii)", &w, &h) && w > 0 && h > 0)
            started->has_area = 1, started->x = x, started->y = y, started->width = w, started->height = h;
        if (props) g_variant_unref(props);
    }
    if (streams) g_variant_unref(streams);
    const char *kept = NULL;
    if (g_variant_lookup(results, "restore_token", "&s", &kept))
        snprintf(started->token, sizeof(started->token), "%s", kept);
    g_variant_unref(results);
    return 0;
}

int cvd_portal_stream(cvd_portal *p, uint32_t node, cvd_portal_failure *f) {
    // A PipeWire connection that sees only the shared monitor.
    GUnixFDList *fds = NULL;
    GError *e = NULL;
    GVariant *reply = g_dbus_connection_call_with_unix_fd_list_sync(
        p->bus, PORTAL_NAME, PORTAL_PATH, SCREENCAST, "OpenPipeWireRemote",
        g_variant_new("(oa{sv})", p->session, NULL), G_VARIANT_TYPE("(h)"), G_DBUS_CALL_FLAGS_NONE, 30000, NULL,
        &fds, NULL, &e);
    if (!reply) {
        g_dbus_error_strip_remote_error(e);
        fail(f, CVD_PORTAL_NO_REMOTE, e->message);
        g_error_free(e);
        return -1;
    }
    gint32 index = 0;
    g_variant_get(reply, "(h)", &index);
    g_variant_unref(reply);
    int fd = fds ? g_unix_fd_list_get(fds, index, NULL) : -1;
    if (fds) g_object_unref(fds);
    if (fd < 0) return fail(f, CVD_PORTAL_NO_DESCRIPTOR, NULL);
    return start_stream(p, fd, node, f);
}

void cvd_portal_look(cvd_portal *p, cvd_portal_picture *pic) {
    pthread_mutex_lock(&p->lock);
    int has = p->frame && p->width > 0;
    pic->width = has ? p->width : 0, pic->height = has ? p->height : 0, pic->order = p->order;
    pic->fresh = has && p->fresh;
    pic->state = p->state;
    snprintf(pic->detail, sizeof(pic->detail), "%s", p->state == CVD_PORTAL_ENDED ? p->why : "");
    pthread_mutex_unlock(&p->lock);
}

int cvd_portal_copy(cvd_portal *p, int x, int y, int w, int h, uint8_t *dst, size_t capacity) {
    pthread_mutex_lock(&p->lock);
    int status;
    size_t row = (size_t)(w > 0 ? w : 0) * 4;
    if (!p->frame || x < 0 || y < 0 || w <= 0 || h <= 0 || x + w > p->width || y + h > p->height) {
        status = 0;
    } else if (!dst || capacity < row * (size_t)h) {
        status = -2;
    } else {
        // Safe: p->frame holds width × height × 4 bytes, and the part lies inside it (checked
        // above, under the lock the stream thread writes it under); dst holds h rows of `row`.
        for (int r = 0; r < h; r++)
            memcpy(dst + (size_t)r * row, p->frame + ((size_t)(y + r) * (size_t)p->width + (size_t)x) * 4, row);
        p->fresh = 0;
        status = 1;
    }
    pthread_mutex_unlock(&p->lock);
    return status;
}

void cvd_portal_close(cvd_portal *p) {
    if (!p) return;
    if (p->loop) pw_thread_loop_stop(p->loop);
    if (p->stream) pw_stream_destroy(p->stream);
    if (p->core) pw_core_disconnect(p->core);
    if (p->context) pw_context_destroy(p->context);
    if (p->loop) pw_thread_loop_destroy(p->loop);
    if (p->bus && p->session) {
        GVariant *r = g_dbus_connection_call_sync(p->bus, PORTAL_NAME, p->session, "org.freedesktop.portal.Session",
                                                  "Close", NULL, NULL, G_DBUS_CALL_FLAGS_NONE, 2000, NULL, NULL);
        if (r) g_variant_unref(r);
    }
    if (p->bus) g_object_unref(p->bus);
    if (p->context_main) g_main_context_unref(p->context_main);
    g_free(p->session);
    free(p->frame);
    pthread_mutex_destroy(&p->lock);
    free(p);
}
