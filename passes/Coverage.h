//===- Coverage.h - What the translation tables cover ----------*- C++ -*-===//
///
/// \file
/// The coverage table of docs/translation-coverage.md.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_COVERAGE_H
#define FERRY_PASSES_COVERAGE_H

namespace llvm {
class raw_ostream;
}

namespace ferry {

/// Prints the coverage of NVVM intrinsics and libdevice functions.
void printCoverage(llvm::raw_ostream &OS);

} // namespace ferry

#endif
