//===- ByvalArguments.cpp - byval struct parameters passed in registers ---===//
///
/// \file
/// clang's NVPTX convention passes every struct argument of a device function
/// `byval`: the caller copies it to a stack slot and passes its address. On
/// AMDGPU a byval argument lives in scratch memory, and the caller's slots
/// are what AMDGPUPromoteAlloca moves into LDS, so `__noinline__` functions
/// taking small structs cost scratch and LDS where HIP (whose convention
/// passes such structs in registers) uses neither.
///
/// Each defined non-kernel function with byval parameters of at most
/// MaxBytesInRegisters bytes in all gets an internal twin that takes those
/// parameters by value (a first-class aggregate, which the backend splits
/// into registers) and copies each into a local slot that SROA removes. Every
/// direct call in the module calls the twin, loading the argument where it
/// copied it before. The original function keeps its ABI for what the module
/// cannot see (device-function libraries, function pointers, calls from other
/// objects) as a thunk that loads its byval arguments and calls the twin; a
/// local function with no other use is erased instead.
///
//===----------------------------------------------------------------------===//
#include "TranslationPasses.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "ferry-byval-arguments"

using namespace llvm;

namespace ferry {
namespace {

/// What HIP's AMDGPU convention passes in registers: 16 dwords of arguments.
constexpr uint64_t MaxBytesInRegisters = 64;

/// Whether every scalar in \p T is at least a dword (it then goes into
/// registers field by field, as HIP's flattened struct arguments do).
bool hasDwordFields(Type *T, const DataLayout &DL) {
  if (auto *ST = dyn_cast<StructType>(T))
    return all_of(ST->elements(),
                  [&](Type *E) { return hasDwordFields(E, DL); });
  if (auto *AT = dyn_cast<ArrayType>(T))
    return hasDwordFields(AT->getElementType(), DL);
  if (auto *VT = dyn_cast<FixedVectorType>(T))
    return hasDwordFields(VT->getElementType(), DL);
  return (T->isIntegerTy() || T->isFloatingPointTy() || T->isPointerTy()) &&
         DL.getTypeSizeInBits(T) >= 32;
}

/// The type a byval parameter of type \p T is passed as: \p T itself when
/// its fields are dwords or wider, else its bytes as dwords ([48 x i8] as
/// [12 x i32], not 48 registers); nullptr when it stays byval.
Type *registerType(Type *T, const DataLayout &DL) {
  if (!T || !T->isSized() || T->isScalableTy())
    return nullptr;
  uint64_t Size = DL.getTypeAllocSize(T);
  if (Size == 0 || Size > MaxBytesInRegisters)
    return nullptr;
  if (hasDwordFields(T, DL))
    return T;
  if (Size % 4)
    return nullptr;
  return ArrayType::get(Type::getInt32Ty(T->getContext()), Size / 4);
}

/// The byval parameters of \p F to pass by value (at most
/// MaxBytesInRegisters bytes in all, first come first served) and their
/// types.
SmallVector<std::pair<unsigned, Type *>, 4> paramsToConvert(const Function &F) {
  SmallVector<std::pair<unsigned, Type *>, 4> Params;
  const DataLayout &DL = F.getDataLayout();
  uint64_t Bytes = 0;
  for (const Argument &A : F.args()) {
    Type *T = registerType(A.getParamByValType(), DL);
    if (!T || Bytes + DL.getTypeAllocSize(T) > MaxBytesInRegisters)
      continue;
    Bytes += DL.getTypeAllocSize(T);
    Params.emplace_back(A.getArgNo(), T);
  }
  return Params;
}

/// A direct call of \p F with F's own type (not through another prototype).
CallInst *directCall(Use &U, Function &F) {
  auto *CI = dyn_cast<CallInst>(U.getUser());
  if (!CI || !CI->isCallee(&U) ||
      CI->getFunctionType() != F.getFunctionType() || CI->isMustTailCall())
    return nullptr;
  return CI;
}

/// \p Attrs with the byval parameters in \p Params cleared (byval, align,
/// nocapture, readonly, noundef: none holds for a loaded aggregate).
AttributeList withoutByval(LLVMContext &Ctx, AttributeList Attrs,
                           ArrayRef<unsigned> Params) {
  for (unsigned P : Params)
    Attrs = Attrs.removeParamAttributes(Ctx, P);
  return Attrs;
}

/// The twin of \p F taking \p ByValue's parameters as their types, with F's
/// body moved into it.
Function *makeTwin(Function &F, ArrayRef<std::pair<unsigned, Type *>> ByValue) {
  SmallVector<unsigned, 4> Params;
  SmallVector<Type *, 8> ParamTypes(F.getFunctionType()->params());
  for (auto [P, T] : ByValue) {
    ParamTypes[P] = T;
    Params.push_back(P);
  }
  auto *TwinType =
      FunctionType::get(F.getReturnType(), ParamTypes, F.isVarArg());
  Function *Twin = Function::Create(TwinType, GlobalValue::InternalLinkage,
                                    F.getAddressSpace(),
                                    F.getName() + ".byvalue", F.getParent());
  Twin->copyAttributesFrom(&F);
  Twin->setLinkage(GlobalValue::InternalLinkage);
  Twin->setVisibility(GlobalValue::DefaultVisibility);
  Twin->setDLLStorageClass(GlobalValue::DefaultStorageClass);
  Twin->setComdat(nullptr);
  Twin->setAttributes(withoutByval(F.getContext(), F.getAttributes(), Params));
  SmallVector<std::pair<unsigned, MDNode *>, 4> MDs;
  F.getAllMetadata(MDs);
  for (auto &[Kind, MD] : MDs)
    Twin->setMetadata(Kind, MD);
  F.setSubprogram(nullptr);

  Twin->splice(Twin->begin(), &F);
  const DataLayout &DL = F.getDataLayout();
  BasicBlock::iterator Entry = Twin->getEntryBlock().getFirstInsertionPt();
  for (Argument &Old : F.args()) {
    Argument *New = Twin->getArg(Old.getArgNo());
    New->takeName(&Old);
    if (!is_contained(Params, Old.getArgNo())) {
      Old.replaceAllUsesWith(New);
      continue;
    }
    // The callee's own copy, as byval promised; SROA takes it apart.
    Align SlotAlign = Old.getParamAlign().valueOrOne();
    auto *Slot =
        new AllocaInst(Old.getParamByValType(), DL.getAllocaAddrSpace(),
                       nullptr, SlotAlign, New->getName() + ".copy", Entry);
    new StoreInst(New, Slot, false, SlotAlign, Entry);
    Value *Ptr = Slot;
    if (Slot->getType() != Old.getType())
      Ptr = new AddrSpaceCastInst(Slot, Old.getType(),
                                  Slot->getName() + ".flat", Entry);
    Old.replaceAllUsesWith(Ptr);
  }
  return Twin;
}

/// The arguments of a call of \p Twin for \p Args: the by-value ones
/// \p Params loaded (before \p Where) from where the caller copied them,
/// aligned as \p Align says.
SmallVector<Value *, 8> twinArguments(ArrayRef<Value *> Args, Function &Twin,
                                      ArrayRef<unsigned> Params,
                                      function_ref<MaybeAlign(unsigned)> Align,
                                      Instruction *Where) {
  SmallVector<Value *, 8> Result(Args);
  for (unsigned P : Params)
    Result[P] = new LoadInst(Twin.getArg(P)->getType(), Args[P], "", false,
                             Align(P).valueOrOne(), Where->getIterator());
  return Result;
}

/// Replaces the direct call \p CI of a function by a call of \p Twin.
void callTwin(CallInst *CI, Function &Twin, ArrayRef<unsigned> Params) {
  SmallVector<Value *, 8> Args = twinArguments(
      SmallVector<Value *, 8>(CI->args()), Twin, Params,
      [&](unsigned P) { return CI->getParamAlign(P); }, CI);
  SmallVector<OperandBundleDef, 1> Bundles;
  CI->getOperandBundlesAsDefs(Bundles);
  auto *New = CallInst::Create(&Twin, Args, Bundles, "", CI->getIterator());
  New->takeName(CI);
  New->setCallingConv(CI->getCallingConv());
  New->setTailCallKind(CI->getTailCallKind());
  New->setAttributes(
      withoutByval(CI->getContext(), CI->getAttributes(), Params));
  New->copyMetadata(*CI);
  CI->replaceAllUsesWith(New);
  CI->eraseFromParent();
}

/// Gives \p F (whose body moved to \p Twin) a body that loads the by-value
/// arguments \p Params and calls \p Twin.
void makeThunk(Function &F, Function &Twin, ArrayRef<unsigned> Params) {
  BasicBlock *BB = BasicBlock::Create(F.getContext(), "", &F);
  auto *Ret = ReturnInst::Create(F.getContext(), BB);
  SmallVector<Value *, 8> FArgs;
  for (Argument &A : F.args())
    FArgs.push_back(&A);
  SmallVector<Value *, 8> Args = twinArguments(
      FArgs, Twin, Params, [&](unsigned P) { return F.getParamAlign(P); }, Ret);
  auto *Call = CallInst::Create(&Twin, Args, "", Ret->getIterator());
  Call->setCallingConv(Twin.getCallingConv());
  if (!F.getReturnType()->isVoidTy()) {
    Ret->eraseFromParent();
    ReturnInst::Create(F.getContext(), Call, BB);
  }
}

} // namespace

PreservedAnalyses ByvalArgumentsPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<Function *, 8> Candidates;
  for (Function &F : M)
    if (!F.isDeclaration() &&
        F.getCallingConv() != CallingConv::AMDGPU_KERNEL && !F.isVarArg() &&
        any_of(F.uses(), [&](Use &U) { return directCall(U, F); }))
      Candidates.push_back(&F);
  bool Changed = false;
  for (Function *F : Candidates) {
    SmallVector<std::pair<unsigned, Type *>, 4> ByValue = paramsToConvert(*F);
    if (ByValue.empty())
      continue;
    SmallVector<unsigned, 4> Params(make_first_range(ByValue));
    Function *Twin = makeTwin(*F, ByValue);
    for (Use &U : make_early_inc_range(F->uses()))
      if (CallInst *CI = directCall(U, *F))
        callTwin(CI, *Twin, Params);
    if (F->hasLocalLinkage() && F->use_empty())
      F->eraseFromParent();
    else
      makeThunk(*F, *Twin, Params);
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ferry
