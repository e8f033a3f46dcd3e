//===- MatrixMoves.cpp - ldmatrix and stmatrix onto shuffles and LDS ------===//
///
/// \file
/// Handlers of the ldmatrix and stmatrix rows (map §9): the warp moves one,
/// two or four 8x8 matrices of 16-bit elements between shared memory and
/// the mma.sync fragment layout. Lane 8m + r supplies the address of row r
/// of matrix m; afterwards lane t holds in register m the elements
/// (t / 4, 2 (t % 4)) (low half) and (t / 4, 2 (t % 4) + 1) of matrix m, or
/// with .trans the elements (2 (t % 4), t / 4) and (2 (t % 4) + 1, t / 4).
/// stmatrix stores the same registers to the same places.
///
/// AMDGPU has no such instruction: each lane reads the row addresses it
/// needs from the lanes that hold them (ds.bpermute within the CUDA warp,
/// WarpBuilder) and loads or stores its own 32-bit word (two 16-bit halves
/// with .trans) in LDS. The addresses travel as 32-bit differences from
/// the lane's own address (rows of shared memory are less than 2 GiB
/// apart), so that the result is an offset from a pointer the lane already
/// holds, exact wherever pointers are wider than LDS addresses.
///
//===----------------------------------------------------------------------===//
#include "IntrinsicLowering.h"
#include "WarpBuilder.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace ferry {

namespace {

/// One ldmatrix / stmatrix form, read from its intrinsic name.
struct MatrixMove {
  unsigned Count = 0; ///< matrices: 1, 2 or 4
  bool Transposed = false;
};

/// "llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16[.p3]" -> {4, true};
/// std::nullopt for shapes and types other than m8n8 and b16.
std::optional<MatrixMove> parseMove(StringRef Name) {
  SmallVector<StringRef, 10> Words;
  Name.split(Words, '.');
  // llvm nvvm {ld,st}matrix sync aligned m8n8 xN [trans] b16 [pN]
  if (Words.size() < 8 || Words[3] != "sync" || Words[4] != "aligned" ||
      Words[5] != "m8n8")
    return std::nullopt;
  MatrixMove Move;
  if (Words[6] == "x1" || Words[6] == "x2" || Words[6] == "x4")
    Move.Count = Words[6][1] - '0';
  else
    return std::nullopt;
  size_t I = 7;
  if (Words[I] == "trans") {
    Move.Transposed = true;
    ++I;
  }
  if (I >= Words.size() || Words[I] != "b16")
    return std::nullopt;
  ++I;
  // The pointer type's mangling, if any.
  if (I + 1 == Words.size() && Words[I].size() > 1 && Words[I][0] == 'p' &&
      all_of(Words[I].drop_front(), isDigit))
    ++I;
  if (I != Words.size())
    return std::nullopt;
  return Move;
}

/// Each lane's view of the warp's rows: the address of row \p Row of
/// matrix \p Matrix, read from lane 8 Matrix + Row.
class RowAddresses {
public:
  RowAddresses(IRBuilder<> &B, const TranslateTarget &T, Value *Ptr)
      : B(B), W(B, T), Ptr(Ptr),
        Own(B.CreatePtrToInt(Ptr, B.getInt32Ty(), "ldm.own")) {}

  Value *row(unsigned Matrix, Value *Row) {
    Value *Src = Matrix ? B.CreateOr(Row, 8 * Matrix) : Row;
    Value *Theirs = W.readLane32(Src, Own);
    return B.CreateGEP(B.getInt8Ty(), Ptr, B.CreateSub(Theirs, Own), "ldm.row");
  }

private:
  IRBuilder<> &B;
  WarpBuilder W;
  Value *Ptr;
  Value *Own; ///< the low 32 bits of this lane's address
};

/// Why ldmatrix / stmatrix \p Op (\p Move read from its name, std::nullopt
/// if it could not be) with address space \p AS cannot be translated; ""
/// if it can.
std::string refusal(const CallInst &CI, StringRef Op,
                    const std::optional<MatrixMove> &Move, unsigned AS,
                    bool Store) {
  if (!Move)
    return (Op + " forms other than m8n8.x1, .x2 and .x4 of .b16 (with or "
                 "without .trans) have no AMDGPU translation")
        .str();
  if (AS != 0 && AS != 3)
    return (Op + " addresses shared memory; address space " + Twine(AS) +
            " has no translation")
        .str();
  if (Store && (CI.arg_size() != 1 + Move->Count ||
                any_of(drop_begin(CI.args()), [](const Use &A) {
                  return !A->getType()->isIntegerTy(32);
                })))
    return (Op + ".x" + Twine(Move->Count) + " takes an address and " +
            Twine(Move->Count) + " i32 registers")
        .str();
  return "";
}

/// This lane's register of each matrix, loaded from or stored to LDS.
/// Lane t's elements lie, without .trans, in row t / 4, columns 2 (t % 4)
/// and 2 (t % 4) + 1 (one 32-bit word at byte 4 (t % 4)); with .trans, in
/// rows 2 (t % 4) and 2 (t % 4) + 1, column t / 4 (byte 2 (t / 4)).
class LaneMoves {
public:
  LaneMoves(IRBuilder<> &B, const TranslateTarget &T, Value *Ptr,
            bool Transposed)
      : B(B), Transposed(Transposed), Lane(WarpBuilder(B, T).lane32()),
        Quad(B.CreateAnd(Lane, 3)), Group(B.CreateLShr(Lane, 2)),
        Rows(B, T, Ptr) {
    if (Transposed) {
      First = B.CreateShl(Quad, 1);
      Second = B.CreateOr(First, 1);
      Offset = B.CreateShl(Group, 1);
    } else {
      WordOffset = B.CreateShl(Quad, 2);
    }
  }

  /// Loads this lane's register of matrix \p M, or stores \p Reg there
  /// (then returns null).
  Value *move(unsigned M, Value *Reg) {
    return Transposed ? moveHalves(M, Reg) : moveWord(M, Reg);
  }

private:
  IRBuilder<> &B;
  const bool Transposed;
  Value *Lane, *Quad, *Group; ///< t, t % 4, t / 4
  RowAddresses Rows;
  Value *WordOffset = nullptr;                                  ///< 4 (t % 4)
  Value *First = nullptr, *Second = nullptr, *Offset = nullptr; ///< .trans

  /// Without .trans: one 32-bit word.
  Value *moveWord(unsigned M, Value *Reg) {
    Value *Word = B.CreateGEP(B.getInt8Ty(), Rows.row(M, Group), WordOffset);
    if (Reg) {
      B.CreateAlignedStore(Reg, Word, Align(4));
      return nullptr;
    }
    return B.CreateAlignedLoad(B.getInt32Ty(), Word, Align(4));
  }

  /// With .trans: two 16-bit halves in two rows, the low half in the
  /// first.
  Value *moveHalves(unsigned M, Value *Reg) {
    Type *I16 = B.getInt16Ty(), *I32 = B.getInt32Ty();
    Value *Lo = B.CreateGEP(B.getInt8Ty(), Rows.row(M, First), Offset);
    Value *Hi = B.CreateGEP(B.getInt8Ty(), Rows.row(M, Second), Offset);
    if (Reg) {
      B.CreateAlignedStore(B.CreateTrunc(Reg, I16), Lo, Align(2));
      B.CreateAlignedStore(B.CreateTrunc(B.CreateLShr(Reg, 16), I16), Hi,
                           Align(2));
      return nullptr;
    }
    Value *LoBits = B.CreateZExt(B.CreateAlignedLoad(I16, Lo, Align(2)), I32);
    Value *HiBits = B.CreateZExt(B.CreateAlignedLoad(I16, Hi, Align(2)), I32);
    return B.CreateOr(LoBits, B.CreateShl(HiBits, 16));
  }
};

/// The loaded \p Registers as ldmatrix returns them (\p RetTy): one i32
/// or a struct of them.
Value *packRegisters(IRBuilder<> &B, Type *RetTy, ArrayRef<Value *> Registers) {
  if (!RetTy->isStructTy())
    return Registers.front();
  Value *R = PoisonValue::get(RetTy);
  for (unsigned M = 0; M < Registers.size(); ++M)
    R = B.CreateInsertValue(R, Registers[M], M);
  return R;
}

} // namespace

/// llvm.nvvm.ldmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].b16 (Arg 0) and
/// llvm.nvvm.stmatrix.* of the same forms (Arg 1: the registers follow the
/// address).
Value *lowerMatrixMove(IntrinsicLowering &L, int Store) {
  const StringRef Op = Store ? "stmatrix" : "ldmatrix";
  std::optional<MatrixMove> Move =
      parseMove(L.CI.getCalledFunction()->getName());
  Value *Ptr = Move ? L.arg(0) : nullptr;
  const unsigned AS = Ptr ? Ptr->getType()->getPointerAddressSpace() : 0;
  if (std::string Why = refusal(L.CI, Op, Move, AS, Store); !Why.empty())
    return L.fail(Why);
  IRBuilder<> &B = L.B;
  // A generic address must point into shared memory (PTX ISA): LDS.
  if (AS == 0)
    Ptr = B.CreateAddrSpaceCast(Ptr, B.getPtrTy(3));
  LaneMoves Moves(B, L.T, Ptr, Move->Transposed);
  SmallVector<Value *, 4> Registers;
  for (unsigned M = 0; M < Move->Count; ++M)
    Registers.push_back(Moves.move(M, Store ? L.arg(1 + M) : nullptr));
  if (Store)
    return nullptr;
  return packRegisters(B, L.retType(), Registers);
}

} // namespace ferry
