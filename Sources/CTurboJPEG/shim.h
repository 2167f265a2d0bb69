// libjpeg-turbo's TurboJPEG API (Debian's libturbojpeg0-dev), for MJPEG webcam frames.
#include <turbojpeg.h>
