//===- LoopRerolling.cpp - Undo NVPTX's runtime unrolling -----------------===//
///
/// \file
/// clang's NVPTX pipeline runtime-unrolls loops whose trip count is known only
/// at run time: the loop runs k copies of its body per iteration (a counter
/// from 0 in steps of k against the trip count rounded down to a multiple of
/// k) and a remainder runs the rest. On NVPTX that is what nvcc does too; on
/// AMDGPU, whose own pipeline leaves these loops rolled, the copies keep k
/// loads in flight: matmul_dynamic_shared 26 VGPRs against HIP's 20,
/// transpose_padded 15 against 8, threadfence_reduction 7 against 4. LLVM 19
/// has no loop re-roller, so Ferry rolls such loops back up here.
///
/// A loop is rolled only where it provably is k copies of one iteration:
/// - the runtime unroller's shape: one latch that is the only exit, an
///   `icmp eq (add c, k), N` exit test on a counter c from 0 that does
///   nothing else, N a known multiple of k; loops with `llvm.loop.unroll.*`
///   metadata (a `#pragma unroll`, the remainder loop) are left alone;
/// - an induction variable i whose copies j = 1..k-1 use "roots" i + j*d
///   (d the step of one original iteration, found by scalar evolution);
///   or, where the body uses the already-incremented counter, copy j uses
///   i + (j+1)*d and the last copy i's increment; or copy 0 uses a value x,
///   an affine function of i (clang folded i into an index, `(i << s) |
///   lane`) computed by pure instructions from i alone and used by nothing
///   else, and copy j a root x + j*d' (d' = x's step / k, a multiple of d);
/// - the loop's instructions, in block order and without the header phis,
///   the roots, the counter and the increments, split into k runs of equal
///   length in which run j is run 0 instruction by instruction: the same
///   operation, operands that are the same outside value, the same position
///   in their run, i in run 0 against root j in run j, or a loop-carried
///   header phi in run 0 against its value computed by run j-1; branch
///   targets and phi blocks at the same position; run 0 ends where run 1
///   starts, and the last run where the latch's counter code starts;
/// - values of runs other than the last are used only inside the loop, and
///   the header phis not outside it;
/// - no convergent operations in the loop (clang does not runtime-unroll
///   such loops; merging a remainder would change which lanes meet there).
/// Then run 0 is the loop's body: its wrap and fast-math flags become the
/// intersection over the runs (metadata merged as for an instruction that
/// moves: a range becomes the union), the counter code moves into the
/// latch, the carried phis and the loop's exit values take run 0's instead
/// of the last run's, i steps by d, the counter by 1, and runs 1..k-1 are
/// deleted. Copy 0 then takes i's new increment where it used i + d, and x
/// is recomputed as (x's step / i's step) * i plus a loop-invariant start
/// (copy 0's own computation, an `or disjoint` say, held only for the
/// unrolled values of i); what computed x and the roots goes.
///
/// For k = 2 the unroller's remainder is one more copy after the loop, in a
/// join that the loop's bypass (trip count below 2) also reaches, behind a
/// test of the trip count's parity. Where N = Trip & -2 is recognised, the
/// test is found to skip for even and run for odd trip counts (evaluated on
/// bit 0: `(x & 1) == 0` of Trip or Trip - 1, `!`, `&&`, `||`; simplifycfg may
/// have folded the body's first branch into it as `skip || !c`), and the
/// remainder matches run 0 the same way (i and the carried phis against the
/// join's phis for them, its exit values the join's phis for the loop's),
/// the loop runs all Trip iterations and goes straight to the block after
/// the remainder, and where the bypass ran the remainder it enters the loop
/// with a trip count of 1 instead; the remainder is deleted. For k > 2 the
/// remainder is a loop (`llvm.loop.unroll.disable`) of Trip & (k-1)
/// iterations that the join enters unless that is 0: where the rolled loop
/// has one block (and the copies use i or a derived x, not i's increment),
/// N = Trip & -k is recognised, and the remainder loop has one block with
/// i from the join's phi for it stepping by one iteration, a counter from 0
/// against Trip & (k-1), a phi for each carried value from the join's, and
/// copy 0's body (in the Derived shape its own x from its i, computed as
/// copy 0's from i), its values used after it only as the loop's exit
/// values: the loop runs all Trip iterations, the bypass enters it for every
/// trip count but 0 (and for 0 goes to the join, which then skipped the
/// remainder too), the join goes straight on, and the remainder loop is
/// deleted (HeCBench's KV-cache stores: HIP's registers). A remainder where
/// copy 0 does not use i, and a remainder loop of other shapes, stay.
/// `-mllvm -ferry-reroll-loops=false` turns it all off.
///
//===----------------------------------------------------------------------===//
#include "LoopRerolling.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/KnownBits.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <functional>

using namespace llvm;
using namespace llvm::PatternMatch;

static cl::opt<bool>
    RerollLoops("ferry-reroll-loops", cl::init(true),
                cl::desc("Roll back up the loops NVPTX's pipeline runtime-unrolled "
                         "(translated input of --input-optimized)"));

namespace ferry {
namespace {

/// A loop the runtime unroller made, checked to be Factor copies of one
/// iteration, and the rewrite that keeps the first copy.
class UnrolledLoop {
public:
  UnrolledLoop(Loop &L, ScalarEvolution &SE, DominatorTree &DT) : L(L), SE(SE), DT(DT) {}

  /// Whether the loop is runtime-unrolled and its copies match.
  bool analyze();
  /// Keeps copy 0 as the body. Only after analyze() said yes.
  void reroll();

private:
  bool findCounter();
  bool findInduction();
  bool findRoots(PHINode *P);
  bool findDerivedRoots(PHINode *P);
  bool rootsOf(const SCEVAddRecExpr *AR, Type *Ty, SmallVectorImpl<Instruction *> &Found,
               const SCEV *&D) const;
  bool collectChain(PHINode *P);
  bool usedOnlyBy(Instruction *I, std::optional<unsigned> Copy) const;
  Value *rollIteration(SCEVExpander &Expander, Value *Step);
  bool buildStream();
  bool checkUses() const;
  bool matchCopies() const;
  bool findEpilogue();
  bool matchRemainder();
  bool matchRemainderLoop();
  bool readRemainderLoopPhis();
  bool findRemainderBase();
  bool remainderLoopRepeatsCopy0();
  bool remainderLoopUsedOnlyAfter() const;
  void mergeRemainderLoop();
  void mapJoinPhis();
  bool readJoinBranch(BasicBlock *&Start, unsigned &First);
  bool collectRemainder(BasicBlock *Start, unsigned First);
  BasicBlock *blockInRemainder(BasicBlock *B0) const;
  bool remainderRepeatsCopy0(unsigned First) const;
  bool remainderUsedOnlyAfter(unsigned First) const;
  bool joinPhisUsedOnlyAfter(function_ref<bool(Instruction *)> InRemainder) const;
  bool enterableFromBypass() const;
  void mergeFlagsIntoCopy0();
  void useCopy0Values();
  void stepOneIteration();
  SmallVector<BasicBlock *, 8> bypassOtherCopies();
  void eraseOtherCopies(SmallVectorImpl<BasicBlock *> &Dead);
  void enterLoopForRemainder();
  std::optional<bool> parity(Value *V, bool TripOdd, unsigned Depth = 0) const;
  std::optional<bool> evaluate(Value *Cond, bool TripOdd) const;
  bool matchValue(Value *V0, Value *Vj, unsigned Copy) const;
  BasicBlock *blockInCopy(BasicBlock *B0, unsigned Copy) const;
  int position(const Value *V) const {
    auto *I = dyn_cast<Instruction>(V);
    auto It = I ? Position.find(I) : Position.end();
    return It == Position.end() ? -1 : int(It->second);
  }
  Instruction *counterpartInCopy0(Instruction *I) const {
    return Stream[Position.lookup(I) % CopySize];
  }
  /// The value copy \p Copy uses for its iteration.
  Value *iteration(unsigned Copy) const {
    if (Shape == IterationShape::Incremented)
      return Copy + 1 < Factor ? Roots[Copy + 1] : IVNext;
    if (Copy)
      return Roots[Copy];
    return Shape == IterationShape::Derived ? Base : IV;
  }

  Loop &L;
  ScalarEvolution &SE;
  DominatorTree &DT;
  /// The one block outside the loop that enters it (not necessarily a
  /// dedicated preheader).
  BasicBlock *Header = nullptr, *Latch = nullptr, *Preheader = nullptr;
  PHINode *Counter = nullptr;
  Instruction *CounterNext = nullptr;
  unsigned Factor = 0;
  PHINode *IV = nullptr;
  Instruction *IVNext = nullptr;
  /// The step of one original iteration.
  const SCEV *Offset = nullptr;
  /// How the copies see their iteration: copy j uses
  /// - Direct: i + j*Offset (i itself in copy 0);
  /// - Incremented: i + (j+1)*Offset, the last copy i's increment (the body
  ///   used the already-incremented counter);
  /// - Derived: Base + j*(Base's step / Factor), Base an affine function of
  ///   i computed by copy 0 (clang folded i into an index, `(i << s) | lane`,
  ///   that the other copies offset: `... | j << s`).
  enum class IterationShape { Direct, Incremented, Derived } Shape = IterationShape::Direct;
  /// Roots[j]: i + j*Offset for j = 1..Factor-1 (Roots[0] is unused); in the
  /// Derived shape Base + j*(Base's step / Factor).
  SmallVector<Instruction *, 8> Roots;
  /// Derived shape: Base, whose rolled value is BaseScale * i + BaseStart,
  /// and the pure instructions Base and the roots compute from i (copy 0's,
  /// and the other copies' recomputations), which go with them.
  Instruction *Base = nullptr;
  APInt BaseScale;
  const SCEV *BaseStart = nullptr;
  SmallPtrSet<Instruction *, 16> Chain;
  /// Header phis other than the counter and the induction variable.
  SmallVector<PHINode *, 4> Carried;
  /// Instructions that are not part of any copy.
  SmallPtrSet<Instruction *, 16> Control;
  std::vector<Instruction *> Stream;
  DenseMap<Instruction *, unsigned> Position;
  /// The stream position of a loop block's first instruction in a copy (the
  /// stream's size for a latch holding none); and back.
  DenseMap<BasicBlock *, unsigned> BlockStart;
  DenseMap<unsigned, BasicBlock *> BlockAt;
  unsigned CopySize = 0;

  // A 2x unrolling's remainder (one copy of the body after the loop), merged
  // into the rolled loop: the loop runs all Trip iterations and the join
  // after it skips the remainder when the loop ran.
  ICmpInst *ExitCmp = nullptr;
  unsigned TripOperand = 0;
  Value *Trip = nullptr;
  /// The loop's exit, where the remainder is chosen; the block that comes
  /// there when the loop does not run; the block after the remainder.
  BasicBlock *Join = nullptr, *Bypass = nullptr, *After = nullptr;
  bool SkipOnTrue = false;
  bool MergeRemainder = false;
  /// The remainder's instructions by body position (nullptr where the join's
  /// branch stands for the body's first one).
  std::vector<Instruction *> Remainder;
  /// The join's phis that stand for i and the carried phis after the loop.
  DenseMap<Value *, PHINode *> AtJoin;
  /// The remainder's blocks by the position of their first instruction, and
  /// back; the position of each of its instructions.
  DenseMap<BasicBlock *, unsigned> RemainderStart;
  DenseMap<unsigned, BasicBlock *> RemainderAt;
  DenseMap<Instruction *, unsigned> RemainderPos;

  // A k > 2 unrolling's remainder loop (Trip % k more iterations, one copy of
  // the body each), merged into the rolled loop of one block: the loop runs
  // all Trip iterations, entered whenever Trip is not 0, and the join goes
  // straight to the block after the remainder.
  bool MergeRemainderLoop = false;
  /// The remainder loop's one block, its phis for i and its counter, their
  /// increments and exit test; its phi for each carried phi of the loop.
  BasicBlock *RemBlock = nullptr;
  PHINode *RemIV = nullptr, *RemCounter = nullptr;
  Instruction *RemIVNext = nullptr, *RemCounterNext = nullptr, *RemCmp = nullptr;
  DenseMap<PHINode *, PHINode *> RemCarried;
  /// Derived shape: the remainder's value of Base, and what computes it from
  /// its i.
  Instruction *RemBase = nullptr;
  SmallPtrSet<Instruction *, 8> RemChain;
  /// Its instructions that repeat copy 0, by body position, and back.
  std::vector<Instruction *> RemStream;
  DenseMap<Instruction *, unsigned> RemStreamPos;
};

/// Whether \p Other repeats \p I0: the same operation, and operand by
/// operand values \p Match pairs (block operands included); a phi's
/// incoming values are paired by the blocks \p MapBlock gives for I0's.
bool repeats(Instruction *I0, Instruction *Other, function_ref<bool(Value *, Value *)> Match,
             function_ref<BasicBlock *(BasicBlock *)> MapBlock) {
  if (!I0->isSameOperationAs(Other))
    return false;
  if (auto *Phi0 = dyn_cast<PHINode>(I0)) {
    auto *Phi = cast<PHINode>(Other);
    for (unsigned In = 0; In < Phi0->getNumIncomingValues(); ++In) {
      BasicBlock *B = MapBlock(Phi0->getIncomingBlock(In));
      if (!B || Phi->getBasicBlockIndex(B) < 0 ||
          !Match(Phi0->getIncomingValue(In), Phi->getIncomingValueForBlock(B)))
        return false;
    }
    return true;
  }
  for (unsigned Op = 0; Op < I0->getNumOperands(); ++Op)
    if (!Match(I0->getOperand(Op), Other->getOperand(Op)))
      return false;
  return true;
}

bool hasUnrollMetadata(const Loop &L) {
  MDNode *ID = L.getLoopID();
  if (!ID)
    return false;
  for (const MDOperand &Op : drop_begin(ID->operands()))
    if (auto *Node = dyn_cast<MDNode>(Op))
      if (Node->getNumOperands() && isa<MDString>(Node->getOperand(0)) &&
          cast<MDString>(Node->getOperand(0))->getString().starts_with("llvm.loop.unroll."))
        return true;
  return false;
}

bool UnrolledLoop::analyze() {
  Header = L.getHeader();
  Latch = L.getLoopLatch();
  Preheader = L.getLoopPredecessor();
  if (!Latch || !Preheader || !L.isInnermost() || L.getExitingBlock() != Latch ||
      hasUnrollMetadata(L))
    return false;
  // Convergent operations (clang never runtime-unrolls loops with them):
  // merging the remainder would change which lanes run them together.
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (auto *Call = dyn_cast<CallBase>(&I); Call && Call->isConvergent())
        return false;
  if (!findCounter() || !findInduction() || !buildStream() || !checkUses() || !matchCopies())
    return false;
  // Copy 1 must start before the latch: splitting the latch would move its
  // counter code away.
  if (L.getNumBlocks() > 1 && Stream[CopySize]->getParent() == Latch)
    return false;
  MergeRemainder = Factor == 2 && Shape == IterationShape::Direct && findEpilogue() &&
                   matchRemainder();
  MergeRemainderLoop = Factor > 2 && Shape != IterationShape::Incremented &&
                       L.getNumBlocks() == 1 && findEpilogue() && matchRemainderLoop();
  return true;
}

/// The unroller's counter: `c = phi [0, preheader], [c + k, latch]`, used by
/// nothing but its increment, which only feeds the exit test against N.
bool UnrolledLoop::findCounter() {
  auto *Br = dyn_cast<BranchInst>(Latch->getTerminator());
  if (!Br || !Br->isConditional())
    return false;
  auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition());
  if (!Cmp || !Cmp->isEquality() || !Cmp->hasOneUse() ||
      L.contains(Br->getSuccessor(Cmp->getPredicate() == ICmpInst::ICMP_EQ ? 0 : 1)))
    return false;
  for (unsigned Op = 0; Op < 2; ++Op) {
    auto *Next = dyn_cast<BinaryOperator>(Cmp->getOperand(Op));
    Value *N = Cmp->getOperand(1 - Op);
    if (!Next || Next->getOpcode() != Instruction::Add || !L.isLoopInvariant(N))
      continue;
    auto *Phi = dyn_cast<PHINode>(Next->getOperand(0));
    auto *K = dyn_cast<ConstantInt>(Next->getOperand(1));
    if (!Phi || !K || Phi->getParent() != Header || Phi->getNumIncomingValues() != 2 ||
        Phi->getIncomingValueForBlock(Latch) != Next || !Phi->hasOneUse() || !Next->hasNUses(2))
      continue;
    auto *Start = dyn_cast<ConstantInt>(Phi->getIncomingValueForBlock(Preheader));
    uint64_t F = K->getZExtValue();
    if (!Start || !Start->isZero() || F < 2 || F > 16 || !isPowerOf2_64(F))
      continue;
    // Stepping by one must still meet N: it is a multiple of the factor.
    KnownBits Known = computeKnownBits(N, Header->getModule()->getDataLayout());
    if (Known.countMinTrailingZeros() < Log2_64(F))
      continue;
    Counter = Phi;
    CounterNext = Next;
    Factor = unsigned(F);
    Control.insert({Next, Cmp, Br});
    ExitCmp = Cmp;
    TripOperand = 1 - Op;
    return true;
  }
  return false;
}

/// i: the first header phi whose roots the copies use directly, else the
/// first one a Derived base is an affine function of.
bool UnrolledLoop::findInduction() {
  for (bool Derived : {false, true}) {
    for (PHINode &P : Header->phis())
      if (&P != Counter && P.getType()->isIntegerTy() &&
          (Derived ? findDerivedRoots(&P) : findRoots(&P))) {
        IV = &P;
        break;
      }
    if (IV)
      break;
  }
  if (!IV)
    return false;
  for (PHINode &P : Header->phis())
    if (&P != Counter && &P != IV)
      Carried.push_back(&P);
  return true;
}

/// Instructions of the loop, none a phi, whose values are \p AR + j*D for
/// j = 1..Factor-1, D * Factor being AR's step; one for each j.
bool UnrolledLoop::rootsOf(const SCEVAddRecExpr *AR, Type *Ty,
                           SmallVectorImpl<Instruction *> &Found, const SCEV *&D) const {
  const SCEV *Step = AR->getStepRecurrence(SE);
  const SCEV *K = SE.getConstant(Ty, Factor);
  SmallVector<std::pair<const SCEV *, Instruction *>, 16> Candidates;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (&I == IVNext || I.getType() != Ty || isa<PHINode>(I) || !SE.isSCEVable(I.getType()))
        continue;
      auto *IAR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(&I));
      if (!IAR || IAR->getLoop() != &L || !IAR->isAffine() || IAR->getStepRecurrence(SE) != Step)
        continue;
      const SCEV *Diff = SE.getMinusSCEV(IAR->getStart(), AR->getStart());
      if (!isa<SCEVCouldNotCompute>(Diff))
        Candidates.push_back({Diff, &I});
    }
  // D: the candidate whose Factor-fold is the step.
  D = nullptr;
  for (auto &[Diff, I] : Candidates)
    if (SE.getMulExpr(Diff, K) == Step) {
      D = Diff;
      break;
    }
  if (!D || D->isZero())
    return false;
  Found.assign(Factor, nullptr);
  for (unsigned J = 1; J < Factor; ++J) {
    const SCEV *Want = SE.getMulExpr(D, SE.getConstant(Ty, J));
    for (auto &[Diff, I] : Candidates) {
      if (Diff != Want)
        continue;
      if (Found[J])
        return false; // two values for one root: which one a copy uses is unclear
      Found[J] = I;
    }
    if (!Found[J])
      return false;
  }
  return true;
}

/// The affine header phi \p P with its in-loop increment, if the loop steps
/// it: its increment, or nullptr.
static Instruction *steppedBy(PHINode *P, Loop &L, ScalarEvolution &SE, BasicBlock *Latch) {
  auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(P));
  if (!AR || AR->getLoop() != &L || !AR->isAffine())
    return nullptr;
  auto *Next = dyn_cast<Instruction>(P->getIncomingValueForBlock(Latch));
  if (!Next || !L.contains(Next) || isa<PHINode>(Next))
    return nullptr;
  return Next;
}

/// Roots of \p P: instructions whose value is P + j*Offset with
/// Offset * Factor = P's step, one for each j in 1..Factor-1. Where the loop
/// uses P's increment, the copies are shifted by one (Incremented).
bool UnrolledLoop::findRoots(PHINode *P) {
  IVNext = steppedBy(P, L, SE, Latch);
  SmallVector<Instruction *, 8> Found;
  const SCEV *D = nullptr;
  if (!IVNext || !rootsOf(cast<SCEVAddRecExpr>(SE.getSCEV(P)), P->getType(), Found, D)) {
    IVNext = nullptr;
    return false;
  }
  Offset = D;
  Roots = std::move(Found);
  for (unsigned J = 1; J < Factor; ++J)
    Control.insert(Roots[J]);
  Control.insert(IVNext);
  if (any_of(IVNext->users(), [&](User *U) { return U != P && L.contains(cast<Instruction>(U)); }))
    Shape = IterationShape::Incremented;
  return true;
}

/// A Derived base for \p P: the first loop instruction B (P's type, constant
/// step T a multiple of P's S) that has roots B + j*T/Factor, and whose
/// value in the rolled loop, where P steps by S/Factor, is T/S * P plus a
/// loop-invariant start.
bool UnrolledLoop::findDerivedRoots(PHINode *P) {
  IVNext = steppedBy(P, L, SE, Latch);
  auto *AR = IVNext ? cast<SCEVAddRecExpr>(SE.getSCEV(P)) : nullptr;
  auto *S = AR ? dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE)) : nullptr;
  if (!S || S->getAPInt().isZero() || S->getAPInt().srem(int64_t(Factor))) {
    IVNext = nullptr;
    return false;
  }
  const APInt &SI = S->getAPInt();
  APInt Delta = SI.sdiv(int64_t(Factor));
  SCEVExpander Expander(SE, Header->getModule()->getDataLayout(), "reroll");
  for (BasicBlock &BB : *Header->getParent()) {
    if (!L.contains(&BB))
      continue;
    for (Instruction &B : BB) {
      auto *BAR = B.getType() == P->getType() && !isa<PHINode>(B) && &B != IVNext
                      ? dyn_cast<SCEVAddRecExpr>(SE.getSCEV(&B))
                      : nullptr;
      auto *T = BAR && BAR->getLoop() == &L && BAR->isAffine()
                    ? dyn_cast<SCEVConstant>(BAR->getStepRecurrence(SE))
                    : nullptr;
      SmallVector<Instruction *, 8> Found;
      const SCEV *D = nullptr;
      if (!T || !T->getAPInt().srem(SI).isZero() || !rootsOf(BAR, P->getType(), Found, D))
        continue;
      APInt Scale = T->getAPInt().sdiv(SI);
      // Copy j's root is Base's value j rolled iterations on.
      if (SE.getMulExpr(SE.getConstant(Scale), SE.getConstant(Delta)) != D)
        continue;
      const SCEV *Start =
          SE.getMinusSCEV(BAR->getStart(), SE.getMulExpr(SE.getConstant(Scale), AR->getStart()));
      if (!SE.isLoopInvariant(Start, &L) ||
          !Expander.isSafeToExpandAt(Start, Preheader->getTerminator()))
        continue;
      Base = &B;
      Roots = std::move(Found);
      if (!collectChain(P)) {
        Base = nullptr;
        Chain.clear();
        continue;
      }
      Shape = IterationShape::Derived;
      BaseScale = Scale;
      BaseStart = Start;
      Offset = SE.getConstant(Delta);
      Control.insert(Chain.begin(), Chain.end());
      Control.insert(Roots.begin() + 1, Roots.end());
      Control.insert({Base, IVNext});
      return true;
    }
  }
  IVNext = nullptr;
  return false;
}

/// Chain: what Base and the roots compute from in the loop, back to i (\p P),
/// all of it pure and none of it the loop's control.
bool UnrolledLoop::collectChain(PHINode *P) {
  SmallVector<Instruction *, 16> Work(Roots.begin() + 1, Roots.end());
  Work.push_back(Base);
  while (!Work.empty()) {
    Instruction *I = Work.pop_back_val();
    for (Value *Op : I->operands()) {
      auto *OI = dyn_cast<Instruction>(Op);
      if (!OI || !L.contains(OI) || OI == P || OI == Base || is_contained(Roots, OI))
        continue;
      if (isa<PHINode>(OI) || Control.count(OI) || OI == IVNext || OI->mayHaveSideEffects() ||
          OI->mayReadFromMemory())
        return false;
      if (Chain.insert(OI).second)
        Work.push_back(OI);
    }
  }
  return true;
}

/// The loop's instructions in block order, less the header phis and Control.
bool UnrolledLoop::buildStream() {
  SmallVector<BasicBlock *, 16> Blocks;
  for (BasicBlock &BB : *Header->getParent())
    if (L.contains(&BB))
      Blocks.push_back(&BB);
  if (Blocks.front() != Header || Blocks.back() != Latch)
    return false;
  for (BasicBlock *BB : Blocks) {
    if (BB != Header && BB == Latch && isa<PHINode>(BB->front()))
      return false; // a join of the last copy's values: not matched
    for (Instruction &I : *BB) {
      if ((BB == Header && isa<PHINode>(I)) || Control.count(&I) || I.isDebugOrPseudoInst())
        continue;
      if (!BlockStart.count(BB))
        BlockStart[BB] = Stream.size();
      Position[&I] = Stream.size();
      Stream.push_back(&I);
    }
    if (!BlockStart.count(BB)) {
      if (BB != Latch)
        return false;
      BlockStart[BB] = ~0u; // set below
    }
  }
  if (Stream.empty() || Stream.size() % Factor)
    return false;
  if (BlockStart[Latch] == ~0u)
    BlockStart[Latch] = Stream.size();
  for (auto &[BB, Start] : BlockStart)
    BlockAt[Start] = BB;
  CopySize = Stream.size() / Factor;
  return true;
}

/// Who may use what: copies other than the last only inside the loop; the
/// last also by the carried phis (their latch value) and the exit blocks;
/// header phis never outside; the roots by their own copy or the increments.
bool UnrolledLoop::checkUses() const {
  for (Instruction *I : Stream) {
    unsigned Copy = Position.lookup(I) / CopySize;
    for (User *U : I->users()) {
      auto *UI = cast<Instruction>(U);
      if (!L.contains(UI)) {
        if (Copy != Factor - 1)
          return false;
        continue;
      }
      if (position(UI) >= 0)
        continue;
      auto *Phi = dyn_cast<PHINode>(UI);
      if (!Phi || !is_contained(Carried, Phi) || Copy != Factor - 1 ||
          Phi->getIncomingValueForBlock(Latch) != I)
        return false;
    }
  }
  for (PHINode &P : Header->phis())
    for (User *U : P.users())
      if (!L.contains(cast<Instruction>(U)))
        return false;
  for (PHINode *P : Carried) {
    int Pos = position(P->getIncomingValueForBlock(Latch));
    if (Pos < int((Factor - 1) * CopySize))
      return false;
  }
  // The iteration's values: each used by its copy alone (or by none).
  std::optional<unsigned> None;
  if (!usedOnlyBy(IV, Shape == IterationShape::Direct ? std::optional<unsigned>(0) : None))
    return false;
  for (unsigned J = 0; J < Factor; ++J)
    if (iteration(J) != IV && iteration(J) != IVNext &&
        !usedOnlyBy(cast<Instruction>(iteration(J)), J))
      return false;
  for (Instruction *I : Chain)
    if (!usedOnlyBy(I, None))
      return false;
  for (User *U : IVNext->users()) {
    auto *UI = cast<Instruction>(U);
    int Pos = position(UI);
    bool InLast = Shape == IterationShape::Incremented && Pos >= 0 &&
                  unsigned(Pos) / CopySize == Factor - 1;
    if (UI != IV && L.contains(UI) && !InLast)
      return false;
  }
  return true;
}

/// Whether \p I is used by nothing but copy \p Copy's instructions and what
/// computes the iterations.
bool UnrolledLoop::usedOnlyBy(Instruction *I, std::optional<unsigned> Copy) const {
  for (User *U : I->users()) {
    auto *UI = cast<Instruction>(U);
    int Pos = position(UI);
    bool OK = UI == IVNext || UI == Base || is_contained(Roots, UI) || Chain.count(UI) ||
              (Pos >= 0 && Copy && unsigned(Pos) / CopySize == *Copy);
    if (!OK)
      return false;
  }
  return true;
}

/// The block of copy \p Copy at the position of copy 0's \p B0 (the start of
/// copy 1 for copy 0 stands for the start of the next copy).
BasicBlock *UnrolledLoop::blockInCopy(BasicBlock *B0, unsigned Copy) const {
  auto It = BlockStart.find(B0);
  if (It == BlockStart.end() || It->second > CopySize)
    return nullptr;
  return BlockAt.lookup(Copy * CopySize + It->second);
}

bool UnrolledLoop::matchValue(Value *V0, Value *Vj, unsigned Copy) const {
  if (auto *B0 = dyn_cast<BasicBlock>(V0))
    return blockInCopy(B0, Copy) == Vj;
  int P0 = position(V0);
  if (P0 >= 0)
    return unsigned(P0) < CopySize && position(Vj) == int(Copy * CopySize + P0);
  if (V0 == iteration(0))
    return Vj == iteration(Copy);
  if (auto *Phi = dyn_cast<PHINode>(V0); Phi && is_contained(Carried, Phi)) {
    int Last = position(Phi->getIncomingValueForBlock(Latch));
    return position(Vj) == int((Copy - 1) * CopySize + Last % CopySize);
  }
  if (auto *I = dyn_cast<Instruction>(V0); I && L.contains(I))
    return false; // the counter, a root or an increment in copy 0
  return V0 == Vj;
}

bool UnrolledLoop::matchCopies() const {
  // Copy 0 may leave only for copy 1's start.
  for (unsigned P = 0; P < CopySize; ++P)
    if (Instruction *T = Stream[P]; T->isTerminator())
      for (BasicBlock *S : successors(T))
        if (!blockInCopy(S, 0))
          return false;
  for (unsigned J = 1; J < Factor; ++J)
    for (unsigned P = 0; P < CopySize; ++P)
      if (!repeats(
              Stream[P], Stream[J * CopySize + P],
              [&](Value *V0, Value *Vj) { return matchValue(V0, Vj, J); },
              [&](BasicBlock *B0) { return blockInCopy(B0, J); }))
        return false;
  return true;
}

/// The runtime unroller's epilogue: N = Trip & -k (an `and` whose other
/// cleared bits are known zero in Trip), the loop's exit a join whose other
/// predecessor bypasses the loop, and a branch there that runs the remainder
/// (for k = 2 one more copy of the body, on Trip's parity; for k > 2 a loop
/// of Trip % k iterations) or skips to the block after it.
bool UnrolledLoop::findEpilogue() {
  auto *And = dyn_cast<BinaryOperator>(ExitCmp->getOperand(TripOperand));
  if (!And || And->getOpcode() != Instruction::And)
    return false;
  const unsigned LowBits = Log2_32(Factor);
  for (unsigned Op = 0; Op < 2 && !Trip; ++Op) {
    auto *Mask = dyn_cast<ConstantInt>(And->getOperand(1 - Op));
    if (!Mask || !Mask->getValue().extractBits(LowBits, 0).isZero())
      continue;
    Value *T = And->getOperand(Op);
    APInt Cleared = ~Mask->getValue();
    Cleared.clearLowBits(LowBits);
    KnownBits Known = computeKnownBits(T, Header->getModule()->getDataLayout());
    Cleared &= ~Known.Zero;
    if (Cleared.isSignMask() && SE.isLoopEntryGuardedByCond(&L, ICmpInst::ICMP_SGE, SE.getSCEV(T),
                                                            SE.getZero(T->getType())))
      Cleared.clearAllBits();
    if (Cleared.isZero())
      Trip = T;
  }
  if (!Trip)
    return false;
  auto *LatchBr = cast<BranchInst>(Latch->getTerminator());
  Join = LatchBr->getSuccessor(L.contains(LatchBr->getSuccessor(0)) ? 1 : 0);
  if (Join == Preheader || !Join->hasNPredecessors(2))
    return false;
  for (BasicBlock *Pred : predecessors(Join))
    if (Pred != Latch)
      Bypass = Pred;
  if (!Bypass || L.contains(Bypass))
    return false;
  auto *Br = dyn_cast<BranchInst>(Join->getTerminator());
  if (!Br || !Br->isConditional())
    return false;
  // Nothing in the join but its phis, the branch and what computes its
  // condition.
  for (Instruction &I : *Join)
    if (!isa<PHINode>(I) && &I != Br && (I.mayHaveSideEffects() || any_of(I.users(), [&](User *U) {
                                           return cast<Instruction>(U)->getParent() != Join;
                                         })))
      return false;
  return true;
}

/// Bit 0 of \p V where Trip's is \p TripOdd, if V's bit 0 follows from it.
std::optional<bool> UnrolledLoop::parity(Value *V, bool TripOdd, unsigned Depth) const {
  if (V == Trip)
    return TripOdd;
  if (auto *C = dyn_cast<ConstantInt>(V))
    return C->getValue()[0];
  if (Depth > 6)
    return std::nullopt;
  // Trip = V + c (the trip count one more than a computed value).
  if (auto *T = dyn_cast<BinaryOperator>(Trip); T && T->getOpcode() == Instruction::Add)
    for (unsigned Op = 0; Op < 2; ++Op)
      if (T->getOperand(Op) == V)
        if (auto *C = dyn_cast<ConstantInt>(T->getOperand(1 - Op)))
          return TripOdd != C->getValue()[0];
  if (auto *Cast = dyn_cast<CastInst>(V);
      Cast && (isa<ZExtInst>(Cast) || isa<SExtInst>(Cast) || isa<TruncInst>(Cast)))
    return parity(Cast->getOperand(0), TripOdd, Depth + 1);
  auto *B = dyn_cast<BinaryOperator>(V);
  if (!B)
    return std::nullopt;
  std::optional<bool> A = parity(B->getOperand(0), TripOdd, Depth + 1);
  std::optional<bool> C = parity(B->getOperand(1), TripOdd, Depth + 1);
  switch (B->getOpcode()) {
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Xor:
    if (A && C)
      return *A != *C;
    return std::nullopt;
  case Instruction::And:
  case Instruction::Mul:
    if ((A && !*A) || (C && !*C))
      return false;
    if (A && C)
      return true;
    return std::nullopt;
  case Instruction::Or:
    if ((A && *A) || (C && *C))
      return true;
    if (A && C)
      return false;
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

/// The value of the i1 \p Cond where Trip's bit 0 is \p TripOdd, if that
/// decides it: compares of a value in {0, 1} (x & 1) with 0 or 1, negation,
/// and, or.
std::optional<bool> UnrolledLoop::evaluate(Value *Cond, bool TripOdd) const {
  if (auto *C = dyn_cast<ConstantInt>(Cond))
    return C->isOne();
  if (auto *Cmp = dyn_cast<ICmpInst>(Cond); Cmp && Cmp->isEquality()) {
    auto *Bit = dyn_cast<BinaryOperator>(Cmp->getOperand(0));
    auto *C = dyn_cast<ConstantInt>(Cmp->getOperand(1));
    if (!Bit || !C || Bit->getOpcode() != Instruction::And || !match(Bit->getOperand(1), m_One()) ||
        C->getValue().ugt(1))
      return std::nullopt;
    std::optional<bool> P = parity(Bit->getOperand(0), TripOdd);
    if (!P)
      return std::nullopt;
    return (*P == C->isOne()) == (Cmp->getPredicate() == ICmpInst::ICMP_EQ);
  }
  Value *A, *B;
  if (match(Cond, m_Not(m_Value(A))))
    if (std::optional<bool> V = evaluate(A, TripOdd))
      return !*V;
  if (match(Cond, m_LogicalOr(m_Value(A), m_Value(B)))) {
    std::optional<bool> X = evaluate(A, TripOdd), Y = evaluate(B, TripOdd);
    if ((X && *X) || (Y && *Y))
      return true;
    if (X && Y)
      return false;
  }
  if (match(Cond, m_LogicalAnd(m_Value(A), m_Value(B)))) {
    std::optional<bool> X = evaluate(A, TripOdd), Y = evaluate(B, TripOdd);
    if ((X && !*X) || (Y && !*Y))
      return false;
    if (X && Y)
      return true;
  }
  return std::nullopt;
}

/// The remainder is copy 0 again, with the join's phis for i and the carried
/// values. Either the join's branch is the parity test alone (the remainder
/// starts at body position 0), or simplifycfg folded the body's first branch
/// `br C, next, end` into it: `br (skip || !C), after, next`.
bool UnrolledLoop::matchRemainder() {
  mapJoinPhis();
  BasicBlock *Start = nullptr;
  unsigned First = 0;
  if (!readJoinBranch(Start, First))
    return false;
  if (L.contains(After) || L.contains(Start) || Start == After)
    return false;
  return collectRemainder(Start, First) && remainderRepeatsCopy0(First) &&
         remainderUsedOnlyAfter(First) &&
         joinPhisUsedOnlyAfter([&](Instruction *I) { return RemainderPos.count(I) != 0; }) &&
         enterableFromBypass();
}

/// AtJoin: the join's phis that stand for i and the carried phis there (the
/// loop's next value from the latch, their start from the bypass).
void UnrolledLoop::mapJoinPhis() {
  for (PHINode &P : Join->phis()) {
    Value *FromLoop = P.getIncomingValueForBlock(Latch);
    if (FromLoop == IVNext && P.getIncomingValueForBlock(Bypass) ==
                                  IV->getIncomingValueForBlock(Preheader))
      AtJoin[IV] = &P;
    for (PHINode *Q : Carried)
      if (FromLoop == Q->getIncomingValueForBlock(Latch) &&
          P.getIncomingValueForBlock(Bypass) ==
              Q->getIncomingValueForBlock(Preheader))
        AtJoin[Q] = &P;
  }
}

/// The join's branch: where it skips the remainder (SkipOnTrue, After), the
/// remainder's first block \p Start and the body position \p First it
/// starts at (1 where the branch stands for the body's first one).
bool UnrolledLoop::readJoinBranch(BasicBlock *&Start, unsigned &First) {
  auto *Br = cast<BranchInst>(Join->getTerminator());
  Value *Cond = Br->getCondition();
  std::optional<bool> Even = evaluate(Cond, false), Odd = evaluate(Cond, true);
  if (Even && Odd && *Even != *Odd) {
    SkipOnTrue = *Even;
    After = Br->getSuccessor(SkipOnTrue ? 0 : 1);
    Start = Br->getSuccessor(SkipOnTrue ? 1 : 0);
    First = 0;
    return true;
  }
  // Folded: skip || !C, after on true.
  Value *A, *B, *C;
  auto *Head = dyn_cast<BranchInst>(Stream[0]);
  if (!Head || !Head->isConditional() ||
      !match(Cond, m_LogicalOr(m_Value(A), m_Value(B))))
    return false;
  if (!match(B, m_Not(m_Value(C))))
    std::swap(A, B);
  Even = evaluate(A, false);
  Odd = evaluate(A, true);
  if (!match(B, m_Not(m_Value(C))) || !Even || !Odd || !*Even || *Odd)
    return false;
  // Only loop-invariant conditions: the join has no copy of the body's values.
  if (!L.isLoopInvariant(C) || C != Head->getCondition() ||
      BlockStart.lookup(Head->getSuccessor(1)) != CopySize ||
      BlockStart.lookup(Head->getSuccessor(0)) != 1)
    return false;
  SkipOnTrue = true;
  After = Br->getSuccessor(0);
  Start = Br->getSuccessor(1);
  First = 1;
  return true;
}

/// Remainder: the instructions in block order from \p Start, as many as copy
/// 0 has (from position \p First), their blocks and positions; a remainder
/// of a one-block body then branches to the block after it.
bool UnrolledLoop::collectRemainder(BasicBlock *Start, unsigned First) {
  Remainder.assign(First, nullptr);
  if (First) {
    RemainderStart[Join] = 0;
    RemainderAt[0] = Join;
  }
  Instruction *Tail = nullptr;
  for (BasicBlock *BB = Start; BB && Remainder.size() < CopySize;
       BB = BB->getNextNode()) {
    if (BB == After || BB == Join || L.contains(BB))
      return false;
    for (Instruction &I : *BB) {
      if (I.isDebugOrPseudoInst())
        continue;
      if (Remainder.size() == CopySize) {
        Tail = &I;
        break;
      }
      if (!RemainderStart.count(BB)) {
        RemainderStart[BB] = Remainder.size();
        RemainderAt[Remainder.size()] = BB;
      }
      Remainder.push_back(&I);
    }
  }
  if (Remainder.size() != CopySize)
    return false;
  // A body of one block ends in the latch's counter code: the remainder in a
  // branch to the block after it.
  if (!Remainder.back()->isTerminator()) {
    auto *TailBr = dyn_cast_or_null<BranchInst>(Tail);
    if (!TailBr || TailBr->isConditional() || TailBr->getSuccessor(0) != After)
      return false;
  }
  for (unsigned P = First; P < CopySize; ++P)
    RemainderPos[Remainder[P]] = P;
  return true;
}

/// Copy 0's block at the same position in the remainder; copy 1's start is
/// the block after the remainder.
BasicBlock *UnrolledLoop::blockInRemainder(BasicBlock *B0) const {
  auto It = BlockStart.find(B0);
  if (It == BlockStart.end() || It->second > CopySize)
    return nullptr;
  return It->second == CopySize ? After : RemainderAt.lookup(It->second);
}

/// Whether the remainder from position \p First repeats copy 0: values at
/// the same position, i and the carried phis against the join's phis for
/// them, the same value outside the loop.
bool UnrolledLoop::remainderRepeatsCopy0(unsigned First) const {
  auto Matches = [&](Value *V0, Value *Vr) {
    if (auto *B0 = dyn_cast<BasicBlock>(V0))
      return blockInRemainder(B0) == Vr;
    int P0 = position(V0);
    if (P0 >= 0) {
      auto *Ir = dyn_cast<Instruction>(Vr);
      return unsigned(P0) < CopySize && Ir && RemainderPos.count(Ir) &&
             RemainderPos.lookup(Ir) == unsigned(P0);
    }
    if (V0 == IV ||
        (isa<PHINode>(V0) && is_contained(Carried, cast<PHINode>(V0))))
      return AtJoin.lookup(V0) && AtJoin.lookup(V0) == Vr;
    if (auto *I = dyn_cast<Instruction>(V0); I && L.contains(I))
      return false;
    return V0 == Vr;
  };
  auto BlockInRemainder = [&](BasicBlock *B0) { return blockInRemainder(B0); };
  for (unsigned P = First; P < CopySize; ++P)
    if (!repeats(Stream[P], Remainder[P], Matches, BlockInRemainder))
      return false;
  return true;
}

/// Who sees the remainder's values: the remainder, and the phis of the block
/// after it, whose value from the join must be the loop's exit value of the
/// same body value.
bool UnrolledLoop::remainderUsedOnlyAfter(unsigned First) const {
  SmallPtrSet<BasicBlock *, 8> RemainderBlocks;
  for (auto &[BB, Pos] : RemainderStart)
    if (BB != Join)
      RemainderBlocks.insert(BB);
  for (PHINode &P : After->phis())
    for (unsigned In = 0; In < P.getNumIncomingValues(); ++In) {
      if (!RemainderBlocks.count(P.getIncomingBlock(In)))
        continue;
      auto *Ir = dyn_cast<Instruction>(P.getIncomingValue(In));
      if (!Ir || !RemainderPos.count(Ir))
        return false;
      auto *FromJoin = dyn_cast<PHINode>(P.getIncomingValueForBlock(Join));
      Instruction *LastCopy =
          Stream[(Factor - 1) * CopySize + RemainderPos.lookup(Ir)];
      if (!FromJoin || FromJoin->getParent() != Join ||
          FromJoin->getIncomingValueForBlock(Latch) != LastCopy)
        return false;
    }
  for (unsigned P = First; P < CopySize; ++P)
    for (User *U : Remainder[P]->users()) {
      auto *UI = cast<Instruction>(U);
      if (!RemainderPos.count(UI) &&
          !(isa<PHINode>(UI) && UI->getParent() == After))
        return false;
    }
  return true;
}

/// Who sees the join's phis: the remainder (\p InRemainder), and the phis
/// of the block after it as their value from the join; those phis take only
/// join phis from it.
bool UnrolledLoop::joinPhisUsedOnlyAfter(
    function_ref<bool(Instruction *)> InRemainder) const {
  for (PHINode &P : Join->phis())
    for (User *U : P.users()) {
      auto *UI = cast<Instruction>(U);
      if (InRemainder(UI))
        continue;
      auto *Phi = dyn_cast<PHINode>(UI);
      if (!Phi || Phi->getParent() != After)
        return false;
      for (unsigned In = 0; In < Phi->getNumIncomingValues(); ++In)
        if (Phi->getIncomingValue(In) == &P && Phi->getIncomingBlock(In) != Join)
          return false;
    }
  for (PHINode &P : After->phis())
    if (P.getBasicBlockIndex(Join) >= 0) {
      auto *FromJoin = dyn_cast<PHINode>(P.getIncomingValueForBlock(Join));
      if (!FromJoin || FromJoin->getParent() != Join)
        return false;
    }
  return true;
}

/// The loop is also entered from the bypass: what it uses from outside must
/// be there too.
bool UnrolledLoop::enterableFromBypass() const {
  auto Available = [&](Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    return !I || L.contains(I) || DT.dominates(I, Bypass->getTerminator());
  };
  // (Trip itself enters only from the preheader: it dominates N there.)
  if (!SE.dominates(Offset, Bypass) || !DT.dominates(Bypass, Preheader))
    return false;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      for (Use &U : I.operands())
        if (&U != &ExitCmp->getOperandUse(TripOperand) && !Available(U.get()))
          return false;
  return true;
}

/// The remainder loop of a k > 2 unrolling: the join's branch tests Trip % k
/// (`(Trip & (k-1)) == 0` skips to After), the other way a loop of one block
/// entered from the join alone and leaving to After, with i from the join's
/// phi for it stepping by one iteration, a counter from 0 against Trip % k,
/// the carried values from the join's phis for them, and copy 0's body.
bool UnrolledLoop::matchRemainderLoop() {
  auto *Br = cast<BranchInst>(Join->getTerminator());
  ICmpInst::Predicate Pred;
  Value *Rem = nullptr;
  if (!match(Br->getCondition(), m_ICmp(Pred, m_Value(Rem), m_Zero())) ||
      !ICmpInst::isEquality(Pred) ||
      !match(Rem, m_And(m_Specific(Trip), m_SpecificInt(Factor - 1))))
    return false;
  After = Br->getSuccessor(Pred == ICmpInst::ICMP_EQ ? 0 : 1);
  RemBlock = Br->getSuccessor(Pred == ICmpInst::ICMP_EQ ? 1 : 0);
  if (RemBlock == After || RemBlock == Join || L.contains(RemBlock) || L.contains(After) ||
      !RemBlock->hasNPredecessors(2) || !is_contained(predecessors(RemBlock), Join) ||
      !is_contained(predecessors(RemBlock), RemBlock))
    return false;
  auto *RemBr = dyn_cast<BranchInst>(RemBlock->getTerminator());
  if (!RemBr || !RemBr->isConditional() ||
      !is_contained(successors(RemBlock), After))
    return false;
  mapJoinPhis();
  if (!AtJoin.lookup(IV) || !readRemainderLoopPhis())
    return false;
  // The exit test: `icmp eq (c + 1), Trip % k`, After when it holds.
  auto *Cmp = dyn_cast<ICmpInst>(RemBr->getCondition());
  if (!Cmp || !Cmp->hasOneUse() || !Cmp->isEquality() ||
      RemBr->getSuccessor(Cmp->getPredicate() == ICmpInst::ICMP_EQ ? 0 : 1) != After ||
      !((Cmp->getOperand(0) == RemCounterNext && Cmp->getOperand(1) == Rem) ||
        (Cmp->getOperand(1) == RemCounterNext && Cmp->getOperand(0) == Rem)))
    return false;
  RemCmp = Cmp;
  if (Shape == IterationShape::Derived && !findRemainderBase())
    return false;
  for (Instruction &I : *RemBlock)
    if (!isa<PHINode>(I) && !I.isDebugOrPseudoInst() && &I != RemIVNext &&
        &I != RemCounterNext && &I != RemCmp && &I != RemBr && &I != RemBase &&
        !RemChain.count(&I)) {
      RemStreamPos[&I] = RemStream.size();
      RemStream.push_back(&I);
    }
  // The bypass chooses between the join and the loop; the loop, entered
  // from it for every trip count but 0, needs Trip there.
  auto *BypassBr = dyn_cast<BranchInst>(Bypass->getTerminator());
  auto *TripI = dyn_cast<Instruction>(Trip);
  if (!BypassBr || !BypassBr->isConditional() ||
      !is_contained(successors(Bypass), Preheader) || !DT.dominates(Bypass, Preheader) ||
      (TripI && !DT.dominates(TripI, BypassBr)))
    return false;
  return RemStream.size() == CopySize && remainderLoopRepeatsCopy0() &&
         remainderLoopUsedOnlyAfter();
}

/// The remainder loop's phis: i (from the join's phi for it, stepping by one
/// iteration), the counter (from 0, by 1, used only by its exit test), and
/// one for each carried phi (from the join's phi for it).
bool UnrolledLoop::readRemainderLoopPhis() {
  for (PHINode &P : RemBlock->phis()) {
    Value *In = P.getIncomingValueForBlock(Join);
    auto *Next = dyn_cast<Instruction>(P.getIncomingValueForBlock(RemBlock));
    if (!Next || Next->getParent() != RemBlock)
      return false;
    Value *Step = nullptr;
    if (In == AtJoin.lookup(IV) && !RemIV && match(Next, m_Add(m_Specific(&P), m_Value(Step))) &&
        SE.isSCEVable(Step->getType()) && SE.getSCEV(Step) == Offset) {
      RemIV = &P;
      RemIVNext = Next;
      continue;
    }
    if (match(In, m_Zero()) && !RemCounter && match(Next, m_Add(m_Specific(&P), m_One())) &&
        P.hasOneUse() && Next->hasNUses(2)) {
      RemCounter = &P;
      RemCounterNext = Next;
      continue;
    }
    auto Q = find_if(Carried, [&](PHINode *C) { return AtJoin.lookup(C) == In; });
    if (Q == Carried.end() || RemCarried.count(*Q))
      return false;
    RemCarried[*Q] = &P;
  }
  return RemIV && RemCounter && RemCarried.size() == Carried.size() &&
         all_of(RemIVNext->users(), [&](User *U) {
           return U == RemIV || (isa<PHINode>(U) && cast<PHINode>(U)->getParent() == After);
         });
}

/// Derived shape: the remainder's instruction computing Base from its i by
/// the same pure instructions as copy 0 does from i, and those instructions
/// (RemChain), which nothing else uses.
bool UnrolledLoop::findRemainderBase() {
  std::function<bool(Value *, Value *)> Same = [&](Value *V0, Value *Vr) {
    if (V0 == IV)
      return Vr == RemIV;
    auto *I0 = dyn_cast<Instruction>(V0);
    if (!I0 || !L.contains(I0))
      return V0 == Vr;
    auto *Ir = dyn_cast<Instruction>(Vr);
    if ((I0 != Base && !Chain.count(I0)) || !Ir || Ir->getParent() != RemBlock ||
        isa<PHINode>(Ir) || !I0->isSameOperationAs(Ir))
      return false;
    for (unsigned Op = 0; Op < I0->getNumOperands(); ++Op)
      if (!Same(I0->getOperand(Op), Ir->getOperand(Op)))
        return false;
    return true;
  };
  for (Instruction &I : *RemBlock)
    if (!isa<PHINode>(I) && Same(Base, &I)) {
      RemBase = &I;
      break;
    }
  if (!RemBase)
    return false;
  SmallVector<Instruction *, 8> Work{RemBase};
  while (!Work.empty())
    for (Value *Op : Work.pop_back_val()->operands())
      if (auto *OI = dyn_cast<Instruction>(Op);
          OI && OI->getParent() == RemBlock && OI != RemIV && RemChain.insert(OI).second)
        Work.push_back(OI);
  // i and the chain serve Base alone (and i its increment).
  auto InChain = [&](User *U) {
    auto *UI = cast<Instruction>(U);
    return UI == RemBase || RemChain.count(UI);
  };
  if (!all_of(RemIV->users(), [&](User *U) { return U == RemIVNext || InChain(U); }))
    return false;
  return all_of(RemChain, [&](Instruction *I) { return all_of(I->users(), InChain); });
}

/// Whether the remainder loop's body repeats copy 0: values at the same
/// position, i (Base) and the carried phis against the remainder's phis
/// for them, the same value outside the loop.
bool UnrolledLoop::remainderLoopRepeatsCopy0() {
  auto Matches = [&](Value *V0, Value *Vr) {
    int P0 = position(V0);
    if (P0 >= 0) {
      auto *Ir = dyn_cast<Instruction>(Vr);
      return unsigned(P0) < CopySize && Ir && RemStreamPos.count(Ir) &&
             RemStreamPos.lookup(Ir) == unsigned(P0);
    }
    if (V0 == iteration(0))
      return Vr == (Shape == IterationShape::Derived ? static_cast<Value *>(RemBase) : RemIV);
    if (auto *Phi = dyn_cast<PHINode>(V0); Phi && is_contained(Carried, Phi))
      return RemCarried.lookup(Phi) == Vr;
    if (auto *I = dyn_cast<Instruction>(V0); I && L.contains(I))
      return false;
    return V0 == Vr;
  };
  auto NoBlock = [](BasicBlock *) -> BasicBlock * { return nullptr; };
  for (unsigned P = 0; P < CopySize; ++P)
    if (!repeats(Stream[P], RemStream[P], Matches, NoBlock))
      return false;
  // Each carried value steps as in the loop: its phi there takes the value at
  // the position of the loop's (the last copy's) value for it.
  for (auto &[Q, R] : RemCarried) {
    auto *Next = dyn_cast<Instruction>(R->getIncomingValueForBlock(RemBlock));
    int Last = position(Q->getIncomingValueForBlock(Latch));
    if (!Next || !RemStreamPos.count(Next) ||
        RemStreamPos.lookup(Next) != unsigned(Last) % CopySize)
      return false;
  }
  return true;
}

/// Who sees the remainder loop's values: the loop itself, and the phis of
/// the block after it, whose value from the join must be the main loop's
/// exit value of the same body value (or i's); the join's phis as for a
/// remainder of one copy, the remainder loop's phis standing for it.
bool UnrolledLoop::remainderLoopUsedOnlyAfter() const {
  for (PHINode &P : After->phis()) {
    if (P.getBasicBlockIndex(RemBlock) < 0)
      continue;
    Value *Vr = P.getIncomingValueForBlock(RemBlock);
    auto *FromJoin = dyn_cast<PHINode>(P.getIncomingValueForBlock(Join));
    if (!FromJoin || FromJoin->getParent() != Join)
      return false;
    Value *FromLoop = FromJoin->getIncomingValueForBlock(Latch);
    auto *Ir = dyn_cast<Instruction>(Vr);
    if (Ir && RemStreamPos.count(Ir)) {
      if (FromLoop != Stream[(Factor - 1) * CopySize + RemStreamPos.lookup(Ir)])
        return false;
    } else if (Vr != RemIVNext || FromJoin != AtJoin.lookup(IV)) {
      return false;
    }
  }
  for (Instruction &I : *RemBlock)
    for (User *U : I.users()) {
      auto *UI = cast<Instruction>(U);
      if (UI->getParent() == RemBlock)
        continue;
      if (!isa<PHINode>(UI) || UI->getParent() != After || isa<PHINode>(I))
        return false;
    }
  return joinPhisUsedOnlyAfter(
      [&](Instruction *I) { return isa<PHINode>(I) && I->getParent() == RemBlock; });
}

/// The rolled loop runs all Trip iterations: the bypass enters it for every
/// trip count but 0 (and for 0 goes to the join, which skipped the
/// remainder then as well), its exit test meets Trip, and the join goes
/// straight to the block after the remainder loop, which is deleted.
void UnrolledLoop::mergeRemainderLoop() {
  auto *BypassBr = cast<BranchInst>(Bypass->getTerminator());
  auto *OldBypassCond = dyn_cast<Instruction>(BypassBr->getCondition());
  IRBuilder<> Builder(BypassBr);
  Value *Zero = ConstantInt::get(Trip->getType(), 0);
  BypassBr->setCondition(BypassBr->getSuccessor(0) == Join
                             ? Builder.CreateICmpEQ(Trip, Zero, "trip.none")
                             : Builder.CreateICmpNE(Trip, Zero, "trip.some"));
  auto *N = dyn_cast<Instruction>(ExitCmp->getOperand(TripOperand));
  ExitCmp->setOperand(TripOperand, Trip);
  auto *JoinBr = cast<BranchInst>(Join->getTerminator());
  auto *OldJoinCond = dyn_cast<Instruction>(JoinBr->getCondition());
  BranchInst::Create(After, JoinBr);
  JoinBr->eraseFromParent();
  DeleteDeadBlocks({RemBlock});
  SmallVector<WeakTrackingVH, 4> Dead;
  for (Instruction *I : {OldBypassCond, OldJoinCond, N})
    if (I)
      Dead.push_back(I);
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(Dead);
}

void UnrolledLoop::reroll() {
  mergeFlagsIntoCopy0();
  useCopy0Values();
  stepOneIteration();
  SmallVector<BasicBlock *, 8> Dead = bypassOtherCopies();
  eraseOtherCopies(Dead);
  if (MergeRemainder)
    enterLoopForRemainder();
  if (MergeRemainderLoop)
    mergeRemainderLoop();
}

/// Copy 0 now also stands for the other copies' iterations (and the
/// remainder's): the flags and metadata all of them allow.
void UnrolledLoop::mergeFlagsIntoCopy0() {
  auto Merge = [](Instruction *I0, Instruction *Ij) {
    I0->andIRFlags(Ij);
    // andIRFlags keeps uitofp's nneg in LLVM 19.
    if (auto *NonNeg = dyn_cast<PossiblyNonNegInst>(I0))
      if (!cast<PossiblyNonNegInst>(Ij)->hasNonNeg())
        NonNeg->setNonNeg(false);
    combineMetadataForCSE(I0, Ij, /*DoesKMove=*/true);
  };
  for (unsigned J = 1; J < Factor; ++J)
    for (unsigned P = 0; P < CopySize; ++P)
      Merge(Stream[P], Stream[J * CopySize + P]);
  if (MergeRemainder)
    for (unsigned P = 0; P < CopySize; ++P)
      if (Remainder[P])
        Merge(Stream[P], Remainder[P]);
  if (MergeRemainderLoop)
    for (unsigned P = 0; P < CopySize; ++P)
      Merge(Stream[P], RemStream[P]);
}

/// The carried phis and the users after the loop take copy 0's values
/// instead of the last copy's.
void UnrolledLoop::useCopy0Values() {
  for (PHINode *Phi : Carried) {
    auto *Last = cast<Instruction>(Phi->getIncomingValueForBlock(Latch));
    Phi->setIncomingValueForBlock(Latch, counterpartInCopy0(Last));
  }
  for (unsigned P = (Factor - 1) * CopySize; P < Stream.size(); ++P)
    Stream[P]->replaceUsesWithIf(counterpartInCopy0(Stream[P]), [&](Use &U) {
      return !L.contains(cast<Instruction>(U.getUser()));
    });
}

/// i steps by one iteration's offset, the counter by one; the counter code
/// moves into the latch (it may sit in a copy that goes).
void UnrolledLoop::stepOneIteration() {
  SCEVExpander Expander(SE, Header->getModule()->getDataLayout(), "reroll");
  // Where the loop's entries meet: the bypass enters it too when the
  // remainder is merged.
  Value *Step = Expander.expandCodeFor(
      Offset, IV->getType(),
      (MergeRemainder ? Bypass : Preheader)->getTerminator());
  Value *Next = rollIteration(Expander, Step);
  IVNext->replaceUsesWithIf(Next, [&](Use &U) {
    return !L.contains(cast<Instruction>(U.getUser()));
  });
  IV->setIncomingValueForBlock(Latch, Next);
  CounterNext->setOperand(1, ConstantInt::get(CounterNext->getType(), 1));
  CounterNext->moveBefore(Latch->getTerminator());
  ExitCmp->moveBefore(Latch->getTerminator());
}

/// Copy 0 leaves for the latch's counter code instead of copy 1; returns the
/// blocks no longer reached from the header.
SmallVector<BasicBlock *, 8> UnrolledLoop::bypassOtherCopies() {
  SmallVector<BasicBlock *, 8> Dead;
  if (L.getNumBlocks() <= 1)
    return Dead;
  Instruction *First1 = Stream[CopySize];
  BasicBlock *Entry1 = First1->getParent();
  if (&*Entry1->getFirstNonPHIOrDbg() != First1 || Entry1 == Header)
    Entry1 = SplitBlock(Entry1, First1);
  for (BasicBlock *Pred : SmallVector<BasicBlock *, 4>(predecessors(Entry1)))
    Pred->getTerminator()->replaceSuccessorWith(Entry1, Latch);
  SmallPtrSet<BasicBlock *, 16> Live;
  SmallVector<BasicBlock *, 16> Work{Header};
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (!L.contains(BB) || !Live.insert(BB).second)
      continue;
    append_range(Work, successors(BB));
  }
  for (BasicBlock *BB : L.blocks())
    if (!Live.count(BB))
      Dead.push_back(BB);
  if (!Live.count(Entry1) && !L.contains(Entry1))
    Dead.push_back(Entry1);
  return Dead;
}

/// Deletes copies 1..k-1 outside the \p Dead blocks, i's old increment, the
/// roots and what computed them, then the dead blocks.
void UnrolledLoop::eraseOtherCopies(SmallVectorImpl<BasicBlock *> &Dead) {
  SmallPtrSet<BasicBlock *, 16> DeadSet(Dead.begin(), Dead.end());
  for (unsigned P = Stream.size(); P-- > CopySize;) {
    Instruction *I = Stream[P];
    if (DeadSet.count(I->getParent()))
      continue;
    I->replaceAllUsesWith(PoisonValue::get(I->getType()));
    I->eraseFromParent();
  }
  IVNext->replaceAllUsesWith(PoisonValue::get(IVNext->getType()));
  IVNext->eraseFromParent();
  SmallVector<Instruction *, 16> Gone(Roots.begin() + 1, Roots.end());
  if (Base)
    Gone.push_back(Base);
  append_range(Gone, Chain);
  for (Instruction *I : Gone)
    I->replaceAllUsesWith(PoisonValue::get(I->getType()));
  for (Instruction *I : Gone)
    I->eraseFromParent();
  DeleteDeadBlocks(Dead);
}

/// The loop runs every iteration on its way; where the bypass ran the
/// remainder, it enters the loop for one iteration instead. (The bypass
/// test itself is not checked: the unroller's sends trip counts below 2
/// round the loop, and a trip count of 1 reaching the loop would have made
/// the unrolled one count to 2^32 / 2.)
void UnrolledLoop::enterLoopForRemainder() {
  LLVMContext &Ctx = Header->getContext();
  Function *F = Header->getParent();
  auto *Entry = BasicBlock::Create(Ctx, "loop.entry", F, Header);
  auto *Once = BasicBlock::Create(Ctx, "remainder.loop", F, Header);
  auto *Done = BasicBlock::Create(Ctx, "loop.done", F, After);
  auto *TripPhi = PHINode::Create(Trip->getType(), 2, "trip", Entry);
  TripPhi->addIncoming(Trip, Preheader);
  TripPhi->addIncoming(ConstantInt::get(Trip->getType(), 1), Once);
  BranchInst::Create(Header, Entry);
  BranchInst::Create(Entry, Once);
  BranchInst::Create(After, Done);
  Preheader->getTerminator()->replaceSuccessorWith(Header, Entry);
  for (PHINode &P : Header->phis())
    P.setIncomingBlock(P.getBasicBlockIndex(Preheader), Entry);
  ExitCmp->setOperand(TripOperand, TripPhi);
  // The loop's exit values go straight to the block after the remainder.
  for (PHINode &P : After->phis())
    P.addIncoming(cast<PHINode>(P.getIncomingValueForBlock(Join))
                      ->getIncomingValueForBlock(Latch),
                  Done);
  Latch->getTerminator()->replaceSuccessorWith(Join, Done);
  Join->removePredecessor(Latch);
  auto *JoinBr = cast<BranchInst>(Join->getTerminator());
  BasicBlock *Start = JoinBr->getSuccessor(SkipOnTrue ? 1 : 0);
  JoinBr->setSuccessor(SkipOnTrue ? 1 : 0, Once);
  // The remainder is left without predecessors.
  if (pred_empty(Start))
    EliminateUnreachableBlocks(*F);
}

/// i + Offset, i's value in the next rolled iteration; copy 0's iteration
/// takes it (Incremented) or is recomputed from i (Derived: copy 0's
/// computation of Base was only checked for the unrolled loop's i).
Value *UnrolledLoop::rollIteration(SCEVExpander &Expander, Value *Step) {
  if (Shape == IterationShape::Derived) {
    Value *Start = Expander.expandCodeFor(BaseStart, IV->getType(), Preheader->getTerminator());
    IRBuilder<> Builder(Base);
    Value *Scaled = Builder.CreateMul(IV, ConstantInt::get(IV->getType(), BaseScale));
    Base->replaceAllUsesWith(Builder.CreateAdd(Scaled, Start, "base.rolled"));
  }
  Instruction *At = Latch->getTerminator();
  if (Shape == IterationShape::Incremented)
    At = &*Header->getFirstInsertionPt();
  auto *Next = BinaryOperator::CreateAdd(IV, Step, IV->getName() + ".rolled", At);
  if (Shape == IterationShape::Incremented)
    Roots[1]->replaceAllUsesWith(Next);
  return Next;
}

/// Rolls the first matching loop of \p F; the analyses are rebuilt per loop.
bool rerollOne(Function &F) {
  DominatorTree DT(F);
  LoopInfo LI(DT);
  TargetLibraryInfoImpl TLII(Triple(F.getParent()->getTargetTriple()));
  TargetLibraryInfo TLI(TLII, &F);
  AssumptionCache AC(F);
  ScalarEvolution SE(F, TLI, AC, DT, LI);
  for (Loop *L : LI.getLoopsInPreorder()) {
    UnrolledLoop U(*L, SE, DT);
    if (!U.analyze())
      continue;
    U.reroll();
    assert(!verifyFunction(F, &errs()) && "re-rolling left the function invalid");
    return true;
  }
  return false;
}

} // namespace

unsigned rerollRuntimeUnrolledLoops(Module &M) {
  unsigned Rolled = 0;
  if (!RerollLoops)
    return 0;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    while (rerollOne(F))
      ++Rolled;
  }
  return Rolled;
}

} // namespace ferry
