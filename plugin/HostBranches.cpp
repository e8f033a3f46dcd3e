//===- HostBranches.cpp - Branches device code never takes ----------------===//
///
/// \file
/// See HostBranches.h.
///
//===----------------------------------------------------------------------===//
#include "HostBranches.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

#include <optional>

using namespace llvm;

namespace ferry {
namespace plugin {
namespace {

// openacc.h's acc_device_t.
constexpr uint64_t AccDeviceHost = 2, AccDeviceNotHost = 3;

/// acc_on_device(acc_device_host) is 0 on every device,
/// acc_on_device(acc_device_not_host) 1; nullopt for other calls.
std::optional<uint64_t> deviceAnswer(const Value *V) {
  // (An invoke where a destructor, noexcept, calls it.)
  const auto *Call = dyn_cast<CallBase>(V);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  if (!Callee || Callee->getName() != "acc_on_device" || Call->arg_size() != 1)
    return std::nullopt;
  const auto *Kind = dyn_cast<ConstantInt>(Call->getArgOperand(0));
  if (!Kind)
    return std::nullopt;
  if (Kind->getZExtValue() == AccDeviceHost)
    return 0;
  if (Kind->getZExtValue() == AccDeviceNotHost)
    return 1;
  return std::nullopt;
}

/// The value a branch condition has on every device: `acc_on_device(...)
/// != 0` or `== 0` of a query deviceAnswer knows, and the conditions
/// optimized code combines with it (`acc_on_device(acc_device_host) &&
/// flag` as `and` or `select`, `!`, `||`).
std::optional<bool> deviceCondition(const Value *Cond, unsigned Depth = 0) {
  if (const auto *C = dyn_cast<ConstantInt>(Cond); C && C->getType()->isIntegerTy(1))
    return !C->isZero();
  if (Depth > 8)
    return std::nullopt;
  if (const auto *Cmp = dyn_cast<ICmpInst>(Cond)) {
    const auto *Zero = dyn_cast<ConstantInt>(Cmp->getOperand(1));
    std::optional<uint64_t> Answer = deviceAnswer(Cmp->getOperand(0));
    if (!Cmp->isEquality() || !Zero || !Zero->isZero() || !Answer)
      return std::nullopt;
    return (*Answer != 0) == (Cmp->getPredicate() == ICmpInst::ICMP_NE);
  }
  // a && b, a || b (as `and`/`or`, or as `select`), !a (`xor a, true`).
  const Value *A = nullptr, *B = nullptr;
  bool And;
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond); BO && BO->getType()->isIntegerTy(1)) {
    A = BO->getOperand(0);
    B = BO->getOperand(1);
    if (BO->getOpcode() == Instruction::Xor) {
      std::optional<bool> X = deviceCondition(A, Depth + 1), Y = deviceCondition(B, Depth + 1);
      return X && Y ? std::optional<bool>(*X != *Y) : std::nullopt;
    }
    if (BO->getOpcode() != Instruction::And && BO->getOpcode() != Instruction::Or)
      return std::nullopt;
    And = BO->getOpcode() == Instruction::And;
  } else if (const auto *Sel = dyn_cast<SelectInst>(Cond); Sel && Sel->getType()->isIntegerTy(1)) {
    const auto *T = dyn_cast<ConstantInt>(Sel->getTrueValue());
    const auto *F = dyn_cast<ConstantInt>(Sel->getFalseValue());
    A = Sel->getCondition();
    if (F && F->isZero()) { // a ? b : false
      B = Sel->getTrueValue();
      And = true;
    } else if (T && T->isOne()) { // a ? true : b
      B = Sel->getFalseValue();
      And = false;
    } else {
      return std::nullopt;
    }
  } else {
    return std::nullopt;
  }
  std::optional<bool> X = deviceCondition(A, Depth + 1), Y = deviceCondition(B, Depth + 1);
  if (And) {
    if ((X && !*X) || (Y && !*Y))
      return false;
    return X && Y ? std::optional<bool>(true) : std::nullopt;
  }
  if ((X && *X) || (Y && *Y))
    return true;
  return X && Y ? std::optional<bool>(false) : std::nullopt;
}

} // namespace

SmallPtrSet<const BasicBlock *, 16> deviceBlocks(const Function &F) {
  SmallPtrSet<const BasicBlock *, 16> Live;
  if (F.isDeclaration())
    return Live;
  SmallVector<const BasicBlock *, 16> Work{&F.getEntryBlock()};
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    if (!Live.insert(BB).second)
      continue;
    const Instruction *Term = BB->getTerminator();
    if (const auto *Br = dyn_cast_or_null<BranchInst>(Term); Br && Br->isConditional())
      if (std::optional<bool> Taken = deviceCondition(Br->getCondition())) {
        Work.push_back(Br->getSuccessor(*Taken ? 0 : 1));
        continue;
      }
    if (Term)
      for (const BasicBlock *Succ : successors(BB))
        Work.push_back(Succ);
  }
  return Live;
}

void foldHostBranches(Module &Dev) {
  Function *Query = Dev.getFunction("acc_on_device");
  if (!Query)
    return;
  SmallPtrSet<Function *, 8> Changed;
  for (User *U : make_early_inc_range(Query->users()))
    if (std::optional<uint64_t> Answer = deviceAnswer(U)) {
      auto *Call = cast<CallBase>(U);
      if (auto *Invoke = dyn_cast<InvokeInst>(Call))
        Call = changeToCall(Invoke); // (it cannot throw)
      Changed.insert(Call->getFunction());
      Call->replaceAllUsesWith(ConstantInt::get(Call->getType(), *Answer));
      Call->eraseFromParent();
    }
  const DataLayout &DL = Dev.getDataLayout();
  for (Function *F : Changed) {
    // (The comparisons, and the `&&`, `||`, `!` around them.)
    for (bool Simplified = true; Simplified;) {
      Simplified = false;
      for (Instruction &I : make_early_inc_range(instructions(*F)))
        if (I.getType()->isIntegerTy(1) || isa<CmpInst>(I))
          if (Value *V = simplifyInstruction(&I, SimplifyQuery(DL))) {
            Simplified |= !I.use_empty();
            I.replaceAllUsesWith(V);
            if (isInstructionTriviallyDead(&I))
              I.eraseFromParent();
          }
    }
    for (BasicBlock &BB : *F)
      ConstantFoldTerminator(&BB, /*DeleteDeadConditions=*/true);
    removeUnreachableBlocks(*F);
  }
}

} // namespace plugin
} // namespace ferry
