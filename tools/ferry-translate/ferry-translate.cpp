//===- ferry-translate.cpp - NVVM IR in, AMDGPU IR out --------------------===//
///
/// \file
/// `ferry-translate in.{ll,bc} --offload-arch=gfx90a --emit=ll|bc -o out`:
/// a thin command line over ferry::translateToAMDGPU. Silent on success;
/// every problem is an error message and a non-zero exit status.
///
//===----------------------------------------------------------------------===//
#include "ferry/Translate.h"

#include "Coverage.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace {

cl::OptionCategory Category("ferry-translate options");

cl::opt<std::string> Input(cl::Positional, cl::desc("<input .ll or .bc>"),
                           cl::cat(Category));
cl::opt<bool> PrintCoverage(
    "print-coverage",
    cl::desc("Print which NVVM intrinsics and libdevice functions are "
             "translated (Markdown) and exit"),
    cl::cat(Category));
cl::opt<std::string> Output("o", cl::desc("Output file ('-' for stdout)"),
                            cl::value_desc("file"), cl::init("-"),
                            cl::cat(Category));
cl::list<std::string> Arches("offload-arch", cl::CommaSeparated,
                             cl::desc("AMDGPU target(s), e.g. gfx90a,gfx1100"),
                             cl::value_desc("gfx..."), cl::cat(Category));
enum class EmitKind { LL, BC };
cl::opt<EmitKind> Emit("emit", cl::desc("What to write"),
                       cl::values(clEnumValN(EmitKind::LL, "ll", "textual IR"),
                                  clEnumValN(EmitKind::BC, "bc", "bitcode")),
                       cl::init(EmitKind::LL), cl::cat(Category));
cl::opt<ferry::WaveMode> Wave(
    "wave", cl::desc("How CUDA warps run on the target"),
    cl::values(clEnumValN(ferry::WaveMode::Auto, "auto",
                          "wave32 on gfx10+, emu32 on gfx9 (default)"),
               clEnumValN(ferry::WaveMode::Wave32, "32", "native wave32"),
               clEnumValN(ferry::WaveMode::Emu32, "emu32",
                          "two CUDA warps per wave64")),
    cl::init(ferry::WaveMode::Auto), cl::cat(Category));
cl::opt<unsigned> CodeObjectVersion("code-object-version",
                                    cl::desc("AMDHSA code object version (4 or 5)"),
                                    cl::init(5), cl::cat(Category));

int fail(const Twine &Message) {
  WithColor::error(errs(), "ferry-translate") << Message << "\n";
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(argc, argv,
                              "Ferry: translate NVVM-dialect IR to AMDGPU IR\n");
  if (PrintCoverage) {
    ferry::printCoverage(outs());
    return 0;
  }
  if (Input.empty())
    return fail("no input file");
  if (Arches.empty())
    Arches.push_back("gfx90a");
  if (Arches.size() != 1)
    return fail("--emit=ll|bc writes one module: give exactly one "
                "--offload-arch");

  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseIRFile(Input, Err, Ctx);
  if (!M) {
    Err.print("ferry-translate", errs());
    return 1;
  }
  ferry::TargetOptions Opts;
  Opts.Arch = Arches.front();
  Opts.Wave = Wave;
  Opts.CodeObjectVersion = CodeObjectVersion;
  if (Error E = ferry::translateToAMDGPU(*M, Opts)) {
    // One line per untranslatable construct.
    SmallVector<StringRef, 8> Lines;
    std::string Text = toString(std::move(E));
    StringRef(Text).split(Lines, '\n', -1, /*KeepEmpty=*/false);
    for (StringRef Line : Lines)
      fail(Input + ": " + Line);
    return 1;
  }
  std::string Broken;
  raw_string_ostream BrokenOS(Broken);
  if (verifyModule(*M, &BrokenOS))
    return fail("internal error: translated module is invalid:\n" + Broken);

  std::error_code EC;
  ToolOutputFile Out(Output, EC,
                     Emit == EmitKind::LL ? sys::fs::OF_Text : sys::fs::OF_None);
  if (EC)
    return fail("cannot write '" + Output + "': " + EC.message());
  if (Emit == EmitKind::LL)
    M->print(Out.os(), nullptr);
  else
    WriteBitcodeToFile(*M, Out.os());
  Out.keep();
  return 0;
}
