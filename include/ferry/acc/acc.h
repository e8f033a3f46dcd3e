//===- ferry/acc/acc.h - What the Ferry plugin rewrites directives into ---===//
///
/// \file
/// The Ferry clang plugin turns `#pragma acc parallel loop ...` followed by a
/// canonical `for` loop into a call of ferry::acc::parallel_loop with a lambda
/// for the loop body. This header (injected by the plugin) implements those
/// templates on top of the C ABI in <ferry/runtime.h>: Sema does the capture
/// analysis, the templates compute the trip count and reductions, and the
/// runtime picks the device and runs the chunks.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_ACC_ACC_H
#define FERRY_ACC_ACC_H

#include "../../openacc.h"
#include "../runtime.h"
#include "atomic.h"
#include "rows.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <limits>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace ferry {
namespace acc {

// The functions of this header are the glue between a construct and the
// runtime, each used by one construct or a few: always inlined where they
// are used, so that the optimizer never runs its whole function pipeline
// over each of them first (bench/README.md, "Compile time"). data_scope's
// constructor and destructor are the exception.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((always_inline)), apply_to = function)
#endif

/// The relational operator of a canonical loop's condition `i OP bound`.
enum class cmp { lt, le, gt, ge, ne };

/// The induction variable's type, without references and qualifiers.
template <class T>
using index_type_t = std::remove_cv_t<std::remove_reference_t<T>>;

/// Integers, and unscoped enumerations (C's `enum { N = 100 };`), whose
/// values are integers: loop bounds and steps, section bounds, num_gangs,
/// vector_length and async take either.
template <class T>
constexpr bool is_integer_like_v =
    std::is_integral<T>::value ||
    (std::is_enum<T>::value && std::is_convertible<T, long long>::value);

/// The integer an integer-like value stands for (an enumerator's promoted
/// value).
template <class T> constexpr auto as_integer(T V) {
  if constexpr (std::is_enum<T>::value)
    return +V;
  else
    return V;
}

/// A loop's bound as the integer the comparison \p C of an integer
/// variable with it makes: a floating-point bound (`i < size()` of a
/// `double size()`, a plain loop of `kernels`) is the smallest integer the
/// variable may not reach (`i < 9.5` runs as `i < 10`; `<=` and `>` round
/// down, `<` and `>=` up), clamped to 64 bits; an integer one is itself.
template <cmp C, class B> constexpr auto integer_bound(B Bound) {
  if constexpr (std::is_floating_point<B>::value) {
    static_assert(C != cmp::ne, "an OpenACC loop compared with '!=' needs an integer bound");
    const double Whole = (C == cmp::le || C == cmp::gt) ? __builtin_floor(double(Bound))
                                                        : __builtin_ceil(double(Bound));
    if (!(Whole > -9.2e18)) // (NaN too: no iteration for < and <=)
      return (long long)(-9.2e18);
    return Whole < 9.2e18 ? (long long)Whole : (long long)9.2e18;
  } else {
    return as_integer(Bound);
  }
}
template <class B>
constexpr bool is_bound_like_v = is_integer_like_v<B> || std::is_floating_point<B>::value;

/// Stops the program: `ferry: error: REGION: WHY` (nothing where \p Why is
/// null: the runtime has said why). One call, not a printf inlined at every
/// place a region can fail.
[[noreturn]] inline void region_failed(const ferry_region &R, const char *Why) {
  ferry_region_abort(&R, Why);
}

/// The least N >= 0 with N * Step == Dist modulo 2^Bits (Bits <= 64), or -1
/// when there is none or it does not fit int64. 64-bit arithmetic only: it
/// runs in device code too.
constexpr int64_t modular_steps(uint64_t Dist, uint64_t Step, unsigned Bits) {
  const uint64_t Mask = Bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << Bits) - 1;
  Dist &= Mask;
  Step &= Mask;
  if (Dist == 0)
    return 0;
  if (Step == 0)
    return -1;
  const unsigned Zeros = unsigned(__builtin_ctzll(Step));
  if (Dist & ((uint64_t(1) << Zeros) - 1))
    return -1;
  Dist >>= Zeros;
  Step >>= Zeros; // odd: invertible modulo 2^(Bits - Zeros)
  uint64_t Inverse = Step; // Newton's iteration doubles the correct low bits
  for (int R = 0; R < 5; ++R)
    Inverse *= 2 - Step * Inverse;
  const uint64_t N = (Dist * Inverse) & (Mask >> Zeros);
  return N > uint64_t(std::numeric_limits<int64_t>::max()) ? -1 : int64_t(N);
}

/// Whether `i += Step` wraps around for the loop variable's type: unsigned
/// integers of up to 64 bits (C++ defines their arithmetic modulo 2^bits).
template <class I>
constexpr bool wraps_around_v = std::is_integral<I>::value && std::is_unsigned<I>::value &&
                                !std::is_same<I, bool>::value && sizeof(I) <= 8;

/// Number of iterations of `for (I i = Lo; i != Bound; i += Step)` for an
/// unsigned I: i takes the values Lo + n * Step modulo 2^bits(I) until it
/// equals Bound, compared in the common type of the two; -1 when it never
/// does. \p Step is the step modulo 2^64 (the sign of `-=` included).
template <class I, class B>
constexpr int64_t wrapping_ne_trip_count(I Lo, B Bound, uint64_t Step) {
  using Compared = std::common_type_t<decltype(+Lo), B>;
  const Compared Target = Compared(Bound);
  if constexpr (std::is_signed<Compared>::value)
    if (Target < 0)
      return -1;
  if (uint64_t(Target) > uint64_t(std::numeric_limits<I>::max()))
    return -1; // i never takes that value
  return modular_steps(uint64_t(Target) - uint64_t(Lo), Step, unsigned(sizeof(I) * 8));
}

/// Number of iterations of `for (i = Lo; i OP Bound; i += Step)`.
/// Returns -1 when the loop would not terminate. \p W: the arithmetic's
/// type, 64 bits where the loop's values have at most 32 (no 128-bit
/// arithmetic for the optimizer to fold in each region's host code).
template <cmp C, class W = __int128>
constexpr int64_t trip_count(W Lo, W Bound, W Step) {
  if (Step == 0)
    return -1;
  W N = 0;
  switch (C) {
  case cmp::lt:
    if (Lo >= Bound)
      return 0;
    if (Step < 0)
      return -1;
    N = (Bound - Lo + Step - 1) / Step;
    break;
  case cmp::le:
    if (Lo > Bound)
      return 0;
    if (Step < 0)
      return -1;
    N = (Bound - Lo) / Step + 1;
    break;
  case cmp::gt:
    if (Lo <= Bound)
      return 0;
    if (Step > 0)
      return -1;
    N = (Lo - Bound - Step - 1) / -Step;
    break;
  case cmp::ge:
    if (Lo < Bound)
      return 0;
    if (Step > 0)
      return -1;
    N = (Lo - Bound) / -Step + 1;
    break;
  case cmp::ne:
    if ((Bound - Lo) % Step != 0 || (Bound - Lo) / Step < 0)
      return -1;
    N = (Bound - Lo) / Step;
    break;
  }
  return N > std::numeric_limits<int64_t>::max() ? -1 : int64_t(N);
}

/// Number of iterations of a loop over \p I: trip_count, and for `!=` on an
/// unsigned variable the wrapping count (`for (unsigned i = 4294967290u;
/// i != 4u; ++i)` runs 10 times).
template <cmp C, class I, class B, class W = __int128>
constexpr int64_t loop_trip_count(W Lo, B Bound, W Step) {
  if constexpr (C == cmp::ne && wraps_around_v<I> && std::is_integral<B>::value)
    return wrapping_ne_trip_count<I>(I(Lo), Bound, uint64_t(Step));
  else
    return trip_count<C, W>(Lo, W(Bound), Step);
}

/// Number of iterations of one loop of a collapse(n) nest; a stop when it
/// would not terminate.
template <cmp C, class I, class B>
inline int64_t collapsed_trip_count(__int128 Lo, B Bound, __int128 Step) {
  int64_t N = loop_trip_count<C, I>(Lo, integer_bound<C>(Bound), Step);
  if (N < 0) {
    std::fprintf(stderr, "ferry: error: a loop of a collapse nest does not terminate (its "
                         "step does not move the variable towards the bound)\n");
    std::abort();
  }
  return N;
}

/// The iterations of a collapse(n) nest; a stop when they overflow int64.
inline int64_t collapsed_product(std::initializer_list<int64_t> Counts) {
  __int128 P = 1;
  for (int64_t N : Counts)
    if ((P *= N) > std::numeric_limits<int64_t>::max()) {
      std::fprintf(stderr, "ferry: error: a collapse nest has more than 2^63 iterations\n");
      std::abort();
    }
  return int64_t(P);
}

/// The iterations of a collapse(2) nest in tiles of 8 rows by 32 columns,
/// one tile per 256 consecutive flat indices, so that a GPU block of 256
/// work-items covers a tile as a 32x8 CUDA block does (neighbouring rows
/// and columns share the caches); flat indices past the nest's edge are
/// skipped. A nest with fewer than 8 rows or 32 columns runs row by row.
struct tiles2 {
  int64_t rows, cols;
  int64_t across; ///< tiles in a row of tiles; 0: not tiled

  tiles2(int64_t Rows, int64_t Cols)
      : rows(Rows), cols(Cols), across(Rows >= 8 && Cols >= 32 ? (Cols + 31) / 32 : 0) {}

  /// The flat indices to run (host code).
  int64_t count() const {
    return across ? collapsed_product({(rows + 7) / 8, across, 256})
                  : collapsed_product({rows, cols});
  }

  /// Row and column of flat index \p K; false for an index past the edge.
  bool at(int64_t K, int64_t &Row, int64_t &Col) const {
    if (!across) {
      Row = K / cols;
      Col = K % cols;
      return true;
    }
    const uint64_t Tile = uint64_t(K) >> 8, Within = uint64_t(K) & 255;
    uint64_t TileRow, TileCol;
    if (Tile <= 0xffffffffu && uint64_t(across) <= 0xffffffffu) { // 32-bit division
      TileRow = uint32_t(Tile) / uint32_t(across);
      TileCol = uint32_t(Tile) - uint32_t(TileRow) * uint32_t(across);
    } else {
      TileRow = Tile / uint64_t(across);
      TileCol = Tile - TileRow * uint64_t(across);
    }
    Row = int64_t(TileRow * 8 + (Within >> 5));
    Col = int64_t(TileCol * 32 + (Within & 31));
    return Row < rows && Col < cols;
  }
};

/// The iterations of an N-level nest under `tile(s0, ..., sN-1)` (OpenACC
/// 3.3 2.9.8): the nest is cut into tiles of s0 x ... x sN-1 iterations; the
/// tile loops go to gangs and the element loops to a gang's work-items. A
/// tile takes `block()` consecutive flat indices (its volume rounded up to
/// whole warps), so that a GPU block of that many work-items runs one tile
/// at a time (grid-stride over the tiles). Flat indices past a tile's volume
/// and elements of partial tiles past the nest's edges are skipped. Sizes
/// come from the plugin (constants, `*` resolved), at most 1024 in product.
template <unsigned N> struct tiles {
  static_assert(N >= 1 && N <= 8, "a tile nest has 1 to 8 levels");
  int64_t extent[N]; ///< iterations of each level
  int64_t size[N];   ///< the tile's size at each level
  int64_t across[N]; ///< tiles along each level
  int64_t volume;    ///< iterations of a whole tile
  int64_t padded;    ///< flat indices per tile (volume rounded up to 32)

  tiles(const int64_t (&Extents)[N], const int64_t (&Sizes)[N]) : volume(1) {
    for (unsigned D = 0; D < N; ++D) {
      extent[D] = Extents[D];
      size[D] = Sizes[D];
      across[D] = (Extents[D] + Sizes[D] - 1) / Sizes[D];
      volume *= Sizes[D];
    }
    padded = (volume + 31) / 32 * 32;
  }

  /// The flat indices to run (host code).
  int64_t count() const {
    __int128 P = padded;
    for (unsigned D = 0; D < N; ++D)
      if ((P *= across[D]) > std::numeric_limits<int64_t>::max()) {
        std::fprintf(stderr, "ferry: error: a tile nest has more than 2^63 iterations\n");
        std::abort();
      }
    return int64_t(P);
  }

  /// The work-items of a gang: one tile, whole warps.
  uint32_t block() const { return uint32_t(padded); }

  /// The iteration of each level for flat index \p K; false for an index
  /// that is no element of the nest (padding, or past an edge).
  bool at(int64_t K, int64_t (&Index)[N]) const {
    int64_t Tile = K / padded, Within = K - Tile * padded;
    if (Within >= volume)
      return false;
    for (unsigned D = N; D-- > 0;) {
      const int64_t InTile = Within % size[D], TileAt = Tile % across[D];
      Within /= size[D];
      Tile /= across[D];
      Index[D] = TileAt * size[D] + InTile;
      if (Index[D] >= extent[D])
        return false;
    }
    return true;
  }
};

//===-- Reductions --------------------------------------------------------===//

/// Reduction operators of OpenACC.
enum class op { add, mul, max, min, bitand_, bitor_, bitxor, land, lor };

/// Complex numbers: `_Complex float`/`_Complex double`, and class types
/// shaped as std::complex (a floating value_type, real(), imag()), found by
/// their shape so that this header needs no <complex>.
template <class T, class = void> struct is_complex : std::false_type {};
template <> struct is_complex<_Complex float, void> : std::true_type {};
template <> struct is_complex<_Complex double, void> : std::true_type {};
template <> struct is_complex<_Complex long double, void> : std::true_type {};
template <class T>
struct is_complex<T, std::void_t<typename T::value_type, decltype(std::declval<const T &>().real()),
                                 decltype(std::declval<const T &>().imag())>>
    : std::is_floating_point<typename T::value_type> {};
template <class T> constexpr bool is_complex_v = is_complex<T>::value;

/// The operators of OpenACC that apply to complex variables: + and *.
template <op O, class T> constexpr bool applies_to_v = !is_complex_v<T> || O == op::add || O == op::mul;

/// A * B for complex numbers, written out: clang's complex multiplication
/// calls __muldc3 for infinities and NaNs, which GPU code does not have.
template <class T> constexpr T complex_mul(T A, T B) {
  if constexpr (std::is_class_v<T>) {
    return T(A.real() * B.real() - A.imag() * B.imag(), A.real() * B.imag() + A.imag() * B.real());
  } else {
    return __builtin_complex(__real__ A * __real__ B - __imag__ A * __imag__ B,
                             __real__ A * __imag__ B + __imag__ A * __real__ B);
  }
}

template <op O, class T> struct scalar_reduction_op;
template <class T> struct scalar_reduction_op<op::add, T> {
  static constexpr T identity() { return T(0); }
  static constexpr T apply(T A, T B) { return A + B; }
};
template <class T> struct scalar_reduction_op<op::mul, T> {
  static constexpr T identity() { return T(1); }
  static constexpr T apply(T A, T B) {
    if constexpr (is_complex_v<T>)
      return complex_mul(A, B);
    else
      return A * B;
  }
};
template <class T> struct scalar_reduction_op<op::max, T> {
  static_assert(!is_complex_v<T>, "OpenACC reduction operator 'max' does not apply to complex "
                                  "variables (only + and *)");
  static constexpr T identity() { return std::numeric_limits<T>::lowest(); }
  static constexpr T apply(T A, T B) { return A < B ? B : A; }
};
template <class T> struct scalar_reduction_op<op::min, T> {
  static_assert(!is_complex_v<T>, "OpenACC reduction operator 'min' does not apply to complex "
                                  "variables (only + and *)");
  static constexpr T identity() { return std::numeric_limits<T>::max(); }
  static constexpr T apply(T A, T B) { return B < A ? B : A; }
};
template <class T> struct scalar_reduction_op<op::bitand_, T> {
  static_assert(std::is_integral<T>::value,
                "OpenACC reduction '&' needs an integer variable");
  static constexpr T identity() { return T(~T(0)); }
  static constexpr T apply(T A, T B) { return A & B; }
};
template <class T> struct scalar_reduction_op<op::bitor_, T> {
  static_assert(std::is_integral<T>::value,
                "OpenACC reduction '|' needs an integer variable");
  static constexpr T identity() { return T(0); }
  static constexpr T apply(T A, T B) { return A | B; }
};
template <class T> struct scalar_reduction_op<op::bitxor, T> {
  static_assert(std::is_integral<T>::value,
                "OpenACC reduction '^' needs an integer variable");
  static constexpr T identity() { return T(0); }
  static constexpr T apply(T A, T B) { return A ^ B; }
};
template <class T> struct scalar_reduction_op<op::land, T> {
  static_assert(!is_complex_v<T>, "OpenACC reduction operator '&&' does not apply to complex "
                                  "variables (only + and *)");
  static constexpr T identity() { return T(1); }
  static constexpr T apply(T A, T B) { return T(A && B); }
};
template <class T> struct scalar_reduction_op<op::lor, T> {
  static_assert(!is_complex_v<T>, "OpenACC reduction operator '||' does not apply to complex "
                                  "variables (only + and *)");
  static constexpr T identity() { return T(0); }
  static constexpr T apply(T A, T B) { return T(A || B); }
};

/// The private copy of an array section in a reduction (OpenACC 3.2+:
/// `reduction(+:hist[lo:len])`, and `reduction(+:a[i])`, the section
/// `a[i:1]`): room for \p Cap elements, of which the section uses the first
/// len; the others keep the identity.
template <class T, std::size_t Cap> struct section_storage {
  T elems[Cap];
};

/// What the loop body sees under the section's name: `hist[b]` is element
/// b - lo of the private copy, and so is `*(hist + b)`: the name is also a
/// pointer to the copy as the original's indices reach it (`*sum += x` of
/// `reduction(+:sum[:1])`, `bump(hist, k)` of a `routine` taking `int *`).
template <class T> struct section_view {
  T *elems;
  int64_t lower;
  T &operator[](int64_t I) const { return elems[I - lower]; }
  operator T *() const { return elems - lower; }
};
template <class T, std::size_t Cap>
section_view<T> section_private(section_storage<T, Cap> &S, int64_t Lower) {
  return {S.elems, Lower};
}

/// The operator on a reduction variable of type \p T: a scalar, or an array
/// or section (below). Private copies are set and combined in place
/// (init, combine): an array's copy is up to 1 KiB, and a by-value
/// identity() or apply() would copy it several times per combination, which
/// the AMDGPU backend expands into thousands of scratch loads and stores.
template <op O, class T> struct reduction_op : scalar_reduction_op<O, T> {
  using scalar_reduction_op<O, T>::identity;
  using scalar_reduction_op<O, T>::apply;
  static void init(T &X) { X = identity(); }
  static void combine(T &A, const T &B) { A = apply(A, B); }
  static void combine_into(T &D, const T &A, const T &B) { D = apply(A, B); }
};

/// Element-by-element operations on \p N elements of type \p T.
template <op O, class T> struct elementwise_op {
  using element = scalar_reduction_op<O, T>;
  static void init(T *A, std::size_t N) {
    for (std::size_t I = 0; I < N; ++I)
      A[I] = element::identity();
  }
  static void combine(T *A, const T *B, std::size_t N) { combine_into(A, A, B, N); }
  /// D = A OP B, element by element (D may be A).
  static void combine_into(T *D, const T *A, const T *B, std::size_t N) {
    for (std::size_t I = 0; I < N; ++I)
      D[I] = element::apply(A[I], B[I]);
  }
};

/// An array reduced element by element (OpenACC 3.2+: `reduction(+:hist)`
/// of `T hist[N]`): the private copies are std::array, which the body indexes
/// as it indexes the array.
template <op O, class T, std::size_t N> struct reduction_op<O, std::array<T, N>> {
  using element = scalar_reduction_op<O, T>;
  static void init(std::array<T, N> &A) { elementwise_op<O, T>::init(A.data(), N); }
  static void combine(std::array<T, N> &A, const std::array<T, N> &B) {
    elementwise_op<O, T>::combine(A.data(), B.data(), N);
  }
  static void combine_into(std::array<T, N> &D, const std::array<T, N> &A,
                           const std::array<T, N> &B) {
    elementwise_op<O, T>::combine_into(D.data(), A.data(), B.data(), N);
  }
};
template <op O, class T, std::size_t Cap> struct reduction_op<O, section_storage<T, Cap>> {
  using element = scalar_reduction_op<O, T>;
  static void init(section_storage<T, Cap> &S) { elementwise_op<O, T>::init(S.elems, Cap); }
  static void combine(section_storage<T, Cap> &A, const section_storage<T, Cap> &B) {
    elementwise_op<O, T>::combine(A.elems, B.elems, Cap);
  }
};

template <class T>
struct is_reducible : std::bool_constant<std::is_arithmetic<T>::value || is_complex_v<T>> {};
template <class T, std::size_t N> struct is_reducible<std::array<T, N>> : is_reducible<T> {};
template <class T, std::size_t Cap>
struct is_reducible<section_storage<T, Cap>> : is_reducible<T> {};

/// `Op(Var[0..N))` on the host after a region: where the region ran on a
/// device (\p OnDevice) that has the data (a data clause), the device copy
/// is the original variable: its value is the one combined and it gets the
/// result, so that a later copy-out keeps it, and the host copy keeps its
/// value (ferry_reduction_load, <ferry/runtime.h>).
template <class Op>
void store_reduction_result(void *Var, std::size_t Bytes, bool OnDevice, Op &&Update) {
  void *Saved = ferry_reduction_load(Var, Bytes, OnDevice);
  Update();
  ferry_reduction_store(Saved, Var, Bytes);
}

/// One `reduction(op:var)` item: the operator and the original variable.
template <op O, class T> struct reduction_ref {
  static_assert(is_reducible<T>::value, "OpenACC reduction variables must be of arithmetic or "
                                        "complex type, or arrays or sections of it");
  using value_type = T;
  using ops = reduction_op<O, T>;
  T *var;
  /// The original value, then `var = Old OP Result`: in two steps for a
  /// loop nested in a region's iteration, whose lanes may share the
  /// variable (an array of the iteration in group memory): every lane reads
  /// before any writes.
  void load(T &Old) const { Old = *var; }
  void store(const T &Old, const T &Result) const { ops::combine_into(*var, Old, Result); }
  /// `var = var OP Result` on the host after a region (run on a device:
  /// \p OnDevice).
  void finish_region(const T &Result, bool OnDevice) const {
    store_reduction_result(var, sizeof(T), OnDevice, [&] { ops::combine(*var, Result); });
  }
};

/// One `reduction(op:var[lo:len])` item: element k of the result goes to
/// first[k]; the elements outside the section are not touched.
template <op O, class T, std::size_t Cap> struct section_reduction_ref {
  static_assert(is_reducible<T>::value, "OpenACC reduction variables must be of arithmetic or "
                                        "complex type, or arrays or sections of it");
  using value_type = section_storage<T, Cap>;
  using ops = reduction_op<O, value_type>;
  T *first;
  int64_t length;
  void load(value_type &Old) const {
    for (int64_t K = 0; K < length; ++K)
      Old.elems[K] = first[K];
  }
  void store(const value_type &Old, const value_type &Result) const {
    for (int64_t K = 0; K < length; ++K)
      first[K] = ops::element::apply(Old.elems[K], Result.elems[K]);
  }
  void finish_region(const value_type &Result, bool OnDevice) const {
    if (length > 0)
      store_reduction_result(first, sizeof(T) * std::size_t(length), OnDevice, [&] {
        for (int64_t K = 0; K < length; ++K)
          first[K] = ops::element::apply(first[K], Result.elems[K]);
      });
  }
};

template <op O, class T> reduction_ref<O, T> reduce(T &Var) {
  static_assert(applies_to_v<O, T>, "this OpenACC reduction operator does not apply to complex "
                                    "variables (only + and *)");
  return {&Var};
}
/// reduce() for a reduction that Ferry found in a plain loop of `kernels`
/// (no clause names it) on a variable of a template's type, taken for a
/// scalar before the template was instantiated: this instantiation must make
/// it one (else the one error below, not reduction_ref's).
template <op O, class T> auto reduce_found(T &Var) {
  static_assert(is_reducible<T>::value,
                "Ferry took this variable of a template's type, which a loop in 'kernels' "
                "updates as a reduction, for a scalar: this instantiation makes it no "
                "arithmetic or complex type; write '#pragma acc loop seq' before the loop (it "
                "then runs in order, the variable 'copy')");
  if constexpr (is_reducible<T>::value)
    return reduce<O>(Var);
  else
    return reduction_ref<O, int>{nullptr};
}
/// An array: reduced element by element; its private copies live in the
/// reduction storage, so it is bounded. An array of arrays (`double
/// h[4][4]`) is reduced as its elements in a row.
/// The private copy of a whole array in a reduction as the array type \p A
/// the body declared (`decltype(h)`, LoopReductions' parameters).
template <class A, class T, std::size_t N> std::remove_reference_t<A> &as_array(std::array<T, N> &S) {
  static_assert(sizeof(std::remove_reference_t<A>) == sizeof(S), "not the array's own storage");
  return *reinterpret_cast<std::remove_reference_t<A> *>(S.data());
}
template <op O, class T, std::size_t N> auto reduce(T (&Var)[N]) {
  using E = std::remove_all_extents_t<T>;
  constexpr std::size_t K = sizeof(T[N]) / sizeof(E);
  static_assert(sizeof(E) * K <= 1024, "an OpenACC array reduction over more than 1024 bytes "
                                       "is not supported by Ferry yet");
  static_assert(sizeof(std::array<E, K>) == sizeof(T[N]), "std::array is not layout-compatible");
  return reduction_ref<O, std::array<E, K>>{reinterpret_cast<std::array<E, K> *>(&Var)};
}

/// The most bytes of a section's private copy: in a region's loop, and in a
/// loop nested in a region's iteration (FERRY_DEV_REDUCE_MAX for all of
/// its reductions).
constexpr std::size_t section_reduction_bytes = 1024, nested_section_reduction_bytes = 64;

/// `reduction(op:base[lower:length])` of an array or a pointer; \p Cap is
/// the room of the private copies in elements (0: as many as the bytes
/// above hold; the plugin gives a constant length). A longer section stops
/// the program naming it (in device code, a \p Nested loop, the kernel).
template <op O, std::size_t Cap, bool Nested, class A, class L, class N>
auto reduce_section(A &Base, L Lower, N Length, const ferry_region *R, const char *Name) {
  using T = std::remove_reference_t<decltype(Base[0])>;
  static_assert(is_integer_like_v<L> && is_integer_like_v<N>,
                "the bounds of an array section in an OpenACC reduction must be integers");
  static_assert(!std::is_const<T>::value, "an OpenACC reduction variable cannot be const");
  constexpr std::size_t Bytes = Nested ? nested_section_reduction_bytes : section_reduction_bytes;
  constexpr std::size_t Room = Cap ? Cap : (Bytes / sizeof(T) ? Bytes / sizeof(T) : 1);
  static_assert(sizeof(T) * Room <= (Nested ? FERRY_DEV_REDUCE_MAX : section_reduction_bytes),
                "an OpenACC reduction on an array section over more than 1024 bytes (128 in a "
                "loop nested in a region's iteration) is not supported by Ferry yet");
  static_assert(applies_to_v<O, T>, "this OpenACC reduction operator does not apply to complex "
                                    "variables (only + and *)");
  if (Length < 0 || uint64_t(Length) > Room) {
    if constexpr (Nested) {
      ferry_dev_section_too_long();
    } else {
      char Why[256];
      std::snprintf(Why, sizeof Why,
                    "reduction on the array section %s[%lld:%lld]: Ferry reduces sections of "
                    "at most %zu elements of this type (%zu bytes)",
                    Name, (long long)Lower, (long long)Length, Room, Bytes);
      region_failed(*R, Why);
    }
  }
  return section_reduction_ref<O, T, Room>{&Base[Lower], int64_t(Length)};
}

/// Partial \p I of a region's reductions (its private copy of variable I).
template <std::size_t I, class T> struct partial {
  T value;
};
/// The partials of a region's reductions, one base per variable: not a
/// std::tuple, whose constructors' constraints, std::get and helpers every
/// region's reductions instantiated (here and in the device chunks).
template <class Seq, class... T> struct partials;
template <std::size_t... I, class... T>
struct partials<std::index_sequence<I...>, T...> : partial<I, T>... {
  static constexpr std::size_t size = sizeof...(T);
};
/// Partial \p I of \p P (a partials).
template <std::size_t I, class T> T &partial_at(partial<I, T> &P) { return P.value; }
template <std::size_t I, class T> const T &partial_at(const partial<I, T> &P) { return P.value; }

/// Item \p I of a reduction_list.
template <std::size_t I, class R> struct reduction_item {
  R ref;
};
/// The items of a reduction_list: an aggregate of one base per item, not a
/// std::tuple, whose constructor's constraints every region instantiated.
template <class Seq, class... R> struct reduction_items;
template <std::size_t... I, class... R>
struct reduction_items<std::index_sequence<I...>, R...> : reduction_item<I, R>... {};

/// The reductions of one region.
template <class... R> struct reduction_list {
  using storage = partials<std::index_sequence_for<R...>, typename R::value_type...>;
  using items = reduction_items<std::index_sequence_for<R...>, R...>;
  items refs;

  static void init(void *P) {
    init_impl(*static_cast<storage *>(P), std::index_sequence_for<R...>());
  }
  static void combine(void *D, const void *S) {
    combine_impl(*static_cast<storage *>(D), *static_cast<const storage *>(S),
                 std::index_sequence_for<R...>());
  }
  /// Old = Var, then Var = Old OP Result, for every item (in device code:
  /// a loop nested in a region's iteration).
  void load(storage &Old) const { load_impl(Old, std::index_sequence_for<R...>()); }
  void finish(const storage &Old, const storage &Result) const {
    finish_impl(Old, Result, std::index_sequence_for<R...>());
  }
  /// The same after a region, on the host: where the region ran on a device
  /// that has a variable, its device copy (store_reduction_result).
  void finish_region(const storage &Result, bool OnDevice) const {
    finish_region_impl(Result, OnDevice, std::index_sequence_for<R...>());
  }

private:
  template <std::size_t... I>
  static void init_impl(storage &S, std::index_sequence<I...>) {
    (R::ops::init(partial_at<I>(S)), ...);
  }
  template <std::size_t... I>
  static void combine_impl(storage &D, const storage &S,
                           std::index_sequence<I...>) {
    (R::ops::combine(partial_at<I>(D), partial_at<I>(S)), ...);
  }
  template <std::size_t... I>
  void load_impl(storage &Old, std::index_sequence<I...>) const {
    (static_cast<const reduction_item<I, R> &>(refs).ref.load(partial_at<I>(Old)), ...);
  }
  template <std::size_t... I>
  void finish_impl(const storage &Old, const storage &S, std::index_sequence<I...>) const {
    (static_cast<const reduction_item<I, R> &>(refs).ref.store(partial_at<I>(Old), partial_at<I>(S)),
     ...);
  }
  template <std::size_t... I>
  void finish_region_impl(const storage &S, bool OnDevice, std::index_sequence<I...>) const {
    (static_cast<const reduction_item<I, R> &>(refs).ref.finish_region(partial_at<I>(S), OnDevice),
     ...);
  }
};

template <class... R> reduction_list<R...> reductions(R... Refs) {
  return {typename reduction_list<R...>::items{{Refs}...}};
}

//===-- if / async / wait -------------------------------------------------===//

/// What a construct's `if`, `async` and `wait` clauses decided.
struct launch_options {
  bool on_device = true;      ///< `if(cond)`; false: the host version, here
  int async = acc_async_sync; ///< `async[(n)]`
  uint32_t num_gangs = 0;     ///< `num_gangs(n)`; 0: Ferry chooses
  uint32_t vector_length = 0; ///< `vector_length(n)`; 0: Ferry chooses
  uint32_t num_workers = 0;   ///< `num_workers(n)`; 0: Ferry chooses
  /// Synchronous launches may complete later (ferry_launch_desc::defer).
  bool defer = false;
};

/// The value of `num_gangs(n)` or `vector_length(n)`: a positive integer
/// (vector_length at most 1024, the largest GPU block).
template <class T>
uint32_t geometry_clause(const ferry_region &R, const char *Clause, T N, long long Max) {
  static_assert(is_integer_like_v<T>, "OpenACC 'num_gangs' and 'vector_length' need an "
                                      "integer");
  if (N < 1 || (long long)N > Max) {
    char Why[160];
    std::snprintf(Why, sizeof Why, "%s(%lld) is out of range [1, %lld]", Clause, (long long)N,
                  Max);
    region_failed(R, Why);
  }
  return uint32_t(N);
}

/// Whether the selected device is of one of \p Types: the clauses after a
/// `device_type(list)` hold for the types of its list only.
inline bool device_type_in(std::initializer_list<acc_device_t> Types) {
  const acc_device_t Selected = acc_get_device_type();
  for (acc_device_t T : Types)
    if (T == Selected)
      return true;
  return false;
}

constexpr int async_noval = acc_async_noval;

/// The queue of `async(n)`: n must name a queue (>= 0) or one of the
/// special values.
template <class T> int async_queue(T Value) {
  static_assert(is_integer_like_v<T>, "OpenACC 'async' needs an integer queue number");
  const auto N = as_integer(Value); // acc_async_noval is an enumerator
  if (N < 0 && N != acc_async_noval && N != acc_async_sync) {
    std::fprintf(stderr, "ferry: error: async(%lld) is not a queue number\n", (long long)N);
    std::abort();
  }
  return int(N);
}

/// `wait(q...)`: the region's queue waits for each q; a synchronous region
/// waits on the host.
inline void wait_queues(int Async, std::initializer_list<int> Queues) {
  for (int Q : Queues) {
    if (Async == acc_async_sync)
      acc_wait(Q);
    else
      acc_wait_async(Q, Async);
  }
}

/// `wait(devnum: d : q...)`: the queues q of device d (of the current type).
inline void wait_device_queues(int Async, int Device, std::initializer_list<int> Queues) {
  for (int Q : Queues) {
    if (Async == acc_async_sync)
      acc_wait_device(Q, Device);
    else
      acc_wait_device_async(Q, Async, Device);
  }
}

/// `wait` without a list: every queue.
inline void wait_all_queues(int Async) {
  if (Async == acc_async_sync)
    acc_wait_all();
  else
    acc_wait_all_async(Async);
}

/// The plain pointer type a section base decays to: `T *` for `T *`,
/// `T *__restrict` (C's `restrict`) and `T[N]`.
template <class T> struct section_pointer { using type = std::decay_t<T>; };
template <class T> struct section_pointer<T *__restrict> { using type = T *; };
template <class T> struct section_pointer<T *__restrict const> { using type = T *; };

/// Whether \p T (cv-qualified, or `restrict`) is a pointer, not an array.
template <class T>
constexpr bool is_section_pointer_v =
    !std::is_array<T>::value &&
    std::is_pointer<typename section_pointer<std::remove_cv_t<T>>::type>::value;

/// `host_data use_device(p)`: the device address of the data at \p P
/// (where \p On: the device is not the host's and `if` holds); \p P itself
/// where it is not present and \p IfPresent, else a stop naming it.
inline void *use_device_address(const ferry_region &R, const void *P, const char *Name, bool On,
                                bool IfPresent) {
  void *Host = const_cast<void *>(P);
  if (!On || !P)
    return Host;
  if (void *D = acc_deviceptr(Host))
    return D;
  if (IfPresent)
    return Host;
  char Why[256];
  std::snprintf(Why, sizeof Why,
                "use_device(%s): the data at %p is not present on the device (add it to a data "
                "clause, or use if_present)",
                Name, P);
  region_failed(R, Why);
}
/// A pointer: the device address it translates to; an array, a scalar or
/// an object: a reference to the device's copy of it (`&x` is the device
/// address).
template <class A>
auto use_device(const ferry_region &R, A &X, const char *Name, bool On, bool IfPresent)
    -> std::conditional_t<is_section_pointer_v<A>, A, A &> {
  // (A `restrict` pointer too: `double *__restrict p`, sweep 11.)
  if constexpr (is_section_pointer_v<A>)
    return static_cast<A>(use_device_address(R, X, Name, On, IfPresent));
  else
    return *static_cast<A *>(use_device_address(R, &X, Name, On, IfPresent));
}

/// The data clauses of a construct: entered when the construct starts
/// (unless its `if` is false), left when its block ends. Out of line (one
/// copy per file): inlined, each construct had the calls and the failure's
/// code twice, and an exception handler for the destructor's call.
#if defined(__clang__)
#pragma clang attribute pop
#endif
class data_scope {
public:
  [[gnu::noinline]] data_scope(const ferry_region &R, ferry_data_item *Items, size_t N,
                               launch_options Opt)
      : R(R), Items(Items), N(Opt.on_device ? N : 0), Async(Opt.async) {
    if (this->N && ferry_data_enter(&R, Items, this->N, Async) != FERRY_SUCCESS)
      region_failed(R, nullptr); // the runtime has said why
  }
  [[gnu::noinline]] ~data_scope() {
    if (N && ferry_data_exit(&R, Items, N, Async) != FERRY_SUCCESS)
      region_failed(R, nullptr);
  }
  data_scope(const data_scope &) = delete;
  data_scope &operator=(const data_scope &) = delete;

private:
  const ferry_region &R;
  ferry_data_item *Items;
  size_t N;
  int Async;
};
#if defined(__clang__)
#pragma clang attribute push(__attribute__((always_inline)), apply_to = function)
#endif

/// `declare` in a function: the data clauses entered where the directive
/// stands and left when the enclosing scope ends. The items are filled by
/// \p Fill (the construct's pieces, in a lambda) and kept here (an array
/// of their own, not a std::vector, whose members every file instantiated).
class declare_scope {
public:
  template <class F> explicit declare_scope(F &&Fill) { Fill(*this); }
  void enter(const ferry_region &Region, ferry_data_item *Data, size_t N, launch_options Opt) {
    R = &Region;
    Async = Opt.async;
    if (!Opt.on_device)
      return;
    if (!N)
      return;
    Items = new ferry_data_item[N];
    Count = N;
    for (size_t I = 0; I < N; ++I)
      Items[I] = Data[I];
    if (ferry_data_enter(R, Items, Count, Async) != FERRY_SUCCESS)
      region_failed(*R, nullptr); // the runtime has said why
  }
  ~declare_scope() {
    if (Count && ferry_data_exit(R, Items, Count, Async) != FERRY_SUCCESS)
      region_failed(*R, nullptr);
    delete[] Items;
  }
  declare_scope(const declare_scope &) = delete;
  declare_scope &operator=(const declare_scope &) = delete;

private:
  const ferry_region *R = nullptr;
  ferry_data_item *Items = nullptr;
  size_t Count = 0;
  int Async = acc_async_sync;
};

/// `declare create|copyin(x)` at namespace scope: \p X goes on each device
/// at the program's first use of it and stays there.
inline bool declare_global(const void *X, size_t Bytes, ferry_data_kind Kind, const char *Name,
                           const char *Ref) {
  return ferry_declare_global_ref(X, Bytes, Kind, Name, Ref) == FERRY_SUCCESS;
}

/// The start of a `parallel`/`kernels`/`serial` construct. When its body is
/// made of loop constructs only (\p LoopsOnly), each loop is a region of
/// its own and runs on the selected device. Otherwise the body runs on the
/// calling thread: only where the host is the device (or `if` is false);
/// elsewhere the runtime says that there is no device code.
inline void enter_host_region(const ferry_region &R, launch_options Opt, bool LoopsOnly) {
  if (Opt.on_device && !LoopsOnly && ferry_enter_host_region(&R) != FERRY_SUCCESS)
    region_failed(R, nullptr);
}

/// The sequential control of a `parallel` or `kernels` construct (time
/// steps around its loops): runs here, on the calling thread; the loops
/// inside launch as regions of their own.
/// Its loops, when synchronous, are deferred: they complete in order on the
/// device, and the construct waits for them once, at its end (before its
/// data clauses copy out).
template <class Control>
void host_control(const ferry_region &R, launch_options &Opt, Control &&C) {
  const bool Defer = Opt.on_device && Opt.async == acc_async_sync;
  C();
  if (Defer && ferry_finish_deferred(&R) != FERRY_SUCCESS)
    region_failed(R, nullptr); // the runtime has said why
}

/// Whether two ranges of memory share a byte (empty ones share none): the
/// launch of a loop that Ferry proved independent on the condition that
/// two arrays are distinct memory runs it in order where they are not
/// (docs/plugin.md, "kernels loops without independent").
inline bool ranges_overlap(const void *A, size_t ABytes, const void *B, size_t BBytes) {
  const uintptr_t X = reinterpret_cast<uintptr_t>(A), Y = reinterpret_cast<uintptr_t>(B);
  return ABytes && BBytes && X < Y + BBytes && Y < X + ABytes;
}

/// What a region captures for a variable named with an array section: the
/// pointer itself, or the array decayed to a pointer to its first element.
template <class T>
typename section_pointer<std::remove_reference_t<T>>::type section_base(T &X) {
  using P = typename section_pointer<std::remove_reference_t<T>>::type;
  static_assert(std::is_pointer<P>::value,
                "an OpenACC array section 'x[lo:len]' needs a pointer or an array 'x'");
  return X; // a pointer as it is (without `restrict`); an array decays
}

/// For a data clause's section `p[lo:len]` of a pointer: `&p`, which the
/// runtime attaches when `p` itself is present (a member of a present
/// struct). For a section of an array: nullptr (nothing to attach).
template <class T> const void *attach_address(T &X) {
  if constexpr (is_section_pointer_v<T>)
    return (const void *)&X;
  else
    return nullptr;
}

/// `copy` or `copyout` (\p K) of data the program cannot write (a const
/// or constexpr variable, a section through a pointer to const, the const
/// struct a member clause names: `s` of `s.x`, `*p` of `p->x`), perhaps in
/// read-only memory: `copyin`, nothing copied back.
template <class T> constexpr ferry_data_kind writable_kind(ferry_data_kind K, T *) {
  return std::is_const<T>::value ? FERRY_DATA_COPYIN : K;
}

/// `attach(p)`, `detach(p)`: \p X must be a pointer.
template <class T> const void *attach_clause_address(T &X) {
  static_assert(
      is_section_pointer_v<T>,
      "OpenACC 'attach' and 'detach' take pointers (a variable or a member)");
  return (const void *)&X;
}

/// `enter data`: the attach action for a section of \p X (nothing for an
/// array), or for `attach(X)` (\p Clause).
template <bool Clause, class T> void attach_pointer(T &X, int Async) {
  static_assert(
      !Clause || is_section_pointer_v<T>,
      "OpenACC 'attach' and 'detach' take pointers (a variable or a member)");
  if constexpr (is_section_pointer_v<T>)
    ferry_attach((void *const *)&X, Async);
}

/// `exit data`: the detach action for a section of \p X, or `detach(X)`.
template <bool Clause, class T>
void detach_pointer(T &X, bool Finalize, int Async) {
  static_assert(
      !Clause || is_section_pointer_v<T>,
      "OpenACC 'attach' and 'detach' take pointers (a variable or a member)");
  if constexpr (is_section_pointer_v<T>)
    ferry_detach((void *const *)&X, Finalize, Async);
}

/// A `deviceptr` variable as a region captures it: a device address that
/// the runtime must not translate (the outliner leaves fields of this type
/// out of the attached pointers). It converts back to the pointer.
template <class T> struct device_address {
  T *ptr;
  operator T *() const { return ptr; }
  // `p->member`, `p->f()` of a class the pointer points to.
  T *operator->() const { return ptr; }
  // The region's copy is a pointer variable of the region: it may be set
  // and stepped (`p = a + n`, `p += 4`, `++p`).
  device_address &operator=(T *P) {
    ptr = P;
    return *this;
  }
  device_address &operator+=(std::ptrdiff_t N) {
    ptr += N;
    return *this;
  }
  device_address &operator-=(std::ptrdiff_t N) {
    ptr -= N;
    return *this;
  }
  device_address &operator++() { return *this += 1; }
  device_address &operator--() { return *this -= 1; }
  T *operator++(int) { return ptr++; }
  T *operator--(int) { return ptr--; }
};

template <class T> device_address<T> deviceptr_of(T *P) { return {P}; }

/// `[&g = in_place(g)]`: a region's reference to a variable with static
/// storage. Bound to `g` itself, clang takes the reference for a constant
/// (it names a global) and reads `g` where the body reads it, so the
/// region read the host's value (passed by value at launch) while it wrote
/// the device copy through the reference; a call is no constant.
template <class T> T &in_place(T &X) { return X; }

/// A template's local object whose type only the instantiation knows
/// (`const vec<T> &x`, `T alpha`) and that no clause names, as a region
/// captures it (capture_object) and names it again inside (captured_object):
/// a copy where the type is trivially copyable (firstprivate, as a capture
/// by value makes it), else the object itself, used in place as the plugin
/// uses objects of known types that are not trivially copyable: their copy
/// constructor and destructor never run for the region (an array too: it
/// is OpenACC's implicit copy). An object a reference names that the region
/// may change (\p Declared, the variable's declared type, a reference to
/// non-const) is used in place too, as the plugin uses a struct of a known
/// type through a reference that the region changes. The address is
/// translated at launch, where instance_object_address and
/// instance_object_bytes map the object.
template <class Declared, class T>
inline constexpr bool object_in_place_v =
    std::is_array_v<T> || !std::is_trivially_copyable_v<T> ||
    (std::is_reference_v<Declared> && !std::is_const_v<T>);
template <class T> struct object_copy {
  std::remove_cv_t<T> value;
};
template <class T> struct object_in_place {
  T *ptr;
};
template <class Declared, class T> auto capture_object(T &X) {
  if constexpr (object_in_place_v<Declared, T>)
    return object_in_place<T>{std::addressof(X)};
  else
    return object_copy<T>{X};
}
template <class T> T &captured_object(object_copy<T> &C) { return C.value; }
template <class T> T &captured_object(const object_in_place<T> &C) { return *C.ptr; }
/// The data item of an object capture_object uses in place: the object's
/// bytes (OpenACC's implicit copy); no address and no bytes, which map
/// nothing, for an object it copies.
template <class Declared, class T> const void *instance_object_address(T &X) {
  if constexpr (object_in_place_v<Declared, T>)
    return std::addressof(X);
  else
    return nullptr;
}
template <class Declared, class T> constexpr std::size_t instance_object_bytes(T &) {
  return object_in_place_v<Declared, T> ? sizeof(T) : 0;
}

/// The extents of an array type's dimensions.
template <class T, std::size_t... I>
constexpr std::array<long long, sizeof...(I)> extents_of(std::index_sequence<I...>) {
  return {(long long)std::extent<T, I>::value...};
}

/// The start of a section of two or more dimensions,
/// `a[lo:len][lo2:len2]...`, which must cover whole rows (`[0:M]` for a
/// dimension of M elements) in every inner dimension to be one block of
/// memory; anything else stops the program with a message naming it.
/// \p Inner holds lo2, len2, lo3, len3, ...
template <class A>
const void *rows_base(A &Array, long long Lo, std::initializer_list<long long> Inner,
                      const char *Text) {
  using Row = std::remove_reference_t<decltype(Array[0])>;
  // Rows reached through pointers (T **a) in two dimensions: the pointers;
  // the rows are mapped one by one (rows.h, the construct's rows_scope).
  // (`restrict` ones too: `double *__restrict *a`.)
  if constexpr (is_section_pointer_v<Row>) {
    if (Inner.size() != 2) {
      std::fprintf(stderr,
                   "ferry: error: array section %s: a section of three or more dimensions "
                   "needs arrays of rows; Ferry maps arrays of pointers in two dimensions "
                   "only\n",
                   Text);
      std::abort();
    }
    return (const void *)&Array[Lo];
  } else {
  static_assert(std::is_array<Row>::value,
                "a multi-dimensional OpenACC section needs an array of rows (T a[N][M] or T "
                "(*a)[M]) or of pointers (T **a, two dimensions)");
  constexpr auto Extents = extents_of<Row>(std::make_index_sequence<std::rank<Row>::value>());
  const long long *Pair = Inner.begin();
  const size_t Dims = Inner.size() / 2;
  if (Dims > Extents.size()) {
    std::fprintf(stderr,
                 "ferry: error: array section %s has more dimensions than the array (%zu)\n",
                 Text, Extents.size() + 1);
    std::abort();
  }
  for (size_t D = 0; D < Dims; ++D)
    if (Pair[2 * D] != 0 || Pair[2 * D + 1] != Extents[D]) {
      std::fprintf(stderr,
                   "ferry: error: array section %s is not contiguous: inner dimension %zu must "
                   "be whole ([0:%lld])\n",
                   Text, D + 2, Extents[D]);
      std::abort();
    }
  return &Array[Lo];
  }
}

/// Whether the rows of \p Array are pointers (rows.h maps them one by one).
template <class A> constexpr int pointer_rows(A &Array) {
  return is_section_pointer_v<std::remove_reference_t<decltype(Array[0])>>;
}

/// The rows of a two-dimensional section of an array of pointers, left
/// when the construct's block ends.
class rows_scope {
public:
  explicit rows_scope(ferry_acc_rows R) : R(R) {}
  ~rows_scope() { ferry_acc_rows_exit(&R); }
  rows_scope(const rows_scope &) = delete;
  rows_scope &operator=(const rows_scope &) = delete;

private:
  ferry_acc_rows R;
};

//===-- Loops -------------------------------------------------------------===//

/// The loop variable after \p K steps: Lo + K * Step converted to I. For
/// types of up to 64 bits the sum is taken modulo 2^64, which converts to
/// the same value and keeps 128-bit arithmetic out of device code.
template <class I, class W> constexpr I index_at(W Lo, int64_t K, W Step) {
  if constexpr (sizeof(I) <= 8)
    return I(uint64_t(Lo) + uint64_t(K) * uint64_t(Step));
  else
    return I(Lo + K * Step);
}

/// How a region's closure holds the loop's start and step: modulo 2^64
/// for variables of up to 64 bits (all index_at reads of them), whole for
/// 128-bit ones.
template <class I> using closure_bound_t = std::conditional_t<sizeof(I) <= 8, uint64_t, __int128>;

/// What a region's host chunks need: the body and the loop's bounds.
template <class I, class Body> struct loop_closure {
  Body body;
  closure_bound_t<I> lo;
  closure_bound_t<I> step;
};

/// `F(I, storage items...)`, without std::apply (device code: nothing that
/// clang treats as a library builtin; and cheaper to instantiate per region).
template <class F, class I, class Storage, std::size_t... K>
void call_with_storage(F &Fn, I Index, Storage &S, std::index_sequence<K...>) {
  Fn(Index, partial_at<K>(S)...);
}

template <class I, class Body, class Storage>
void host_chunk(const void *C, int64_t Begin, int64_t End, void *Partial) {
  const auto &Closure = *static_cast<const loop_closure<I, Body> *>(C);
  Body B = Closure.body; // each chunk (gang) has its own firstprivate copy
  auto &Acc = *static_cast<Storage *>(Partial);
  for (int64_t K = Begin; K < End; ++K)
    call_with_storage(B, index_at<I>(Closure.lo, K, Closure.step), Acc,
                      std::make_index_sequence<Storage::size>());
}

template <class I, class Body>
void host_chunk_plain(const void *C, int64_t Begin, int64_t End, void *) {
  const auto &Closure = *static_cast<const loop_closure<I, Body> *>(C);
  Body B = Closure.body;
  for (int64_t K = Begin; K < End; ++K)
    B(index_at<I>(Closure.lo, K, Closure.step));
}

//===-- Private copies of array sections ----------------------------------===//
//
// `private(c[lo:len])` and `firstprivate(c[lo:len])` of a pointer or an
// array: each gang (a region's own clause), worker (a clause of a worker
// loop, or of a loop in one's own code) or work-item (a clause of a loop
// spread over a gang's work-items, or of a loop in one) has its own copy of
// the section, and in the region `c` points at it, so that `c[lo]` is its
// first element. The region's host code declares one private_copy or
// firstprivate_copy per section (which reserve their bytes in the region's
// private_layout), the lambda binds `c` to the copy of the frame it runs
// in; the storage is the runtime's on a GPU (ferry_private_block) and the
// chunk's own on the host.

/// Whose copy of a section a clause makes (private_section).
enum class private_scope {
  gang,      ///< one per gang: the region's own clause, its iterations' code
  work_item, ///< one per work-item: a loop spread over the gang's work-items
  /// One per worker: a worker loop, which a gang of workers
  /// (FERRY_REGION_WORKERS) runs worker-single, its vector lanes sharing
  /// the worker's copies; a work-item's own where each work-item runs
  /// worker iterations of its own. Kept among the work-items' copies (the
  /// worker's first work-item's).
  worker,
};

/// Where the copies of the gang, of the work-item and of the worker that
/// run an iteration are.
struct private_frame {
  unsigned char *gang;
  unsigned char *lane;
  unsigned char *worker;

  unsigned char *of(private_scope S) const {
    return S == private_scope::gang ? gang : S == private_scope::worker ? worker : lane;
  }
};

/// The bytes a region's private sections take, added up as they are
/// declared (before the launch: lengths are run-time values).
struct private_layout {
  ferry_private_block block = {0, 0, 1, 0, 0, 0, 0};

  /// Reserves \p Bytes aligned to \p Align among the gang's (or the
  /// work-item's, \p Lane: a worker's copy too) copies; returns their
  /// offset.
  uint64_t reserve(const ferry_region &R, const char *Text, bool Lane, uint64_t Bytes,
                   uint64_t Align) {
    uint64_t &Size = Lane ? block.lane_bytes : block.gang_bytes;
    const uint64_t Offset = (Size + Align - 1) / Align * Align;
    if (Align > 256 || Bytes > (uint64_t(1) << 56) || Offset + Bytes > (uint64_t(1) << 56)) {
      char Why[256];
      std::snprintf(Why, sizeof Why,
                    "%s: the private copies of its array sections would take more than 2^56 "
                    "bytes (or an alignment above 256) per copy",
                    Text);
      region_failed(R, Why);
    }
    if (Align > block.align)
      block.align = Align;
    Size = Offset + Bytes;
    return Offset;
  }
  /// The block a launch carries: sizes rounded to whole copies.
  ferry_private_block finished() const {
    ferry_private_block B = block;
    B.gang_bytes = (B.gang_bytes + B.align - 1) / B.align * B.align;
    B.lane_bytes = (B.lane_bytes + B.align - 1) / B.align * B.align;
    return B;
  }
};

/// `c` inside a region with `private(c[lo:len])`: a pointer to elements of
/// type T, `lo` elements before the copy.
template <class T> T *private_pointer(unsigned char *Copy, int64_t Lo) {
  return reinterpret_cast<T *>(reinterpret_cast<uintptr_t>(Copy) - uint64_t(Lo) * sizeof(T));
}

/// `private(c[lo:len])`: the copy's place in the frame; uninitialized.
template <class T, private_scope S> struct private_copy {
  uint64_t offset;
  int64_t lo;
  T *bind(const private_frame &F) const { return private_pointer<T>(F.of(S) + offset, lo); }
};

/// `firstprivate(c[lo:len])`: the same, each copy starting from the
/// section's values before the region (`source`, translated to the device
/// copy at launch: the construct keeps the section present with `copyin`).
template <class T, private_scope S> struct firstprivate_copy {
  uint64_t offset;
  int64_t lo;
  uint64_t len;
  const T *source;
  T *bind(const private_frame &F) const {
    unsigned char *Copy = F.of(S) + offset;
    if (len)
      __builtin_memcpy(Copy, static_cast<const void *>(source), len * sizeof(T));
    return private_pointer<T>(Copy, lo);
  }
};

/// The private copy of the section `X[Lo:Len]` (\p First: firstprivate;
/// \p S: whose copy), its bytes reserved in \p Layout. \p Text is the
/// clause item, for messages.
template <bool First, private_scope S, class A, class L, class N>
auto private_section(const ferry_region &R, private_layout &Layout, const char *Text, A &&X, L Lo,
                     N Len) {
  using P = typename section_pointer<std::remove_cv_t<std::remove_reference_t<A>>>::type;
  static_assert(std::is_pointer<P>::value, "an OpenACC 'private' or 'firstprivate' array section "
                                           "'x[lo:len]' needs a pointer or an array 'x'");
  using E = std::remove_cv_t<std::remove_pointer_t<P>>;
  static_assert(std::is_trivially_copyable<E>::value,
                "the elements of an OpenACC 'private' or 'firstprivate' array section must be "
                "trivially copyable (Ferry copies them as bytes)");
  static_assert(is_integer_like_v<L> && is_integer_like_v<N>,
                "the bounds of an OpenACC array section must be integers");
  if (Len < 0 || (std::is_signed<L>::value && (long long)Lo < 0)) {
    char Why[256];
    std::snprintf(Why, sizeof Why, "%s: the section's %s is negative (%lld)", Text,
                  Len < 0 ? "length" : "lower bound", Len < 0 ? (long long)Len : (long long)Lo);
    region_failed(R, Why);
  }
  constexpr bool Lane = S != private_scope::gang;
  if ((unsigned long long)Len > (uint64_t(1) << 56) / sizeof(E))
    Layout.reserve(R, Text, Lane, uint64_t(1) << 57, 1); // says why
  const uint64_t Offset = Layout.reserve(R, Text, Lane, uint64_t(Len) * sizeof(E), alignof(E));
  if constexpr (First)
    return firstprivate_copy<E, S>{Offset, int64_t(Lo), uint64_t(Len),
                                   Len ? (const E *)&X[Lo] : nullptr};
  else
    return private_copy<E, S>{Offset, int64_t(Lo)};
}

/// A region's closure when it has private sections.
template <class I, class Body> struct loop_closure_private {
  Body body;
  closure_bound_t<I> lo;
  closure_bound_t<I> step;
  ferry_private_block privates;
  const ferry_region *region; ///< for the host's messages (not translated)
};

/// `F(Index, Frame, storage items...)` (no std::apply: device code).
template <class F, class I, class Storage, std::size_t... K>
void call_with_frame(F &Fn, I Index, const private_frame &Frame, Storage &S,
                     std::index_sequence<K...>) {
  Fn(Index, Frame, partial_at<K>(S)...);
}

/// Runs iterations [\p Begin, \p End) of a region with private sections:
/// `B(index, Frame, partials...)`, the partials those of \p Partial (a
/// Storage; none when Storage is void). The host and device chunks differ
/// only in where \p Frame's copies are.
template <class I, class Body, class Storage>
void run_with_frame(Body &B, closure_bound_t<I> Lo, closure_bound_t<I> Step,
                    const private_frame &Frame,
                    int64_t Begin, int64_t End, void *Partial) {
  for (int64_t K = Begin; K < End; ++K) {
    if constexpr (std::is_void<Storage>::value)
      B(index_at<I>(Lo, K, Step), Frame);
    else
      call_with_frame(B, index_at<I>(Lo, K, Step), Frame, *static_cast<Storage *>(Partial),
                      std::make_index_sequence<Storage::size>());
  }
}

/// A host chunk of a region with private sections: the chunk's copies are
/// its own (one gang of one work-item on the host).
template <class I, class Body, class Storage>
void host_chunk_private(const void *C, int64_t Begin, int64_t End, void *Partial) {
  const auto &Closure = *static_cast<const loop_closure_private<I, Body> *>(C);
  const ferry_private_block &P = Closure.privates;
  const uint64_t Bytes = P.gang_bytes + P.lane_bytes + P.align;
  struct release {
    void operator()(void *M) const { std::free(M); }
  };
  std::unique_ptr<void, release> Copies(Bytes <= SIZE_MAX ? std::malloc(size_t(Bytes)) : nullptr);
  if (!Copies) {
    char Why[200];
    std::snprintf(Why, sizeof Why,
                  "the private copies of its array sections do not fit in host memory (%llu "
                  "bytes for each thread); shorten the sections",
                  (unsigned long long)Bytes);
    region_failed(*Closure.region, Why);
  }
  unsigned char *Base = static_cast<unsigned char *>(Copies.get());
  Base += (P.align - reinterpret_cast<uintptr_t>(Base) % P.align) % P.align;
  const private_frame Frame{Base, Base + P.gang_bytes, Base + P.gang_bytes};
  Body B = Closure.body;
  run_with_frame<I, Body, Storage>(B, Closure.lo, Closure.step, Frame, Begin, End, Partial);
}

/// The device version: the copies are in the runtime's storage, at this
/// work-item's gang, thread and worker (ferry_private_block; the outliner
/// makes the ferry_dev_* position queries the ferry_devw_* ones in a gang of
/// workers).
template <class I, class Body, class Storage>
void device_chunk_private(const void *C, int64_t Begin, int64_t End, void *Partial) {
  const auto &Closure = *static_cast<const loop_closure_private<I, Body> *>(C);
  const ferry_private_block &P = Closure.privates;
  const uint64_t Thread = uint64_t(ferry_dev_thread_id());
  const uint64_t Gang = P.gang_mode ? uint64_t(ferry_dev_gang_id()) : Thread;
  const uint64_t Worker = uint64_t(ferry_dev_worker_id());
  const private_frame Frame{
      reinterpret_cast<unsigned char *>(uintptr_t(P.gang_base + Gang * P.gang_bytes)),
      reinterpret_cast<unsigned char *>(uintptr_t(P.lane_base + Thread * P.lane_bytes)),
      reinterpret_cast<unsigned char *>(uintptr_t(P.lane_base + Worker * P.lane_bytes))};
  Body B = Closure.body;
  run_with_frame<I, Body, Storage>(B, Closure.lo, Closure.step, Frame, Begin, End, Partial);
}

/// `gang(static: n)` (OpenACC 3.3 2.9.2): the iterations in chunks of n,
/// dealt to the gangs round-robin (gang g takes chunks g, g + G, ...). The
/// region runs over `count()` flat indices, which the GPU gives to gangs in
/// runs of `width` (a block's work-items; 1 where a gang runs one iteration
/// at a time, FERRY_REGION_NESTED); `at` maps a flat index to the iteration
/// that its gang owns, so that with the geometry set here (`gangs` gangs of
/// `width`) each gang runs its own chunks. The map is one-to-one onto the
/// iterations whatever runs it (the host, another geometry); indices with
/// no iteration are skipped.
struct gang_chunks {
  int64_t trip;   ///< iterations
  int64_t chunk;  ///< n
  int64_t gangs;  ///< G
  int64_t width;  ///< flat indices a gang takes at a time
  int64_t slots;  ///< flat indices per gang (a multiple of width)

  gang_chunks(int64_t Trip, uint32_t Chunk, launch_options &Opt, bool OneIterationPerGang,
              bool Reduces)
      : trip(Trip), chunk(Chunk) {
    width = OneIterationPerGang ? 1
            : Opt.vector_length ? (int64_t(Opt.vector_length) + 31) / 32 * 32
                                : 256;
    const int64_t Chunks = (Trip + chunk - 1) / chunk;
    if (Opt.num_gangs) {
      gangs = Opt.num_gangs;
    } else {
      // Enough gangs for a block's worth of iterations each (or a chunk).
      const int64_t Each = OneIterationPerGang ? chunk : std::max(width, chunk);
      gangs = std::min<int64_t>(std::max<int64_t>((Trip + Each - 1) / Each, 1),
                                Reduces ? 1024 : 65536);
    }
    if (OneIterationPerGang) // the runtime puts up to 8 gangs in a block
      gangs = (gangs + 7) / 8 * 8;
    const int64_t PerGang = (Chunks + gangs - 1) / gangs * chunk;
    slots = (PerGang + width - 1) / width * width;
    Opt.num_gangs = uint32_t(gangs);
    if (!OneIterationPerGang)
      Opt.vector_length = uint32_t(width);
  }

  /// The flat indices to run (host code).
  int64_t count() const { return collapsed_product({gangs, slots}); }

  /// The iteration of flat index \p K; false when there is none.
  bool at(int64_t K, int64_t &Iteration) const {
    const int64_t Run = K / width;
    const int64_t Gang = Run % gangs, Local = (Run / gangs) * width + (K - Run * width);
    Iteration = ((Local / chunk) * gangs + Gang) * chunk + Local % chunk;
    return Iteration < trip;
  }
};

//===-- Device versions ---------------------------------------------------===//

/// What the plugin's outliner reads and fills in for one region: the host
/// functions it compiles into the region's kernel (the chunk, and with
/// reductions the storage's init and combine), the closure's and the
/// partials' layout, and the kernel's name, pointer fields and the host
/// globals it reads, which stay empty when no device code was compiled (the
/// runtime then says so).
struct device_region {
  ferry_device_kernel kernel;
  ferry_host_chunk_fn chunk;
  ferry_init_fn init;
  ferry_combine_fn combine;
  uint64_t closure_size, closure_align;
  uint64_t partial_size, partial_align;
};

template <class Closure, ferry_host_chunk_fn Chunk, class List = void> struct device_slot {
  [[clang::annotate("ferry.device_region")]] static inline device_region value = {
      {nullptr, nullptr, 0, nullptr, 0, nullptr}, Chunk, nullptr, nullptr, sizeof(Closure), alignof(Closure), 0, 0};
};

template <class Closure, ferry_host_chunk_fn Chunk, class... R>
struct device_slot<Closure, Chunk, reduction_list<R...>> {
  using List = reduction_list<R...>;
  using Storage = typename List::storage;
  [[clang::annotate("ferry.device_region")]] static inline device_region value = {
      {nullptr, nullptr, 0, nullptr, 0, nullptr}, Chunk, &List::init, &List::combine,
      sizeof(Closure),       alignof(Closure), sizeof(Storage), alignof(Storage)};
};

/// The device version of a region, or NULL where none was compiled.
inline const ferry_device_kernel *device_kernel(const device_region &D) {
  return D.kernel.name ? &D.kernel : nullptr;
}

/// The host and device chunk functions of a region: plain, with
/// reductions (\p Storage), with private sections (\p Private).
template <class I, class Body, class Storage, bool Private> struct chunk_functions;
template <class I, class Body> struct chunk_functions<I, Body, void, false> {
  using closure = loop_closure<I, Body>;
  static constexpr ferry_host_chunk_fn host = &host_chunk_plain<I, Body>;
  static constexpr ferry_host_chunk_fn device = &host_chunk_plain<I, Body>;
};
template <class I, class Body, class Storage> struct chunk_functions<I, Body, Storage, false> {
  using closure = loop_closure<I, Body>;
  static constexpr ferry_host_chunk_fn host = &host_chunk<I, Body, Storage>;
  static constexpr ferry_host_chunk_fn device = &host_chunk<I, Body, Storage>;
};
template <class I, class Body, class Storage> struct chunk_functions<I, Body, Storage, true> {
  using closure = loop_closure_private<I, Body>;
  static constexpr ferry_host_chunk_fn host = &host_chunk_private<I, Body, Storage>;
  static constexpr ferry_host_chunk_fn device = &device_chunk_private<I, Body, Storage>;
};

/// Runs `for (I i = Lo; i C Bound; i += Sign * Step) Body(i, reductions...)`
/// as an OpenACC loop of region \p R. \p Sign is -1 for `i -= Step`, `--i`.
/// \p HasAsync: the construct has an `async` clause, so the closure may be
/// copied to a queue and run later. After the reductions come the body, or
/// the region's private_layout (\p First) and the body, which then runs as
/// `Body(i, frame, reductions...)`. Only what depends on the region's
/// types is here (the closure, the chunk functions, the reductions'
/// storage): the runtime does the rest (ferry_launch_loop), compiled once
/// there instead of in every region's code. (One function reads the
/// region's slot and is called with its ferry_region: that is how the
/// outliner finds the region.)
template <class I, cmp C, bool HasAsync, class L, class B, class S, class... Reds, class First,
          class... Body>
void parallel_loop(const ferry_region &R, launch_options Opt, L Lo, B Bound, S Step, int Sign,
                   reduction_list<Reds...> Reductions, First &&Arg, Body &&...Bodies) {
  static_assert(sizeof...(Body) <= 1, "parallel_loop(..., [layout,] body)");
  static_assert(std::is_integral<I>::value,
                "an OpenACC loop variable must have integer type");
  static_assert(is_bound_like_v<B> && is_integer_like_v<S>,
                "the bound of an OpenACC loop must be a number and its step an integer");
  constexpr bool Private = sizeof...(Body) == 1;
  // The body is the last argument (builtins, not templates: nothing more
  // to instantiate per region).
  using Last = __type_pack_element<sizeof...(Body), First, Body...>;
  using BodyT = __remove_cvref(Last);
  static_assert(!HasAsync || __is_trivially_copyable(BodyT),
                "an OpenACC region with 'async' runs later on a queue, from a copy of "
                "its captures: every captured object must be trivially copyable (name "
                "class-type objects in a data clause, or capture a pointer)");
  __remove_reference_t(Last) *Fn;
  if constexpr (Private)
    Fn = (__builtin_addressof(Bodies), ...); // (a fold of one: that body's address)
  else
    Fn = __builtin_addressof(Arg);
  const __int128 Stride = __int128(Step) * Sign;
  const auto IntBound = integer_bound<C>(Bound);
  using Wide = std::conditional_t<sizeof(I) <= 4 && sizeof(L) <= 4 && sizeof(IntBound) <= 4 &&
                                      sizeof(S) <= 4,
                                  int64_t, __int128>;
  const int64_t N = loop_trip_count<C, I>(Wide(Lo), IntBound, Wide(Stride));
  using Storage = std::conditional_t<sizeof...(Reds) == 0, void,
                                     typename reduction_list<Reds...>::storage>;
  using Chunks = chunk_functions<I, BodyT, Storage, Private>;
  typename Chunks::closure Closure{static_cast<Last &&>(*Fn), closure_bound_t<I>(Lo),
                                   closure_bound_t<I>(Stride)};
  // One initializer in the fields' order (runtime.h), not a zeroed desc and a
  // store per field: less for the optimizer in each region's host code.
  ferry_launch_desc Desc = {&R,
                            &Closure,
                            sizeof Closure,
                            N,
                            Chunks::host,
                            /*reduction=*/nullptr,
                            /*result=*/nullptr,
                            /*kernel=*/nullptr,
                            Opt.num_gangs,
                            Opt.vector_length,
                            Opt.async,
                            Opt.defer,
                            Opt.num_workers,
                            /*privates=*/nullptr};
  if constexpr (Private) {
    const private_layout &Layout = Arg;
    Closure.privates = Layout.finished();
    Closure.region = &R;
    Desc.privates = &Closure.privates;
  }
  if constexpr (sizeof...(Reds) == 0) {
    Desc.kernel = device_kernel(device_slot<decltype(Closure), Chunks::device>::value);
    ferry_launch_loop(&Desc, !Opt.on_device);
  } else {
    using List = reduction_list<Reds...>;
    static const ferry_reduction Red = {sizeof(Storage), alignof(Storage), &List::init,
                                        &List::combine};
    Storage Result{};
    Desc.kernel = device_kernel(device_slot<decltype(Closure), Chunks::device, List>::value);
    Desc.reduction = &Red;
    Desc.result = &Result;
    ferry_launch_loop(&Desc, !Opt.on_device);
    Reductions.finish_region(Result, Opt.on_device);
  }
}

//===-- Loops nested in a region's iterations -----------------------------===//

/// Number of iterations of a loop nested in a region's iteration, computed
/// where the loop runs (on a GPU too: 64-bit arithmetic only). -1 when the
/// loop would not terminate. \p Step carries the sign of `-=` and `--`.
template <cmp C, class I, class B>
constexpr int64_t inner_trip_count(I Lo, B Bound, int64_t Step) {
  if (Step == 0)
    return -1;
  const uint64_t Up = uint64_t(Bound) - uint64_t(Lo), Down = uint64_t(Lo) - uint64_t(Bound);
  const uint64_t Magnitude = Step < 0 ? 0 - uint64_t(Step) : uint64_t(Step);
  uint64_t N = 0;
  switch (C) {
  case cmp::lt:
    if (!(Lo < Bound))
      return 0;
    if (Step < 0)
      return -1;
    N = (Up - 1) / Magnitude + 1;
    break;
  case cmp::le:
    if (Lo > Bound)
      return 0;
    if (Step < 0)
      return -1;
    N = Up / Magnitude + 1;
    break;
  case cmp::gt:
    if (!(Lo > Bound))
      return 0;
    if (Step > 0)
      return -1;
    N = (Down - 1) / Magnitude + 1;
    break;
  case cmp::ge:
    if (Lo < Bound)
      return 0;
    if (Step > 0)
      return -1;
    N = Down / Magnitude + 1;
    break;
  case cmp::ne: {
    if constexpr (wraps_around_v<I>)
      return wrapping_ne_trip_count<I>(Lo, Bound, uint64_t(Step));
    if (Lo == Bound)
      return 0;
    const uint64_t D = Step > 0 ? Up : Down;
    if (D % Magnitude != 0)
      return -1;
    N = D / Magnitude;
    break;
  }
  }
  return N > uint64_t(std::numeric_limits<int64_t>::max()) ? -1 : int64_t(N);
}

/// The iterations of a worker loop that this work-item's worker runs: the
/// worker's code, which the outliner makes worker-single (GangLevel.cpp).
template <class I, class F, class Storage, std::size_t... K>
void worker_rounds(I First, int64_t Stride, int64_t N, int64_t Lane, int64_t Width, F &Fn,
                   Storage &Acc, std::index_sequence<K...>) {
  for (int64_t J = Lane; J < N; J += Width) {
    F Body = Fn; // its `private` copies, one per iteration
    Body(I(uint64_t(First) + uint64_t(J) * uint64_t(Stride)), partial_at<K>(Acc)...);
  }
}

/// A `loop` construct nested in a region's iteration (a `loop` inside a
/// `parallel loop`, say), at OpenACC level \p Level (FERRY_LEVEL_*): its
/// iterations are spread over the lanes of that level of the gang running
/// the enclosing iteration (the work-items of a GPU block; on the host one
/// lane runs them all, in order), which all call this together. Reductions
/// are combined over the lanes, and every lane's variable ends with the
/// result; the lanes wait for each other at the end.
template <class I, cmp C, int Level, class L, class B, class S, class Body, class... Reds>
void inner_loop(L Lo, B Bound, S Step, int Sign, reduction_list<Reds...> Reductions, Body &&F) {
  static_assert(std::is_integral<I>::value, "an OpenACC loop variable must have integer type");
  static_assert(is_bound_like_v<B> && is_integer_like_v<S>,
                "the bound of an OpenACC loop must be a number and its step an integer");
  const I First = I(Lo);
  const int64_t Stride = int64_t(Step) * Sign;
  const int64_t N = inner_trip_count<C>(First, integer_bound<C>(Bound), Stride);
  if (N < 0)
    ferry_dev_loop_failed();
  const int64_t Lane = ferry_dev_lane(Level), Width = ferry_dev_width(Level);
  auto Index = [&](int64_t K) { return I(uint64_t(First) + uint64_t(K) * uint64_t(Stride)); };
  if constexpr (Level != FERRY_LEVEL_WORKER && sizeof...(Reds) == 0) {
    for (int64_t K = Lane; K < N; K += Width)
      F(Index(K));
    ferry_dev_sync(Level);
  } else {
    using List = reduction_list<Reds...>;
    using Storage = typename List::storage;
    static_assert(sizeof(Storage) <= FERRY_DEV_REDUCE_MAX,
                  "the reduction variables of one OpenACC loop nested in another take more "
                  "than 128 bytes");
    Storage Acc{};
    List::init(&Acc);
    if constexpr (Level == FERRY_LEVEL_WORKER) {
      // A worker loop: its iterations run in worker_rounds, which the
      // outliner prepares as worker-single code (stores on vector lane 0 of
      // the worker); the lanes of a worker hold one value of the
      // reductions, lane 0's.
      worker_rounds<I>(First, Stride, N, Lane, Width, F, Acc, std::index_sequence_for<Reds...>());
    } else {
      for (int64_t K = Lane; K < N; K += Width)
        call_with_storage(F, Index(K), Acc, std::index_sequence_for<Reds...>());
    }
    if constexpr (sizeof...(Reds) != 0) {
      // The variables' values before any lane writes them (the lanes meet
      // in ferry_dev_reduce): an array of the iteration is the gang's, in
      // group memory, and each lane writes the same result into it.
      Storage Old{};
      Reductions.load(Old);
      ferry_dev_reduce(Level, &Acc, uint32_t(sizeof(Storage)), &List::combine);
      Reductions.finish(Old, Acc);
    } else {
      ferry_dev_sync(Level);
    }
  }
}

#if defined(__clang__)
#pragma clang attribute pop
#endif
} // namespace acc
} // namespace ferry

#endif // FERRY_ACC_ACC_H
