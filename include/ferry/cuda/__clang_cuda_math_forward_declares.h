/*===- ferry/cuda/__clang_cuda_math_forward_declares.h - Copyable indices -===*
 *
 * clang 19's CUDA wrapper includes this header (with angle brackets, so
 * ferry-nvcc's directory of CUDA headers comes first) before its built-in
 * variables. Ferry's header includes clang's, then declares the types of
 * threadIdx, blockIdx, blockDim and gridDim itself, as clang's do (each
 * field x, y, z reads its special register; the wrapper defines the
 * conversions to uint3 and dim3 once those types exist), with one
 * difference: a copy is allowed. nvcc declares these variables as uint3 and
 * dim3, so `const auto t = threadIdx;` copies one, and programs do that;
 * clang's types delete the copy constructor. A copy reads the same
 * registers, whose values do not change during a thread's life; it cannot
 * be assigned to (`t.x = 0` is an error: "no setter defined").
 *
 *===----------------------------------------------------------------------===*/
#include_next <__clang_cuda_math_forward_declares.h>

#if defined(__CUDA__) && defined(__cplusplus) && !defined(__CUDA_BUILTIN_VARS_H)
/* clang's header is skipped: its types would delete the copy constructor. */
#define __CUDA_BUILTIN_VARS_H
#define FERRY_CUDA_BUILTIN_VARS

struct dim3;
struct uint3;

#define FERRY_INDEX_FIELD(Field, Register)                                     \
  __declspec(property(get = __fetch_builtin_##Field)) unsigned int Field;      \
  static inline __attribute__((always_inline, device)) unsigned int            \
      __fetch_builtin_##Field(void) {                                          \
    return Register;                                                           \
  }

#define FERRY_INDEX_TYPE(Name, Register)                                       \
  struct Name {                                                                \
    FERRY_INDEX_FIELD(x, __nvvm_read_ptx_sreg_##Register##_x())                \
    FERRY_INDEX_FIELD(y, __nvvm_read_ptx_sreg_##Register##_y())                \
    FERRY_INDEX_FIELD(z, __nvvm_read_ptx_sreg_##Register##_z())                \
    __attribute__((device)) operator dim3() const;                             \
    __attribute__((device)) operator uint3() const;                            \
    Name(const Name &) = default;                                              \
                                                                               \
  private:                                                                     \
    /* Only the built-in variable and its copies exist; no address. */         \
    __attribute__((device)) Name() = delete;                                   \
    __attribute__((device)) void operator=(const Name &) const = delete;       \
    __attribute__((device)) Name *operator&() const = delete;                  \
  };                                                                           \
  extern const __attribute__((device, weak)) Name

FERRY_INDEX_TYPE(__cuda_builtin_threadIdx_t, tid) threadIdx;
FERRY_INDEX_TYPE(__cuda_builtin_blockIdx_t, ctaid) blockIdx;
FERRY_INDEX_TYPE(__cuda_builtin_blockDim_t, ntid) blockDim;
FERRY_INDEX_TYPE(__cuda_builtin_gridDim_t, nctaid) gridDim;

/* All targets have 32 lanes per warp (PTX's WARP_SZ). */
__attribute__((device)) const int warpSize = 32;

#undef FERRY_INDEX_TYPE
#undef FERRY_INDEX_FIELD
#endif
