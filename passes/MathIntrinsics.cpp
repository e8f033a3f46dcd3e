//===- MathIntrinsics.cpp - NVVM math, bit and conversion intrinsics ------===//
///
/// \file
/// Handlers for map §6a. The traps this file exists for:
///  - llvm.nvvm.round.* is round-half-to-even (cvt.rni): llvm.roundeven;
///  - PTX float->int conversions saturate and map NaN to 0: fpto[su]i.sat;
///  - v_sin/v_cos take revolutions: sin.approx(x) = amdgcn.sin(x / 2pi);
///  - add.rn/mul.rn must not be re-fused: plain fadd/fmul without flags;
///  - directed rounding (.rz/.rm/.rp) has no AMDGPU instructions: exact
///    software sequences (RoundedConversions.h, DirectedRounding.cpp).
///
//===----------------------------------------------------------------------===//
#include "IRHelpers.h"
#include "IntrinsicLowering.h"
#include "RoundedConversions.h"

#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace ferry {

/// The rounding mode suffix of a name: rn, rz, rm, rp (or "" if none).
static StringRef roundingOf(StringRef Name) {
  for (StringRef R : {".rn", ".rz", ".rm", ".rp"})
    if (Name.contains((R + ".").str()) || Name.ends_with(R))
      return R.drop_front();
  return "";
}

/// bf16/f16 values that LLVM 19 declares as i16 are bitcast to FP first.
static Value *asFP(IntrinsicLowering &L, Value *V) {
  if (!V->getType()->isIntegerTy(16))
    return V;
  Type *FP = L.Name.contains("bf16") ? L.B.getBFloatTy() : L.B.getHalfTy();
  return L.B.CreateBitCast(V, FP);
}
static Value *asRet(IntrinsicLowering &L, Value *V) {
  return V->getType() == L.retType() ? V : L.B.CreateBitCast(V, L.retType());
}

Value *lowerUnaryFP(IntrinsicLowering &L, int ID) {
  Value *R = L.B.CreateUnaryIntrinsic(Intrinsic::ID(ID), asFP(L, L.arg(0)));
  return asRet(L, R);
}

Value *lowerNegate(IntrinsicLowering &L, int) {
  return asRet(L, L.B.CreateFNeg(asFP(L, L.arg(0))));
}

Value *lowerSaturate(IntrinsicLowering &L, int) {
  return emitSaturate(L.B, L.arg(0));
}

/// fmin/fmax[.ftz][.nan][.xorsign.abs].<type>.
Value *lowerMinMax(IntrinsicLowering &L, int IsMax) {
  IRBuilder<> &B = L.B;
  Value *A = asFP(L, L.arg(0)), *C = asFP(L, L.arg(1));
  const bool NaN = L.Name.contains(".nan");
  Intrinsic::ID ID = NaN ? (IsMax ? Intrinsic::maximum : Intrinsic::minimum)
                         : (IsMax ? Intrinsic::maxnum : Intrinsic::minnum);
  if (!L.Name.contains(".xorsign.abs"))
    return asRet(L, B.CreateBinaryIntrinsic(ID, A, C));
  // |r| = op(|a|, |b|), sign(r) = sign(a) xor sign(b).
  Value *R = B.CreateBinaryIntrinsic(ID, B.CreateUnaryIntrinsic(Intrinsic::fabs, A),
                                     B.CreateUnaryIntrinsic(Intrinsic::fabs, C));
  Type *Bits = B.getIntNTy(A->getType()->getScalarSizeInBits());
  if (auto *VT = dyn_cast<VectorType>(A->getType()))
    Bits = VectorType::get(Bits, VT->getElementCount());
  Value *Sign = B.CreateXor(B.CreateBitCast(A, Bits), B.CreateBitCast(C, Bits));
  Value *Signed = B.CreateBitCast(Sign, A->getType());
  return asRet(L, B.CreateBinaryIntrinsic(Intrinsic::copysign, R, Signed));
}

/// fma.rn[.ftz][.relu|.sat].<type>.
Value *lowerFma(IntrinsicLowering &L, int) {
  IRBuilder<> &B = L.B;
  Value *R = B.CreateIntrinsic(Intrinsic::fma, {asFP(L, L.arg(0))->getType()},
                               {asFP(L, L.arg(0)), asFP(L, L.arg(1)),
                                asFP(L, L.arg(2))});
  if (L.Name.contains(".relu"))
    R = B.CreateBinaryIntrinsic(Intrinsic::maxnum, R,
                                ConstantFP::get(R->getType(), 0.0));
  else if (L.Name.contains(".sat"))
    R = emitSaturate(B, R);
  return asRet(L, R);
}

/// add.rn / mul.rn / div.rn: IEEE operations, never contracted.
Value *lowerBinaryFP(IntrinsicLowering &L, int Opcode) {
  return L.B.CreateBinOp(Instruction::BinaryOps(Opcode), L.arg(0), L.arg(1));
}

Value *lowerReciprocal(IntrinsicLowering &L, int) {
  return L.B.CreateFDiv(ConstantFP::get(L.retType(), 1.0), L.arg(0));
}

/// div.approx (__fdividef): 2.5 ulp allowed, so v_rcp + multiply.
Value *lowerApproxDivide(IntrinsicLowering &L, int) {
  auto *Div = cast<Instruction>(L.B.CreateFDiv(L.arg(0), L.arg(1)));
  Div->setMetadata(LLVMContext::MD_fpmath, MDBuilder(L.ctx()).createFPMath(2.5f));
  return Div;
}

Value *lowerAMDGCNUnary(IntrinsicLowering &L, int ID) {
  return L.B.CreateIntrinsic(Intrinsic::ID(ID), {L.retType()}, {L.arg(0)});
}

Value *lowerAMDGCNBinary(IntrinsicLowering &L, int ID) {
  return L.B.CreateIntrinsic(L.retType(), Intrinsic::ID(ID), {L.arg(0), L.arg(1)});
}

/// ex2.approx (IsLog 0) and lg2.approx (1). LLVM's exp2/log2 on AMDGPU use
/// v_exp/v_log with the denormal range scaling they lack; f64 has no
/// hardware instruction and goes to ocml.
Value *lowerExp2Log2(IntrinsicLowering &L, int IsLog) {
  Type *Ty = L.retType();
  if (Ty->isDoubleTy())
    return L.callLibrary(IsLog ? "__ocml_log2_f64" : "__ocml_exp2_f64", Ty,
                         {L.arg(0)});
  Value *X = asFP(L, L.arg(0));
  return asRet(L, L.B.CreateUnaryIntrinsic(IsLog ? Intrinsic::log2 : Intrinsic::exp2, X));
}

/// sin.approx / cos.approx: the hardware takes revolutions, not radians.
Value *lowerSinCosApprox(IntrinsicLowering &L, int ID) {
  Value *Turns = L.B.CreateFMul(L.arg(0), ConstantFP::get(L.retType(), 0.15915494309189535));
  return L.B.CreateIntrinsic(Intrinsic::ID(ID), {L.retType()}, {Turns});
}

/// llvm.nvvm.tanh.approx.f32 (CUDA libdevice; unknown to LLVM 19).
Value *lowerTanhApprox(IntrinsicLowering &L, int) {
  return L.callLibrary("__ocml_tanh_f32", L.retType(), {L.arg(0)});
}

/// f2i/f2ui/f2ll/f2ull/d2i/d2ui/d2ll/d2ull.<rn|rz|rm|rp>[.ftz].
Value *lowerFPToInt(IntrinsicLowering &L, int IsUnsigned) {
  Intrinsic::ID Round = StringSwitch<Intrinsic::ID>(roundingOf(L.Name))
                            .Case("rn", Intrinsic::roundeven)
                            .Case("rz", Intrinsic::trunc)
                            .Case("rm", Intrinsic::floor)
                            .Case("rp", Intrinsic::ceil)
                            .Default(Intrinsic::not_intrinsic);
  if (Round == Intrinsic::not_intrinsic)
    return L.fail("unknown rounding mode");
  return emitRoundToInt(L.B, L.arg(0), Round, L.retType(), IsUnsigned);
}

/// i2f/ui2f/ll2f/ull2f/i2d/ui2d/ll2d/ull2d: only round-to-nearest exists.
Value *lowerIntToFP(IntrinsicLowering &L, int IsUnsigned) {
  std::optional<RoundingMode> M = parseRoundingMode(roundingOf(L.Name));
  if (!M)
    return L.fail("unknown rounding mode");
  return emitIntToFP(L.B, L.arg(0), !IsUnsigned, L.retType(), *M);
}

/// d2f, f2h, bf2h, f2bf16 (.rn; .rz/.rm/.rp of d2f and .rz of f2bf16 moved
/// one ulp by an exact comparison; .relu on the rounded value, NaN to the
/// canonical NaN, as cvt.relu).
Value *lowerFPTrunc(IntrinsicLowering &L, int) {
  IRBuilder<> &B = L.B;
  Value *X = L.arg(0);
  Type *To = L.Name.starts_with("llvm.nvvm.d2f")   ? B.getFloatTy()
             : L.Name.starts_with("llvm.nvvm.f2h") ? B.getHalfTy()
                                                   : B.getBFloatTy();
  std::optional<RoundingMode> M = parseRoundingMode(roundingOf(L.Name));
  if (!M)
    return L.fail("unknown rounding mode");
  Value *R = emitFPTrunc(B, X, To, *M);
  if (L.Name.contains(".relu"))
    R = emitReluCanonical(B, R);
  return asRet(L, R);
}

/// ff2f16x2, ff2bf16x2 (.rn/.rz, .relu): cvt.{f16x2,bf16x2}.f32 d, a, b,
/// a rounded into the upper element and b into the lower.
Value *lowerFPTruncPair(IntrinsicLowering &L, int) {
  IRBuilder<> &B = L.B;
  auto *VT = cast<FixedVectorType>(L.retType());
  std::optional<RoundingMode> M = parseRoundingMode(roundingOf(L.Name));
  if (!M)
    return L.fail("unknown rounding mode");
  Value *R = PoisonValue::get(VT);
  for (unsigned I = 0; I < 2; ++I) {
    Value *E = emitFPTrunc(B, L.arg(1 - I), VT->getElementType(), *M);
    if (L.Name.contains(".relu"))
      E = emitReluCanonical(B, E);
    R = B.CreateInsertElement(R, E, uint64_t(I));
  }
  return R;
}

/// f2tf32.rna: round to 19 bits, ties away from zero (adding half an ulp of
/// tf32 to the magnitude's bits carries into the exponent where it must,
/// up to infinity); a NaN is kept as it is (the carry would turn its
/// payload into an infinity or a zero).
Value *lowerToTF32(IntrinsicLowering &L, int) {
  IRBuilder<> &B = L.B;
  Value *Bits = B.CreateBitCast(L.arg(0), B.getInt32Ty());
  Value *Rounded = B.CreateAnd(B.CreateAdd(Bits, B.getInt32(0x1000)), B.getInt32(0xFFFFE000));
  Value *NaN = B.CreateFCmpUNO(L.arg(0), L.arg(0));
  return B.CreateSelect(NaN, Bits, Rounded);
}

/// d2i.lo (0), d2i.hi (1), lohi.i2d (2).
Value *lowerDoubleWord(IntrinsicLowering &L, int Kind) {
  IRBuilder<> &B = L.B;
  if (Kind == 2) {
    Value *Lo = B.CreateZExt(L.arg(0), B.getInt64Ty());
    Value *Hi = B.CreateShl(B.CreateZExt(L.arg(1), B.getInt64Ty()), 32);
    return B.CreateBitCast(B.CreateOr(Lo, Hi), L.retType());
  }
  Value *Bits = B.CreateBitCast(L.arg(0), B.getInt64Ty());
  if (Kind == 1)
    Bits = B.CreateLShr(Bits, 32);
  return B.CreateTrunc(Bits, L.retType());
}

Value *lowerBitcast(IntrinsicLowering &L, int) {
  return L.B.CreateBitCast(L.arg(0), L.retType());
}

Value *lowerIdentity(IntrinsicLowering &L, int) { return L.arg(0); }

static bool unsignedSuffix(StringRef Name) {
  return Name.ends_with(".us") || Name.ends_with(".ui") || Name.ends_with(".ull");
}

/// mulhi.{s,us,i,ui,ll,ull}: the high half of the double-width product.
Value *lowerMulHi(IntrinsicLowering &L, int) {
  return emitMulHigh(L.B, L.arg(0), L.arg(1), unsignedSuffix(L.Name));
}

/// sad.{s,us,i,ui,ll,ull}(a, b, c) = |a - b| + c.
Value *lowerSad(IntrinsicLowering &L, int) {
  return emitAbsDiffAdd(L.B, L.arg(0), L.arg(1), L.arg(2), unsignedSuffix(L.Name));
}

/// prmt(a, b, sel), default mode: result byte k is byte sel[4k+2:4k] of the
/// 8-byte value b:a, or its sign replicated when sel[4k+3] is set.
Value *lowerPermute(IntrinsicLowering &L, int) {
  return emitBytePermute(L.B, L.arg(0), L.arg(1), L.arg(2), /*SignReplicate=*/true);
}

/// fns(mask, base, offset): the n-th set bit (__fns).
Value *lowerFindNthSet(IntrinsicLowering &L, int) {
  return emitFindNthSet(L.B, L.arg(0), L.arg(1), L.arg(2));
}

/// rotate.b32 / rotate.b64 (left, 0), rotate.right.b64 (1), swap.lo.hi.b64 (2).
Value *lowerRotate(IntrinsicLowering &L, int Kind) {
  IRBuilder<> &B = L.B;
  Value *X = L.arg(0);
  Value *Amount = Kind == 2 ? ConstantInt::get(X->getType(), 32)
                            : B.CreateZExtOrTrunc(L.arg(1), X->getType());
  return B.CreateIntrinsic(Kind == 1 ? Intrinsic::fshr : Intrinsic::fshl,
                           {X->getType()}, {X, X, Amount});
}

} // namespace ferry
