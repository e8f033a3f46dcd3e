// Shared by the end-to-end programs: CHECK counts failures and says which;
// main returns report(), 0 when all held. Host code only.
#ifndef FERRY_E2E_CHECK_H
#define FERRY_E2E_CHECK_H

#include <cmath>
#include <cstdio>

static int failures = 0;

#define CHECK(cond)                                                                     \
  do {                                                                                  \
    if (!(cond)) {                                                                      \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);     \
      ++failures;                                                                       \
    }                                                                                   \
  } while (0)

/// |a - b| within a relative tolerance.
inline bool near(double A, double B, double Tol = 1e-12) {
  return std::fabs(A - B) <= Tol * (1 + std::fabs(B));
}

inline int report() { return failures ? 1 : 0; }

#endif
