//===- LoopConstruct.h - Loop constructs to region launches ----*- C++ -*-===//
///
/// \file
/// A loop construct
/// \code
///   #pragma acc parallel loop reduction(+:s)
///   for (int i = lo; i < hi; i += st) body
/// \endcode
/// becomes
/// \code
///   { using __ferry_index_t = int;
///     static const ::ferry_region __ferry_region = {...};
///     ::ferry::acc::launch_options __ferry_options; ...
///     ::ferry::acc::parallel_loop<__ferry_index_t, ::ferry::acc::cmp::lt,
///     false>(
///         __ferry_region, __ferry_options, (lo), (hi), (st), 1,
///         ::ferry::acc::reductions(::ferry::acc::reduce<op::add>(s)),
///         [=](__ferry_index_t i, auto &s) mutable -> void {
///           do body while (0); }); }
/// \endcode
/// The reduction parameter shadows the variable, so the body is unchanged;
/// `do ... while (0)` keeps `continue` meaning "next iteration". Data
/// clauses, `if`, `async` and `wait` add declarations before the call;
/// `collapse`/`tile` flatten the nest. A compute construct that runs as one
/// region is emitted the same way, as a loop of one iteration.
///
/// This class is the driver: it decides where the loop stands (a region of
/// its own, a loop spread in a region's iteration: NestedLoop, or in place),
/// and puts together the pieces that the other Loop* files write: the
/// `for` statement (LoopStatement), the levels (LoopLevels) and level
/// operands (LoopSchedule), the reductions (LoopReductions), the private
/// sections (LoopPrivates), the dependence test (LoopDependence), the flat
/// loop of a nest (CollapsedNest), the lambda (BodyLambda) and the remarks
/// (LoopRemarks).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_LOOPCONSTRUCT_H
#define FERRY_PLUGIN_LOOPCONSTRUCT_H

#include "AccContext.h"
#include "CanonicalLoop.h"
#include "CollapsedNest.h"
#include "ImplicitSections.h"
#include "LoopPrivates.h"
#include "LoopReductions.h"
#include "LoopSchedule.h"
#include "TokenBuilder.h"

namespace ferry {
namespace plugin {

class LoopStatement;

class LoopConstruct {
public:
  LoopConstruct(clang::Preprocessor &PP, AccContext &Ctx, const Directive &D,
                clang::SourceLocation PragmaLoc)
      : PP(PP), Ctx(Ctx), D(D), PragmaLoc(PragmaLoc), Reductions(PP, Ctx, D),
        Privates(PP, Ctx, D, PragmaLoc), Schedule(PP, D, PragmaLoc) {}

  /// Lexes the associated loop and injects its rewritten form. On error the
  /// lexed tokens are injected unchanged so that parsing goes on.
  void rewrite();

  /// A compute construct that is one region: its whole statement \p Body
  /// is one iteration (one work-item on a GPU), its loops run in order
  /// inside; \p Implied are variables it shares besides its data clauses.
  /// \p Nested: the private sections of its loops. \p Unreadable: its
  /// statement could not be read ahead (a macro's, or with `_Pragma`),
  /// which the remark says.
  void rewriteAsOneRegion(const TokenList &Body,
                          llvm::ArrayRef<clang::Token> Implied,
                          std::vector<PrivateSection> Nested, bool Unreadable = false);

  /// A compute construct whose code around its loops is sequential control
  /// (SourceScanner::hostControl, PivotControl.h): \p Body runs on the
  /// calling thread, in a lambda (C: a block of copies, emitCHostControl)
  /// that sees the variables as the construct's region would (scalars
  /// firstprivate, data shared), and its loops, already rewritten,
  /// launch as regions of their own. \p Implied: reduction variables of
  /// its loops declared before it, shared with the host.
  void rewriteAsHostControl(const TokenList &Body,
                            llvm::ArrayRef<clang::Token> Implied);

private:
  /// C's form of the control (rewriteAsHostControl): a block with copies
  /// of the local variables it names and does not share, then the wait for
  /// its deferred launches.
  void emitCHostControl(TokenBuilder &B, const TokenList &Body);

  /// Where the loop stands among the open constructs.
  struct Placement {
    std::optional<ConstructKind>
        Outer;             ///< the innermost compute or loop construct
    bool Orphaned = false; ///< a `loop` outside any compute construct
    /// The compute construct it is directly in (not combined), valid until
    /// the statement is read (the context's stack grows then).
    OpenConstruct *Compute = nullptr;
    const Directive *ComputeDirective = nullptr; ///< Compute's directive
    bool InOneRegion = false;                    ///< Compute runs as one region
    int Level = 0;        ///< nestedLevel() in a region's iteration
    bool InPlace = false; ///< runs in order where it is written
  };
  Placement place() const;
  /// Refuses what cannot be rewritten (complex reductions, a compute
  /// construct in another); false after a diagnostic.
  /// Warns of a level clause that OpenACC does not allow inside the
  /// enclosing loops' levels (a gang loop in a gang loop).
  void warnLevelNesting() const;
  /// Warns of a reduction of this loop whose variable an enclosing loop
  /// directive's iterations share without a reduction clause for it.
  void warnReductionSpan() const;
  bool check(const Placement &P);
  /// Reads the private sections, shared reductions and level operands;
  /// false after a diagnostic.
  bool readClauses(const Placement &P);
  /// Lexes the loop's body with it open (at \p P's level).
  void readBody(LoopStatement &S, const Placement &P);
  /// A loop that is a region of its own: joins its nest and launches it.
  void rewriteRegion(const LoopStatement &S, const Placement &P);
  /// A C loop in a region's iteration: in order there, recorded for the
  /// region (which may join it into a collapsed nest).
  /// The scalar temporaries of a region's loop that must be proven, made
  /// each iteration's own (privatizeAssignedScalars).
  void privatizeTemporaries(const Placement &P);
  /// The scalar temporaries of a loop of `kernels`, as lexed, made each
  /// iteration's own (withAssignedScalarsPrivate): a region's loop, or
  /// (\p Nested) a loop in a region's iteration, its enclosing loops'
  /// headers giving the nest's last iteration (also the body of a nested
  /// loop that joins the region's into a collapsed nest).
  void privatizeLexedTemporaries(LoopStatement &S, bool Nested);
  /// Whether the scalars the loop assigns are shared (`copy`): a region's
  /// loop of `kernels` (OpenACC 2.6.2).
  bool sharesWrittenScalars(const Placement &P) const;
  void rewriteInIterationC(const LoopStatement &S);
  /// The C form of rewriteRegion (plugin/CRegion.h): the nest as one flat
  /// loop of a block literal; nested loops run in order in its iterations,
  /// except one that is its whole body, which joins the nest.
  void rewriteRegionC(const LoopStatement &S, const Placement &P,
                      llvm::SmallVectorImpl<CanonicalLoop> &Nest);
  /// The C launch of \p Nest (\p Original: the tokens to give back after
  /// an error).
  void emitC(llvm::ArrayRef<CanonicalLoop> Nest, llvm::ArrayRef<clang::Token> Original);
  /// A loop nested in a region's iteration spreads its outermost loop
  /// alone, but its collapse(n) or tile(...) must still name n tightly
  /// nested loops (OpenACC sweep 10 F2); false after the diagnostic.
  bool checkNestedShape(const LoopStatement &S);
  /// Joins the nest that `collapse`/`tile` name; false after a diagnostic.
  bool joinNest(llvm::SmallVectorImpl<CanonicalLoop> &Nest);
  /// Reports the remarks of the loops spread in its iterations, now that
  /// it knows how it runs.
  void reportNestedRemarks();
  /// The variables OpenACC makes `copy` without a clause (kernels scalars,
  /// arrays) go to ImpliedShared.
  /// Warns of each scalar the loop updates (`+=`, `++`, ...) that no clause
  /// names, in a construct where it is firstprivate: its updates are lost.
  void warnFirstprivateUpdates(llvm::ArrayRef<clang::Token> Body,
                               llvm::ArrayRef<const Directive *> Clauses,
                               llvm::ArrayRef<clang::Token> ConstructCode);
  void addImpliedCopies(const Placement &P, llvm::ArrayRef<clang::Token> All,
                        llvm::ArrayRef<clang::Token> Body);

  /// The region's launch for \p L: the region, its options, its data, the
  /// parallel_loop call.
  void emit(const CanonicalLoop &L);
  /// A nest of several loops (or one with `gang(static:)`) as one flat loop.
  void emitCollapsed(llvm::ArrayRef<CanonicalLoop> Nest);
  /// The region descriptor and the remark.
  void emitRegionAndRemark(TokenBuilder &B, const CanonicalLoop &L);
  /// The launch options: the compute construct's or the directive's, then
  /// the level operands and the gang's geometry.
  /// Warns of a pivot loop of a triangular nest marked independent, and
  /// sets OneGang.
  void checkPivotLoop(llvm::ArrayRef<CanonicalLoop> Nest);
  void emitLaunchOptions(TokenBuilder &B);
  /// The launch's comparison of the ranges of the arrays the dependence
  /// tests took for distinct memory (Nested.AssumedDistinct): where two
  /// overlap, the loops run in order (one gang of one work-item).
  void emitOverlapCheck(TokenBuilder &B);
  /// The private copies' layout and the data clauses' scope.
  void emitDataScope(TokenBuilder &B);
  /// `::ferry::acc::parallel_loop<...>(...)` with its lambda.
  void emitLaunch(TokenBuilder &B, const CanonicalLoop &L);

  /// The kind of construct the loop runs as: a `loop` takes its compute
  /// construct's kind (parallel loop, kernels loop, serial loop).
  ConstructKind effectiveKind() const;
  /// Whether the iterations run in order (one work-item on a GPU).
  bool sequential() const;
  /// Whether the loop runs in parallel only if Ferry proves its iterations
  /// independent: a `kernels` loop without `independent`, or `auto`.
  bool needsProof() const;
  /// A `loop` of a compute construct (which it takes options and data from).
  bool inCompute() const {
    return D.Kind == ConstructKind::Loop && EnclosingKind;
  }
  /// That compute construct's directive, or null.
  const Directive *computeOfLoop();

  clang::Preprocessor &PP;
  AccContext &Ctx;
  const Directive &D;
  clang::SourceLocation PragmaLoc;
  LoopReductions Reductions;
  LoopPrivates Privates;
  LoopSchedule Schedule;
  /// What the loops spread in its iterations need of the region.
  NestedLoops Nested;
  /// `tile`'s sizes, `*` resolved; empty without `tile`.
  llvm::SmallVector<unsigned, 4> TileSizes;
  /// The flat loop of a collapsed nest (its Levels 0 for one loop).
  FlatNest Flat;
  /// For a `loop`: the compute construct around it.
  std::optional<ConstructKind> EnclosingKind;
  bool OneRegion = false; ///< a whole construct as one region
  bool Unreadable = false; ///< rewriteAsOneRegion's, for the remark
  /// A `kernels` loop without `independent` whose iterations Ferry proved
  /// independent (DependenceTest).
  /// The plain loops of an implicit loop's iteration, as loop constructs.
  std::vector<std::unique_ptr<Directive>> NestedImplicit;
  /// A pivot loop the program marks independent: run on one gang.
  bool OneGang = false;
  bool ProvenIndependent = false;
  TokenList ImpliedShared; ///< shared besides the data clauses
  bool WrittenScalarsShared = false; ///< sharesWrittenScalars, for the remark
  /// The sections of pointers no clause names (ImplicitSections.h).
  std::vector<InferredSection> Inferred;
  TokenList ExtraCopies;   ///< captured by copy under default(none)
  /// A template's objects the region captures through capture_object
  /// (BodyLambda::instanceObjects), with their data items.
  TokenList InstanceObjects;
};

} // namespace plugin
} // namespace ferry

#endif
