//===- NestedLoop.h - A loop spread inside a region's iteration -*- C++ -*-===//
///
/// \file
/// A `loop` in the iterations of a region that is a loop construct, at the
/// worker or vector level (LoopLevels.h), becomes
/// \code
///   { using __ferry_index_t = T; ...
///     ::ferry::acc::inner_loop<__ferry_index_t, ::ferry::acc::cmp::lt, LEVEL>(
///         (lo), (hi), (st), 1, ::ferry::acc::reductions(...),
///         [&, privates](__ferry_index_t j, auto &s) mutable -> void {
///           do body while (0); }); }
/// \endcode
/// in place: the work-items of the gang that runs the iteration share its
/// iterations. It tells its region what that needs (NestedLoops: a nested
/// level, workers, reductions, its operands) and hands its private sections
/// to the region. One that must be proven independent and is not, or whose
/// header is not canonical, runs in order inside the iteration, as written.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_NESTEDLOOP_H
#define FERRY_PLUGIN_NESTEDLOOP_H

#include "LoopPrivates.h"
#include "LoopReductions.h"
#include "LoopSchedule.h"
#include "LoopStatement.h"

namespace ferry {
namespace plugin {

class NestedLoop {
public:
  NestedLoop(clang::Preprocessor &PP, AccContext &Ctx, const Directive &D,
             clang::SourceLocation PragmaLoc, const LoopReductions &Reductions,
             LoopPrivates &Privates, const LoopSchedule &Schedule)
      : PP(PP), Ctx(Ctx), D(D), PragmaLoc(PragmaLoc), Reductions(Reductions),
        Privates(Privates), Schedule(Schedule) {}

  /// Rewrites \p S, read at \p Level (FERRY_LEVEL_*; a worker loop when it
  /// holds loops spread in its iterations), or injects it in order.
  void rewrite(const LoopStatement &S, int Level);
  /// Injects \p Loop unchanged, to run in order inside the iteration, after
  /// the bindings of its sections, which go to the code around it.
  void injectInOrder(llvm::ArrayRef<clang::Token> Loop);

private:
  /// Whether \p L may spread: proven independent when it needs a proof
  /// (\p Proven), else a missed remark says why not.
  bool maySpread(const CanonicalLoop &L, const LoopStatement &S, bool &Proven);
  /// Whether \p L updates a scalar of the iteration around it, which it
  /// cannot share among work-items (findIterationScalarUpdate; a missed
  /// remark says so): it runs in order then.
  bool sharesIterationScalar(const CanonicalLoop &L, const LoopStatement &S);
  /// Records \p L in its region (and the worker loop around it) and
  /// injects its rewritten form.
  void spread(const CanonicalLoop &L, const LoopStatement &S, int Level,
              bool Proven);
  /// Injects `{ ... ::ferry::acc::inner_loop<...>(...); }`; returns how
  /// many tokens it injected, and fills in \p Record's remark and where its
  /// rewritten form starts. \p Level: the level the loop names (its
  /// remark); \p RunLevel: the lanes it spreads over (inner_loop's);
  /// \p InWorker: a vector loop in a worker loop; \p HoldsLoops: a worker
  /// loop holding vector loops.
  size_t emit(const CanonicalLoop &L, int Level, int RunLevel, bool InWorker,
              bool HoldsLoops, InnerLoop &Record);

  clang::Preprocessor &PP;
  AccContext &Ctx;
  const Directive &D;
  clang::SourceLocation PragmaLoc;
  const LoopReductions &Reductions;
  LoopPrivates &Privates;
  const LoopSchedule &Schedule;
};

} // namespace plugin
} // namespace ferry

#endif
