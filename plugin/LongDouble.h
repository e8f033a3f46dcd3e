//===- LongDouble.h - long double in device code ----------------*- C++ -*-===//
///
/// \file
/// The device module comes from the host's IR, where `long double` is x87's
/// 80-bit format (x86_fp80, 16 bytes in memory). GPUs have no such type:
/// their code computes in double, and reads and writes the host's 80-bit
/// values in memory, converting on each load and store, so that data in
/// `long double` arrays and reduction results keep the host's layout and
/// the host reads correct values (rounded to double's precision). Uses it
/// cannot give that meaning (a function that takes or returns long double,
/// `_Complex long double`, atomics, bit casts) are refused with a message
/// naming the function.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_LONGDOUBLE_H
#define FERRY_PLUGIN_LONGDOUBLE_H

#include "llvm/IR/Module.h"

#include <string>

namespace ferry {
namespace plugin {

/// Whether \p Name is a C math function on long double that device code
/// computes with the device library's double version (`sqrtl` -> `sqrt`).
bool isLongDoubleMath(llvm::StringRef Name);

/// Demotes every x86_fp80 computation of \p Dev to double. False, with the
/// reason in \p Error, where a use cannot be demoted.
bool demoteLongDouble(llvm::Module &Dev, std::string &Error);

} // namespace plugin
} // namespace ferry

#endif
