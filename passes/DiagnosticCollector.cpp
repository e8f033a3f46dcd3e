//===- DiagnosticCollector.cpp - Diagnostics into an llvm::Error ----------===//
///
/// \file
/// Implementation of DiagnosticCollector.
///
//===----------------------------------------------------------------------===//
#include "DiagnosticCollector.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ferry {
namespace {

class CollectingHandler : public DiagnosticHandler {
public:
  explicit CollectingHandler(std::shared_ptr<std::vector<std::string>> Errors)
      : Errors(std::move(Errors)) {}
  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (DI.getSeverity() != DS_Error)
      return true; // warnings and remarks are not failures
    std::string Text;
    raw_string_ostream OS(Text);
    DiagnosticPrinterRawOStream DP(OS);
    DI.print(DP);
    // A diagnostic without a debug location prints "<unknown>:0:0: " first
    // (AMDGPU's "stack frame size ... exceeds limit"): it names its function.
    StringRef Message(Text);
    Message.consume_front("<unknown>:0:0: ");
    Errors->push_back(Message.str());
    return true;
  }

private:
  std::shared_ptr<std::vector<std::string>> Errors;
};

} // namespace

DiagnosticCollector::DiagnosticCollector(LLVMContext &Ctx)
    : Ctx(Ctx), Errors(std::make_shared<std::vector<std::string>>()) {
  Previous = Ctx.getDiagnosticHandler();
  Ctx.setDiagnosticHandler(std::make_unique<CollectingHandler>(Errors));
}

DiagnosticCollector::~DiagnosticCollector() {
  Ctx.setDiagnosticHandler(std::move(Previous));
}

Error DiagnosticCollector::takeError() {
  if (Errors->empty())
    return Error::success();
  std::string All;
  for (const std::string &E : *Errors)
    All += (All.empty() ? "" : "\n") + E;
  Errors->clear();
  return createStringError(inconvertibleErrorCode(), All);
}

} // namespace ferry
