/* FERRY_NOTHROW: the declarations of <openacc.h> and <ferry/runtime.h>
 * carry it. Nothing there throws, so C++ callers need no unwind paths around
 * the calls; a region that lets an exception out stops the program
 * (docs/runtime.md). Empty in C, and where a definer wants it so (the
 * runtime builds with it empty). */
#ifndef FERRY_NOTHROW
#if defined(__cplusplus) && defined(__GNUC__)
#define FERRY_NOTHROW __attribute__((nothrow))
#else
#define FERRY_NOTHROW
#endif
#endif
