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
    return false;
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
