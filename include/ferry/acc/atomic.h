//===- ferry/acc/atomic.h - What `#pragma acc atomic` becomes -------------===//
///
/// \file
/// The Ferry plugin rewrites the statement of an `atomic` construct into one
/// call of these templates, with `x` passed by reference and `expr` evaluated
/// once before the call. They use the compiler's `__atomic` builtins with
/// relaxed ordering (OpenACC atomics order nothing else), which become
/// `atomicrmw` / `cmpxchg` instructions: real atomics on the host's threads,
/// and on the GPU after outlining (NVPTX `atom`, AMDGPU `global_atomic_*` or
/// a compare-and-swap loop where the target has no instruction).
///
/// The new value is computed exactly as C++ computes `x = x op expr`
/// (the usual arithmetic conversions, then conversion to the type of `x`);
/// a fetch-and-op instruction is used only where that gives the same value.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_ACC_ATOMIC_H
#define FERRY_ACC_ATOMIC_H

#include <type_traits>

namespace ferry {
namespace acc {

/// The operations of `atomic update` and `atomic capture`; `r...` are the
/// reversed forms `x = expr op x` of the operators that do not commute.
enum class atomic_op { add, sub, mul, div, band, bor, bxor, shl, shr, rsub, rdiv, rshl, rshr };

constexpr bool atomic_bitwise(atomic_op Op) {
  return Op == atomic_op::band || Op == atomic_op::bor || Op == atomic_op::bxor ||
         Op == atomic_op::shl || Op == atomic_op::shr || Op == atomic_op::rshl ||
         Op == atomic_op::rshr;
}

/// `old op e` with C++'s conversions, as the type of `x`.
template <atomic_op Op, class T, class E> T atomic_apply(T Old, const E &Ex) {
  if constexpr (atomic_bitwise(Op)) {
    static_assert(std::is_integral_v<T> && std::is_integral_v<E>,
                  "OpenACC atomic: & | ^ << >> need integer operands");
    if constexpr (Op == atomic_op::band)
      return static_cast<T>(Old & Ex);
    else if constexpr (Op == atomic_op::bor)
      return static_cast<T>(Old | Ex);
    else if constexpr (Op == atomic_op::bxor)
      return static_cast<T>(Old ^ Ex);
    else if constexpr (Op == atomic_op::shl)
      return static_cast<T>(Old << Ex);
    else if constexpr (Op == atomic_op::shr)
      return static_cast<T>(Old >> Ex);
    else if constexpr (Op == atomic_op::rshl)
      return static_cast<T>(Ex << Old);
    else
      return static_cast<T>(Ex >> Old);
  } else if constexpr (Op == atomic_op::add) {
    return static_cast<T>(Old + Ex);
  } else if constexpr (Op == atomic_op::sub) {
    return static_cast<T>(Old - Ex);
  } else if constexpr (Op == atomic_op::mul) {
    return static_cast<T>(Old * Ex);
  } else if constexpr (Op == atomic_op::div) {
    return static_cast<T>(Old / Ex);
  } else if constexpr (Op == atomic_op::rsub) {
    return static_cast<T>(Ex - Old);
  } else {
    return static_cast<T>(Ex / Old);
  }
}

/// Whether `x op= e` can be one fetch-and-op instruction: the operation is
/// done in the type of `x` (so converting `e` first changes nothing).
template <atomic_op Op, class T, class E> constexpr bool atomic_fetch_op_exact() {
  using C = std::common_type_t<T, E>;
  if (!std::is_same_v<C, T> || std::is_same_v<T, bool>)
    return false;
  if constexpr (std::is_integral_v<T>)
    return Op == atomic_op::add || Op == atomic_op::sub || Op == atomic_op::band ||
           Op == atomic_op::bor || Op == atomic_op::bxor;
  return std::is_floating_point_v<T> && (Op == atomic_op::add || Op == atomic_op::sub);
}

template <class T> void atomic_check_type() {
  static_assert(std::is_trivially_copyable_v<T> &&
                    (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8),
                "OpenACC atomic: 'x' must be a scalar of 1, 2, 4 or 8 bytes");
}

/// `x op= e`; returns the value of `x` before (\p New false) or after.
template <atomic_op Op, bool New, class T, class E> T atomic_update(T &X, const E &Ex) {
  atomic_check_type<T>();
  if constexpr (atomic_fetch_op_exact<Op, T, E>()) {
    const T V = static_cast<T>(Ex);
    T Old;
    if constexpr (Op == atomic_op::add)
      Old = __atomic_fetch_add(&X, V, __ATOMIC_RELAXED);
    else if constexpr (Op == atomic_op::sub)
      Old = __atomic_fetch_sub(&X, V, __ATOMIC_RELAXED);
    else if constexpr (Op == atomic_op::band)
      Old = __atomic_fetch_and(&X, V, __ATOMIC_RELAXED);
    else if constexpr (Op == atomic_op::bor)
      Old = __atomic_fetch_or(&X, V, __ATOMIC_RELAXED);
    else
      Old = __atomic_fetch_xor(&X, V, __ATOMIC_RELAXED);
    return New ? atomic_apply<Op>(Old, V) : Old;
  } else {
    T Old;
    __atomic_load(&X, &Old, __ATOMIC_RELAXED);
    T Desired = atomic_apply<Op>(Old, Ex);
    // Compares bytes, so a NaN in `x` does not spin forever.
    while (!__atomic_compare_exchange(&X, &Old, &Desired, /*weak=*/false, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED))
      Desired = atomic_apply<Op>(Old, Ex);
    return New ? Desired : Old;
  }
}

/// `x = f(x)` for an update whose right-hand side is not `x op expr`:
/// \p F computes the new value from the old one, as the statement does.
template <bool New, class T, class F> T atomic_update_with(T &X, F &&Fn) {
  atomic_check_type<T>();
  T Old;
  __atomic_load(&X, &Old, __ATOMIC_RELAXED);
  T Desired = static_cast<T>(Fn(Old));
  while (!__atomic_compare_exchange(&X, &Old, &Desired, /*weak=*/false, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED))
    Desired = static_cast<T>(Fn(Old));
  return New ? Desired : Old;
}

/// `v = x;`
template <class T> T atomic_read(T &X) {
  atomic_check_type<T>();
  T V;
  __atomic_load(&X, &V, __ATOMIC_RELAXED);
  return V;
}

/// `x = expr;`
template <class T, class E> void atomic_write(T &X, const E &Ex) {
  atomic_check_type<T>();
  T V = static_cast<T>(Ex);
  __atomic_store(&X, &V, __ATOMIC_RELAXED);
}

/// `{v = x; x = expr;}`: returns the old value.
template <class T, class E> T atomic_exchange(T &X, const E &Ex) {
  atomic_check_type<T>();
  T V = static_cast<T>(Ex), Old;
  __atomic_exchange(&X, &V, &Old, __ATOMIC_RELAXED);
  return Old;
}

} // namespace acc
} // namespace ferry

#endif
