//===- PTXBlock.cpp - Translates small blocks of inline PTX ---------------===//
///
/// \file
/// Implementation of translatePTXBlock. Carry semantics follow the PTX ISA:
/// add.cc/addc.cc write the carry out of the 32-bit sum into CC.CF; sub.cc /
/// subc.cc write the borrow; addc/subc/madc consume it.
///
//===----------------------------------------------------------------------===//
#include "PTXBlock.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"

using namespace llvm;

namespace ferry {
namespace {

struct Statement {
  std::string Op;
  SmallVector<std::string, 4> Operands;
};

/// Removes the '{' '}' scope markers around a statement, keeping vector
/// operands such as {r0,r1}.
StringRef stripScopes(StringRef S) {
  S = S.trim();
  auto Count = [](StringRef T, char C) { return size_t(T.count(C)); };
  while (S.starts_with("{") && Count(S, '{') > Count(S, '}'))
    S = S.drop_front().trim();
  while (S.ends_with("}") && Count(S, '}') > Count(S, '{'))
    S = S.drop_back().trim();
  return S;
}

bool parse(StringRef Text, SmallVectorImpl<Statement> &Out) {
  SmallVector<StringRef, 16> Parts;
  Text.split(Parts, ';');
  for (StringRef P : Parts) {
    P = stripScopes(P);
    if (P.empty())
      continue;
    Statement S;
    size_t Space = P.find_first_of(" \t\n");
    S.Op = P.substr(0, Space).str();
    StringRef Rest = Space == StringRef::npos ? "" : P.substr(Space).trim();
    int Depth = 0;
    std::string Cur;
    for (char C : Rest) {
      if (C == '{')
        ++Depth;
      if (C == '}')
        --Depth;
      if (C == ',' && Depth == 0) {
        S.Operands.push_back(StringRef(Cur).trim().str());
        Cur.clear();
        continue;
      }
      Cur += C;
    }
    if (!StringRef(Cur).trim().empty())
      S.Operands.push_back(StringRef(Cur).trim().str());
    Out.push_back(std::move(S));
  }
  return true;
}

class Translator {
public:
  Translator(CallInst &CI, IRBuilder<> &B) : CI(CI), B(B) {}
  std::optional<Value *> run();

private:
  bool statement(const Statement &S);
  std::optional<bool> bitField(const Statement &S);
  std::optional<bool> memory(const Statement &S);
  Value *address(StringRef Operand, unsigned AddrSpace);
  Value *read(StringRef Operand, Type *Ty);
  bool write(StringRef Operand, Value *V);
  Value *carryIn() { return CF ? CF : B.getFalse(); }

  CallInst &CI;
  IRBuilder<> &B;
  unsigned NumOutputs = 0;
  StringMap<Value *> Regs;
  SmallVector<Value *, 4> Outputs;
  Value *CF = nullptr;
};

Value *Translator::read(StringRef Operand, Type *Ty) {
  Value *V = nullptr;
  if (Operand.consume_front("$")) {
    unsigned N;
    if (Operand.getAsInteger(10, N) || N < NumOutputs ||
        N - NumOutputs >= CI.arg_size())
      return nullptr;
    V = CI.getArgOperand(N - NumOutputs);
  } else if (auto It = Regs.find(Operand); It != Regs.end()) {
    V = It->second;
  } else {
    int64_t Imm;
    if (Operand.getAsInteger(0, Imm) || !Ty->isIntegerTy())
      return nullptr;
    return ConstantInt::get(Ty, Imm);
  }
  if (!V)
    return nullptr;
  if (V->getType() == Ty)
    return V;
  if (V->getType()->getPrimitiveSizeInBits() == Ty->getPrimitiveSizeInBits())
    return B.CreateBitCast(V, Ty);
  return nullptr;
}

bool Translator::write(StringRef Operand, Value *V) {
  if (Operand.consume_front("$")) {
    unsigned N;
    if (Operand.getAsInteger(10, N) || N >= NumOutputs)
      return false;
    Outputs[N] = V;
    return true;
  }
  if (!Regs.count(Operand))
    return false;
  Regs[Operand] = V;
  return true;
}

/// The width of a PTX type suffix: .u32 .s32 .b32 .f32 -> 32, ...
unsigned widthOf(StringRef Op) {
  for (unsigned W : {16u, 32u, 64u})
    if (Op.ends_with(std::to_string(W)))
      return W;
  return 0;
}

bool Translator::statement(const Statement &S) {
  StringRef Op = S.Op;
  auto &O = S.Operands;
  Type *I32 = B.getInt32Ty(), *I64 = B.getInt64Ty();
  // ".reg .u32 a, b" arrives as op ".reg" with operands ".u32 a", "b".
  if (Op == ".reg") {
    for (StringRef R : ArrayRef<std::string>(O))
      for (StringRef Name : {R.contains(' ') ? R.rsplit(' ').second : R})
        Regs[Name.trim()] = nullptr;
    return true;
  }
  // mov.b64 {lo,hi}, src  /  mov.b64 dst, {lo,hi}
  if (Op == "mov.b64" && O.size() == 2) {
    StringRef D = O[0], Src = O[1];
    if (D.starts_with("{")) {
      auto [Lo, Hi] = D.drop_front().drop_back().split(',');
      Value *V = read(Src, I64);
      if (!V)
        return false;
      return write(Lo.trim(), B.CreateTrunc(V, I32)) &&
             write(Hi.trim(), B.CreateTrunc(B.CreateLShr(V, 32), I32));
    }
    if (Src.starts_with("{")) {
      auto [Lo, Hi] = Src.drop_front().drop_back().split(',');
      Value *L = read(Lo.trim(), I32), *H = read(Hi.trim(), I32);
      if (!L || !H)
        return false;
      return write(D, B.CreateOr(B.CreateZExt(L, I64),
                                 B.CreateShl(B.CreateZExt(H, I64), 32)));
    }
    return false;
  }
  // cvta.to.<space>.u64 d, a (generic -> space) and cvta.<space>.u64 d, a.
  if (Op.starts_with("cvta.") && O.size() == 2) {
    SmallVector<StringRef, 4> P;
    Op.split(P, '.');
    const bool ToSpace = P.size() == 4 && P[1] == "to";
    StringRef Space = ToSpace ? P[2] : (P.size() == 3 ? P[1] : "");
    unsigned AS = StringSwitch<unsigned>(Space)
                      .Case("global", 1).Case("shared", 3).Case("local", 5)
                      .Case("const", 4).Default(~0u);
    if (AS == ~0u || !(Op.ends_with(".u64") || Op.ends_with(".u32")))
      return false;
    Type *IntTy = Op.ends_with(".u64") ? I64 : I32;
    Value *A = read(O[1], IntTy);
    if (!A)
      return false;
    Value *R;
    if (ToSpace) {
      Value *Flat = B.CreateIntToPtr(A, B.getPtrTy(0));
      R = B.CreatePtrToInt(B.CreateAddrSpaceCast(Flat, B.getPtrTy(AS)), IntTy);
    } else {
      Value *Specific = B.CreateIntToPtr(A, B.getPtrTy(AS));
      R = B.CreatePtrToInt(B.CreateAddrSpaceCast(Specific, B.getPtrTy(0)), IntTy);
    }
    return write(O[0], R);
  }
  // Integer arithmetic with carry, 32-bit.
  if (Op.ends_with(".u32") || Op.ends_with(".s32")) {
    StringRef Base = Op.drop_back(4);
    const bool SetsCF = Base.consume_back(".cc");
    auto Wide = [&](Value *V) { return B.CreateZExt(V, I64); };
    auto Product = [&](Value *A, Value *C) {
      return B.CreateMul(Wide(A), Wide(C));
    };
    auto Finish = [&](Value *Sum64) {
      if (SetsCF)
        CF = B.CreateICmpNE(B.CreateLShr(Sum64, 32), B.getInt64(0));
      return write(O[0], B.CreateTrunc(Sum64, I32));
    };
    if ((Base == "add" || Base == "addc" || Base == "sub" || Base == "subc") &&
        O.size() == 3) {
      Value *A = read(O[1], I32), *C = read(O[2], I32);
      if (!A || !C)
        return false;
      Value *In = B.CreateZExt(Base.ends_with("c") ? carryIn() : B.getFalse(), I64);
      Value *R = Base.starts_with("add")
                     ? B.CreateAdd(B.CreateAdd(Wide(A), Wide(C)), In)
                     : B.CreateSub(B.CreateSub(Wide(A), Wide(C)), In);
      return Finish(R); // for sub, bits 32..63 are set exactly on borrow
    }
    if ((Base == "mul.lo" || Base == "mul.hi") && O.size() == 3 && !SetsCF) {
      Value *A = read(O[1], I32), *C = read(O[2], I32);
      if (!A || !C)
        return false;
      Value *P = Op.ends_with(".s32") ? B.CreateMul(B.CreateSExt(A, I64), B.CreateSExt(C, I64))
                                      : Product(A, C);
      if (Base == "mul.hi")
        P = B.CreateLShr(P, 32);
      return write(O[0], B.CreateTrunc(P, I32));
    }
    if ((Base == "mad.lo" || Base == "mad.hi" || Base == "madc.lo" ||
         Base == "madc.hi") &&
        O.size() == 4 && Op.ends_with(".u32")) {
      Value *A = read(O[1], I32), *C = read(O[2], I32), *D = read(O[3], I32);
      if (!A || !C || !D)
        return false;
      Value *P = Product(A, C);
      Value *Half = Base.ends_with(".hi") ? B.CreateLShr(P, 32)
                                          : B.CreateAnd(P, B.getInt64(0xffffffff));
      Value *In = B.CreateZExt(Base.starts_with("madc") ? carryIn() : B.getFalse(), I64);
      return Finish(B.CreateAdd(B.CreateAdd(Half, Wide(D)), In));
    }
    if (Op == "bfind.shiftamt.u32" || Op == "bfind.u32") {
      Value *A = read(O[1], I32);
      if (!A)
        return false;
      Value *Lz = B.CreateIntrinsic(Intrinsic::ctlz, {I32}, {A, B.getFalse()});
      Value *R = Op == "bfind.u32" ? B.CreateSub(B.getInt32(31), Lz) : Lz;
      return write(O[0], B.CreateSelect(B.CreateICmpEQ(A, B.getInt32(0)),
                                        B.getInt32(-1), R));
    }
    // Other .u32/.s32 instructions (bfe, ld, atom, ...) are handled below.
  }
  // Floating point approximations.
  if (Op.starts_with("rcp.approx") || Op.starts_with("rsqrt.approx")) {
    unsigned W = widthOf(Op);
    if ((W != 32 && W != 64) || O.size() != 2)
      return false;
    Type *Ty = W == 32 ? B.getFloatTy() : B.getDoubleTy();
    Value *A = read(O[1], Ty);
    if (!A)
      return false;
    auto ID = Op.starts_with("rcp") ? Intrinsic::amdgcn_rcp : Intrinsic::amdgcn_rsq;
    return write(O[0], B.CreateIntrinsic(ID, {Ty}, {A}));
  }
  // setp.<cmp>.<type> p, a, b and selp.<type> d, a, b, p.
  if (Op.starts_with("setp.") && O.size() == 3) {
    SmallVector<StringRef, 3> P;
    Op.split(P, '.');
    if (P.size() != 3)
      return false;
    unsigned W = widthOf(P[2]);
    bool FP = P[2].starts_with("f");
    Type *Ty = FP ? (W == 64 ? B.getDoubleTy() : B.getFloatTy()) : B.getIntNTy(W);
    Value *A = read(O[1], Ty), *C = read(O[2], Ty);
    if (!A || !C)
      return false;
    std::optional<CmpInst::Predicate> Pred;
    if (FP)
      Pred = StringSwitch<std::optional<CmpInst::Predicate>>(P[1])
                 .Case("eq", CmpInst::FCMP_OEQ).Case("ne", CmpInst::FCMP_ONE)
                 .Case("lt", CmpInst::FCMP_OLT).Case("le", CmpInst::FCMP_OLE)
                 .Case("gt", CmpInst::FCMP_OGT).Case("ge", CmpInst::FCMP_OGE)
                 .Case("equ", CmpInst::FCMP_UEQ).Case("neu", CmpInst::FCMP_UNE)
                 .Case("ltu", CmpInst::FCMP_ULT).Case("leu", CmpInst::FCMP_ULE)
                 .Case("gtu", CmpInst::FCMP_UGT).Case("geu", CmpInst::FCMP_UGE)
                 .Case("num", CmpInst::FCMP_ORD).Case("nan", CmpInst::FCMP_UNO)
                 .Default(std::nullopt);
    else
      Pred = StringSwitch<std::optional<CmpInst::Predicate>>(P[1])
                 .Case("eq", CmpInst::ICMP_EQ).Case("ne", CmpInst::ICMP_NE)
                 .Case("lt", P[2].starts_with("s") ? CmpInst::ICMP_SLT : CmpInst::ICMP_ULT)
                 .Case("le", P[2].starts_with("s") ? CmpInst::ICMP_SLE : CmpInst::ICMP_ULE)
                 .Case("gt", P[2].starts_with("s") ? CmpInst::ICMP_SGT : CmpInst::ICMP_UGT)
                 .Case("ge", P[2].starts_with("s") ? CmpInst::ICMP_SGE : CmpInst::ICMP_UGE)
                 .Default(std::nullopt);
    if (!Pred)
      return false;
    return write(O[0], FP ? B.CreateFCmp(*Pred, A, C) : B.CreateICmp(*Pred, A, C));
  }
  if (std::optional<bool> R = bitField(S))
    return *R;
  if (std::optional<bool> R = memory(S))
    return *R;
  if (Op.starts_with("selp.") && O.size() == 4) {
    unsigned W = widthOf(Op);
    Type *Ty = Op.contains(".f") ? (W == 64 ? B.getDoubleTy() : B.getFloatTy())
                                 : B.getIntNTy(W);
    Value *A = read(O[1], Ty), *C = read(O[2], Ty), *P = read(O[3], B.getInt1Ty());
    if (!A || !C || !P)
      return false;
    return write(O[0], B.CreateSelect(P, A, C));
  }
  return false;
}

/// shf, bfe, bfi, lop3 (32-bit), with PTX's exact operand clamping.
std::optional<bool> Translator::bitField(const Statement &S) {
  StringRef Op = S.Op;
  auto &O = S.Operands;
  Type *I32 = B.getInt32Ty();
  auto C32 = [&](uint64_t V) { return B.getInt32(uint32_t(V)); };
  if (Op.starts_with("shf.") && Op.ends_with(".b32") && O.size() == 4) {
    // shf.l: upper word of {b,a} << c; shf.r: lower word of {b,a} >> c.
    Value *A = read(O[1], I32), *Bv = read(O[2], I32), *C = read(O[3], I32);
    if (!A || !Bv || !C)
      return false;
    const bool Left = Op.starts_with("shf.l");
    Value *R = B.CreateIntrinsic(Left ? Intrinsic::fshl : Intrinsic::fshr, {I32},
                                 {Bv, A, C});
    if (Op.contains(".clamp")) // shifts of 32 or more clamp to 32
      R = B.CreateSelect(B.CreateICmpUGE(C, C32(32)), Left ? A : Bv, R);
    else if (!Op.contains(".wrap"))
      return false;
    return write(O[0], R);
  }
  if ((Op == "bfe.u32" || Op == "bfe.s32") && O.size() == 4) {
    Value *A = read(O[1], I32), *Pos = read(O[2], I32), *Len = read(O[3], I32);
    if (!A || !Pos || !Len)
      return false;
    Pos = B.CreateAnd(Pos, 0xff);
    Len = B.CreateAnd(Len, 0xff);
    Value *InWord = B.CreateICmpULT(Pos, C32(32));
    // Bits available above pos: L = min(len, 32 - pos) (0 when pos >= 32).
    Value *Avail = B.CreateSelect(InWord, B.CreateSub(C32(32), Pos), C32(0));
    Value *L = B.CreateBinaryIntrinsic(Intrinsic::umin, Len, Avail);
    Value *Mask = B.CreateSelect(B.CreateICmpUGE(L, C32(32)), C32(0xffffffff),
                                 B.CreateSub(B.CreateShl(C32(1), L), C32(1)));
    Value *Field = B.CreateAnd(B.CreateLShr(A, B.CreateSelect(InWord, Pos, C32(0))), Mask);
    Value *R = Field;
    if (Op == "bfe.s32") {
      // The sign is bit min(pos + len - 1, 31) of a; it fills the rest.
      Value *Msb = B.CreateBinaryIntrinsic(
          Intrinsic::umin, B.CreateSub(B.CreateAdd(Pos, Len), C32(1)), C32(31));
      Value *Sign = B.CreateAnd(B.CreateLShr(A, Msb), C32(1));
      Value *Fill = B.CreateSelect(B.CreateICmpNE(Sign, C32(0)), B.CreateNot(Mask), C32(0));
      R = B.CreateOr(Field, Fill);
    }
    return write(O[0], B.CreateSelect(B.CreateICmpEQ(Len, C32(0)), C32(0), R));
  }
  if (Op == "bfi.b32" && O.size() == 5) {
    Value *F = read(O[1], I32), *Base = read(O[2], I32), *Pos = read(O[3], I32),
          *Len = read(O[4], I32);
    if (!F || !Base || !Pos || !Len)
      return false;
    Pos = B.CreateAnd(Pos, 0xff);
    Len = B.CreateAnd(Len, 0xff);
    Value *Low = B.CreateSelect(B.CreateICmpUGE(Len, C32(32)), C32(0xffffffff),
                                B.CreateSub(B.CreateShl(C32(1), Len), C32(1)));
    Value *InWord = B.CreateICmpULT(Pos, C32(32));
    Value *Mask = B.CreateSelect(InWord, B.CreateShl(Low, Pos), C32(0));
    Value *Shifted = B.CreateSelect(InWord, B.CreateShl(F, Pos), C32(0));
    return write(O[0], B.CreateOr(B.CreateAnd(Base, B.CreateNot(Mask)),
                                  B.CreateAnd(Shifted, Mask)));
  }
  if (Op == "lop3.b32" && O.size() == 5) {
    Value *A = read(O[1], I32), *Bv = read(O[2], I32), *C = read(O[3], I32);
    int64_t Lut;
    if (!A || !Bv || !C || StringRef(O[4]).getAsInteger(0, Lut))
      return false;
    // Sum of the minterms whose bit is set in the truth table.
    Value *R = C32(0);
    for (unsigned K = 0; K < 8; ++K) {
      if (!((Lut >> K) & 1))
        continue;
      Value *T = B.CreateAnd(B.CreateAnd(K & 4 ? A : B.CreateNot(A),
                                         K & 2 ? Bv : B.CreateNot(Bv)),
                             K & 1 ? C : B.CreateNot(C));
      R = B.CreateOr(R, T);
    }
    return write(O[0], R);
  }
  return std::nullopt;
}

/// "[x]" or "[x+imm]" as a pointer in \p AddrSpace.
Value *Translator::address(StringRef Operand, unsigned AddrSpace) {
  if (!Operand.consume_front("[") || !Operand.consume_back("]"))
    return nullptr;
  auto [BaseText, OffText] = Operand.split('+');
  int64_t Offset = 0;
  if (!OffText.empty() && OffText.trim().getAsInteger(0, Offset))
    return nullptr;
  // The base is an asm operand or register holding a pointer or an integer.
  Value *Base = nullptr;
  StringRef BT = BaseText.trim();
  if (BT.starts_with("$")) {
    unsigned N;
    if (BT.drop_front().getAsInteger(10, N) || N < NumOutputs ||
        N - NumOutputs >= CI.arg_size())
      return nullptr;
    Base = CI.getArgOperand(N - NumOutputs);
  } else if (auto It = Regs.find(BT); It != Regs.end()) {
    Base = It->second;
  }
  if (!Base)
    return nullptr;
  Type *PtrTy = B.getPtrTy(AddrSpace);
  Value *P;
  if (Base->getType()->isPointerTy())
    P = Base->getType()->getPointerAddressSpace() == AddrSpace
            ? Base
            : B.CreateAddrSpaceCast(Base, PtrTy);
  else if (Base->getType()->isIntegerTy())
    // An integer address is an address in the instruction's state space (a
    // window offset for .shared/.local; global and generic addresses agree).
    P = B.CreateIntToPtr(Base, PtrTy);
  else
    return nullptr;
  return Offset ? B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), P, Offset) : P;
}

/// Fences and memory instructions: fence, membar, ld/st (.global/.shared/
/// generic, cache hints, .nc, .acquire/.release), atom and red.
std::optional<bool> Translator::memory(const Statement &S) {
  SmallVector<StringRef, 6> P;
  StringRef(S.Op).split(P, '.');
  auto &O = S.Operands;
  LLVMContext &Ctx = B.getContext();
  auto ScopeOf = [&](StringRef W) -> std::optional<SyncScope::ID> {
    if (W == "cta")
      return Ctx.getOrInsertSyncScopeID("workgroup");
    if (W == "gpu" || W == "cluster" || W == "gl")
      return Ctx.getOrInsertSyncScopeID("agent");
    if (W == "sys")
      return SyncScope::System;
    return std::nullopt;
  };
  if ((P[0] == "fence" || P[0] == "membar") && O.empty()) {
    AtomicOrdering Ord = AtomicOrdering::SequentiallyConsistent;
    std::optional<SyncScope::ID> Scope;
    for (StringRef W : ArrayRef<StringRef>(P).drop_front()) {
      if (W == "acq_rel")
        Ord = AtomicOrdering::AcquireRelease;
      else if (W == "sc")
        Ord = AtomicOrdering::SequentiallyConsistent;
      else if (!(Scope = ScopeOf(W)))
        return false;
    }
    if (!Scope)
      return false;
    B.CreateFence(Ord, *Scope);
    return true;
  }
  if (P[0] != "ld" && P[0] != "st" && P[0] != "atom" && P[0] != "red")
    return std::nullopt;
  // Decode the qualifiers.
  unsigned AS = 0;
  std::optional<SyncScope::ID> Scope;
  AtomicOrdering Ord = AtomicOrdering::NotAtomic;
  bool Volatile = false, NonTemporal = false;
  StringRef TypeWord, AtomicOp;
  for (StringRef W : ArrayRef<StringRef>(P).drop_front()) {
    if (W == "global")
      AS = 1;
    else if (W == "shared")
      AS = 3;
    else if (W == "local")
      AS = 5;
    else if (W == "const")
      AS = 4;
    else if (W == "nc" || W == "ca" || W == "cg" || W == "wb" || W == "wt")
      ; // cache policy hints
    else if (W == "cs" || W == "lu")
      NonTemporal = true;
    else if (W == "cv" || W == "volatile")
      Volatile = true;
    else if (W == "relaxed")
      Ord = AtomicOrdering::Monotonic;
    else if (W == "acquire")
      Ord = AtomicOrdering::Acquire;
    else if (W == "release")
      Ord = AtomicOrdering::Release;
    else if (W == "acq_rel")
      Ord = AtomicOrdering::AcquireRelease;
    else if (auto Sc = ScopeOf(W))
      Scope = Sc;
    else if (W.size() >= 2 && (W[0] == 'b' || W[0] == 'u' || W[0] == 's' || W[0] == 'f') &&
             isdigit(W[1]))
      TypeWord = W;
    else if (P[0] == "atom" || P[0] == "red")
      AtomicOp = W;
    else
      return false;
  }
  unsigned Bits = widthOf(TypeWord);
  if (!Bits || Bits == 16)
    return false;
  Type *Ty = TypeWord.starts_with("f") ? (Bits == 64 ? B.getDoubleTy() : B.getFloatTy())
                                       : B.getIntNTy(Bits);
  Align A(Bits / 8);
  if (P[0] == "ld" && O.size() == 2) {
    Value *Ptr = address(O[1], AS);
    if (!Ptr)
      return false;
    LoadInst *L = B.CreateAlignedLoad(Ty, Ptr, A, Volatile);
    if (Ord != AtomicOrdering::NotAtomic) {
      L->setAtomic(Ord, Scope.value_or(SyncScope::System));
    }
    if (NonTemporal)
      L->setMetadata(LLVMContext::MD_nontemporal,
                     MDNode::get(Ctx, ConstantAsMetadata::get(B.getInt32(1))));
    return write(O[0], L);
  }
  if (P[0] == "st" && O.size() == 2) {
    Value *Ptr = address(O[0], AS), *V = read(O[1], Ty);
    if (!Ptr || !V)
      return false;
    StoreInst *St = B.CreateAlignedStore(V, Ptr, A, Volatile);
    if (Ord != AtomicOrdering::NotAtomic)
      St->setAtomic(Ord, Scope.value_or(SyncScope::System));
    if (NonTemporal)
      St->setMetadata(LLVMContext::MD_nontemporal,
                      MDNode::get(Ctx, ConstantAsMetadata::get(B.getInt32(1))));
    return true;
  }
  // atom.<sem>.<scope>.<space>.<op>.<type> d, [a], b (, c for cas);
  // red: the same without a result.
  const bool IsRed = P[0] == "red";
  const unsigned First = IsRed ? 0 : 1;
  if (O.size() < First + 2)
    return false;
  Value *Ptr = address(O[First], AS);
  Value *V = read(O[First + 1], Ty);
  if (!Ptr || !V)
    return false;
  if (Ord == AtomicOrdering::NotAtomic)
    Ord = AtomicOrdering::Monotonic;
  SyncScope::ID Sc = Scope.value_or(Ctx.getOrInsertSyncScopeID("agent"));
  Value *R;
  if (AtomicOp == "cas") {
    Value *New = O.size() > First + 2 ? read(O[First + 2], Ty) : nullptr;
    if (!New || IsRed)
      return false;
    AtomicOrdering Fail = Ord == AtomicOrdering::Release || Ord == AtomicOrdering::AcquireRelease
                              ? AtomicOrdering::Monotonic : Ord;
    if (Ord == AtomicOrdering::AcquireRelease)
      Fail = AtomicOrdering::Acquire;
    R = B.CreateExtractValue(B.CreateAtomicCmpXchg(Ptr, V, New, A, Ord, Fail, Sc), 0);
  } else {
    const bool FP = Ty->isFloatingPointTy();
    const bool Signed = TypeWord.starts_with("s");
    std::optional<AtomicRMWInst::BinOp> BinOp =
        StringSwitch<std::optional<AtomicRMWInst::BinOp>>(AtomicOp)
            .Case("add", FP ? AtomicRMWInst::FAdd : AtomicRMWInst::Add)
            .Case("exch", AtomicRMWInst::Xchg)
            .Case("and", AtomicRMWInst::And)
            .Case("or", AtomicRMWInst::Or)
            .Case("xor", AtomicRMWInst::Xor)
            .Case("min", FP ? AtomicRMWInst::FMin : Signed ? AtomicRMWInst::Min : AtomicRMWInst::UMin)
            .Case("max", FP ? AtomicRMWInst::FMax : Signed ? AtomicRMWInst::Max : AtomicRMWInst::UMax)
            .Case("inc", AtomicRMWInst::UIncWrap)
            .Case("dec", AtomicRMWInst::UDecWrap)
            .Default(std::nullopt);
    if (!BinOp)
      return false;
    R = B.CreateAtomicRMW(*BinOp, Ptr, V, A, Ord, Sc);
  }
  return IsRed ? true : write(O[0], R);
}

std::optional<Value *> Translator::run() {
  auto *Asm = cast<InlineAsm>(CI.getCalledOperand());
  for (const InlineAsm::ConstraintInfo &C : Asm->ParseConstraints())
    if (C.Type == InlineAsm::isOutput)
      ++NumOutputs;
  Outputs.assign(NumOutputs, nullptr);
  SmallVector<Statement, 16> Stmts;
  parse(Asm->getAsmString(), Stmts);
  // Translate into a scratch block first: nothing is emitted unless the
  // whole block is in the subset.
  BasicBlock *Scratch = BasicBlock::Create(CI.getContext(), "ptx", CI.getFunction());
  IRBuilder<>::InsertPointGuard Guard(B);
  B.SetInsertPoint(Scratch);
  bool Ok = !Stmts.empty();
  for (const Statement &S : Stmts) {
    if (!Ok)
      break;
    Ok = statement(S);
  }
  for (Value *V : Outputs)
    Ok &= V != nullptr;
  Value *Result = nullptr;
  if (Ok && NumOutputs) {
    Type *RetTy = CI.getType();
    auto Fit = [&](Value *V, Type *Ty) -> Value * {
      if (V->getType() == Ty)
        return V;
      if (V->getType()->getPrimitiveSizeInBits() == Ty->getPrimitiveSizeInBits())
        return B.CreateBitCast(V, Ty);
      return nullptr;
    };
    if (NumOutputs == 1) {
      Result = Fit(Outputs[0], RetTy);
      Ok = Result != nullptr;
    } else {
      auto *STy = cast<StructType>(RetTy);
      Result = PoisonValue::get(STy);
      for (unsigned I = 0; I < NumOutputs && Ok; ++I) {
        Value *V = Fit(Outputs[I], STy->getElementType(I));
        Ok = V != nullptr;
        if (Ok)
          Result = B.CreateInsertValue(Result, V, I);
      }
    }
  }
  if (!Ok) {
    Scratch->dropAllReferences();
    Scratch->eraseFromParent();
    return std::nullopt;
  }
  // Move the translated instructions before the call.
  for (Instruction &I : make_early_inc_range(*Scratch))
    I.moveBefore(&CI);
  Scratch->eraseFromParent();
  return Result;
}

} // namespace

std::optional<Value *> translatePTXBlock(CallInst &CI) {
  IRBuilder<> B(&CI);
  return Translator(CI, B).run();
}

} // namespace ferry
