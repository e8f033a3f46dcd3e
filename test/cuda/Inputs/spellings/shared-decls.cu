#include <cuda/barrier>
using barrier = cuda::barrier<cuda::thread_scope_block>;
__shared__ barrier at_namespace_scope;
#define DECLARE_BARRIER(n) __shared__ barrier n;
__global__ void k(float *o) {
  __shared__ alignas(16) float aligned[4];
  __shared__ barrier plain;
  static __shared__ cuda::barrier<cuda::thread_scope_block> kept_static;
  __shared__ alignas(64) barrier both;
  __shared__ barrier *pointer;
  __shared__ barrier first, second;
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state[3];
  __shared__ /* a comment */ barrier commented;
  DECLARE_BARRIER(from_macro)
  const int after = __LINE__;
  o[0] = aligned[0] + after;
}
