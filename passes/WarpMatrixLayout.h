//===- WarpMatrixLayout.h - Where a warp keeps its matrix fragments -*- C++ -*-===//
///
/// \file
/// CUDA's WMMA fragments are opaque: which lane holds which element of a
/// 16x16 tile is the implementation's choice, as long as load -> mma ->
/// store computes D = A*B + C. Ferry keeps them in the layout of the
/// target's matrix instruction, so that an mma needs little or no data
/// movement (docs/translation.md, "Tensor cores"):
///  - wave32 (gfx11 WMMA): lane l holds row l%16 of A and column l%16 of B
///    (f16: all 16 k, both half-warps alike; bf16: k 0-7 in lanes 0-15 and
///    8-15 in lanes 16-31), and D[2s + l/16][l%16] in slot s;
///  - EMU32 (gfx9 MFMA 16x16x16): slot 4h+q of lane l holds element
///    A[l%16][8h + 4(l/16) + q], B[8h + 4(l/16) + q][l%16] and
///    D[8h + 4(l/16) + q][l%16]: half h of every fragment is what the MFMA
///    lane 32h+l of a wave reads or writes for this warp.
/// mma.sync (m16n8k16) fragments have the layout the PTX ISA defines.
///
/// A layout also says, for the product done with ordinary FMAs across the
/// warp's 32 lanes (`warpProductFMA`), which lane holds each element of A
/// and B; the slot it is in must not depend on the reading lane, so that
/// one ds.bpermute of that slot serves every lane.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_WARPMATRIXLAYOUT_H
#define FERRY_PASSES_WARPMATRIXLAYOUT_H

#include "FragmentRelayout.h"
#include "TranslateTarget.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"

#include <functional>

namespace ferry {

/// The element type of A and B: f16, bf16, signed or unsigned 8-bit
/// integers (with i32 accumulators), or tf32 (f32 bits of which the
/// product reads the top 19: sign, exponent and 10 mantissa bits; f32
/// accumulators; the m16n16k8 shape).
enum class MatrixInput { F16, BF16, S8, U8, TF32 };

/// The operands of D = A*B + C (C and D share a layout).
enum class MatrixOperand { A, B, C };

/// An element's (row, column) in its operand; Row == nullptr: the slot is
/// not used by the layout.
struct MatrixPosition {
  llvm::Value *Row = nullptr, *Col = nullptr;
};

/// Where element (row, k) of A or (k, col) of B is: the lane of the CUDA
/// warp holding it (a value) and its slot (a constant).
struct MatrixOwner {
  llvm::Value *Lane;
  unsigned Slot;
};

struct WarpMatrixLayout {
  unsigned M = 16, N = 16, K = 16;
  unsigned SlotsA = 0, SlotsB = 0, SlotsC = 0; ///< elements per lane
  /// Slot \p S of lane \p Lane (0..31) of operand \p Op.
  std::function<MatrixPosition(llvm::IRBuilder<> &, MatrixOperand Op,
                               llvm::Value *Lane, unsigned S)>
      Position;
  /// Element (\p Row, \p K) of A, read for output slot \p S.
  std::function<MatrixOwner(llvm::IRBuilder<> &, llvm::Value *Row, unsigned K,
                            unsigned S)>
      OwnerA;
  /// Element (\p K, \p Col) of B, read for output slot \p S.
  std::function<MatrixOwner(llvm::IRBuilder<> &, unsigned K, llvm::Value *Col,
                            unsigned S)>
      OwnerB;

  unsigned slots(MatrixOperand Op) const {
    return Op == MatrixOperand::A ? SlotsA : Op == MatrixOperand::B ? SlotsB : SlotsC;
  }
};

/// The m16n16k16 WMMA fragment layout of \p T for inputs \p In (bf16 and
/// 8-bit integers: 8 elements per lane in A and B instead of 16; 8-bit
/// integers on targets with MFMA 16x16x32 i8: A and B as the wave32
/// eight-slot layout, which that MFMA's lanes 0-31 read); for tf32 the
/// m16n16k8 layout (4 elements per lane in A and B):
///  - EMU32 (MFMA 16x16x8 xf32): slot 2h+q of lane l holds
///    A[l%16][4h + 2(l/16) + q] and B[4h + 2(l/16) + q][l%16], the element
///    MFMA lane 32h+l reads; C/D as for m16n16k16;
///  - wave32: slot s holds A[l%16][4(l/16) + s] and B[4(l/16) + s][l%16].
WarpMatrixLayout wmmaLayout(const TranslateTarget &T, MatrixInput In);

/// The m8n8k4 f64 WMMA layout (one A and one B element per lane, two of C):
/// lane l holds A[l%8][l/8], B[l/8][l%8] and C/D[l/4][2(l%4) + s].
WarpMatrixLayout dmmaLayout();

/// The m32n8k16 (\p Tall) or m8n32k16 WMMA layout of f16 or bf16 inputs
/// (every target; the product is FMAs across the warp). m32n8k16: lane l
/// holds row l of A (16 k) and of C/D (8 columns), and B[l/2][4(l%2)+s];
/// m8n32k16: column l of B and of C/D, and A[l/4][4(l%4)+s]. The small
/// operand has 4 elements per lane (an f16 fragment 16 slots, 4 used).
WarpMatrixLayout tallWideLayout(bool Tall, bool BF16);

/// Whether \p T's 8-bit integer MFMA is 16x16x32 (gfx94x, gfx950: they
/// have no 16x16x16 form).
bool mfmaI8IsK32(const TranslateTarget &T);
/// The PTX ISA's mma.m16n8k16 fragment layout (f16 and bf16 alike); with
/// \p K 8, mma.m16n8k8's, which is its first half in k. \p TF32: the
/// layout of mma.m16n8k8 (\p K 8) and m16n8k4 (\p K 4, its first half in
/// k) with tf32 inputs, one element per register: A slot s is
/// [g + 8(s%2)][t + 4(s/2)], B slot s is [t + 4s][g] (g = lane/4,
/// t = lane%4); C/D as for f16.
WarpMatrixLayout mmaSyncLayout(unsigned K = 16, bool TF32 = false);

/// Where element (\p Row, \p Col) of operand \p Op is in the mma.sync
/// layout: its lane and slot (the inverse of mmaSyncLayout's Position).
FragmentSource mmaSyncOwner(llvm::IRBuilder<> &B, MatrixOperand Op, llvm::Value *Row,
                            llvm::Value *Col, bool TF32 = false);
/// Where D[\p Row][\p Col] is in the m16n16k16 WMMA layout of \p T (C and
/// D do not depend on the element type).
FragmentSource wmmaOwnerC(llvm::IRBuilder<> &B, const TranslateTarget &T, llvm::Value *Row,
                          llvm::Value *Col);

/// D = A*B + C over this lane's CUDA warp with FMAs in f32, k ascending
/// (products of f16/bf16 values, and of tf32 values truncated to 19 bits,
/// are exact in f32): \p A and \p B hold the lane's elements (half, i16
/// bits of bf16, or float), \p C its accumulators in f32; or all in f64,
/// with FMAs in f64. Elements of other lanes are read
/// with ds.bpermute.
llvm::SmallVector<llvm::Value *, 8>
warpProductFMA(llvm::IRBuilder<> &B, const TranslateTarget &T,
               const WarpMatrixLayout &L, llvm::ArrayRef<llvm::Value *> A,
               llvm::ArrayRef<llvm::Value *> Bm, llvm::ArrayRef<llvm::Value *> C);

/// D = A*B + C over this lane's CUDA warp with integer multiply-adds: \p A
/// and \p B hold the lane's i8 elements (\p Signed or unsigned), \p C its
/// i32 accumulators; the sums wrap modulo 2^32, or with \p Saturate are
/// computed in i64 and clamped to the i32 range.
llvm::SmallVector<llvm::Value *, 8>
warpProductInt(llvm::IRBuilder<> &B, const TranslateTarget &T, const WarpMatrixLayout &L,
               llvm::ArrayRef<llvm::Value *> A, llvm::ArrayRef<llvm::Value *> Bm,
               llvm::ArrayRef<llvm::Value *> C, bool Signed, bool Saturate = false);

/// A half or the i16 bits of a bf16 as f32 (exact); a float as it is.
llvm::Value *matrixElementToFloat(llvm::IRBuilder<> &B, llvm::Value *V);

/// The tf32 value the tensor cores read from the f32 bits \p Bits (i32):
/// the top 19 bits, the low 13 mantissa bits cleared, as a float.
llvm::Value *truncateToTF32(llvm::IRBuilder<> &B, llvm::Value *Bits);

} // namespace ferry

#endif
