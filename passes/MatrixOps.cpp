//===- MatrixOps.cpp - WMMA and mma.sync onto MFMA, WMMA or FMAs ----------===//
///
/// \file
/// Handlers of the tensor-core rows (map §9). WMMA fragments live in the
/// target's layout (WarpMatrixLayout.h): loads and stores address each
/// lane's elements, and an mma is one helper per module and type:
///  - gfx9 with MFMA (EMU32: two CUDA warps per wave): when the whole wave
///    is at the call, the two warps swap the half of each fragment the other
///    half-wave's MFMA lanes need (ds.bpermute with lane ^ 32) and the wave
///    runs one v_mfma_f32_16x16x16 per warp; otherwise (a warp alone, a
///    partial wave) the product is done with FMAs across the warp;
///  - gfx11 (wave32): v_wmma_f32_16x16x16 when the warp is whole (bf16:
///    after the half-warps swap their halves of k), FMAs otherwise;
///  - other targets: FMAs across the warp.
/// Accumulation is in f32; f16 accumulators are widened and the result
/// rounded once. tf32 inputs (m16n16k8, mma.sync m16n8k{8,4}) are the f32
/// bits with the low 13 mantissa bits cleared, as NVIDIA's tensor cores
/// read them; gfx940-gfx942 run them on v_mfma_f32_16x16x8_xf32, others on
/// FMAs. mma.sync keeps the PTX ISA's layout: with a matrix unit and the
/// whole wave, the fragments move into the WMMA layout around the product
/// (FragmentRelayout.h); otherwise FMAs across the warp.
///
//===----------------------------------------------------------------------===//
#include "IntrinsicLowering.h"
#include "FragmentRelayout.h"
#include "ModuleHelpers.h"
#include "WarpBuilder.h"
#include "WarpMatrixLayout.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

static cl::opt<unsigned> PackedChoiceProducts(
    "ferry-packed-matrix-choices",
    cl::desc("Matrix products in a function from which on their half-wave choices are "
             "v_perm_b32 of 32-bit words rather than selects (64; 1: always)"),
    cl::init(64));

namespace ferry {

namespace {

/// What a target runs an m16n16k16 product on.
enum class MatrixUnit { FMA, MFMA, WMMA };

/// MFMA: f16 from gfx908, bf16 (the 1k forms) from gfx90a, i8 (signed
/// only; 16x16x32 on gfx94x, which has no 16x16x16 form) from gfx908, tf32
/// (16x16x8 xf32) on gfx940-gfx942 only (gfx950 dropped the xf32 forms).
/// WMMA (gfx11) has no tf32 form.
MatrixUnit matrixUnit(const TranslateTarget &T, MatrixInput In) {
  const StringRef P = T.Processor;
  const bool CDNA2 = P == "gfx90a", CDNA3 = P.starts_with("gfx94") || P == "gfx950";
  const bool MFMA = In == MatrixInput::F16    ? CDNA2 || CDNA3 || P == "gfx908"
                    : In == MatrixInput::BF16 ? CDNA2 || CDNA3
                    : In == MatrixInput::S8   ? CDNA2 || CDNA3 || P == "gfx908"
                    : In == MatrixInput::TF32 ? P.starts_with("gfx94")
                                              : false;
  if (T.isWave64() && MFMA)
    return MatrixUnit::MFMA;
  if (!T.isWave64() && T.IsaMajor == 11 && In != MatrixInput::TF32)
    return MatrixUnit::WMMA;
  return MatrixUnit::FMA;
}

/// The type of the \p Bits-bit elements of fragment registers of type
/// \p Reg: half (of <2 x half>), i16 (bf16 pairs in an i32), i8 (four in
/// an i32), or the register itself (f32, s32).
Type *elementTypeOf(Type *Reg, unsigned Bits) {
  if (auto *V = dyn_cast<FixedVectorType>(Reg))
    return V->getElementType();
  if (Reg->isIntegerTy() && Reg->getIntegerBitWidth() != Bits)
    return Type::getIntNTy(Reg->getContext(), Bits);
  return Reg;
}

unsigned elementsPerRegister(Type *Reg, unsigned Bits) {
  return Reg->getPrimitiveSizeInBits() / Bits;
}

/// Appends the \p Bits-bit elements of fragment register \p Reg (low bits
/// first).
void appendElements(IRBuilder<> &B, Value *Reg, unsigned Bits, SmallVectorImpl<Value *> &Out) {
  Type *Ty = Reg->getType();
  if (auto *V = dyn_cast<FixedVectorType>(Ty)) {
    for (unsigned I = 0; I < V->getNumElements(); ++I)
      Out.push_back(B.CreateExtractElement(Reg, uint64_t(I)));
    return;
  }
  Type *Elem = elementTypeOf(Ty, Bits);
  if (Elem == Ty) {
    Out.push_back(Reg);
    return;
  }
  for (unsigned I = 0; I < elementsPerRegister(Ty, Bits); ++I)
    Out.push_back(B.CreateTrunc(B.CreateLShr(Reg, I * Bits), Elem));
}

/// The fragment register of type \p Ty holding \p Elems.
Value *packRegister(IRBuilder<> &B, Type *Ty, ArrayRef<Value *> Elems) {
  if (Elems.size() == 1)
    return B.CreateBitCast(Elems[0], Ty);
  if (Ty->isVectorTy()) {
    Value *V = PoisonValue::get(Ty);
    for (unsigned I = 0; I < Elems.size(); ++I)
      V = B.CreateInsertElement(V, Elems[I], uint64_t(I));
    return V;
  }
  const unsigned Bits = Ty->getPrimitiveSizeInBits() / Elems.size();
  Value *R = nullptr;
  for (unsigned I = 0; I < Elems.size(); ++I) {
    Value *E = B.CreateZExt(B.CreateBitCast(Elems[I], B.getIntNTy(Bits)), Ty);
    E = I ? B.CreateShl(E, I * Bits) : E;
    R = R ? B.CreateOr(R, E) : E;
  }
  return R;
}

/// The fragment struct of type \p Ty holding \p Elems.
Value *packFragment(IRBuilder<> &B, StructType *Ty, ArrayRef<Value *> Elems) {
  Value *R = PoisonValue::get(Ty);
  const unsigned Per = Elems.size() / Ty->getNumElements();
  for (unsigned I = 0; I < Ty->getNumElements(); ++I)
    R = B.CreateInsertValue(R, packRegister(B, Ty->getElementType(I), Elems.slice(I * Per, Per)),
                            I);
  return R;
}

/// Whether a load or store name says the memory is column-major.
bool columnMajor(StringRef Name) { return Name.contains(".col."); }

/// The address of element (Row, Col) of a matrix at \p Ptr with leading
/// dimension \p Ld.
Value *elementAddress(IRBuilder<> &B, Type *Elem, Value *Ptr, MatrixPosition P, Value *Ld,
                      bool ColMajor) {
  Value *Major = ColMajor ? P.Col : P.Row, *Minor = ColMajor ? P.Row : P.Col;
  Value *Index = B.CreateAdd(B.CreateMul(B.CreateZExt(Major, B.getInt64Ty()),
                                         B.CreateSExt(Ld, B.getInt64Ty())),
                             B.CreateZExt(Minor, B.getInt64Ty()));
  return B.CreateGEP(Elem, Ptr, Index);
}

/// Whether every lane of the wave is here (MFMA and WMMA read all lanes).
Value *wholeWave(IRBuilder<> &B, const TranslateTarget &T) {
  Type *Mask = T.isWave64() ? B.getInt64Ty() : B.getInt32Ty();
  Value *Ballot = B.CreateIntrinsic(Intrinsic::amdgcn_ballot, {Mask}, {B.getTrue()});
  return B.CreateICmpEQ(Ballot, Constant::getAllOnesValue(Mask), "whole.wave");
}

/// \p Elems (8-, 16- or 32-bit) read from wave lane \p Src, 32 bits at a
/// time.
SmallVector<Value *, 8> readFromLane(IRBuilder<> &B, ArrayRef<Value *> Elems, Value *Src) {
  Value *Addr = B.CreateShl(Src, 2);
  Type *Ty = Elems[0]->getType();
  const unsigned Bits = Ty->getPrimitiveSizeInBits(), Per = 32 / Bits;
  SmallVector<Value *, 8> Out;
  for (unsigned I = 0; I < Elems.size(); I += Per) {
    Value *Word = packRegister(B, B.getInt32Ty(), Elems.slice(I, Per));
    Value *Read = B.CreateIntrinsic(Intrinsic::amdgcn_ds_bpermute, {}, {Addr, Word});
    SmallVector<Value *, 4> Parts;
    appendElements(B, Read, Bits, Parts);
    for (Value *E : Parts)
      Out.push_back(B.CreateBitCast(E, Ty));
  }
  return Out;
}

/// A product's choice, per lane, between fragments of its two half-waves
/// (EMU32 MFMA: warps 0 and 1, lane bit 5; WMMA: half-warps, bit 4):
/// `high ? x : y` and `high ? 0 : y` element by element, as `select`s of
/// one lane condition, or, for a function with many products (\p Packed),
/// 32 bits at a time as `v_perm_b32` of a word of x and a word of y by a
/// byte selector of the lane (0x07060504: all of x; 0x03020100: all of y;
/// 0x0c0c0c0c: zero). The selects' one i1 condition, shared by every
/// product of a kernel, becomes a condition register copied for each of its
/// uses, and MachineCSE's kill-flag updates over that register's uses grow
/// quadratically: cuda-samples' cudaTensorCoreGemm (2049 products in one
/// kernel) spent 380 of its 460 s of code generation there (its whole
/// gfx90a compile: 554 s; 30 s so, with productMFMA's A and B as words).
/// The selects stay for fewer products: one VGPR fewer (the condition lives
/// in SGPRs).
class HalfChoice {
public:
  HalfChoice(IRBuilder<> &B, Value *Lane, unsigned Bit, bool Packed) : B(B), Packed(Packed) {
    if (!Packed) {
      High = B.CreateICmpNE(B.CreateAnd(Lane, 1u << Bit), B.getInt32(0), "high.half");
      return;
    }
    Value *Set = B.CreateAnd(B.CreateLShr(Lane, Bit), 1);
    auto Selector = [&](uint32_t WhenSet) {
      return B.CreateAdd(B.CreateMul(Set, B.getInt32(WhenSet - 0x03020100u)),
                         B.getInt32(0x03020100u));
    };
    WordX = Selector(0x07060504u), WordZero = Selector(0x0c0c0c0cu);
  }

  /// `high ? X : Y`.
  SmallVector<Value *, 8> operator()(ArrayRef<Value *> X, ArrayRef<Value *> Y) const {
    if (Packed)
      return permuteWords(WordX, X, Y);
    SmallVector<Value *, 8> R;
    for (unsigned I = 0; I < X.size(); ++I)
      R.push_back(B.CreateSelect(High, X[I], Y[I]));
    return R;
  }

  /// `high ? 0 : Y`.
  SmallVector<Value *, 8> zeroOr(ArrayRef<Value *> Y) const {
    if (Packed)
      return permuteWords(WordZero, Y, Y);
    SmallVector<Value *, 8> Zero(Y.size(), Constant::getNullValue(Y[0]->getType()));
    return (*this)(Zero, Y);
  }

private:
  SmallVector<Value *, 8> permuteWords(Value *Sel, ArrayRef<Value *> X,
                                       ArrayRef<Value *> Y) const {
    Type *Ty = X[0]->getType();
    const unsigned Bits = Ty->getPrimitiveSizeInBits(), Per = 32 / Bits;
    assert(Bits && 32 % Bits == 0 && X.size() % Per == 0 && X.size() == Y.size() &&
           "fragment halves are whole 32-bit registers");
    SmallVector<Value *, 8> Out;
    for (unsigned I = 0; I < X.size(); I += Per) {
      Value *Word = B.CreateIntrinsic(Intrinsic::amdgcn_perm, {},
                                      {packRegister(B, B.getInt32Ty(), X.slice(I, Per)),
                                       packRegister(B, B.getInt32Ty(), Y.slice(I, Per)), Sel});
      SmallVector<Value *, 4> Parts;
      appendElements(B, Word, Bits, Parts);
      for (Value *E : Parts)
        Out.push_back(B.CreateBitCast(E, Ty));
    }
    return Out;
  }

  IRBuilder<> &B;
  bool Packed;
  Value *High = nullptr, *WordX = nullptr, *WordZero = nullptr;
};

/// Whether \p F holds at least -ferry-packed-matrix-choices matrix products
/// (matrix intrinsics not lowered yet and calls of the helpers of those
/// that are), whose half-wave choices are then packed (HalfChoice).
bool manyProducts(const Function &F) {
  unsigned N = 0;
  for (const Function &Callee : *F.getParent()) {
    const StringRef Name = Callee.getName();
    if (!(Name.starts_with("llvm.nvvm.wmma.") && Name.contains(".mma.")) &&
        !Name.starts_with("llvm.nvvm.mma.") && !Name.starts_with("__ferry_wmma_") &&
        !Name.starts_with("__ferry_mma_"))
      continue;
    for (const User *U : Callee.users())
      if (const auto *CI = dyn_cast<CallInst>(U);
          CI && CI->getFunction() == &F && ++N >= PackedChoiceProducts)
        return true;
  }
  return false;
}

Value *vectorOf(IRBuilder<> &B, ArrayRef<Value *> Elems) {
  Value *V = PoisonValue::get(FixedVectorType::get(Elems[0]->getType(), Elems.size()));
  for (unsigned I = 0; I < Elems.size(); ++I)
    V = B.CreateInsertElement(V, Elems[I], uint64_t(I));
  return V;
}

SmallVector<Value *, 16> elementsOf(IRBuilder<> &B, Value *Vector) {
  SmallVector<Value *, 16> R;
  for (unsigned I = 0; I < cast<FixedVectorType>(Vector->getType())->getNumElements(); ++I)
    R.push_back(B.CreateExtractElement(Vector, uint64_t(I)));
  return R;
}

/// EMU32: one MFMA per CUDA warp of the (whole) wave. Lane 32h+l of MFMA w
/// needs half h of warp w's fragments at lane l: the own half when h == w,
/// else the partner's (lane ^ 32), which sends the half it does not use
/// (A and B halves: 4 slots, tf32 2; C and D: 4).
SmallVector<Value *, 8> productMFMA(IRBuilder<> &B, const TranslateTarget &T, MatrixInput In,
                                    ArrayRef<Value *> A, ArrayRef<Value *> Bm,
                                    ArrayRef<Value *> C, bool Packed) {
  WarpBuilder W(B, T);
  Value *Lane = W.waveLane();
  const HalfChoice High(B, Lane, 5, Packed); // the upper half-wave: warp 1
  Value *Partner = B.CreateXor(Lane, 32);
  // Operands of MFMA 0 and MFMA 1 in this lane.
  auto Split = [&](ArrayRef<Value *> F, unsigned Half) {
    ArrayRef<Value *> Lo = F.slice(0, Half), Hi = F.slice(Half, Half);
    SmallVector<Value *, 8> Own = High(Hi, Lo), Send = High(Lo, Hi);
    SmallVector<Value *, 8> Recv = readFromLane(B, Send, Partner);
    return std::make_pair(High(Recv, Own), High(Own, Recv));
  };
  // MFMA 16x16x32 i8 reads k 0-15 from lanes 0-31 (the rest zero): the
  // low half-wave holds warp 0's operands and receives warp 1's.
  auto LowHalf = [&](ArrayRef<Value *> F) {
    SmallVector<Value *, 8> Recv = readFromLane(B, F, Partner);
    return std::make_pair(High.zeroOr(F), High.zeroOr(Recv));
  };
  const bool K32 = In == MatrixInput::S8 && mfmaI8IsK32(T);
  const unsigned HalfAB = In == MatrixInput::TF32 ? 2 : 4;
  // Packed: A and B as 32-bit words (a vector bitcast each way), so that
  // the choices and the swap move words, not 8- or 16-bit elements masked
  // out and back in (whose masks SI Peephole SDWA then rewrites, with kill
  // flag updates as quadratic as MachineCSE's were).
  Type *ElemAB = A[0]->getType();
  const unsigned Per = Packed ? 32 / ElemAB->getPrimitiveSizeInBits() : 1;
  auto Words = [&](ArrayRef<Value *> F) -> SmallVector<Value *, 16> {
    if (!Packed)
      return SmallVector<Value *, 16>(F.begin(), F.end());
    return elementsOf(B, B.CreateBitCast(vectorOf(B, F), FixedVectorType::get(
                                                             B.getInt32Ty(), F.size() / Per)));
  };
  const SmallVector<Value *, 16> AW = Words(A), BW = Words(Bm);
  auto [A0, A1] = K32 ? LowHalf(AW) : Split(AW, HalfAB / Per);
  auto [B0, B1] = K32 ? LowHalf(BW) : Split(BW, HalfAB / Per);
  auto [C0, C1] = Split(C, 4);
  auto MFMA = [&](ArrayRef<Value *> X, ArrayRef<Value *> Y, ArrayRef<Value *> Acc) {
    Value *Zero = B.getInt32(0);
    Value *VX = vectorOf(B, X), *VY = vectorOf(B, Y);
    if (Packed) { // the elements of the words
      Type *Elems = FixedVectorType::get(ElemAB, X.size() * Per);
      VX = B.CreateBitCast(VX, Elems), VY = B.CreateBitCast(VY, Elems);
    }
    if (In == MatrixInput::S8) { // four (eight) i8 in an i32 (i64)
      Type *Word = K32 ? B.getInt64Ty() : B.getInt32Ty();
      VX = B.CreateBitCast(VX, Word), VY = B.CreateBitCast(VY, Word);
    }
    const Intrinsic::ID ID = K32                       ? Intrinsic::amdgcn_mfma_i32_16x16x32_i8
                             : In == MatrixInput::S8   ? Intrinsic::amdgcn_mfma_i32_16x16x16i8
                             : In == MatrixInput::BF16 ? Intrinsic::amdgcn_mfma_f32_16x16x16bf16_1k
                             : In == MatrixInput::TF32 ? Intrinsic::amdgcn_mfma_f32_16x16x8_xf32
                                                       : Intrinsic::amdgcn_mfma_f32_16x16x16f16;
    return elementsOf(B, B.CreateIntrinsic(ID, {}, {VX, VY, vectorOf(B, Acc), Zero, Zero, Zero}));
  };
  SmallVector<Value *, 16> D0 = MFMA(A0, B0, C0), D1 = MFMA(A1, B1, C1);
  // This lane's warp keeps its MFMA's rows here and gets the other half-wave's.
  SmallVector<Value *, 8> Keep = High(D1, D0);
  SmallVector<Value *, 8> Send = High(D0, D1);
  SmallVector<Value *, 8> Recv = readFromLane(B, Send, Partner);
  SmallVector<Value *, 8> D = High(Recv, Keep);
  D.append(High(Keep, Recv));
  return D;
}

/// gfx11: v_wmma_f32_16x16x16 or v_wmma_i32_16x16x16_iu8. bf16 and i8
/// fragments hold half of k per half-warp; WMMA wants all of k in both: the
/// half-warps swap theirs (lane ^ 16).
SmallVector<Value *, 8> productWMMA(IRBuilder<> &B, const TranslateTarget &T, MatrixInput In,
                                    ArrayRef<Value *> A, ArrayRef<Value *> Bm,
                                    ArrayRef<Value *> C, bool Packed, bool Saturate = false) {
  const bool Int = In == MatrixInput::S8 || In == MatrixInput::U8;
  auto Full = [&](ArrayRef<Value *> F) -> Value * {
    if (In == MatrixInput::F16)
      return vectorOf(B, F);
    WarpBuilder W(B, T);
    Value *Lane = W.waveLane();
    const HalfChoice High(B, Lane, 4, Packed);
    SmallVector<Value *, 8> Other = readFromLane(B, F, B.CreateXor(Lane, 16));
    SmallVector<Value *, 16> All = High(Other, F);
    All.append(High(F, Other));
    return vectorOf(B, All);
  };
  Value *VA = Full(A), *VB = Full(Bm), *VC = vectorOf(B, C);
  Value *D;
  if (Int) {
    // Sixteen i8 in four i32; the sign flags say how to read them.
    Type *Words = FixedVectorType::get(B.getInt32Ty(), 4);
    Value *Signed = B.getInt1(In == MatrixInput::S8);
    D = B.CreateIntrinsic(Intrinsic::amdgcn_wmma_i32_16x16x16_iu8, {VC->getType(), Words},
                          {Signed, B.CreateBitCast(VA, Words), Signed, B.CreateBitCast(VB, Words),
                           VC, B.getInt1(Saturate)});
  } else {
    D = B.CreateIntrinsic(In == MatrixInput::BF16 ? Intrinsic::amdgcn_wmma_f32_16x16x16_bf16
                                                  : Intrinsic::amdgcn_wmma_f32_16x16x16_f16,
                          {VC->getType(), VA->getType()}, {VA, VB, VC});
  }
  SmallVector<Value *, 8> R;
  for (Value *E : elementsOf(B, D))
    R.push_back(E);
  return R;
}

const char *const InputNames[] = {"f16", "bf16", "s8", "u8", "tf32"};
const char *const UnitNames[] = {"fma", "mfma", "wmma"};

/// The IR type of an A or B element of \p In (tf32: the float the
/// element's bits truncated to 19 give).
Type *inputType(LLVMContext &Ctx, MatrixInput In) {
  return In == MatrixInput::F16    ? Type::getHalfTy(Ctx)
         : In == MatrixInput::BF16 ? Type::getInt16Ty(Ctx)
         : In == MatrixInput::TF32 ? Type::getFloatTy(Ctx)
                                   : Type::getInt8Ty(Ctx);
}

/// The IR type of an accumulator element: f32, or i32 for integer inputs.
Type *accumulatorType(LLVMContext &Ctx, MatrixInput In) {
  return In == MatrixInput::S8 || In == MatrixInput::U8 ? Type::getInt32Ty(Ctx)
                                                        : Type::getFloatTy(Ctx);
}

/// The product across the warp's lanes, for the calls a matrix unit cannot
/// run (a warp alone, a partial wave): `<Name>_lanes`, a function of its
/// own that is not inlined. Inlined with every call, its FMAs and shuffles
/// (a hundred times the native product's code) made code generation of a
/// kernel with many products take minutes (cuda-samples'
/// cudaTensorCoreGemm, CUDA sweep 11); the path is the rare one.
Function *lanesHelper(Module &M, StringRef Name, FunctionType *Ty,
                      function_ref<SmallVector<Value *, 8>(IRBuilder<> &, ArrayRef<Value *>,
                                                           ArrayRef<Value *>, ArrayRef<Value *>)>
                          Product) {
  Function *H = getOrCreateHelper(M, (Name + "_lanes").str(), Ty, /*Convergent=*/true,
                                  [&](Function &F) {
                                    IRBuilder<> B(BasicBlock::Create(M.getContext(), "entry", &F));
                                    SmallVector<Value *, 16> A = elementsOf(B, F.getArg(0)),
                                                             Bm = elementsOf(B, F.getArg(1)),
                                                             C = elementsOf(B, F.getArg(2));
                                    B.CreateRet(vectorOf(B, Product(B, A, Bm, C)));
                                  });
  H->removeFnAttr(Attribute::AlwaysInline);
  H->addFnAttr(Attribute::NoInline);
  return H;
}

/// `<8 x float> __ferry_wmma_m16n16k16_<type>[_sat]_<unit>(A, B, C)`: the
/// product of one warp's fragments as vectors of their elements (<8 x i32>
/// for integer inputs; \p Saturate: .satfinite, the sums clamped to i32,
/// which WMMA's clamp does and MFMA cannot); tf32:
/// `__ferry_wmma_m16n16k8_tf32_<unit>` on truncated f32 elements; `_packed`
/// with \p Packed (HalfChoice), whose FMA fallback is shared.
Function *wmmaHelper(Module &M, const TranslateTarget &T, MatrixInput In, bool Saturate,
                     bool Packed) {
  MatrixUnit Unit = matrixUnit(T, In);
  if (Saturate && Unit == MatrixUnit::MFMA)
    Unit = MatrixUnit::FMA;
  Packed &= Unit != MatrixUnit::FMA;
  const std::string Base =
      (Twine(In == MatrixInput::TF32 ? "__ferry_wmma_m16n16k8_" : "__ferry_wmma_m16n16k16_") +
       InputNames[int(In)] + (Saturate ? "_sat_" : "_") + UnitNames[int(Unit)] +
       (T.isWave64() ? "_emu32" : "_w32"))
          .str();
  const std::string Name = Packed ? Base + "_packed" : Base;
  LLVMContext &Ctx = M.getContext();
  WarpMatrixLayout L = wmmaLayout(T, In);
  Type *Elem = inputType(Ctx, In);
  Type *AT = FixedVectorType::get(Elem, L.SlotsA), *BT = FixedVectorType::get(Elem, L.SlotsB);
  Type *CT = FixedVectorType::get(accumulatorType(Ctx, In), L.SlotsC);
  return getOrCreateHelper(
      M, Name, FunctionType::get(CT, {AT, BT, CT}, false), /*Convergent=*/true,
      [&](Function &F) {
        auto *Entry = BasicBlock::Create(Ctx, "entry", &F);
        IRBuilder<> B(Entry);
        SmallVector<Value *, 16> A = elementsOf(B, F.getArg(0)), Bm = elementsOf(B, F.getArg(1)),
                                 C = elementsOf(B, F.getArg(2));
        auto Return = [&](IRBuilder<> &RB, ArrayRef<Value *> D) { RB.CreateRet(vectorOf(RB, D)); };
        auto Lanes = [&](IRBuilder<> &LB) {
          if (In == MatrixInput::S8 || In == MatrixInput::U8)
            return warpProductInt(LB, T, L, A, Bm, C, In == MatrixInput::S8, Saturate);
          return warpProductFMA(LB, T, L, A, Bm, C);
        };
        if (Unit == MatrixUnit::FMA) {
          Return(B, Lanes(B));
          return;
        }
        auto *Native = BasicBlock::Create(Ctx, Unit == MatrixUnit::MFMA ? "mfma" : "wmma", &F);
        auto *Fallback = BasicBlock::Create(Ctx, "lanes", &F);
        B.CreateCondBr(wholeWave(B, T), Native, Fallback);
        IRBuilder<> NB(Native);
        Return(NB, Unit == MatrixUnit::MFMA ? productMFMA(NB, T, In, A, Bm, C, Packed)
                                            : productWMMA(NB, T, In, A, Bm, C, Packed, Saturate));
        IRBuilder<> FB(Fallback);
        Function *Slow = lanesHelper(
            M, Base, F.getFunctionType(),
            [&](IRBuilder<> &LB, ArrayRef<Value *> LA, ArrayRef<Value *> LBm,
                ArrayRef<Value *> LC) -> SmallVector<Value *, 8> {
              if (In == MatrixInput::S8 || In == MatrixInput::U8)
                return warpProductInt(LB, T, L, LA, LBm, LC, In == MatrixInput::S8, Saturate);
              return warpProductFMA(LB, T, L, LA, LBm, LC);
            });
        FB.CreateRet(FB.CreateCall(Slow, {F.getArg(0), F.getArg(1), F.getArg(2)}));
      });
}

/// mma.sync fragments (PTX layout, m16n8k\p K) moved into the m16n16k16
/// WMMA layout of \p T for operand \p Op (tf32: m16n16k8): N and K padded
/// with zeros.
SmallVector<Value *, 16> toWmmaLayout(IRBuilder<> &B, const TranslateTarget &T, MatrixInput In,
                                      unsigned K, MatrixOperand Op, ArrayRef<Value *> Frag) {
  WarpMatrixLayout TL = wmmaLayout(T, In);
  const bool TF32 = In == MatrixInput::TF32;
  SmallVector<Value *, 16> Out;
  for (unsigned S = 0; S < TL.slots(Op); ++S) {
    {
      IRBuilder<> Fold(B.getContext());
      if (!TL.Position(Fold, Op, Fold.getInt32(0), S).Row) {
        Out.push_back(Constant::getNullValue(Frag[0]->getType()));
        continue;
      }
    }
    Out.push_back(gatherFragmentElement(B, T, Frag, [&](IRBuilder<> &FB, Value *Reader) {
      MatrixPosition P = TL.Position(FB, Op, Reader, S);
      // Columns 8-15 of B and C, and k >= K of A and B, are padding.
      Value *Valid = nullptr;
      auto Below = [&](Value *V, unsigned Limit) {
        Value *C = FB.CreateICmpULT(V, FB.getInt32(Limit));
        Valid = Valid ? FB.CreateAnd(Valid, C) : C;
      };
      if (Op != MatrixOperand::A)
        Below(P.Col, 8);
      if (Op != MatrixOperand::C && K < TL.K)
        Below(Op == MatrixOperand::A ? P.Col : P.Row, K);
      FragmentSource Src = mmaSyncOwner(FB, Op, P.Row, P.Col, TF32);
      Src.Valid = Valid;
      return Src;
    }));
  }
  return Out;
}

/// D in the WMMA layout of \p T back in the mma.sync layout (4 slots).
SmallVector<Value *, 8> fromWmmaLayout(IRBuilder<> &B, const TranslateTarget &T,
                                       ArrayRef<Value *> D) {
  WarpMatrixLayout PL = mmaSyncLayout();
  SmallVector<Value *, 8> Out;
  for (unsigned S = 0; S < PL.SlotsC; ++S)
    Out.push_back(gatherFragmentElement(B, T, D, [&](IRBuilder<> &FB, Value *Reader) {
      MatrixPosition P = PL.Position(FB, MatrixOperand::C, Reader, S);
      return wmmaOwnerC(FB, T, P.Row, P.Col);
    }));
  return Out;
}

/// `<4 x float> __ferry_mma_m16n8k<K>_<type>_<unit>(A, B, C)` in the PTX
/// layout. With a matrix unit and the whole wave at the call, the fragments
/// move into the m16n16k16 WMMA layout (tf32: m16n16k8; N and K padded
/// with zeros), the WMMA product runs on MFMA or WMMA, and D moves back;
/// otherwise FMAs across the warp. `_packed` with \p Packed (HalfChoice).
Function *mmaSyncHelper(Module &M, const TranslateTarget &T, MatrixInput In, unsigned K,
                        bool Packed) {
  const MatrixUnit Unit = matrixUnit(T, In);
  Packed &= Unit != MatrixUnit::FMA;
  const std::string Base = (Twine("__ferry_mma_m16n8k") + Twine(K) + "_" + InputNames[int(In)] +
                            "_" + UnitNames[int(Unit)] + (T.isWave64() ? "_emu32" : "_w32"))
                               .str();
  const std::string Name = Packed ? Base + "_packed" : Base;
  LLVMContext &Ctx = M.getContext();
  WarpMatrixLayout L = mmaSyncLayout(K, In == MatrixInput::TF32);
  Type *Elem = inputType(Ctx, In);
  Type *AT = FixedVectorType::get(Elem, L.SlotsA), *BT = FixedVectorType::get(Elem, L.SlotsB);
  Type *CT = FixedVectorType::get(Type::getFloatTy(Ctx), L.SlotsC);
  return getOrCreateHelper(
      M, Name, FunctionType::get(CT, {AT, BT, CT}, false), /*Convergent=*/true,
      [&](Function &F) {
        IRBuilder<> B(BasicBlock::Create(Ctx, "entry", &F));
        SmallVector<Value *, 16> A = elementsOf(B, F.getArg(0)), Bm = elementsOf(B, F.getArg(1)),
                                 C = elementsOf(B, F.getArg(2));
        auto Return = [&](IRBuilder<> &RB, ArrayRef<Value *> D) { RB.CreateRet(vectorOf(RB, D)); };
        if (Unit == MatrixUnit::FMA) {
          Return(B, warpProductFMA(B, T, L, A, Bm, C));
          return;
        }
        auto *Native = BasicBlock::Create(Ctx, Unit == MatrixUnit::MFMA ? "mfma" : "wmma", &F);
        auto *Lanes = BasicBlock::Create(Ctx, "lanes", &F);
        B.CreateCondBr(wholeWave(B, T), Native, Lanes);
        IRBuilder<> NB(Native);
        SmallVector<Value *, 16> TA = toWmmaLayout(NB, T, In, K, MatrixOperand::A, A),
                                 TB = toWmmaLayout(NB, T, In, K, MatrixOperand::B, Bm),
                                 TC = toWmmaLayout(NB, T, In, K, MatrixOperand::C, C);
        SmallVector<Value *, 8> D = Unit == MatrixUnit::MFMA
                                        ? productMFMA(NB, T, In, TA, TB, TC, Packed)
                                        : productWMMA(NB, T, In, TA, TB, TC, Packed);
        Return(NB, fromWmmaLayout(NB, T, D));
        IRBuilder<> FB(Lanes);
        Function *Slow = lanesHelper(
            M, Base, F.getFunctionType(),
            [&](IRBuilder<> &LB, ArrayRef<Value *> LA, ArrayRef<Value *> LBm,
                ArrayRef<Value *> LC) -> SmallVector<Value *, 8> {
              return warpProductFMA(LB, T, L, LA, LBm, LC);
            });
        FB.CreateRet(FB.CreateCall(Slow, {F.getArg(0), F.getArg(1), F.getArg(2)}));
      });
}

/// The element type word of an NVVM matrix name (the last of f16, bf16,
/// tf32, f32, f64, s8, u8, s32), or "".
StringRef typeWord(StringRef Name) {
  StringRef Found;
  SmallVector<StringRef, 12> Words;
  Name.split(Words, '.');
  for (StringRef W : Words)
    if (is_contained({"f16", "bf16", "tf32", "f32", "f64", "s8", "u8", "s32"}, W))
      Found = W;
  return Found;
}

unsigned bitsOf(StringRef TypeWord) {
  return TypeWord == "s8" || TypeWord == "u8"                           ? 8
         : TypeWord == "f32" || TypeWord == "s32" || TypeWord == "tf32" ? 32
         : TypeWord == "f64"                                            ? 64
                                                                        : 16;
}

/// The layout a WMMA load or store of \p Name addresses.
WarpMatrixLayout layoutOf(const TranslateTarget &T, StringRef Name) {
  if (Name.starts_with("llvm.nvvm.wmma.m8n8k4."))
    return dmmaLayout();
  if (Name.starts_with("llvm.nvvm.wmma.m16n16k8."))
    return wmmaLayout(T, MatrixInput::TF32);
  const StringRef Ty = typeWord(Name);
  if (Name.starts_with("llvm.nvvm.wmma.m32n8k16.") || Name.starts_with("llvm.nvvm.wmma.m8n32k16."))
    return tallWideLayout(Name.starts_with("llvm.nvvm.wmma.m32n8k16."), Ty == "bf16");
  return wmmaLayout(T, Ty == "bf16" ? MatrixInput::BF16
                       : Ty == "s8" ? MatrixInput::S8
                       : Ty == "u8" ? MatrixInput::U8
                                    : MatrixInput::F16); // C and D: all alike
}

/// The A and B input type of an mma name.
MatrixInput inputOf(StringRef Name) {
  const StringRef W = typeWord(Name);
  return W == "s8"     ? MatrixInput::S8
         : W == "u8"   ? MatrixInput::U8
         : W == "bf16" ? MatrixInput::BF16
         : W == "tf32" ? MatrixInput::TF32
                       : MatrixInput::F16;
}

/// An mma call's operands as elements: A and B (16- or 8-bit; tf32: the
/// f32 bits truncated to 19, as floats), C widened to f32 (or i32 for
/// integer inputs).
struct MmaOperands {
  SmallVector<Value *, 16> A, B, C;
};

MmaOperands mmaOperands(IntrinsicLowering &L, MatrixInput In, unsigned RegsA, unsigned RegsB) {
  MmaOperands O;
  const unsigned Bits = In == MatrixInput::S8 || In == MatrixInput::U8 ? 8
                        : In == MatrixInput::TF32                      ? 32
                                                                       : 16;
  unsigned I = 0;
  for (; I < RegsA; ++I)
    appendElements(L.B, L.arg(I), Bits, O.A);
  for (; I < RegsA + RegsB; ++I)
    appendElements(L.B, L.arg(I), Bits, O.B);
  if (In == MatrixInput::TF32)
    for (SmallVectorImpl<Value *> *F : {&O.A, &O.B})
      for (Value *&E : *F)
        E = truncateToTF32(L.B, E);
  for (; I < L.CI.arg_size(); ++I)
    appendElements(L.B, L.arg(I), L.arg(I)->getType()->isVectorTy() ? 16 : 32, O.C);
  for (Value *&E : O.C)
    if (E->getType()->isHalfTy())
      E = L.B.CreateFPExt(E, L.B.getFloatTy());
  return O;
}

/// The call's result from the f32 or i32 elements \p D (rounded once to
/// f16 when the result is f16).
Value *mmaResult(IntrinsicLowering &L, Value *DVector) {
  auto *Ret = cast<StructType>(L.retType());
  SmallVector<Value *, 8> D = elementsOf(L.B, DVector);
  if (Ret->getElementType(0)->isVectorTy())
    for (Value *&E : D)
      E = L.B.CreateFPTrunc(E, L.B.getHalfTy());
  return packFragment(L.B, Ret, D);
}

} // namespace

/// llvm.nvvm.wmma.m16n16k16.load.{a,b,c}.{row,col}[.stride].TYPE(ptr[, ld]).
Value *lowerWmmaLoad(IntrinsicLowering &L, int) {
  IRBuilder<> &B = L.B;
  const char Which = L.Name[L.Name.find(".load.") + 6];
  const MatrixOperand Op = Which == 'a'   ? MatrixOperand::A
                           : Which == 'b' ? MatrixOperand::B
                                          : MatrixOperand::C;
  // A fragment of one register (f64 A and B) is returned bare.
  auto *Ret = dyn_cast<StructType>(L.retType());
  const StringRef Ty = typeWord(L.Name);
  const unsigned Bits = bitsOf(Ty);
  Type *Reg = Ret ? Ret->getElementType(0) : L.retType(), *Elem = elementTypeOf(Reg, Bits);
  WarpMatrixLayout Layout = layoutOf(L.T, L.Name);
  const unsigned Slots = Layout.slots(Op);
  if ((Ret ? Ret->getNumElements() : 1) * elementsPerRegister(Reg, Bits) != Slots)
    return L.fail("unexpected fragment type");
  const bool ColMajor = columnMajor(L.Name);
  // Without a stride: the columns (the rows when column-major).
  const unsigned Rows = Op == MatrixOperand::B ? Layout.K : Layout.M;
  const unsigned Cols = Op == MatrixOperand::A ? Layout.K : Layout.N;
  Value *Ld = L.CI.arg_size() > 1 ? L.arg(1) : B.getInt32(ColMajor ? Rows : Cols);
  Value *Lane = WarpBuilder(B, L.T).lane32();
  SmallVector<Value *, 16> Elems;
  for (unsigned S = 0; S < Slots; ++S) {
    MatrixPosition P = Layout.Position(B, Op, Lane, S);
    if (!P.Row) {
      Elems.push_back(Constant::getNullValue(Elem));
      continue;
    }
    Value *Addr = elementAddress(B, Elem, L.arg(0), P, Ld, ColMajor);
    Elems.push_back(B.CreateAlignedLoad(Elem, Addr, Align(Elem->getPrimitiveSizeInBits() / 8)));
  }
  return Ret ? packFragment(B, Ret, Elems) : packRegister(B, Reg, Elems);
}

/// llvm.nvvm.wmma.m16n16k16.store.d.{row,col}[.stride].TYPE(ptr, d...[, ld]).
Value *lowerWmmaStore(IntrinsicLowering &L, int) {
  IRBuilder<> &B = L.B;
  const unsigned Bits = bitsOf(typeWord(L.Name));
  Type *Reg = L.arg(1)->getType(), *Elem = elementTypeOf(Reg, Bits);
  WarpMatrixLayout Layout = layoutOf(L.T, L.Name);
  const unsigned Regs = Layout.SlotsC / elementsPerRegister(Reg, Bits);
  if (L.CI.arg_size() < 1 + Regs)
    return L.fail("unexpected fragment type");
  const bool ColMajor = columnMajor(L.Name);
  Value *Ld = L.CI.arg_size() > 1 + Regs ? L.arg(1 + Regs)
                                         : B.getInt32(ColMajor ? Layout.M : Layout.N);
  SmallVector<Value *, 8> Elems;
  for (unsigned I = 0; I < Regs; ++I)
    appendElements(B, L.arg(1 + I), Bits, Elems);
  Value *Lane = WarpBuilder(B, L.T).lane32();
  for (unsigned S = 0; S < Layout.SlotsC; ++S) {
    MatrixPosition P = Layout.Position(B, MatrixOperand::C, Lane, S);
    Value *Addr = elementAddress(B, Elem, L.arg(0), P, Ld, ColMajor);
    B.CreateAlignedStore(Elems[S], Addr, Align(Elem->getPrimitiveSizeInBits() / 8));
  }
  return nullptr;
}

/// llvm.nvvm.wmma.m16n16k16.mma.{row,col}.{row,col}.{D.C | bf16 | s8 | u8}
/// (Arg 1: .satfinite of s8/u8): the memory layouts were applied by the
/// loads, the fragments are the target's.
Value *lowerWmmaMma(IntrinsicLowering &L, int Saturate) {
  const MatrixInput In = inputOf(L.Name);
  const unsigned Regs = In == MatrixInput::F16                               ? 8
                        : In == MatrixInput::BF16 || In == MatrixInput::TF32 ? 4
                                                                             : 2;
  MmaOperands O = mmaOperands(L, In, Regs, Regs);
  WarpMatrixLayout Layout = wmmaLayout(L.T, In);
  if (O.A.size() != Layout.SlotsA || O.C.size() != Layout.SlotsC)
    return L.fail("unexpected fragment type");
  Function *F =
      wmmaHelper(L.module(), L.T, In, Saturate, manyProducts(*L.B.GetInsertBlock()->getParent()));
  IRBuilder<> &B = L.B;
  return mmaResult(L, B.CreateCall(F, {vectorOf(B, O.A), vectorOf(B, O.B), vectorOf(B, O.C)}));
}

/// llvm.nvvm.wmma.{m32n8k16,m8n32k16}.mma.{row,col}.{row,col}.{D.C | bf16}:
/// FMAs across the warp on every target
/// (`__ferry_wmma_<shape>_<type>_fma_*`).
Value *lowerTallWideMma(IntrinsicLowering &L, int) {
  const bool Tall = L.Name.starts_with("llvm.nvvm.wmma.m32n8k16.");
  const MatrixInput In = inputOf(L.Name);
  const bool BF16 = In == MatrixInput::BF16;
  WarpMatrixLayout Layout = tallWideLayout(Tall, BF16);
  // 16-bit elements, two per register.
  MmaOperands O = mmaOperands(L, In, Layout.SlotsA / 2, Layout.SlotsB / 2);
  if (O.A.size() != Layout.SlotsA || O.B.size() != Layout.SlotsB || O.C.size() != Layout.SlotsC)
    return L.fail("unexpected fragment type");
  LLVMContext &Ctx = L.ctx();
  const TranslateTarget &T = L.T;
  Type *Elem = inputType(Ctx, In);
  Type *AT = FixedVectorType::get(Elem, Layout.SlotsA);
  Type *BT = FixedVectorType::get(Elem, Layout.SlotsB);
  Type *CT = FixedVectorType::get(Type::getFloatTy(Ctx), Layout.SlotsC);
  std::string Name = (Twine("__ferry_wmma_") + (Tall ? "m32n8k16_" : "m8n32k16_") +
                      InputNames[int(In)] + "_fma" + (T.isWave64() ? "_emu32" : "_w32"))
                         .str();
  Function *F = getOrCreateHelper(
      L.module(), Name, FunctionType::get(CT, {AT, BT, CT}, false), /*Convergent=*/true,
      [&](Function &H) {
        IRBuilder<> B(BasicBlock::Create(Ctx, "entry", &H));
        SmallVector<Value *, 8> D =
            warpProductFMA(B, T, Layout, elementsOf(B, H.getArg(0)), elementsOf(B, H.getArg(1)),
                           elementsOf(B, H.getArg(2)));
        B.CreateRet(vectorOf(B, D));
      });
  IRBuilder<> &B = L.B;
  return mmaResult(L, B.CreateCall(F, {vectorOf(B, O.A), vectorOf(B, O.B), vectorOf(B, O.C)}));
}

/// llvm.nvvm.wmma.m8n8k4.mma.{row,col}.{row,col}[.rn].f64: f64 FMAs across
/// the warp (`__ferry_dmma_m8n8k4_f64_*`), k ascending.
Value *lowerDmma(IntrinsicLowering &L, int) {
  if (L.CI.arg_size() != 4)
    return L.fail("unexpected fragment type");
  LLVMContext &Ctx = L.ctx();
  const TranslateTarget &T = L.T;
  Type *F64 = Type::getDoubleTy(Ctx);
  Type *One = FixedVectorType::get(F64, 1), *Two = FixedVectorType::get(F64, 2);
  Function *F = getOrCreateHelper(
      L.module(), T.isWave64() ? "__ferry_dmma_m8n8k4_f64_emu32" : "__ferry_dmma_m8n8k4_f64_w32",
      FunctionType::get(Two, {One, One, Two}, false), /*Convergent=*/true, [&](Function &H) {
        IRBuilder<> B(BasicBlock::Create(Ctx, "entry", &H));
        SmallVector<Value *, 8> D =
            warpProductFMA(B, T, dmmaLayout(), elementsOf(B, H.getArg(0)),
                           elementsOf(B, H.getArg(1)), elementsOf(B, H.getArg(2)));
        B.CreateRet(vectorOf(B, D));
      });
  IRBuilder<> &B = L.B;
  Value *D = B.CreateCall(F, {vectorOf(B, {L.arg(0)}), vectorOf(B, {L.arg(1)}),
                              vectorOf(B, {L.arg(2), L.arg(3)})});
  return packFragment(B, cast<StructType>(L.retType()), elementsOf(B, D));
}

/// llvm.nvvm.mma.m16n8k{16,8}.row.col.{D.C | bf16} (Arg: K): A K/4
/// registers, B K/8, C 4 floats or 2 half pairs, in the PTX ISA's fragment
/// layout; llvm.nvvm.mma.m16n8k{8,4}.row.col.tf32: A K/2 registers, B K/4,
/// one element each.
Value *lowerMmaSync(IntrinsicLowering &L, int K) {
  const MatrixInput In = inputOf(L.Name);
  const bool TF32 = In == MatrixInput::TF32;
  MmaOperands O = mmaOperands(L, In, TF32 ? K / 2 : K / 4, TF32 ? K / 4 : K / 8);
  WarpMatrixLayout Layout = mmaSyncLayout(K, TF32);
  if (O.A.size() != Layout.SlotsA || O.B.size() != Layout.SlotsB || O.C.size() != Layout.SlotsC)
    return L.fail("unexpected fragment type");
  Function *F =
      mmaSyncHelper(L.module(), L.T, In, K, manyProducts(*L.B.GetInsertBlock()->getParent()));
  IRBuilder<> &B = L.B;
  return mmaResult(L, B.CreateCall(F, {vectorOf(B, O.A), vectorOf(B, O.B), vectorOf(B, O.C)}));
}

} // namespace ferry

namespace ferry {

/// llvm.nvvm.wmma.* and llvm.nvvm.mma.* outside the table: the error names
/// the shape, the types, the qualifiers and the target.
Value *diagnoseMatrixShape(IntrinsicLowering &L, int) {
  const bool Wmma = L.Name.starts_with("llvm.nvvm.wmma.");
  SmallVector<StringRef, 12> Words;
  L.Name.split(Words, '.');
  StringRef Shape = "(none)";
  std::string Types, Qualifiers;
  for (StringRef W : ArrayRef<StringRef>(Words).drop_front(3)) {
    if (W.size() > 1 && W[0] == 'm' && isDigit(W[1]))
      Shape = W;
    else if (is_contained(
                 {"f16", "bf16", "tf32", "f32", "f64", "s8", "u8", "s4", "u4", "b1", "s32"}, W))
      Types += "." + W.str();
    else if (is_contained({"satfinite", "rn", "rz", "rm", "rp", "popc", "and", "xor"}, W))
      Qualifiers += " ." + W.str();
  }
  return L.fail(Twine(Wmma ? "WMMA" : "mma.sync") + " shape " + Shape + " with types " +
                (Types.empty() ? std::string("(none)") : Types) +
                (Qualifiers.empty() ? "" : " and" + Qualifiers) + " has no translation for " +
                L.T.Processor + " (translated: " +
                (Wmma ? "m16n16k16 with f16 or bf16 inputs and f32 or f16 accumulators, or s8/u8 "
                        "inputs and s32 accumulators; m16n16k8 with tf32 inputs and f32 "
                        "accumulators; m32n8k16 and m8n32k16 with f16 or bf16 inputs; m8n8k4 "
                        "f64 in .rn"
                      : "m16n8k16 and m16n8k8 .row.col with f16 or bf16 inputs and f32 or f16 "
                        "accumulators; m16n8k8 and m16n8k4 .row.col with tf32 inputs and f32 "
                        "accumulators") +
                ")");
}

} // namespace ferry
