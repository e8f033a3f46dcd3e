//===- translate_corpus.cpp - Time the translation of the corpus ----------===//
///
/// \file
/// Parses every module of the translation corpus and translates it for one
/// target, in process, several rounds; reports the best round's total next
/// to the reference, which is parsing the same IR (what any consumer of the
/// modules pays anyway), and their ratio.
///   translate_corpus <target> <file.ll>...
///
//===----------------------------------------------------------------------===//
#include "ferry/Translate.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <vector>

using namespace llvm;
using Clock = std::chrono::steady_clock;

int main(int argc, char **argv) {
  if (argc < 3) {
    errs() << "usage: translate_corpus <target> <file.ll>...\n";
    return 2;
  }
  std::vector<std::unique_ptr<MemoryBuffer>> Inputs;
  for (int I = 2; I < argc; ++I) {
    auto B = MemoryBuffer::getFile(argv[I]);
    if (!B) {
      errs() << argv[I] << ": " << B.getError().message() << "\n";
      return 1;
    }
    Inputs.push_back(std::move(*B));
  }
  ferry::TargetOptions Opts;
  Opts.Arch = argv[1];
  double BestParse = 1e9, BestTotal = 1e9;
  for (int Round = 0; Round < 5; ++Round) {
    double Parse = 0, Total = 0;
    for (auto &In : Inputs) {
      LLVMContext Ctx;
      SMDiagnostic Err;
      auto T0 = Clock::now();
      std::unique_ptr<Module> M = parseIR(In->getMemBufferRef(), Err, Ctx);
      auto T1 = Clock::now();
      if (!M) {
        Err.print("translate_corpus", errs());
        return 1;
      }
      if (Error E = ferry::translateToAMDGPU(*M, Opts)) {
        errs() << In->getBufferIdentifier() << ": " << toString(std::move(E)) << "\n";
        return 1;
      }
      auto T2 = Clock::now();
      Parse += std::chrono::duration<double>(T1 - T0).count();
      Total += std::chrono::duration<double>(T2 - T0).count();
    }
    BestParse = std::min(BestParse, Parse);
    BestTotal = std::min(BestTotal, Total);
  }
  outs() << format("%-8s %3zu modules  parse (reference) %7.1f ms  parse+translate "
                   "%7.1f ms  translate alone %7.1f ms  ratio %.2f\n",
                   argv[1], Inputs.size(), BestParse * 1e3, BestTotal * 1e3,
                   (BestTotal - BestParse) * 1e3, BestTotal / BestParse);
  return 0;
}
