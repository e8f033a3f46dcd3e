//===- DirectiveFuzzer.cpp - libFuzzer target: '#pragma acc' handling -----===//
///
/// \file
/// Feeds a `#pragma acc` line and the statement after it to Ferry's pragma
/// handler (directive parser, clause checks, loop and block rewriters) and
/// to Sema, in-process: the input's first line follows `#pragma acc`, the
/// rest is the associated statement, inside a function with the usual
/// variables in scope. <ferry/acc/acc.h> comes from a PCH built once, so an
/// input costs a small parse. With remarks on, and the device-code checker
/// running as it does in a compile with device targets.
///
/// FERRY_FUZZ_VERBOSE=1 prints the translation unit and Clang's
/// diagnostics (to reproduce a finding by hand).
///
//===----------------------------------------------------------------------===//
#include "AccPragmaHandler.h"
#include "DeviceCodeChecker.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <unistd.h>
#include <vector>

using namespace clang;

namespace {

bool Verbose = false;
std::string PCHPath;

/// Swaps Ferry's handler in once the Parser has installed clang's (as the
/// plugin does), and checks device code at the end of the unit.
class FerryConsumer : public SemaConsumer {
public:
  explicit FerryConsumer(Preprocessor &PP) : PP(PP) {
    Handler.context().setRemarks(true);
    Handler.context().setMissedRemarks(true);
  }
  void InitializeSema(Sema &S) override {
    Handler.context().setSema(&S);
    PP.RemovePragmaHandler(&Handler);
    PP.AddPragmaHandler(&Handler);
  }
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (!PP.getDiagnostics().hasErrorOccurred())
      ferry::plugin::checkDeviceCode(Ctx, PP.getDiagnostics(), /*Names=*/nullptr);
  }

private:
  Preprocessor &PP;
  ferry::plugin::AccPragmaHandler Handler;
};

class FerrySyntaxOnlyAction : public SyntaxOnlyAction {
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    return std::make_unique<FerryConsumer>(CI.getPreprocessor());
  }
};

/// Runs \p Action on \p Source (named \p Name) with driver arguments
/// \p Args (the driver finds the C++ library headers and the resource
/// directory as clang++ does); false when they make no invocation.
bool run(FrontendAction &Action, const std::vector<std::string> &Args, StringRef Name,
         StringRef Source, StringRef Output = "") {
  DiagnosticOptions *DiagOpts = new DiagnosticOptions();
  DiagnosticConsumer *Consumer =
      Verbose ? static_cast<DiagnosticConsumer *>(new TextDiagnosticPrinter(llvm::errs(), DiagOpts))
              : new IgnoringDiagConsumer();
  IntrusiveRefCntPtr<DiagnosticsEngine> Diags(new DiagnosticsEngine(
      IntrusiveRefCntPtr<DiagnosticIDs>(new DiagnosticIDs()), DiagOpts, Consumer,
      /*ShouldOwnClient=*/true));
  std::vector<const char *> Argv;
  for (const std::string &A : Args)
    Argv.push_back(A.c_str());
  CreateInvocationOptions Opts;
  Opts.Diags = Diags;
  std::shared_ptr<CompilerInvocation> Inv = createInvocation(Argv, std::move(Opts));
  if (!Inv)
    return false;
  Inv->getPreprocessorOpts().addRemappedFile(
      Name, llvm::MemoryBuffer::getMemBufferCopy(Source, Name).release());
  Inv->getFrontendOpts().DisableFree = false;
  if (!Output.empty())
    Inv->getFrontendOpts().OutputFile = Output.str();
  CompilerInstance CI;
  CI.setInvocation(std::move(Inv));
  CI.createDiagnostics(Consumer, /*ShouldOwnClient=*/false);
  CI.ExecuteAction(Action);
  return true;
}

std::vector<std::string> baseArgs() {
  return {FERRY_FUZZ_CLANGXX, "-std=c++17", "-O2", "-I", FERRY_FUZZ_INCLUDE_DIR,
          "-D_OPENACC=201811", "-Wno-everything"};
}

/// The variables and types the statements of the corpus use.
const char Prologue[] = "struct P { float x, y; float *p; };\n"
                        "float g[64]; int gi;\n"
                        "#pragma acc declare create(gi)\n"
                        "int h(int);\n"
                        "void f(int n, int m, float *a, float *b, double s, float (*t)[8],\n"
                        "       P q, long *r, unsigned u, int *idx) {\n"
                        "  float c[16]; double sum = 0; int k = 0, j = 0;\n";

} // namespace

/// LLVM's and Clang's inline allocator code, compiled here with ASan, poisons
/// slabs that the uninstrumented libraries then use: manual poisoning off.
extern "C" const char *__asan_default_options() { return "allow_user_poisoning=0"; }

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  Verbose = std::getenv("FERRY_FUZZ_VERBOSE") != nullptr;
  llvm::SmallString<128> Path;
  llvm::sys::fs::createTemporaryFile("ferry-fuzz-acc", "pch", Path);
  PCHPath = std::string(Path);
  std::vector<std::string> Args = baseArgs();
  Args.insert(Args.end(), {"-x", "c++-header", "ferry-fuzz-acc.h"});
  GeneratePCHAction Action;
  uint64_t PCHSize = 0;
  if (!run(Action, Args, "ferry-fuzz-acc.h", "#include <ferry/acc/acc.h>\n", PCHPath) ||
      llvm::sys::fs::file_size(PCHPath, PCHSize) || PCHSize == 0) {
    llvm::errs() << "ferry-fuzz-directive: cannot build the PCH of <ferry/acc/acc.h>\n";
    std::exit(1);
  }
  std::atexit([] { ::unlink(PCHPath.c_str()); });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 4096)
    return -1;
  std::string Input(reinterpret_cast<const char *>(Data), Size);
  // The directive's continuation lines stay part of it, as in a source file.
  const size_t Newline = Input.find('\n');
  std::string Line = Input.substr(0, Newline);
  std::string Statement = Newline == std::string::npos ? "" : Input.substr(Newline + 1);
  std::string Source = Prologue;
  Source += "#pragma acc " + Line + "\n" + Statement + "\n}\n";
  if (Verbose)
    llvm::errs() << "---- input.cpp\n" << Source << "----\n";
  std::vector<std::string> Args = baseArgs();
  Args.insert(Args.end(), {"-fsyntax-only", "-include-pch", PCHPath, "input.cpp"});
  FerrySyntaxOnlyAction Action;
  run(Action, Args, "input.cpp", Source);
  return 0;
}
