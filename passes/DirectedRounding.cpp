//===- DirectedRounding.cpp - .rz/.rm/.rp arithmetic ----------------------===//
///
/// \file
/// AMDGPU has no per-instruction rounding modes. add, sub, mul and fma are
/// single correctly rounded instructions, so these run in the hardware
/// rounding mode (below); the rest is computed exactly in software: the
/// round-to-nearest result R is one of the two neighbours of the exact
/// value x (or x itself); the sign of x - R, computed exactly, says whether
/// R lies on the wrong side, and then R moves one ulp (on its integer
/// bits) toward -inf (rm), +inf (rp) or zero (rz). The exact sign comes
/// from an error-free transformation:
///  - f32 add/mul/fma where subnormals are flushed: the operation in double
///    (a product of floats is exact in double) plus the TwoSum residual of
///    the final addition, so the exact value is d + e; then f = (float)d,
///    and the sign of the exact v - f is sign(d - f) (exact by Sterbenz), or
///    sign(e) when d == f;
///  - f32/f64 div, rcp, sqrt: the operands are normalized by frexp to
///    mantissas m in [0.5, 1) and R is scaled by the matching power of two
///    (exact), so that the residual fma(-R', mb, ma) (div: times sign(b)) or
///    fma(-R', R', m) (sqrt, with an even exponent) involves no underflow or overflow: it is nonzero with
///    the sign of x - R exactly when R is inexact, also when R is subnormal,
///    zero by underflow or infinite by overflow. Zero, infinite and NaN
///    operands give exact results (residual 0).
/// add, sub, mul and fma are single correctly rounded instructions on AMD
/// GPUs, so these run in the hardware rounding mode instead (f64 always;
/// f32 where neither the operation (.ftz) nor the function flushes f32
/// subnormals, so that MODE's denormal bits mean what PTX says): a call of
/// a helper of their own (`__ferry_{add,mul,fma}_{rz,rd,ru}_{f32,f64}`,
/// never inlined) that is `strictfp` throughout: `llvm.set.rounding`
/// (s_setreg of MODE's round bits), the constrained operation, and
/// round-to-nearest again, which no optimization may reorder; the functions
/// that call it keep their ordinary FP code. sub is add of the negated
/// operand (exact, and x - y is x + (-y) in every rounding direction, signed
/// zeros included). The helper is what the emulator and the host tests run
/// (the host FPU in that mode); code generation replaces each call with the
/// same three instructions inline (compiler/HardwareInstructions.cpp).
///
//===----------------------------------------------------------------------===//
#include "IntrinsicLowering.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace ferry {
namespace {

enum class Direction { TowardZero, Down, Up };

/// Knuth's TwoSum: S = RN(A + B), E = (A + B) - S exactly.
std::pair<Value *, Value *> twoSum(IRBuilder<> &B, Value *A, Value *C) {
  Value *S = B.CreateFAdd(A, C);
  Value *BB = B.CreateFSub(S, A);
  Value *E = B.CreateFAdd(B.CreateFSub(A, B.CreateFSub(S, BB)), B.CreateFSub(C, BB));
  return {S, E};
}

/// IEEE 754: an exact zero sum of operands of opposite signs is +0 in every
/// rounding direction but toward negative, where it is -0 (and x + x keeps
/// x's sign). RN gave +0; in that mode the zero is -RN((-A) + (-C)).
Value *zeroSignFor(IRBuilder<> &B, Value *S, Value *E, Value *A, Value *C,
                   Direction D) {
  if (D != Direction::Down)
    return S;
  Value *Zero = ConstantFP::get(S->getType(), 0.0);
  Value *ExactZero = B.CreateAnd(B.CreateFCmpOEQ(S, Zero), B.CreateFCmpOEQ(E, Zero));
  Value *Down = B.CreateFNeg(B.CreateFAdd(B.CreateFNeg(A), B.CreateFNeg(C)));
  return B.CreateSelect(ExactZero, Down, S);
}

/// Moves \p F one ulp in direction \p D when the exact value lies on that
/// side of it, as told by the sign of \p Residual (exact value - F).
Value *adjust(IRBuilder<> &B, Value *F, Value *Residual, Direction D) {
  Type *FTy = F->getType();
  Type *ITy = B.getIntNTy(FTy->getPrimitiveSizeInBits());
  Value *Zero = ConstantFP::get(FTy, 0.0);
  Value *Bits = B.CreateBitCast(F, ITy);
  Value *One = ConstantInt::get(ITy, 1);
  Value *RZero = ConstantFP::get(Residual->getType(), 0.0);
  Value *Below = B.CreateFCmpOLT(Residual, RZero);
  Value *Above = B.CreateFCmpOGT(Residual, RZero);
  Value *Positive = B.CreateFCmpOGT(F, Zero);
  Value *Negative = B.CreateFCmpOLT(F, Zero);
  Value *IsZero = B.CreateFCmpOEQ(F, Zero);
  // One ulp toward zero is bits - 1 for either sign (sign-magnitude).
  Value *TowardZero = B.CreateBitCast(B.CreateSub(Bits, One), FTy);
  // One ulp away from zero is bits + 1; from zero, the smallest subnormal.
  Value *AwayFromZero = B.CreateBitCast(B.CreateAdd(Bits, One), FTy);
  Value *MinSub = B.CreateBitCast(One, FTy);
  Value *NegMinSub = B.CreateFNeg(MinSub);
  switch (D) {
  case Direction::TowardZero: {
    Value *Move = B.CreateOr(B.CreateAnd(Below, Positive), B.CreateAnd(Above, Negative));
    return B.CreateSelect(Move, TowardZero, F);
  }
  case Direction::Down: {
    // next below: toward zero if positive, away if negative, -min if zero.
    Value *Next = B.CreateSelect(Positive, TowardZero,
                                 B.CreateSelect(IsZero, NegMinSub, AwayFromZero));
    return B.CreateSelect(Below, Next, F);
  }
  case Direction::Up: {
    Value *Next = B.CreateSelect(Negative, TowardZero,
                                 B.CreateSelect(IsZero, MinSub, AwayFromZero));
    return B.CreateSelect(Above, Next, F);
  }
  }
  return F;
}

std::optional<Direction> directionOf(StringRef Name) {
  if (Name.contains(".rz") || Name.ends_with("_rz"))
    return Direction::TowardZero;
  if (Name.contains(".rm") || Name.ends_with("_rd"))
    return Direction::Down;
  if (Name.contains(".rp") || Name.ends_with("_ru"))
    return Direction::Up;
  return std::nullopt;
}

} // namespace

namespace {

/// frexp: the mantissa in [0.5, 1) (with X's sign) and the exponent.
std::pair<Value *, Value *> frexp(IRBuilder<> &B, Value *X) {
  Value *F = B.CreateIntrinsic(Intrinsic::frexp, {X->getType(), B.getInt32Ty()}, {X});
  return {B.CreateExtractValue(F, 0), B.CreateExtractValue(F, 1)};
}

Value *ldexp(IRBuilder<> &B, Value *X, Value *E) {
  return B.CreateIntrinsic(Intrinsic::ldexp, {X->getType(), E->getType()}, {X, E});
}

Value *isFiniteNonZero(IRBuilder<> &B, Value *X) {
  Value *Abs = B.CreateUnaryIntrinsic(Intrinsic::fabs, X);
  return B.CreateAnd(B.CreateFCmpOLT(Abs, ConstantFP::getInfinity(X->getType())),
                     B.CreateFCmpONE(X, ConstantFP::get(X->getType(), 0.0)));
}

Value *fma(IRBuilder<> &B, Value *A, Value *C, Value *D) {
  return B.CreateIntrinsic(Intrinsic::fma, {A->getType()}, {A, C, D});
}

/// div, rcp, sqrt of f32 or f64 in direction \p D (file comment).
Value *directedNormalized(IRBuilder<> &B, int Op, Value *A, Value *C, Direction D) {
  Type *Ty = A->getType();
  Value *Zero = ConstantFP::get(Ty, 0.0);
  Value *R, *Residual, *Exact;
  if (Op == DirectedSqrt) {
    R = B.CreateUnaryIntrinsic(Intrinsic::sqrt, A);
    // a = m 2^e with e even: sqrt(a) = sqrt(m) 2^(e/2), m in [0.5, 2).
    auto [M, E] = frexp(B, A);
    Value *Odd = B.CreateAnd(E, 1);
    Value *Half = B.CreateAShr(B.CreateSub(E, Odd), 1);
    Value *M2 = ldexp(B, M, Odd);
    Value *RS = ldexp(B, R, B.CreateNeg(Half));
    Residual = fma(B, B.CreateFNeg(RS), RS, M2);
    Exact = B.CreateNot(B.CreateAnd(isFiniteNonZero(B, A), B.CreateFCmpOGT(A, Zero)));
  } else {
    auto [MA, EA] = frexp(B, A);
    auto [MC, EC] = frexp(B, C);
    Exact = B.CreateNot(B.CreateAnd(isFiniteNonZero(B, A), isFiniteNonZero(B, C)));
    R = B.CreateFDiv(A, C);
    Value *RS = ldexp(B, R, B.CreateSub(EC, EA));
    // (a/b - R) has the sign of (ma - R' mb) times b's.
    Residual = B.CreateFMul(fma(B, B.CreateFNeg(RS), MC, MA), MC);
  }
  return adjust(B, R, B.CreateSelect(Exact, Zero, Residual), D);
}

/// Whether \p F flushes f32 subnormals (CUDA's -ftz: NVVM's attribute, or
/// the denormal mode a front end or Ferry gave it).
bool flushesF32(const Function &F) {
  if (F.getFnAttribute("nvptx-f32ftz").getValueAsString() == "true")
    return true;
  return F.getDenormalMode(APFloat::IEEEsingle()) != DenormalMode::getIEEE();
}

/// \p Op (FAdd, FMul or DirectedFma) of \p Args in rounding direction \p D:
/// a call of the module's strictfp helper for it (see the file comment).
Value *hardwareRounded(IRBuilder<> &B, int Op, ArrayRef<Value *> Args, Direction D) {
  Module &M = *B.GetInsertBlock()->getModule();
  LLVMContext &Ctx = M.getContext();
  Type *Ty = Args[0]->getType();
  std::string Name = (Twine("__ferry_") +
                      (Op == Instruction::FAdd   ? "add"
                       : Op == Instruction::FMul ? "mul"
                                                 : "fma") +
                      (D == Direction::TowardZero ? "_rz" : D == Direction::Down ? "_rd" : "_ru") +
                      (Ty->isDoubleTy() ? "_f64" : "_f32"))
                         .str();
  Function *F = M.getFunction(Name);
  if (!F) {
    SmallVector<Type *, 3> Params(Args.size(), Ty);
    F = Function::Create(FunctionType::get(Ty, Params, false), GlobalValue::InternalLinkage,
                         Name, M);
    F->addFnAttr(Attribute::StrictFP);
    F->addFnAttr(Attribute::NoInline);
    F->addFnAttr(Attribute::NoUnwind);
    IRBuilder<> H(BasicBlock::Create(Ctx, "entry", F));
    H.setIsFPConstrained(true);
    H.setDefaultConstrainedRounding(RoundingMode::Dynamic);
    H.setDefaultConstrainedExcept(fp::ebIgnore);
    // FLT_ROUNDS values: 0 toward zero, 1 nearest, 2 upward, 3 downward.
    const unsigned Mode = D == Direction::TowardZero ? 0 : D == Direction::Up ? 2 : 3;
    H.CreateIntrinsic(Intrinsic::set_rounding, {}, {H.getInt32(Mode)});
    Value *R;
    if (Op == DirectedFma)
      R = H.CreateConstrainedFPCall(
          Intrinsic::getDeclaration(&M, Intrinsic::experimental_constrained_fma, {Ty}),
          {F->getArg(0), F->getArg(1), F->getArg(2)});
    else
      R = Op == Instruction::FAdd ? H.CreateFAdd(F->getArg(0), F->getArg(1))
                                  : H.CreateFMul(F->getArg(0), F->getArg(1));
    H.CreateIntrinsic(Intrinsic::set_rounding, {}, {H.getInt32(1)});
    H.CreateRet(R);
  }
  return B.CreateCall(F, Args);
}

} // namespace

/// Directed rounding of add/sub/mul/div (Arg: the IR opcode), fma, sqrt and
/// rcp (DirectedOperation).
Value *lowerDirectedRounding(IntrinsicLowering &L, int Opcode) {
  IRBuilder<> &B = L.B;
  std::optional<Direction> D = directionOf(L.Name);
  Type *Ty = L.retType();
  if (!D || !(Ty->isFloatTy() || Ty->isDoubleTy()))
    return L.fail("directed rounding (.rz/.rm/.rp) of this type is not translated (f32 and f64 "
                  "are)");
  const bool Hardware = Ty->isDoubleTy() || (!L.Name.contains(".ftz") &&
                                              !flushesF32(*B.GetInsertBlock()->getParent()));
  if (Hardware && Opcode == DirectedFma)
    return hardwareRounded(B, DirectedFma, {L.arg(0), L.arg(1), L.arg(2)}, *D);
  if (Hardware && Opcode == Instruction::FMul)
    return hardwareRounded(B, Instruction::FMul, {L.arg(0), L.arg(1)}, *D);
  if (Hardware && (Opcode == Instruction::FAdd || Opcode == Instruction::FSub))
    return hardwareRounded(
        B, Instruction::FAdd,
        {L.arg(0), Opcode == Instruction::FSub ? B.CreateFNeg(L.arg(1)) : L.arg(1)}, *D);
  if (Opcode == Instruction::FDiv || Opcode == DirectedSqrt)
    return directedNormalized(B, Opcode, L.arg(0), Opcode == DirectedSqrt ? nullptr : L.arg(1),
                              *D);
  if (Opcode == DirectedReciprocal)
    return directedNormalized(B, Instruction::FDiv, ConstantFP::get(Ty, 1.0), L.arg(0), *D);
  // f32: exact product in double, then the final addition with its residual.
  Type *Dbl = B.getDoubleTy();
  auto Ext = [&](unsigned I) { return B.CreateFPExt(L.arg(I), Dbl); };
  Value *Sum, *Residual;
  if (Opcode == Instruction::FMul) {
    Sum = B.CreateFMul(Ext(0), Ext(1));
    Residual = ConstantFP::get(Dbl, 0.0);
  } else {
    Value *A = Opcode == 0 ? B.CreateFMul(Ext(0), Ext(1)) : Ext(0);
    Value *C = Opcode == 0 ? Ext(2) : Ext(1);
    if (Opcode == Instruction::FSub)
      C = B.CreateFNeg(C);
    std::tie(Sum, Residual) = twoSum(B, A, C);
    Sum = zeroSignFor(B, Sum, Residual, A, C, *D);
  }
  Value *F = B.CreateFPTrunc(Sum, Ty);
  Value *Diff = B.CreateFSub(Sum, B.CreateFPExt(F, Dbl));
  Value *Sign = B.CreateSelect(B.CreateFCmpONE(Diff, ConstantFP::get(Dbl, 0.0)), Diff, Residual);
  return adjust(B, F, Sign, *D);
}

} // namespace ferry
