//===- ManagedVariables.cpp - __managed__ variables for ferry-nvcc --------===//
///
/// \file
/// The device and host rewrites of ManagedVariables.h.
///
//===----------------------------------------------------------------------===//
#include "ManagedVariables.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace ferry {
namespace nvcc {

namespace {

constexpr const char *Annotation = "ferry.managed";

std::vector<GlobalVariable *> annotated(const Module &M) {
  std::vector<GlobalVariable *> Out;
  const GlobalVariable *A = M.getGlobalVariable("llvm.global.annotations");
  if (!A || !A->hasInitializer())
    return Out;
  const auto *Entries = dyn_cast<ConstantArray>(A->getInitializer());
  if (!Entries)
    return Out;
  for (const Use &U : Entries->operands()) {
    const auto *Entry = dyn_cast<ConstantStruct>(U.get());
    if (!Entry || Entry->getNumOperands() < 2)
      continue;
    auto *G = dyn_cast<GlobalVariable>(Entry->getOperand(0)->stripPointerCasts());
    const auto *Text = dyn_cast<GlobalVariable>(Entry->getOperand(1)->stripPointerCasts());
    if (!G || !Text || !Text->hasInitializer())
      continue;
    const auto *Data = dyn_cast<ConstantDataArray>(Text->getInitializer());
    if (Data && Data->isCString() && Data->getAsCString() == Annotation)
      Out.push_back(G);
  }
  return Out;
}

/// The bytes of \p C as \p DL lays it out, into \p Out at \p Offset; false
/// for what is not plain data (pointers, expressions).
bool bytesOf(const Constant *C, const DataLayout &DL, std::string &Out, uint64_t Offset) {
  if (C->isNullValue() || isa<UndefValue>(C))
    return true; // Out is zero-filled
  if (const auto *I = dyn_cast<ConstantInt>(C)) {
    const APInt &V = I->getValue();
    for (unsigned Byte = 0; Byte * 8 < V.getBitWidth(); ++Byte)
      Out[Offset + Byte] =
          char(V.extractBitsAsZExtValue(std::min(8u, V.getBitWidth() - Byte * 8), Byte * 8));
    return true;
  }
  if (const auto *F = dyn_cast<ConstantFP>(C))
    return bytesOf(ConstantInt::get(C->getContext(), F->getValueAPF().bitcastToAPInt()), DL, Out,
                   Offset);
  if (const auto *Seq = dyn_cast<ConstantDataSequential>(C)) {
    const uint64_t Stride = DL.getTypeAllocSize(Seq->getElementType());
    for (unsigned I = 0; I < Seq->getNumElements(); ++I)
      if (!bytesOf(Seq->getElementAsConstant(I), DL, Out, Offset + I * Stride))
        return false;
    return true;
  }
  if (const auto *S = dyn_cast<ConstantStruct>(C)) {
    const StructLayout *L = DL.getStructLayout(S->getType());
    for (unsigned I = 0; I < S->getNumOperands(); ++I)
      if (!bytesOf(S->getOperand(I), DL, Out, Offset + L->getElementOffset(I)))
        return false;
    return true;
  }
  if (const auto *A = dyn_cast<ConstantArray>(C)) {
    const uint64_t Stride = DL.getTypeAllocSize(A->getType()->getElementType());
    for (unsigned I = 0; I < A->getNumOperands(); ++I)
      if (!bytesOf(A->getOperand(I), DL, Out, Offset + I * Stride))
        return false;
    return true;
  }
  return false;
}

/// Points every instruction's use of \p G at the address loaded from
/// \p Slot (a pointer in the global address space \p SlotAS), cast to G's
/// type. Uses in constants outside functions (annotations, llvm.used) stay.
void redirect(GlobalVariable &G, GlobalVariable &Slot, Instruction *Except = nullptr) {
  convertUsersOfConstantsToInstructions({&G});
  for (Use &U : make_early_inc_range(G.uses())) {
    auto *I = dyn_cast<Instruction>(U.getUser());
    if (!I || I == Except)
      continue;
    Instruction *Where = I;
    if (auto *Phi = dyn_cast<PHINode>(I))
      Where = Phi->getIncomingBlock(U)->getTerminator();
    IRBuilder<> B(Where);
    Value *Address = B.CreateLoad(Slot.getValueType(), &Slot, G.getName() + ".managed");
    if (Address->getType() != G.getType())
      Address = B.CreateAddrSpaceCast(Address, G.getType());
    U.set(Address);
  }
}

} // namespace

std::vector<std::string> managedVariables(const Module &M) {
  std::vector<std::string> Names;
  for (GlobalVariable *G : annotated(M))
    Names.push_back(G->getName().str());
  return Names;
}

std::map<std::string, std::string> lowerDeviceManaged(Module &M, std::string &Problem,
                                                      bool Rewrite) {
  std::map<std::string, std::string> Initial;
  const DataLayout &DL = M.getDataLayout();
  PointerType *Generic = PointerType::get(M.getContext(), 0);
  for (GlobalVariable *G : annotated(M)) {
    const std::string SlotName = "__ferry_managed_" + G->getName().str();
    GlobalVariable *Slot = M.getGlobalVariable(SlotName);
    if (!Slot && Rewrite) {
      // In the global address space; defined where the variable is, the
      // runtime writes it, so no optimization may assume its value.
      Slot = new GlobalVariable(M, Generic, /*isConstant=*/false, GlobalValue::ExternalLinkage,
                                G->isDeclaration() ? nullptr : ConstantPointerNull::get(Generic),
                                SlotName, nullptr, GlobalValue::NotThreadLocal, 1,
                                /*isExternallyInitialized=*/!G->isDeclaration());
      Slot->setAlignment(Align(8));
      if (!G->isDeclaration())
        appendToCompilerUsed(M, {Slot});
    }
    if (!G->isDeclaration()) {
      std::string Bytes(DL.getTypeAllocSize(G->getValueType()), '\0');
      if (!bytesOf(G->getInitializer(), DL, Bytes, 0))
        Problem += "__managed__ variable '" + G->getName().str() +
                   "': its initial value is not plain data (Ferry copies it into managed "
                   "memory by value)\n";
      Initial[G->getName().str()] = std::move(Bytes);
    }
    if (Rewrite)
      redirect(*G, *Slot);
  }
  return Initial;
}

void lowerHostManaged(Module &M, const std::map<std::string, std::string> &Initial) {
  LLVMContext &Ctx = M.getContext();
  PointerType *Ptr = PointerType::get(Ctx, 0);
  IntegerType *SizeTy = M.getDataLayout().getIntPtrType(Ctx);
  FunctionCallee Register = M.getOrInsertFunction("__ferry_cuda_register_managed",
                                                  Type::getVoidTy(Ctx), Ptr, Ptr, Ptr, SizeTy, Ptr);
  for (GlobalVariable *G : annotated(M)) {
    const std::string SlotName = "__ferry_managed_ptr_" + G->getName().str();
    GlobalVariable *Slot = M.getGlobalVariable(SlotName, true);
    if (!Slot)
      Slot = new GlobalVariable(M, Ptr, false,
                                G->hasLocalLinkage() ? GlobalValue::InternalLinkage
                                                     : GlobalValue::ExternalLinkage,
                                G->isDeclaration() ? nullptr : G, SlotName);
    // The registration: __cudaRegisterVar(handle, &G, name, name, ext, size,
    // constant, global) -> __ferry_cuda_register_managed(handle, &slot,
    // name, size, initial bytes).
    CallInst *Registration = nullptr;
    for (User *U : G->users())
      if (auto *Call = dyn_cast<CallInst>(U))
        if (Function *F = Call->getCalledFunction();
            F && F->getName() == "__cudaRegisterVar" && Call->getArgOperand(1) == G)
          Registration = Call;
    if (Registration) {
      Constant *Init = ConstantPointerNull::get(Ptr);
      if (auto It = Initial.find(G->getName().str()); It != Initial.end()) {
        Constant *Data = ConstantDataArray::getString(Ctx, It->second, /*AddNull=*/false);
        auto *InitGV = new GlobalVariable(M, Data->getType(), true, GlobalValue::PrivateLinkage,
                                          Data, G->getName() + ".managed.initial");
        InitGV->setAlignment(Align(16));
        Init = InitGV;
      }
      IRBuilder<> B(Registration);
      B.CreateCall(Register, {Registration->getArgOperand(0), Slot, Registration->getArgOperand(2),
                              B.CreateZExtOrTrunc(Registration->getArgOperand(5), SizeTy), Init});
      Registration->eraseFromParent();
    }
    redirect(*G, *Slot);
  }
}

} // namespace nvcc
} // namespace ferry
