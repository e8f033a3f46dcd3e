//===- HardwareInstructions.cpp - IR operations one instruction does ------===//
///
/// \file
/// Two things the translation writes as exact IR, which LLVM 19's AMDGPU
/// backend expands although one instruction does them, become that
/// instruction (inline assembly, which no optimization can reinterpret)
/// after the optimization pipeline, right before code generation:
///
/// - PTX's float -> integer conversions saturate and give 0 for NaN; the
///   translation writes `llvm.fpto[su]i.sat`, which LLVM 19 expands into the
///   conversion plus compares and selects for the bounds and NaN (five
///   instructions and two registers more). gfx9 and later's `v_cvt_i32_f32`,
///   `v_cvt_u32_f32`, `v_cvt_i32_f64` and `v_cvt_u32_f64` clamp
///   out-of-range values (infinities included) to the integer range and
///   convert NaN to 0 -- exactly the `.sat` intrinsics' semantics (LLVM
///   itself later selects the intrinsics to these instructions,
///   llvm-project#174726). A plain `fptosi` would also select to them, but
///   its out-of-range result is poison that the optimizer may exploit; the
///   assembly cannot be. Constant operands keep the intrinsic (it folds).
/// - Directed-rounding add, mul and fma (passes/DirectedRounding.cpp) are
///   calls of strictfp helpers `__ferry_{add,mul,fma}_{rz,rd,ru}_{f32,f64}`:
///   set the rounding mode, the operation, round to nearest again. A call
///   makes the kernel save and restore registers around it; inline, the
///   same instructions need none. One assembly block keeps the three
///   together, so that nothing else runs in the directed mode: only the
///   round bits of the operation's type change (MODE[1:0] f32, [3:2] f64;
///   0 nearest, 1 +inf, 2 -inf, 3 toward zero) with `s_setreg_imm32_b32`,
///   and on gfx9 and older `s_nop 1` on both sides gives the two wait states
///   a write of MODE needs after and before another one (the hazard
///   recognizer does not look into assembly); gfx10 and later write them
///   with `s_round_mode`, which needs none.
///
//===----------------------------------------------------------------------===//
#include "HardwareInstructions.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/TargetParser.h"


using namespace llvm;

namespace ferry {
namespace {

/// The instruction of a saturating conversion to i32, or "".
StringRef conversionFor(const IntrinsicInst &II) {
  const bool Signed = II.getIntrinsicID() == Intrinsic::fptosi_sat;
  if (!Signed && II.getIntrinsicID() != Intrinsic::fptoui_sat)
    return "";
  Type *From = II.getArgOperand(0)->getType();
  if (!II.getType()->isIntegerTy(32) || isa<Constant>(II.getArgOperand(0)))
    return "";
  if (From->isFloatTy())
    return Signed ? "v_cvt_i32_f32" : "v_cvt_u32_f32";
  if (From->isDoubleTy())
    return Signed ? "v_cvt_i32_f64" : "v_cvt_u32_f64";
  return "";
}

/// What a directed-rounding helper computes, read from its body (the
/// optimizer may have dropped parameters and put constants in their place).
struct RoundedOperation {
  StringRef Op;                      ///< add, mul, fma
  unsigned RoundBits;                ///< MODE's encoding of the direction
  bool Double;
  SmallVector<Value *, 3> Operands;  ///< arguments of the helper or constants
};

std::optional<RoundedOperation> roundedOperation(const Function &F) {
  if (F.isDeclaration() || !F.hasLocalLinkage() || !F.hasFnAttribute(Attribute::StrictFP) ||
      !F.getName().starts_with("__ferry_") || F.size() != 1)
    return std::nullopt;
  // set.rounding(M); R = constrained op; set.rounding(1); ret R
  SmallVector<const Instruction *, 4> Body;
  for (const Instruction &I : F.getEntryBlock())
    Body.push_back(&I);
  if (Body.size() != 4)
    return std::nullopt;
  auto Mode = [](const Instruction *I) -> std::optional<uint64_t> {
    auto *II = dyn_cast<IntrinsicInst>(I);
    if (!II || II->getIntrinsicID() != Intrinsic::set_rounding)
      return std::nullopt;
    if (auto *C = dyn_cast<ConstantInt>(II->getArgOperand(0)))
      return C->getZExtValue();
    return std::nullopt;
  };
  auto *Op = dyn_cast<ConstrainedFPIntrinsic>(Body[1]);
  auto *Ret = dyn_cast<ReturnInst>(Body[3]);
  std::optional<uint64_t> Set = Mode(Body[0]), Reset = Mode(Body[2]);
  if (!Op || !Ret || Ret->getReturnValue() != Op || !Set || Reset != 1u)
    return std::nullopt;
  // FLT_ROUNDS: 0 toward zero, 2 upward, 3 downward -> MODE's 3, 1, 2.
  const unsigned Bits = *Set == 0 ? 3 : *Set == 2 ? 1 : *Set == 3 ? 2 : 0;
  StringRef Name = Op->getIntrinsicID() == Intrinsic::experimental_constrained_fadd   ? "add"
                   : Op->getIntrinsicID() == Intrinsic::experimental_constrained_fmul ? "mul"
                   : Op->getIntrinsicID() == Intrinsic::experimental_constrained_fma  ? "fma"
                                                                                      : "";
  Type *Ty = Op->getType();
  if (!Bits || Name.empty() || !(Ty->isFloatTy() || Ty->isDoubleTy()))
    return std::nullopt;
  RoundedOperation R{Name, Bits, Ty->isDoubleTy(), {}};
  for (unsigned I = 0, E = Op->getNonMetadataArgCount(); I != E; ++I)
    R.Operands.push_back(Op->getArgOperand(I));
  return R;
}

/// The assembly of \p R on an ISA of major version \p Major, reading its
/// operands from \p Names ("$N").
std::string roundedAsm(const RoundedOperation &R, unsigned Major, ArrayRef<std::string> Names) {
  std::string Op = ("v_" + R.Op + (R.Double ? "_f64 " : "_f32 ")).str() + "$0";
  for (const std::string &N : Names)
    Op += ", " + N;
  const unsigned Shift = R.Double ? 2 : 0;
  if (Major >= 10)
    return "s_round_mode " + std::to_string(R.RoundBits << Shift) + "\n\t" + Op +
           "\n\ts_round_mode 0";
  std::string Field = "hwreg(HW_REG_MODE, " + std::to_string(Shift) + ", 2)";
  return "s_nop 1\n\ts_setreg_imm32_b32 " + Field + ", " + std::to_string(R.RoundBits) +
         "\n\t" + Op + "\n\ts_nop 1\n\ts_setreg_imm32_b32 " + Field + ", 0\n\ts_nop 1";
}

/// Replaces \p CI by inline assembly with the result in "=v" $0.
/// \p Body makes the text from the operand names of \p Operands. Constant
/// operands would be materialized in VGPRs that the backend hoists out of
/// loops (a VGPR each for the whole loop): the first is read from an SGPR
/// (one per VOP3 on gfx9), further f32 ones are moved into an early-clobber
/// temporary inside the assembly. With \p Boundary the assembly is a
/// scheduling boundary (`llvm.amdgcn.sched.barrier(0)` on both sides), as
/// the backend makes its own writes of MODE (`S_SETREG`).
void replaceWithAsm(CallInst &CI, ArrayRef<Value *> Operands,
                    function_ref<std::string(ArrayRef<std::string>)> Body, bool Boundary) {
  LLVMContext &Ctx = CI.getContext();
  SmallVector<std::string, 3> Names(Operands.size());
  SmallVector<Value *, 3> Inputs;
  SmallVector<Type *, 3> Params, Results{CI.getType()};
  std::string Outputs = "=v", InputConstraints, Moves;
  bool SGPRUsed = false;
  for (auto [I, V] : enumerate(Operands)) {
    auto *C = dyn_cast<ConstantFP>(V);
    if (C && SGPRUsed && C->getType()->isFloatTy()) {
      Names[I] = "$" + std::to_string(Results.size());
      Results.push_back(Type::getInt32Ty(Ctx));
      Outputs += ",=&v";
      Moves += "v_mov_b32 " + Names[I] + ", " +
               std::to_string(C->getValueAPF().bitcastToAPInt().getZExtValue()) + "\n\t";
      continue;
    }
    InputConstraints += C && !SGPRUsed ? ",s" : ",v";
    SGPRUsed |= C != nullptr;
    Names[I] = "#" + std::to_string(Inputs.size()); // numbered after the outputs
    Inputs.push_back(V);
    Params.push_back(V->getType());
  }
  for (std::string &N : Names)
    if (N[0] == '#')
      N = "$" + std::to_string(Results.size() + std::stoul(N.substr(1)));
  Type *RetTy = Results.size() == 1 ? CI.getType() : StructType::get(Ctx, Results);
  auto *Ty = FunctionType::get(RetTy, Params, false);
  auto *Asm = InlineAsm::get(Ty, Moves + Body(Names), Outputs + InputConstraints, false);
  IRBuilder<> B(&CI);
  if (Boundary)
    B.CreateIntrinsic(Intrinsic::amdgcn_sched_barrier, {}, {B.getInt32(0)});
  CallInst *New = B.CreateCall(Ty, Asm, Inputs);
  if (Boundary)
    B.CreateIntrinsic(Intrinsic::amdgcn_sched_barrier, {}, {B.getInt32(0)});
  New->addFnAttr(Attribute::NoUnwind);
  New->addFnAttr(Attribute::getWithMemoryEffects(Ctx, MemoryEffects::none()));
  Value *Result = Results.size() == 1 ? static_cast<Value *>(New) : B.CreateExtractValue(New, 0);
  Result->takeName(&CI);
  CI.replaceAllUsesWith(Result);
  CI.eraseFromParent();
}

} // namespace

bool useHardwareInstructions(Module &M, StringRef CPU) {
  const unsigned Major = AMDGPU::getIsaVersion(CPU).Major;
  if (Major < 9)
    return false; // the ISAs this was checked against
  SmallVector<CallInst *, 16> Calls;
  for (Function &F : M)
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *CI = dyn_cast<CallInst>(&I))
          Calls.push_back(CI);
  bool Changed = false;
  // In order: a replaced call's users see its replacement.
  for (CallInst *CI : Calls) {
    if (auto *II = dyn_cast<IntrinsicInst>(CI)) {
      StringRef Cvt = conversionFor(*II);
      if (Cvt.empty())
        continue;
      replaceWithAsm(
          *CI, {CI->getArgOperand(0)},
          [Cvt](ArrayRef<std::string> Names) { return (Cvt + " $0, " + Names[0]).str(); },
          /*Boundary=*/false);
      Changed = true;
      continue;
    }
    Function *Callee = CI->getCalledFunction();
    std::optional<RoundedOperation> R =
        Callee && CI->getFunctionType() == Callee->getFunctionType() ? roundedOperation(*Callee)
                                                                     : std::nullopt;
    if (!R)
      continue;
    // The helper's parameters are the call's arguments.
    SmallVector<Value *, 3> Operands;
    for (Value *V : R->Operands)
      Operands.push_back(isa<Argument>(V) ? CI->getArgOperand(cast<Argument>(V)->getArgNo()) : V);
    replaceWithAsm(
        *CI, Operands,
        [&](ArrayRef<std::string> Names) { return roundedAsm(*R, Major, Names); },
        /*Boundary=*/true);
    Changed = true;
  }
  // Helpers no longer called.
  for (Function &F : make_early_inc_range(M))
    if (F.use_empty() && roundedOperation(F))
      F.eraseFromParent();
  return Changed;
}

} // namespace ferry
