//===- CodeObjectStats.h - Per-kernel resources of a code object -*- C++ -*-===//
///
/// \file
/// Reads the AMDGPU metadata note (MessagePack) of an HSA code object and
/// prints each kernel's register, LDS, scratch and wave-size figures.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_CODEOBJECTSTATS_H
#define FERRY_PASSES_CODEOBJECTSTATS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
class raw_ostream;
namespace msgpack {
class Document;
}
} // namespace llvm

namespace ferry {

/// Parses the NT_AMDGPU_METADATA note of \p CodeObject into \p Doc.
llvm::Error readCodeObjectMetadata(llvm::StringRef CodeObject,
                                   llvm::msgpack::Document &Doc);

/// Prints one line per kernel: name, VGPRs, AGPRs, SGPRs, LDS, scratch,
/// wavefront size, and what limits occupancy first.
llvm::Error printCodeObjectStats(llvm::StringRef CodeObject, llvm::raw_ostream &OS);

} // namespace ferry

#endif
