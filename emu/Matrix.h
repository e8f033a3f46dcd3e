//===- Matrix.h - Warp and wave matrix operations, modelled ----*- C++ -*-===//
///
/// \file
/// The emulator's models of the tensor-core intrinsics of both dialects:
/// NVVM's WMMA (load, store, mma) and mma.sync, and AMDGPU's MFMA and
/// WMMA. A call becomes `__ferry_emu.matrix(site, op, in, out, mem, ld)`
/// (Program.cpp): its value operands packed in `in`, its result written to
/// `out`. Loads and stores are lane-local; products rendezvous (Op::Matrix)
/// and are computed once for all lanes of the call.
///
/// ldmatrix and stmatrix follow the PTX ISA: lane 8m + r holds the address
/// of row r of matrix m; lane t's register m holds elements (t/4, 2(t%4))
/// and (t/4, 2(t%4)+1) of matrix m, low half first (.trans: (2(t%4), t/4)
/// and (2(t%4)+1, t/4)). The whole warp must be at the call.
///
/// NVVM's WMMA fragment layout is unspecified, so the reference uses its
/// own: slot s of lane l holds element (l * slots + s) mod (rows * cols) of
/// the operand in row-major order. mma.sync has the PTX ISA's layout; MFMA
/// and WMMA the AMD ISAs' (CDNA3 and RDNA3 matrix layouts). Products
/// accumulate in f32 with one fma per k, k ascending, and round f16 results
/// once, as Ferry's translation does: both sides must agree bit for bit.
/// tf32 inputs (NVVM m16n16k8 and mma.sync m16n8k{8,4}) are read as NVIDIA's
/// tensor cores read them: the top 19 bits of the f32 (sign, exponent, 10
/// mantissa bits), the low 13 ignored. v_mfma_f32_16x16x8_xf32 is modelled
/// only for inputs whose low 13 bits are zero (the CDNA3 ISA does not say
/// how xf32 reads the others; Ferry's translation clears them first).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_EMU_MATRIX_H
#define FERRY_EMU_MATRIX_H

#include <cstdint>
#include <string>
#include <vector>

namespace ferry {
namespace emu {

enum class MatrixKind : uint8_t {
  Load,    ///< llvm.nvvm.wmma.*.load.*
  Store,   ///< llvm.nvvm.wmma.*.store.d.*
  WarpMma, ///< llvm.nvvm.wmma.*.mma.*
  MmaSync, ///< llvm.nvvm.mma.m16n8k{16,8}.*, llvm.nvvm.mma.m16n8k{8,4}.row.col.tf32
  Mfma,    ///< llvm.amdgcn.mfma.{f32.16x16x16{f16,bf16.1k},i32.16x16x{16i8,32.i8},f32.16x16x8.xf32}
  Wmma,    ///< llvm.amdgcn.wmma.{f32.16x16x16.{f16,bf16},i32.16x16x16.iu8}
  LdMatrix, ///< llvm.nvvm.ldmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].b16
  StMatrix, ///< llvm.nvvm.stmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].b16
};

/// Element types; S8/U8 inputs accumulate in S32 (modulo 2^32); TF32: f32
/// bits of which the top 19 are read.
enum class MatrixElem : uint8_t { F16, BF16, F32, S8, U8, S32, F64, TF32 };

struct MatrixOp {
  MatrixKind Kind = MatrixKind::Load;
  char Operand = 'a';    ///< loads and stores: a, b, c (d for stores)
  bool ColMajor = false; ///< loads and stores
  unsigned M = 16, N = 16, K = 16;
  MatrixElem AB = MatrixElem::F16, C = MatrixElem::F32, D = MatrixElem::F32;
  unsigned SlotsA = 0, SlotsB = 0, SlotsC = 0, SlotsD = 0; ///< per lane
  /// Byte offsets of the operands in a lane's input buffer (products); -1:
  /// absent. Mods: MFMA's cbsz, abid, blgp; SignA/SignB: WMMA iu8's flags.
  int OffsetA = 0, OffsetB = 0, OffsetC = 0, OffsetMods = -1;
  int OffsetSignA = -1, OffsetSignB = -1, OffsetClamp = -1;
  /// Integer sums clamped to the i32 range (.satfinite; WMMA iu8's clamp
  /// operand says it at run time).
  bool Saturate = false;
  /// ldmatrix / stmatrix: how many 8x8 matrices, and whether transposed.
  unsigned Matrices = 0;
  bool Transposed = false;
  std::string Name;
};

/// The NVVM or AMDGPU matrix operation \p Name is, without its types; or
/// false.
bool parseMatrixIntrinsic(const std::string &Name, MatrixOp &Op);

/// Registers \p Op for the runtime; returns its id.
uint32_t registerMatrixOp(const MatrixOp &Op);
const MatrixOp &matrixOp(uint32_t Id);

/// Lane-local WMMA load and store (reference layout).
void matrixLoad(const MatrixOp &Op, unsigned Lane, const uint8_t *Mem, int32_t Ld, uint8_t *Out);
void matrixStore(const MatrixOp &Op, unsigned Lane, uint8_t *Mem, int32_t Ld, const uint8_t *In);

/// A product over the lanes of one wave that met at the call: \p In[l] and
/// \p Out[l] are lane l's buffers, nullptr for a lane not there. Returns ""
/// or why the call is invalid (an AMD matrix instruction without the whole
/// wave, WMMA operands that differ between the half-waves).
std::string matrixProduct(const MatrixOp &Op, unsigned WaveSize,
                          const std::vector<const uint8_t *> &In,
                          const std::vector<uint8_t *> &Out);

/// ldmatrix or stmatrix for the lanes of one warp that met at the call:
/// each lane's buffer \p In[l] holds its row address (a 64-bit pointer)
/// and, for stmatrix, its registers; ldmatrix writes the registers to
/// \p Out[l]. Returns "" or why the call is invalid (lanes missing, a row
/// outside the work-group's memory [\p Group, \p Group + \p GroupBytes)
/// or not 16-byte aligned); nothing is moved then.
std::string matrixMove(const MatrixOp &Op, unsigned WaveSize,
                       const std::vector<const uint8_t *> &In, const std::vector<uint8_t *> &Out,
                       const uint8_t *Group, size_t GroupBytes);

} // namespace emu
} // namespace ferry

#endif
