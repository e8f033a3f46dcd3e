//===- ComplexLibcalls.h - Complex libcalls in device code ------*- C++ -*-===//
///
/// \file
/// Clang compiles `_Complex` and std::complex multiplication and division
/// into calls of compiler-rt's __mulsc3, __muldc3, __divsc3 and __divdc3
/// (C99 Annex G: infinities and NaNs), which GPU code does not have. The
/// device module gets a definition of each one its regions call, with the
/// signature the host's ABI gave the call, forwarding to Ferry's device
/// library (__ferry_complex_mul and __ferry_complex_div, in double). The
/// same is done for cabs, carg, cexp, clog, csqrt, csin and ccos (and
/// std::abs, std::exp, ... of std::complex, which call them).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_COMPLEXLIBCALLS_H
#define FERRY_PLUGIN_COMPLEXLIBCALLS_H

#include "llvm/IR/Module.h"

namespace ferry {
namespace plugin {

/// Defines the complex libcalls \p Dev declares, and the complex functions
/// of <complex.h> Ferry's device code has (cabs, carg, cexp, clog, csqrt,
/// csin, ccos and their float forms: from the parts, with the real math
/// functions); before the device library is linked, which provides what
/// the definitions call.
void defineComplexLibcalls(llvm::Module &Dev);

/// Whether \p Name is one of those complex functions (regions may call
/// them).
bool isDeviceComplexFunction(llvm::StringRef Name);

} // namespace plugin
} // namespace ferry

#endif
