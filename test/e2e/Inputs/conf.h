// Shared by the conf-*.cpp programs, written the way external OpenACC
// conformance suites write their tests: the size and tolerance as macros
// named n and PRECISION (so the header Ferry force-includes must survive
// them), real_t, rand() data, and a main() that runs test functions
// returning error counts and exits 1 when any failed. Host code only.
#ifndef FERRY_E2E_CONF_H
#define FERRY_E2E_CONF_H

#include <math.h>
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define n 10000
#define PRECISION 1e-12
typedef double real_t;

/// A test function fails by returning a nonzero error count.
static int conf_run(const char *Name, int (*Test)(void)) {
  int Errors = Test();
  if (Errors)
    fprintf(stderr, "%s: %d errors\n", Name, Errors);
  return Errors != 0;
}
#define CONF_RUN(t) conf_run(#t, t)

/// Nonzero when the current device shares the host's memory (the host
/// backend): acc_is_present is then always true and nothing is copied.
static inline int conf_shared(void) { return acc_get_device_type() == acc_device_host; }

/// A random double in [0, 1).
static inline real_t conf_rand(void) { return rand() / (real_t)(RAND_MAX / 10) / 10; }

#endif
