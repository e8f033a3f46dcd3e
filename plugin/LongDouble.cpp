//===- LongDouble.cpp - long double in device code ------------------------===//
///
/// \file
/// See LongDouble.h. Each function's x86_fp80 values get a double twin: a
/// load becomes two integer loads (the 64-bit significand with its explicit
/// integer bit, then sign and 15-bit exponent) and a conversion, a store the
/// exact conversion back and two integer stores; arithmetic, comparisons,
/// conversions, phis, selects and math intrinsics run on the twins.
///
//===----------------------------------------------------------------------===//
#include "LongDouble.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace ferry {
namespace plugin {
namespace {

/// Whether \p T is long double, or a struct or array holding one
/// (`_Complex long double` is `{ x86_fp80, x86_fp80 }`).
bool isFP80(const Type *T) {
  if (T->isX86_FP80Ty())
    return true;
  if (const auto *S = dyn_cast<StructType>(T))
    return any_of(S->elements(), [](const Type *E) { return isFP80(E); });
  if (const auto *A = dyn_cast<ArrayType>(T))
    return isFP80(A->getElementType());
  return false;
}

/// \p T with double for long double.
Type *twinType(Type *T) {
  if (T->isX86_FP80Ty())
    return Type::getDoubleTy(T->getContext());
  if (auto *S = dyn_cast<StructType>(T)) {
    SmallVector<Type *, 4> Elements;
    for (Type *E : S->elements())
      Elements.push_back(twinType(E));
    return StructType::get(T->getContext(), Elements);
  }
  if (auto *A = dyn_cast<ArrayType>(T))
    return ArrayType::get(twinType(A->getElementType()), A->getNumElements());
  return T;
}

bool usesFP80(const Instruction &I) {
  if (isFP80(I.getType()))
    return true;
  for (const Value *Op : I.operands())
    if (isFP80(Op->getType()))
      return true;
  return false;
}

/// The 80-bit value at \p P as a double (rounded to nearest; values beyond
/// double's range become infinities or zeros).
Value *loadFP80(IRBuilder<> &B, Value *P) {
  Type *I64 = B.getInt64Ty(), *I32 = B.getInt32Ty(), *F64 = B.getDoubleTy();
  Value *Lo = B.CreateAlignedLoad(I64, P, Align(8));
  Value *Hi = B.CreateAlignedLoad(B.getInt16Ty(), B.CreateConstGEP1_64(B.getInt8Ty(), P, 8),
                                  Align(2));
  Value *Exp = B.CreateZExt(B.CreateAnd(Hi, 0x7fff), I32);
  Value *Negative = B.CreateICmpNE(B.CreateLShr(Hi, 15), B.getInt16(0));
  // value = significand * 2^(exp - 16383 - 63); a denormal's exp reads 1.
  Value *Effective = B.CreateSelect(B.CreateICmpEQ(Exp, B.getInt32(0)), B.getInt32(1), Exp);
  Value *K = B.CreateSub(Effective, B.getInt32(16383 + 63));
  // Clamped to where the result is still a zero or an infinity, then split
  // into two powers of two that double can hold exactly.
  Value *KC = B.CreateSelect(B.CreateICmpSLT(K, B.getInt32(-1138)), B.getInt32(-1138), K);
  KC = B.CreateSelect(B.CreateICmpSGT(KC, B.getInt32(1087)), B.getInt32(1087), KC);
  Value *K1 = B.CreateSelect(B.CreateICmpSLT(KC, B.getInt32(-1022)), B.getInt32(-1022), KC);
  K1 = B.CreateSelect(B.CreateICmpSGT(K1, B.getInt32(1023)), B.getInt32(1023), K1);
  Value *K2 = B.CreateSub(KC, K1);
  auto Pow2 = [&](Value *E) {
    Value *Bits = B.CreateShl(B.CreateZExt(B.CreateAdd(E, B.getInt32(1023)), I64), 52);
    return B.CreateBitCast(Bits, F64);
  };
  Value *V = B.CreateFMul(B.CreateFMul(B.CreateUIToFP(Lo, F64), Pow2(K1)), Pow2(K2));
  // Infinities and NaNs.
  Value *Fraction = B.CreateAnd(Lo, B.getInt64(0x7fffffffffffffffULL));
  Value *Special = B.CreateSelect(B.CreateICmpEQ(Fraction, B.getInt64(0)),
                                  ConstantFP::getInfinity(F64), ConstantFP::getQNaN(F64));
  V = B.CreateSelect(B.CreateICmpEQ(Exp, B.getInt32(0x7fff)), Special, V);
  return B.CreateSelect(Negative, B.CreateFNeg(V), V);
}

/// Stores double \p D at \p P in the 80-bit format (exactly).
void storeFP80(IRBuilder<> &B, Value *D, Value *P) {
  Type *I64 = B.getInt64Ty(), *I16 = B.getInt16Ty();
  Value *Bits = B.CreateBitCast(D, I64);
  Value *Sign = B.CreateTrunc(B.CreateLShr(Bits, 63), I16);
  Value *E = B.CreateAnd(B.CreateLShr(Bits, 52), 0x7ff);
  Value *F = B.CreateAnd(Bits, B.getInt64((1ULL << 52) - 1));
  Value *IntBit = B.getInt64(1ULL << 63);
  // Normal: the exponent rebiased, the integer bit made explicit.
  Value *NormalExp = B.CreateAdd(E, B.getInt64(16383 - 1023));
  Value *NormalMant = B.CreateOr(IntBit, B.CreateShl(F, 11));
  // Zero and denormals: normalized (80-bit's range holds them).
  Function *Ctlz = Intrinsic::getDeclaration(B.GetInsertBlock()->getModule(), Intrinsic::ctlz,
                                             {I64});
  Value *LZ = B.CreateCall(Ctlz, {F, B.getTrue()});
  Value *IsZero = B.CreateICmpEQ(F, B.getInt64(0));
  Value *TinyExp = B.CreateSelect(IsZero, B.getInt64(0), B.CreateSub(B.getInt64(15372), LZ));
  Value *TinyMant = B.CreateSelect(IsZero, B.getInt64(0), B.CreateShl(F, LZ));
  // Infinities and (quiet) NaNs.
  Value *SpecialMant = B.CreateSelect(
      B.CreateICmpEQ(F, B.getInt64(0)), IntBit,
      B.CreateOr(B.getInt64(0xC000000000000000ULL), B.CreateShl(F, 11)));
  Value *IsTiny = B.CreateICmpEQ(E, B.getInt64(0));
  Value *IsSpecial = B.CreateICmpEQ(E, B.getInt64(0x7ff));
  Value *Exp = B.CreateSelect(IsTiny, TinyExp,
                              B.CreateSelect(IsSpecial, B.getInt64(0x7fff), NormalExp));
  Value *Mant = B.CreateSelect(IsTiny, TinyMant, B.CreateSelect(IsSpecial, SpecialMant, NormalMant));
  Value *Hi = B.CreateOr(B.CreateShl(Sign, 15), B.CreateTrunc(Exp, I16));
  B.CreateAlignedStore(Mant, P, Align(8));
  B.CreateAlignedStore(Hi, B.CreateConstGEP1_64(B.getInt8Ty(), P, 8), Align(2));
}

/// A value of type \p T (long double, or an aggregate holding some) at \p P,
/// with doubles for its long doubles.
Value *loadTwin(IRBuilder<> &B, Type *T, Value *P) {
  if (T->isX86_FP80Ty())
    return loadFP80(B, P);
  if (!isFP80(T))
    return B.CreateLoad(T, P);
  Value *Agg = PoisonValue::get(twinType(T));
  const unsigned N = isa<StructType>(T) ? T->getStructNumElements() : T->getArrayNumElements();
  for (unsigned K = 0; K < N; ++K) {
    Type *E = isa<StructType>(T) ? T->getStructElementType(K) : T->getArrayElementType();
    Value *At = B.CreateConstInBoundsGEP2_32(T, P, 0, K);
    Agg = B.CreateInsertValue(Agg, loadTwin(B, E, At), K);
  }
  return Agg;
}

/// Stores \p V, the twin of a value of type \p T, at \p P in \p T's layout.
void storeTwin(IRBuilder<> &B, Type *T, Value *V, Value *P) {
  if (T->isX86_FP80Ty())
    return storeFP80(B, V, P);
  if (!isFP80(T)) {
    B.CreateStore(V, P);
    return;
  }
  const unsigned N = isa<StructType>(T) ? T->getStructNumElements() : T->getArrayNumElements();
  for (unsigned K = 0; K < N; ++K) {
    Type *E = isa<StructType>(T) ? T->getStructElementType(K) : T->getArrayElementType();
    storeTwin(B, E, B.CreateExtractValue(V, K), B.CreateConstInBoundsGEP2_32(T, P, 0, K));
  }
}

std::string nameOf(const Function &F) { return demangle(F.getName().str()); }

class Demoter {
public:
  Demoter(Function &F, std::string &Error) : F(F), Error(Error) {}

  bool run() {
    if (isFP80(F.getReturnType()) || any_of(F.args(), [](const Argument &A) {
          return isFP80(A.getType());
        }))
      return fail("the function '" + nameOf(F) +
                  "', called in a compute region, takes or returns 'long double'; GPUs "
                  "have no such type: use double");
    // Phis first (their incoming values may come later in the order).
    ReversePostOrderTraversal<Function *> RPO(&F);
    for (BasicBlock *BB : RPO)
      for (PHINode &P : BB->phis())
        if (isFP80(P.getType()))
          Twin[&P] = PHINode::Create(twinType(P.getType()), P.getNumIncomingValues(),
                                     P.getName() + ".d", &P);
    for (BasicBlock *BB : RPO)
      for (Instruction &I : make_early_inc_range(*BB))
        if (!isa<PHINode>(I) && usesFP80(I) && !demote(I))
          return false;
    for (auto &[Old, New] : Twin)
      if (auto *P = dyn_cast<PHINode>(Old)) {
        auto *NP = cast<PHINode>(New);
        for (unsigned K = 0; K < P->getNumIncomingValues(); ++K) {
          Value *In = twin(P->getIncomingValue(K));
          if (!In)
            return false;
          NP->addIncoming(In, P->getIncomingBlock(K));
        }
      }
    for (Instruction *I : reverse(Dead)) {
      I->replaceAllUsesWith(PoisonValue::get(I->getType()));
      I->eraseFromParent();
    }
    for (auto &[Old, New] : Twin)
      if (auto *P = dyn_cast<PHINode>(Old)) {
        P->replaceAllUsesWith(PoisonValue::get(P->getType()));
        P->eraseFromParent();
      }
    return true;
  }

private:
  Function &F;
  std::string &Error;
  DenseMap<Value *, Value *> Twin;
  SmallVector<Instruction *, 16> Dead;

  bool fail(std::string Why) {
    Error = std::move(Why);
    return false;
  }

  /// The double twin of \p V, an x86_fp80 value.
  Value *twin(Value *V) {
    if (Value *T = Twin.lookup(V))
      return T;
    Type *F64 = Type::getDoubleTy(V->getContext());
    if (auto *C = dyn_cast<ConstantFP>(V); C && C->getType()->isX86_FP80Ty()) {
      APFloat D = C->getValueAPF();
      bool Lost;
      D.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &Lost);
      return ConstantFP::get(F64, D);
    }
    if (isa<PoisonValue>(V))
      return PoisonValue::get(twinType(V->getType()));
    if (isa<UndefValue>(V))
      return UndefValue::get(twinType(V->getType()));
    if (isa<ConstantAggregateZero>(V))
      return Constant::getNullValue(twinType(V->getType()));
    if (auto *C = dyn_cast<ConstantAggregate>(V)) {
      SmallVector<Constant *, 4> Elements;
      for (Value *E : C->operands()) {
        Value *T = isFP80(E->getType()) ? twin(E) : E;
        if (!T)
          return nullptr;
        Elements.push_back(cast<Constant>(T));
      }
      Type *TT = twinType(V->getType());
      return isa<StructType>(TT) ? ConstantStruct::get(cast<StructType>(TT), Elements)
                                 : ConstantArray::get(cast<ArrayType>(TT), Elements);
    }
    std::string Text;
    raw_string_ostream OS(Text);
    V->printAsOperand(OS, /*PrintType=*/true, F.getParent());
    fail("'long double' value in '" + nameOf(F) + "' that Ferry cannot compute in double (" +
         OS.str() + ")");
    return nullptr;
  }

  bool demote(Instruction &I) {
    IRBuilder<> B(&I);
    Value *New = nullptr;
    if (auto *L = dyn_cast<LoadInst>(&I)) {
      if (!L->isSimple())
        return fail("a volatile or atomic 'long double' access in '" + nameOf(F) + "'");
      New = loadTwin(B, L->getType(), L->getPointerOperand());
    } else if (auto *S = dyn_cast<StoreInst>(&I)) {
      if (!S->isSimple())
        return fail("a volatile or atomic 'long double' access in '" + nameOf(F) + "'");
      Value *D = twin(S->getValueOperand());
      if (!D)
        return false;
      storeTwin(B, S->getValueOperand()->getType(), D, S->getPointerOperand());
    } else if (auto *BO = dyn_cast<BinaryOperator>(&I)) {
      Value *L = twin(BO->getOperand(0)), *R = twin(BO->getOperand(1));
      if (!L || !R)
        return false;
      New = B.CreateBinOp(BO->getOpcode(), L, R);
      if (auto *NI = dyn_cast<Instruction>(New))
        NI->copyFastMathFlags(BO);
    } else if (auto *U = dyn_cast<UnaryOperator>(&I)) {
      Value *X = twin(U->getOperand(0));
      if (!X)
        return false;
      New = B.CreateUnOp(U->getOpcode(), X);
    } else if (auto *C = dyn_cast<FCmpInst>(&I)) {
      Value *L = twin(C->getOperand(0)), *R = twin(C->getOperand(1));
      if (!L || !R)
        return false;
      I.replaceAllUsesWith(B.CreateFCmp(C->getPredicate(), L, R));
    } else if (auto *Cast = dyn_cast<CastInst>(&I)) {
      if (!demoteCast(B, *Cast, New))
        return false;
    } else if (auto *Sel = dyn_cast<SelectInst>(&I)) {
      Value *T = twin(Sel->getTrueValue()), *E = twin(Sel->getFalseValue());
      if (!T || !E)
        return false;
      New = B.CreateSelect(Sel->getCondition(), T, E);
    } else if (auto *EV = dyn_cast<ExtractValueInst>(&I)) {
      Value *Agg = twin(EV->getAggregateOperand());
      if (!Agg)
        return false;
      Value *E = B.CreateExtractValue(Agg, EV->getIndices());
      if (isFP80(EV->getType()))
        New = E;
      else
        EV->replaceAllUsesWith(E);
    } else if (auto *IV = dyn_cast<InsertValueInst>(&I)) {
      Value *Agg = twin(IV->getAggregateOperand());
      Value *E = IV->getInsertedValueOperand();
      if (isFP80(E->getType()))
        E = twin(E);
      if (!Agg || !E)
        return false;
      New = B.CreateInsertValue(Agg, E, IV->getIndices());
    } else if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
      if (!demoteIntrinsic(B, *II, New))
        return false;
    } else if (auto *Call = dyn_cast<CallInst>(&I)) {
      if (!demoteMathCall(B, *Call, New)) {
        const Function *Callee = Call->getCalledFunction();
        return fail("'" + (Callee ? nameOf(*Callee) : std::string("an indirect call")) +
                    "' is called with 'long double' in '" + nameOf(F) +
                    "'; GPUs have no such type: use double");
      }
    } else {
      return fail(std::string("'long double' in '") + nameOf(F) + "' (" + I.getOpcodeName() +
                  (isFP80(I.getType()) ? "" : " of a value") +
                  "), which Ferry cannot compute in double on a GPU; use double (a "
                  "'_Complex long double' is not supported)");
    }
    if (New)
      Twin[&I] = New;
    Dead.push_back(&I);
    return true;
  }

  bool demoteCast(IRBuilder<> &B, CastInst &C, Value *&New) {
    Type *F64 = B.getDoubleTy();
    Value *Src = C.getOperand(0);
    switch (C.getOpcode()) {
    case Instruction::FPExt: // float/double -> long double
      New = Src->getType()->isDoubleTy() ? Src : B.CreateFPExt(Src, F64);
      return true;
    case Instruction::FPTrunc: { // long double -> float/double
      Value *D = twin(Src);
      if (!D)
        return false;
      C.replaceAllUsesWith(C.getType()->isDoubleTy() ? D : B.CreateFPTrunc(D, C.getType()));
      return true;
    }
    case Instruction::SIToFP:
    case Instruction::UIToFP:
      New = B.CreateCast(C.getOpcode(), Src, F64);
      return true;
    case Instruction::FPToSI:
    case Instruction::FPToUI: {
      Value *D = twin(Src);
      if (!D)
        return false;
      C.replaceAllUsesWith(B.CreateCast(C.getOpcode(), D, C.getType()));
      return true;
    }
    default:
      return fail("a bit cast of 'long double' in '" + nameOf(F) +
                  "', which has no meaning in double on a GPU");
    }
  }

  /// C math's long double functions (`fmaxl`, `sqrtl`, ...): the device
  /// library's double ones (`__nv_fmax`, ...).
  bool demoteMathCall(IRBuilder<> &B, CallInst &Call, Value *&New) {
    const Function *Callee = Call.getCalledFunction();
    if (!Callee || !isLongDoubleMath(Callee->getName()) ||
        !(isFP80(Call.getType()) || Call.getType()->isVoidTy()))
      return false;
    SmallVector<Value *, 3> Args;
    SmallVector<Type *, 3> Params;
    for (Value *A : Call.args()) {
      if (!isFP80(A->getType()))
        return false;
      Value *T = twin(A);
      if (!T)
        return false;
      Args.push_back(T);
      Params.push_back(B.getDoubleTy());
    }
    const std::string Name = "__nv_" + Callee->getName().drop_back().str();
    FunctionCallee D = F.getParent()->getOrInsertFunction(
        Name, FunctionType::get(B.getDoubleTy(), Params, false));
    New = B.CreateCall(D, Args);
    return true;
  }

  bool demoteIntrinsic(IRBuilder<> &B, IntrinsicInst &II, Value *&New) {
    const Intrinsic::ID ID = II.getIntrinsicID();
    if (!II.getType()->isX86_FP80Ty() && !II.getType()->isIntegerTy(1))
      return fail("the intrinsic '" + II.getCalledFunction()->getName().str() +
                  "' on 'long double' in '" + nameOf(F) + "'");
    SmallVector<Value *, 3> Args;
    for (Value *A : II.args())
      if (isFP80(A->getType())) {
        Value *T = twin(A);
        if (!T)
          return false;
        Args.push_back(T);
      } else {
        Args.push_back(A);
      }
    SmallVector<Type *, 2> Overloads;
    switch (ID) {
    case Intrinsic::fmuladd:
    case Intrinsic::fma:
    case Intrinsic::fabs:
    case Intrinsic::copysign:
    case Intrinsic::minnum:
    case Intrinsic::maxnum:
    case Intrinsic::minimum:
    case Intrinsic::maximum:
    case Intrinsic::sqrt:
    case Intrinsic::floor:
    case Intrinsic::ceil:
    case Intrinsic::trunc:
    case Intrinsic::round:
    case Intrinsic::rint:
    case Intrinsic::nearbyint:
      Overloads.push_back(B.getDoubleTy());
      break;
    case Intrinsic::is_fpclass:
      Overloads.push_back(B.getDoubleTy());
      break;
    default:
      return fail("the intrinsic '" + II.getCalledFunction()->getName().str() +
                  "' on 'long double' in '" + nameOf(F) + "'");
    }
    Function *D = Intrinsic::getDeclaration(F.getParent(), ID, Overloads);
    Value *R = B.CreateCall(D, Args);
    if (isFP80(II.getType()))
      New = R;
    else
      II.replaceAllUsesWith(R);
    return true;
  }
};

} // namespace

bool isLongDoubleMath(StringRef Name) {
  static const StringSet<> Math = {
      "fabsl", "fmaxl", "fminl", "sqrtl",  "expl",  "exp2l", "logl",  "log2l",
      "log10l", "powl", "sinl",  "cosl",   "tanl",  "atanl", "atan2l", "tanhl",
      "cbrtl", "hypotl", "fmal", "floorl", "ceill", "truncl", "roundl", "fmodl"};
  return Math.contains(Name);
}

namespace {

/// Whether \p F takes or returns long double.
bool fp80Signature(const Function &F) {
  return isFP80(F.getReturnType()) ||
         any_of(F.args(), [](const Argument &A) { return isFP80(A.getType()); });
}

/// Inlines the calls of defined functions that take or return long double
/// (`ferry_acc_lowest(long double)`, a helper of the program's), so that
/// only values cross calls; those of them that are the module's own go.
void inlineFP80Calls(Module &Dev) {
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (Function &F : Dev) {
      if (F.isDeclaration() || !fp80Signature(F))
        continue;
      SmallVector<CallBase *, 4> Calls;
      for (User *U : F.users())
        if (auto *CB = dyn_cast<CallBase>(U);
            CB && CB->getCalledFunction() == &F && CB->getFunction() != &F)
          Calls.push_back(CB);
      for (CallBase *CB : Calls) {
        InlineFunctionInfo IFI;
        Changed |= InlineFunction(*CB, IFI).isSuccess();
      }
    }
  }
  for (Function &F : make_early_inc_range(Dev))
    if (!F.isDeclaration() && fp80Signature(F) && F.hasLocalLinkage() && F.use_empty())
      F.eraseFromParent();
}

} // namespace

bool demoteLongDouble(Module &Dev, std::string &Error) {
  inlineFP80Calls(Dev);
  SmallVector<Function *, 4> LongDoubleMath;
  for (Function &F : Dev) {
    if (F.isDeclaration() && isFP80(F.getReturnType()))
      LongDoubleMath.push_back(&F);
    if (F.isDeclaration())
      continue;
    bool Uses = false;
    for (const Instruction &I : instructions(F))
      if (usesFP80(I)) {
        Uses = true;
        break;
      }
    if (!Uses && !isFP80(F.getReturnType()) &&
        none_of(F.args(), [](const Argument &A) { return isFP80(A.getType()); }))
      continue;
    if (!Demoter(F, Error).run())
      return false;
  }
  // The C library's long double functions, called no more.
  for (Function *F : LongDoubleMath)
    if (F->use_empty())
      F->eraseFromParent();
  return true;
}

} // namespace plugin
} // namespace ferry
