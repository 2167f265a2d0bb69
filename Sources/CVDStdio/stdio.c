#include "CVDStdio.h"

#include <errno.h>
#include <stdio.h>

int cvd_stdout_flush(void) {
    errno = 0;
    int failed = fflush(stdout) != 0;
    if (failed || ferror(stdout)) {
        return errno != 0 ? errno : EIO;
    }
    return 0;
}
