//===- BackendSafety.h - Compile it or refuse it before codegen -*- C++ -*-===//
///
/// \file
/// LLVM 19's AMDGPU and NVPTX backends abort the process (`LLVM ERROR`,
/// segmentation faults) on some valid IR instead of diagnosing it. Every
/// module Ferry compiles -- from the plugin's outliner, ferry-translate or
/// the C++ API -- goes through the two checks here, so such IR is refused
/// with a diagnostic naming the construct, the function and the source
/// location before any backend sees it:
///  - checkNVVMInput, first, on the NVVM module (both pipelines);
///  - prepareForCodegen, last, on the module about to be compiled: it
///    rewrites what has an exact equivalent the backend can compile (NVPTX:
///    `fence` -> `membar`, wide integer <-> floating-point conversions;
///    aliases -> their aliasees) and reports the rest.
/// docs/lowering.md, "What is refused before codegen, and why", lists them.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_BACKENDSAFETY_H
#define FERRY_PASSES_BACKENDSAFETY_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace ferry {

/// The code generator a module is prepared for.
enum class CodegenTarget { AMDGPU, NVPTX };

/// Checks what both pipelines require of NVVM input: an NVPTX (or empty)
/// target triple -- the returned error otherwise -- and, reported to the
/// module's context, well-formed `!nvvm.annotations` entries and kernels
/// that return nothing (no `sret` parameter).
llvm::Error checkNVVMInput(llvm::Module &M);

/// Rewrites and checks \p M for \p Target's code generator (see the file
/// comment). Problems are reported to the module's context; returns how many.
unsigned prepareForCodegen(llvm::Module &M, CodegenTarget Target);

/// prepareForCodegen as a pass (`ferry-prepare-codegen-amdgpu`,
/// `ferry-prepare-codegen-nvptx`), for tests.
class PrepareForCodegenPass
    : public llvm::PassInfoMixin<PrepareForCodegenPass> {
public:
  explicit PrepareForCodegenPass(CodegenTarget Target) : Target(Target) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  CodegenTarget Target;
};

/// Expands `sitofp`/`uitofp`/`fptosi`/`fptoui` between integers wider than
/// 64 bits (up to 128) and half, float or double into 64-bit conversions,
/// correctly rounded. Reports the ones it cannot expand; returns how many.
unsigned expandWideIntFPConversions(llvm::Function &F);

/// AMDGPU (LLVM 19) cannot select a conversion of i1 to bfloat ("Cannot
/// select: bf16 = uint_to_fp"): such conversions of \p F become selects of
/// the two values.
void expandBoolToBFloat(llvm::Function &F);

} // namespace ferry

#endif
