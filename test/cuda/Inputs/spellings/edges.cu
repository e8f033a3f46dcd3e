// Input of test/cuda/nvcc-spellings-edges.test.
#include <cstdlib>
#define UNROLL_LOOPS #pragma unroll // a comment after it
#define UNROLL_TWO #pragma unroll 2 \
  /* the macro goes on */
#define NOT_A_PRAGMA "#pragma unroll"

__device__ unsigned f(unsigned a) {
  unsigned r = 0;
  asm("mov.u32 %0, %clock;" : "=r"(r));
  asm("add.u32 %0, %1, %c2; // %tid.x" : "=r"(r) : "r"(a), "n"(3));
  asm("mov.u32 %[out], %%smid;" : [out] "=r"(r));
  asm volatile("membar.gl; // %laneid");
  __asm__ __volatile__("mov.u32 %0, %envreg3;" ::: "memory");
  UNROLL_LOOPS
  for (int i = 0; i < 4; ++i)
    r += i;
  UNROLL_TWO
  for (int i = 0; i < 4; ++i)
    r += i;
  return r;
}

namespace n {
using std::malloc;
}
using ::std::free;
