//===- ComplexLibcalls.cpp - Complex multiply and divide in device code ---===//
///
/// \file
/// See ComplexLibcalls.h.
///
//===----------------------------------------------------------------------===//
#include "ComplexLibcalls.h"

#include "llvm/IR/IRBuilder.h"

using namespace llvm;

namespace ferry {
namespace plugin {

namespace {

/// A complex libcall and the device library's function it forwards to.
struct ComplexLibcall {
  const char *Name;
  const char *Target;
};

const ComplexLibcall Libcalls[] = {
    {"__mulsc3", "__ferry_complex_mul"},
    {"__muldc3", "__ferry_complex_mul"},
    {"__divsc3", "__ferry_complex_div"},
    {"__divdc3", "__ferry_complex_div"},
    // _Complex long double: in double too (plugin/LongDouble.h).
    {"__mulxc3", "__ferry_complex_mul"},
    {"__divxc3", "__ferry_complex_div"},
};

/// `R name(T a, T b, T c, T d)` with R `{T, T}`, `<2 x T>` or T's pair in
/// another shape the host ABI chose (x86-64: `<2 x float>` for float).
void define(Function &F, StringRef Target) {
  Module &M = *F.getParent();
  LLVMContext &Ctx = M.getContext();
  Type *Double = Type::getDoubleTy(Ctx), *Ptr = PointerType::get(Ctx, 0);
  FunctionCallee Impl = M.getOrInsertFunction(
      Target, FunctionType::get(Type::getVoidTy(Ctx), {Double, Double, Double, Double, Ptr, Ptr},
                                false));
  F.setLinkage(GlobalValue::InternalLinkage);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", &F));
  Value *Re = B.CreateAlloca(Double), *Im = B.CreateAlloca(Double);
  SmallVector<Value *, 6> Args;
  Type *Elem = F.getArg(0)->getType();
  for (Argument &A : F.args())
    Args.push_back(B.CreateFPCast(&A, Double));
  Args.push_back(Re);
  Args.push_back(Im);
  B.CreateCall(Impl, Args);
  Value *Parts[] = {B.CreateFPCast(B.CreateLoad(Double, Re), Elem),
                    B.CreateFPCast(B.CreateLoad(Double, Im), Elem)};
  Type *Ret = F.getReturnType();
  Value *Result = PoisonValue::get(Ret);
  for (unsigned I = 0; I < 2; ++I)
    Result = Ret->isVectorTy() ? B.CreateInsertElement(Result, Parts[I], I)
                               : B.CreateInsertValue(Result, Parts[I], I);
  B.CreateRet(Result);
}

/// The shapes define() handles: four floating arguments of one type, a
/// pair of them returned.
bool handled(const Function &F) {
  const FunctionType *T = F.getFunctionType();
  if (T->getNumParams() != 4 || T->isVarArg() || !T->getParamType(0)->isFloatingPointTy())
    return false;
  for (Type *P : T->params())
    if (P != T->getParamType(0))
      return false;
  Type *Ret = T->getReturnType();
  if (auto *V = dyn_cast<FixedVectorType>(Ret))
    return V->getNumElements() == 2 && V->getElementType() == T->getParamType(0);
  if (auto *S = dyn_cast<StructType>(Ret))
    return S->getNumElements() == 2 && S->getElementType(0) == T->getParamType(0) &&
           S->getElementType(1) == T->getParamType(0);
  return false;
}

/// Calls of the device's real math functions (which its math library has),
/// the `f` forms for float.
class RealMath {
public:
  RealMath(Module &M, IRBuilder<> &B, Type *T) : M(M), B(B), T(T) {}

  Value *operator()(StringRef Name, ArrayRef<Value *> Args) {
    const std::string Full = (Name + (T->isFloatTy() ? "f" : "")).str();
    SmallVector<Type *, 2> Params(Args.size(), T);
    return B.CreateCall(M.getOrInsertFunction(Full, FunctionType::get(T, Params, false)), Args);
  }

private:
  Module &M;
  IRBuilder<> &B;
  Type *T;
};

/// A complex function of <complex.h> (std::abs, std::exp, ... of
/// std::complex call them too) computed from the parts with the real
/// functions: cabs(z) is hypot(re, im), cexp(z) exp(re) (cos(im), sin(im)),
/// and so on. Annex G's special cases for infinite and NaN parts are not
/// made (what the formulas give).
struct ComplexMath {
  const char *Name;
  bool ComplexResult;
  /// The result's parts (Im: for a complex result) from the argument's.
  void (*Compute)(RealMath &F, IRBuilder<> &B, Value *Re, Value *Im, Value *&OutRe,
                  Value *&OutIm);
};

void absOf(RealMath &F, IRBuilder<> &, Value *Re, Value *Im, Value *&R, Value *&) {
  R = F("hypot", {Re, Im});
}
void argOf(RealMath &F, IRBuilder<> &, Value *Re, Value *Im, Value *&R, Value *&) {
  R = F("atan2", {Im, Re});
}
void expOf(RealMath &F, IRBuilder<> &B, Value *Re, Value *Im, Value *&R, Value *&I) {
  Value *E = F("exp", {Re});
  R = B.CreateFMul(E, F("cos", {Im}));
  I = B.CreateFMul(E, F("sin", {Im}));
}
void logOf(RealMath &F, IRBuilder<> &, Value *Re, Value *Im, Value *&R, Value *&I) {
  R = F("log", {F("hypot", {Re, Im})});
  I = F("atan2", {Im, Re});
}
void sqrtOf(RealMath &F, IRBuilder<> &B, Value *Re, Value *Im, Value *&R, Value *&I) {
  // t = sqrt((|z| + |re|) / 2); re >= 0: (t, im / 2t); else (|im| / 2t,
  // copysign(t, im)); z = 0: (0, im).
  Type *T = Re->getType();
  Value *T2 = F("sqrt", {B.CreateFMul(B.CreateFAdd(F("hypot", {Re, Im}), F("fabs", {Re})),
                                     ConstantFP::get(T, 0.5))});
  Value *Zero = B.CreateFCmpOEQ(T2, ConstantFP::get(T, 0));
  Value *Other =
      B.CreateSelect(Zero, Im, B.CreateFDiv(Im, B.CreateFMul(T2, ConstantFP::get(T, 2))));
  Value *NonNegative = B.CreateFCmpOGE(Re, ConstantFP::get(T, 0));
  R = B.CreateSelect(NonNegative, T2, F("fabs", {Other}));
  I = B.CreateSelect(NonNegative, Other, F("copysign", {T2, Im}));
}
void sinOf(RealMath &F, IRBuilder<> &B, Value *Re, Value *Im, Value *&R, Value *&I) {
  R = B.CreateFMul(F("sin", {Re}), F("cosh", {Im}));
  I = B.CreateFMul(F("cos", {Re}), F("sinh", {Im}));
}
void cosOf(RealMath &F, IRBuilder<> &B, Value *Re, Value *Im, Value *&R, Value *&I) {
  R = B.CreateFMul(F("cos", {Re}), F("cosh", {Im}));
  I = B.CreateFNeg(B.CreateFMul(F("sin", {Re}), F("sinh", {Im})));
}

void realOf(RealMath &, IRBuilder<> &, Value *Re, Value *, Value *&R, Value *&) { R = Re; }
void imagOf(RealMath &, IRBuilder<> &, Value *, Value *Im, Value *&R, Value *&) { R = Im; }
void conjOf(RealMath &, IRBuilder<> &B, Value *Re, Value *Im, Value *&R, Value *&I) {
  R = Re;
  I = B.CreateFNeg(Im);
}

const ComplexMath MathFunctions[] = {
    {"creal", false, realOf}, {"crealf", false, realOf}, {"cimag", false, imagOf},
    {"cimagf", false, imagOf}, {"conj", true, conjOf},   {"conjf", true, conjOf},
    {"cabs", false, absOf},  {"cabsf", false, absOf}, {"carg", false, argOf},
    {"cargf", false, argOf}, {"cexp", true, expOf},   {"cexpf", true, expOf},
    {"clog", true, logOf},   {"clogf", true, logOf},  {"csqrt", true, sqrtOf},
    {"csqrtf", true, sqrtOf}, {"csin", true, sinOf},  {"csinf", true, sinOf},
    {"ccos", true, cosOf},   {"ccosf", true, cosOf},
};

/// The parts' type of a complex value's host-ABI shape (`{T, T}`, `<2 x T>`),
/// or null.
Type *complexParts(Type *Ty) {
  if (auto *V = dyn_cast<FixedVectorType>(Ty);
      V && V->getNumElements() == 2 && V->getElementType()->isFloatingPointTy())
    return V->getElementType();
  if (auto *S = dyn_cast<StructType>(Ty); S && S->getNumElements() == 2 &&
                                           S->getElementType(0)->isFloatingPointTy() &&
                                           S->getElementType(0) == S->getElementType(1))
    return S->getElementType(0);
  return nullptr;
}

/// The parts (of type \p T) of \p F's complex argument in the host ABI's
/// shapes: `(T re, T im)`, `(<2 x T>)` or `({T, T})` (x86-64: two doubles,
/// `<2 x float>` for float); false for any other.
bool parts(const Function &F, Type *T, SmallVectorImpl<Value *> &Out, IRBuilder<> &B) {
  const FunctionType *FT = F.getFunctionType();
  if (FT->isVarArg())
    return false;
  if (FT->getNumParams() == 2 && FT->getParamType(0) == T && FT->getParamType(1) == T) {
    Out.assign({F.getArg(0), F.getArg(1)});
    return true;
  }
  if (FT->getNumParams() != 1 || complexParts(FT->getParamType(0)) != T)
    return false;
  Argument *A = F.getArg(0);
  if (A->getType()->isVectorTy())
    Out.assign({B.CreateExtractElement(A, uint64_t(0)), B.CreateExtractElement(A, 1)});
  else
    Out.assign({B.CreateExtractValue(A, 0), B.CreateExtractValue(A, 1)});
  return true;
}

void defineMath(Function &F, const ComplexMath &Math) {
  Module &M = *F.getParent();
  Type *Ret = F.getReturnType();
  Type *T = Math.ComplexResult ? complexParts(Ret) : Ret;
  if (!T || !T->isFloatingPointTy())
    return;
  auto *Entry = BasicBlock::Create(M.getContext(), "entry", &F);
  IRBuilder<> B(Entry);
  SmallVector<Value *, 2> Parts;
  if (!parts(F, T, Parts, B)) {
    Entry->eraseFromParent();
    return;
  }
  F.setLinkage(GlobalValue::InternalLinkage);
  RealMath Real(M, B, T);
  Value *Re = nullptr, *Im = nullptr;
  Math.Compute(Real, B, Parts[0], Parts[1], Re, Im);
  if (!Math.ComplexResult) {
    B.CreateRet(Re);
    return;
  }
  Value *Result = PoisonValue::get(Ret);
  Result = Ret->isVectorTy() ? B.CreateInsertElement(Result, Re, uint64_t(0))
                             : B.CreateInsertValue(Result, Re, 0);
  Result = Ret->isVectorTy() ? B.CreateInsertElement(Result, Im, 1)
                             : B.CreateInsertValue(Result, Im, 1);
  B.CreateRet(Result);
}

} // namespace

bool isDeviceComplexFunction(StringRef Name) {
  return any_of(MathFunctions, [&](const ComplexMath &M) { return Name == M.Name; });
}

void defineComplexLibcalls(Module &Dev) {
  for (const ComplexLibcall &L : Libcalls)
    if (Function *F = Dev.getFunction(L.Name); F && F->isDeclaration() && handled(*F))
      define(*F, L.Target);
  for (const ComplexMath &Math : MathFunctions)
    if (Function *F = Dev.getFunction(Math.Name); F && F->isDeclaration())
      defineMath(*F, Math);
}

} // namespace plugin
} // namespace ferry
