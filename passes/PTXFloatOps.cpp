//===- PTXFloatOps.cpp - Floating-point instructions of PTX ---------------===//
///
/// \file
/// f32/f64/f16/bf16/f16x2/bf16x2 arithmetic, the approximate functions and
/// cvt. Round-to-nearest forms become IR instructions; approximations and
/// directed rounding of f32/f64 arithmetic become the llvm.nvvm.* calls
/// NVVMIntrinsics.def lowers (or rejects); conversions with a directed
/// rounding mode use RoundedConversions.h. .ftz is ignored (AMDGPU keeps
/// denormals, as CUDA does without fast math); .sat clamps to [0, 1];
/// .relu clamps negative results to +0 and NaN to the canonical NaN;
/// cvt's .satfinite turns an infinite result into the largest finite value;
/// cvt.rna.tf32.f32 becomes llvm.nvvm.f2tf32.rna.
///
//===----------------------------------------------------------------------===//
#include "IRHelpers.h"
#include "PTXTranslator.h"
#include "RoundedConversions.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace ferry {
namespace {

/// The rounding modifier of an arithmetic instruction ("" when absent).
StringRef roundingOf(const PTXStatement &S) {
  for (StringRef P : ArrayRef<StringRef>(S.Parts).drop_front())
    if (P == "rn" || P == "rz" || P == "rm" || P == "rp")
      return P;
  return "";
}

/// The NVVM suffix of a float type: "f" (f32) or "d" (f64).
StringRef nvvmSuffix(const PTXType &Ty) { return Ty.Width == 64 ? "d" : "f"; }

Value *relu(IRBuilder<> &B, Value *X) { return emitReluCanonical(B, X); }

} // namespace

/// add sub mul mad fma min max neg abs (Kind as in PTXInstructions.def).
bool ptxFloatArith(PTXTranslator &T, const PTXStatement &S, int Kind) {
  IRBuilder<> &B = T.B;
  PTXType Ty = PTXType::parse(S.Parts.back());
  Type *VT = Ty.irType(B.getContext());
  StringRef Rnd = roundingOf(S);
  const bool Directed = !Rnd.empty() && Rnd != "rn";
  const unsigned NumSrc = Kind >= 7 ? 1 : (Kind == 3 || Kind == 4) ? 3 : 2;
  SmallVector<Value *, 3> Src;
  for (unsigned I = 1; I <= NumSrc; ++I) {
    Value *V = T.read(S, I, VT);
    if (!V)
      return false;
    Src.push_back(V);
  }
  Value *R;
  if (Directed) {
    // f32/f64 add/mul/fma in a directed mode: NVVM's intrinsics, which the
    // translation computes exactly or rejects.
    if (Ty.Width == 16)
      return T.fail("the PTX ISA defines ." + Rnd + " for f32/f64 arithmetic only (f16, bf16 "
                    "and their pairs round .rn)");
    if (Kind > 4)
      return T.fail("directed rounding is translated for f32/f64 add, sub, mul and fma only");
    StringRef Op = Kind == 0 || Kind == 1 ? "add" : Kind == 2 ? "mul" : "fma";
    if (Kind == 1)
      Src[1] = B.CreateFNeg(Src[1]);
    std::string Name = (Op + "." + Rnd + (hasPart(S, "ftz") && Ty.Width == 32 ? ".ftz" : "") +
                        "." + nvvmSuffix(Ty))
                           .str();
    R = T.callNVVM(Name, VT, Src);
  } else {
    switch (Kind) {
    case 0:
      R = B.CreateFAdd(Src[0], Src[1]);
      break;
    case 1:
      R = B.CreateFSub(Src[0], Src[1]);
      break;
    case 2:
      R = B.CreateFMul(Src[0], Src[1]);
      break;
    case 3: // mad.f32 is a fused multiply-add since sm_20
    case 4:
      R = B.CreateIntrinsic(Intrinsic::fma, {VT}, Src);
      break;
    case 5:
    case 6: {
      const bool NaN = hasPart(S, "NaN");
      Intrinsic::ID ID = Kind == 5 ? (NaN ? Intrinsic::minimum : Intrinsic::minnum)
                                   : (NaN ? Intrinsic::maximum : Intrinsic::maxnum);
      R = B.CreateBinaryIntrinsic(ID, Src[0], Src[1]);
      break;
    }
    case 7:
      R = B.CreateFNeg(Src[0]);
      break;
    default:
      R = B.CreateUnaryIntrinsic(Intrinsic::fabs, Src[0]);
    }
  }
  if (hasPart(S, "sat"))
    R = emitSaturate(B, R);
  if (hasPart(S, "relu"))
    R = relu(B, R);
  return T.write(S.Operands[0], R);
}

/// div.rn / div.full / div.approx (.f32), div.rn.f64.
bool ptxFloatDivide(PTXTranslator &T, const PTXStatement &S) {
  IRBuilder<> &B = T.B;
  PTXType Ty = PTXType::parse(S.Parts.back());
  if (Ty.Lanes != 1 || Ty.Width < 32)
    return T.fail("div is translated for .f32 and .f64");
  Type *VT = Ty.irType(B.getContext());
  Value *A = T.read(S, 1, VT), *C = T.read(S, 2, VT);
  if (!A || !C)
    return false;
  StringRef Rnd = roundingOf(S);
  Value *R;
  if (hasPart(S, "approx"))
    R = T.callNVVM(hasPart(S, "ftz") ? "div.approx.ftz.f" : "div.approx.f", VT, {A, C});
  else if (Rnd.empty() || Rnd == "rn") // .full is within 2 ulp: RN is fine
    R = B.CreateFDiv(A, C);
  else
    R = T.callNVVM(("div." + Rnd + "." + nvvmSuffix(Ty)).str(), VT, {A, C});
  return T.write(S.Operands[0], R);
}

/// rcp sqrt rsqrt lg2 ex2 sin cos tanh (Kind as in PTXInstructions.def).
bool ptxFloatUnary(PTXTranslator &T, const PTXStatement &S, int Kind) {
  IRBuilder<> &B = T.B;
  PTXType Ty = PTXType::parse(S.Parts.back());
  if (Ty.K != PTXType::Float)
    return T.fail("unsupported type ." + S.Parts.back());
  Type *VT = Ty.irType(B.getContext());
  Value *A = T.read(S, 1, VT);
  if (!A)
    return false;
  const bool Approx = hasPart(S, "approx");
  const bool Ftz = hasPart(S, "ftz");
  StringRef Rnd = roundingOf(S);
  if (Ty.Width == 16) {
    // Half precision: the f32 result rounded (within the approximation's
    // error bound of PTX).
    Intrinsic::ID ID = StringSwitch<Intrinsic::ID>(S.Parts[0])
                           .Case("ex2", Intrinsic::exp2)
                           .Case("lg2", Intrinsic::log2)
                           .Case("sin", Intrinsic::sin)
                           .Case("cos", Intrinsic::cos)
                           .Case("sqrt", Intrinsic::sqrt)
                           .Default(Intrinsic::not_intrinsic);
    if (ID == Intrinsic::not_intrinsic && S.Parts[0] == "tanh") {
      // tanh.approx.f16/.bf16 (htanh_approx; x2 lane by lane): the f32
      // approximation's result rounded.
      auto Tanh = [&](Value *X) {
        Value *F = T.callNVVM("tanh.approx.f32", B.getFloatTy(),
                              {B.CreateFPExt(X, B.getFloatTy())});
        return B.CreateFPTrunc(F, X->getType());
      };
      Value *R;
      if (auto *V = dyn_cast<FixedVectorType>(VT)) {
        R = PoisonValue::get(V);
        for (unsigned L = 0; L < V->getNumElements(); ++L)
          R = B.CreateInsertElement(R, Tanh(B.CreateExtractElement(A, L)), L);
      } else {
        R = Tanh(A);
      }
      return T.write(S.Operands[0], R);
    }
    if (ID == Intrinsic::not_intrinsic)
      return T.fail("half-precision " + S.Parts[0] + " is not translated");
    return T.write(S.Operands[0], B.CreateUnaryIntrinsic(ID, A));
  }
  std::string F = nvvmSuffix(Ty).str();
  std::string Name;
  Value *R = nullptr;
  switch (Kind) {
  case 0: // rcp
    if (!Approx && (Rnd.empty() || Rnd == "rn"))
      R = B.CreateFDiv(ConstantFP::get(VT, 1.0), A);
    else if (Approx)
      Name = "rcp.approx.ftz." + F;
    else
      Name = "rcp." + Rnd.str() + "." + F;
    break;
  case 1: // sqrt
    if (!Approx && (Rnd.empty() || Rnd == "rn"))
      R = B.CreateUnaryIntrinsic(Intrinsic::sqrt, A);
    else if (Approx)
      Name = std::string("sqrt.approx.") + (Ftz ? "ftz." : "") + F;
    else
      Name = "sqrt." + Rnd.str() + "." + F;
    break;
  case 2:
    Name = std::string("rsqrt.approx.") + (Ftz && F == "f" ? "ftz." : "") + F;
    break;
  case 3:
  case 4:
  case 5:
  case 6:
    if (Ty.Width != 32)
      return T.fail(S.Parts[0] + " is defined for .f32");
    Name = (S.Parts[0] + ".approx." + (Ftz ? "ftz." : "") + "f").str();
    break;
  default:
    if (Ty.Width != 32)
      return T.fail("tanh is translated for .f32");
    Name = "tanh.approx.f32";
  }
  if (!R)
    R = T.callNVVM(Name, VT, {A});
  return T.write(S.Operands[0], R);
}

/// cvt.rna[.satfinite].tf32.f32 d, a: llvm.nvvm.f2tf32.rna (f32 bits
/// rounded to 19, ties away from zero, in a .b32); .satfinite turns an
/// infinite result into the largest finite tf32 of its sign. The .rn and
/// .rz forms (sm_90) have no NVVM intrinsic in LLVM 19 and are refused.
static bool convertToTF32(PTXTranslator &T, const PTXStatement &S) {
  IRBuilder<> &B = T.B;
  if (S.Parts.back() != "f32")
    return T.fail("cvt to .tf32 converts from .f32 only");
  const bool SatFinite = hasPart(S, "satfinite");
  for (StringRef P : ArrayRef<StringRef>(S.Parts).slice(1, S.Parts.size() - 3))
    if (P != "rna" && P != "satfinite")
      return T.fail("cvt." + P +
                    " to .tf32 is not translated (translated: "
                    "cvt.rna{.satfinite}.tf32.f32)");
  if (!hasPart(S, "rna"))
    return T.fail("cvt to .tf32 is translated with .rna only (cvt.rna{.satfinite}.tf32.f32)");
  Value *X = T.read(S, 1, B.getFloatTy());
  if (!X)
    return false;
  Value *R = T.callNVVM("f2tf32.rna", B.getInt32Ty(), {X});
  if (SatFinite) {
    Value *Magnitude = B.CreateAnd(R, B.getInt32(0x7FFFFFFF));
    Value *Infinite = B.CreateICmpEQ(Magnitude, B.getInt32(0x7F800000));
    Value *Largest = B.CreateOr(B.CreateAnd(R, B.getInt32(0x80000000u)), B.getInt32(0x7F7FE000));
    R = B.CreateSelect(Infinite, Largest, R);
  }
  return T.write(S.Operands[0], R);
}

namespace {
/// The modifiers of a cvt: its rounding (.rn/.rz/.rm/.rp, the integer
/// roundings .rni/.rzi/.rmi/.rpi, or "") and its clamps.
struct ConvertModifiers {
  StringRef Rnd;
  bool Sat = false, Relu = false, SatFinite = false;
  /// An integer rounding (.rni and the like).
  bool integerRounding() const { return Rnd.size() == 3 && Rnd.ends_with("i"); }
};

/// \p S's modifiers for the destination type \p D; false (failing \p T) for
/// an unknown one, a second rounding, or .relu/.satfinite on a destination
/// other than a 16-bit float.
bool readConvertModifiers(PTXTranslator &T, const PTXStatement &S, const PTXType &D,
                          ConvertModifiers &Mods) {
  for (StringRef P : ArrayRef<StringRef>(S.Parts).slice(1, S.Parts.size() - 3)) {
    if (P == "ftz" || P == "sat" || P == "relu" || P == "satfinite")
      continue;
    const bool Known = P == "rn" || P == "rz" || P == "rm" || P == "rp" || P == "rni" ||
                       P == "rzi" || P == "rmi" || P == "rpi";
    if (!Mods.Rnd.empty() || !Known)
      return T.fail("unknown modifier ." + P);
    Mods.Rnd = P;
  }
  Mods.Sat = hasPart(S, "sat");
  Mods.Relu = hasPart(S, "relu");
  Mods.SatFinite = hasPart(S, "satfinite");
  if ((Mods.SatFinite || Mods.Relu) && (D.K != PTXType::Float || D.Width != 16))
    return T.fail(Twine(".") + (Mods.Relu ? "relu" : "satfinite") +
                  " applies to f16, bf16, f16x2 and bf16x2 destinations");
  return true;
}

/// The intrinsic of an integer rounding: .rni, .rzi, .rmi, .rpi.
Intrinsic::ID integerRoundingIntrinsic(StringRef Rnd) {
  return StringSwitch<Intrinsic::ID>(Rnd)
      .Case("rni", Intrinsic::roundeven)
      .Case("rzi", Intrinsic::trunc)
      .Case("rmi", Intrinsic::floor)
      .Default(Intrinsic::ceil);
}

/// Writes the converted float \p R, clamped as \p Mods ask.
bool writeClampedFloat(PTXTranslator &T, const PTXStatement &S, const PTXType &D,
                       const ConvertModifiers &Mods, Value *R) {
  if (Mods.Sat && D.K == PTXType::Float)
    R = emitSaturate(T.B, R);
  if (Mods.SatFinite)
    R = emitSatFinite(T.B, R);
  if (Mods.Relu)
    R = relu(T.B, R);
  return T.write(S.Operands[0], R);
}

/// cvt.rn[.relu].{f16x2,bf16x2}.f32 d, a, b: a in the upper half.
bool convertPacked(PTXTranslator &T, const PTXStatement &S, const PTXType &D, const PTXType &A,
                   const ConvertModifiers &Mods) {
  IRBuilder<> &B = T.B;
  if (A.K != PTXType::Float || A.Width != 32)
    return T.fail("only cvt.{f16x2,bf16x2}.f32 packs");
  if (Mods.Rnd != "rn" && Mods.Rnd != "rz")
    return T.fail("cvt.{f16x2,bf16x2}.f32 rounds .rn or .rz (the PTX ISA has no ." +
                  Mods.Rnd + " for it)");
  Type *DT = D.irType(B.getContext());
  Type *E = cast<VectorType>(DT)->getElementType();
  Value *Hi = T.read(S, 1, B.getFloatTy()), *Lo = T.read(S, 2, B.getFloatTy());
  if (!Hi || !Lo)
    return false;
  RoundingMode M = *parseRoundingMode(Mods.Rnd);
  Value *R = PoisonValue::get(DT);
  Value *LoH = emitFPTrunc(B, Lo, E, M), *HiH = emitFPTrunc(B, Hi, E, M);
  if (Mods.SatFinite) {
    LoH = emitSatFinite(B, LoH);
    HiH = emitSatFinite(B, HiH);
  }
  if (Mods.Relu) {
    LoH = relu(B, LoH);
    HiH = relu(B, HiH);
  }
  R = B.CreateInsertElement(R, LoH, uint64_t(0));
  R = B.CreateInsertElement(R, HiH, uint64_t(1));
  return T.write(S.Operands[0], R);
}

/// Float \p X of type \p A to float type \p D: an integer rounding first,
/// then extended, or truncated with the rounding (f16 <-> bf16 through f32).
bool convertFloatToFloat(PTXTranslator &T, const PTXStatement &S, const PTXType &D,
                         const PTXType &A, Value *X, const ConvertModifiers &Mods) {
  IRBuilder<> &B = T.B;
  Type *DT = D.irType(B.getContext());
  const bool IntRound = Mods.integerRounding();
  if (IntRound)
    X = B.CreateUnaryIntrinsic(integerRoundingIntrinsic(Mods.Rnd), X);
  if (D.Width > A.Width || (D.Width == A.Width && D.BF16 == A.BF16) ||
      (D.Width == 32 && A.Width == 16))
    return writeClampedFloat(T, S, D, Mods,
                             D.Width == A.Width && D.BF16 == A.BF16 ? X
                                                                    : B.CreateFPExt(X, DT));
  if (D.Width == 16 && A.Width == 16) // f16 <-> bf16: through f32
    X = B.CreateFPExt(X, B.getFloatTy());
  std::optional<RoundingMode> M = parseRoundingMode(Mods.Rnd.empty() ? "rn" : Mods.Rnd);
  if (!M || IntRound)
    return T.fail("unsupported rounding ." + Mods.Rnd);
  return writeClampedFloat(T, S, D, Mods, emitFPTrunc(B, X, DT, *M));
}

/// Integer \p X of type \p A to float type \p D, with the rounding.
bool convertIntToFloat(PTXTranslator &T, const PTXStatement &S, const PTXType &D,
                       const PTXType &A, Value *X, const ConvertModifiers &Mods) {
  std::optional<RoundingMode> M = parseRoundingMode(Mods.Rnd.empty() ? "rn" : Mods.Rnd);
  if (!M)
    return T.fail("unsupported rounding ." + Mods.Rnd);
  return writeClampedFloat(
      T, S, D, Mods, emitIntToFP(T.B, X, A.isSigned(), D.irType(T.B.getContext()), *M));
}

/// Float \p X of type \p A to integer type \p D: saturating, NaN -> 0.
bool convertFloatToInt(PTXTranslator &T, const PTXStatement &S, const PTXType &D,
                       const PTXType &A, Value *X, const ConvertModifiers &Mods) {
  IRBuilder<> &B = T.B;
  if (!Mods.integerRounding())
    return T.fail("float to integer needs .rni/.rzi/.rmi/.rpi");
  if (A.Width == 16)
    X = B.CreateFPExt(X, B.getFloatTy());
  return T.write(S.Operands[0],
                 emitRoundToInt(B, X, integerRoundingIntrinsic(Mods.Rnd),
                                D.irType(B.getContext()), !D.isSigned()));
}

/// Integer \p X of type \p A to integer type \p D: extended by the source's
/// signedness; \p Sat clamps to the destination's range.
bool convertIntToInt(PTXTranslator &T, const PTXStatement &S, const PTXType &D,
                     const PTXType &A, Value *X, bool Sat) {
  IRBuilder<> &B = T.B;
  Type *Wide = B.getIntNTy(std::max(D.Width, A.Width) + 1);
  Value *XW = A.isSigned() ? B.CreateSExt(X, Wide) : B.CreateZExt(X, Wide);
  if (Sat) {
    APInt Lo = D.isSigned() ? APInt::getSignedMinValue(D.Width).sext(Wide->getIntegerBitWidth())
                            : APInt::getZero(Wide->getIntegerBitWidth());
    APInt Hi = D.isSigned() ? APInt::getSignedMaxValue(D.Width).sext(Wide->getIntegerBitWidth())
                            : APInt::getMaxValue(D.Width).zext(Wide->getIntegerBitWidth());
    XW = B.CreateBinaryIntrinsic(Intrinsic::smax, XW, ConstantInt::get(Wide, Lo));
    XW = B.CreateBinaryIntrinsic(Intrinsic::smin, XW, ConstantInt::get(Wide, Hi));
  }
  return T.write(S.Operands[0], B.CreateTrunc(XW, D.irType(B.getContext())));
}
} // namespace

/// cvt[.rnd][.ftz][.sat][.relu].dtype.atype d, a (and the packing form
/// cvt.rn[.relu].{f16x2,bf16x2}.f32 d, a, b: a in the upper half).
bool ptxConvert(PTXTranslator &T, const PTXStatement &S, int) {
  if (S.Parts.size() < 3)
    return T.fail("cvt needs two types");
  if (S.Parts[S.Parts.size() - 2] == "tf32")
    return convertToTF32(T, S);
  PTXType D = PTXType::parse(S.Parts[S.Parts.size() - 2]);
  PTXType A = PTXType::parse(S.Parts.back());
  if (!D.valid() || !A.valid() || D.K == PTXType::Pred || A.K == PTXType::Pred)
    return T.fail("unsupported types");
  ConvertModifiers Mods;
  if (!readConvertModifiers(T, S, D, Mods))
    return false;
  if (D.Lanes == 2)
    return convertPacked(T, S, D, A, Mods);
  if (A.Lanes != 1)
    return T.fail("unsupported source type");
  Value *X = T.read(S, 1, A.irType(T.B.getContext()));
  if (!X)
    return false;
  if (D.K == PTXType::Float && A.K == PTXType::Float)
    return convertFloatToFloat(T, S, D, A, X, Mods);
  if (D.K == PTXType::Float)
    return convertIntToFloat(T, S, D, A, X, Mods);
  if (A.K == PTXType::Float)
    return convertFloatToInt(T, S, D, A, X, Mods);
  return convertIntToInt(T, S, D, A, X, Mods.Sat);
}

} // namespace ferry
