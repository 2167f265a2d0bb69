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
