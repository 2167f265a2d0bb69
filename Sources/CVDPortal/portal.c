// xdg-desktop-portal's ScreenCast over GDBus, then the PipeWire stream it opens. See
// include/cvd_portal.h for what each call does; the D-Bus sequence is the portal's
// documented one (org.freedesktop.portal.ScreenCast, version 4: persist_mode and
// restore_token), as OBS's linux-pipewire plugin and gpu-screen-recorder use it.
#include "cvd_portal.h"

#include <gio/gio.h>
#include <gio/gunixfdlist.h>
#include <pipewire/pipewire.h>
#include <pthread.h>
#include <spa/param/video/format-utils.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PORTAL_NAME "org.freedesktop.portal.Desktop"
#define PORTAL_PATH "/org/freedesktop/portal/desktop"
#define SCREENCAST "org.freedesktop.portal.ScreenCast"

struct cvd_portal {
    GDBusConnection *bus;
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
    int width, height, order, fresh, ended;
    char why[256];
    struct spa_video_info_raw format;
    int has_format;
    /// The shared monitor's place and size on the desktop (x, y, w, h; w 0 when unknown).
    int area[4];
};

static void say(char *error, size_t len, const char *fmt, const char *detail) {
    if (error && len) snprintf(error, len, fmt, detail ? detail : "");
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

/// The portal's words for a D-Bus failure, as one line.
static void dbus_failure(GError *e, const char *method, char *error, size_t len) {
    char *remote = g_dbus_error_get_remote_error(e);
    if (remote && (strcmp(remote, "org.freedesktop.DBus.Error.ServiceUnknown") == 0 ||
                   strcmp(remote, "org.freedesktop.DBus.Error.UnknownMethod") == 0 ||
                   strcmp(remote, "org.freedesktop.DBus.Error.UnknownInterface") == 0))
        say(error, len,
            "the desktop offers no screen sharing (no xdg-desktop-portal with a ScreenCast backend%s): install "
            "xdg-desktop-portal and your desktop's portal (xdg-desktop-portal-gnome, -kde or -wlr)",
            "");
    else if (error && len) {
        g_dbus_error_strip_remote_error(e);
        snprintf(error, len, "the desktop's screen-sharing portal failed at %s: %s", method, e->message);
    }
    g_free(remote);
}

/// Calls `method` (its arguments in `params`, whose options carry `token` as handle_token)
/// and waits up to `timeout_ms` for the Response. Returns the response (0 granted, 1
/// cancelled, 2 failed) with `*results`, or -1 with `error` filled.
static int request(cvd_portal *p, GMainContext *ctx, const char *method, const char *token, GVariant *params,
                   int timeout_ms, GVariant **results, char *error, size_t len) {
    const char *unique = g_dbus_connection_get_unique_name(p->bus);
    char *sender = g_strdup(unique + 1); // ":1.23" → "1_23"
    for (char *c = sender; *c; c++)
        if (*c == '.') *c = '_';
    char *path = g_strdup_printf("%s/request/%s/%s", PORTAL_PATH, sender, token);
    g_free(sender);
    answer a = {0};
    // Subscribed before the call, so a quick answer is not missed; delivered in `ctx`.
    guint sub = g_dbus_connection_signal_subscribe(p->bus, PORTAL_NAME, "org.freedesktop.portal.Request", "Response",
                                                   path, NULL, G_DBUS_SIGNAL_FLAGS_NONE, on_response, &a, NULL);
    GError *e = NULL;
    GVariant *reply = g_dbus_connection_call_sync(p->bus, PORTAL_NAME, PORTAL_PATH, SCREENCAST, method, params,
                                                  G_VARIANT_TYPE("(o)"), G_DBUS_CALL_FLAGS_NONE, 30000, NULL, &e);
    int status = -1;
    if (!reply) {
        dbus_failure(e, method, error, len);
        g_error_free(e);
    } else {
        g_variant_unref(reply);
        int expired = 0;
        GSource *t = g_timeout_source_new(timeout_ms);
        g_source_set_callback(t, on_timeout, &expired, NULL);
        g_source_attach(t, ctx);
        while (!a.done && !expired) g_main_context_iteration(ctx, TRUE);
        g_source_destroy(t);
        g_source_unref(t);
        if (a.done) {
            status = (int)a.response;
            *results = a.results;
        } else if (error && len) {
            snprintf(error, len,
                     "the desktop's screen-sharing dialog was not answered within %d s: start cvdcam --screen again "
                     "and choose a monitor",
                     timeout_ms / 1000);
        }
    }
    g_dbus_connection_signal_unsubscribe(p->bus, sub);
    g_free(path);
    return status;
}

/// A property of the ScreenCast interface (0 when the portal has none).
static guint32 property(cvd_portal *p, const char *name) {
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

static char *next_token(void) {
    static int count = 0;
    return g_strdup_printf("cvdcam%d_%d", (int)getpid(), ++count);
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

/// How a stream's end is said, whatever PipeWire reported.
#define ENDED_BECAUSE ": the desktop stopped sharing it, or the monitor went away; start cvdcam --screen again to show it"
#define ENDED_WITH "the screen's stream ended (PipeWire: %s)" ENDED_BECAUSE

static void end(cvd_portal *p, const char *why) {
    pthread_mutex_lock(&p->lock);
    if (!p->ended) snprintf(p->why, sizeof(p->why), "%s", why);
    p->ended = 1;
    pthread_mutex_unlock(&p->lock);
}

static void on_state_changed(void *data, enum pw_stream_state old, enum pw_stream_state state, const char *error) {
    cvd_portal *p = data;
    // Streaming, then paused: the desktop's node went away or stopped sending (a stream's
    // producer gone leaves it paused, not unconnected). Said, and undone if it streams again.
    if (state == PW_STREAM_STATE_PAUSED && old == PW_STREAM_STATE_STREAMING) {
        pthread_mutex_lock(&p->lock);
        if (!p->ended) {
            snprintf(p->why, sizeof(p->why), "%s",
                     "the screen's stream stopped: the desktop stopped sharing it, or the monitor went away; the last "
                     "picture stays until it comes back");
            p->ended = 2;
        }
        pthread_mutex_unlock(&p->lock);
        return;
    }
    if (state == PW_STREAM_STATE_STREAMING) {
        pthread_mutex_lock(&p->lock);
        if (p->ended == 2) p->ended = 0;
        pthread_mutex_unlock(&p->lock);
        return;
    }
    if (state == PW_STREAM_STATE_ERROR) {
        char why[300];
        snprintf(why, sizeof(why), ENDED_WITH, error ? error : "error");
        end(p, why);
    } else if (state == PW_STREAM_STATE_UNCONNECTED) {
        end(p, "the screen's stream ended" ENDED_BECAUSE);
    }
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
    char why[300];
    snprintf(why, sizeof(why), ENDED_WITH, message ? message : "error");
    end(data, why);
}

static const struct pw_core_events core_events = {
    PW_VERSION_CORE_EVENTS,
    .error = on_core_error,
};

static int start_stream(cvd_portal *p, int fd, uint32_t node, char *error, size_t len) {
    pw_init(NULL, NULL);
    p->loop = pw_thread_loop_new("cvdcam screen", NULL);
    p->context = p->loop ? pw_context_new(pw_thread_loop_get_loop(p->loop), NULL, 0) : NULL;
    if (!p->context || pw_thread_loop_start(p->loop) < 0) {
        close(fd);
        say(error, len, "PipeWire could not be started in cvdcam%s", "");
        return -1;
    }
    pw_thread_loop_lock(p->loop);
    p->core = pw_context_connect_fd(p->context, fd, NULL, 0); // takes the descriptor
    if (!p->core) {
        pw_thread_loop_unlock(p->loop);
        say(error, len, "PipeWire did not take the desktop's screen stream%s: is PipeWire running (systemctl --user status pipewire)?", "");
        return -1;
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
    if (r < 0) {
        say(error, len, "PipeWire could not connect to the screen's stream%s", "");
        return -1;
    }
    return 0;
}

// ---- the calls ----

cvd_portal *cvd_portal_open(const char *restore_token, int cursor, int timeout_ms, char *token_out,
                            size_t token_len, char *error, size_t error_len) {
    if (token_out && token_len) token_out[0] = 0;
    cvd_portal *p = calloc(1, sizeof(*p));
    if (!p) return NULL;
    pthread_mutex_init(&p->lock, NULL);
    GError *e = NULL;
    p->bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &e);
    if (!p->bus) {
        say(error, error_len, "cannot ask the desktop for the screen: no D-Bus session (%s)", e ? e->message : "");
        if (e) g_error_free(e);
        cvd_portal_close(p);
        return NULL;
    }
    GMainContext *ctx = g_main_context_new();
    g_main_context_push_thread_default(ctx);
    GVariant *results = NULL;
    int ok = 0;
    uint32_t node = 0;
    int fd = -1;
    guint32 version = property(p, "version");
    guint32 types = property(p, "AvailableSourceTypes");
    guint32 modes = property(p, "AvailableCursorModes");
    if (version == 0) {
        say(error, error_len,
            "the desktop offers no screen sharing (no xdg-desktop-portal with a ScreenCast backend%s): install "
            "xdg-desktop-portal and your desktop's portal (xdg-desktop-portal-gnome, -kde or -wlr)",
            "");
        goto done;
    }
    if (!(types & 1)) {
        say(error, error_len, "the desktop's screen-sharing portal shares no monitors%s", "");
        goto done;
    }

    // CreateSession
    char *token = next_token(), *session_token = next_token();
    GVariantBuilder o;
    g_variant_builder_init(&o, G_VARIANT_TYPE_VARDICT);
    g_variant_builder_add(&o, "{sv}", "handle_token", g_variant_new_string(token));
    g_variant_builder_add(&o, "{sv}", "session_handle_token", g_variant_new_string(session_token));
    int r = request(p, ctx, "CreateSession", token, g_variant_new("(a{sv})", &o), 30000, &results, error, error_len);
    g_free(token), g_free(session_token);
    if (r != 0) {
        if (r > 0) say(error, error_len, "the desktop refused a screen-sharing session%s", "");
        goto done;
    }
    const char *handle = NULL;
    if (!g_variant_lookup(results, "session_handle", "&s", &handle) &&
        !g_variant_lookup(results, "session_handle", "&o", &handle)) {
        say(error, error_len, "the desktop's screen-sharing portal answered without a session%s", "");
        goto done;
    }
    p->session = g_strdup(handle);
    g_variant_unref(results), results = NULL;

    // SelectSources: one monitor; asked once (persist_mode 2) where the portal can remember.
    for (int attempt = 0; attempt < 2; attempt++) {
        int with_token = attempt == 0 && restore_token && restore_token[0] && version >= 4;
        token = next_token();
        g_variant_builder_init(&o, G_VARIANT_TYPE_VARDICT);
        g_variant_builder_add(&o, "{sv}", "handle_token", g_variant_new_string(token));
        // A monitor, or one window (the slides' own: never cvdcam's view inside itself) where offered.
        g_variant_builder_add(&o, "{sv}", "types", g_variant_new_uint32(types & 2 ? 3 : 1));
        g_variant_builder_add(&o, "{sv}", "multiple", g_variant_new_boolean(FALSE));
        guint32 mode = cursor ? ((modes & 2) ? 2 : 0) : ((modes & 1) ? 1 : 0);
        if (mode) g_variant_builder_add(&o, "{sv}", "cursor_mode", g_variant_new_uint32(mode));
        if (version >= 4) g_variant_builder_add(&o, "{sv}", "persist_mode", g_variant_new_uint32(2));
        if (with_token) g_variant_builder_add(&o, "{sv}", "restore_token", g_variant_new_string(restore_token));
        r = request(p, ctx, "SelectSources", token, g_variant_new("(oa{sv})", p->session, &o), 30000, &results, error,
                    error_len);
        g_free(token);
        if (r == -1 && with_token) continue; // a token the portal no longer takes: ask afresh
        break;
    }
    if (r != 0) {
        if (r == 1) say(error, error_len, "screen sharing was cancelled%s: start cvdcam --screen again and choose a monitor", "");
        if (r > 1) say(error, error_len, "the desktop did not let cvdcam choose a monitor%s", "");
        goto done;
    }
    if (results) g_variant_unref(results), results = NULL;

    // Start: the desktop's dialog (or the remembered choice).
    token = next_token();
    g_variant_builder_init(&o, G_VARIANT_TYPE_VARDICT);
    g_variant_builder_add(&o, "{sv}", "handle_token", g_variant_new_string(token));
    r = request(p, ctx, "Start", token, g_variant_new("(osa{sv})", p->session, "", &o), timeout_ms, &results, error,
                error_len);
    g_free(token);
    if (r != 0) {
        if (r == 1) say(error, error_len, "screen sharing was cancelled in the desktop's dialog%s: start cvdcam --screen again and choose a monitor", "");
        if (r > 1) say(error, error_len, "the desktop did not share the screen (its portal answered that it failed)%s", "");
        goto done;
    }
    GVariant *streams = g_variant_lookup_value(results, "streams", G_VARIANT_TYPE("a(ua{sv})"));
    if (!streams || g_variant_n_children(streams) == 0) {
        if (streams) g_variant_unref(streams);
        say(error, error_len, "the desktop shared no monitor%s", "");
        goto done;
    }
    GVariant *props = NULL;
    g_variant_get_child(streams, 0, "(u@a{sv})", &node, &props);
    g_variant_unref(streams);
    // Where the shared monitor lies on the desktop, in the compositor's coordinates (not
    // given for a window).
    if (props) {
        gint32 x, y, w, h;
        if (g_variant_lookup(props, "position", "(ii)", &x, &y) && g_variant_lookup(props, "size", "(ii)", &w, &h) &&
            w > 0 && h > 0)
            p->area[0] = x, p->area[1] = y, p->area[2] = w, p->area[3] = h;
        g_variant_unref(props);
    }
    const char *kept = NULL;
    if (token_out && token_len && g_variant_lookup(results, "restore_token", "&s", &kept))
        snprintf(token_out, token_len, "%s", kept);

    // OpenPipeWireRemote: a PipeWire connection that sees only the shared monitor.
    GUnixFDList *fds = NULL;
    GVariant *reply = g_dbus_connection_call_with_unix_fd_list_sync(
        p->bus, PORTAL_NAME, PORTAL_PATH, SCREENCAST, "OpenPipeWireRemote",
        g_variant_new("(oa{sv})", p->session, NULL), G_VARIANT_TYPE("(h)"), G_DBUS_CALL_FLAGS_NONE, 30000, NULL,
        &fds, NULL, &e);
    if (!reply) {
        g_dbus_error_strip_remote_error(e);
        say(error, error_len,
            "PipeWire is not running, so the desktop cannot hand over the screen (%s): start it (systemctl --user "
            "start pipewire)",
            e->message);
        g_error_free(e);
        goto done;
    }
    gint32 index = 0;
    g_variant_get(reply, "(h)", &index);
    g_variant_unref(reply);
    fd = fds ? g_unix_fd_list_get(fds, index, NULL) : -1;
    if (fds) g_object_unref(fds);
    if (fd < 0) {
        say(error, error_len, "the desktop handed over no PipeWire connection%s", "");
        goto done;
    }
    ok = start_stream(p, fd, node, error, error_len) == 0;

done:
    if (results) g_variant_unref(results);
    g_main_context_pop_thread_default(ctx);
    g_main_context_unref(ctx);
    if (!ok) {
        cvd_portal_close(p);
        return NULL;
    }
    return p;
}

int cvd_portal_take(cvd_portal *p, cvd_portal_picture *pic, int again, uint8_t *dst, size_t capacity, char *error,
                    size_t error_len) {
    pthread_mutex_lock(&p->lock);
    int status = 0;
    if (p->frame && p->width > 0 && (p->fresh || again)) {
        pic->width = p->width, pic->height = p->height, pic->order = p->order;
        // The part, clipped to the picture; all of it when none is asked for or none is left.
        int x0 = pic->x > 0 ? pic->x : 0, y0 = pic->y > 0 ? pic->y : 0;
        int x1 = pic->x + pic->w < p->width ? pic->x + pic->w : p->width;
        int y1 = pic->y + pic->h < p->height ? pic->y + pic->h : p->height;
        if (pic->w <= 0 || pic->h <= 0 || x1 <= x0 || y1 <= y0) x0 = 0, y0 = 0, x1 = p->width, y1 = p->height;
        pic->x = x0, pic->y = y0, pic->w = x1 - x0, pic->h = y1 - y0;
        size_t row = (size_t)pic->w * 4;
        if (!dst || capacity < row * (size_t)pic->h) {
            status = -2;
        } else {
            // p->frame holds width × height × 4 bytes; the part lies inside it (clipped above).
            for (int y = 0; y < pic->h; y++)
                memcpy(dst + (size_t)y * row, p->frame + ((size_t)(y0 + y) * (size_t)p->width + (size_t)x0) * 4, row);
            p->fresh = 0;
            status = 1;
        }
    } else if (p->ended) {
        say(error, error_len, "%s", p->why);
        status = -1;
    }
    pthread_mutex_unlock(&p->lock);
    return status;
}

int cvd_portal_area(const cvd_portal *p, int *x, int *y, int *width, int *height) {
    if (!p || p->area[2] <= 0) return 0;
    *x = p->area[0], *y = p->area[1], *width = p->area[2], *height = p->area[3];
    return 1;
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
    g_free(p->session);
    free(p->frame);
    pthread_mutex_destroy(&p->lock);
    free(p);
}
