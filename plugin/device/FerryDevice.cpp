//===- FerryDevice.cpp - Ferry's device library for outlined regions ------===//
///
/// \file
/// The device side of the region-kernel ABI (<ferry/runtime.h>): the loop
/// that spreads a region's iterations over the grid, and the block-level
/// combination of reduction partials. Compiled at build time to NVVM
/// bitcode (ferry-device.bc) with clang for nvptx64; the plugin's outliner
/// links what a module needs and calls these functions from each region's
/// kernel with the region's own chunk, init and combine functions, which
/// become direct calls (and are inlined) once the constants propagate.
///
/// Translation to AMDGPU treats this code like any other NVVM input: the
/// shuffles become ds_bpermute (wave32, or EMU32 on wave64).
///
//===----------------------------------------------------------------------===//

typedef __INT64_TYPE__ int64_t;
typedef __UINT32_TYPE__ uint32_t;
typedef __UINT64_TYPE__ uint64_t;
typedef __SIZE_TYPE__ size_t;

/// Partial storage moves as 32-bit words whatever its types are: accesses
/// through this type may alias them (type-based alias analysis would
/// otherwise let a float or double combine read words before they land).
typedef uint32_t __attribute__((__may_alias__)) word_t;

typedef void (*chunk_fn)(const void *Closure, int64_t Begin, int64_t End, void *Partial);
typedef void (*init_fn)(void *Partial);
typedef void (*combine_fn)(void *Dst, const void *Src);

#define SHARED __attribute__((address_space(3)))

namespace {

inline int64_t globalId() {
  return (int64_t)__nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() +
         __nvvm_read_ptx_sreg_tid_x();
}

inline int64_t gridSize() {
  return (int64_t)__nvvm_read_ptx_sreg_nctaid_x() * __nvvm_read_ptx_sreg_ntid_x();
}

/// Lane 0 of each full warp ends with the combination of its warp's values.
/// Partial storage moves as 32-bit words, so any trivially copyable storage
/// works; \p Words is its size rounded up to words.
inline void warpCombine(word_t *Mine, word_t *Other, uint32_t Words, combine_fn Combine) {
  for (int Offset = 16; Offset > 0; Offset /= 2) {
    for (uint32_t W = 0; W < Words; ++W)
      Other[W] = __nvvm_shfl_sync_down_i32(0xffffffffu, Mine[W], Offset, 31);
    Combine(Mine, Other);
  }
}

/// Iterations [0, Trip) over the whole grid, one call of \p Chunk each
/// (grid-stride). A grid of one work-item (a region whose iterations run in
/// order: `serial`, `seq`, a loop found dependent, one gang of one lane)
/// runs them in one call: a chunk's body is the gang's firstprivate copy,
/// initialized once and carried from iteration to iteration (OpenACC 3.3
/// 2.5.14), as on the host.
inline void runChunks(const void *Closure, int64_t Trip, chunk_fn Chunk, void *Partial) {
  const int64_t Stride = gridSize();
  if (Stride == 1) {
    if (Trip > 0)
      Chunk(Closure, 0, Trip, Partial);
    return;
  }
  for (int64_t K = globalId(); K < Trip; K += Stride)
    Chunk(Closure, K, K + 1, Partial);
}

} // namespace

/// Iterations [0, Trip) over the whole grid (runChunks).
extern "C" void __ferry_run_loop(const void *Closure, int64_t Trip, chunk_fn Chunk) {
  runChunks(Closure, Trip, Chunk, nullptr);
}

/// The same loop with reductions: each work-item accumulates into \p Mine
/// (initialized by \p Init), the block combines its work-items' values, and
/// thread 0 stores the block's result at Partials + blockIdx * Stride.
/// \p Mine and \p Other are per-work-item buffers of \p Words words;
/// \p Scratch holds 32 of them. The block size is a multiple of 32 (the
/// runtime rounds vector_length up) or 1 (a `seq` region).
extern "C" void __ferry_run_reduction(const void *Closure, int64_t Trip, void *Partials,
                                      chunk_fn Chunk, init_fn Init, combine_fn Combine,
                                      word_t *Mine, word_t *Other, SHARED word_t *Scratch,
                                      uint32_t Words, uint32_t Size, uint32_t Stride) {
  Init(Mine);
  runChunks(Closure, Trip, Chunk, Mine);

  unsigned char *Out = (unsigned char *)Partials + (size_t)__nvvm_read_ptx_sreg_ctaid_x() * Stride;
  const unsigned char *In = (const unsigned char *)Mine;
  if (__nvvm_read_ptx_sreg_ntid_x() == 1) { // a `seq` region: nothing to combine
    for (uint32_t B = 0; B < Size; ++B)
      Out[B] = In[B];
    return;
  }
  const uint32_t Tid = __nvvm_read_ptx_sreg_tid_x();
  const uint32_t Lane = Tid % 32, Warp = Tid / 32;
  const uint32_t Warps = (__nvvm_read_ptx_sreg_ntid_x() + 31) / 32;
  warpCombine(Mine, Other, Words, Combine);
  if (Lane == 0)
    for (uint32_t W = 0; W < Words; ++W)
      Scratch[Warp * Words + W] = Mine[W];
  __syncthreads();
  if (Warp != 0)
    return;
  if (Lane < Warps)
    for (uint32_t W = 0; W < Words; ++W)
      Mine[W] = Scratch[Lane * Words + W];
  else
    Init(Mine);
  warpCombine(Mine, Other, Words, Combine);
  if (Lane != 0)
    return;
  for (uint32_t B = 0; B < Size; ++B)
    Out[B] = In[B];
}

//===-- Regions with loops nested in their iterations ---------------------===//
//
// A region whose iterations hold `loop` constructs of their own
// (FERRY_REGION_NESTED) runs each iteration on a gang: the threadIdx.x
// work-items of one threadIdx.y row of a block (one warp by default, eight
// gangs to a block; the whole block when vector_length is above 32). Every
// work-item of the gang runs the iteration's code (the outliner makes its
// stores happen once, on lane 0, see GangLevel.cpp), and the nested loops
// spread their iterations over the gang's work-items through the ferry_dev_*
// functions below, which <ferry/acc/acc.h> calls. Every level (worker,
// vector) is the whole gang for now.

namespace {

inline uint32_t gangLane() { return __nvvm_read_ptx_sreg_tid_x(); }
inline uint32_t gangWidth() { return __nvvm_read_ptx_sreg_ntid_x(); }
/// A gang of one warp synchronizes as a warp; a wider one is the block.
inline bool warpGang() { return __nvvm_read_ptx_sreg_ntid_x() <= 32; }
inline int64_t firstGang() {
  return (int64_t)__nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_y() +
         __nvvm_read_ptx_sreg_tid_y();
}
inline int64_t gangCount() {
  return (int64_t)__nvvm_read_ptx_sreg_nctaid_x() * __nvvm_read_ptx_sreg_ntid_y();
}

/// The largest reduction storage of a nested loop (FERRY_DEV_REDUCE_MAX).
constexpr uint32_t ReduceWords = 128 / 4;

/// Per-warp results of a block-wide combination, and the result itself.
__attribute__((loader_uninitialized)) SHARED word_t ReduceScratch[32 * ReduceWords];
__attribute__((loader_uninitialized)) SHARED word_t ReduceResult[ReduceWords];
/// What lane 0 of a block-wide gang broadcasts.
__attribute__((loader_uninitialized)) SHARED uint64_t BroadcastSlot;

inline void gangSync() {
  if (warpGang())
    __nvvm_bar_warp_sync(0xffffffffu);
  else
    __syncthreads();
}

} // namespace

/// Iterations [0, Trip) one per gang (gang-stride); every work-item of the
/// gang calls \p Chunk for each, and the gang waits after each: the next
/// may reuse the iteration's arrays that the outliner moved to group memory.
extern "C" void __ferry_run_gang_loop(const void *Closure, int64_t Trip, chunk_fn Chunk) {
  for (int64_t K = firstGang(); K < Trip; K += gangCount()) {
    Chunk(Closure, K, K + 1, nullptr);
    gangSync();
  }
}

/// The same with the region's reductions: lane 0's storage is the gang's
/// (the other lanes ran the same iterations redundantly, their stores to
/// it suppressed), stored at Partials + gang * Stride.
extern "C" void __ferry_run_gang_reduction(const void *Closure, int64_t Trip, void *Partials,
                                           chunk_fn Chunk, init_fn Init, word_t *Mine,
                                           uint32_t Size, uint32_t Stride) {
  Init(Mine);
  for (int64_t K = firstGang(); K < Trip; K += gangCount()) {
    Chunk(Closure, K, K + 1, Mine);
    gangSync();
  }
  if (gangLane() != 0)
    return;
  unsigned char *Out = (unsigned char *)Partials + (size_t)firstGang() * Stride;
  const unsigned char *In = (const unsigned char *)Mine;
  for (uint32_t B = 0; B < Size; ++B)
    Out[B] = In[B];
}

extern "C" int64_t ferry_dev_lane(int) { return gangLane(); }

extern "C" int64_t ferry_dev_width(int) { return gangWidth(); }

extern "C" void ferry_dev_sync(int) { gangSync(); }

/// Whether this work-item runs the code of \p Level's single mode (lane 0).
extern "C" int ferry_dev_leader(int) { return gangLane() == 0; }

/// Which of its block's gangs this work-item belongs to: the index of the
/// gang's copy of an array the outliner moved to group memory.
extern "C" uint32_t ferry_dev_gang_slot(void) { return __nvvm_read_ptx_sreg_tid_y(); }

/// Where a work-item's private copies of array sections are
/// (ferry_private_block): its gang's index in the grid, and its own.
extern "C" int64_t ferry_dev_gang_id(void) { return firstGang(); }

extern "C" int64_t ferry_dev_thread_id(void) {
  return firstGang() * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x();
}

/// A worker's copies: the work-item's own (every work-item runs worker
/// iterations of its own outside a gang of workers).
extern "C" int64_t ferry_dev_worker_id(void) { return ferry_dev_thread_id(); }

namespace {

/// Lane 0's \p Value, for every lane of the warp.
inline uint64_t warpBroadcast(uint64_t Value) {
  const uint32_t Lo = __nvvm_shfl_sync_idx_i32(0xffffffffu, (uint32_t)Value, 0, 31);
  const uint32_t Hi = __nvvm_shfl_sync_idx_i32(0xffffffffu, (uint32_t)(Value >> 32), 0, 31);
  return (uint64_t)Hi << 32 | Lo;
}

/// The \p Leader's \p Value, for every work-item of the block.
inline uint64_t blockBroadcast(bool Leader, uint64_t Value) {
  if (Leader)
    BroadcastSlot = Value;
  __syncthreads();
  const uint64_t Result = BroadcastSlot;
  __syncthreads();
  return Result;
}

} // namespace

/// Lane 0's \p Value, for every lane of the gang.
extern "C" uint64_t ferry_dev_broadcast(int, uint64_t Value) {
  return warpGang() ? warpBroadcast(Value) : blockBroadcast(gangLane() == 0, Value);
}

namespace {

/// Combines one value per warp (lane 0's, in \p Mine) over the \p Warps
/// warps of the block, \p Tid being this work-item's index in it; every
/// work-item ends with the result in \p Acc.
void combineWarps(word_t *Mine, word_t *Other, uint32_t Words, uint32_t Size, void *Acc,
                  combine_fn Combine, uint32_t Tid, uint32_t Warps) {
  const uint32_t Lane = Tid % 32, Warp = Tid / 32;
  if (Lane == 0)
    for (uint32_t W = 0; W < Words; ++W)
      ReduceScratch[Warp * Words + W] = Mine[W];
  __syncthreads();
  if (Warp == 0) {
    // Lane L holds warp L's result; lanes past the last warp hold a copy
    // of warp 0's and never contribute (the tree combines lane L + Offset
    // into lane L only when that lane holds a warp's result).
    for (uint32_t W = 0; W < Words; ++W)
      Mine[W] = ReduceScratch[(Lane < Warps ? Lane : 0) * Words + W];
    for (int Offset = 16; Offset > 0; Offset /= 2) {
      for (uint32_t W = 0; W < Words; ++W)
        Other[W] = __nvvm_shfl_sync_down_i32(0xffffffffu, Mine[W], Offset, 31);
      if (Lane + Offset < Warps)
        Combine(Mine, Other);
    }
    if (Lane == 0)
      for (uint32_t W = 0; W < Words; ++W)
        ReduceResult[W] = Mine[W];
  }
  __syncthreads();
  for (uint32_t B = 0; B < Size; ++B)
    ((unsigned char *)Acc)[B] = ((const unsigned char *)ReduceResult)[B];
  __syncthreads();
}

} // namespace

extern "C" void ferry_dev_reduce(int, void *Acc, uint32_t Size, combine_fn Combine) {
  const uint32_t Words = (Size + 3) / 4;
  word_t Mine[ReduceWords], Other[ReduceWords];
  unsigned char *Bytes = (unsigned char *)Acc;
  for (uint32_t B = 0; B < Size; ++B)
    ((unsigned char *)Mine)[B] = Bytes[B];
  const uint32_t Tid = gangLane();
  warpCombine(Mine, Other, Words, Combine);
  if (warpGang()) {
    // Lane 0 holds the gang's result: every lane takes it.
    for (uint32_t W = 0; W < Words; ++W)
      Mine[W] = __nvvm_shfl_sync_idx_i32(0xffffffffu, Mine[W], 0, 31);
    for (uint32_t B = 0; B < Size; ++B)
      Bytes[B] = ((const unsigned char *)Mine)[B];
    return;
  }
  combineWarps(Mine, Other, Words, Size, Acc, Combine, Tid, (gangWidth() + 31) / 32);
}

extern "C" void ferry_dev_loop_failed(void) { __builtin_trap(); }
extern "C" void ferry_dev_section_too_long(void) { __builtin_trap(); }

/// (a + ib)(c + id) with C99 Annex G's infinities (compiler-rt's __muldc3),
/// for the complex libcalls of region code (plugin/ComplexLibcalls.cpp).
extern "C" void __ferry_complex_mul(double A, double B, double C, double D, double *Re,
                                    double *Im) {
  const double AC = A * C, BD = B * D, AD = A * D, BC = B * C;
  double X = AC - BD, Y = AD + BC;
  if (__builtin_isnan(X) && __builtin_isnan(Y)) {
    bool Recalc = false;
    auto Box = [](double V) { return __builtin_copysign(__builtin_isinf(V) ? 1.0 : 0.0, V); };
    auto Zero = [](double &V) {
      if (__builtin_isnan(V))
        V = __builtin_copysign(0.0, V);
    };
    if (__builtin_isinf(A) || __builtin_isinf(B)) {
      A = Box(A), B = Box(B), Zero(C), Zero(D), Recalc = true;
    }
    if (__builtin_isinf(C) || __builtin_isinf(D)) {
      C = Box(C), D = Box(D), Zero(A), Zero(B), Recalc = true;
    }
    if (!Recalc && (__builtin_isinf(AC) || __builtin_isinf(BD) || __builtin_isinf(AD) ||
                    __builtin_isinf(BC))) {
      Zero(A), Zero(B), Zero(C), Zero(D), Recalc = true;
    }
    if (Recalc) {
      X = __builtin_inf() * (A * C - B * D);
      Y = __builtin_inf() * (A * D + B * C);
    }
  }
  *Re = X;
  *Im = Y;
}

/// (a + ib) / (c + id) by Smith's method, which avoids overflow in the
/// denominator; a zero divisor gives infinities, as Annex G does.
extern "C" void __ferry_complex_div(double A, double B, double C, double D, double *Re,
                                    double *Im) {
  if (C == 0.0 && D == 0.0 && !__builtin_isnan(A) && !__builtin_isnan(B)) {
    *Re = __builtin_copysign(__builtin_inf(), C) * A;
    *Im = __builtin_copysign(__builtin_inf(), C) * B;
    return;
  }
  if (__builtin_fabs(C) >= __builtin_fabs(D)) {
    const double R = D / C, Den = C + D * R;
    *Re = (A + B * R) / Den;
    *Im = (B - A * R) / Den;
  } else {
    const double R = C / D, Den = C * R + D;
    *Re = (A * R + B) / Den;
    *Im = (B * R - A) / Den;
  }
}

//===-- Gangs of workers (FERRY_REGION_WORKERS) ---------------------------===//
//
// A region whose worker loops hold vector loops runs each iteration on a
// gang that is a whole block of 32 x num_workers work-items: worker w is the
// warp threadIdx.y == w, its vector lanes threadIdx.x. The outliner makes
// the region's ferry_dev_* calls these ferry_devw_* ones (GangLevel.cpp):
// level 3 (gang code) is the block, level FERRY_LEVEL_WORKER the workers,
// FERRY_LEVEL_VECTOR the lanes of one worker, which synchronize as a warp.

namespace {

enum { WorkerBit = 1, VectorBit = 2 };

inline uint32_t blockLane() {
  return __nvvm_read_ptx_sreg_tid_y() * __nvvm_read_ptx_sreg_ntid_x() +
         __nvvm_read_ptx_sreg_tid_x();
}
inline uint32_t blockSize() {
  return __nvvm_read_ptx_sreg_ntid_x() * __nvvm_read_ptx_sreg_ntid_y();
}

} // namespace

/// Iterations [0, Trip) one per block (gang-stride).
extern "C" void __ferry_run_worker_gang_loop(const void *Closure, int64_t Trip, chunk_fn Chunk) {
  for (int64_t K = __nvvm_read_ptx_sreg_ctaid_x(); K < Trip; K += __nvvm_read_ptx_sreg_nctaid_x()) {
    Chunk(Closure, K, K + 1, nullptr);
    __syncthreads();
  }
}

/// The same with the region's reductions: work-item 0's storage is the
/// gang's, stored at Partials + block * Stride.
extern "C" void __ferry_run_worker_gang_reduction(const void *Closure, int64_t Trip,
                                                  void *Partials, chunk_fn Chunk, init_fn Init,
                                                  word_t *Mine, uint32_t Size, uint32_t Stride) {
  Init(Mine);
  for (int64_t K = __nvvm_read_ptx_sreg_ctaid_x(); K < Trip; K += __nvvm_read_ptx_sreg_nctaid_x()) {
    Chunk(Closure, K, K + 1, Mine);
    __syncthreads();
  }
  if (blockLane() != 0)
    return;
  unsigned char *Out =
      (unsigned char *)Partials + (size_t)__nvvm_read_ptx_sreg_ctaid_x() * Stride;
  const unsigned char *In = (const unsigned char *)Mine;
  for (uint32_t B = 0; B < Size; ++B)
    Out[B] = In[B];
}

extern "C" int64_t ferry_devw_lane(int Level) {
  return Level == VectorBit   ? __nvvm_read_ptx_sreg_tid_x()
         : Level == WorkerBit ? __nvvm_read_ptx_sreg_tid_y()
                              : blockLane();
}

extern "C" int64_t ferry_devw_width(int Level) {
  return Level == VectorBit   ? __nvvm_read_ptx_sreg_ntid_x()
         : Level == WorkerBit ? __nvvm_read_ptx_sreg_ntid_y()
                              : blockSize();
}

extern "C" void ferry_devw_sync(int Level) {
  if (Level == VectorBit)
    __nvvm_bar_warp_sync(0xffffffffu);
  else
    __syncthreads();
}

/// Lane 0 of the worker (vector level), work-item 0 of the block (else).
extern "C" int ferry_devw_leader(int Level) {
  return Level == VectorBit ? __nvvm_read_ptx_sreg_tid_x() == 0 : blockLane() == 0;
}

/// The block holds one gang: its arrays have one copy.
extern "C" uint32_t ferry_devw_gang_slot(void) { return 0; }

/// A worker's copy of an array of its iteration.
extern "C" uint32_t ferry_devw_worker_slot(void) { return __nvvm_read_ptx_sreg_tid_y(); }

/// Private copies of array sections: the block is the gang; a worker's
/// copies are those of its first work-item (vector lane 0), which its lanes
/// share as they run its worker-single code.
extern "C" int64_t ferry_devw_gang_id(void) { return __nvvm_read_ptx_sreg_ctaid_x(); }

extern "C" int64_t ferry_devw_thread_id(void) {
  return (int64_t)__nvvm_read_ptx_sreg_ctaid_x() * blockSize() + blockLane();
}

extern "C" int64_t ferry_devw_worker_id(void) {
  return (int64_t)__nvvm_read_ptx_sreg_ctaid_x() * blockSize() +
         __nvvm_read_ptx_sreg_tid_y() * __nvvm_read_ptx_sreg_ntid_x();
}

extern "C" uint64_t ferry_devw_broadcast(int Level, uint64_t Value) {
  return Level == VectorBit ? warpBroadcast(Value) : blockBroadcast(blockLane() == 0, Value);
}

/// Vector level: over the worker's warp. Worker level: over the workers,
/// one value each (lane 0's: worker code keeps its stores on lane 0). The
/// whole gang: over every work-item.
extern "C" void ferry_devw_reduce(int Level, void *Acc, uint32_t Size, combine_fn Combine) {
  const uint32_t Words = (Size + 3) / 4;
  word_t Mine[ReduceWords], Other[ReduceWords];
  unsigned char *Bytes = (unsigned char *)Acc;
  for (uint32_t B = 0; B < Size; ++B)
    ((unsigned char *)Mine)[B] = Bytes[B];
  if (Level == VectorBit) {
    warpCombine(Mine, Other, Words, Combine);
    for (uint32_t W = 0; W < Words; ++W)
      Mine[W] = __nvvm_shfl_sync_idx_i32(0xffffffffu, Mine[W], 0, 31);
    for (uint32_t B = 0; B < Size; ++B)
      Bytes[B] = ((const unsigned char *)Mine)[B];
    return;
  }
  if (Level != WorkerBit)
    warpCombine(Mine, Other, Words, Combine);
  combineWarps(Mine, Other, Words, Size, Acc, Combine, blockLane(), (blockSize() + 31) / 32);
}


namespace {

/// Integer types: bitwise operators apply.
template <class T> constexpr bool IsInteger = T(1) / T(2) == T(0);

/// `*Dst = *Dst op *Src` for one scalar type and one of C's reduction
/// operators (the FERRY_REDUCE_* enumerators of <ferry/runtime.h>, by value).
template <class T, int Op> void combineScalar(void *Dst, const void *Src) {
  T &A = *(T *)Dst;
  const T B = *(const T *)Src;
  if constexpr (Op == 0)
    A = A + B;
  else if constexpr (Op == 1)
    A = A * B;
  else if constexpr (Op == 2)
    A = B > A ? B : A;
  else if constexpr (Op == 3)
    A = B < A ? B : A;
  else if constexpr (Op == 7)
    A = A && B;
  else if constexpr (Op == 8)
    A = A || B;
  else if constexpr (IsInteger<T> && Op == 4)
    A = A & B;
  else if constexpr (IsInteger<T> && Op == 5)
    A = A | B;
  else if constexpr (IsInteger<T> && Op == 6)
    A = A ^ B;
}

template <class T> combine_fn scalarCombine(int Op) {
  switch (Op) {
  case 0:
    return combineScalar<T, 0>;
  case 1:
    return combineScalar<T, 1>;
  case 2:
    return combineScalar<T, 2>;
  case 3:
    return combineScalar<T, 3>;
  case 4:
    return combineScalar<T, 4>;
  case 5:
    return combineScalar<T, 5>;
  case 6:
    return combineScalar<T, 6>;
  case 7:
    return combineScalar<T, 7>;
  default:
    return combineScalar<T, 8>;
  }
}

/// Keeps the lower lane's value: lane 0's ends in every lane.
void keepFirst(void *, const void *) {}

/// The combination of a scalar of \p Size bytes and \p Kind (0 unsigned,
/// 1 signed, 2 floating point; 3 any type: lane 0's value) with operator
/// \p Op.
__attribute__((always_inline)) inline combine_fn scalarCombine(uint32_t Size, int Op, int Kind) {
  if (Kind == 3)
    return keepFirst;
  if (Kind == 2)
    return Size == 4 ? scalarCombine<float>(Op) : scalarCombine<double>(Op);
  if (Kind == 1)
    return Size == 1   ? scalarCombine<signed char>(Op)
           : Size == 2 ? scalarCombine<short>(Op)
           : Size == 4 ? scalarCombine<int>(Op)
                       : scalarCombine<long long>(Op);
  return Size == 1   ? scalarCombine<unsigned char>(Op)
         : Size == 2 ? scalarCombine<unsigned short>(Op)
         : Size == 4 ? scalarCombine<unsigned>(Op)
                     : scalarCombine<unsigned long long>(Op);
}

} // namespace

/// A C loop's scalar reduction over the lanes of \p Level (the plugin's C
/// form of a loop spread over a gang: CRegion.h). Inlined where it is
/// called, so that the operator and type fold into a direct combination.
extern "C" __attribute__((always_inline)) void
ferry_dev_reduce_scalar(int Level, void *Acc, uint32_t Size, int Op, int Kind) {
  ferry_dev_reduce(Level, Acc, Size, scalarCombine(Size, Op, Kind));
}
extern "C" __attribute__((always_inline)) void
ferry_devw_reduce_scalar(int Level, void *Acc, uint32_t Size, int Op, int Kind) {
  ferry_devw_reduce(Level, Acc, Size, scalarCombine(Size, Op, Kind));
}

extern "C" void ferry_devw_loop_failed(void) { __builtin_trap(); }
extern "C" void ferry_devw_section_too_long(void) { __builtin_trap(); }

/// acc_on_device in a compute region compiled for a GPU (a region's host
/// version calls the runtime's): true for "not host" and for the vendor of
/// the GPU it runs on; false for the host and for acc_device_default, whose
/// meaning the OpenACC specification leaves to the implementation. The
/// vendor is a constant once the device code is compiled for a target:
/// Ferry's reflect pass replaces __ferry_target_is_amdgpu() (1 on AMDGPU, 0
/// in PTX; not __nvvm_reflect, which clang folds when it builds this
/// library). The values are openacc.h's.
extern "C" int __ferry_target_is_amdgpu(void);

extern "C" int acc_on_device(int Type) {
  enum { NotHost = 3, Nvidia = 4, Radeon = 5 };
  const bool AMD = __ferry_target_is_amdgpu();
  return Type == NotHost || (Type == Nvidia && !AMD) || (Type == Radeon && AMD);
}
