//===- Matrix.cpp - Warp and wave matrix operations, modelled -------------===//
///
/// \file
/// See Matrix.h. Every operand is gathered into a row-major f32 matrix from
/// the lanes' buffers through the layout of its dialect, the product is
/// computed once, and D is scattered back through D's layout.
///
//===----------------------------------------------------------------------===//
#include "Matrix.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <deque>
#include <functional>
#include <mutex>

namespace ferry {
namespace emu {

namespace {

std::mutex OpsMutex;
std::deque<MatrixOp> &ops() {
  static std::deque<MatrixOp> Ops; // deque: references stay valid
  return Ops;
}

unsigned elemBytes(MatrixElem E) {
  switch (E) {
  case MatrixElem::F64:
    return 8;
  case MatrixElem::F32:
  case MatrixElem::S32:
  case MatrixElem::TF32:
    return 4;
  case MatrixElem::S8:
  case MatrixElem::U8:
    return 1;
  default:
    return 2;
  }
}

bool isInteger(MatrixElem E) {
  return E == MatrixElem::S8 || E == MatrixElem::U8 || E == MatrixElem::S32;
}

/// An element's value (integers are exact in a double).
double readElem(MatrixElem E, const uint8_t *P) {
  if (E == MatrixElem::F64) {
    double D;
    std::memcpy(&D, P, 8);
    return D;
  }
  if (E == MatrixElem::F32) {
    float F;
    std::memcpy(&F, P, 4);
    return F;
  }
  if (E == MatrixElem::TF32) { // the top 19 bits
    uint32_t Bits;
    std::memcpy(&Bits, P, 4);
    Bits &= 0xFFFFE000u;
    float F;
    std::memcpy(&F, &Bits, 4);
    return F;
  }
  if (E == MatrixElem::S32) {
    int32_t I;
    std::memcpy(&I, P, 4);
    return I;
  }
  if (E == MatrixElem::S8)
    return int8_t(*P);
  if (E == MatrixElem::U8)
    return *P;
  uint16_t H;
  std::memcpy(&H, P, 2);
  if (E == MatrixElem::BF16) {
    const uint32_t Bits = uint32_t(H) << 16;
    float F;
    std::memcpy(&F, &Bits, 4);
    return F;
  }
  _Float16 X;
  std::memcpy(&X, &H, 2);
  return float(X);
}

void writeElem(MatrixElem E, double V, uint8_t *P) {
  if (E == MatrixElem::F64) {
    std::memcpy(P, &V, 8);
    return;
  }
  if (E == MatrixElem::S32) {
    // The exact sum modulo 2^32.
    const int32_t I = int32_t(uint32_t(uint64_t(int64_t(V))));
    std::memcpy(P, &I, 4);
    return;
  }
  const float F = float(V);
  if (E == MatrixElem::F32) {
    std::memcpy(P, &F, 4);
    return;
  }
  // Products are only rounded to f16 (the translation rounds the same way).
  const _Float16 X = _Float16(F);
  std::memcpy(P, &X, 2);
}

/// A row-major matrix of f32 values or integers, held in doubles.
struct Matrix {
  unsigned Rows, Cols;
  std::vector<double> V;
  Matrix(unsigned R, unsigned C) : Rows(R), Cols(C), V(size_t(R) * C, 0.0) {}
  double &at(unsigned R, unsigned C) { return V[size_t(R) * Cols + C]; }
};

/// Where slot S of lane L of an operand is: (row, col).
using Layout = std::function<std::pair<unsigned, unsigned>(unsigned L, unsigned S)>;

/// The NVVM WMMA reference layout (Matrix.h).
Layout referenceLayout(unsigned Rows, unsigned Cols, unsigned Slots) {
  return [=](unsigned L, unsigned S) {
    const unsigned E = (L * Slots + S) % (Rows * Cols);
    return std::make_pair(E / Cols, E % Cols);
  };
}

/// PTX ISA, mma.m16n8k16 fragments (g = lane / 4, t = lane % 4); those of
/// mma.m16n8k8 are their first half in k.
std::pair<unsigned, unsigned> mmaSyncA(unsigned L, unsigned S) {
  return {L / 4 + 8 * ((S / 2) % 2), 2 * (L % 4) + (S & 1) + 8 * (S / 4)};
}
std::pair<unsigned, unsigned> mmaSyncB(unsigned L, unsigned S) {
  return {2 * (L % 4) + (S & 1) + 8 * (S / 2), L / 4};
}
std::pair<unsigned, unsigned> mmaSyncC(unsigned L, unsigned S) {
  return {L / 4 + 8 * (S / 2), 2 * (L % 4) + (S & 1)};
}

/// PTX ISA, mma.m16n8k8 with .tf32 (one element per register); m16n8k4's
/// are their first half in k.
std::pair<unsigned, unsigned> mmaSyncTF32A(unsigned L, unsigned S) {
  return {L / 4 + 8 * (S % 2), L % 4 + 4 * (S / 2)};
}
std::pair<unsigned, unsigned> mmaSyncTF32B(unsigned L, unsigned S) {
  return {L % 4 + 4 * S, L / 4};
}

/// CDNA3 ISA, v_mfma_f32_16x16x16: A[L%16][4(L/16)+q], B[4(L/16)+q][L%16],
/// D[4(L/16)+q][L%16].
std::pair<unsigned, unsigned> mfmaA(unsigned L, unsigned Q) { return {L % 16, 4 * (L / 16) + Q}; }
std::pair<unsigned, unsigned> mfmaB(unsigned L, unsigned Q) { return {4 * (L / 16) + Q, L % 16}; }
std::pair<unsigned, unsigned> mfmaC(unsigned L, unsigned Q) { return {4 * (L / 16) + Q, L % 16}; }

/// CDNA3 ISA, v_mfma_f32_16x16x8_xf32: A[L%16][2(L/16)+q], B[2(L/16)+q][L%16]
/// (q < 2), D as above.
std::pair<unsigned, unsigned> mfmaA2(unsigned L, unsigned Q) { return {L % 16, 2 * (L / 16) + Q}; }
std::pair<unsigned, unsigned> mfmaB2(unsigned L, unsigned Q) { return {2 * (L / 16) + Q, L % 16}; }

/// CDNA3 ISA, v_mfma_i32_16x16x32_i8: A[L%16][8(L/16)+q], B[8(L/16)+q][L%16]
/// (q < 8), D as above.
std::pair<unsigned, unsigned> mfmaA8(unsigned L, unsigned Q) { return {L % 16, 8 * (L / 16) + Q}; }
std::pair<unsigned, unsigned> mfmaB8(unsigned L, unsigned Q) { return {8 * (L / 16) + Q, L % 16}; }

/// RDNA3 ISA, v_wmma_f32_16x16x16 (wave32): A[L%16][s] and B[s][L%16] in
/// both half-waves alike, D[2s + L/16][L%16].
std::pair<unsigned, unsigned> wmmaA(unsigned L, unsigned S) { return {L % 16, S}; }
std::pair<unsigned, unsigned> wmmaB(unsigned L, unsigned S) { return {S, L % 16}; }
std::pair<unsigned, unsigned> wmmaC(unsigned L, unsigned S) { return {2 * S + L / 16, L % 16}; }

struct Operand {
  Matrix &X;
  MatrixElem Elem;
  unsigned Slots;
  Layout Where;
  size_t Offset; ///< in each lane's buffer
};

void gather(Operand O, const std::vector<const uint8_t *> &In) {
  for (unsigned L = 0; L < In.size(); ++L)
    if (In[L])
      for (unsigned S = 0; S < O.Slots; ++S) {
        auto [R, C] = O.Where(L, S);
        O.X.at(R, C) = readElem(O.Elem, In[L] + O.Offset + S * elemBytes(O.Elem));
      }
}

/// For WMMA: the half-waves must hold the same A and B (the ISA reads one).
std::string checkReplicated(const char *What, size_t Bytes, size_t Offset,
                            const std::vector<const uint8_t *> &In) {
  for (unsigned L = 0; L < 16; ++L)
    if (std::memcmp(In[L] + Offset, In[L + 16] + Offset, Bytes) != 0)
      return std::string("v_wmma operand ") + What + " differs between lanes " +
             std::to_string(L) + " and " + std::to_string(L + 16) +
             " (the half-waves must hold the same rows)";
  return "";
}

bool startsWith(const std::string &Name, const char *Prefix) {
  return Name.rfind(Prefix, 0) == 0;
}
bool contains(const std::string &Name, const char *Part) {
  return Name.find(Part) != std::string::npos;
}

/// ldmatrix / stmatrix: `...m8n8.xN[.trans].b16[.pAS]`.
bool parseMatrixMove(const std::string &Name, MatrixOp &Op) {
  const char *Rest =
      Name.c_str() + std::strlen("llvm.nvvm.ldmatrix.sync.aligned.m8n8.x");
  if (*Rest != '1' && *Rest != '2' && *Rest != '4')
    return false;
  Op.Kind = startsWith(Name, "llvm.nvvm.ld") ? MatrixKind::LdMatrix
                                             : MatrixKind::StMatrix;
  Op.Matrices = unsigned(*Rest - '0');
  Op.Transposed = std::strncmp(Rest + 1, ".trans.", 7) == 0;
  return std::strncmp(Rest + 1 + (Op.Transposed ? 6 : 0), ".b16", 4) == 0;
}

/// NVVM's WMMA: `llvm.nvvm.wmma.mMnNkK.` and a load, store or mma with its
/// layout and element types.
bool parseWarpMatrix(const std::string &Name, MatrixOp &Op) {
  auto Has = [&](const char *P) { return contains(Name, P); };
  unsigned M, N, K;
  if (std::sscanf(Name.c_str(), "llvm.nvvm.wmma.m%un%uk%u.", &M, &N, &K) != 3)
    return false;
  Op.M = M, Op.N = N, Op.K = K;
  Op.ColMajor = Has(".col.");
  // 8-bit integer inputs accumulate in s32 (load.c and store.d say .s32).
  if (Has(".s8") || Has(".u8"))
    Op.AB = Has(".s8") ? MatrixElem::S8 : MatrixElem::U8;
  if (Has(".s8") || Has(".u8") || Has(".s32"))
    Op.C = Op.D = MatrixElem::S32;
  if (Has(".f64"))
    Op.AB = Op.C = Op.D = MatrixElem::F64;
  if (Has(".tf32"))
    Op.AB = MatrixElem::TF32;
  Op.Saturate = Has(".satfinite");
  if (const size_t P = Name.find(".load."); P != std::string::npos) {
    Op.Kind = MatrixKind::Load;
    Op.Operand = Name[P + 6];
  } else if (Has(".store.d.")) {
    Op.Kind = MatrixKind::Store;
    Op.Operand = 'd';
  } else if (Has(".mma.")) {
    Op.Kind = MatrixKind::WarpMma;
  } else {
    return false;
  }
  return true;
}

/// AMDGPU's MFMA and WMMA products Ferry's translation emits: the element
/// types, K and the registers each operand takes per lane.
bool parseAMDMatrix(const std::string &Name, MatrixOp &Op) {
  auto Starts = [&](const char *P) { return startsWith(Name, P); };
  if (Starts("llvm.amdgcn.mfma.f32.16x16x8.xf32")) {
    Op.Kind = MatrixKind::Mfma;
    Op.AB = MatrixElem::TF32;
    Op.K = 8;
    Op.SlotsA = Op.SlotsB = 2;
    Op.SlotsC = Op.SlotsD = 4;
    return true;
  }
  if (Starts("llvm.amdgcn.mfma.i32.16x16x16i8") || Starts("llvm.amdgcn.mfma.i32.16x16x32.i8")) {
    Op.Kind = MatrixKind::Mfma;
    Op.AB = MatrixElem::S8;
    Op.C = Op.D = MatrixElem::S32;
    Op.K = Starts("llvm.amdgcn.mfma.i32.16x16x32") ? 32 : 16;
    Op.SlotsA = Op.SlotsB = Op.K / 4;
    Op.SlotsC = Op.SlotsD = 4;
    return true;
  }
  if (Starts("llvm.amdgcn.wmma.i32.16x16x16.iu8")) {
    Op.Kind = MatrixKind::Wmma;
    Op.AB = MatrixElem::S8; // or U8, as the sign operands say
    Op.C = Op.D = MatrixElem::S32;
    Op.SlotsA = Op.SlotsB = 16;
    Op.SlotsC = Op.SlotsD = 8;
    return true;
  }
  if (Starts("llvm.amdgcn.mfma.f32.16x16x16")) {
    Op.Kind = MatrixKind::Mfma;
    Op.AB = contains(Name, "bf16") ? MatrixElem::BF16 : MatrixElem::F16;
    Op.SlotsA = Op.SlotsB = Op.SlotsC = Op.SlotsD = 4;
    return Starts("llvm.amdgcn.mfma.f32.16x16x16f16") ||
           Starts("llvm.amdgcn.mfma.f32.16x16x16bf16.1k");
  }
  if (Starts("llvm.amdgcn.wmma.f32.16x16x16.")) {
    Op.Kind = MatrixKind::Wmma;
    Op.AB = Starts("llvm.amdgcn.wmma.f32.16x16x16.bf16") ? MatrixElem::BF16 : MatrixElem::F16;
    Op.SlotsA = Op.SlotsB = 16;
    Op.SlotsC = Op.SlotsD = 8;
    return Starts("llvm.amdgcn.wmma.f32.16x16x16.f16") ||
           Starts("llvm.amdgcn.wmma.f32.16x16x16.bf16");
  }
  return false;
}

} // namespace

bool parseMatrixIntrinsic(const std::string &Name, MatrixOp &Op) {
  auto Starts = [&](const char *P) { return startsWith(Name, P); };
  Op = MatrixOp();
  Op.Name = Name;
  if (Starts("llvm.nvvm.ldmatrix.sync.aligned.m8n8.x") ||
      Starts("llvm.nvvm.stmatrix.sync.aligned.m8n8.x"))
    return parseMatrixMove(Name, Op);
  if (Starts("llvm.nvvm.wmma.m"))
    return parseWarpMatrix(Name, Op);
  if (Starts("llvm.nvvm.mma.m16n8k16.row.col.") ||
      Starts("llvm.nvvm.mma.m16n8k8.row.col.") ||
      Starts("llvm.nvvm.mma.m16n8k4.row.col.tf32")) {
    Op.Kind = MatrixKind::MmaSync;
    Op.N = 8;
    Op.K = Starts("llvm.nvvm.mma.m16n8k8.")   ? 8
           : Starts("llvm.nvvm.mma.m16n8k4.") ? 4
                                              : 16;
    if (contains(Name, ".tf32"))
      Op.AB = MatrixElem::TF32;
    return true;
  }
  return parseAMDMatrix(Name, Op);
}

uint32_t registerMatrixOp(const MatrixOp &Op) {
  std::lock_guard<std::mutex> Lock(OpsMutex);
  ops().push_back(Op);
  return uint32_t(ops().size() - 1);
}

const MatrixOp &matrixOp(uint32_t Id) {
  std::lock_guard<std::mutex> Lock(OpsMutex);
  return ops()[Id];
}

/// Rows and columns of operand \p Which ('a', 'b', else C/D).
static std::pair<unsigned, unsigned> shapeOf(const MatrixOp &Op, char Which) {
  if (Which == 'a')
    return {Op.M, Op.K};
  if (Which == 'b')
    return {Op.K, Op.N};
  return {Op.M, Op.N};
}

static MatrixElem elemOf(const MatrixOp &Op) {
  return Op.Operand == 'a' || Op.Operand == 'b' ? Op.AB : Op.Operand == 'c' ? Op.C : Op.D;
}

static unsigned slotsOf(const MatrixOp &Op) {
  switch (Op.Operand) {
  case 'a': return Op.SlotsA;
  case 'b': return Op.SlotsB;
  case 'c': return Op.SlotsC;
  default: return Op.SlotsD;
  }
}

void matrixLoad(const MatrixOp &Op, unsigned Lane, const uint8_t *Mem, int32_t Ld,
                uint8_t *Out) {
  auto [Rows, Cols] = shapeOf(Op, Op.Operand);
  const MatrixElem E = elemOf(Op);
  const unsigned Bytes = elemBytes(E), Slots = slotsOf(Op);
  Layout Where = referenceLayout(Rows, Cols, Slots);
  for (unsigned S = 0; S < Slots; ++S) {
    auto [R, C] = Where(Lane, S);
    const int64_t Index = Op.ColMajor ? int64_t(C) * Ld + R : int64_t(R) * Ld + C;
    std::memcpy(Out + S * Bytes, Mem + Index * Bytes, Bytes);
  }
}

void matrixStore(const MatrixOp &Op, unsigned Lane, uint8_t *Mem, int32_t Ld,
                 const uint8_t *In) {
  auto [Rows, Cols] = shapeOf(Op, 'd');
  const unsigned Bytes = elemBytes(Op.D);
  Layout Where = referenceLayout(Rows, Cols, Op.SlotsD);
  for (unsigned S = 0; S < Op.SlotsD; ++S) {
    auto [R, C] = Where(Lane, S);
    const int64_t Index = Op.ColMajor ? int64_t(C) * Ld + R : int64_t(R) * Ld + C;
    std::memcpy(Mem + Index * Bytes, In + S * Bytes, Bytes);
  }
}

std::string matrixMove(const MatrixOp &Op, unsigned WaveSize,
                       const std::vector<const uint8_t *> &In, const std::vector<uint8_t *> &Out,
                       const uint8_t *Group, size_t GroupBytes) {
  const std::string What = Op.Kind == MatrixKind::LdMatrix ? "ldmatrix" : "stmatrix";
  unsigned Present = 0;
  for (const uint8_t *P : In)
    Present += P != nullptr;
  if (WaveSize != 32 || Present != 32)
    return What + " with " + std::to_string(Present) + " of " + std::to_string(WaveSize) +
           " lanes of the warp at the call (.aligned: every lane takes part)";
  // Row r of matrix m: 8 elements of 2 bytes at the address lane 8m + r
  // holds, in the work-group's memory and 16-byte aligned (PTX ISA).
  uint8_t *Rows[4][8];
  for (unsigned M = 0; M < Op.Matrices; ++M)
    for (unsigned R = 0; R < 8; ++R) {
      uint8_t *P;
      std::memcpy(&P, In[8 * M + R], sizeof P);
      const uintptr_t At = uintptr_t(P), Begin = uintptr_t(Group);
      if (At < Begin || At + 16 > Begin + GroupBytes || (At - Begin) % 16)
        return What + ": the row address of lane " + std::to_string(8 * M + R) +
               (At < Begin || At + 16 > Begin + GroupBytes
                    ? " is outside the work-group's shared memory"
                    : " is not 16-byte aligned");
      Rows[M][R] = P;
    }
  // Lane T's register M holds the elements (T / 4, 2 (T % 4) + H) of the
  // matrix as the registers see it, H = 0 in the low half: the memory's
  // transpose with .trans.
  for (unsigned T = 0; T < 32; ++T)
    for (unsigned M = 0; M < Op.Matrices; ++M)
      for (unsigned H = 0; H < 2; ++H) {
        unsigned Row = T / 4, Col = 2 * (T % 4) + H;
        if (Op.Transposed)
          std::swap(Row, Col);
        uint8_t *Elem = Rows[M][Row] + 2 * Col;
        if (Op.Kind == MatrixKind::LdMatrix)
          std::memcpy(Out[T] + 4 * M + 2 * H, Elem, 2);
        else
          std::memcpy(Elem, In[T] + sizeof(void *) + 4 * M + 2 * H, 2);
      }
  return "";
}

/// MFMA's inputs Ferry models: broadcast controls 0, and xf32 inputs whose
/// low 13 mantissa bits are 0; or why not.
static std::string checkMfmaInputs(const MatrixOp &Op,
                                   const std::vector<const uint8_t *> &In) {
  for (const uint8_t *P : In) {
    uint32_t Mods[3];
    std::memcpy(Mods, P + Op.OffsetMods, sizeof Mods);
    if (Mods[0] || Mods[1] || Mods[2])
      return "v_mfma with broadcast controls (cbsz, abid, blgp) other than 0";
  }
  if (Op.AB == MatrixElem::TF32)
    for (unsigned L = 0; L < In.size(); ++L)
      for (int Offset : {Op.OffsetA, Op.OffsetB})
        for (unsigned Q = 0; Q < 2; ++Q) {
          uint32_t Bits;
          std::memcpy(&Bits, In[L] + Offset + 4 * Q, 4);
          if (Bits & 0x1FFFu)
            return "v_mfma_f32_16x16x8_xf32 with an input whose low 13 "
                   "mantissa bits are "
                   "not zero (lane " +
                   std::to_string(L) +
                   "): the CDNA3 ISA does not say how xf32 reads them, so they "
                   "are not "
                   "modelled";
        }
  return "";
}

/// AMDGPU's products (MFMA, WMMA): every lane of the wave takes part, and
/// the inputs are ones Ferry models; their layouts. Or why not.
static std::string amdProductLayouts(const MatrixOp &Op, unsigned WaveSize,
                                     const std::vector<const uint8_t *> &In,
                                     Layout &LA, Layout &LB, Layout &LC) {
  const bool Mfma = Op.Kind == MatrixKind::Mfma;
  const unsigned Need = Mfma ? 64 : 32;
  unsigned Present = 0;
  for (const uint8_t *P : In)
    Present += P != nullptr;
  if (WaveSize != Need || Present != Need)
    return std::string(Mfma ? "v_mfma" : "v_wmma") + " with " +
           std::to_string(Present) + " of " + std::to_string(Need) +
           " lanes active (a matrix instruction reads every lane of the wave)";
  if (Mfma) {
    LA = Op.SlotsA == 8 ? mfmaA8 : Op.SlotsA == 2 ? mfmaA2 : mfmaA;
    LB = Op.SlotsB == 8 ? mfmaB8 : Op.SlotsB == 2 ? mfmaB2 : mfmaB;
    LC = mfmaC;
    return checkMfmaInputs(Op, In);
  }
  LA = wmmaA, LB = wmmaB, LC = wmmaC;
  const size_t Bytes = 16 * elemBytes(Op.AB);
  if (std::string E = checkReplicated("A", Bytes, Op.OffsetA, In); !E.empty())
    return E;
  return checkReplicated("B", Bytes, Op.OffsetB, In);
}

/// Where the lanes' slots of A, B and C/D are for \p Op's product; or why
/// it does not run.
static std::string productLayouts(const MatrixOp &Op, unsigned WaveSize,
                                  const std::vector<const uint8_t *> &In,
                                  Layout &LA, Layout &LB, Layout &LC) {
  switch (Op.Kind) {
  case MatrixKind::WarpMma:
    LA = referenceLayout(Op.M, Op.K, Op.SlotsA);
    LB = referenceLayout(Op.K, Op.N, Op.SlotsB);
    LC = referenceLayout(Op.M, Op.N, Op.SlotsC);
    return "";
  case MatrixKind::MmaSync:
    LA = Op.AB == MatrixElem::TF32 ? mmaSyncTF32A : mmaSyncA;
    LB = Op.AB == MatrixElem::TF32 ? mmaSyncTF32B : mmaSyncB;
    LC = mmaSyncC;
    return "";
  case MatrixKind::Mfma:
  case MatrixKind::Wmma:
    return amdProductLayouts(Op, WaveSize, In, LA, LB, LC);
  default:
    return "not a matrix product";
  }
}

/// D = A * B + C as the hardware sums: integers exactly (clamped to the
/// i32 range with \p Clamp), f64 one fma per k, others one f32 fma per k,
/// k ascending.
static Matrix multiplyAccumulate(const MatrixOp &Op, Matrix &A, Matrix &B,
                                 Matrix &C, bool Clamp) {
  Matrix D(Op.M, Op.N);
  for (unsigned I = 0; I < Op.M; ++I)
    for (unsigned J = 0; J < Op.N; ++J) {
      if (isInteger(Op.C)) { // exact: |sum| < 2^53
        double Acc = C.at(I, J);
        for (unsigned K = 0; K < Op.K; ++K)
          Acc += A.at(I, K) * B.at(K, J);
        D.at(I, J) = Clamp ? std::fmin(std::fmax(Acc, double(INT32_MIN)), double(INT32_MAX)) : Acc;
        continue;
      }
      if (Op.C == MatrixElem::F64) { // one f64 fma per k, k ascending
        double Acc = C.at(I, J);
        for (unsigned K = 0; K < Op.K; ++K)
          Acc = std::fma(A.at(I, K), B.at(K, J), Acc);
        D.at(I, J) = Acc;
        continue;
      }
      float Acc = float(C.at(I, J));
      for (unsigned K = 0; K < Op.K; ++K)
        Acc = std::fma(float(A.at(I, K)), float(B.at(K, J)), Acc);
      D.at(I, J) = Acc;
    }
  return D;
}

std::string matrixProduct(const MatrixOp &Op, unsigned WaveSize,
                          const std::vector<const uint8_t *> &In,
                          const std::vector<uint8_t *> &Out) {
  Matrix A(Op.M, Op.K), B(Op.K, Op.N), C(Op.M, Op.N);
  Layout LA, LB, LC;
  if (std::string E = productLayouts(Op, WaveSize, In, LA, LB, LC); !E.empty())
    return E;
  // WMMA iu8: the sign operands (the same in every lane) say how A and B
  // read their bytes.
  MatrixElem ElemA = Op.AB, ElemB = Op.AB;
  if (Op.OffsetSignA >= 0) {
    ElemA = In[0][Op.OffsetSignA] & 1 ? MatrixElem::S8 : MatrixElem::U8;
    ElemB = In[0][Op.OffsetSignB] & 1 ? MatrixElem::S8 : MatrixElem::U8;
  }
  const bool Clamp =
      Op.Saturate || (Op.OffsetClamp >= 0 && In[0][Op.OffsetClamp] & 1);
  gather({A, ElemA, Op.SlotsA, LA, size_t(Op.OffsetA)}, In);
  gather({B, ElemB, Op.SlotsB, LB, size_t(Op.OffsetB)}, In);
  gather({C, Op.C, Op.SlotsC, LC, size_t(Op.OffsetC)}, In);
  Matrix D = multiplyAccumulate(Op, A, B, C, Clamp);
  for (unsigned L = 0; L < Out.size(); ++L)
    if (Out[L])
      for (unsigned S = 0; S < Op.SlotsD; ++S) {
        auto [R, Col] = LC(L, S);
        writeElem(Op.D, D.at(R, Col), Out[L] + S * elemBytes(Op.D));
      }
  return "";
}

} // namespace emu
} // namespace ferry
