// libv4l2 and the kernel's V4L2 definitions for Swift. Swift imports neither the
// VIDIOC_* request numbers (function-like _IOWR macros) nor variadic functions
// (v4l2_open, v4l2_ioctl), so each is wrapped here as a small inline function.
#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <linux/videodev2.h>
#include <libv4l2.h>
#include <libv4lconvert.h>

static inline int cvd_v4l2_open(const char *path, int flags) { return v4l2_open(path, flags); }
static inline int cvd_v4l2_close(int fd) { return v4l2_close(fd); }

/// One inline function per request cvdcam uses; each passes its argument through v4l2_ioctl.
static inline int cvd_querycap(int fd, struct v4l2_capability *c) { return v4l2_ioctl(fd, VIDIOC_QUERYCAP, c); }
static inline int cvd_enum_fmt(int fd, struct v4l2_fmtdesc *f) { return v4l2_ioctl(fd, VIDIOC_ENUM_FMT, f); }
static inline int cvd_enum_framesizes(int fd, struct v4l2_frmsizeenum *f) { return v4l2_ioctl(fd, VIDIOC_ENUM_FRAMESIZES, f); }
static inline int cvd_enum_frameintervals(int fd, struct v4l2_frmivalenum *f) { return v4l2_ioctl(fd, VIDIOC_ENUM_FRAMEINTERVALS, f); }
static inline int cvd_g_fmt(int fd, struct v4l2_format *f) { return v4l2_ioctl(fd, VIDIOC_G_FMT, f); }
static inline int cvd_s_fmt(int fd, struct v4l2_format *f) { return v4l2_ioctl(fd, VIDIOC_S_FMT, f); }
static inline int cvd_g_parm(int fd, struct v4l2_streamparm *p) { return v4l2_ioctl(fd, VIDIOC_G_PARM, p); }
static inline int cvd_s_parm(int fd, struct v4l2_streamparm *p) { return v4l2_ioctl(fd, VIDIOC_S_PARM, p); }
static inline int cvd_reqbufs(int fd, struct v4l2_requestbuffers *r) { return v4l2_ioctl(fd, VIDIOC_REQBUFS, r); }
static inline int cvd_querybuf(int fd, struct v4l2_buffer *b) { return v4l2_ioctl(fd, VIDIOC_QUERYBUF, b); }
static inline int cvd_qbuf(int fd, struct v4l2_buffer *b) { return v4l2_ioctl(fd, VIDIOC_QBUF, b); }
static inline int cvd_dqbuf(int fd, struct v4l2_buffer *b) { return v4l2_ioctl(fd, VIDIOC_DQBUF, b); }
static inline int cvd_streamon(int fd, int *type) { return v4l2_ioctl(fd, VIDIOC_STREAMON, type); }
static inline int cvd_streamoff(int fd, int *type) { return v4l2_ioctl(fd, VIDIOC_STREAMOFF, type); }
static inline int cvd_queryctrl(int fd, struct v4l2_queryctrl *q) { return v4l2_ioctl(fd, VIDIOC_QUERYCTRL, q); }
static inline int cvd_querymenu(int fd, struct v4l2_querymenu *m) { return v4l2_ioctl(fd, VIDIOC_QUERYMENU, m); }
static inline int cvd_g_ctrl(int fd, struct v4l2_control *c) { return v4l2_ioctl(fd, VIDIOC_G_CTRL, c); }
static inline int cvd_s_ctrl(int fd, struct v4l2_control *c) { return v4l2_ioctl(fd, VIDIOC_S_CTRL, c); }

static inline unsigned int cvd_ctrl_flag_next_ctrl(void) { return V4L2_CTRL_FLAG_NEXT_CTRL; }

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
