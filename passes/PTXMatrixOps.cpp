//===- PTXMatrixOps.cpp - Tensor-core instructions of PTX -----------------===//
///
/// \file
/// mma.sync and wmma written as inline PTX (as libraries write them) become
/// the llvm.nvvm.mma.* / llvm.nvvm.wmma.* calls clang emits for the same
/// shapes, so they share the intrinsics' lowering onto MFMA, WMMA or FMAs
/// (MatrixOps.cpp) and the emulator's NVVM model:
///  - mma.sync.aligned.m16n8k{16,8}.row.col.D.A.B.C with A = B = f16
///    (D, C f16 or f32) or bf16 (D = C = f32), and
///    mma.sync.aligned.m16n8k{8,4}.row.col.f32.tf32.tf32.f32;
///  - wmma.load.{a,b,c}.sync.aligned.{row,col}.m16n16k16[.space].T,
///    wmma.store.d.sync.aligned.{row,col}.m16n16k16[.space].T and
///    wmma.mma.sync.aligned.{row,col}.{row,col}.m16n16k16.D.C (f16) or
///    .f32.bf16.bf16.f32, and the same of m16n16k8 with tf32 A and B
///    (.f32.tf32.tf32.f32, f32 C and D);
///  - ldmatrix and stmatrix .sync.aligned.m8n8.x{1,2,4}[.trans].b16 with
///    generic or .shared addresses (the llvm.nvvm.ldmatrix intrinsics, and
///    llvm.nvvm.stmatrix calls, MatrixMoves.cpp).
/// Other shapes and types are refused with the instruction's shape and
/// types in the message.
///
//===----------------------------------------------------------------------===//
#include "PTXTranslator.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace ferry {
namespace {

/// The first opcode word of the form m<M>n<N>k<K>, or "".
StringRef shapeOf(const PTXStatement &S) {
  for (StringRef P : ArrayRef<StringRef>(S.Parts).drop_front())
    if (P.size() > 1 && P[0] == 'm' && P.contains('n') && P.contains('k') && isDigit(P[1]))
      return P;
  return "";
}

/// The opcode words naming element types (.f16, .s32, ...), in order.
SmallVector<StringRef, 4> typesOf(const PTXStatement &S) {
  SmallVector<StringRef, 4> Types;
  for (StringRef P : ArrayRef<StringRef>(S.Parts).drop_front())
    if (is_contained({"f16", "bf16", "tf32", "f32", "f64", "s8", "u8", "s4", "u4", "b1", "s32",
                      "e4m3", "e5m2"},
                     P))
      Types.push_back(P);
  return Types;
}

std::string joined(ArrayRef<StringRef> Words) {
  std::string Out;
  for (StringRef W : Words)
    Out += "." + W.str();
  return Out;
}

/// The fragment register type of element type \p Elem (f16 pairs, bf16
/// pairs in an i32, the f32 bits of a tf32 in an i32, f32).
Type *registerType(IRBuilder<> &B, StringRef Elem) {
  if (Elem == "f16")
    return FixedVectorType::get(B.getHalfTy(), 2);
  if (Elem == "bf16" || Elem == "tf32")
    return B.getInt32Ty();
  return B.getFloatTy();
}

/// Fragment registers of an accumulator of \p Elem: 8 f32 or 4 f16 pairs
/// (m16n16k16), 4 f32 or 2 f16 pairs (m16n8k*).
unsigned accumulatorRegisters(StringRef Elem, unsigned Elements) {
  return Elem == "f16" ? Elements / 2 : Elements;
}

/// Reads the registers of vector operand \p I of \p S as \p Ty, \p Count of
/// them, into \p Out.
bool readVector(PTXTranslator &T, const PTXStatement &S, unsigned I, Type *Ty, unsigned Count,
                SmallVectorImpl<Value *> &Out) {
  if (I >= S.Operands.size() || S.Operands[I].K != PTXOperand::Vector ||
      S.Operands[I].Elements.size() != Count)
    return T.fail("operand " + Twine(I + 1) + " must be a vector of " + Twine(Count) +
                  " registers");
  for (const PTXOperand &E : S.Operands[I].Elements) {
    Value *V = T.read(E, Ty);
    if (!V)
      return false;
    Out.push_back(V);
  }
  return true;
}

/// Writes the members of struct \p R to vector operand \p I of \p S.
bool writeVector(PTXTranslator &T, const PTXStatement &S, unsigned I, Value *R) {
  auto *STy = cast<StructType>(R->getType());
  if (I >= S.Operands.size() || S.Operands[I].K != PTXOperand::Vector ||
      S.Operands[I].Elements.size() != STy->getNumElements())
    return T.fail("operand " + Twine(I + 1) + " must be a vector of " +
                  Twine(STy->getNumElements()) + " registers");
  for (unsigned E = 0; E < STy->getNumElements(); ++E)
    if (!T.write(S.Operands[I].Elements[E], T.B.CreateExtractValue(R, E)))
      return false;
  return true;
}

StructType *fragmentType(IRBuilder<> &B, Type *Reg, unsigned Count) {
  return StructType::get(B.getContext(), SmallVector<Type *, 8>(Count, Reg));
}

} // namespace

/// mma.sync.aligned.m16n8k{16,8}.row.col.D.A.B.C {d}, {a}, {b}, {c} (tf32:
/// m16n8k{8,4}, one element per register).
bool ptxMma(PTXTranslator &T, const PTXStatement &S, int) {
  IRBuilder<> &B = T.B;
  const StringRef Shape = shapeOf(S);
  SmallVector<StringRef, 4> Types = typesOf(S);
  const bool Layout = hasPart(S, "row") && hasPart(S, "col") &&
                      S.Parts.size() > 4 && !hasPart(S, "satfinite");
  const bool TF32 = Types.size() == 4 && Types[1] == "tf32";
  const bool Shaped =
      TF32 ? Shape == "m16n8k8" || Shape == "m16n8k4" : Shape == "m16n8k16" || Shape == "m16n8k8";
  const bool Typed = Types.size() == 4 && Types[1] == Types[2] &&
                     ((Types[1] == "f16" && (Types[0] == "f16" || Types[0] == "f32") &&
                       (Types[3] == "f16" || Types[3] == "f32")) ||
                      ((Types[1] == "bf16" || TF32) && Types[0] == "f32" && Types[3] == "f32"));
  if (!hasPart(S, "sync") || !Shaped || !Typed || !Layout)
    return T.fail("mma shape " + (Shape.empty() ? StringRef("(none)") : Shape) + " with types " +
                  joined(Types) +
                  " has no AMDGPU translation (translated: mma.sync.aligned.m16n8k16 and "
                  "m16n8k8 .row.col with f16 inputs and f16 or f32 accumulators, or bf16 "
                  "inputs and f32 accumulators; m16n8k8 and m16n8k4 .row.col with tf32 inputs "
                  "and f32 accumulators)");
  const unsigned K = Shape == "m16n8k16" ? 16 : Shape == "m16n8k8" ? 8 : 4;
  // Elements per A register: two 16-bit ones, or one tf32.
  const unsigned Per = TF32 ? 1 : 2;
  Type *AB = registerType(B, Types[1]), *CT = registerType(B, Types[3]),
       *DT = registerType(B, Types[0]);
  SmallVector<Value *, 16> Args;
  if (!readVector(T, S, 1, AB, K / 2 / Per, Args) || !readVector(T, S, 2, AB, K / 4 / Per, Args) ||
      !readVector(T, S, 3, CT, accumulatorRegisters(Types[3], 4), Args))
    return false;
  std::string Name = ("mma." + Shape + ".row.col." +
                      (Types[1] != "f16" ? Types[1] : StringRef((Types[0] + "." + Types[3]).str())))
                         .str();
  Value *R = T.callNVVM(Name, fragmentType(B, DT, accumulatorRegisters(Types[0], 4)), Args);
  return writeVector(T, S, 0, R);
}

namespace {

/// What a wmma opcode names: wmma.<Kind> (load, store or mma), its shape,
/// its element types, and its layouts in the order written (a's then b's
/// for mma).
struct WmmaForm {
  StringRef Kind, Shape;
  SmallVector<StringRef, 4> Types;
  SmallVector<StringRef, 2> Layouts;
  /// m16n16k8: tf32 A and B (4 registers), f32 C and D.
  bool K8 = false;
};

WmmaForm wmmaForm(const PTXStatement &S) {
  WmmaForm F;
  F.Kind = S.Parts.size() > 1 ? S.Parts[1] : "";
  F.Shape = shapeOf(S);
  F.Types = typesOf(S);
  for (StringRef P : ArrayRef<StringRef>(S.Parts).drop_front())
    if (P == "row" || P == "col")
      F.Layouts.push_back(P);
  F.K8 = F.Shape == "m16n16k8";
  return F;
}

/// Refuses \p F: its shape and types, and the forms that are translated.
bool refuseWmma(PTXTranslator &T, const WmmaForm &F) {
  return T.fail("wmma." + F.Kind + " shape " + (F.Shape.empty() ? StringRef("(none)") : F.Shape) +
                " with types " + joined(F.Types) +
                " has no AMDGPU translation (translated: wmma.load, wmma.store and wmma.mma "
                "of m16n16k16 with f16 inputs and f16 or f32 accumulators, or bf16 inputs "
                "and f32 accumulators, and of m16n16k8 with tf32 inputs and f32 "
                "accumulators)");
}

/// wmma.mma (.D.C of f16 and f32, or .f32.bf16.bf16.f32, .f32.tf32.tf32.f32
/// of m16n16k8): the llvm.nvvm.wmma.*.mma call on its fragments.
bool wmmaMma(PTXTranslator &T, const PTXStatement &S, const WmmaForm &F) {
  IRBuilder<> &B = T.B;
  ArrayRef<StringRef> Types = F.Types;
  const bool F16 = !F.K8 && Types.size() == 2 && (Types[0] == "f16" || Types[0] == "f32") &&
                   (Types[1] == "f16" || Types[1] == "f32");
  // The alternate types: bf16 (m16n16k16) or tf32 (m16n16k8).
  const StringRef Alt = F.K8 ? "tf32" : "bf16";
  const bool AltTyped = Types.size() == 4 && Types[0] == "f32" && Types[1] == Alt &&
                        Types[2] == Alt && Types[3] == "f32";
  if ((!F16 && !AltTyped) || F.Layouts.size() != 2)
    return refuseWmma(T, F);
  Type *AB = registerType(B, AltTyped ? Alt : "f16");
  const StringRef CType = AltTyped ? "f32" : Types[1], DType = Types[0];
  SmallVector<Value *, 32> Args;
  const unsigned InRegs = AltTyped ? 4 : 8;
  if (!readVector(T, S, 1, AB, InRegs, Args) || !readVector(T, S, 2, AB, InRegs, Args) ||
      !readVector(T, S, 3, registerType(B, CType), accumulatorRegisters(CType, 8), Args))
    return false;
  std::string Name = ("wmma." + F.Shape + ".mma." + F.Layouts[0] + "." + F.Layouts[1] + "." +
                      (AltTyped ? Alt : StringRef((DType + "." + CType).str())))
                         .str();
  Value *R = T.callNVVM(Name, fragmentType(B, registerType(B, DType),
                                           accumulatorRegisters(DType, 8)),
                        Args);
  return writeVector(T, S, 0, R);
}

/// wmma.load.{a,b,c} and wmma.store.d: the llvm.nvvm.wmma.*.load/store call
/// at the address (in the state space the opcode names), with the stride
/// when there is one.
bool wmmaLoadStore(PTXTranslator &T, const PTXStatement &S, const WmmaForm &F) {
  IRBuilder<> &B = T.B;
  const bool Load = F.Kind == "load", Store = F.Kind == "store";
  const StringRef Operand = S.Parts.size() > 2 ? S.Parts[2] : "";
  if ((!Load && !Store) || F.Types.size() != 1 || F.Layouts.size() != 1)
    return refuseWmma(T, F);
  const StringRef Elem = F.Types[0];
  const bool Input = Load && (Operand == "a" || Operand == "b");
  const bool Valid =
      Input ? (F.K8 ? Elem == "tf32" : Elem == "f16" || Elem == "bf16")
            : (Operand == (Load ? "c" : "d") && (Elem == "f32" || (!F.K8 && Elem == "f16")));
  if (!Valid)
    return refuseWmma(T, F);
  unsigned AS = 0;
  if (hasPart(S, "global"))
    AS = 1;
  else if (hasPart(S, "shared"))
    AS = 3;
  const unsigned AddrOp = Load ? 1 : 0, Regs = Input ? (Elem == "f16" ? 8 : 4)
                                                     : accumulatorRegisters(Elem, 8);
  Value *Ptr = AddrOp < S.Operands.size() ? T.address(S.Operands[AddrOp], AS) : nullptr;
  if (!Ptr)
    return false;
  const bool Strided = S.Operands.size() == 3;
  if (S.Operands.size() != 2 && !Strided)
    return T.fail("wmma." + F.Kind + " takes a fragment, an address and an optional stride");
  SmallVector<Value *, 12> Args{Ptr};
  if (Store && !readVector(T, S, 1, registerType(B, Elem), Regs, Args))
    return false;
  if (Strided) {
    Value *Ld = T.read(S, 2, B.getInt32Ty());
    if (!Ld)
      return false;
    Args.push_back(Ld);
  }
  std::string Name = ("wmma." + F.Shape + "." + F.Kind + "." + Operand + "." + F.Layouts[0] +
                      (Strided ? ".stride." : ".") + Elem + ".p" + Twine(AS))
                         .str();
  if (Store)
    return T.callNVVM(Name, B.getVoidTy(), Args), true;
  return writeVector(T, S, 0, T.callNVVM(Name, fragmentType(B, registerType(B, Elem), Regs), Args));
}

} // namespace

/// wmma.{load,store,mma} of m16n16k16 with f16/bf16 inputs and f16/f32
/// accumulators, and of m16n16k8 with tf32 inputs and f32 accumulators.
bool ptxWmma(PTXTranslator &T, const PTXStatement &S, int) {
  const WmmaForm F = wmmaForm(S);
  if ((F.Shape != "m16n16k16" && !F.K8) || !hasPart(S, "sync") || hasPart(S, "satfinite"))
    return refuseWmma(T, F);
  return F.Kind == "mma" ? wmmaMma(T, S, F) : wmmaLoadStore(T, S, F);
}

namespace {

/// The qualifiers of an ldmatrix or stmatrix.
struct MatrixMoveForm {
  unsigned Count = 0; ///< matrices: 1, 2 or 4
  unsigned AS = 0;    ///< generic, or shared (3)
  bool Transposed = false;
};

/// The qualifiers of ldmatrix / stmatrix \p S into \p F; false (failing
/// \p T) for a qualifier outside the translated forms or a missing one.
bool readMatrixMoveForm(PTXTranslator &T, const PTXStatement &S, MatrixMoveForm &F) {
  const StringRef Op = S.Parts[0];
  bool Sync = false, Aligned = false, Shape = false, Type16 = false;
  for (StringRef P : ArrayRef<StringRef>(S.Parts).drop_front()) {
    if (P == "sync")
      Sync = true;
    else if (P == "aligned")
      Aligned = true;
    else if (P == "m8n8")
      Shape = true;
    else if (P == "x1" || P == "x2" || P == "x4")
      F.Count = P[1] - '0';
    else if (P == "trans")
      F.Transposed = true;
    else if (P == "shared" || P == "shared::cta")
      F.AS = 3;
    else if (P == "b16")
      Type16 = true;
    else
      return T.fail(Op + " qualifier ." + P +
                    " has no AMDGPU translation (translated: " + Op +
                    ".sync.aligned.m8n8.x1, .x2 and .x4 of .b16, with or without .trans, "
                    "generic or .shared[::cta] addresses)");
  }
  if (!Sync || !Aligned || !Shape || !F.Count || !Type16)
    return T.fail(Op + " needs .sync, .aligned, the shape .m8n8, one of .x1 .x2 .x4 and "
                       "the type .b16");
  return true;
}

/// The registers of operand \p Regs: a vector's elements, or (x1) the one
/// register written without braces, kept in \p Bare.
ArrayRef<PTXOperand> matrixRegisters(const PTXOperand &Regs, SmallVectorImpl<PTXOperand> &Bare) {
  if (Regs.K == PTXOperand::Vector)
    return Regs.Elements;
  Bare.push_back(Regs);
  return Bare;
}

/// stmatrix: llvm.nvvm.\p Name storing the registers \p Elements at \p Ptr.
bool storeMatrices(PTXTranslator &T, StringRef Name, Value *Ptr, ArrayRef<PTXOperand> Elements) {
  SmallVector<Value *, 5> Args{Ptr};
  for (const PTXOperand &E : Elements) {
    Value *V = T.read(E, T.B.getInt32Ty());
    if (!V)
      return false;
    Args.push_back(V);
  }
  T.callNVVM(Name, T.B.getVoidTy(), Args);
  return true;
}

/// ldmatrix: llvm.nvvm.\p Name loading from \p Ptr, its registers written
/// to \p Elements.
bool loadMatrices(PTXTranslator &T, StringRef Name, Value *Ptr, ArrayRef<PTXOperand> Elements) {
  IRBuilder<> &B = T.B;
  Type *I32 = B.getInt32Ty();
  const unsigned Count = Elements.size();
  Value *R = T.callNVVM(Name, Count == 1 ? I32 : fragmentType(B, I32, Count), {Ptr});
  if (Count == 1)
    return T.write(Elements[0], R);
  for (unsigned E = 0; E < Count; ++E)
    if (!T.write(Elements[E], B.CreateExtractValue(R, E)))
      return false;
  return true;
}

} // namespace

/// ldmatrix.sync.aligned.m8n8.x{1,2,4}[.trans][.shared[::cta]].b16 {d}, [a]
/// (Store 0) and stmatrix of the same forms [a], {r} (Store 1): the
/// llvm.nvvm.ldmatrix intrinsics, and llvm.nvvm.stmatrix calls named as
/// later LLVMs name that intrinsic (LLVM 19 has none).
bool ptxMatrixMove(PTXTranslator &T, const PTXStatement &S, int Store) {
  const StringRef Op = S.Parts[0];
  MatrixMoveForm F;
  if (!readMatrixMoveForm(T, S, F))
    return false;
  if (S.Operands.size() != 2)
    return T.fail(Op + " takes " +
                  (Store ? "an address and registers" : "registers and an address"));
  Value *Ptr = T.address(S.Operands[Store ? 0 : 1], F.AS);
  if (!Ptr)
    return false;
  SmallVector<PTXOperand, 1> Bare;
  ArrayRef<PTXOperand> Elements = matrixRegisters(S.Operands[Store ? 1 : 0], Bare);
  if (Elements.size() != F.Count)
    return T.fail(Op + ".x" + Twine(F.Count) + " moves " + Twine(F.Count) + " registers, not " +
                  Twine(Elements.size()));
  std::string Name = (Op + ".sync.aligned.m8n8.x" + Twine(F.Count) +
                      (F.Transposed ? ".trans" : "") + ".b16.p" + Twine(F.AS))
                         .str();
  return Store ? storeMatrices(T, Name, Ptr, Elements) : loadMatrices(T, Name, Ptr, Elements);
}

} // namespace ferry
