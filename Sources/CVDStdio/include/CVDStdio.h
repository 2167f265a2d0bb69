#ifndef CVD_STDIO_H
#define CVD_STDIO_H

/// Flushes C's stdout (where Swift's print writes) and says whether everything printed so far
/// reached it: 0 yes, else the errno of the failure (a full disk, a closed pipe). Swift 6
/// cannot name the `stdout` global safely, so this one line of C does.
int cvd_stdout_flush(void);

#endif
