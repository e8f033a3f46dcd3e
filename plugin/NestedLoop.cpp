//===- NestedLoop.cpp - A loop spread inside a region's iteration ---------===//
///
/// \file
/// See NestedLoop.h.
///
//===----------------------------------------------------------------------===//
#include "NestedLoop.h"

#include "BodyLambda.h"
#include "Diagnostics.h"
#include "LoopDependence.h"
#include "LoopLevels.h"
#include "LoopPieces.h"
#include "LoopRemarks.h"

#include "ferry/runtime.h"

using namespace clang;

namespace ferry {
namespace plugin {

void NestedLoop::rewrite(const LoopStatement &S, int Level) {
  CanonicalLoop L;
  bool Proven = false;
  if (S.parse(L) && maySpread(L, S, Proven)) {
    spread(L, S, Level, Proven);
    return;
  }
  // Its private variables stay its own for the region's checks.
  if (SmallVector<OpenConstruct *, 4> Loops = Ctx.enclosingLoops(); !Loops.empty()) {
    addOwnNames(D, Loops.front()->Nested.InOrderOwnNames);
    addOwnNames(D, Loops.front()->Nested.InOrderPrivateNames, /*PrivateOnly=*/true);
  }
  injectInOrder(S.tokens());
}

bool NestedLoop::maySpread(const CanonicalLoop &L, const LoopStatement &S,
                           bool &Proven) {
  // In `kernels` without `independent` (or `auto`): spread only when
  // proven, in order inside the iteration otherwise.
  if (!nestedNeedsProof(Ctx, D)) {
    // Independent as `parallel` implies (or as written), yet every
    // iteration updates the same element: the loop gets its sequential
    // meaning, in order inside the iteration (unless loops spread inside
    // it, which were set up for its spreading: then only the warning).
    bool Conditional = false;
    const std::string Conflict = findLoopConflict(PP, D, L, S.Nested.Loops, Conditional);
    if (!Conflict.empty()) {
      // (`independent` written: the program's word, kept, with the warning.)
      const bool Kept = S.Nested.Spread || D.find(ClauseKind::Independent);
      report(PP, D.Loc, Kept ? Diag::RacyLoopKept : Diag::RacyLoop)
          << PP.getSpelling(L.Var) << Conflict << Conditional;
      if (!Kept)
        return false;
    }
    return !sharesIterationScalar(L, S);
  }
  // (Arrays taken for distinct memory: the region's launch compares them.)
  SmallVector<OpenConstruct *, 4> Loops = Ctx.enclosingLoops();
  const std::string Why =
      findLoopDependence(PP, Ctx, D, L, S.Nested.Loops,
                         Loops.empty() ? nullptr : &Loops.front()->Nested.AssumedDistinct);
  if (Why.empty())
    return Proven = !sharesIterationScalar(L, S);
  if (Ctx.missedRemarks())
    report(PP, D.Loc, Diag::RegionRemark)
        << "'" + spelling(D.Kind).str() + "' over '" + PP.getSpelling(L.Var) +
               "' not parallelized: " + Why +
               "; its iterations run in order inside each iteration of the "
               "loop around it (write 'independent' if they are)";
  return false;
}

bool NestedLoop::sharesIterationScalar(const CanonicalLoop &L, const LoopStatement &S) {
  // (Loops spread inside it were set up for its spreading.)
  return !S.Nested.Spread && updatesIterationScalar(PP, Ctx, D, L);
}

void NestedLoop::spread(const CanonicalLoop &L, const LoopStatement &S,
                        int Level, bool Proven) {
  SmallVector<OpenConstruct *, 4> Loops = Ctx.enclosingLoops();
  const bool InWorker = Loops.size() == 2; // a vector loop in a worker loop
  // A loop in the gang's own code that holds no spread loops runs over the
  // whole gang, whichever level it names: in a gang of workers (a region in
  // worker mode) its `vector` level would be one worker's lanes, and every
  // worker would run all of its iterations.
  const int RunLevel = !InWorker && !S.Nested.Spread
                           ? (FERRY_LEVEL_WORKER | FERRY_LEVEL_VECTOR)
                           : Level;
  // Its copies, and those of the loops in order in its body: a worker
  // loop's iterations run in worker_rounds (worker-single in a gang of
  // workers), any other's on each work-item.
  Privates.handOver(Ctx.enclosingRegion(), RunLevel == FERRY_LEVEL_WORKER
                                               ? PrivateSection::Worker
                                               : PrivateSection::WorkItem);
  NestedLoops &Region = Loops.front()->Nested;
  Region.Spread = true;
  if (InWorker) {
    Loops[1]->Nested.Spread = true;
    Region.Workers = true;
  }
  Region.Reduce |= Reductions.any();
  InnerLoop Record(L, D, S.tokens());
  Record.RewrittenTokens = emit(L, Level, RunLevel, InWorker, S.Nested.Spread, Record);
  if (Proven && !Record.Remark.empty())
    Record.Remark += "; iterations proven independent";
  Region.Loops.push_back(std::move(Record));
  Schedule.giveToRegion(Region);
}

size_t NestedLoop::emit(const CanonicalLoop &L, int Level, int RunLevel, bool InWorker,
                        bool HoldsLoops, InnerLoop &Record) {
  TokenBuilder B(PP, PragmaLoc);
  B.code("{");
  Record.RewrittenAt = B.get()[0].getLocation();
  emitIndexType(B, L);
  emitOperandChecks(B, D);
  if (Ctx.remarks())
    Record.Remark = nestedLoopRemark(
        PP, L.Var,
        {Level, InWorker, HoldsLoops,
         D.find(ClauseKind::Collapse) || D.find(ClauseKind::Tile),
         Reductions.describe()});
  Reductions.emitSectionLowers(B);
  B.code("::ferry::acc::inner_loop<__ferry_index_t, ::ferry::acc::cmp::")
      .code(L.Cmp)
      .code(",")
      .number(unsigned(RunLevel))
      .code(">(");
  emitBounds(B, L);
  Reductions.emitList(B, /*Nested=*/true);
  // The iteration's variables by reference (each work-item running the
  // iteration has its own); `private` ones by copy.
  B.code(", [&");
  // (Not the loop's own variable, private already: the lambda's parameter.)
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::Private)
      for (const VarRef &V : C.Vars)
        if (!Privates.isSection(V) && V.Name.getIdentifierInfo() != L.Var.getIdentifierInfo())
          B.code(",").tokens(V.Name);
  B.code("]");
  BodyLambda(PP, Ctx, D, PragmaLoc, Reductions, Privates)
      .emitParameters(B, L, /*Frame=*/false);
  B.code("); }");
  const size_t Count = B.get().size();
  B.inject();
  return Count;
}

void NestedLoop::injectInOrder(ArrayRef<Token> Loop) {
  // In the code around it: the copies of that code (a gang's, or a worker
  // loop's around it, which settles them).
  Privates.handOver(Privates.owner(), PrivateSection::Gang);
  Privates.injectWithBindings(Loop);
}

} // namespace plugin
} // namespace ferry
