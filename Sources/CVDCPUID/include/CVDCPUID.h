#ifndef CVDCPUID_H
#define CVDCPUID_H

/// The highest x86-64 micro-architecture level this CPU runs *and* the operating system
/// has enabled (AVX and AVX-512 need the OS to save their registers, which XGETBV says):
/// 1 = baseline x86-64 (SSE2), 3 = x86-64-v3 (AVX2, FMA, BMI1/2, …; v2 implied),
/// 4 = x86-64-v4 (AVX-512 F/BW/CD/DQ/VL). Always 1 on other architectures.
int cvd_cpu_level(void);

#endif
