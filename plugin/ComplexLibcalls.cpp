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

/// The complex functions of <complex.h> that return a real, as the real
/// math function of the parts they are (which the device's math library
/// has): cabs(z) is hypot(re, im), carg(z) atan2(im, re). std::abs and
/// std::arg of std::complex call them too.
struct ComplexMath {
  const char *Name;
  const char *Real;
  bool ImaginaryFirst;
};

const ComplexMath MathFunctions[] = {
    {"cabs", "hypot", false},
    {"cabsf", "hypotf", false},
    {"carg", "atan2", true},
    {"cargf", "atan2f", true},
};

/// `T name(T re, T im)`, `T name(<2 x T>)` or `T name({T, T})`: the host
/// ABI's shapes of a complex argument (x86-64: two doubles, `<2 x float>`
/// for float); false for any other.
bool parts(const Function &F, SmallVectorImpl<Value *> &Out, IRBuilder<> &B) {
  const FunctionType *T = F.getFunctionType();
  Type *Ret = T->getReturnType();
  if (!Ret->isFloatingPointTy() || T->isVarArg())
    return false;
  if (T->getNumParams() == 2 && T->getParamType(0) == Ret && T->getParamType(1) == Ret) {
    Out.assign({F.getArg(0), F.getArg(1)});
    return true;
  }
  if (T->getNumParams() != 1)
    return false;
  Argument *A = F.getArg(0);
  if (auto *V = dyn_cast<FixedVectorType>(A->getType());
      V && V->getNumElements() == 2 && V->getElementType() == Ret) {
    Out.assign({B.CreateExtractElement(A, uint64_t(0)), B.CreateExtractElement(A, 1)});
    return true;
  }
  if (auto *S = dyn_cast<StructType>(A->getType());
      S && S->getNumElements() == 2 && S->getElementType(0) == Ret &&
      S->getElementType(1) == Ret) {
    Out.assign({B.CreateExtractValue(A, 0), B.CreateExtractValue(A, 1)});
    return true;
  }
  return false;
}

void defineMath(Function &F, const ComplexMath &Math) {
  Module &M = *F.getParent();
  LLVMContext &Ctx = M.getContext();
  auto *Entry = BasicBlock::Create(Ctx, "entry", &F);
  IRBuilder<> B(Entry);
  SmallVector<Value *, 2> Parts;
  if (!parts(F, Parts, B)) {
    Entry->eraseFromParent();
    return;
  }
  Type *T = F.getReturnType();
  FunctionCallee Real = M.getOrInsertFunction(Math.Real, FunctionType::get(T, {T, T}, false));
  if (Math.ImaginaryFirst)
    std::swap(Parts[0], Parts[1]);
  F.setLinkage(GlobalValue::InternalLinkage);
  B.CreateRet(B.CreateCall(Real, Parts));
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
