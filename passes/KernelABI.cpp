//===- KernelABI.cpp - CUDA kernels become AMDGPU kernels -----------------===//
///
/// \file
/// Map §7. Kernels are found through !nvvm.annotations ("kernel") or the
/// ptx_kernel calling convention and become amdgpu_kernel functions:
///  - byval aggregate parameters (rejected by the verifier on amdgpu_kernel)
///    become byref parameters in the constant address space 4; a parameter
///    the kernel writes to is first copied to a private slot;
///  - pointer parameters in the generic space become global pointers (cast
///    back to flat at entry), so that accesses use global_* instructions;
///  - maxntid -> "amdgpu-flat-work-group-size"="1,N"; reqntid -> "N,N" plus
///    !reqd_work_group_size; minctasm -> "amdgpu-waves-per-eu";
///    "uniform-work-group-size"="true" (CUDA grids are uniform);
///  - clusters larger than one block are rejected;
///  - kernels are protected so the loader can find them.
/// Annotations of globals that need runtime support (managed, texture,
/// surface, sampler) are rejected with their variable's name, and OpenCL
/// image and sampler parameters (nvcl) with their kernel's.
/// Pointers into NVPTX's kernel-parameter space (addrspace(101), as
/// NVPTXLowerArgs and `llvm.nvvm.ptr.gen.to.param` write them) become the
/// generic pointers they were cast from: the parameter's memory is where
/// the generic pointer points on AMDGPU (lowerParamSpace).
///
//===----------------------------------------------------------------------===//
#include "TranslationPasses.h"
#include "Untranslatable.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "ferry-kernel-abi"

using namespace llvm;

namespace ferry {
namespace {

/// What the annotations and attributes say about one kernel.
struct KernelInfo {
  unsigned MaxNTid[3] = {0, 0, 0};
  unsigned ReqNTid[3] = {0, 0, 0};
  unsigned MinCTAs = 0;
  unsigned ClusterDim[3] = {0, 0, 0};
  unsigned MaxClusterRank = 0;
};

unsigned product(const unsigned (&V)[3]) {
  if (!V[0] && !V[1] && !V[2])
    return 0;
  return std::max(V[0], 1u) * std::max(V[1], 1u) * std::max(V[2], 1u);
}

void error(Function &F, const Twine &What) { reportUntranslatable(F, What); }

/// Parses "x,y,z" (LLVM 20 "nvvm.maxntid" style attributes).
void parseTriple(StringRef S, unsigned (&V)[3]) {
  for (unsigned I = 0; I < 3 && !S.empty(); ++I) {
    StringRef Item;
    std::tie(Item, S) = S.split(',');
    Item.trim().getAsInteger(10, V[I]);
  }
}

/// True when \p V (a pointer derived from a byval parameter) is only read.
bool onlyRead(Value *V) {
  for (User *U : V->users()) {
    if (isa<LoadInst>(U))
      continue;
    if (isa<GetElementPtrInst, BitCastInst, AddrSpaceCastInst>(U)) {
      if (!onlyRead(U))
        return false;
      continue;
    }
    if (auto *MT = dyn_cast<MemTransferInst>(U); MT && MT->getSource() == V &&
                                                 MT->getDest() != V)
      continue;
    if (auto *II = dyn_cast<IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
      continue;
    return false;
  }
  return true;
}

/// NVPTX's kernel-parameter address space.
constexpr unsigned ParamSpace = 101;

bool isParamPointerType(const Type *T) {
  return T->isPtrOrPtrVectorTy() && T->getPointerAddressSpace() == ParamSpace;
}
bool isParamPointer(const Value *V) { return isParamPointerType(V->getType()); }

/// Rewrites the uses of \p Old, a pointer into the parameter space, onto
/// \p New, the generic pointer to the same memory; what cannot be rewritten
/// is reported. Rewritten instructions are queued on \p Dead.
void rewriteParamUses(Value *Old, Value *New, SmallVectorImpl<Instruction *> &Dead) {
  for (User *U : make_early_inc_range(Old->users())) {
    auto *I = cast<Instruction>(U); // (an instruction has no constant users)
    IRBuilder<> B(I);
    if (auto *L = dyn_cast<LoadInst>(I); L && L->getPointerOperand() == Old) {
      L->setOperand(LoadInst::getPointerOperandIndex(), New);
      continue;
    }
    if (auto *GEP = dyn_cast<GetElementPtrInst>(I); GEP && GEP->getPointerOperand() == Old) {
      SmallVector<Value *, 4> Indices(GEP->indices());
      Value *NewGEP = B.CreateGEP(GEP->getSourceElementType(), New, Indices, "",
                                  GEP->isInBounds());
      NewGEP->takeName(GEP);
      rewriteParamUses(GEP, NewGEP, Dead);
      Dead.push_back(GEP);
      continue;
    }
    if (auto *Cast = dyn_cast<AddrSpaceCastInst>(I)) {
      if (isParamPointer(Cast))
        rewriteParamUses(Cast, New, Dead);
      else
        Cast->replaceAllUsesWith(Cast->getDestAddressSpace() == 0
                                     ? New
                                     : B.CreateAddrSpaceCast(New, Cast->getType()));
      Dead.push_back(Cast);
      continue;
    }
    if (auto *MT = dyn_cast<MemTransferInst>(I); MT && MT->getRawSource() == Old &&
                                                MT->getRawDest() != Old) {
      B.CreateMemTransferInst(MT->getIntrinsicID(), MT->getRawDest(), MT->getDestAlign(), New,
                              MT->getSourceAlign(), MT->getLength(), MT->isVolatile());
      Dead.push_back(MT);
      continue;
    }
    if (auto *II = dyn_cast<IntrinsicInst>(I); II && II->isLifetimeStartOrEnd()) {
      Dead.push_back(II);
      continue;
    }
    std::string Text;
    raw_string_ostream OS(Text);
    I->print(OS);
    reportUntranslatable(*I, "a pointer into the kernel-parameter space (addrspace(101)) is "
                             "used by '" + StringRef(Text).trim() +
                             "': Ferry translates loads, copies, address computations and "
                             "casts of such pointers (the parameter space is read-only)");
  }
}

/// Loads through NVPTX's parameter space read the memory the generic
/// pointer they were made from points to; parameter-space pointers passed
/// between functions or kept in memory are reported.
void lowerParamSpace(Module &M) {
  for (Function &F : M) {
    if (F.isIntrinsic())
      continue;
    for (Argument &A : F.args())
      if (isParamPointer(&A))
        reportUntranslatable(F, "parameter " + Twine(A.getArgNo() + 1) + " of '" + F.getName() +
                                    "' is a pointer into the kernel-parameter space "
                                    "(ptr addrspace(101)), which Ferry does not translate "
                                    "across calls; pass a generic pointer");
    if (isParamPointerType(F.getReturnType()) && !F.isDeclaration())
      reportUntranslatable(F, "'" + F.getName() +
                                  "' returns a pointer into the kernel-parameter space "
                                  "(ptr addrspace(101)), which Ferry does not translate "
                                  "across calls; return a generic pointer");
    SmallVector<Instruction *, 8> Dead;
    for (Instruction &I : instructions(F)) {
      Value *From = nullptr;
      if (auto *Cast = dyn_cast<AddrSpaceCastInst>(&I); Cast && isParamPointer(Cast))
        From = Cast->getPointerOperand();
      else if (auto *II = dyn_cast<IntrinsicInst>(&I);
               II && II->getIntrinsicID() == Intrinsic::nvvm_ptr_gen_to_param)
        From = II->getArgOperand(0);
      if (!From || isParamPointer(From))
        continue;
      IRBuilder<> B(&I);
      Value *Generic = From->getType()->getPointerAddressSpace() == 0
                           ? From
                           : B.CreateAddrSpaceCast(From, B.getPtrTy());
      rewriteParamUses(&I, Generic, Dead);
      Dead.push_back(&I);
    }
    // Each rewritten instruction was queued after its rewritten users.
    for (Instruction *I : Dead)
      if (I->use_empty())
        I->eraseFromParent();
  }
}

class KernelRewriter {
public:
  KernelRewriter(Module &M, const TranslateTarget &T) : M(M), T(T) {}
  void run();

private:
  void collectAnnotations();
  Function *rewriteSignature(Function &F);
  void applyInfo(Function &F, const KernelInfo &Info);

  Module &M;
  const TranslateTarget &T;
  MapVector<Function *, KernelInfo> Kernels;
};

void KernelRewriter::collectAnnotations() {
  MapVector<Function *, KernelInfo> Infos;
  SetVector<Function *> Marked;
  if (NamedMDNode *Annotations = M.getNamedMetadata("nvvm.annotations")) {
    for (MDNode *Node : Annotations->operands()) {
      if (Node->getNumOperands() < 3)
        continue;
      auto *GV = mdconst::dyn_extract_or_null<GlobalValue>(Node->getOperand(0));
      if (!GV)
        continue;
      // Entries are (value, key, int)+ tuples.
      for (unsigned I = 1; I + 1 < Node->getNumOperands(); I += 2) {
        auto *Key = dyn_cast<MDString>(Node->getOperand(I));
        auto *Val = mdconst::dyn_extract_or_null<ConstantInt>(Node->getOperand(I + 1));
        if (!Key || !Val)
          continue;
        StringRef K = Key->getString();
        unsigned V = unsigned(Val->getZExtValue());
        if (auto *G = dyn_cast<GlobalVariable>(GV)) {
          if (K == "managed" || K == "texture" || K == "surface" || K == "sampler")
            M.getContext().emitError("variable '" + G->getName() +
                                     "' is a CUDA " + K +
                                     " variable, which is not supported on "
                                     "AMDGPU yet");
          continue;
        }
        auto *F = dyn_cast<Function>(GV);
        if (!F)
          continue;
        if (K == "rdoimage" || K == "wroimage" || K == "rdwrimage" || K == "sampler") {
          error(*F, "parameter " + Twine(V + 1) + " of '" + F->getName() +
                        "' is an OpenCL " + (K == "sampler" ? "sampler" : "image") +
                        " (!nvvm.annotations '" + K +
                        "'), which needs texture objects Ferry's runtime does not create");
          continue;
        }
        KernelInfo &Info = Infos[F];
        if (K == "kernel" && V)
          Marked.insert(F);
        else if (K.consume_front("maxntid") && K.size() == 1)
          Info.MaxNTid[K[0] - 'x'] = V;
        else if (K.consume_front("reqntid") && K.size() == 1)
          Info.ReqNTid[K[0] - 'x'] = V;
        else if (K == "minctasm")
          Info.MinCTAs = V;
        else if (K.consume_front("cluster_dim_") && K.size() == 1)
          Info.ClusterDim[K[0] - 'x'] = V;
        else if (K == "maxclusterrank")
          Info.MaxClusterRank = V;
      }
    }
  }
  for (Function &F : M)
    if (F.getCallingConv() == CallingConv::PTX_Kernel)
      Marked.insert(&F);
  for (Function *F : Marked) {
    KernelInfo Info = Infos.lookup(F);
    // Launch bounds written as LLVM 20 attributes.
    if (F->hasFnAttribute("nvvm.maxntid"))
      parseTriple(F->getFnAttribute("nvvm.maxntid").getValueAsString(), Info.MaxNTid);
    if (F->hasFnAttribute("nvvm.reqntid"))
      parseTriple(F->getFnAttribute("nvvm.reqntid").getValueAsString(), Info.ReqNTid);
    if (F->hasFnAttribute("nvvm.minctasm"))
      F->getFnAttribute("nvvm.minctasm").getValueAsString().getAsInteger(10, Info.MinCTAs);
    for (StringRef A : {"nvvm.maxntid", "nvvm.reqntid", "nvvm.minctasm", "nvvm.maxnreg"})
      F->removeFnAttr(A);
    Kernels[F] = Info;
  }
}

Function *KernelRewriter::rewriteSignature(Function &F) {
  LLVMContext &Ctx = M.getContext();
  SmallVector<Type *, 8> Params;
  bool Changed = false;
  for (Argument &A : F.args()) {
    Type *Ty = A.getType();
    if (Ty->isPointerTy() && Ty->getPointerAddressSpace() == 0) {
      Params.push_back(PointerType::get(Ctx, A.hasByValAttr() ? 4 : 1));
      Changed = true;
    } else {
      Params.push_back(Ty);
    }
  }
  if (!Changed)
    return &F;
  auto *NewTy = FunctionType::get(F.getReturnType(), Params, F.isVarArg());
  Function *NewF = Function::Create(NewTy, F.getLinkage(), F.getAddressSpace(), "", &M);
  NewF->takeName(&F);
  NewF->copyAttributesFrom(&F);
  NewF->setSubprogram(F.getSubprogram());
  F.setSubprogram(nullptr);
  NewF->splice(NewF->begin(), &F);

  IRBuilder<> B(&*NewF->getEntryBlock().getFirstInsertionPt());
  for (auto [Old, New] : zip(F.args(), NewF->args())) {
    New.takeName(&Old);
    unsigned No = New.getArgNo();
    if (Old.getType() == New.getType()) {
      Old.replaceAllUsesWith(&New);
      continue;
    }
    Value *Flat = B.CreateAddrSpaceCast(&New, Old.getType(), New.getName() + ".flat");
    if (Old.hasByValAttr()) {
      Type *ValTy = Old.getParamByValType();
      MaybeAlign A = Old.getParamAlign();
      NewF->removeParamAttr(No, Attribute::ByVal);
      NewF->addParamAttr(No, Attribute::getWithByRefType(Ctx, ValTy));
      if (!onlyRead(&Old)) {
        // The kernel writes its copy: give it one in private memory.
        // With the parameter's alignment: the kernel's code (a closure with
        // __int128 fields, say) accesses it with that alignment.
        AllocaInst *Slot = B.CreateAlloca(ValTy, 5, nullptr, New.getName() + ".copy");
        if (A && *A > Slot->getAlign())
          Slot->setAlignment(*A);
        Value *SlotFlat = B.CreateAddrSpaceCast(Slot, Old.getType());
        const DataLayout &DL = M.getDataLayout();
        B.CreateMemCpy(SlotFlat, A, Flat, A, DL.getTypeAllocSize(ValTy));
        Flat = SlotFlat;
      }
    }
    Old.replaceAllUsesWith(Flat);
  }
  F.replaceAllUsesWith(NewF);
  F.eraseFromParent();
  return NewF;
}

void KernelRewriter::applyInfo(Function &F, const KernelInfo &Info) {
  if (product(Info.ClusterDim) > 1 || Info.MaxClusterRank > 1)
    error(F, "kernel '" + F.getName() +
                 "' uses thread-block clusters larger than one block, which "
                 "AMDGPU does not have");
  const unsigned Req = product(Info.ReqNTid), Max = product(Info.MaxNTid);
  if (Req) {
    F.addFnAttr("amdgpu-flat-work-group-size", (Twine(Req) + "," + Twine(Req)).str());
    LLVMContext &Ctx = F.getContext();
    Type *I32 = Type::getInt32Ty(Ctx);
    Metadata *Dims[3];
    for (unsigned I = 0; I < 3; ++I)
      Dims[I] = ConstantAsMetadata::get(ConstantInt::get(I32, std::max(Info.ReqNTid[I], 1u)));
    F.setMetadata("reqd_work_group_size", MDNode::get(Ctx, Dims));
  } else if (Max) {
    F.addFnAttr("amdgpu-flat-work-group-size", ("1," + Twine(Max)).str());
  }
  const unsigned Threads = Req ? Req : Max;
  if (Info.MinCTAs && Threads) {
    // minBlocks resident blocks of `Threads` threads: waves per SIMD.
    const unsigned SIMDs = T.isWave64() ? 4 : 2;
    unsigned Waves = (Info.MinCTAs * ((Threads + T.waveSize() - 1) / T.waveSize()) +
                      SIMDs - 1) / SIMDs;
    Waves = std::min(std::max(Waves, 1u), 8u);
    F.addFnAttr("amdgpu-waves-per-eu", std::to_string(Waves));
  }
  F.addFnAttr("uniform-work-group-size", "true");
}

void KernelRewriter::run() {
  lowerParamSpace(M);
  collectAnnotations();
  for (auto &[F, Info] : Kernels) {
    if (!F->getReturnType()->isVoidTy()) {
      error(*F, "kernel '" + F->getName() + "' must return void");
      continue;
    }
    if (F->isDeclaration())
      continue;
    Function *K = rewriteSignature(*F);
    K->setCallingConv(CallingConv::AMDGPU_KERNEL);
    if (K->hasLocalLinkage())
      K->setLinkage(GlobalValue::ExternalLinkage);
    K->setVisibility(GlobalValue::ProtectedVisibility);
    applyInfo(*K, Info);
  }
  if (NamedMDNode *Annotations = M.getNamedMetadata("nvvm.annotations"))
    M.eraseNamedMetadata(Annotations);
}

} // namespace

PreservedAnalyses KernelABIPass::run(Module &M, ModuleAnalysisManager &) {
  KernelRewriter(M, T).run();
  return PreservedAnalyses::none();
}

} // namespace ferry
