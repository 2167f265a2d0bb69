// libv4l2 and the kernel's V4L2 definitions for Swift. Swift imports neither the
// VIDIOC_* request numbers (function-like _IOWR macros) nor variadic functions
// (v4l2_open, v4l2_ioctl), so the numbers are exported here as constants and the
// functions as small inline wrappers. Swift calls ioctls through one entry,
// `VideoDevice.ioctl` (see VideoDevice+IOCTL.swift), which calls `cvd_ioctl`.
#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <linux/videodev2.h>
#include <libv4l2.h>
#include <libv4lconvert.h>

#include <errno.h>
#include <sys/ioctl.h>
#include <unistd.h>

/// `v4l2_open`, but a node that is no V4L2 device is refused before libv4l2 sees it: a
/// plain open, a plain VIDIOC_QUERYCAP, then `v4l2_fd_open` on the same descriptor (the
/// node is opened once). libv4l's plugins check every node they are given with their own
/// VIDIOC_QUERYCAP and `perror()` to stderr when it fails (libv4l-mplane: "Failed to query
/// video capabilities"), with no hook to catch it. Returns the descriptor, or -1 with errno.
static inline int cvd_v4l2_open(const char *path, int flags) {
    int fd = open(path, flags);
    if (fd < 0) return -1;
    struct v4l2_capability cap;
    if (ioctl(fd, VIDIOC_QUERYCAP, &cap) < 0 || v4l2_fd_open(fd, 0) < 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}
static inline int cvd_v4l2_close(int fd) { return v4l2_close(fd); }

// Where libv4l2 writes its own messages instead of stderr (`v4l2_log_file`, libv4l2.h): a
// stdio stream whose writes call `write` (glibc's fopencookie, declared here as glibc
// does: Swift's Glibc module is built without _GNU_SOURCE, which hides it). Set once,
// before libv4l2's first call (see LibV4L2Log.swift). Returns 0, or -1 when no stream
// could be made (libv4l2 then keeps printing to stderr).
#include <stdio.h>
#include <bits/types/cookie_io_functions_t.h>
extern FILE *fopencookie(void *cookie, const char *modes, cookie_io_functions_t io_funcs);
static inline int cvd_v4l2_log_to(cookie_write_function_t *write) {
    cookie_io_functions_t io = { NULL, write, NULL, NULL };
    FILE *f = fopencookie(NULL, "w", io);
    if (!f) return -1;
    setvbuf(f, NULL, _IOLBF, 0);
    v4l2_log_file = f;
    return 0;
}

/// The one way into the driver: `v4l2_ioctl` (libv4l2's ioctl, which converts formats the
/// camera does not send itself). `request` is one of the CVD_VIDIOC_* numbers below.
static inline int cvd_ioctl(int fd, unsigned long request, void *arg) { return v4l2_ioctl(fd, request, arg); }

/// The requests cvdcam makes (each encodes its argument's size, which Swift checks).
static const unsigned long CVD_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP;
static const unsigned long CVD_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT;
static const unsigned long CVD_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
static const unsigned long CVD_VIDIOC_ENUM_FRAMEINTERVALS = VIDIOC_ENUM_FRAMEINTERVALS;
static const unsigned long CVD_VIDIOC_G_FMT = VIDIOC_G_FMT;
static const unsigned long CVD_VIDIOC_S_FMT = VIDIOC_S_FMT;
static const unsigned long CVD_VIDIOC_G_PARM = VIDIOC_G_PARM;
static const unsigned long CVD_VIDIOC_S_PARM = VIDIOC_S_PARM;
static const unsigned long CVD_VIDIOC_REQBUFS = VIDIOC_REQBUFS;
static const unsigned long CVD_VIDIOC_QUERYBUF = VIDIOC_QUERYBUF;
static const unsigned long CVD_VIDIOC_QBUF = VIDIOC_QBUF;
static const unsigned long CVD_VIDIOC_DQBUF = VIDIOC_DQBUF;
static const unsigned long CVD_VIDIOC_STREAMON = VIDIOC_STREAMON;
static const unsigned long CVD_VIDIOC_STREAMOFF = VIDIOC_STREAMOFF;
static const unsigned long CVD_VIDIOC_QUERYCTRL = VIDIOC_QUERYCTRL;
static const unsigned long CVD_VIDIOC_QUERYMENU = VIDIOC_QUERYMENU;
static const unsigned long CVD_VIDIOC_G_CTRL = VIDIOC_G_CTRL;
static const unsigned long CVD_VIDIOC_S_CTRL = VIDIOC_S_CTRL;

// libv4lconvert without a device, to decode recorded frames: its set-up asks the device
// for VIDIOC_QUERYCAP through these operations, so answer as a plain capture device and
// refuse everything else (it then assumes no controls and no special hardware).
#include <errno.h>
#include <string.h>
#include <libv4l-plugin.h>
static int cvd_detached_ioctl(void *priv, int fd, unsigned long request, void *arg) {
    (void)priv; (void)fd;
    if (request == VIDIOC_QUERYCAP) {
        struct v4l2_capability *c = (struct v4l2_capability *)arg;
        memset(c, 0, sizeof *c);
        c->capabilities = c->device_caps = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_STREAMING;
        return 0;
    }
    errno = ENOTTY;
    return -1;
}
static void cvd_detached_close(void *priv) { (void)priv; }
static const struct libv4l_dev_ops cvd_detached_ops = { .close = cvd_detached_close, .ioctl = cvd_detached_ioctl };
static inline struct v4lconvert_data *cvd_v4lconvert_create_detached(void) {
    return v4lconvert_create_with_dev_ops(-1, NULL, &cvd_detached_ops);
}
