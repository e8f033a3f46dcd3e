//===- DiagnosticCollector.h - Diagnostics into an llvm::Error -*- C++ -*-===//
///
/// \file
/// While alive, collects the errors reported through an LLVMContext (instead
/// of the default handler, which exits on the first one) so that library
/// entry points can return them as one llvm::Error.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_DIAGNOSTICCOLLECTOR_H
#define FERRY_PASSES_DIAGNOSTICCOLLECTOR_H

#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace ferry {

class DiagnosticCollector {
public:
  explicit DiagnosticCollector(llvm::LLVMContext &Ctx);
  ~DiagnosticCollector();
  DiagnosticCollector(const DiagnosticCollector &) = delete;
  DiagnosticCollector &operator=(const DiagnosticCollector &) = delete;

  /// The errors so far, one per line, or success.
  llvm::Error takeError();

private:
  llvm::LLVMContext &Ctx;
  std::unique_ptr<llvm::DiagnosticHandler> Previous;
  std::shared_ptr<std::vector<std::string>> Errors;
};

} // namespace ferry

#endif
