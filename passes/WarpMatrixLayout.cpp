//===- WarpMatrixLayout.cpp - Where a warp keeps its matrix fragments -----===//
///
/// \file
/// The fragment layouts of WarpMatrixLayout.h and the product with FMAs
/// across a warp, which every layout supports.
///
//===----------------------------------------------------------------------===//
#include "WarpMatrixLayout.h"
#include "WarpBuilder.h"

#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace ferry {

namespace {

Value *mod16(IRBuilder<> &B, Value *Lane) { return B.CreateAnd(Lane, 15); }
Value *div16(IRBuilder<> &B, Value *Lane) { return B.CreateLShr(Lane, 4); }

/// gfx11 WMMA: A row l%16 / B column l%16 in every lane, f16 with all k,
/// bf16 with k 0-7 in lanes 0-15 and 8-15 in lanes 16-31; D[2s + l/16][l%16].
WarpMatrixLayout wave32Layout(bool BF16) {
  WarpMatrixLayout L;
  L.SlotsA = L.SlotsB = BF16 ? 8 : 16;
  L.SlotsC = 8;
  L.Position = [BF16](IRBuilder<> &B, MatrixOperand Op, Value *Lane, unsigned S) {
    Value *Line = mod16(B, Lane);
    if (Op == MatrixOperand::C)
      return MatrixPosition{B.CreateAdd(B.getInt32(2 * S), div16(B, Lane)), Line};
    Value *K = BF16 ? B.CreateAdd(B.getInt32(S), B.CreateShl(div16(B, Lane), 3))
                    : B.getInt32(S);
    if (Op == MatrixOperand::A)
      return MatrixPosition{Line, K};
    return MatrixPosition{K, Line};
  };
  auto Owner = [BF16](IRBuilder<> &B, Value *Line, unsigned K) {
    if (!BF16)
      return MatrixOwner{Line, K};
    return MatrixOwner{B.CreateAdd(Line, B.getInt32(16 * (K / 8))), K % 8};
  };
  L.OwnerA = [Owner](IRBuilder<> &B, Value *Row, unsigned K, unsigned) {
    return Owner(B, Row, K);
  };
  L.OwnerB = [Owner](IRBuilder<> &B, unsigned K, Value *Col, unsigned) {
    return Owner(B, Col, K);
  };
  return L;
}

/// EMU32 (MFMA 16x16x16): slot 4h+q of lane l holds the element that MFMA
/// lane 32h+l reads or writes: A[l%16][8h+4(l/16)+q], B[8h+4(l/16)+q][l%16],
/// D[8h+4(l/16)+q][l%16]. f16 A and B have 16 slots; 8-15 are unused.
WarpMatrixLayout wave64Layout(bool BF16) {
  WarpMatrixLayout L;
  L.SlotsA = L.SlotsB = BF16 ? 8 : 16;
  L.SlotsC = 8;
  L.Position = [](IRBuilder<> &B, MatrixOperand Op, Value *Lane, unsigned S) {
    if (S >= 8)
      return MatrixPosition{};
    Value *Line = mod16(B, Lane);
    Value *Deep = B.CreateAdd(B.getInt32(8 * (S / 4) + S % 4), B.CreateShl(div16(B, Lane), 2));
    if (Op == MatrixOperand::A)
      return MatrixPosition{Line, Deep};
    return MatrixPosition{Deep, Line};
  };
  auto Owner = [](IRBuilder<> &B, Value *Line, unsigned K) {
    return MatrixOwner{B.CreateAdd(Line, B.getInt32(16 * ((K % 8) / 4))), 4 * (K / 8) + K % 4};
  };
  L.OwnerA = [Owner](IRBuilder<> &B, Value *Row, unsigned K, unsigned) {
    return Owner(B, Row, K);
  };
  L.OwnerB = [Owner](IRBuilder<> &B, unsigned K, Value *Col, unsigned) {
    return Owner(B, Col, K);
  };
  return L;
}

/// m16n16k8 tf32 (WarpMatrixLayout.h): A and B with 4 slots, C and D as
/// the m16n16k16 layout of the wave size.
WarpMatrixLayout tf32Layout(bool Wave64) {
  WarpMatrixLayout L = Wave64 ? wave64Layout(true) : wave32Layout(true);
  L.K = 8;
  L.SlotsA = L.SlotsB = 4;
  L.Position = [Wave64, CD = L.Position](IRBuilder<> &B, MatrixOperand Op, Value *Lane,
                                         unsigned S) {
    if (Op == MatrixOperand::C)
      return CD(B, Op, Lane, S);
    Value *Line = mod16(B, Lane);
    // EMU32: k = 4(s/2) + 2(l/16) + s%2; wave32: k = 4(l/16) + s.
    Value *K = Wave64 ? B.CreateAdd(B.getInt32(4 * (S / 2) + S % 2), B.CreateShl(div16(B, Lane), 1))
                      : B.CreateAdd(B.getInt32(S), B.CreateShl(div16(B, Lane), 2));
    if (Op == MatrixOperand::A)
      return MatrixPosition{Line, K};
    return MatrixPosition{K, Line};
  };
  auto Owner = [Wave64](IRBuilder<> &B, Value *Line, unsigned K) {
    if (Wave64)
      return MatrixOwner{B.CreateAdd(Line, B.getInt32(16 * ((K % 4) / 2))), 2 * (K / 4) + K % 2};
    return MatrixOwner{B.CreateAdd(Line, B.getInt32(16 * (K / 4))), K % 4};
  };
  L.OwnerA = [Owner](IRBuilder<> &B, Value *Row, unsigned K, unsigned) { return Owner(B, Row, K); };
  L.OwnerB = [Owner](IRBuilder<> &B, unsigned K, Value *Col, unsigned) { return Owner(B, Col, K); };
  return L;
}

} // namespace

WarpMatrixLayout dmmaLayout() {
  WarpMatrixLayout L;
  L.M = L.N = 8;
  L.K = 4;
  L.SlotsA = L.SlotsB = 1;
  L.SlotsC = 2;
  L.Position = [](IRBuilder<> &B, MatrixOperand Op, Value *Lane, unsigned S) {
    Value *Low = B.CreateAnd(Lane, 7), *High = B.CreateLShr(Lane, 3);
    switch (Op) {
    case MatrixOperand::A:
      return MatrixPosition{Low, High};
    case MatrixOperand::B:
      return MatrixPosition{High, Low};
    case MatrixOperand::C:
      break;
    }
    return MatrixPosition{B.CreateLShr(Lane, 2),
                          B.CreateAdd(B.CreateShl(B.CreateAnd(Lane, 3), 1), B.getInt32(S))};
  };
  L.OwnerA = [](IRBuilder<> &B, Value *Row, unsigned K, unsigned) {
    return MatrixOwner{B.CreateAdd(Row, B.getInt32(8 * K)), 0};
  };
  L.OwnerB = [](IRBuilder<> &B, unsigned K, Value *Col, unsigned) {
    return MatrixOwner{B.CreateAdd(Col, B.getInt32(8 * K)), 0};
  };
  return L;
}

WarpMatrixLayout tallWideLayout(bool Tall, bool BF16) {
  WarpMatrixLayout L;
  L.M = Tall ? 32 : 8;
  L.N = Tall ? 8 : 32;
  L.K = 16;
  const unsigned Small = BF16 ? 4 : 16;
  L.SlotsA = Tall ? 16 : Small;
  L.SlotsB = Tall ? Small : 16;
  L.SlotsC = 8;
  L.Position = [Tall](IRBuilder<> &B, MatrixOperand Op, Value *Lane, unsigned S) {
    // The operand with one line per lane, and the one with four elements.
    const bool Line = Op == MatrixOperand::C || (Op == MatrixOperand::A) == Tall;
    if (Line)
      return Op == MatrixOperand::B || (Op == MatrixOperand::C && !Tall)
                 ? MatrixPosition{B.getInt32(S), Lane}
                 : MatrixPosition{Lane, B.getInt32(S)};
    if (S >= 4)
      return MatrixPosition{};
    // m32n8k16 B: [l/2][4(l%2)+s]; m8n32k16 A: [l/4][4(l%4)+s].
    Value *Major = Tall ? B.CreateLShr(Lane, 1) : B.CreateLShr(Lane, 2);
    Value *Minor = B.CreateAdd(B.CreateShl(B.CreateAnd(Lane, Tall ? 1 : 3), 2), B.getInt32(S));
    return MatrixPosition{Major, Minor};
  };
  L.OwnerA = [Tall](IRBuilder<> &B, Value *Row, unsigned K, unsigned) {
    if (Tall)
      return MatrixOwner{Row, K};
    return MatrixOwner{B.CreateAdd(B.CreateShl(Row, 2), B.getInt32(K / 4)), K % 4};
  };
  // m32n8k16 output slot S is column S: B[k][S] is in lane 2k + S/4, slot
  // S%4 for every reader.
  L.OwnerB = [Tall](IRBuilder<> &B, unsigned K, Value *Col, unsigned S) {
    if (!Tall)
      return MatrixOwner{Col, K};
    return MatrixOwner{B.getInt32(2 * K + S / 4), S % 4};
  };
  return L;
}

bool mfmaI8IsK32(const TranslateTarget &T) {
  return llvm::StringRef(T.Processor).starts_with("gfx94") || T.Processor == "gfx950";
}

WarpMatrixLayout wmmaLayout(const TranslateTarget &T, MatrixInput In) {
  if (In == MatrixInput::TF32)
    return tf32Layout(T.isWave64());
  const bool Eight = In != MatrixInput::F16;
  if (!T.isWave64())
    return wave32Layout(Eight);
  WarpMatrixLayout L = wave64Layout(Eight);
  if ((In == MatrixInput::S8 || In == MatrixInput::U8) && mfmaI8IsK32(T)) {
    // Lane l: A[l%16][8(l/16)+q], B[8(l/16)+q][l%16]; C and D unchanged.
    WarpMatrixLayout W = wave32Layout(true);
    L.Position = [Wave64 = L.Position, Wave32 = W.Position](IRBuilder<> &B, MatrixOperand Op,
                                                            Value *Lane, unsigned S) {
      return Op == MatrixOperand::C ? Wave64(B, Op, Lane, S) : Wave32(B, Op, Lane, S);
    };
    L.OwnerA = W.OwnerA;
    L.OwnerB = W.OwnerB;
  }
  return L;
}

/// PTX ISA, "Matrix Fragments for mma.m16n8k16" (groupID g = lane/4,
/// threadID_in_group t = lane%4): A slot s is row g + 8((s/2)%2), column
/// 2t + (s&1) + 8(s/4); B slot s is row 2t + (s&1) + 8(s/2), column g;
/// C/D slot s is row g + 8(s/2), column 2t + (s&1).
WarpMatrixLayout mmaSyncLayout(unsigned K, bool TF32) {
  WarpMatrixLayout L;
  L.N = 8;
  L.K = K;
  L.SlotsA = K / 2;
  L.SlotsB = K / 4;
  L.SlotsC = 4;
  L.Position = [TF32](IRBuilder<> &B, MatrixOperand Op, Value *Lane, unsigned S) {
    Value *G = B.CreateLShr(Lane, 2);
    Value *T2 = B.CreateShl(B.CreateAnd(Lane, 3), 1);
    switch (Op) {
    case MatrixOperand::A:
      if (TF32) // [g + 8(s%2)][t + 4(s/2)]
        return MatrixPosition{B.CreateAdd(G, B.getInt32(8 * (S % 2))),
                              B.CreateAdd(B.CreateAnd(Lane, 3), B.getInt32(4 * (S / 2)))};
      return MatrixPosition{B.CreateAdd(G, B.getInt32(8 * ((S / 2) % 2))),
                            B.CreateAdd(T2, B.getInt32((S & 1) + 8 * (S / 4)))};
    case MatrixOperand::B:
      if (TF32) // [t + 4s][g]
        return MatrixPosition{B.CreateAdd(B.CreateAnd(Lane, 3), B.getInt32(4 * S)), G};
      return MatrixPosition{B.CreateAdd(T2, B.getInt32((S & 1) + 8 * (S / 2))), G};
    case MatrixOperand::C:
      break;
    }
    return MatrixPosition{B.CreateAdd(G, B.getInt32(8 * (S / 2))),
                          B.CreateAdd(T2, B.getInt32(S & 1))};
  };
  if (TF32) {
    // Output slot s is on row g + 8(s/2): A (row, k) is in lane
    // 4(row%8) + k%4, slot s/2 + 2(k/4); B (k, col) in lane 4col + k%4,
    // slot k/4.
    L.OwnerA = [](IRBuilder<> &B, Value *Row, unsigned K, unsigned S) {
      Value *Lane = B.CreateAdd(B.CreateShl(B.CreateAnd(Row, 7), 2), B.getInt32(K % 4));
      return MatrixOwner{Lane, S / 2 + 2 * (K / 4)};
    };
    L.OwnerB = [](IRBuilder<> &B, unsigned K, Value *Col, unsigned) {
      return MatrixOwner{B.CreateAdd(B.CreateShl(Col, 2), B.getInt32(K % 4)), K / 4};
    };
    return L;
  }
  // Output slot s is on row g + 8(s/2): the A slot of (row, k) for that
  // reader is (k&1) + 2(s/2) + 4(k/8), the same for every lane.
  L.OwnerA = [](IRBuilder<> &B, Value *Row, unsigned K, unsigned S) {
    Value *Lane = B.CreateAdd(B.CreateShl(B.CreateAnd(Row, 7), 2), B.getInt32((K % 8) / 2));
    return MatrixOwner{Lane, (K & 1) + 2 * (S / 2) + 4 * (K / 8)};
  };
  L.OwnerB = [](IRBuilder<> &B, unsigned K, Value *Col, unsigned) {
    Value *Lane = B.CreateAdd(B.CreateShl(Col, 2), B.getInt32((K % 8) / 2));
    return MatrixOwner{Lane, (K & 1) + 2 * (K / 8)};
  };
  return L;
}

FragmentSource mmaSyncOwner(IRBuilder<> &B, MatrixOperand Op, Value *Row, Value *Col, bool TF32) {
  // A (r, k): lane 4(r%8) + (k%8)/2, slot (k&1) + 2(r/8) + 4(k/8);
  // B (k, c): lane 4c + (k%8)/2, slot (k&1) + 2(k/8);
  // C (r, c): lane 4(r%8) + c/2, slot (c&1) + 2(r/8).
  // tf32 A (r, k): lane 4(r%8) + k%4, slot r/8 + 2(k/4); B (k, c): lane
  // 4c + k%4, slot k/4.
  auto Low = [&](Value *V) { return B.CreateAnd(V, 1); };
  auto Eighth = [&](Value *V) { return B.CreateLShr(V, 3); };
  auto Group = [&](Value *Line, Value *Pair) {
    return B.CreateAdd(B.CreateShl(B.CreateAnd(Line, 7), 2),
                       B.CreateLShr(B.CreateAnd(Pair, 7), 1));
  };
  if (TF32 && Op == MatrixOperand::A)
    return {B.CreateAdd(B.CreateShl(B.CreateAnd(Row, 7), 2), B.CreateAnd(Col, 3)),
            B.CreateAdd(Eighth(Row), B.CreateShl(B.CreateLShr(Col, 2), 1))};
  if (TF32 && Op == MatrixOperand::B)
    return {B.CreateAdd(B.CreateShl(Col, 2), B.CreateAnd(Row, 3)), B.CreateLShr(Row, 2)};
  switch (Op) {
  case MatrixOperand::A:
    return {Group(Row, Col),
            B.CreateAdd(B.CreateAdd(Low(Col), B.CreateShl(Eighth(Row), 1)),
                        B.CreateShl(Eighth(Col), 2))};
  case MatrixOperand::B:
    return {Group(Col, Row), B.CreateAdd(Low(Row), B.CreateShl(Eighth(Row), 1))};
  case MatrixOperand::C:
    break;
  }
  return {Group(Row, Col), B.CreateAdd(Low(Col), B.CreateShl(Eighth(Row), 1))};
}

FragmentSource wmmaOwnerC(IRBuilder<> &B, const TranslateTarget &T, Value *Row, Value *Col) {
  if (T.isWave64()) // lane c + 16((r%8)/4), slot 4(r/8) + r%4
    return {B.CreateAdd(Col, B.CreateShl(B.CreateLShr(B.CreateAnd(Row, 7), 2), 4)),
            B.CreateAdd(B.CreateShl(B.CreateLShr(Row, 3), 2), B.CreateAnd(Row, 3))};
  // lane c + 16(r%2), slot r/2
  return {B.CreateAdd(Col, B.CreateShl(B.CreateAnd(Row, 1), 4)), B.CreateLShr(Row, 1)};
}

Value *matrixElementToFloat(IRBuilder<> &B, Value *V) {
  if (V->getType()->isFloatTy())
    return V;
  if (V->getType()->isHalfTy())
    return B.CreateFPExt(V, B.getFloatTy());
  // bf16 bits: the high half of an f32.
  return B.CreateBitCast(B.CreateShl(B.CreateZExt(V, B.getInt32Ty()), 16), B.getFloatTy());
}

Value *truncateToTF32(IRBuilder<> &B, Value *Bits) {
  return B.CreateBitCast(B.CreateAnd(Bits, B.getInt32(0xFFFFE000u)), B.getFloatTy(), "tf32");
}

/// Element \p Slot of \p Frag (8-, 16- or 32-bit elements) in lane \p Lane of
/// the warp: the 32-bit word holding it is read with one ds.bpermute.
static Value *readRawElement(IRBuilder<> &B, WarpBuilder &W, ArrayRef<Value *> Frag,
                             unsigned Slot, Value *Lane) {
  Type *Ty = Frag[Slot]->getType();
  const unsigned Bits = Ty->getPrimitiveSizeInBits(), Per = 32 / Bits;
  IntegerType *Int = B.getIntNTy(Bits);
  const unsigned First = Slot / Per * Per;
  Value *Word = nullptr;
  for (unsigned I = 0; I < Per; ++I) {
    Value *E = B.CreateZExt(B.CreateBitCast(Frag[First + I], Int), B.getInt32Ty());
    E = I ? B.CreateShl(E, I * Bits) : E;
    Word = Word ? B.CreateOr(Word, E) : E;
  }
  Value *Read = W.readLane32(Lane, Word);
  if (Slot % Per)
    Read = B.CreateLShr(Read, (Slot % Per) * Bits);
  return B.CreateBitCast(B.CreateTrunc(Read, Int), Ty);
}

/// Element \p Slot of \p Frag in lane \p Lane of the warp, as f32.
static Value *readElement(IRBuilder<> &B, WarpBuilder &W, ArrayRef<Value *> Frag,
                          unsigned Slot, Value *Lane) {
  return matrixElementToFloat(B, readRawElement(B, W, Frag, Slot, Lane));
}

SmallVector<Value *, 8> warpProductFMA(IRBuilder<> &B, const TranslateTarget &T,
                                       const WarpMatrixLayout &L, ArrayRef<Value *> A,
                                       ArrayRef<Value *> Bm, ArrayRef<Value *> C) {
  WarpBuilder W(B, T);
  Value *Lane = W.lane32();
  // f64 elements are read whole (two permutes); 16-bit ones as f32.
  const bool F64 = A[0]->getType()->isDoubleTy();
  auto Read = [&](ArrayRef<Value *> Frag, MatrixOwner O) {
    return F64 ? W.readLane(O.Lane, Frag[O.Slot]) : readElement(B, W, Frag, O.Slot, O.Lane);
  };
  SmallVector<Value *, 8> D;
  for (unsigned S = 0; S < L.SlotsC; ++S) {
    MatrixPosition P = L.Position(B, MatrixOperand::C, Lane, S);
    Value *Acc = C[S];
    for (unsigned K = 0; K < L.K; ++K) {
      Value *X = Read(A, L.OwnerA(B, P.Row, K, S));
      Value *Y = Read(Bm, L.OwnerB(B, K, P.Col, S));
      Acc = B.CreateIntrinsic(Intrinsic::fma, {Acc->getType()}, {X, Y, Acc});
    }
    D.push_back(Acc);
  }
  return D;
}

SmallVector<Value *, 8> warpProductInt(IRBuilder<> &B, const TranslateTarget &T,
                                       const WarpMatrixLayout &L, ArrayRef<Value *> A,
                                       ArrayRef<Value *> Bm, ArrayRef<Value *> C, bool Signed,
                                       bool Saturate) {
  WarpBuilder W(B, T);
  Value *Lane = W.lane32();
  Type *Acc = Saturate ? B.getInt64Ty() : B.getInt32Ty();
  auto Widen = [&](Value *E) { return Signed ? B.CreateSExt(E, Acc) : B.CreateZExt(E, Acc); };
  SmallVector<Value *, 8> D;
  for (unsigned S = 0; S < L.SlotsC; ++S) {
    MatrixPosition P = L.Position(B, MatrixOperand::C, Lane, S);
    Value *Sum = B.CreateSExt(C[S], Acc);
    for (unsigned K = 0; K < L.K; ++K) {
      MatrixOwner OA = L.OwnerA(B, P.Row, K, S);
      MatrixOwner OB = L.OwnerB(B, K, P.Col, S);
      Value *X = Widen(readRawElement(B, W, A, OA.Slot, OA.Lane));
      Value *Y = Widen(readRawElement(B, W, Bm, OB.Slot, OB.Lane));
      Sum = B.CreateAdd(Sum, B.CreateMul(X, Y));
    }
    if (Saturate) { // |sum| < 2^31 + 2^20: exact in i64
      Value *Low = B.CreateIntrinsic(Intrinsic::smax, {Acc}, {Sum, B.getInt64(INT32_MIN)});
      Value *Clamped = B.CreateIntrinsic(Intrinsic::smin, {Acc}, {Low, B.getInt64(INT32_MAX)});
      Sum = B.CreateTrunc(Clamped, B.getInt32Ty());
    }
    D.push_back(Sum);
  }
  return D;
}

} // namespace ferry
