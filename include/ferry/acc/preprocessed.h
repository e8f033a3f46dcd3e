/* What a Ferry compile puts before a translation unit, for `-E`, where the
   plugin rewrites the directives but adds no header: the ferry-clang and
   ferry-clang++ drivers include it there, so that the preprocessed output
   (`.i`, `.ii`) holds `_OPENACC`'s code and Ferry's declarations, and
   compiles as it is. */
#ifndef FERRY_ACC_PREPROCESSED_H
#define FERRY_ACC_PREPROCESSED_H
#define _OPENACC 201811
#if defined(__cplusplus) && __cplusplus >= 201703L
#include <ferry/acc/acc.h>
#elif !defined(__cplusplus)
#include <ferry/acc/acc_c.h>
#endif
#endif
