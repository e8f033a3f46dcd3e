//===- PtxFunctionTable.h - Device-function addresses of PTX ----*- C++ -*-===//
///
/// \file
/// The CUDA driver has no query for the address of a device function, only
/// for variables (cuModuleGetGlobal). So for a PTX image that defines
/// `.visible` or `.weak` functions, the CUDA backend links a small PTX module
/// next to it: for each function its declaration (`.extern .func ...;`) and a
/// variable `__ferry_fn_NAME` initialized with its address, which the driver
/// relocates at load. This file reads what is needed from the PTX text (its
/// header directives, kernels and functions; plain string code, no LLVM) and
/// writes that table.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CUDA_PTXFUNCTIONTABLE_H
#define FERRY_RUNTIME_CUDA_PTXFUNCTIONTABLE_H

#include <string>
#include <string_view>
#include <vector>

namespace ferry {

/// A device function that a PTX image defines for other images.
struct PtxFunction {
  std::string Name;
  /// Its header after `.func`, comments removed: attributes, return and
  /// parameter lists, `.noreturn`; e.g. `(.param .b32 func_retval0)
  /// twice(.param .b32 twice_param_0)` (line breaks kept).
  std::string Header;
};

/// What the address table needs of a PTX image.
struct PtxScan {
  std::string Version;     ///< the `.version` directive, e.g. ".version 7.8"
  std::string Target;      ///< the `.target` directive, e.g. ".target sm_90"
  std::string AddressSize; ///< the `.address_size` directive, or ""
  /// The `.visible` and `.weak` function definitions, each once, in order
  /// (forward declarations, `.extern` and file-local functions are not).
  std::vector<PtxFunction> Functions;
  std::vector<std::string> Kernels; ///< every `.entry`
};

/// The table's variable for function NAME is FunctionAddressPrefix + NAME.
inline constexpr std::string_view FunctionAddressPrefix = "__ferry_fn_";

/// Scans PTX text at its top level (function bodies and initializers are
/// skipped). Returns "" or what is wrong, with the line: an unterminated
/// comment, string or block, a `.func` header without a name or an end, a
/// missing `.version` or `.target`.
std::string scanPtx(std::string_view Text, PtxScan &Out);

/// A PTX module, with \p Scan's `.version`, `.target` and `.address_size`,
/// that declares each of \p Scan's functions and defines its address
/// variable: `.visible .global .align 8 .u64 __ferry_fn_NAME = NAME;`
/// (`.u32` for 32-bit addresses).
std::string functionAddressTable(const PtxScan &Scan);

} // namespace ferry

#endif
