//===- NvccSpellings.h - What nvcc accepts and clang 19 refuses -*- C++ -*-===//
///
/// \file
/// Spellings nvcc's front end accepts and clang 19 refuses, which ferry-nvcc
/// rewrites in a copy of the CUDA source or of a header it includes; the
/// copy is compiled under the file's own name (clang's -remap-file), with
/// its lines where they were:
/// - a macro whose replacement is a pragma, `#define PRAGMA_UNROLL #pragma
///   unroll` (moderngpu; clang: "expected expression" where it is used) is
///   spelled `_Pragma("unroll")`;
/// - an extended asm statement that names a PTX special register with one
///   `%`, `asm("mov.u32 %0, %laneid;" : "=r"(l))` (gardenia; clang: "invalid
///   % escape"), gets `%%laneid`, the PTX nvcc writes for it;
/// - `using std::malloc;` and `using std::free;` outside braces (clang's
///   CUDA wrapper declares device functions of those names in std, which
///   conflict with `::malloc` there) become comments: unqualified calls find
///   `::malloc` and `::free` without them;
/// - `__shared__ alignas(N) T x;` (clang: "an attribute list cannot appear
///   here") becomes `alignas(N) __shared__ T x;`;
/// - in a function, `__shared__ T x;` or `__shared__ T x[N];` whose T
///   names a libcu++ barrier or pipeline state (a word `barrier` or
///   `pipeline_shared_state` in it), which nvcc declares with a warning and
///   constructs not (#20054-D; clang: "initialization is not supported for
///   __shared__ variables"), becomes storage no constructor runs on and a
///   reference of the declared name: `__shared__ unsigned char
///   __ferry_shared_x alignas(T) [sizeof(T[N])]; T (&x)[N] =
///   *reinterpret_cast<T (*)[N]>(__ferry_shared_x);`;
/// - braced launch operands (LaunchBraces.h).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_TOOLS_NVCC_NVCCSPELLINGS_H
#define FERRY_TOOLS_NVCC_NVCCSPELLINGS_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace ferry {
namespace nvcc {

/// \p Source with the rewrites above; std::nullopt where none applies.
std::optional<std::string> rewriteNvccSpellings(llvm::StringRef Source);

/// A file named by an `#include` line: `"Name"` (Quoted) or `<Name>`.
struct IncludedName {
  std::string Name;
  bool Quoted;
};

/// The files \p Source's `#include` lines name, in order, whatever
/// conditional they are under (a macro naming the file is not followed).
std::vector<IncludedName> includedNames(llvm::StringRef Source);

} // namespace nvcc
} // namespace ferry

#endif
