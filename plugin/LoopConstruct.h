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
///     ::ferry::acc::parallel_loop<__ferry_index_t, ::ferry::acc::cmp::lt, false>(
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
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_LOOPCONSTRUCT_H
#define FERRY_PLUGIN_LOOPCONSTRUCT_H

#include "AccContext.h"
#include "CanonicalLoop.h"
#include "TokenBuilder.h"

namespace ferry {
namespace plugin {

class LoopConstruct {
public:
  LoopConstruct(clang::Preprocessor &PP, AccContext &Ctx, const Directive &D,
                clang::SourceLocation PragmaLoc)
      : PP(PP), Ctx(Ctx), D(D), PragmaLoc(PragmaLoc) {}

  /// Lexes the associated loop and injects its rewritten form. On error the
  /// lexed tokens are injected unchanged so that parsing goes on.
  void rewrite();

  /// A compute construct that is one region: its whole statement \p Body
  /// is one iteration (one work-item on a GPU), its loops run in order
  /// inside; \p Implied are variables it shares besides its data clauses.
  /// \p Nested: the private sections of its loops.
  void rewriteAsOneRegion(const TokenList &Body, llvm::ArrayRef<clang::Token> Implied,
                          std::vector<PrivateSection> Nested);

  /// A compute construct whose code around its loops is sequential control
  /// (SourceScanner::hostControl): \p Body runs on the calling thread, in a
  /// lambda that sees the variables as the construct's region would
  /// (scalars firstprivate, data shared), and its loops, already rewritten,
  /// launch as regions of their own. \p Implied: reduction variables of
  /// its loops declared before it, shared with the host.
  void rewriteAsHostControl(const TokenList &Body, llvm::ArrayRef<clang::Token> Implied);

private:
  /// For a `loop` in the iterations of a region that is a loop construct:
  /// the FERRY_LEVEL_* it spreads over, or 0 when it runs in order inside
  /// each iteration (`seq`, a third level, a sequential region, ...).
  int innerLevel() const;
  /// For a nested loop: whether it spreads only when Ferry proves its
  /// iterations independent (in `kernels` without `independent`, `auto`).
  bool nestedNeedsProof() const;
  /// The compute construct the loop belongs to (`kernels`, `parallel
  /// loop`, ...; itself when combined), or null for an orphaned loop.
  const Directive *computeDirective();
  /// `::ferry::acc::inner_loop<...>(...)` for a loop at \p Level; returns
  /// how many tokens it injected, and fills in \p Record's remark and
  /// where its rewritten form starts. \p InWorker: a vector loop in a
  /// worker loop.
  size_t emitInner(const CanonicalLoop &L, int Level, bool InWorker, InnerLoop &Record);
  /// A region whose body is one plain rectangular nested loop alone joins
  /// it: \p Nest gets it as a second level (a collapsed nest).
  bool joinInner(llvm::SmallVectorImpl<CanonicalLoop> &Nest);
  /// The operands of `gang(...)`, `worker(...)` and `vector(...)`: the
  /// number of gangs and the vector length of the region (with \p B, after
  /// its options), a warning for what Ferry does not honour; for a nested
  /// loop (\p B null), its vector length goes to \p InnerVectorLength.
  void emitLevelOperands(TokenBuilder *B, TokenList *InnerVectorLength);
  /// The same for one clause (of the directive, or for some device types).
  void emitLevelOperand(const Clause &C, TokenBuilder *B, TokenList *InnerVectorLength);
  /// Reads `gang(static: n)` into StaticChunk; false after a diagnostic
  /// (`gang(dim:)`).
  bool readGangOperands();
  /// Reads `worker(n)` / `worker(num: n)` into WorkerCount with OpenACC
  /// 3.3 2.9.3's rules (in `kernels` only, where it has no num_workers);
  /// false after a diagnostic.
  bool readWorkerOperand();
  /// For a loop that needsProof() (and not `seq`): tries to prove the
  /// iterations of its \p Nest (one loop, or the levels `collapse`/`tile`
  /// join) independent, and says why not when it cannot.
  void testDependence(llvm::ArrayRef<CanonicalLoop> Nest);
  /// Why the iterations of \p L may depend on each other (empty: proven
  /// independent); the loops nested in it that were rewritten (\p Nested)
  /// are read as written.
  std::string findLoopDependence(const CanonicalLoop &L, llvm::ArrayRef<InnerLoop> Nested);
  /// Joins the nest that `collapse`/`tile` name; false after a diagnostic.
  bool nest(llvm::SmallVectorImpl<CanonicalLoop> &Nest);
  void emit(const CanonicalLoop &L);
  void emitCollapsed(llvm::ArrayRef<CanonicalLoop> Nest);

  // Pieces of emit(), in the order they appear in the output.
  /// `using __ferry_index_t = T;` for the loop variable.
  void emitIndexType(TokenBuilder &B, const CanonicalLoop &L);
  /// Clause operands as unevaluated expressions, so that Sema checks them
  /// where they were written.
  void emitOperandChecks(TokenBuilder &B);
  /// The region descriptor and the remark.
  void emitRegionAndRemark(TokenBuilder &B, const CanonicalLoop &L);
  /// `::ferry::acc::reductions(reduce<op>(var), ...)`; a section is
  /// `reduce_section<op, room, Nested>(var, lower, length, ...)`.
  void emitReductions(TokenBuilder &B, bool Nested);
  /// `(lo), (bound), (step), sign, reductions(...)`: the arguments that
  /// parallel_loop and inner_loop share (\p Nested: inner_loop's).
  void emitBoundsAndReductions(TokenBuilder &B, const CanonicalLoop &L, bool Nested);
  /// `const auto __ferry_rlo_K = (lower);` for the K-th section reduction.
  void emitSectionLowers(TokenBuilder &B);
  /// The body lambda from its parameters on: the index, the reductions'
  /// private copies (a section's seen through section_private under its
  /// name), the loop's private sections bound to their copies (\p Frame:
  /// the lambda takes the private_frame), and the body.
  void emitBodyParameters(TokenBuilder &B, const CanonicalLoop &L, bool Frame);
  /// A section length that is an integer literal (the room of its private
  /// copies), else 0.
  unsigned constantLength(const ArraySection &S) const;
  /// A reduction on a section of a pointer (not shared by reference).
  bool isPointerSection(const VarRef &V) const;
  /// Operators that do not apply to complex reduction variables; false
  /// after a diagnostic.
  bool checkReductionTypes() const;
  /// The lambda's capture list, after its `[`.
  /// The lambda's captures; \p Body is what it runs (for the variables of
  /// `declare` directives in the function that it uses).
  void emitCaptures(TokenBuilder &B, llvm::ArrayRef<clang::Token> Body);

  /// The directive's `private`/`firstprivate` array sections that get
  /// copies (OwnPrivates, whose copies \p Of says); false after a
  /// diagnostic.
  bool collectPrivateSections(PrivateSection::Scope Of);
  /// Declares the region's copies (its own and its loops'), before the
  /// launch: `::ferry::acc::private_layout __ferry_privates; auto
  /// __ferry_private_N = ::ferry::acc::private_section<...>(...);`.
  void emitPrivateCopies(TokenBuilder &B);
  /// `auto c = __ferry_private_N.bind(__ferry_frame);` for each of \p P.
  static void emitPrivateBindings(TokenBuilder &B, llvm::ArrayRef<PrivateSection> P);
  /// Where the sections of a loop that runs in order go: the innermost
  /// loop nested in an iteration around it (whose copies they share once
  /// it knows its level), else the region.
  OpenConstruct *privatesOwner();
  /// Gives OwnPrivates and NestedPrivates scope \p Of and adds them to
  /// \p To's (when there is one).
  void handOverPrivates(OpenConstruct *To, PrivateSection::Scope Of);
  /// A loop nested in an iteration that runs in order after all (not
  /// proven independent, or a header that is not canonical): \p All
  /// unchanged, after the bindings of its sections, which go to the code
  /// around it.
  void injectInOrder(const TokenList &All);
  /// Whether \p V is one of OwnPrivates (bound to a copy, not captured).
  bool isPrivateSection(const VarRef &V) const;
  /// Whether the region has private sections (its lambda takes the frame).
  bool hasPrivates() const { return !OwnPrivates.empty() || !NestedPrivates.empty(); }

  /// The `worker(n)` operand that sets the region's gangs' workers: this
  /// loop's, or one of its nested loops'; empty without.
  const TokenList &gangWorkers() const {
    return !WorkerCount.empty() || !HasInnerLoops ? WorkerCount : InnerNumWorkers;
  }
  /// The same for some device types, chosen at launch after gangWorkers().
  const std::vector<std::pair<unsigned, TokenList>> &gangWorkersPerType() const {
    return !HasInnerLoops ? WorkerCountPerType : InnerNumWorkersPerType;
  }
  /// A nested loop's `worker(n)` for some device types goes to its \p Region
  /// (a warning where an earlier loop of the region set the workers).
  void noteWorkersPerType(OpenConstruct &Region);
  /// The kind of construct the loop runs as: a `loop` takes its compute
  /// construct's kind (parallel loop, kernels loop, serial loop).
  ConstructKind effectiveKind() const;
  /// Whether the iterations run in order (one work-item on a GPU).
  bool sequential() const;
  /// Whether the loop runs in parallel only if Ferry proves its iterations
  /// independent: a `kernels` loop without `independent`, or `auto`.
  bool needsProof() const;
  /// A `loop` of a compute construct (which it takes options and data from).
  bool inCompute() const { return D.Kind == ConstructKind::Loop && EnclosingKind; }

  clang::Preprocessor &PP;
  AccContext &Ctx;
  const Directive &D;
  clang::SourceLocation PragmaLoc;
  TokenList Prelude; ///< emitted before the region (collapse's trip counts)
  /// Emitted after the launch options are set (a tile's block size).
  TokenList AfterOptions;
  /// The n of `gang(static: n)` on a region's loop; empty without it (and
  /// for `static: *`, Ferry's own distribution); an expression that picks
  /// the value per device type when device_type gives some.
  TokenList StaticChunk;
  /// StaticChunk for the remark ("4", or "8 on nvidia, 4 otherwise").
  std::string StaticChunkText;
  /// `tile`'s sizes, `*` resolved; empty without `tile`.
  llvm::SmallVector<unsigned, 4> TileSizes;
  /// For a `loop`: the compute construct around it.
  std::optional<ConstructKind> EnclosingKind;
  unsigned CollapseLevels = 0; ///< levels of a collapsed nest, else 0
  std::string FlatOf;          ///< the outermost variable of that nest
  bool OneRegion = false;      ///< a whole construct as one region
  bool HasInnerLoops = false;  ///< `loop` constructs spread inside each iteration
  bool HasInnerReductions = false;
  bool HasWorkers = false; ///< a worker loop holds vector loops
  TokenList InnerVectorLength; ///< of a nested loop's `vector(n)`
  /// This loop's `worker(n)` (the gang's number of workers); empty without.
  TokenList WorkerCount;
  /// `worker(n)` for some device types (after device_type), chosen at
  /// launch on the region's loop.
  std::vector<std::pair<unsigned, TokenList>> WorkerCountPerType;
  TokenList InnerNumWorkers; ///< of a nested loop's `worker(n)`
  std::vector<std::pair<unsigned, TokenList>> InnerNumWorkersPerType; ///< the same per type
  /// A `kernels` loop without `independent` whose iterations Ferry proved
  /// independent (DependenceTest).
  bool ProvenIndependent = false;
  std::vector<InnerLoop> Inner; ///< those loops
  TokenList ImpliedShared;     ///< shared besides the data clauses
  TokenList ExtraCopies;       ///< captured by copy under default(none)
  /// The directive's own private sections (see collectPrivateSections).
  std::vector<PrivateSection> OwnPrivates;
  /// Of the loops inside a region, declared by it.
  std::vector<PrivateSection> NestedPrivates;
};

} // namespace plugin
} // namespace ferry

#endif
