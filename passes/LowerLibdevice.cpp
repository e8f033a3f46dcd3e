//===- LowerLibdevice.cpp - libdevice __nv_* calls to ocml / LLVM ---------===//
///
/// \file
/// Replaces calls of libdevice functions by their AMDGPU equivalent from
/// Libdevice.def. Works on pre-link IR (declarations of __nv_*) and on IR
/// where libdevice was linked but not inlined (its NVIDIA-specific bodies are
/// deleted first). Where clang inlined libdevice, its internal helpers stay;
/// the double trig reduction among them is inlined (inlineTrigReduction).
/// ocml functions with pointer outputs take addrspace(5) pointers: the result
/// goes through a private slot and is copied to the caller's generic pointer.
/// Every __nv_* name with no row is an error.
///
//===----------------------------------------------------------------------===//
#include "IRHelpers.h"
#include "IntrinsicLowering.h"
#include "RoundedConversions.h"
#include "ModuleHelpers.h"
#include "TranslationPasses.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"

#define DEBUG_TYPE "ferry-lower-libdevice"

using namespace llvm;

namespace ferry {
namespace {

using NvHandler = Value *(*)(IntrinsicLowering &, int);

#define FERRY_NV(NAME, HANDLER, ARG) Value *HANDLER(IntrinsicLowering &, int);
#include "Libdevice.def"

struct NvRow {
  StringRef Name;
  enum Kind { Ocml, LLVMIntrinsic, Handler, Reject } K;
  StringRef Target; ///< ocml name, or the rejection reason
  int Arg;          ///< intrinsic ID or handler argument
  NvHandler Fn;
  bool Prefix;      ///< Name is a prefix (rounding-mode families)
};

constexpr bool endsWithUnderscore(const char *S) {
  return S[0] && (S[1] ? endsWithUnderscore(S + 1) : S[0] == '_');
}

const NvRow NvRows[] = {
#define FERRY_NV_OCML(NAME, OCML) {NAME, NvRow::Ocml, OCML, 0, nullptr, false},
#define FERRY_NV_LLVM(NAME, ID)                                                \
  {NAME, NvRow::LLVMIntrinsic, "", int(ID), nullptr, false},
#define FERRY_NV(NAME, HANDLER, ARG)                                           \
  {NAME, NvRow::Handler, "", int(ARG), &HANDLER, endsWithUnderscore(NAME)},
#define FERRY_NV_DIRECTED(NAME, OP)                                            \
  {NAME, NvRow::Handler, "", int(OP), &lowerDirectedRounding, true},
#define FERRY_NV_REJECT(NAME, WHY) {NAME, NvRow::Reject, WHY, 0, nullptr, true},
#include "Libdevice.def"
};

/// Exact rows first, then the longest prefix row.
const NvRow *findNvRow(StringRef Name) {
  const NvRow *Best = nullptr;
  for (const NvRow &R : NvRows) {
    if (R.Name == Name)
      return &R;
    if (R.Prefix && Name.starts_with(R.Name) &&
        (!Best || R.Name.size() > Best->Name.size()))
      Best = &R;
  }
  return Best;
}

/// The rounding suffix of "__nv_float2int_rz": rn, rz, rd, ru.
StringRef roundingSuffix(StringRef Name) { return Name.rsplit('_').second; }

Value *nvCountBits(IntrinsicLowering &L, int ID) {
  Value *X = L.arg(0);
  Value *R = ID == Intrinsic::ctlz
                 ? L.B.CreateIntrinsic(Intrinsic::ctlz, {X->getType()}, {X, L.B.getFalse()})
                 : L.B.CreateUnaryIntrinsic(Intrinsic::ctpop, X);
  return L.B.CreateZExtOrTrunc(R, L.retType());
}

/// __ffs: 1 + index of the lowest set bit, 0 for 0.
Value *nvFindFirstSet(IntrinsicLowering &L, int) {
  IRBuilder<> &B = L.B;
  Value *X = L.arg(0);
  Value *Tz = B.CreateIntrinsic(Intrinsic::cttz, {X->getType()}, {X, B.getFalse()});
  Value *R = B.CreateSelect(B.CreateICmpEQ(X, ConstantInt::get(X->getType(), 0)),
                            ConstantInt::get(X->getType(), 0),
                            B.CreateAdd(Tz, ConstantInt::get(X->getType(), 1)));
  return B.CreateZExtOrTrunc(R, L.retType());
}

Value *nvIntAbs(IntrinsicLowering &L, int) {
  return L.B.CreateBinaryIntrinsic(Intrinsic::abs, L.arg(0), L.B.getFalse());
}

Value *nvMulHi(IntrinsicLowering &L, int Unsigned) {
  return emitMulHigh(L.B, L.arg(0), L.arg(1), Unsigned);
}

Value *nvMul24(IntrinsicLowering &L, int ID) {
  return L.B.CreateIntrinsic(L.retType(), Intrinsic::ID(ID), {L.arg(0), L.arg(1)});
}

Value *nvSad(IntrinsicLowering &L, int Unsigned) {
  return emitAbsDiffAdd(L.B, L.arg(0), L.arg(1), L.arg(2), Unsigned);
}

/// __hadd (0), __rhadd (1), __uhadd (2), __urhadd (3): (a + b [+ 1]) >> 1
/// without overflow.
Value *nvHalvingAdd(IntrinsicLowering &L, int Kind) {
  IRBuilder<> &B = L.B;
  const bool Unsigned = Kind >= 2;
  auto Ext = [&](Value *V) {
    return Unsigned ? B.CreateZExt(V, B.getInt64Ty()) : B.CreateSExt(V, B.getInt64Ty());
  };
  Value *Sum = B.CreateAdd(Ext(L.arg(0)), Ext(L.arg(1)));
  if (Kind & 1)
    Sum = B.CreateAdd(Sum, B.getInt64(1));
  Value *Half = Unsigned ? B.CreateLShr(Sum, 1) : B.CreateAShr(Sum, 1);
  return B.CreateTrunc(Half, L.retType());
}

Value *nvBytePermute(IntrinsicLowering &L, int) {
  return emitBytePermute(L.B, L.arg(0), L.arg(1), L.arg(2), /*SignReplicate=*/false);
}

/// llrint / llround: round, then convert (saturating, NaN -> 0).
Value *nvRoundToInt(IntrinsicLowering &L, int ID) {
  return emitRoundToInt(L.B, L.arg(0), Intrinsic::ID(ID), L.retType(), false);
}

Value *nvSaturate(IntrinsicLowering &L, int) { return emitSaturate(L.B, L.arg(0)); }

/// isnan (0), isinf (1), isfinite (2), signbit (3), as int.
Value *nvClassify(IntrinsicLowering &L, int Kind) {
  IRBuilder<> &B = L.B;
  Value *X = L.arg(0);
  Value *Inf = ConstantFP::getInfinity(X->getType());
  Value *R;
  switch (Kind) {
  case 0:
    R = B.CreateFCmpUNO(X, X);
    break;
  case 1:
    R = B.CreateFCmpOEQ(B.CreateUnaryIntrinsic(Intrinsic::fabs, X), Inf);
    break;
  case 2:
    R = B.CreateFCmpOLT(B.CreateUnaryIntrinsic(Intrinsic::fabs, X), Inf);
    break;
  default: {
    Type *Int = B.getIntNTy(X->getType()->getPrimitiveSizeInBits());
    R = B.CreateICmpSLT(B.CreateBitCast(X, Int), ConstantInt::get(Int, 0));
    break;
  }
  }
  return B.CreateZExt(R, L.retType());
}

Value *nvNaN(IntrinsicLowering &L, int) { return ConstantFP::getQNaN(L.retType()); }

/// The _rn arithmetic: IEEE operations without fast-math flags.
Value *nvArith(IntrinsicLowering &L, int Opcode) {
  return L.B.CreateBinOp(Instruction::BinaryOps(Opcode), L.arg(0), L.arg(1));
}

/// __frcp_rn / __drcp_rn (0) and __frsqrt_rn (1).
Value *nvReciprocal(IntrinsicLowering &L, int Sqrt) {
  Value *X = L.arg(0);
  if (Sqrt)
    X = L.B.CreateUnaryIntrinsic(Intrinsic::sqrt, X);
  return L.B.CreateFDiv(ConstantFP::get(L.retType(), 1.0), X);
}

Value *nvFastDivide(IntrinsicLowering &L, int) {
  auto *Div = cast<Instruction>(L.B.CreateFDiv(L.arg(0), L.arg(1)));
  Div->setMetadata(LLVMContext::MD_fpmath, MDBuilder(L.ctx()).createFPMath(2.5f));
  return Div;
}

/// __nv_rcp64h: the high word of an approximate 1/x, low word zero.
Value *nvRcp64h(IntrinsicLowering &L, int) {
  IRBuilder<> &B = L.B;
  Value *R = B.CreateIntrinsic(Intrinsic::amdgcn_rcp, {L.retType()}, {L.arg(0)});
  Value *Bits = B.CreateAnd(B.CreateBitCast(R, B.getInt64Ty()),
                            B.getInt64(0xFFFFFFFF00000000ull));
  return B.CreateBitCast(Bits, L.retType());
}

Value *nvFPToInt(IntrinsicLowering &L, int Unsigned) {
  Intrinsic::ID Round = StringSwitch<Intrinsic::ID>(roundingSuffix(L.Name))
                            .Case("rn", Intrinsic::roundeven)
                            .Case("rz", Intrinsic::trunc)
                            .Case("rd", Intrinsic::floor)
                            .Case("ru", Intrinsic::ceil)
                            .Default(Intrinsic::not_intrinsic);
  if (Round == Intrinsic::not_intrinsic)
    return L.fail("unknown rounding mode");
  return emitRoundToInt(L.B, L.arg(0), Round, L.retType(), Unsigned);
}

/// __nv_{int,uint,ll,ull}2{float,double}_{rn,rz,rd,ru}: directed modes
/// are exact (RoundedConversions.h).
Value *nvIntToFP(IntrinsicLowering &L, int Unsigned) {
  std::optional<RoundingMode> M = parseRoundingMode(roundingSuffix(L.Name));
  if (!M)
    return L.fail("unknown rounding suffix");
  return emitIntToFP(L.B, L.arg(0), !Unsigned, L.retType(), *M);
}

/// __nv_double2float_{rn,rz,rd,ru}.
Value *nvDoubleToFloat(IntrinsicLowering &L, int) {
  std::optional<RoundingMode> M = parseRoundingMode(roundingSuffix(L.Name));
  if (!M)
    return L.fail("unknown rounding suffix");
  return emitFPTrunc(L.B, L.arg(0), L.retType(), *M);
}

/// __float2half_rn (0, returns the bits as i16) and __half2float (1).
Value *nvHalf(IntrinsicLowering &L, int ToFloat) {
  IRBuilder<> &B = L.B;
  if (ToFloat)
    return B.CreateFPExt(B.CreateBitCast(L.arg(0), B.getHalfTy()), L.retType());
  return B.CreateBitCast(B.CreateFPTrunc(L.arg(0), B.getHalfTy()), L.retType());
}

Value *nvBitcast(IntrinsicLowering &L, int) {
  return L.B.CreateBitCast(L.arg(0), L.retType());
}

/// __double2loint (0), __double2hiint (1), __hiloint2double(hi, lo) (2).
Value *nvDoubleWords(IntrinsicLowering &L, int Kind) {
  IRBuilder<> &B = L.B;
  if (Kind == 2) {
    Value *Hi = B.CreateShl(B.CreateZExt(L.arg(0), B.getInt64Ty()), 32);
    Value *Lo = B.CreateZExt(L.arg(1), B.getInt64Ty());
    return B.CreateBitCast(B.CreateOr(Hi, Lo), L.retType());
  }
  Value *Bits = B.CreateBitCast(L.arg(0), B.getInt64Ty());
  return B.CreateTrunc(Kind ? B.CreateLShr(Bits, 32) : Bits, L.retType());
}

/// frexp(x, int *e): LLVM's frexp returns {mantissa, exponent}.
Value *nvFrexp(IntrinsicLowering &L, int) {
  IRBuilder<> &B = L.B;
  Value *R = B.CreateIntrinsic(Intrinsic::frexp, {L.retType(), B.getInt32Ty()}, {L.arg(0)});
  B.CreateStore(B.CreateExtractValue(R, 1), L.arg(1));
  return B.CreateExtractValue(R, 0);
}

/// sincos (0), sincospi (1): ocml returns sin and writes cos through a
/// private pointer. fast_sincosf (2): the native sin and cos.
Value *nvSinCos(IntrinsicLowering &L, int Kind) {
  IRBuilder<> &B = L.B;
  Value *X = L.arg(0);
  Type *Ty = X->getType();
  const char *Suffix = Ty->isFloatTy() ? "_f32" : "_f64";
  Value *Sin, *Cos;
  if (Kind == 2) {
    Sin = L.callLibrary("__ocml_native_sin_f32", Ty, {X});
    Cos = L.callLibrary("__ocml_native_cos_f32", Ty, {X});
  } else {
    Value *Slot = emitPrivateSlot(B, Ty);
    Sin = L.callLibrary((Twine(Kind ? "__ocml_sincospi" : "__ocml_sincos") + Suffix).str(),
                        Ty, {X, Slot});
    Cos = B.CreateLoad(Ty, Slot);
  }
  B.CreateStore(Sin, L.arg(1));
  B.CreateStore(Cos, L.arg(2));
  return nullptr;
}

/// modf (output operand 1, same type) and remquo (operand 2, int) through a
/// private slot.
Value *nvPrivateOut(IntrinsicLowering &L, int OutIndex) {
  IRBuilder<> &B = L.B;
  Type *Ty = L.retType();
  Type *OutTy = OutIndex == 1 ? Ty : B.getInt32Ty();
  const char *Suffix = Ty->isFloatTy() ? "_f32" : "_f64";
  StringRef Base = OutIndex == 1 ? "__ocml_modf" : "__ocml_remquo";
  Value *Slot = emitPrivateSlot(B, OutTy);
  SmallVector<Value *, 3> Args;
  for (unsigned I = 0; I < unsigned(OutIndex); ++I)
    Args.push_back(L.arg(I));
  Args.push_back(Slot);
  Value *R = L.callLibrary((Base + Suffix).str(), Ty, Args);
  B.CreateStore(B.CreateLoad(OutTy, Slot), L.arg(OutIndex));
  return R;
}

/// norm(dim, a) (0) / rnorm (1): sqrt of the sum of squares, in a helper.
Value *nvNorm(IntrinsicLowering &L, int Reciprocal) {
  Type *Ty = L.retType();
  LLVMContext &Ctx = L.ctx();
  Type *I32 = Type::getInt32Ty(Ctx), *Ptr = PointerType::get(Ctx, 0);
  std::string Name = (Twine("__ferry_") + (Reciprocal ? "rnorm" : "norm") +
                      (Ty->isFloatTy() ? "_f32" : "_f64"))
                         .str();
  Function *F = getOrCreateHelper(
      L.module(), Name, FunctionType::get(Ty, {I32, Ptr}, false), false,
      [&](Function &F) {
        auto *Entry = BasicBlock::Create(Ctx, "entry", &F);
        auto *Loop = BasicBlock::Create(Ctx, "term", &F);
        auto *Exit = BasicBlock::Create(Ctx, "done", &F);
        IRBuilder<> B(Entry);
        Value *Zero = ConstantFP::get(Ty, 0.0);
        B.CreateCondBr(B.CreateICmpSGT(F.getArg(0), B.getInt32(0)), Loop, Exit);
        B.SetInsertPoint(Loop);
        PHINode *I = B.CreatePHI(I32, 2), *Sum = B.CreatePHI(Ty, 2);
        Value *X = B.CreateLoad(Ty, B.CreateGEP(Ty, F.getArg(1), I));
        Value *Sum2 = B.CreateIntrinsic(Intrinsic::fma, {Ty}, {X, X, Sum});
        Value *I2 = B.CreateAdd(I, B.getInt32(1));
        B.CreateCondBr(B.CreateICmpSLT(I2, F.getArg(0)), Loop, Exit);
        I->addIncoming(B.getInt32(0), Entry);
        I->addIncoming(I2, Loop);
        Sum->addIncoming(Zero, Entry);
        Sum->addIncoming(Sum2, Loop);
        B.SetInsertPoint(Exit);
        PHINode *Total = B.CreatePHI(Ty, 2);
        Total->addIncoming(Zero, Entry);
        Total->addIncoming(Sum2, Loop);
        Value *Root = B.CreateUnaryIntrinsic(Intrinsic::sqrt, Total);
        B.CreateRet(Reciprocal ? B.CreateFDiv(ConstantFP::get(Ty, 1.0), Root) : Root);
      });
  return L.B.CreateCall(F, {L.arg(0), L.arg(1)});
}

/// jn / yn (n, x): forward recurrence from order 0 and 1, as HIP does.
Value *nvBesselN(IntrinsicLowering &L, int IsY) {
  Type *Ty = L.retType();
  LLVMContext &Ctx = L.ctx();
  Type *I32 = Type::getInt32Ty(Ctx);
  const char *Suffix = Ty->isFloatTy() ? "_f32" : "_f64";
  std::string Name = (Twine("__ferry_") + (IsY ? "yn" : "jn") + Suffix).str();
  Module &M = L.module();
  Function *F = getOrCreateHelper(
      M, Name, FunctionType::get(Ty, {I32, Ty}, false), false, [&](Function &F) {
        auto *Entry = BasicBlock::Create(Ctx, "entry", &F);
        auto *Loop = BasicBlock::Create(Ctx, "order", &F);
        auto *Exit = BasicBlock::Create(Ctx, "done", &F);
        IRBuilder<> B(Entry);
        Value *N = F.getArg(0), *X = F.getArg(1);
        auto Ocml = [&](const char *Fn) {
          FunctionCallee C = M.getOrInsertFunction(
              (Twine("__ocml_") + (IsY ? "y" : "j") + Fn + Suffix).str(), Ty, Ty);
          return B.CreateCall(C, {X});
        };
        Value *F0 = Ocml("0"), *F1 = Ocml("1");
        Value *Start = B.CreateSelect(B.CreateICmpEQ(N, B.getInt32(0)), F0, F1);
        B.CreateCondBr(B.CreateICmpSGT(N, B.getInt32(1)), Loop, Exit);
        B.SetInsertPoint(Loop);
        PHINode *I = B.CreatePHI(I32, 2), *Prev = B.CreatePHI(Ty, 2), *Cur = B.CreatePHI(Ty, 2);
        Value *Coef = B.CreateFDiv(B.CreateSIToFP(B.CreateShl(I, 1), Ty), X);
        Value *Next = B.CreateFSub(B.CreateFMul(Coef, Cur), Prev);
        Value *I2 = B.CreateAdd(I, B.getInt32(1));
        B.CreateCondBr(B.CreateICmpSLT(I2, N), Loop, Exit);
        I->addIncoming(B.getInt32(1), Entry);
        I->addIncoming(I2, Loop);
        Prev->addIncoming(F0, Entry);
        Prev->addIncoming(Cur, Loop);
        Cur->addIncoming(F1, Entry);
        Cur->addIncoming(Next, Loop);
        B.SetInsertPoint(Exit);
        PHINode *R = B.CreatePHI(Ty, 2);
        R->addIncoming(Start, Entry);
        R->addIncoming(Next, Loop);
        B.CreateRet(R);
      });
  return L.B.CreateCall(F, {L.arg(0), L.arg(1)});
}

} // namespace

bool isLibdeviceFunctionMapped(StringRef Name, std::string *Target) {
  const NvRow *R = findNvRow(Name);
  if (!R)
    return false;
  if (Target) {
    switch (R->K) {
    case NvRow::Ocml:
      *Target = R->Target.str();
      break;
    case NvRow::LLVMIntrinsic:
      *Target = Intrinsic::getBaseName(Intrinsic::ID(R->Arg)).str();
      break;
    case NvRow::Handler:
      *Target = "IR sequence";
      break;
    case NvRow::Reject:
      *Target = ("rejected: " + R->Target).str();
      break;
    }
  }
  return R->K != NvRow::Reject;
}

/// Linked libdevice's Payne-Hanek reduction for double sin/cos/tan with
/// |x| >= 2^31 is a noinline function with a [5 x i64] array indexed at run
/// time. In a device function AMDGPUPromoteAlloca makes at most 8 dwords a
/// vector (the 32 VGPRs the calling convention leaves to callees), so the
/// array stayed in scratch (48 bytes per work-item); inlined into the kernel
/// it becomes a vector in registers, as ocml's reduction uses none.
static bool inlineTrigReduction(Module &M) {
  bool Changed = false;
  for (Function &F : M)
    if (F.getName().starts_with("__internal_trig_reduction_slowpathd") &&
        F.hasLocalLinkage() && !F.isDeclaration()) {
      F.removeFnAttr(Attribute::NoInline);
      F.addFnAttr(Attribute::AlwaysInline);
      Changed = true;
    }
  return Changed;
}

/// Whether CUDA 13's libdevice defines \p Name (LibdeviceFunctions.def).
static bool inLibdevice(StringRef Name) {
  static const StringSet<> Names = [] {
    StringSet<> S;
#define FERRY_LIBDEVICE_FUNCTION(NAME) S.insert(NAME);
#include "LibdeviceFunctions.def"
    return S;
  }();
  return Names.contains(Name);
}

/// The libdevice function that does what \p F, a declaration, does: its
/// C name's (C's lrint and lround return long, 64 bits like libdevice's
/// long long ones), or the math intrinsic's of its type; empty if none.
static std::string libdeviceEquivalent(const Function &F) {
  static const StringMap<StringRef> Aliases = {{"lrint", "__nv_llrint"},
                                               {"lrintf", "__nv_llrintf"},
                                               {"lround", "__nv_llround"},
                                               {"lroundf", "__nv_llroundf"}};
  if (!F.isIntrinsic()) {
    StringRef Name = F.getName();
    if (auto It = Aliases.find(Name); It != Aliases.end())
      return It->second.str();
    return !Name.starts_with("__") && inLibdevice(("__nv_" + Name).str())
               ? ("__nv_" + Name).str()
               : std::string();
  }
  StringRef Base;
  switch (F.getIntrinsicID()) {
  case Intrinsic::sin: Base = "sin"; break;
  case Intrinsic::cos: Base = "cos"; break;
  case Intrinsic::tan: Base = "tan"; break;
  case Intrinsic::exp: Base = "exp"; break;
  case Intrinsic::exp2: Base = "exp2"; break;
  case Intrinsic::exp10: Base = "exp10"; break;
  case Intrinsic::log: Base = "log"; break;
  case Intrinsic::log2: Base = "log2"; break;
  case Intrinsic::log10: Base = "log10"; break;
  case Intrinsic::pow: Base = "pow"; break;
  case Intrinsic::lrint:
  case Intrinsic::llrint: Base = "llrint"; break;
  case Intrinsic::lround:
  case Intrinsic::llround: Base = "llround"; break;
  default: return {};
  }
  // (The rounding conversions: by their operand, to 64 bits.)
  if (Base.starts_with("ll") && !F.getReturnType()->isIntegerTy(64))
    return {};
  Type *T = Base.starts_with("ll") ? F.getFunctionType()->getParamType(0) : F.getReturnType();
  return T->isDoubleTy() ? ("__nv_" + Base).str()
         : T->isFloatTy() ? ("__nv_" + Base + "f").str()
                          : std::string();
}

/// Whether \p ID is one of the math intrinsics libdeviceEquivalent maps.
static bool isLibdeviceMath(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::sin: case Intrinsic::cos: case Intrinsic::tan:
  case Intrinsic::exp: case Intrinsic::exp2: case Intrinsic::exp10:
  case Intrinsic::log: case Intrinsic::log2: case Intrinsic::log10:
  case Intrinsic::pow:
    return true;
  default:
    return false;
  }
}

/// The math intrinsics on half and bfloat (scalars and vectors), which
/// neither libdevice nor NVPTX has and AMDGPU has only in part (no tan):
/// each element in float, rounded back, as CUDA's half functions compute.
static bool promoteHalfMath(Module &M) {
  bool Changed = false;
  for (Function &F : make_early_inc_range(M)) {
    Type *Ty = F.getReturnType();
    if (!F.isIntrinsic() || !isLibdeviceMath(F.getIntrinsicID()) ||
        !(Ty->getScalarType()->isHalfTy() || Ty->getScalarType()->isBFloatTy()))
      continue;
    const Intrinsic::ID ID = F.getIntrinsicID();
    Changed |= lowerDirectCalls(F, [&](CallInst &CI) {
      IRBuilder<> B(&CI);
      B.setFastMathFlags(CI.getFastMathFlags());
      auto *VT = dyn_cast<FixedVectorType>(Ty);
      Value *Result = PoisonValue::get(Ty);
      for (unsigned E = 0, N = VT ? VT->getNumElements() : 1; E != N; ++E) {
        SmallVector<Value *, 2> Args;
        for (Value *A : CI.args())
          Args.push_back(B.CreateFPExt(VT ? B.CreateExtractElement(A, E) : A, B.getFloatTy()));
        Value *R = B.CreateFPTrunc(B.CreateIntrinsic(B.getFloatTy(), ID, Args),
                                   Ty->getScalarType());
        Result = VT ? B.CreateInsertElement(Result, R, E) : R;
      }
      CI.replaceAllUsesWith(Result);
      CI.eraseFromParent();
    });
  }
  return Changed;
}

bool redirectMathToLibdevice(Module &M) {
  bool Changed = promoteHalfMath(M);
  for (Function &F : make_early_inc_range(M)) {
    if (!F.isDeclaration() || F.use_empty())
      continue;
    const std::string Nv = libdeviceEquivalent(F);
    if (Nv.empty())
      continue;
    Function *Target = M.getFunction(Nv);
    if (!Target)
      Target = Function::Create(F.getFunctionType(), GlobalValue::ExternalLinkage, Nv, M);
    if (Target->getFunctionType() != F.getFunctionType())
      continue; // (a program's own function of that name; left alone)
    F.replaceAllUsesWith(Target);
    F.eraseFromParent();
    Changed = true;
  }
  return Changed;
}

PreservedAnalyses LowerLibdevicePass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = redirectMathToLibdevice(M);
  Changed |= inlineTrigReduction(M);
  for (Function &F : make_early_inc_range(M)) {
    StringRef Name = F.getName();
    if (!Name.starts_with("__nv_"))
      continue;
    const NvRow *Row = findNvRow(Name);
    // A function the module defines that libdevice does not is its own:
    // clang's CUDA headers define nvcc's builtins (`__nv_cvta_*_impl`,
    // called where -O0 leaves them) as address-space casts.
    if (!Row && !F.isDeclaration() && !inLibdevice(Name))
      continue;
    if (!Row) {
      for (User *U : F.users())
        if (auto *CI = dyn_cast<CallInst>(U))
          reportUntranslatable(*CI, "libdevice function '" + Name +
                                        "' has no AMDGPU translation");
      continue;
    }
    // Linked libdevice: the NVIDIA implementation is replaced, not kept.
    if (!F.isDeclaration()) {
      F.deleteBody();
      Changed = true;
    }
    Changed |= lowerDirectCalls(F, [&](CallInst &CI) {
      IntrinsicLowering L(CI, Name, T);
      Value *R = nullptr;
      switch (Row->K) {
      case NvRow::Ocml: {
        SmallVector<Value *, 4> Args(CI.args());
        R = L.callLibrary(Row->Target, CI.getType(), Args);
        break;
      }
      case NvRow::LLVMIntrinsic: {
        SmallVector<Value *, 4> Args(CI.args());
        R = L.B.CreateIntrinsic(CI.getType(), Intrinsic::ID(Row->Arg), Args);
        break;
      }
      case NvRow::Handler:
        R = Row->Fn(L, Row->Arg);
        break;
      case NvRow::Reject:
        L.fail(Row->Target);
        break;
      }
      L.replaceCall(R);
    });
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ferry
