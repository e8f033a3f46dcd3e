//===- LaunchBraces.h - Braced launch configurations for ferry-nvcc -*- C++ -*-===//
///
/// \file
/// nvcc accepts a braced list as a grid or block operand of a kernel
/// launch, `k<<<grid, {bx, by, 1}, 0, s>>>` (the operand initializes the
/// launch's dim3 parameter); clang 19 parses each operand as an expression
/// and stops at the brace ("expected expression"). ferry-nvcc compiles such
/// a file from a copy whose braced grid and block operands are spelled
/// `dim3{...}`, remapped onto the file's own name (clang's -remap-file), so
/// its includes, `__FILE__`, line numbers and dependency files are the
/// file's; NvccSpellings.h applies it with nvcc's other spellings, to the
/// headers the file includes too. Launches that macros produce are not
/// rewritten. The same scan finds OpenACC directives, which a CUDA source's
/// compiles ignore.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_TOOLS_NVCC_LAUNCHBRACES_H
#define FERRY_TOOLS_NVCC_LAUNCHBRACES_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace ferry {
namespace nvcc {

/// Where the code of \p S after \p Pos continues when a comment or a
/// string or character literal starts at Pos (raw strings too); Pos itself
/// otherwise.
size_t skipNonCode(llvm::StringRef S, size_t Pos);

/// The end of the identifier characters (letters, digits, `_`) of \p S
/// from \p Pos on; Pos itself where there are none.
size_t identifierEnd(llvm::StringRef S, size_t Pos);

/// \p Source with `dim3` before each braced grid or block operand of a
/// `<<<...>>>` launch configuration; std::nullopt where it has none.
std::optional<std::string> braceLaunchConfigurations(llvm::StringRef Source);

/// The line (from 1) of the first OpenACC directive in \p Source, `#pragma
/// acc` or `_Pragma("acc ...")` outside comments; std::nullopt where it has
/// none. CUDA compiles do not run Ferry's OpenACC plugin (docs/cuda.md).
std::optional<unsigned> firstOpenACCDirective(llvm::StringRef Source);

} // namespace nvcc
} // namespace ferry

#endif
