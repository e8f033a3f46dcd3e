/* Shared by the end-to-end programs in C: CHECK counts failures and says
 * which; main returns report(), 0 when all held. Host code only. */
#ifndef FERRY_E2E_CHECK_C_H
#define FERRY_E2E_CHECK_C_H

#include <math.h>
#include <stdio.h>

static int failures = 0;

#define CHECK(cond)                                                                     \
  do {                                                                                  \
    if (!(cond)) {                                                                      \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);          \
      ++failures;                                                                       \
    }                                                                                   \
  } while (0)

/* |a - b| within a relative tolerance. */
static __inline__ int near(double a, double b, double tol) {
  return fabs(a - b) <= tol * (1 + fabs(b));
}

static __inline__ int report(void) { return failures ? 1 : 0; }

#endif
