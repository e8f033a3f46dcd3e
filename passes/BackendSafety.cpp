//===- BackendSafety.cpp - What reaches a backend compiles or is refused --===//
///
/// \file
/// Implementation of checkNVVMInput and prepareForCodegen. Each rule names
/// the LLVM 19 behaviour it guards against; test/codegen/backend-safety/
/// has one test per rule.
///
//===----------------------------------------------------------------------===//
#include "BackendSafety.h"
#include "DeviceHeap.h"
#include "Untranslatable.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/TargetParser/Triple.h"

#define DEBUG_TYPE "ferry-backend-safety"

using namespace llvm;

namespace ferry {
namespace {

StringRef targetName(CodegenTarget T) {
  return T == CodegenTarget::AMDGPU ? "AMDGPU" : "NVPTX";
}

//===----------------------------------------------------------------------===//
// NVVM input
//===----------------------------------------------------------------------===//

/// LLVM 19's NVPTX annotation cache reads every entry of a global as
/// (key string, integer) pairs without checking: an odd number of operands
/// reads past the end (a segfault in NVVMIntrRange), a key that is not a
/// string is a null dereference and a value that is not an integer is
/// unreachable code.
void checkAnnotations(Module &M) {
  NamedMDNode *Annotations = M.getNamedMetadata("nvvm.annotations");
  if (!Annotations)
    return;
  for (unsigned I = 0, E = Annotations->getNumOperands(); I != E; ++I) {
    MDNode *Node = Annotations->getOperand(I);
    if (Node->getNumOperands() == 0) {
      M.getContext().emitError("!nvvm.annotations entry " + Twine(I) +
                               " is empty (expected a function or variable "
                               "followed by key and value pairs)");
      continue;
    }
    // Entries of values deleted since (null) or of other things are skipped
    // by every reader.
    auto *GV = mdconst::dyn_extract_or_null<GlobalValue>(Node->getOperand(0));
    if (!GV)
      continue;
    auto Report = [&](const Twine &What) {
      std::string Message = ("!nvvm.annotations entry for '" + GV->getName() +
                             "' is malformed: " + What)
                                .str();
      if (auto *F = dyn_cast<Function>(GV))
        reportUntranslatable(*F, Message);
      else
        reportUnsupportedGlobal(*GV, Message);
    };
    for (unsigned Op = 1, N = Node->getNumOperands(); Op < N; Op += 2) {
      auto *Key = dyn_cast_or_null<MDString>(Node->getOperand(Op));
      if (!Key) {
        Report("operand " + Twine(Op) + " is not a key string");
        break;
      }
      if (Op + 1 == N) {
        Report("key '" + Key->getString() + "' has no value");
        break;
      }
      // grid_constant's value lists parameters (1-based), as LLVM's NVPTX
      // backend and MLIR write it: `!"grid_constant", !{i32 1, i32 3}`.
      if (Key->getString() == "grid_constant")
        if (auto *List = dyn_cast<MDNode>(Node->getOperand(Op + 1))) {
          if (!all_of(List->operands(), [](const MDOperand &P) {
                return mdconst::dyn_extract_or_null<ConstantInt>(P) != nullptr;
              }))
            Report("the value of key 'grid_constant' is not a list of parameter "
                   "numbers");
          continue;
        }
      if (!mdconst::dyn_extract_or_null<ConstantInt>(
              Node->getOperand(Op + 1))) {
        Report("the value of key '" + Key->getString() +
               "' is not an integer constant");
        break;
      }
    }
  }
}

/// Kernels: `kernel` annotations with a non-zero value and ptx_kernel
/// functions.
SmallPtrSet<Function *, 8> nvvmKernels(Module &M) {
  SmallPtrSet<Function *, 8> Kernels;
  for (Function &F : M)
    if (F.getCallingConv() == CallingConv::PTX_Kernel)
      Kernels.insert(&F);
  NamedMDNode *Annotations = M.getNamedMetadata("nvvm.annotations");
  if (!Annotations)
    return Kernels;
  for (MDNode *Node : Annotations->operands()) {
    if (Node->getNumOperands() < 3)
      continue;
    auto *F = mdconst::dyn_extract_or_null<Function>(Node->getOperand(0));
    if (!F)
      continue;
    for (unsigned Op = 1; Op + 1 < Node->getNumOperands(); Op += 2) {
      auto *Key = dyn_cast_or_null<MDString>(Node->getOperand(Op));
      auto *Val =
          mdconst::dyn_extract_or_null<ConstantInt>(Node->getOperand(Op + 1));
      if (Key && Val && Key->getString() == "kernel" && !Val->isZero())
        Kernels.insert(F);
    }
  }
  return Kernels;
}

/// A kernel's result cannot go anywhere: the verifier rejects `sret` on
/// amdgpu_kernel, and on NVPTX the launch would have to pass the pointer.
void checkKernelResults(Module &M) {
  for (Function *F : nvvmKernels(M))
    for (Argument &A : F->args())
      if (A.hasStructRetAttr())
        reportUntranslatable(
            *F, "kernel '" + F->getName() +
                    "' returns an aggregate through its 'sret' parameter " +
                    Twine(A.getArgNo()) +
                    "; a kernel returns nothing (write the result through a "
                    "pointer parameter)");
}

/// A kernel called from device code: a PTX .entry cannot be called, and
/// AMDGPU's code generation aborts ("invalid call to entry function"). CUDA
/// device code launches kernels only through dynamic parallelism. Found by
/// fuzz/TranslateFuzzer.cpp (a kernel calling itself, kept at -O0).
void checkKernelCalls(Module &M) {
  for (Function *K : nvvmKernels(M))
    for (User *U : K->users())
      if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledOperand() == K)
        reportUntranslatable(*CB,
                             "call of kernel '" + K->getName() +
                                 "': a kernel cannot be called from device code "
                                 "(launch it, or call a device function that both use)");
}

//===----------------------------------------------------------------------===//
// Calling conventions
//===----------------------------------------------------------------------===//

std::string callingConventionName(unsigned CC) {
  switch (CC) {
  case CallingConv::C:
    return "ccc";
  case CallingConv::Fast:
    return "fastcc";
  case CallingConv::Cold:
    return "coldcc";
  case CallingConv::GHC:
    return "ghccc";
  case CallingConv::PreserveMost:
    return "preserve_mostcc";
  case CallingConv::PreserveAll:
    return "preserve_allcc";
  case CallingConv::Swift:
    return "swiftcc";
  case CallingConv::Tail:
    return "tailcc";
  case CallingConv::X86_StdCall:
    return "x86_stdcallcc";
  case CallingConv::X86_FastCall:
    return "x86_fastcallcc";
  case CallingConv::X86_ThisCall:
    return "x86_thiscallcc";
  case CallingConv::X86_VectorCall:
    return "x86_vectorcallcc";
  case CallingConv::X86_64_SysV:
    return "x86_64_sysvcc";
  case CallingConv::Win64:
    return "win64cc";
  case CallingConv::PTX_Kernel:
    return "ptx_kernel";
  case CallingConv::PTX_Device:
    return "ptx_device";
  case CallingConv::SPIR_FUNC:
    return "spir_func";
  case CallingConv::SPIR_KERNEL:
    return "spir_kernel";
  case CallingConv::AMDGPU_KERNEL:
    return "amdgpu_kernel";
  case CallingConv::AMDGPU_Gfx:
    return "amdgpu_gfx";
  default:
    return "cc " + std::to_string(CC);
  }
}

/// AMDGPU's call lowering aborts ("Unsupported calling convention") on
/// anything but its own conventions and C/fast/cold; NVPTX silently treats
/// unknown ones as C. Both accept the same set here: C, fast, cold and the
/// target's kernels (ptx_device is NVPTX's name for C; the translation to
/// AMDGPU turns it into C).
bool isCallingConventionSupported(unsigned CC, CodegenTarget T) {
  switch (CC) {
  case CallingConv::C:
  case CallingConv::Fast:
  case CallingConv::Cold:
    return true;
  case CallingConv::AMDGPU_KERNEL:
    return T == CodegenTarget::AMDGPU;
  case CallingConv::PTX_Kernel:
  case CallingConv::PTX_Device:
    return T == CodegenTarget::NVPTX;
  default:
    return false;
  }
}

unsigned checkCallingConvention(Function &F, CodegenTarget T) {
  unsigned Errors = 0;
  const std::string Why =
      (", which " + targetName(T) +
       " code generation does not support (only C, fast, cold and kernels)")
          .str();
  if (!F.isDeclaration() &&
      !isCallingConventionSupported(F.getCallingConv(), T)) {
    reportUntranslatable(F, "the function has calling convention '" +
                                callingConventionName(F.getCallingConv()) +
                                "'" + Why);
    ++Errors;
  }
  for (Instruction &I : instructions(F)) {
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB || isa<InlineAsm>(CB->getCalledOperand()) ||
        isCallingConventionSupported(CB->getCallingConv(), T))
      continue;
    Function *Callee = CB->getCalledFunction();
    if (Callee && Callee->isIntrinsic())
      continue;
    reportUntranslatable(
        I, "call " + (Callee ? "to '" + Callee->getName() + "' " : Twine("")) +
               "with calling convention '" +
               callingConventionName(CB->getCallingConv()) + "'" + Why);
    ++Errors;
  }
  return Errors;
}

//===----------------------------------------------------------------------===//
// Parameter and return types
//===----------------------------------------------------------------------===//

/// Why NVPTX's argument lowering cannot pass a value of type \p Ty, or "".
/// LLVM 19's NVPTX splits values with its own ComputePTXValueVTs, which
/// disagrees with the generic calling-convention split, and then crashes:
///  - integers wider than 64 bits other than i128, anywhere;
///  - i128 in a vector or an array (only scalar and struct-field i128 are
///    split in two);
///  - vectors of 16-bit elements with an even count N where N/2 is not a
///    power of two (passed as v2 pairs: <6 x half>, <100 x bfloat>);
///  - vectors of i8 whose count is a multiple of 4 that is not 4 times a
///    power of two (passed as v4i8: <12 x i8>).
/// and fp128 (__float128) anywhere, on which it crashes too.
std::string nvptxUnpassable(Type *Ty, bool InArray = false) {
  if (Type *S = Ty->getScalarType();
      S->isFP128Ty() || S->isX86_FP80Ty() || S->isPPC_FP128Ty())
    return "floating-point values wider than 64 bits";
  if (auto *IT = dyn_cast<IntegerType>(Ty)) {
    unsigned W = IT->getBitWidth();
    if (W <= 64 || (W == 128 && !InArray))
      return "";
    return W == 128 ? "i128 elements of arrays" : "integers wider than 64 bits";
  }
  if (auto *ST = dyn_cast<StructType>(Ty)) {
    for (Type *E : ST->elements()) {
      std::string Why = nvptxUnpassable(E, InArray);
      if (!Why.empty())
        return Why;
    }
    return "";
  }
  if (auto *AT = dyn_cast<ArrayType>(Ty))
    return nvptxUnpassable(AT->getElementType(), /*InArray=*/true);
  if (auto *VT = dyn_cast<FixedVectorType>(Ty)) {
    Type *E = VT->getElementType();
    unsigned N = VT->getNumElements();
    if (E->isIntegerTy() && E->getIntegerBitWidth() > 64)
      return "vectors of integers wider than 64 bits";
    if (E->getPrimitiveSizeInBits() == 16 && N % 2 == 0 &&
        !isPowerOf2_32(N / 2))
      return "vectors of an even number N of 16-bit elements where N/2 is not "
             "a "
             "power of two";
    if (E->isIntegerTy(8) && N % 4 == 0 && !isPowerOf2_32(N / 4))
      return "vectors of i8 whose length is a multiple of 4 but not 4 times a "
             "power of two";
  }
  return "";
}

/// A call returning <2 x i8> (alone or in an aggregate) makes LLVM 19's
/// NVPTX abort ("Copy one register into another with a different width").
bool containsV2I8(Type *Ty) {
  if (auto *VT = dyn_cast<FixedVectorType>(Ty))
    return VT->getNumElements() == 2 && VT->getElementType()->isIntegerTy(8);
  for (Type *E : Ty->subtypes())
    if (containsV2I8(E))
      return true;
  return false;
}

/// AMDGPU: parameters and results of device functions larger than this
/// many bytes are refused. They are passed element by element through
/// registers and the stack, and code generation time grows quadratically
/// with the size (measured on gfx90a: <128 x i64> 1 s, <512 x i64> 12 s,
/// a <1024 x i64> parameter minutes). 1 KiB is 256 registers, all the
/// VGPRs a lane can have.
constexpr uint64_t MaxPassedBytes = 1024;

std::string typeName(Type *Ty) {
  std::string S;
  raw_string_ostream OS(S);
  Ty->print(OS);
  return S;
}

/// Why \p T cannot pass a value of type \p Ty as a parameter or result of
/// a function that is not a kernel (\p CallResult: the result of a call),
/// or "".
std::string unpassable(Type *Ty, const DataLayout &DL, CodegenTarget T,
                       bool CallResult) {
  if (Ty->isVoidTy())
    return "";
  if (T == CodegenTarget::AMDGPU) {
    if ((Ty->isVectorTy() || Ty->isArrayTy() || Ty->isStructTy()) &&
        Ty->isSized() &&
        DL.getTypeAllocSize(Ty).getKnownMinValue() > MaxPassedBytes)
      return "it is larger than " + std::to_string(MaxPassedBytes) +
             " bytes; AMDGPU passes it element by element through registers "
             "and "
             "the stack, which LLVM 19 compiles in time growing quadratically "
             "with its size (pass a pointer instead)";
    return "";
  }
  if ((Ty->isArrayTy() || Ty->isStructTy()) && Ty->isSized() && DL.getTypeAllocSize(Ty).isZero())
    return "the NVPTX backend cannot pass values of a type with no size (an empty "
           "struct or array)";
  std::string Why = nvptxUnpassable(Ty);
  if (!Why.empty())
    return "the NVPTX backend cannot pass " + Why;
  if (CallResult && containsV2I8(Ty))
    return "the NVPTX backend cannot return <2 x i8> from a call";
  return "";
}

/// Reports each parameter and the result of \p FTy that \p T cannot pass
/// through \p Report("parameter 2 of type '<7 x i128>': why").
unsigned checkPassedTypes(FunctionType *FTy, const DataLayout &DL,
                          CodegenTarget T, bool IsCall,
                          function_ref<void(const Twine &)> Report) {
  unsigned Errors = 0;
  auto Check = [&](Type *Ty, const Twine &What, bool Result) {
    std::string Why = unpassable(Ty, DL, T, IsCall && Result);
    if (Why.empty())
      return;
    Report(What + " of type '" + typeName(Ty) + "': " + Why);
    ++Errors;
  };
  Check(FTy->getReturnType(), "result", /*Result=*/true);
  for (unsigned I = 0, E = FTy->getNumParams(); I != E; ++I)
    Check(FTy->getParamType(I), "parameter " + Twine(I), /*Result=*/false);
  return Errors;
}

unsigned checkSignatures(Function &F, CodegenTarget T) {
  const DataLayout &DL = F.getDataLayout();
  unsigned Errors = 0;
  // AMDGPU kernels read their parameters from the kernarg segment: the size
  // bound is for device functions. (NVPTX crashes on the same types either
  // way.)
  if (!F.isDeclaration() && F.getCallingConv() != CallingConv::AMDGPU_KERNEL)
    Errors += checkPassedTypes(
        F.getFunctionType(), DL, T, /*IsCall=*/false,
        [&](const Twine &What) { reportUntranslatable(F, What); });
  for (Instruction &I : instructions(F)) {
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB || isa<InlineAsm>(CB->getCalledOperand()))
      continue;
    Function *Callee = CB->getCalledFunction();
    if (Callee && Callee->isIntrinsic())
      continue;
    // A defined callee is reported once, at its definition.
    if (Callee && !Callee->isDeclaration() &&
        Callee->getFunctionType() == CB->getFunctionType() &&
        !(T == CodegenTarget::NVPTX && containsV2I8(CB->getType())))
      continue;
    Errors += checkPassedTypes(
        CB->getFunctionType(), DL, T, /*IsCall=*/true, [&](const Twine &What) {
          reportUntranslatable(
              I, "call" +
                     (Callee ? " to '" + Callee->getName() + "'" : Twine("")) +
                     ": " + What);
        });
  }
  return Errors;
}

//===----------------------------------------------------------------------===//
// Instructions
//===----------------------------------------------------------------------===//

/// Sync scopes each backend knows; AMDGPU's memory legalizer aborts on
/// others ("Not supported instr" for a fence).
bool isSyncScopeKnown(StringRef Name, CodegenTarget T) {
  if (Name.empty() || Name == "singlethread")
    return true;
  if (T == CodegenTarget::AMDGPU)
    return StringSwitch<bool>(Name)
        .Cases("agent", "workgroup", "wavefront", "one-as", true)
        .Cases("agent-one-as", "workgroup-one-as", "wavefront-one-as",
               "singlethread-one-as", true)
        .Default(false);
  return StringSwitch<bool>(Name)
      .Cases("block", "cta", "cluster", "device", "gpu", true)
      .Default(false);
}

std::string syncScopeName(LLVMContext &Ctx, SyncScope::ID ID) {
  SmallVector<StringRef, 8> Names;
  Ctx.getSyncScopeNames(Names);
  return ID < Names.size() ? Names[ID].str() : "";
}

std::optional<SyncScope::ID> syncScopeOf(Instruction &I) {
  if (auto *F = dyn_cast<FenceInst>(&I))
    return F->getSyncScopeID();
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return RMW->getSyncScopeID();
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    return CX->getSyncScopeID();
  if (auto *LI = dyn_cast<LoadInst>(&I); LI && LI->isAtomic())
    return LI->getSyncScopeID();
  if (auto *SI = dyn_cast<StoreInst>(&I); SI && SI->isAtomic())
    return SI->getSyncScopeID();
  return std::nullopt;
}

/// LLVM 19's NVPTX selects atomic loads and stores only when they are
/// unordered or monotonic ("Cannot select: AtomicLoad seq_cst" otherwise:
/// `std::atomic<int>::load()`). Their stronger orderings become the
/// monotonic access between fences, as the PTX memory model's mapping of
/// C++ atomics does: a fence before a release (or stronger) access, one after
/// an acquire (or stronger) one, in the access's sync scope. The fences are
/// lowered to `membar` next (lowerFencesForNVPTX). Read-modify-writes stay
/// as LLVM 19 selects them, a relaxed `atom` whatever their ordering: that
/// is CUDA's atomicAdd/atomicCAS (clang marks them seq_cst; nvcc emits the
/// plain `atom`), and two `membar.sys` around each made a shared-memory
/// histogram 12x slower on the H200 (bench/cuda).
void lowerAtomicOrderingsForNVPTX(Function &F) {
  auto Split = [](Instruction &I, AtomicOrdering Ordering, SyncScope::ID Scope) {
    const bool Before = isReleaseOrStronger(Ordering);
    const bool After = isAcquireOrStronger(Ordering);
    if (Before)
      new FenceInst(I.getContext(), Ordering == AtomicOrdering::SequentiallyConsistent
                                        ? AtomicOrdering::SequentiallyConsistent
                                        : AtomicOrdering::Release,
                    Scope, I.getIterator());
    if (After)
      new FenceInst(I.getContext(), AtomicOrdering::Acquire, Scope, std::next(I.getIterator()));
    return Before || After;
  };
  for (Instruction &I : make_early_inc_range(instructions(F))) {
    if (auto *LI = dyn_cast<LoadInst>(&I); LI && LI->isAtomic()) {
      if (Split(I, LI->getOrdering(), LI->getSyncScopeID()))
        LI->setOrdering(AtomicOrdering::Monotonic);
    } else if (auto *SI = dyn_cast<StoreInst>(&I); SI && SI->isAtomic()) {
      if (Split(I, SI->getOrdering(), SI->getSyncScopeID()))
        SI->setOrdering(AtomicOrdering::Monotonic);
    }
  }
}

/// LLVM 19's NVPTX cannot select `fence` at all. PTX's fences are `membar`
/// at CTA, GPU and system scope (sequentially consistent, so at least as
/// strong as any ordering); a single-thread fence orders nothing on a GPU.
void lowerFencesForNVPTX(Function &F) {
  LLVMContext &Ctx = F.getContext();
  for (Instruction &I : make_early_inc_range(instructions(F))) {
    auto *Fence = dyn_cast<FenceInst>(&I);
    if (!Fence)
      continue;
    std::string Scope = syncScopeName(Ctx, Fence->getSyncScopeID());
    Intrinsic::ID Membar =
        StringSwitch<Intrinsic::ID>(Scope)
            .Case("", Intrinsic::nvvm_membar_sys)
            .Cases("block", "cta", Intrinsic::nvvm_membar_cta)
            .Cases("cluster", "device", "gpu", Intrinsic::nvvm_membar_gl)
            .Default(Intrinsic::not_intrinsic);
    if (Scope == "singlethread") {
      Fence->eraseFromParent();
      continue;
    }
    if (Membar == Intrinsic::not_intrinsic)
      continue; // reported by checkInstruction
    IRBuilder<> B(Fence);
    B.CreateIntrinsic(Membar, {}, {});
    Fence->eraseFromParent();
  }
}

bool isWideFloat(Type *Ty) {
  Ty = Ty->getScalarType();
  return Ty->isFP128Ty() || Ty->isX86_FP80Ty() || Ty->isPPC_FP128Ty();
}

/// fp128 (__float128) and the other wide floating-point types are stored,
/// loaded and moved fine, but every operation on them becomes a soft-float
/// libcall that neither backend can make (AMDGPU: "unsupported libcall
/// legalization"; NVPTX: an external symbol without a name).
bool operatesOnWideFloat(Instruction &I) {
  switch (I.getOpcode()) {
  case Instruction::Load:
  case Instruction::Store:
  case Instruction::PHI:
  case Instruction::Select:
  case Instruction::BitCast:
  case Instruction::ExtractValue:
  case Instruction::InsertValue:
  case Instruction::ExtractElement:
  case Instruction::InsertElement:
  case Instruction::ShuffleVector:
  case Instruction::Freeze:
  case Instruction::Ret:
    return false;
  case Instruction::Call:
    if (!cast<CallInst>(I).getCalledFunction() ||
        !cast<CallInst>(I).getCalledFunction()->isIntrinsic())
      return false;
    break;
  default:
    break;
  }
  if (isWideFloat(I.getType()))
    return true;
  for (Value *Op : I.operands())
    if (isWideFloat(Op->getType()))
      return true;
  return false;
}

unsigned checkInstruction(Instruction &I, CodegenTarget T) {
  LLVMContext &Ctx = I.getContext();
  if (std::optional<SyncScope::ID> Scope = syncScopeOf(I)) {
    std::string Name = syncScopeName(Ctx, *Scope);
    if (!isSyncScopeKnown(Name, T)) {
      reportUntranslatable(I, "'" + Twine(I.getOpcodeName()) +
                                  "' with sync scope '" + Name +
                                  "': " + targetName(T) +
                                  " has no such scope (NVVM scopes are block, "
                                  "cluster, device and the system scope)");
      return 1;
    }
  }
  // Atomic operations wider than 64 bits: both backends call libatomic
  // (`__atomic_fetch_add_16`), which device code does not have.
  if (isa<AtomicRMWInst, AtomicCmpXchgInst>(I) || (isa<LoadInst, StoreInst>(I) && I.isAtomic())) {
    Type *Ty = isa<StoreInst>(I) ? cast<StoreInst>(I).getValueOperand()->getType()
               : isa<AtomicCmpXchgInst>(I) ? cast<AtomicCmpXchgInst>(I).getNewValOperand()->getType()
                                           : I.getType();
    const DataLayout &DL = I.getDataLayout();
    if (Ty->isSized() && DL.getTypeStoreSize(Ty) > 8) {
      reportUntranslatable(I, "atomic '" + Twine(I.getOpcodeName()) + "' of " + typeName(Ty) +
                                  " cannot be compiled for " + targetName(T) +
                                  ": GPU atomic operations are at most 64 bits wide (LLVM "
                                  "would call libatomic, which device code does not have)");
      return 1;
    }
  }
  if (isa<VAArgInst>(I) && T == CodegenTarget::AMDGPU) {
    reportUntranslatable(I,
                         "'va_arg' (reading a variadic argument) cannot be "
                         "compiled for AMDGPU: LLVM 19 has no lowering for it");
    return 1;
  }
  if (operatesOnWideFloat(I)) {
    Type *Wide = isWideFloat(I.getType()) ? I.getType() : nullptr;
    for (Value *Op : I.operands())
      if (!Wide && isWideFloat(Op->getType()))
        Wide = Op->getType();
    reportUntranslatable(
        I, "'" + Twine(I.getOpcodeName()) + "' on " +
               typeName(Wide->getScalarType()) +
               (Wide->getScalarType()->isFP128Ty() ? " (__float128)" : "") +
               " cannot be compiled for " + targetName(T) +
               ": it needs soft-float library calls the GPU "
               "has no library for");
    return 1;
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// Globals
//===----------------------------------------------------------------------===//

/// GPU threads have no thread-local storage: both backends fail to select
/// the address of a thread_local variable.
unsigned checkThreadLocals(Module &M, CodegenTarget T) {
  unsigned Errors = 0;
  for (GlobalVariable &GV : M.globals()) {
    if (!GV.isThreadLocal())
      continue;
    const std::string Why =
        ("thread-local variable '" + GV.getName() +
         "' (thread_local, __thread) cannot be compiled for " + targetName(T) +
         ": GPU threads have no thread-local storage")
            .str();
    SmallVector<User *, 8> Work(GV.users());
    SmallPtrSet<User *, 8> Seen;
    bool Used = false;
    while (!Work.empty()) {
      User *U = Work.pop_back_val();
      if (!Seen.insert(U).second)
        continue;
      if (auto *I = dyn_cast<Instruction>(U)) {
        reportUntranslatable(*I, Why);
        ++Errors;
        Used = true;
      } else if (isa<ConstantExpr>(U) || isa<ConstantAggregate>(U)) {
        append_range(Work, U->users());
      }
    }
    if (!Used) {
      reportUnsupportedGlobal(GV, Why);
      ++Errors;
    }
  }
  return Errors;
}

/// Global constructors and destructors of device code: NVVM IR comes from
/// the CUDA world, which has no dynamic initialization of device variables.
/// NVPTX has no load-time initialization (LLVM 19 aborts on a non-empty
/// llvm.global_ctors or llvm.global_dtors); AMDGPU would compile them into
/// amdgcn.device.init/fini kernels that only a HIP-style loader launches,
/// and Ferry's runtime refuses images holding those (docs/robustness.md).
/// Refused for both, naming each function.
unsigned checkStructors(Module &M, CodegenTarget T) {
  unsigned Errors = 0;
  for (StringRef Name : {"llvm.global_ctors", "llvm.global_dtors"}) {
    GlobalVariable *GV = M.getNamedGlobal(Name);
    if (!GV || !GV->hasInitializer())
      continue;
    auto *List = dyn_cast<ConstantArray>(GV->getInitializer());
    if (!List)
      continue;
    const bool Ctor = Name == "llvm.global_ctors";
    for (Value *Entry : List->operands()) {
      auto *S = dyn_cast<ConstantStruct>(Entry);
      auto *F = S && S->getNumOperands() > 1
                    ? dyn_cast<Function>(S->getOperand(1)->stripPointerCasts())
                    : nullptr;
      const std::string Why =
          T == CodegenTarget::NVPTX
              ? (Twine(Ctor ? "global constructor" : "global destructor") + " (" + Name +
                 ") cannot be compiled for NVPTX: PTX has no load-time " +
                 (Ctor ? "initialization" : "finalization") + " of device variables")
                    .str()
              : (Twine(Ctor ? "global constructor" : "global destructor") + " (" + Name +
                 ") is not supported for AMDGPU: it would become an amdgcn.device." +
                 (Ctor ? "init" : "fini") +
                 " kernel that Ferry's runtime does not run (CUDA has no dynamic " +
                 (Ctor ? "initialization" : "finalization") + " of device variables)")
                    .str();
      if (F)
        reportUntranslatable(*F, Why);
      else
        M.getContext().emitError(Why);
      ++Errors;
    }
  }
  return Errors;
}

/// Aliases: uses are redirected to the aliasee when it is a global object
/// (what an alias of a function or variable is). An alias that stays
/// visible must be one the backend can emit; NVPTX emits `.alias` only for
/// non-kernel, non-weak device-function definitions (and aborts otherwise).
unsigned resolveAliases(Module &M, CodegenTarget T) {
  const SmallPtrSet<Function *, 8> Kernels = nvvmKernels(M);
  unsigned Errors = 0;
  for (GlobalAlias &GA : make_early_inc_range(M.aliases())) {
    auto *Target = dyn_cast<GlobalObject>(GA.getAliasee()->stripPointerCasts());
    if (Target && !GA.isInterposable()) {
      GA.replaceAllUsesWith(
          ConstantExpr::getPointerBitCastOrAddrSpaceCast(Target, GA.getType()));
      if (GA.hasLocalLinkage()) {
        GA.eraseFromParent();
        continue;
      }
    }
    if (T != CodegenTarget::NVPTX)
      continue;
    auto *F = dyn_cast<Function>(GA.getAliasee());
    const bool Emittable = F && !F->isDeclaration() && !Kernels.count(F) &&
                           !GA.hasLinkOnceLinkage() && !GA.hasWeakLinkage() &&
                           !GA.hasCommonLinkage() &&
                           !GA.hasAvailableExternallyLinkage();
    if (Emittable)
      continue;
    const GlobalValue *Aliasee =
        dyn_cast<GlobalValue>(GA.getAliasee()->stripPointerCasts());
    const std::string Why =
        ("alias '" + GA.getName() + "'" +
         (Aliasee ? " of '" + Aliasee->getName() + "'" : Twine("")) +
         " cannot be compiled for NVPTX: PTX aliases name non-weak "
         "device-function definitions only (not kernels, variables or weak "
         "symbols)")
            .str();
    reportUnsupportedGlobal(GA, Why);
    ++Errors;
  }
  return Errors;
}

} // namespace

PreservedAnalyses PrepareForCodegenPass::run(Module &M,
                                             ModuleAnalysisManager &) {
  prepareForCodegen(M, Target);
  return PreservedAnalyses::none();
}

Error checkNVVMInput(Module &M) {
  if (!M.getTargetTriple().empty() && !Triple(M.getTargetTriple()).isNVPTX())
    return createStringError(
        inconvertibleErrorCode(),
        "module '%s' has target triple '%s'; expected NVVM "
        "IR (nvptx64-nvidia-cuda)",
        M.getModuleIdentifier().c_str(), M.getTargetTriple().c_str());
  // A 32-bit module's pointers, sizes and offsets would all change under
  // AMDGPU's (and 64-bit PTX's) 64-bit pointers: its code would compute
  // other addresses than it says.
  const Triple TT(M.getTargetTriple());
  const bool Has32BitTriple = !M.getTargetTriple().empty() && TT.getArch() == Triple::nvptx;
  if (Has32BitTriple || M.getDataLayout().getPointerSizeInBits(0) == 32) {
    const std::string Why = Has32BitTriple
                                ? "target triple '" + M.getTargetTriple() + "'"
                                : std::string("its datalayout has 32-bit pointers");
    return createStringError(
        inconvertibleErrorCode(),
        "module '%s' is 32-bit NVVM IR (%s): Ferry translates 64-bit NVVM IR only "
        "(nvptx64-nvidia-cuda, 64-bit pointers); compile the device code for a 64-bit "
        "target",
        M.getModuleIdentifier().c_str(), Why.c_str());
  }
  // Everything after this reads the module as valid IR: an intrinsic called
  // with the wrong operands or result ("llvm.nvvm.barrier0" returning i64)
  // is refused with the verifier's words, first lines.
  std::string Broken;
  raw_string_ostream OS(Broken);
  if (verifyModule(M, &OS)) {
    StringRef Text(Broken);
    SmallVector<StringRef, 8> Lines;
    Text.trim().split(Lines, '\n', /*MaxSplit=*/6, /*KeepEmpty=*/false);
    if (Lines.size() > 6)
      Lines.back() = "...";
    return createStringError(inconvertibleErrorCode(), "module '%s' is not valid IR: %s",
                             M.getModuleIdentifier().c_str(), join(Lines, "; ").c_str());
  }
  // Prefix data sits before a function's entry and prologue data is run as
  // its first instructions: GPU code objects and PTX have room for neither
  // (AMDGPU's assembler aborted, "undefined .align directive"; NVPTX wrote
  // data PTX does not allow outside a function).
  for (Function &F : M)
    if (F.hasPrefixData() || F.hasPrologueData())
      return createStringError(inconvertibleErrorCode(),
                               "function '%s' has %s data, which GPU code cannot hold",
                               F.getName().str().c_str(),
                               F.hasPrefixData() ? "prefix" : "prologue");
  // Shared memory starts undefined in every block: NVPTX drops a zero
  // initializer and stops on any other, AMDGPU on both.
  for (GlobalVariable &GV : M.globals())
    if (GV.getAddressSpace() == 3 && GV.hasInitializer() &&
        !isa<UndefValue>(GV.getInitializer()) && !GV.getInitializer()->isNullValue())
      reportUnsupportedGlobal(GV, "shared variable '" + GV.getName() +
                                      "' (addrspace(3)) has an initial value, which shared "
                                      "memory cannot have (it is not initialized when a "
                                      "block starts); assign it in the kernel");
  checkAnnotations(M);
  checkKernelResults(M);
  checkKernelCalls(M);
  return Error::success();
}

unsigned prepareForCodegen(Module &M, CodegenTarget T) {
  unsigned Errors = 0;
  if (T == CodegenTarget::NVPTX)
    lowerCxxAllocationToC(M);
  Errors += resolveAliases(M, T);
  Errors += checkStructors(M, T);
  Errors += checkThreadLocals(M, T);
  for (Function &F : M) {
    if (F.isIntrinsic())
      continue;
    Errors += checkCallingConvention(F, T);
    Errors += checkSignatures(F, T);
    if (F.isDeclaration())
      continue;
    if (T == CodegenTarget::NVPTX) {
      lowerAtomicOrderingsForNVPTX(F);
      lowerFencesForNVPTX(F);
      Errors += expandWideIntFPConversions(F);
    } else {
      expandBoolToBFloat(F);
    }
    for (Instruction &I : instructions(F))
      Errors += checkInstruction(I, T);
  }
  return Errors;
}

} // namespace ferry
