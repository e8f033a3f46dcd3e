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
