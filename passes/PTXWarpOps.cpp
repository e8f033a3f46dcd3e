//===- PTXWarpOps.cpp - Warp, barrier and control instructions of PTX -----===//
///
/// \file
/// shfl (with the `d|p` predicate result), vote, match, redux, activemask,
/// bar.warp.sync and block barriers become the llvm.nvvm.* intrinsics that
/// clang emits for CUDA's own intrinsics, so they share one lowering per
/// warp strategy (WarpOps.cpp / WarpBuilder); nanosleep, trap and brkpt
/// likewise; exit returns from the kernel.
///
//===----------------------------------------------------------------------===//
#include "PTXTranslator.h"

#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace ferry {
namespace {

/// The first opcode word of \p S among \p Modes, or "".
StringRef modeOf(const PTXStatement &S, ArrayRef<StringRef> Modes) {
  for (StringRef P : ArrayRef<StringRef>(S.Parts).drop_front())
    if (is_contained(Modes, P))
      return P;
  return "";
}

} // namespace

/// shfl.sync.{up,down,bfly,idx}.b32 d[|p], a, b, c, membermask, and the
/// pre-Volta shfl without a mask. p (the source lane was in range) follows
/// the PTX ISA: with segmask = c[12:8] and clamp = c[4:0],
/// maxLane = (lane & segmask) | (clamp & ~segmask), minLane = lane & segmask.
bool ptxShuffle(PTXTranslator &T, const PTXStatement &S, int) {
  IRBuilder<> &B = T.B;
  Type *I32 = B.getInt32Ty();
  StringRef Mode = modeOf(S, {"up", "down", "bfly", "idx"});
  const bool Sync = hasPart(S, "sync");
  if (Mode.empty() || S.Parts.back() != "b32" || S.Operands.size() != (Sync ? 5u : 4u))
    return T.fail("malformed shfl");
  Value *A = T.read(S, 1, I32), *Bv = T.read(S, 2, I32), *C = T.read(S, 3, I32);
  Value *Mask = Sync ? T.read(S, 4, I32) : nullptr;
  if (!A || !Bv || !C || (Sync && !Mask))
    return false;
  Value *R = Sync ? T.callNVVM(("shfl.sync." + Mode + ".i32").str(), I32, {Mask, A, Bv, C})
                  : T.callNVVM(("shfl." + Mode + ".i32").str(), I32, {A, Bv, C});
  const PTXOperand &D = S.Operands[0];
  if (D.K != PTXOperand::Pair)
    return T.write(D, R);
  Value *Lane = T.callNVVM("read.ptx.sreg.laneid", I32, {});
  Value *BVal = B.CreateAnd(Bv, 31);
  Value *Clamp = B.CreateAnd(C, 31);
  Value *Seg = B.CreateAnd(B.CreateLShr(C, 8), 31);
  Value *MaxLane = B.CreateOr(B.CreateAnd(Lane, Seg), B.CreateAnd(Clamp, B.CreateNot(Seg)));
  Value *MinLane = B.CreateAnd(Lane, Seg);
  Value *P;
  if (Mode == "up")
    P = B.CreateICmpSGE(B.CreateSub(Lane, BVal), MinLane);
  else if (Mode == "down")
    P = B.CreateICmpSLE(B.CreateAdd(Lane, BVal), MaxLane);
  else if (Mode == "bfly")
    P = B.CreateICmpSLE(B.CreateXor(Lane, BVal), MaxLane);
  else
    P = B.CreateICmpSLE(B.CreateOr(MinLane, B.CreateAnd(BVal, B.CreateNot(Seg))), MaxLane);
  return T.write(D.Elements[0], R) && T.write(D.Elements[1], P);
}

/// vote.sync.{all,any,uni}.pred d, {!}a, membermask;
/// vote.sync.ballot.b32 d, {!}a, membermask (and the forms without .sync).
bool ptxVote(PTXTranslator &T, const PTXStatement &S, int) {
  IRBuilder<> &B = T.B;
  StringRef Mode = modeOf(S, {"all", "any", "uni", "ballot"});
  const bool Sync = hasPart(S, "sync");
  if (Mode.empty() || S.Operands.size() != (Sync ? 3u : 2u))
    return T.fail("malformed vote");
  Value *P = T.read(S, 1, B.getInt1Ty());
  Value *Mask = Sync ? T.read(S, 2, B.getInt32Ty()) : nullptr;
  if (!P || (Sync && !Mask))
    return false;
  Type *RT = Mode == "ballot" ? B.getInt32Ty() : B.getInt1Ty();
  Value *R = Sync ? T.callNVVM(("vote." + Mode + ".sync").str(), RT, {Mask, P})
                  : T.callNVVM(("vote." + Mode).str(), RT, {P});
  return T.write(S.Operands[0], R);
}

/// match.any.sync.{b32,b64} d, a, membermask;
/// match.all.sync.{b32,b64} d[|p], a, membermask.
bool ptxMatch(PTXTranslator &T, const PTXStatement &S, int) {
  IRBuilder<> &B = T.B;
  StringRef Mode = modeOf(S, {"any", "all"});
  StringRef Ty = S.Parts.back();
  if (Mode.empty() || !hasPart(S, "sync") || (Ty != "b32" && Ty != "b64") ||
      S.Operands.size() != 3)
    return T.fail("malformed match");
  Type *VT = B.getIntNTy(Ty == "b32" ? 32 : 64);
  StringRef Suffix = Ty == "b32" ? "i32" : "i64";
  Value *A = T.read(S, 1, VT), *Mask = T.read(S, 2, B.getInt32Ty());
  if (!A || !Mask)
    return false;
  const PTXOperand &D = S.Operands[0];
  if (Mode == "any")
    return T.write(D, T.callNVVM(("match.any.sync." + Suffix).str(), B.getInt32Ty(), {Mask, A}));
  Type *RT = StructType::get(B.getInt32Ty(), B.getInt1Ty());
  Value *R = T.callNVVM(("match.all.sync." + Suffix + "p").str(), RT, {Mask, A});
  if (D.K == PTXOperand::Pair)
    return T.write(D.Elements[0], B.CreateExtractValue(R, 0)) &&
           T.write(D.Elements[1], B.CreateExtractValue(R, 1));
  return T.write(D, B.CreateExtractValue(R, 0));
}

/// redux.sync.{add,min,max}.{u32,s32} and redux.sync.{and,or,xor}.b32.
bool ptxRedux(PTXTranslator &T, const PTXStatement &S, int) {
  IRBuilder<> &B = T.B;
  StringRef Op = modeOf(S, {"add", "min", "max", "and", "or", "xor"});
  StringRef Ty = S.Parts.back();
  if (Op.empty() || !hasPart(S, "sync") || S.Operands.size() != 3 ||
      !(Ty == "u32" || Ty == "s32" || Ty == "b32"))
    return T.fail("malformed redux");
  std::string Name = "redux.sync.";
  if ((Op == "min" || Op == "max") && Ty == "u32")
    Name += "u";
  Name += Op.str();
  Value *A = T.read(S, 1, B.getInt32Ty()), *Mask = T.read(S, 2, B.getInt32Ty());
  if (!A || !Mask)
    return false;
  return T.write(S.Operands[0], T.callNVVM(Name, B.getInt32Ty(), {A, Mask}));
}

bool ptxActiveMask(PTXTranslator &T, const PTXStatement &S, int) {
  if (S.Operands.size() != 1)
    return T.fail("activemask takes one operand");
  return T.write(S.Operands[0], T.callNVVM("activemask", T.B.getInt32Ty(), {}));
}

/// bar.warp.sync mask; bar.sync / bar.cta.sync / barrier.sync[.aligned] id
/// (block barriers with a thread count are not translated).
bool ptxBarrier(PTXTranslator &T, const PTXStatement &S, int) {
  IRBuilder<> &B = T.B;
  if (hasPart(S, "warp")) {
    Value *Mask = T.read(S, 0, B.getInt32Ty());
    if (!Mask)
      return false;
    T.callNVVM("bar.warp.sync", B.getVoidTy(), {Mask});
    return true;
  }
  for (StringRef P : ArrayRef<StringRef>(S.Parts).drop_front())
    if (P != "sync" && P != "aligned" && P != "cta")
      return T.fail("only bar.sync / barrier.sync are translated");
  if (!hasPart(S, "sync") || S.Operands.size() != 1)
    return T.fail("block barriers with a thread count are not translated");
  Value *Id = T.read(S, 0, B.getInt32Ty());
  if (!Id)
    return false;
  if (auto *C = dyn_cast<ConstantInt>(Id); C && C->isZero())
    T.callNVVM("barrier0", B.getVoidTy(), {});
  else
    T.callNVVM("barrier.sync", B.getVoidTy(), {Id});
  return true;
}

/// nanosleep (0), exit (1), trap (2), brkpt (3).
bool ptxControl(PTXTranslator &T, const PTXStatement &S, int Kind) {
  IRBuilder<> &B = T.B;
  switch (Kind) {
  case 0: {
    Value *Ns = T.read(S, 0, B.getInt32Ty());
    if (!Ns)
      return false;
    T.callNVVM("nanosleep", B.getVoidTy(), {Ns});
    return true;
  }
  case 1:
    // The thread ends: a return from the kernel. In a device function the
    // callers would go on, so it is refused there.
    if (!T.inKernel())
      return T.fail("exit is translated in kernels only (inline the function into its kernel)");
    T.emitReturn();
    return true;
  default:
    B.CreateIntrinsic(Kind == 2 ? Intrinsic::trap : Intrinsic::debugtrap, {}, {});
    return true;
  }
}

} // namespace ferry
