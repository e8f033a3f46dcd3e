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
/// - the loop's instructions, in block order and without the header phis,
///   the roots, the counter and the increments, split into k runs of equal
///   length in which run j is run 0 instruction by instruction: the same
///   operation, operands that are the same outside value, the same position
///   in their run, i in run 0 against root j in run j, or a loop-carried
///   header phi in run 0 against its value computed by run j-1; branch
///   targets and phi blocks at the same position; run 0 ends where run 1
///   starts, and the last run where the latch's counter code starts;
/// - values of runs other than the last are used only inside the loop, and
///   the header phis not outside it.
/// Then run 0 is the loop's body: its wrap and fast-math flags become the
/// intersection over the runs (metadata merged as CSE does), the carried
/// phis and the loop's exit values take run 0's instead of the last run's,
/// i steps by d, the counter by 1, and runs 1..k-1 are deleted. The
/// remainder is untouched. `-mllvm -ferry-reroll-loops=false` turns it off.
///
//===----------------------------------------------------------------------===//
#include "LoopRerolling.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/KnownBits.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

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
  UnrolledLoop(Loop &L, ScalarEvolution &SE) : L(L), SE(SE) {}

  /// Whether the loop is runtime-unrolled and its copies match.
  bool analyze();
  /// Keeps copy 0 as the body. Only after analyze() said yes.
  void reroll();

private:
  bool findCounter();
  bool findInduction();
  bool findRoots(PHINode *P);
  bool buildStream();
  bool checkUses() const;
  bool matchCopies() const;
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

  Loop &L;
  ScalarEvolution &SE;
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
  /// Roots[j]: i + j*Offset for j = 1..Factor-1 (Roots[0] is unused).
  SmallVector<Instruction *, 8> Roots;
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
};

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
  return findCounter() && findInduction() && buildStream() && checkUses() && matchCopies();
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
        Phi->getIncomingValueForBlock(Latch) != Next || !Phi->hasOneUse() ||
        !Next->hasNUses(2))
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
    return true;
  }
  return false;
}

bool UnrolledLoop::findInduction() {
  for (PHINode &P : Header->phis()) {
    if (&P == Counter)
      continue;
    if (!IV && P.getType()->isIntegerTy() && findRoots(&P)) {
      IV = &P;
      continue;
    }
    Carried.push_back(&P);
  }
  return IV;
}

/// Roots of \p P: instructions whose value is P + j*Offset with
/// Offset * Factor = P's step, one for each j in 1..Factor-1.
bool UnrolledLoop::findRoots(PHINode *P) {
  auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(P));
  if (!AR || AR->getLoop() != &L || !AR->isAffine())
    return false;
  auto *Next = dyn_cast<Instruction>(P->getIncomingValueForBlock(Latch));
  if (!Next || !L.contains(Next) || isa<PHINode>(Next))
    return false;
  const SCEV *Step = AR->getStepRecurrence(SE);
  const SCEV *K = SE.getConstant(P->getType(), Factor);
  SmallVector<std::pair<const SCEV *, Instruction *>, 16> Candidates;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (&I == Next || I.getType() != P->getType() || isa<PHINode>(I) ||
          !SE.isSCEVable(I.getType()))
        continue;
      auto *IAR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(&I));
      if (!IAR || IAR->getLoop() != &L || !IAR->isAffine() ||
          IAR->getStepRecurrence(SE) != Step)
        continue;
      const SCEV *Diff = SE.getMinusSCEV(IAR->getStart(), AR->getStart());
      if (!isa<SCEVCouldNotCompute>(Diff))
        Candidates.push_back({Diff, &I});
    }
  // Offset: the candidate whose Factor-fold is the step.
  const SCEV *D = nullptr;
  for (auto &[Diff, I] : Candidates)
    if (SE.getMulExpr(Diff, K) == Step) {
      D = Diff;
      break;
    }
  if (!D || D->isZero())
    return false;
  SmallVector<Instruction *, 8> Found(Factor, nullptr);
  for (unsigned J = 1; J < Factor; ++J) {
    const SCEV *Want = SE.getMulExpr(D, SE.getConstant(P->getType(), J));
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
  Offset = D;
  IVNext = Next;
  Roots = std::move(Found);
  for (unsigned J = 1; J < Factor; ++J)
    Control.insert(Roots[J]);
  Control.insert(IVNext);
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
  auto UsedBy = [&](Instruction *I, unsigned Copy) {
    for (User *U : I->users()) {
      auto *UI = cast<Instruction>(U);
      int Pos = position(UI);
      bool OK = UI == IVNext || is_contained(Roots, UI) ||
                (Pos >= 0 && unsigned(Pos) / CopySize == Copy);
      if (!OK)
        return false;
    }
    return true;
  };
  if (!UsedBy(IV, 0))
    return false;
  for (unsigned J = 1; J < Factor; ++J)
    if (!UsedBy(Roots[J], J))
      return false;
  for (User *U : IVNext->users())
    if (U != IV && L.contains(cast<Instruction>(U)))
      return false;
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
  if (V0 == IV)
    return Vj == Roots[Copy];
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
    for (unsigned P = 0; P < CopySize; ++P) {
      Instruction *I0 = Stream[P], *Ij = Stream[J * CopySize + P];
      if (!I0->isSameOperationAs(Ij))
        return false;
      if (auto *Phi0 = dyn_cast<PHINode>(I0)) {
        auto *PhiJ = cast<PHINode>(Ij);
        for (unsigned In = 0; In < Phi0->getNumIncomingValues(); ++In) {
          BasicBlock *Bj = blockInCopy(Phi0->getIncomingBlock(In), J);
          if (!Bj || PhiJ->getBasicBlockIndex(Bj) < 0 ||
              !matchValue(Phi0->getIncomingValue(In), PhiJ->getIncomingValueForBlock(Bj), J))
            return false;
        }
        continue;
      }
      for (unsigned Op = 0; Op < I0->getNumOperands(); ++Op)
        if (!matchValue(I0->getOperand(Op), Ij->getOperand(Op), J))
          return false;
    }
  return true;
}

void UnrolledLoop::reroll() {
  // Copy 0 now also stands for the other copies' iterations.
  for (unsigned J = 1; J < Factor; ++J)
    for (unsigned P = 0; P < CopySize; ++P) {
      Instruction *I0 = Stream[P], *Ij = Stream[J * CopySize + P];
      I0->andIRFlags(Ij);
      combineMetadataForCSE(I0, Ij, /*DoesKMove=*/false);
    }
  for (PHINode *Phi : Carried) {
    auto *Last = cast<Instruction>(Phi->getIncomingValueForBlock(Latch));
    Phi->setIncomingValueForBlock(Latch, counterpartInCopy0(Last));
  }
  for (unsigned P = (Factor - 1) * CopySize; P < Stream.size(); ++P)
    Stream[P]->replaceUsesWithIf(counterpartInCopy0(Stream[P]), [&](Use &U) {
      return !L.contains(cast<Instruction>(U.getUser()));
    });
  // i steps by one iteration's offset, the counter by one.
  SCEVExpander Expander(SE, Header->getModule()->getDataLayout(), "reroll");
  Value *Step = Expander.expandCodeFor(Offset, IV->getType(), Preheader->getTerminator());
  auto *Next = BinaryOperator::CreateAdd(IV, Step, IV->getName() + ".rolled",
                                         Latch->getTerminator());
  IVNext->replaceUsesWithIf(Next, [&](Use &U) {
    return !L.contains(cast<Instruction>(U.getUser()));
  });
  IV->setIncomingValueForBlock(Latch, Next);
  CounterNext->setOperand(1, ConstantInt::get(CounterNext->getType(), 1));

  // Copy 0 leaves for the latch's counter code instead of copy 1.
  SmallVector<BasicBlock *, 8> Dead;
  Instruction *First1 = Stream[CopySize];
  if (L.getNumBlocks() > 1) {
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
    if (!Live.count(Entry1))
      Dead.push_back(Entry1);
  }
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
  for (unsigned J = Factor; J-- > 1;) {
    Roots[J]->replaceAllUsesWith(PoisonValue::get(Roots[J]->getType()));
    Roots[J]->eraseFromParent();
  }
  DeleteDeadBlocks(Dead);
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
    UnrolledLoop U(*L, SE);
    if (!U.analyze())
      continue;
    U.reroll();
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
