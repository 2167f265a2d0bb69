// CPUID and XGETBV, which Swift cannot issue itself. Feature bits: Intel SDM vol. 2A,
// "CPUID"; the levels' feature lists: the x86-64 psABI, "Micro-architecture levels".
#include "CVDCPUID.h"

#if defined(__x86_64__)
#include <cpuid.h>

static int has(unsigned reg, int bit) { return (reg >> bit) & 1u; }

int cvd_cpu_level(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 1;
    unsigned c1 = c;
    // x86-64-v2: SSE3, SSSE3, SSE4.1, SSE4.2, POPCNT, CMPXCHG16B (LAHF checked below).
    int v2 = has(c1, 0) && has(c1, 9) && has(c1, 19) && has(c1, 20) && has(c1, 23) && has(c1, 13);
    // v3 from leaf 1: FMA, MOVBE, XSAVE, F16C, AVX, and OSXSAVE (XGETBV usable).
    int v3 = has(c1, 12) && has(c1, 22) && has(c1, 26) && has(c1, 29) && has(c1, 28) && has(c1, 27);
    if (!v2 || !v3) return 1;

    unsigned maxExt = __get_cpuid_max(0x80000000u, 0);
    if (maxExt < 0x80000001u) return 1;
    __get_cpuid(0x80000001u, &a, &b, &c, &d);
    if (!has(c, 0) || !has(c, 5)) return 1;  // LAHF/SAHF in 64-bit mode, LZCNT

    if (__get_cpuid_max(0, 0) < 7) return 1;
    __cpuid_count(7, 0, a, b, c, d);
    unsigned b7 = b;
    if (!has(b7, 3) || !has(b7, 5) || !has(b7, 8)) return 1;  // BMI1, AVX2, BMI2

    // XCR0: which register state the OS saves. Bits 1, 2: SSE and AVX (YMM); 5, 6, 7:
    // AVX-512 opmask, upper ZMM0–15, ZMM16–31. Without them the instructions fault.
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 0x6u) != 0x6u) return 1;

    // v4: AVX512F, AVX512DQ, AVX512CD, AVX512BW, AVX512VL, and the OS saving their state.
    int v4 = has(b7, 16) && has(b7, 17) && has(b7, 28) && has(b7, 30) && has(b7, 31);
    if (v4 && (lo & 0xE6u) == 0xE6u) return 4;
    return 3;
}
#else
int cvd_cpu_level(void) { return 1; }
#endif
