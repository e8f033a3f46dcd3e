//===- WarpOps.cpp - Warp shuffles, votes, matches and reductions ---------===//
///
/// \file
/// Handlers for the warp operations of map §3, for both warp strategies
/// (WarpBuilder). Shuffles follow PTX's lane selection exactly:
///   clamp = c[4:0], segmask = c[12:8], minLane = lane & segmask,
///   maxLane = minLane | (clamp & ~segmask); up: j = lane - b, ok = j >= max;
///   down: j = lane + b, ok = j <= max; bfly: j = lane ^ b, ok = j <= max;
///   idx: j = minLane | (b & ~segmask), ok = j <= max; !ok reads own lane.
///
//===----------------------------------------------------------------------===//
#include "IntrinsicLowering.h"
#include "ModuleHelpers.h"
#include "WarpBuilder.h"

#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace ferry {

/// The value and predicate of shfl.sync mode \p Mode (0 idx, 1 up, 2 down,
/// 3 bfly) of 32-bit \p A.
static std::pair<Value *, Value *> shuffle(IRBuilder<> &B,
                                           const TranslateTarget &T, int Mode,
                                           Value *A, Value *Lane, Value *C) {
  WarpBuilder W(B, T);
  Value *Lane32 = W.lane32();
  Value *Bv = B.CreateAnd(Lane, 31);
  Value *Clamp = B.CreateAnd(C, 31);
  Value *SegMask = B.CreateAnd(B.CreateLShr(C, 8), 31);
  Value *MinLane = B.CreateAnd(Lane32, SegMask);
  Value *MaxLane = B.CreateOr(MinLane, B.CreateAnd(Clamp, B.CreateNot(SegMask)));
  Value *J, *Ok;
  switch (Mode) {
  case 0: // idx
    J = B.CreateOr(MinLane, B.CreateAnd(Bv, B.CreateNot(SegMask)));
    Ok = B.CreateICmpULE(J, MaxLane);
    break;
  case 1: // up
    J = B.CreateSub(Lane32, Bv);
    Ok = B.CreateICmpSGE(J, MaxLane);
    break;
  case 2: // down
    J = B.CreateAdd(Lane32, Bv);
    Ok = B.CreateICmpULE(J, MaxLane);
    break;
  default: // bfly
    J = B.CreateXor(Lane32, Bv);
    Ok = B.CreateICmpULE(J, MaxLane);
    break;
  }
  Value *Src = B.CreateSelect(Ok, J, Lane32, "shfl.src");
  return {W.readLane32(Src, A), Ok};
}

/// Packs a value and a predicate as the {T, i1} that 'p' forms return.
static Value *withPredicate(IRBuilder<> &B, Type *StructTy, Value *V, Value *P) {
  Value *R = B.CreateInsertValue(PoisonValue::get(StructTy), V, 0);
  return B.CreateInsertValue(R, P, 1);
}

/// shfl[.sync].{idx,up,down,bfly}.{i32,f32}[p]. Arg: mode | 4 (p form) |
/// 8 (no mask operand).
Value *lowerShuffle(IntrinsicLowering &L, int Arg) {
  const unsigned First = (Arg & 8) ? 0 : 1; // sync forms start with the mask
  auto [V, Ok] = shuffle(L.B, L.T, Arg & 3, L.arg(First), L.arg(First + 1),
                         L.arg(First + 2));
  if (Arg & 4)
    return withPredicate(L.B, L.retType(), V, Ok);
  return V;
}

/// libNVVM llvm.nvvm.shfl.sync.i32(mask, mode, a, b, c) -> {i32, i1}.
Value *lowerShuffleLibNVVM(IntrinsicLowering &L, int) {
  std::optional<uint64_t> Mode = L.constArg(1);
  if (!Mode || *Mode > 3)
    return L.fail("the shuffle mode must be a constant 0..3");
  auto [V, Ok] = shuffle(L.B, L.T, int(*Mode), L.arg(2), L.arg(3), L.arg(4));
  return withPredicate(L.B, L.retType(), V, Ok);
}

/// Vote \p Kind (0 all, 1 any, 2 uni, 3 ballot) of \p Pred over \p Mask.
static Value *vote(IRBuilder<> &B, const TranslateTarget &T, int Kind,
                   Value *Mask, Value *Pred) {
  Value *Zero = B.getInt32(0);
  Value *NotPred = Kind == 0 ? B.CreateNot(Pred) : nullptr;
  return WarpBuilder(B, T).perWarp([&](WarpBuilder::BallotFn Ballot) -> Value * {
    switch (Kind) {
    case 0: // all: no lane in mask has !p (not ballot(p) == mask: partial warps)
      return B.CreateICmpEQ(B.CreateAnd(Ballot(NotPred), Mask), Zero);
    case 1: // any
      return B.CreateICmpNE(B.CreateAnd(Ballot(Pred), Mask), Zero);
    case 2: { // uni: all lanes in mask agree
      Value *M = B.CreateAnd(Ballot(B.getTrue()), Mask);
      Value *Bal = B.CreateAnd(Ballot(Pred), M);
      return B.CreateOr(B.CreateICmpEQ(Bal, Zero), B.CreateICmpEQ(Bal, M));
    }
    default: // ballot
      return B.CreateAnd(Ballot(Pred), Mask);
    }
  });
}

/// vote[.sync].{all,any,uni,ballot}. Arg: kind | 4 (no mask operand).
Value *lowerVote(IntrinsicLowering &L, int Arg) {
  if (Arg & 4)
    return vote(L.B, L.T, Arg & 3, L.B.getInt32(-1), L.arg(0));
  return vote(L.B, L.T, Arg & 3, L.arg(0), L.arg(1));
}

/// libNVVM llvm.nvvm.vote.sync(mask, mode, p) -> {i32, i1}: mode 0 all,
/// 1 any, 2 uni, 3 ballot (the ballot in field 0, the predicate in field 1).
Value *lowerVoteLibNVVM(IntrinsicLowering &L, int) {
  std::optional<uint64_t> Mode = L.constArg(1);
  if (!Mode || *Mode > 3)
    return L.fail("the vote mode must be a constant 0..3");
  Value *R = vote(L.B, L.T, int(*Mode), L.arg(0), L.arg(2));
  if (*Mode == 3)
    return withPredicate(L.B, L.retType(), R, L.B.getFalse());
  return withPredicate(L.B, L.retType(), L.B.getInt32(0), R);
}

Value *lowerActiveMask(IntrinsicLowering &L, int) {
  return WarpBuilder(L.B, L.T).activeMask();
}

/// match.any.sync.{i32,i64}(mask, v): for each lane, the lanes of mask whose
/// v equals its own. A loop elects one not-yet-matched lane per round.
Value *lowerMatchAny(IntrinsicLowering &L, int) {
  Type *VTy = L.arg(1)->getType();
  const TranslateTarget &T = L.T;
  std::string Name = ("__ferry_match_any_" + Twine(VTy->getIntegerBitWidth()) +
                      (T.isWave64() ? "_emu32" : "_w32"))
                         .str();
  LLVMContext &Ctx = L.ctx();
  Type *I32 = Type::getInt32Ty(Ctx);
  Function *F = getOrCreateHelper(
      L.module(), Name, FunctionType::get(I32, {I32, VTy}, false),
      /*Convergent=*/true, [&](Function &F) {
        Value *Mask = F.getArg(0), *V = F.getArg(1);
        auto *Entry = BasicBlock::Create(Ctx, "entry", &F);
        auto *Loop = BasicBlock::Create(Ctx, "round", &F);
        auto *Exit = BasicBlock::Create(Ctx, "done", &F);
        IRBuilder<> B(Entry);
        B.CreateBr(Loop);
        B.SetInsertPoint(Loop);
        PHINode *Done = B.CreatePHI(B.getInt1Ty(), 2, "matched");
        PHINode *Res = B.CreatePHI(I32, 2, "result");
        WarpBuilder W(B, T);
        Value *Open = W.ballot32(B.CreateNot(Done));
        Value *Leader = B.CreateIntrinsic(Intrinsic::cttz, {I32}, {Open, B.getTrue()});
        Value *LeaderV = W.readLane(Leader, V);
        Value *Match = B.CreateAnd(B.CreateNot(Done), B.CreateICmpEQ(V, LeaderV));
        Value *Group = B.CreateAnd(W.ballot32(Match), Mask);
        Value *Res2 = B.CreateSelect(Match, Group, Res);
        Value *Done2 = B.CreateOr(Done, Match);
        Value *Left = B.CreateICmpNE(W.ballot32(B.CreateNot(Done2)), B.getInt32(0));
        B.CreateCondBr(Left, Loop, Exit);
        Done->addIncoming(B.getFalse(), Entry);
        Done->addIncoming(Done2, Loop);
        Res->addIncoming(B.getInt32(0), Entry);
        Res->addIncoming(Res2, Loop);
        B.SetInsertPoint(Exit);
        B.CreateRet(Res2);
      });
  return L.B.CreateCall(F, {L.arg(0), L.arg(1)});
}

/// match.all.sync.{i32,i64}p(mask, v) -> {i32, i1}: mask and true when every
/// lane of mask has the same v, else 0 and false.
Value *lowerMatchAll(IntrinsicLowering &L, int) {
  IRBuilder<> &B = L.B;
  WarpBuilder W(B, L.T);
  Value *Mask = L.arg(0), *V = L.arg(1);
  Value *Leader = B.CreateIntrinsic(Intrinsic::cttz, {B.getInt32Ty()},
                                    {B.CreateAnd(W.activeMask(), Mask), B.getFalse()});
  Value *LeaderV = W.readLane(B.CreateAnd(Leader, 31), V);
  Value *Differ = B.CreateAnd(W.ballot32(B.CreateICmpNE(V, LeaderV)), Mask);
  Value *Ok = B.CreateICmpEQ(Differ, B.getInt32(0));
  Value *R = B.CreateSelect(Ok, Mask, B.getInt32(0));
  return withPredicate(B, L.retType(), R, Ok);
}

/// redux.sync.<op>(src, mask): the reduction over the active lanes of mask,
/// read one lane at a time (exact for partial and divergent warps, where a
/// butterfly would mix in inactive lanes).
Value *lowerRedux(IntrinsicLowering &L, int Op) {
  static const char *const Names[] = {"add", "min", "max", "umin",
                                      "umax", "and", "or", "xor"};
  const TranslateTarget &T = L.T;
  std::string Name = (Twine("__ferry_redux_") + Names[Op] +
                      (T.isWave64() ? "_emu32" : "_w32"))
                         .str();
  LLVMContext &Ctx = L.ctx();
  Type *I32 = Type::getInt32Ty(Ctx);
  Function *F = getOrCreateHelper(
      L.module(), Name, FunctionType::get(I32, {I32, I32}, false),
      /*Convergent=*/true, [&](Function &F) {
        Value *Src = F.getArg(0), *Mask = F.getArg(1);
        auto *Entry = BasicBlock::Create(Ctx, "entry", &F);
        auto *Loop = BasicBlock::Create(Ctx, "lane", &F);
        auto *Exit = BasicBlock::Create(Ctx, "done", &F);
        IRBuilder<> B(Entry);
        WarpBuilder W(B, T);
        static const int64_t Identity[] = {0, INT32_MAX, INT32_MIN, -1, 0, -1, 0, 0};
        Value *Id = B.getInt32(uint32_t(Identity[Op]));
        Value *Lanes = B.CreateAnd(W.activeMask(), Mask);
        B.CreateCondBr(B.CreateICmpEQ(Lanes, B.getInt32(0)), Exit, Loop);
        B.SetInsertPoint(Loop);
        PHINode *Rem = B.CreatePHI(I32, 2, "remaining");
        PHINode *Acc = B.CreatePHI(I32, 2, "acc");
        Value *Lane = B.CreateIntrinsic(Intrinsic::cttz, {I32}, {Rem, B.getTrue()});
        Value *X = W.readLane32(Lane, Src);
        Value *Acc2;
        switch (Op) {
        case 0: Acc2 = B.CreateAdd(Acc, X); break;
        case 1: Acc2 = B.CreateBinaryIntrinsic(Intrinsic::smin, Acc, X); break;
        case 2: Acc2 = B.CreateBinaryIntrinsic(Intrinsic::smax, Acc, X); break;
        case 3: Acc2 = B.CreateBinaryIntrinsic(Intrinsic::umin, Acc, X); break;
        case 4: Acc2 = B.CreateBinaryIntrinsic(Intrinsic::umax, Acc, X); break;
        case 5: Acc2 = B.CreateAnd(Acc, X); break;
        case 6: Acc2 = B.CreateOr(Acc, X); break;
        default: Acc2 = B.CreateXor(Acc, X); break;
        }
        Value *Rem2 = B.CreateAnd(Rem, B.CreateSub(Rem, B.getInt32(1)));
        B.CreateCondBr(B.CreateICmpEQ(Rem2, B.getInt32(0)), Exit, Loop);
        Rem->addIncoming(Lanes, Entry);
        Rem->addIncoming(Rem2, Loop);
        Acc->addIncoming(Id, Entry);
        Acc->addIncoming(Acc2, Loop);
        B.SetInsertPoint(Exit);
        PHINode *R = B.CreatePHI(I32, 2);
        R->addIncoming(Id, Entry);
        R->addIncoming(Acc2, Loop);
        B.CreateRet(R);
      });
  return L.B.CreateCall(F, {L.arg(0), L.arg(1)});
}

} // namespace ferry
