//===- LowerNVVMIntrinsics.cpp - llvm.nvvm.* calls to AMDGPU IR -----------===//
///
/// \file
/// Replaces every call of an llvm.nvvm.* function by the lowering its row in
/// NVVMIntrinsics.def names. Overloaded intrinsics are looked up by their
/// base name; names LLVM does not know (libNVVM's shfl.sync.i32, CUDA's
/// tanh.approx.f32) by their full name. Names with no row are left for the
/// final checker, which rejects them.
///
//===----------------------------------------------------------------------===//
#include "IntrinsicLowering.h"
#include "ModuleHelpers.h"
#include "TranslationPasses.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#define DEBUG_TYPE "ferry-lower-nvvm-intrinsics"

using namespace llvm;

namespace ferry {

/// The name a function is looked up by in the table.
static StringRef lookupName(const Function &F) {
  if (Intrinsic::ID ID = F.getIntrinsicID())
    return Intrinsic::getBaseName(ID);
  return F.getName();
}

/// The types of the names LLVM does not know as intrinsics, so its verifier
/// does not check them (checkNVVMInput verifies the others): each lowering
/// reads the operands its row's declaration has.
static const struct {
  const char *Name;
  const char *Types[2]; ///< as LLVM prints a FunctionType; a second spelling
} NonIntrinsicSignatures[] = {
    {"llvm.nvvm.tanh.approx.f32", {"float (float)"}},
    {"llvm.nvvm.shfl.sync.i32", {"{ i32, i1 } (i32, i32, i32, i32, i32)"}},
    {"llvm.nvvm.vote.sync", {"{ i32, i1 } (i32, i32, i1)"}},
    {"llvm.nvvm.membar", {"void (i32)"}},
    {"llvm.nvvm.match.all.sync.i32", {"{ i32, i1 } (i32, i32)"}},
    {"llvm.nvvm.match.all.sync.i64", {"{ i32, i1 } (i32, i64)"}},
    {"llvm.nvvm.mma.m16n8k8.row.col.f16.f32",
     {"{ <2 x half>, <2 x half> } (<2 x half>, <2 x half>, <2 x half>, float, float, float, "
      "float)"}},
    {"llvm.nvvm.mma.m16n8k8.row.col.f32.f16",
     {"{ float, float, float, float } (<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x "
      "half>)"}},
};

/// "" or why calls of \p F cannot be lowered: its type is not the one its
/// row reads.
static std::string signatureProblem(const Function &F, const IntrinsicRow &Row) {
  if (F.getIntrinsicID() || !Row.Handler)
    return ""; // checked by the verifier; a refusal reads no operands
  std::string Type;
  raw_string_ostream OS(Type);
  F.getFunctionType()->print(OS);
  // stmatrix (LLVM 19 has none; the inline-PTX translator writes it): its
  // lowering checks the operands against the name.
  if (Row.HandlerName == "lowerMatrixMove")
    return "";
  for (const auto &S : NonIntrinsicSignatures) {
    if (F.getName() != S.Name)
      continue;
    for (const char *Expected : S.Types)
      if (Expected && Type == Expected)
        return "";
    return "'" + F.getName().str() + "' is declared as '" + Type + "'; its type is '" +
           S.Types[0] + "'";
  }
  // A name of a row's family that is neither LLVM's nor in the table above
  // ("llvm.nvvm.add.rn.rn.f"): the row's lowering would read operands the
  // call may not have.
  return "'" + F.getName().str() + "' is not an NVVM intrinsic LLVM 19 or libNVVM knows";
}

PreservedAnalyses LowerNVVMIntrinsicsPass::run(Module &M,
                                               ModuleAnalysisManager &) {
  bool Changed = false;
  // A device function that passes its parameter as a barrier's id (CUDA
  // 13's __barrier_sync(unsigned), which cooperative groups' sync() calls)
  // is not inlined at -O0: inlined here, the id is its callers' constant.
  for (StringRef Name : {"llvm.nvvm.barrier.sync", "llvm.nvvm.bar.sync", "llvm.nvvm.barrier.sync.cnt"})
    if (Function *F = M.getFunction(Name))
      Changed |= inlineParameterWrappers(*F, 0);
  for (Function &F : make_early_inc_range(M)) {
    if (!F.getName().starts_with("llvm.nvvm."))
      continue;
    StringRef Name = lookupName(F);
    const IntrinsicRow *Row = findIntrinsicRow(Name);
    if (!Row)
      continue;
    const std::string Problem = signatureProblem(F, *Row);
    Changed |= lowerDirectCalls(F, [&](CallInst &CI) {
      IntrinsicLowering L(CI, Name, T);
      if (!Problem.empty())
        L.replaceCall(L.fail(Problem));
      else
        L.replaceCall(Row->Handler    ? Row->Handler(L, Row->Arg)
                      : Row->Diagnose ? Row->Diagnose(L, Row->Arg)
                                      : L.fail(Row->Reason));
    });
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ferry
