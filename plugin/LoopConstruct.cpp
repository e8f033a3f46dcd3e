//===- LoopConstruct.cpp - Loop constructs to region launches ------------===//
///
/// \file
/// See LoopConstruct.h.
///
//===----------------------------------------------------------------------===//
#include "LoopConstruct.h"

#include "ConstructPieces.h"
#include "DependenceTest.h"
#include "DeviceTypeClauses.h"
#include "Diagnostics.h"
#include "StatementLexer.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"

#include "ferry/runtime.h"
#include "clang/Lex/LiteralSupport.h"

#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace ferry {
namespace plugin {

void LoopConstruct::rewrite() {
  // A `loop` belongs to an enclosing compute construct; inside another
  // loop's body it runs sequentially within each iteration, as written.
  std::optional<ConstructKind> Outer = Ctx.enclosingCompute();
  // An orphaned `loop` (in a routine, or any function a region calls) runs
  // in order in the work-item that calls the function: its iterations are
  // independent or it reduces, so that is what the program computes.
  const bool Orphaned = D.Kind == ConstructKind::Loop && !Outer;
  if (!checkReductionTypes())
    return;
  if (Orphaned && Ctx.remarks())
    report(PP, D.Loc, Diag::RegionRemark)
        << "orphaned 'loop': runs in order in the work-item (or host thread) that calls the "
           "function around it";
  if (D.Kind != ConstructKind::Loop && Outer) {
    report(PP, D.Loc, Diag::NestedCompute) << spelling(D.Kind) << spelling(*Outer);
    return;
  }
  // Inside a construct that is one region, too.
  OpenConstruct *Compute = Outer && isComputeOnly(*Outer) ? Ctx.enclosingComputeConstruct()
                                                          : nullptr;
  const bool InOneRegion = Compute && Compute->OneRegion;
  // (Compute points into the context's stack, which grows below: keep what
  // is needed later.)
  const Directive *ComputeDirective = Compute ? Compute->D : nullptr;
  const bool SharesReductions = Compute && (Compute->OneRegion || Compute->HostControl);
  // In a region's iteration: spread over the gang's work-items, or in order.
  const int LevelBefore =
      Outer && !isComputeOnly(*Outer) && !InOneRegion ? innerLevel() : 0;
  const bool InPlace =
      Orphaned || (Outer && (!isComputeOnly(*Outer) || InOneRegion) && !LevelBefore);
  // private(c[lo:len]): a copy per gang for the region's own clause and for
  // a loop in its iterations' own code, per work-item for a loop spread
  // over the gang and for the loops in order inside one, per worker for a
  // worker loop and the loops in order inside one (a gang of workers runs
  // their code worker-single). The region declares the copies of its
  // loops. Whether a loop nested in an iteration is a worker loop is known
  // once its body is read (it holds vector loops): it hands its copies and
  // those of the loops in its body to the region then (below).
  {
    if (!collectPrivateSections(PrivateSection::Gang))
      return;
    if (!OwnPrivates.empty() && Orphaned) {
      const VarRef &V = OwnPrivates.front().Var;
      report(PP, V.Name.getLocation(), Diag::PrivateSectionOrphaned)
          << PP.getSpelling(V.Name)
          << (OwnPrivates.front().First ? "firstprivate" : "private");
      return;
    }
    if (!OwnPrivates.empty() && InPlace)
      if (OpenConstruct *Owner = privatesOwner())
        Owner->Privates.insert(Owner->Privates.end(), OwnPrivates.begin(), OwnPrivates.end());
  }
  if (SharesReductions)
    for (const Clause &C : D.Clauses)
      if (C.Kind == ClauseKind::Reduction)
        for (const VarRef &V : C.Vars)
          if (Ctx.declaredBefore(V.Name) && !isPointerSection(V))
            Compute->ImpliedCopy.push_back(V.Name);
  if (!readGangOperands() || !readWorkerOperand())
    return;
  Token For;
  PP.Lex(For);
  if (For.isNot(tok::kw_for)) {
    report(PP, For.getLocation(), Diag::ExpectedLoop) << spelling(D.Kind);
    PP.EnterToken(For, /*IsReinject=*/true);
    return;
  }
  TokenList All{For};
  StatementLexer Lex(PP, All);
  // `for` not followed by '(' is malformed C++: give the tokens back for
  // the parser to report.
  if (!Lex.parenthesized() || All.size() < 3 || All[1].isNot(tok::l_paren)) {
    TokenBuilder(PP, PragmaLoc).tokens(All).inject();
    return;
  }
  const size_t HeaderEnd = All.size();
  bool Ok;
  int Level = LevelBefore;
  {
    AccContext::Scope Open(Ctx, D);
    Open.get().Level = Level;
    Open.get().AutoLevel = Level && !D.find(ClauseKind::Worker) && !D.find(ClauseKind::Vector);
    Open.get().NeedsProof = Level && nestedNeedsProof();
    if (!Level) { // a region's own worker(n) comes before its nested loops'
      Open.get().InnerNumWorkers = WorkerCount;
      Open.get().InnerNumWorkersPerType = WorkerCountPerType;
    }
    Ok = Lex.statement(/*InBreakable=*/InPlace);
    HasInnerLoops = Open.get().HasInnerLoops;
    HasInnerReductions = Open.get().HasInnerReductions;
    HasWorkers = Open.get().HasWorkers;
    Inner = std::move(Open.get().InnerLoops);
    InnerVectorLength = Open.get().InnerVectorLength;
    NestedPrivates = std::move(Open.get().Privates);
    InnerNumWorkers = Open.get().InnerNumWorkers;
    InnerNumWorkersPerType = Open.get().InnerNumWorkersPerType;
  }
  // A nested loop that holds vector loops is the worker loop of its gang.
  if (Level && HasInnerLoops)
    Level = FERRY_LEVEL_WORKER;
  if (Level) {
    CanonicalLoop L;
    ArrayRef<Token> Header = ArrayRef<Token>(All).slice(2, HeaderEnd - 3);
    if (Ok && CanonicalLoopParser(PP, PragmaLoc).header(Header, L)) {
      L.Body.append(All.begin() + HeaderEnd, All.end());
      // In `kernels` without `independent` (or `auto`): spread only when
      // proven, in order inside the iteration otherwise.
      bool Proven = false;
      if (nestedNeedsProof()) {
        const std::string Why = findLoopDependence(L, Inner);
        if (!Why.empty()) {
          if (Ctx.missedRemarks())
            report(PP, D.Loc, Diag::RegionRemark)
                << "'" + spelling(D.Kind).str() + "' over '" + PP.getSpelling(L.Var) +
                       "' not parallelized: " + Why +
                       "; its iterations run in order inside each iteration of the loop "
                       "around it (write 'independent' if they are)";
          injectInOrder(All);
          return;
        }
        Proven = true;
      }
      // Its copies, and those of the loops in order in its body: a worker
      // loop's iterations run in worker_rounds (worker-single in a gang of
      // workers), any other's on each work-item.
      handOverPrivates(Ctx.enclosingRegion(), Level == FERRY_LEVEL_WORKER
                                                  ? PrivateSection::Worker
                                                  : PrivateSection::WorkItem);
      SmallVector<OpenConstruct *, 4> Loops = Ctx.enclosingLoops();
      OpenConstruct &Region = *Loops.front();
      Region.HasInnerLoops = true;
      if (Loops.size() == 2) { // a vector loop in a worker loop
        Loops[1]->HasInnerLoops = true;
        Region.HasWorkers = true;
      }
      const bool Reduces = D.find(ClauseKind::Reduction);
      Region.HasInnerReductions |= Reduces;
      InnerLoop Record{L, 0, !Reduces && !D.find(ClauseKind::Private) &&
                                 !D.find(ClauseKind::Collapse) && !D.find(ClauseKind::Tile),
                       D.Loc, "", All, SourceLocation()};
      Record.RewrittenTokens = emitInner(L, Level, Loops.size() == 2, Record);
      if (Proven && !Record.Remark.empty())
        Record.Remark += "; iterations proven independent";
      Region.InnerLoops.push_back(std::move(Record));
      emitLevelOperands(nullptr, &Region.InnerVectorLength);
      noteWorkersPerType(Region);
      if (!WorkerCount.empty()) {
        if (Region.InnerNumWorkers.empty())
          Region.InnerNumWorkers = WorkerCount;
        else if (spellingOf(PP, Region.InnerNumWorkers) != spellingOf(PP, WorkerCount))
          report(PP, WorkerCount[0].getLocation(), Diag::IgnoredLevelOperand)
              << "worker(" + spellingOf(PP, WorkerCount) + ")"
              << "an earlier loop of the region sets the gang's workers (worker(" +
                     spellingOf(PP, Region.InnerNumWorkers) + "))";
      }
    } else {
      injectInOrder(All);
    }
    return;
  }
  if (InPlace) {
    // Its private sections' copies hold for the whole loop.
    TokenBuilder B(PP, PragmaLoc);
    if (!OwnPrivates.empty()) {
      B.code("{");
      emitPrivateBindings(B, OwnPrivates);
    }
    B.tokens(All);
    if (!OwnPrivates.empty())
      B.code("}");
    B.inject();
    return;
  }
  if (Outer)
    EnclosingKind = *Outer;
  SmallVector<CanonicalLoop, 3> Nest(1);
  if (Ok) {
    // All = for ( header ) body
    ArrayRef<Token> Header = ArrayRef<Token>(All).slice(2, HeaderEnd - 3);
    Ok = CanonicalLoopParser(PP, PragmaLoc).header(Header, Nest[0]);
    Nest[0].Body.append(All.begin() + HeaderEnd, All.end());
  }
  if (!Ok || !nest(Nest)) {
    TokenBuilder(PP, PragmaLoc).tokens(All).inject();
    return;
  }
  // The test reads the nested loops as written: their iterations in order
  // inside each of this loop's, whether they spread over a gang or not.
  testDependence(Nest);
  if (Nest.size() == 1 && TileSizes.empty() && StaticChunk.empty() &&
      !(needsProof() && !ProvenIndependent) && joinInner(Nest))
    HasInnerLoops = HasInnerReductions = false;
  for (InnerLoop &I : Inner) {
    // A region whose iterations run in order runs its nested loops in
    // order inside them (the outliner flattens them).
    if (HasInnerLoops && sequential() && !I.Remark.empty())
      I.Remark = "'loop' over '" + PP.getSpelling(I.Loop.Var) +
                 "' nested in a region's iteration: in order inside it, as the region's "
                 "iterations run in order";
    if (!I.Remark.empty())
      report(PP, I.Loc, Diag::RegionRemark) << I.Remark;
  }
  // In `kernels`, scalars the loop assigns are copy (OpenACC 2.6.2): the
  // value the (last) iteration leaves is seen after it.
  if (D.Kind == ConstructKind::KernelsLoop ||
      (ComputeDirective && ComputeDirective->Kind == ConstructKind::Kernels && !InOneRegion)) {
    SmallVector<const Directive *, 2> Clauses{&D};
    if (ComputeDirective)
      Clauses.push_back(ComputeDirective);
    for (const Token &T : Ctx.kernelsWrittenScalars(Nest.back().Body, Clauses))
      ImpliedShared.push_back(T);
  }
  // Arrays named in no clause are copy in every compute construct (2.6.2):
  // shared, copied in and out, never a private copy in the closure.
  {
    SmallVector<const Directive *, 2> Clauses{&D};
    if (ComputeDirective)
      Clauses.push_back(ComputeDirective);
    bool None = false;
    for (const Directive *C : Clauses)
      if (const Clause *Default = C->find(ClauseKind::Default))
        None |= Default->DefaultKind == "none";
    if (const Clause *Outer = Ctx.enclosingDataDefault())
      None |= Outer->DefaultKind == "none";
    if (!None)
      for (const Token &T : Ctx.implicitArrays(All, Clauses))
        ImpliedShared.push_back(T);
  }
  if (Nest.size() == 1 && TileSizes.empty() && StaticChunk.empty())
    emit(Nest[0]);
  else
    emitCollapsed(Nest);
}

/// The kind of construct the region of \p Region (the outermost open loop)
/// runs as: a `loop` takes its compute construct's.
static ConstructKind regionKind(const Directive &Region, const OpenConstruct *Compute) {
  if (Region.Kind != ConstructKind::Loop)
    return Region.Kind;
  if (!Compute)
    return ConstructKind::ParallelLoop;
  return Compute->D->Kind == ConstructKind::Serial    ? ConstructKind::SerialLoop
         : Compute->D->Kind == ConstructKind::Kernels ? ConstructKind::KernelsLoop
                                                      : ConstructKind::ParallelLoop;
}

int LoopConstruct::innerLevel() const {
  SmallVector<OpenConstruct *, 4> Loops = Ctx.enclosingLoops();
  // A third level is the vector loop of a worker loop: one with `worker`
  // alone, or without a level clause (gang, worker, vector as NVHPC maps a
  // three-level nest); under any other it runs in order inside the second,
  // as does a fourth level. Under a worker loop that spreads only if proven
  // (known once its body is read), in order too.
  if (Loops.size() == 2) {
    const OpenConstruct &Middle = *Loops[1];
    const Directive &M = *Middle.D;
    const bool WorkerLoop = Middle.Level && !Middle.NeedsProof &&
                            (Middle.AutoLevel || Middle.Level == FERRY_LEVEL_WORKER);
    if (!WorkerLoop || M.find(ClauseKind::Collapse) || M.find(ClauseKind::Tile) ||
        D.find(ClauseKind::Worker) || D.find(ClauseKind::Collapse) || D.find(ClauseKind::Tile))
      return 0;
  } else if (Loops.size() != 1) {
    return 0;
  }
  const Directive &Region = *Loops[0]->D;
  const ConstructKind Kind =
      regionKind(Region, Ctx.enclosingComputeConstruct());
  // The region's own iterations must be gangs: not in order, not already
  // spread over workers or vector lanes. (A region loop that needs a proof
  // of independence and does not get it runs in order, and the outliner
  // runs its nested loops in order inside.)
  if (Kind == ConstructKind::SerialLoop || Region.find(ClauseKind::Seq) ||
      (!Region.find(ClauseKind::Gang) &&
       (Region.find(ClauseKind::Worker) || Region.find(ClauseKind::Vector))))
    return 0;
  // This loop: independent (implied in `parallel`, written in `kernels` or
  // proven, see nestedNeedsProof) and below the gang level.
  if (D.find(ClauseKind::Seq) || D.find(ClauseKind::Gang))
    return 0;
  int Level = (D.find(ClauseKind::Worker) ? FERRY_LEVEL_WORKER : 0) |
              (D.find(ClauseKind::Vector) ? FERRY_LEVEL_VECTOR : 0);
  return Level ? Level : FERRY_LEVEL_VECTOR;
}

bool LoopConstruct::nestedNeedsProof() const {
  if (D.find(ClauseKind::Auto))
    return true;
  if (D.find(ClauseKind::Independent))
    return false;
  SmallVector<OpenConstruct *, 4> Loops = Ctx.enclosingLoops();
  return !Loops.empty() &&
         regionKind(*Loops[0]->D, Ctx.enclosingComputeConstruct()) ==
             ConstructKind::KernelsLoop;
}

const Directive *LoopConstruct::computeDirective() {
  if (D.Kind != ConstructKind::Loop)
    return &D;
  if (OpenConstruct *Compute = Ctx.enclosingComputeConstruct())
    return Compute->D;
  SmallVector<OpenConstruct *, 4> Loops = Ctx.enclosingLoops();
  if (!Loops.empty() && Loops[0]->D->Kind != ConstructKind::Loop)
    return Loops[0]->D; // a `loop` in a `parallel loop`
  return nullptr;
}

bool LoopConstruct::joinInner(SmallVectorImpl<CanonicalLoop> &Nest) {
  if (Inner.size() != 1 || !Inner[0].Plain)
    return false;
  // The body is the nested loop alone (in braces or not).
  ArrayRef<Token> Body = Nest[0].Body;
  while (Body.size() >= 2 && Body.front().is(tok::l_brace) && Body.back().is(tok::r_brace) &&
         Body.size() > Inner[0].RewrittenTokens)
    Body = Body.drop_front().drop_back();
  if (Body.size() != Inner[0].RewrittenTokens)
    return false;
  // Rectangular: its bounds and step do not use the outer variable.
  const CanonicalLoop &L = Inner[0].Loop;
  for (ArrayRef<Token> Part :
       {ArrayRef<Token>(L.Lower), ArrayRef<Token>(L.Bound), ArrayRef<Token>(L.Step)})
    for (const Token &T : Part)
      if (sameVar(T, Nest[0].Var))
        return false;
  Nest.push_back(L);
  if (Ctx.remarks())
    Inner[0].Remark = "'loop' over '" + PP.getSpelling(L.Var) + "' is the whole body of the " +
                    "loop over '" + PP.getSpelling(Nest[0].Var) + "' and rectangular: the " +
                    "two run as one collapsed loop, an iteration per work-item";
  return true;
}

size_t LoopConstruct::emitInner(const CanonicalLoop &L, int Level, bool InWorker,
                                InnerLoop &Record) {
  std::string &Remark = Record.Remark;
  TokenBuilder B(PP, PragmaLoc);
  B.code("{");
  Record.RewrittenAt = B.get()[0].getLocation();
  emitIndexType(B, L);
  emitOperandChecks(B);
  if (Ctx.remarks()) {
    std::string &Text = Remark;
    Text = "'loop' over '" + PP.getSpelling(L.Var) + "' nested in a region's iteration: ";
    if (InWorker)
      Text += "spread over the vector lanes of the worker running the enclosing worker "
              "iteration (vector level)";
    else if (Level == FERRY_LEVEL_WORKER && HasInnerLoops)
      Text += "spread over the gang's workers, one warp each (worker level); its own code "
              "is worker-single (its stores on lane 0 of the worker), its vector loops "
              "spread over the worker's lanes";
    else
      Text += std::string("spread over the work-items of the gang running that iteration (") +
              (Level == FERRY_LEVEL_WORKER   ? "worker"
               : Level == FERRY_LEVEL_VECTOR ? "vector"
                                             : "worker vector") +
              " level)";
    if (D.find(ClauseKind::Collapse) || D.find(ClauseKind::Tile))
      Text += "; only its outermost loop is spread, the others run in order inside";
    std::string Reductions;
    for (const Clause &C : D.Clauses)
      if (C.Kind == ClauseKind::Reduction)
        for (const VarRef &V : C.Vars)
          Reductions += (Reductions.empty() ? "" : ", ") + C.ReductionOp + ":" +
                        PP.getSpelling(V.Name);
    if (!Reductions.empty())
      Text += std::string("; reductions combined over the ") +
              (InWorker                                        ? "worker's lanes"
               : Level == FERRY_LEVEL_WORKER && HasInnerLoops ? "gang's workers"
                                                               : "gang's work-items") +
              ": " + Reductions;
  }
  emitSectionLowers(B);
  B.code("::ferry::acc::inner_loop<__ferry_index_t, ::ferry::acc::cmp::")
      .code(L.Cmp)
      .code(",")
      .number(unsigned(Level))
      .code(">(");
  emitBoundsAndReductions(B, L, /*Nested=*/true);
  // The iteration's variables by reference (each work-item running the
  // iteration has its own); `private` ones by copy.
  B.code(", [&");
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::Private)
      for (const VarRef &V : C.Vars)
        if (!isPrivateSection(V))
          B.code(",").tokens(V.Name);
  B.code("]");
  emitBodyParameters(B, L, /*Frame=*/false);
  B.code("); }");
  const size_t Count = B.get().size();
  B.inject();
  return Count;
}

/// The largest `tile` size, and product of sizes: a tile is what one gang
/// runs at a time, and no GPU block has more work-items than this.
static constexpr unsigned MaxTileSize = 1024;

/// The value of \p T, an integer literal between 1 and MaxTileSize.
static std::optional<unsigned> tileSize(Preprocessor &PP, const Token &T) {
  SmallString<32> Buffer;
  bool Invalid = false;
  StringRef Spelling = PP.getSpelling(T, Buffer, &Invalid);
  if (Invalid)
    return std::nullopt;
  NumericLiteralParser Literal(Spelling, T.getLocation(), PP.getSourceManager(),
                               PP.getLangOpts(), PP.getTargetInfo(), PP.getDiagnostics());
  if (Literal.hadError || !Literal.isIntegerLiteral())
    return std::nullopt;
  llvm::APInt Value(64, 0);
  if (Literal.GetIntegerValue(Value)) // does not fit 64 bits
    return std::nullopt;
  if (Value.getZExtValue() < 1 || Value.getZExtValue() > MaxTileSize)
    return std::nullopt;
  return unsigned(Value.getZExtValue());
}

/// The default of `tile(*)` at each level, innermost last: a whole tile of
/// 256 work-items for one level, 8x32 (rows by columns, as tiles2) for two
/// or more, the outer levels 1.
static unsigned defaultTileSize(size_t Level, size_t Levels) {
  if (Levels == 1)
    return 256;
  return Level + 1 == Levels ? 32 : Level + 2 == Levels ? 8 : 1;
}

bool LoopConstruct::nest(SmallVectorImpl<CanonicalLoop> &Nest) {
  CanonicalLoopParser Parser(PP, PragmaLoc);
  if (const Clause *C = D.find(ClauseKind::Collapse))
    if (!Parser.nest(C->Count, Nest))
      return false;
  // tile(s1, ..., sn): n nested independent loops cut into tiles; the tile
  // loops go to gangs, the element loops to a gang's work-items.
  if (const Clause *C = D.find(ClauseKind::Tile)) {
    SmallVector<ArrayRef<Token>, 4> Sizes = splitTopLevel(C->Expr, tok::comma);
    bool Ok = true;
    SmallVector<bool, 4> Default;
    uint64_t Explicit = 1;
    for (ArrayRef<Token> Size : Sizes) {
      Default.push_back(Size.size() == 1 && Size[0].is(tok::star));
      TileSizes.push_back(0);
      if (Size.size() != 1 || !(Size[0].is(tok::star) || Size[0].is(tok::numeric_constant))) {
        report(PP, Size.empty() ? C->Loc : Size[0].getLocation(), Diag::BadTileSize);
        Ok = false;
      } else if (Size[0].is(tok::numeric_constant)) {
        if (std::optional<unsigned> V = tileSize(PP, Size[0])) {
          TileSizes.back() = *V;
          Explicit *= *V;
        } else {
          report(PP, Size[0].getLocation(), Diag::TileSizeOutOfRange)
              << PP.getSpelling(Size[0]) << MaxTileSize;
          Ok = false;
        }
      }
    }
    if (Ok && Explicit > MaxTileSize) {
      std::string Text;
      for (ArrayRef<Token> Size : Sizes)
        Text += (Text.empty() ? "" : ", ") + spellingOf(PP, Size);
      report(PP, C->Loc, Diag::TileTooLarge) << Text << unsigned(Explicit)
                                             << MaxTileSize;
      Ok = false;
    }
    if (!Ok)
      return false;
    // `*` takes its default, halved until the tile fits a block.
    for (size_t I = 0; I < TileSizes.size(); ++I)
      if (Default[I])
        TileSizes[I] = defaultTileSize(I, TileSizes.size());
    auto Product = [&] {
      uint64_t P = 1;
      for (unsigned S : TileSizes)
        P *= S;
      return P;
    };
    for (size_t I = 0; Product() > MaxTileSize; I = (I + 1) % TileSizes.size())
      if (Default[I] && TileSizes[I] > 1)
        TileSizes[I] /= 2;
    if (Sizes.size() > 1)
      return Parser.nest(unsigned(Sizes.size()), Nest);
  }
  return true;
}

ConstructKind LoopConstruct::effectiveKind() const {
  if (D.Kind != ConstructKind::Loop || !EnclosingKind)
    return D.Kind;
  switch (*EnclosingKind) {
  case ConstructKind::Serial:
    return ConstructKind::SerialLoop;
  case ConstructKind::Kernels:
    return ConstructKind::KernelsLoop;
  default:
    return ConstructKind::ParallelLoop;
  }
}

bool LoopConstruct::sequential() const {
  const ConstructKind Kind = effectiveKind();
  return Kind == ConstructKind::SerialLoop || OneRegion || D.find(ClauseKind::Seq) ||
         (needsProof() && !ProvenIndependent);
}

bool LoopConstruct::needsProof() const {
  // `kernels` loops are independent only where the program says so; `auto`
  // leaves the decision to Ferry anywhere.
  return (effectiveKind() == ConstructKind::KernelsLoop && !D.find(ClauseKind::Independent)) ||
         D.find(ClauseKind::Auto);
}

/// Whether \p D has `async`, for every device type or some.
static bool hasAsync(const Directive &D) {
  if (D.find(ClauseKind::Async))
    return true;
  for (const Clause &C : D.DeviceClauses)
    if (C.Kind == ClauseKind::Async)
      return true;
  return false;
}

void LoopConstruct::emitLevelOperands(TokenBuilder *B, TokenList *InnerVectorLength) {
  for (const Clause &C : D.Clauses)
    emitLevelOperand(C, B, InnerVectorLength);
  // gang(n) and vector(n) for some device types: on the region's loop,
  // chosen at launch after the directive's own. (worker(n) for some types
  // is emitted with the gang's workers, gang(static:) is read by
  // readGangOperands.)
  for (const Clause &C : D.DeviceClauses) {
    if (C.Kind != ClauseKind::Gang && C.Kind != ClauseKind::Vector)
      continue;
    bool LaunchValue = false;
    for (ArrayRef<Token> Part : splitTopLevel(C.Expr, tok::comma))
      LaunchValue |= !(Part.size() >= 2 && Part[0].getIdentifierInfo() &&
                       Part[1].is(tok::colon) &&
                       (Part[0].getIdentifierInfo()->getName() == "static" ||
                        Part[0].getIdentifierInfo()->getName() == "dim"));
    if (C.Expr.empty() || !LaunchValue)
      continue;
    if (!B) {
      report(PP, C.Loc, Diag::IgnoredLevelOperand)
          << spelling(C.Kind).str() + "(" + spellingOf(PP, C.Expr) + ")"
          << "Ferry sets a nested loop's operands for every device type, not for some";
      continue;
    }
    B->code("if (" + deviceTypeCondition(C.DeviceTypes) + ") {");
    emitLevelOperand(C, B, nullptr);
    B->code("}");
  }
}

void LoopConstruct::emitLevelOperand(const Clause &C, TokenBuilder *B,
                                     TokenList *InnerVectorLength) {
  if (C.Expr.empty() || (C.Kind != ClauseKind::Gang && C.Kind != ClauseKind::Vector))
    return; // worker(n): read by readWorkerOperand
  const std::string Text = spelling(C.Kind).str() + "(" + spellingOf(PP, C.Expr) + ")";
  for (ArrayRef<Token> Part : splitTopLevel(C.Expr, tok::comma)) {
    StringRef Modifier;
    if (Part.size() >= 2 && Part[0].getIdentifierInfo() && Part[1].is(tok::colon)) {
      // `num`, `length`, `dim`, and `static` (a keyword)
      Modifier = Part[0].getIdentifierInfo()->getName();
      Part = Part.drop_front(2);
    }
    const SourceLocation Loc = Part.empty() ? C.Loc : Part[0].getLocation();
    if (C.Kind == ClauseKind::Gang && (Modifier.empty() || Modifier == "num")) {
      if (B && !D.find(ClauseKind::NumGangs))
        B->code("__ferry_options.num_gangs = ::ferry::acc::geometry_clause(__ferry_region, \"gang(num:)\", (")
            .tokens(Part)
            .code("), 2147483647LL);");
      else if (!B)
        report(PP, Loc, Diag::IgnoredLevelOperand)
            << Text << "the number of gangs is set on the region's loop";
    } else if (C.Kind == ClauseKind::Gang && (Modifier == "static" || Modifier == "dim")) {
      // Read by readGangOperands (static:), refused there (dim:).
    } else if (C.Kind == ClauseKind::Vector && (Modifier.empty() || Modifier == "length")) {
      if (B && !D.find(ClauseKind::VectorLength))
        B->code("__ferry_options.vector_length = ::ferry::acc::geometry_clause(__ferry_region, \"vector\", (")
            .tokens(Part)
            .code("), 1024LL);");
      else if (InnerVectorLength)
        InnerVectorLength->assign(Part.begin(), Part.end());
    } else {
      report(PP, Part.empty() ? C.Loc : Part[0].getLocation(), Diag::BadLevelOperand)
          << Modifier << Text
          << (C.Kind == ClauseKind::Gang ? "'num:', 'static:' or 'dim:'" : "'length:'");
    }
  }
}

/// The directive's own \p K clause, then those for some device types.
static SmallVector<const Clause *, 4> clausesOfKind(const Directive &D, ClauseKind K) {
  SmallVector<const Clause *, 4> Out;
  if (const Clause *C = D.find(K))
    Out.push_back(C);
  for (const Clause &C : D.DeviceClauses)
    if (C.Kind == K)
      Out.push_back(&C);
  return Out;
}

/// `(cond1 ? (v1) : cond2 ? (v2) : (own))` for values chosen per device
/// type at launch; the last per-type value stands in for a missing \p Own
/// (resolveDeviceTypes makes sure that every type has one then).
static TokenList chooseAtLaunch(Preprocessor &PP, SourceLocation Loc, ArrayRef<Token> Own,
                                ArrayRef<std::pair<unsigned, TokenList>> PerType) {
  if (PerType.empty())
    return TokenList(Own.begin(), Own.end());
  TokenBuilder B(PP, Loc);
  B.code("(");
  const size_t Conditions = Own.empty() ? PerType.size() - 1 : PerType.size();
  for (size_t I = 0; I < Conditions; ++I)
    B.code(deviceTypeCondition(PerType[I].first) + " ? (")
        .tokens(PerType[I].second)
        .code(") :");
  B.code("(").tokens(Own.empty() ? ArrayRef<Token>(PerType.back().second) : Own).code("))");
  return TokenList(B.get().begin(), B.get().end());
}

bool LoopConstruct::readGangOperands() {
  TokenList Own;
  SmallVector<std::pair<unsigned, TokenList>, 2> PerType;
  std::string PerTypeText;
  for (const Clause *C : clausesOfKind(D, ClauseKind::Gang)) {
    for (ArrayRef<Token> Part : splitTopLevel(C->Expr, tok::comma)) {
      if (Part.size() < 2 || !Part[0].getIdentifierInfo() || Part[1].isNot(tok::colon))
        continue;
      StringRef Modifier = Part[0].getIdentifierInfo()->getName();
      ArrayRef<Token> Value = Part.drop_front(2);
      if (Modifier == "dim") {
        report(PP, Part[0].getLocation(), Diag::UnsupportedGangDim)
            << "gang(" + spellingOf(PP, C->Expr) + ")";
        return false;
      }
      if (Modifier != "static" || (Value.size() == 1 && Value[0].is(tok::star)))
        continue;
      if (D.find(ClauseKind::Tile)) {
        report(PP, Part[0].getLocation(), Diag::IgnoredLevelOperand)
            << "gang(" + spellingOf(PP, C->Expr) + ")" << "'tile' gives each gang whole tiles";
        continue;
      }
      const std::string Text = spellingOf(PP, Value);
      if (!C->DeviceTypes) {
        Own.assign(Value.begin(), Value.end());
        StaticChunkText = Text;
      } else {
        PerType.emplace_back(C->DeviceTypes, TokenList(Value.begin(), Value.end()));
        PerTypeText += (PerTypeText.empty() ? "" : ", ") + Text + " on " +
                       deviceTypeNames(C->DeviceTypes);
      }
    }
  }
  // A chunk size for some device types is a launch value (that every type
  // has one, or none, resolveDeviceTypes checked with the schedule).
  StaticChunk = chooseAtLaunch(PP, PragmaLoc, Own, PerType);
  if (!PerTypeText.empty())
    StaticChunkText = PerTypeText + (Own.empty() ? "" : ", " + StaticChunkText + " otherwise");
  return true;
}

bool LoopConstruct::readWorkerOperand() {
  for (const Clause *C : clausesOfKind(D, ClauseKind::Worker)) {
    if (C->Expr.empty())
      continue;
    const std::string Text = "worker(" + spellingOf(PP, C->Expr) + ")";
    ArrayRef<Token> Value = C->Expr;
    if (Value.size() >= 2 && Value[0].getIdentifierInfo() && Value[1].is(tok::colon)) {
      StringRef Modifier = Value[0].getIdentifierInfo()->getName();
      if (Modifier != "num") {
        report(PP, Value[0].getLocation(), Diag::BadLevelOperand) << Modifier << Text << "'num:'";
        return false;
      }
      Value = Value.drop_front(2);
    }
    const SourceLocation Loc = Value.empty() ? C->Loc : Value[0].getLocation();
    // OpenACC 3.3, 2.9.3: the argument is allowed in `kernels` only, where
    // the construct has no num_workers (for any device type).
    const Directive *Compute = computeDirective();
    if (!Compute ||
        (Compute->Kind != ConstructKind::Kernels && Compute->Kind != ConstructKind::KernelsLoop)) {
      report(PP, Loc, Diag::WorkerNumOutsideKernels)
          << Text
          << (Compute ? "a loop of a '" + spelling(Compute->Kind).str() + "' construct"
                      : std::string("an orphaned 'loop'"));
      return false;
    }
    SmallVector<const Clause *, 4> NumWorkers = clausesOfKind(*Compute, ClauseKind::NumWorkers);
    if (!NumWorkers.empty()) {
      report(PP, Loc, Diag::WorkerNumConflict)
          << Text << spellingOf(PP, NumWorkers[0]->Expr) << spelling(Compute->Kind);
      report(PP, NumWorkers[0]->Loc, Diag::NoteNumWorkers);
      return false;
    }
    if (!C->DeviceTypes)
      WorkerCount.assign(Value.begin(), Value.end());
    else
      WorkerCountPerType.emplace_back(C->DeviceTypes, TokenList(Value.begin(), Value.end()));
  }
  return true;
}

void LoopConstruct::noteWorkersPerType(OpenConstruct &Region) {
  for (const auto &[Types, Count] : WorkerCountPerType) {
    const std::string Text = "worker(" + spellingOf(PP, Count) + ")";
    if (!Region.InnerNumWorkers.empty()) {
      report(PP, Count[0].getLocation(), Diag::IgnoredLevelOperand)
          << Text << "an earlier loop of the region sets the gang's workers (worker(" +
                         spellingOf(PP, Region.InnerNumWorkers) + "))";
      continue;
    }
    bool Taken = false;
    for (const auto &[EarlierTypes, Earlier] : Region.InnerNumWorkersPerType)
      if ((EarlierTypes & Types) && !Taken) {
        Taken = true;
        if (spellingOf(PP, Earlier) != spellingOf(PP, Count))
          report(PP, Count[0].getLocation(), Diag::IgnoredLevelOperand)
              << Text << "an earlier loop of the region sets the gang's workers on " +
                             deviceTypeNames(EarlierTypes & Types) + " (worker(" +
                             spellingOf(PP, Earlier) + "))";
      }
    if (!Taken)
      Region.InnerNumWorkersPerType.emplace_back(Types, Count);
  }
}

/// \p Body with each loop of \p Nested that was rewritten put back as
/// written (loops nested in those are in \p Nested too).
static TokenList asWritten(ArrayRef<Token> Body, ArrayRef<InnerLoop> Nested) {
  TokenList Out(Body.begin(), Body.end());
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const InnerLoop &I : Nested) {
      auto At = llvm::find_if(Out, [&](const Token &T) {
        return T.getLocation() == I.RewrittenAt;
      });
      if (At == Out.end() || size_t(Out.end() - At) < I.RewrittenTokens)
        continue;
      At = Out.erase(At, At + I.RewrittenTokens);
      Out.insert(At, I.Original.begin(), I.Original.end());
      Changed = true;
    }
  }
  return Out;
}

std::string LoopConstruct::findLoopDependence(const CanonicalLoop &L,
                                              ArrayRef<InnerLoop> Nested) {
  llvm::StringSet<> Reductions;
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::Reduction)
      for (const VarRef &V : C.Vars)
        Reductions.insert(PP.getSpelling(V.Name));
  CanonicalLoop Written = L;
  Written.Body = asWritten(L.Body, Nested);
  // Arrays named with a section in a data clause, and variables of array
  // type: distinct, non-overlapping objects.
  llvm::StringSet<> Mapped = Ctx.sectionedNames(PP);
  for (const Clause &C : D.Clauses)
    if (isDataClause(C.Kind) && C.Kind != ClauseKind::Deviceptr)
      for (const VarRef &V : C.Vars)
        if (!V.Sections.empty() && !V.isMember())
          Mapped.insert(PP.getSpelling(V.Name));
  for (const auto &Name : Ctx.arrayObjects(Written.Body))
    Mapped.insert(Name.getKey());
  // Its private variables and sections: each executor's own copies.
  llvm::StringSet<> Privates;
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::Private || C.Kind == ClauseKind::Firstprivate)
      for (const VarRef &V : C.Vars)
        if (!V.isMember())
          Privates.insert(PP.getSpelling(V.Name));
  return findDependence(PP, Written, Mapped, Reductions, Privates);
}

void LoopConstruct::testDependence(ArrayRef<CanonicalLoop> Nest) {
  if (!needsProof() || D.find(ClauseKind::Seq) || OneRegion)
    return;
  // A collapse/tile nest: each level proven with the enclosing levels'
  // variables fixed, so no two iterations of the nest meet.
  ProvenIndependent = true;
  for (const CanonicalLoop &L : Nest) {
    const std::string Why = findLoopDependence(L, Inner);
    if (Why.empty())
      continue;
    ProvenIndependent = false;
    if (Ctx.missedRemarks())
      report(PP, D.Loc, Diag::RegionRemark)
          << "'" + spelling(D.Kind).str() + "' over '" + PP.getSpelling(L.Var) + "'" +
                 (Nest.size() > 1 ? " (a level of its nest)" : "") + " not parallelized: " +
                 Why + "; its iterations run in order (write 'independent' if they are)";
    return;
  }
}

void LoopConstruct::emitIndexType(TokenBuilder &B, const CanonicalLoop &L) {
  B.code("using __ferry_index_t =");
  if (L.VarType.empty())
    B.code("::ferry::acc::index_type_t<decltype(").tokens(L.Var).code(")>");
  else if (L.VarType.size() == 1 && L.VarType[0].is(tok::kw_auto))
    B.code("::ferry::acc::index_type_t<decltype(").tokens(L.Lower).code(")>");
  else
    B.tokens(L.VarType);
  B.code(";");
}

void LoopConstruct::emitOperandChecks(TokenBuilder &B) {
  // Operands of data and loop clauses are checked by Sema where they were
  // written; on the host they need no action.
  for (const Clause &C : D.Clauses) {
    for (const VarRef &V : C.Vars) {
      if (C.Kind == ClauseKind::Reduction)
        continue;
      B.code("(void)sizeof(").tokens(V.object());
      for (const ArraySection &S : V.Sections) {
        B.code("[");
        if (S.Lower.empty())
          B.code("0");
        else
          B.tokens(S.Lower);
        B.code("]");
      }
      B.code(");");
      for (const ArraySection &S : V.Sections)
        B.code("(void)sizeof(").tokens(S.Length).code(");");
    }
    if (!C.Expr.empty() && operandKind(C.Kind) == OperandKind::Expr &&
        C.Kind != ClauseKind::Tile) // sizes are checked constants (or '*')
      B.code("(void)sizeof(").tokens(C.Expr).code(");");
  }
}

void LoopConstruct::emitRegionAndRemark(TokenBuilder &B, const CanonicalLoop &L) {
  const bool Sequential = sequential();
  const bool Nested = HasInnerLoops && !Sequential;
  emitRegion(PP, B, D, PragmaLoc,
             (Sequential ? FERRY_REGION_SEQ : 0) | (Nested ? FERRY_REGION_NESTED : 0) |
                 (Nested && HasInnerReductions ? FERRY_REGION_WARP_GANGS : 0) |
                 (Nested && HasWorkers ? FERRY_REGION_WORKERS : 0));
  if (OneRegion) {
    remark(PP, Ctx, D,
           effectiveKind() == ConstructKind::Serial
               ? "as one region (its loops run in order inside)"
               : "as one region of one work-item (it has statements outside its loops, or "
                 "private/firstprivate/reduction clauses; its loops run in order inside)");
    return;
  }
  std::string Shape = "over '" + (FlatOf.empty() ? PP.getSpelling(L.Var) : FlatOf) + "'";
  if (!TileSizes.empty()) {
    std::string Sizes, Cross;
    unsigned Volume = 1;
    for (unsigned S : TileSizes) {
      Sizes += (Sizes.empty() ? "" : ", ") + std::to_string(S);
      Cross += (Cross.empty() ? "" : "x") + std::to_string(S);
      Volume *= S;
    }
    Shape = "over a tile(" + Sizes + ") nest: tiles of " + Cross +
            " iterations, the tile loops over gangs, the element loops over a gang's " +
            (HasInnerLoops ? "work-items"
                           : std::to_string((Volume + 31) / 32 * 32) +
                                 " work-items (unless vector_length sets them)") +
            ", partial tiles at the edges skip the missing elements";
  } else if (CollapseLevels > 1) {
    Shape = "over a collapse(" + std::to_string(CollapseLevels) + ") nest";
  }
  if (!StaticChunk.empty() && TileSizes.empty())
    Shape += ", gang(static:" + StaticChunkText +
             "): chunks of that many consecutive iterations dealt to the gangs in turn "
             "(gang g runs chunks g, g+G, ...; G from num_gangs, or enough for a block's "
             "worth each)";
  if (Sequential)
    Shape += ", iterations in order";
  else if (ProvenIndependent)
    Shape += ", iterations proven independent";
  const TokenList &Workers = gangWorkers();
  if (Nested && HasWorkers)
    Shape += ", each iteration on one gang of workers (one warp each, " +
             (Workers.empty() ? std::string("num_workers")
                              : "worker(" + spellingOf(PP, Workers) + ")") +
             " of them) that share its worker loops, their vector loops on each worker's "
             "lanes";
  else if (Nested)
    Shape += ", each iteration on one gang whose work-items share its nested loops";
  if (!Workers.empty() && !(Nested && HasWorkers))
    Shape += ", worker(" + spellingOf(PP, Workers) +
             ") without effect (no worker loop of the region holds vector loops)";
  for (const auto &[Types, Count] : gangWorkersPerType())
    Shape += ", worker(" + spellingOf(PP, Count) + ") on " + deviceTypeNames(Types) +
             (Nested && HasWorkers ? " sets the gang's workers there"
                                   : " without effect (no worker loop of the region holds "
                                     "vector loops)");
  remark(PP, Ctx, D, Shape);
}

void LoopConstruct::emitBoundsAndReductions(TokenBuilder &B, const CanonicalLoop &L,
                                            bool Nested) {
  B.code("(")
      .tokens(L.Lower)
      .code("), (")
      .tokens(L.Bound)
      .code("), (")
      .tokens(L.Step)
      .code(L.NegativeStep ? "), -1," : "), 1,");
  emitReductions(B, Nested);
}

void LoopConstruct::emitReductions(TokenBuilder &B, bool Nested) {
  B.code("::ferry::acc::reductions(");
  bool First = true;
  unsigned Section = 0;
  for (const Clause &C : D.Clauses) {
    if (C.Kind != ClauseKind::Reduction)
      continue;
    for (const VarRef &V : C.Vars) {
      B.code(First ? "" : ",");
      First = false;
      if (V.Sections.empty()) {
        B.code("::ferry::acc::reduce<::ferry::acc::op::")
            .code(reductionOpName(C.ReductionOp))
            .code(">(")
            .tokens(V.Name)
            .code(")");
        continue;
      }
      // reduce_section<op, room, nested>(var, lower, length, region, "var")
      const ArraySection &S = V.Sections[0];
      B.code("::ferry::acc::reduce_section<::ferry::acc::op::")
          .code(reductionOpName(C.ReductionOp))
          .code(",")
          .number(constantLength(S))
          .code(Nested ? ", true>(" : ", false>(")
          .tokens(V.Name)
          .code(", __ferry_rlo_" + std::to_string(Section++) + ", (")
          .tokens(S.Length)
          .code((Nested ? "), nullptr, \"" : "), &__ferry_region, \"") +
                PP.getSpelling(V.Name) + "\")");
    }
  }
  B.code(")");
}

unsigned LoopConstruct::constantLength(const ArraySection &S) const {
  if (S.Length.size() != 1 || !S.Length[0].is(tok::numeric_constant))
    return 0;
  unsigned long long N = 0;
  if (StringRef(PP.getSpelling(S.Length[0])).getAsInteger(0, N) || N == 0 || N > 1024)
    return 0; // reduce_section checks the length at run time
  return unsigned(N);
}

void LoopConstruct::emitSectionLowers(TokenBuilder &B) {
  unsigned Section = 0;
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::Reduction)
      for (const VarRef &V : C.Vars)
        if (!V.Sections.empty()) {
          B.code("const auto __ferry_rlo_" + std::to_string(Section++) + " = (");
          if (V.Sections[0].Lower.empty())
            B.code("0");
          else
            B.tokens(V.Sections[0].Lower);
          B.code(");");
        }
}

void LoopConstruct::emitBodyParameters(TokenBuilder &B, const CanonicalLoop &L, bool Frame) {
  B.code("(__ferry_index_t").tokens(L.Var);
  if (Frame)
    B.code(", const ::ferry::acc::private_frame &__ferry_frame");
  unsigned Section = 0;
  TokenBuilder Views(PP, PragmaLoc);
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::Reduction)
      for (const VarRef &V : C.Vars) {
        if (V.Sections.empty()) {
          B.code(", auto &").tokens(V.Name);
          continue;
        }
        // The private copy of a section, seen through its original indices.
        const std::string N = std::to_string(Section++);
        B.code(", auto &__ferry_rv_" + N);
        Views.code("auto")
            .tokens(V.Name)
            .code("= ::ferry::acc::section_private(__ferry_rv_" + N + ", __ferry_rlo_" + N +
                  ");");
      }
  B.code(") mutable -> void {").tokens(Views.get());
  emitPrivateBindings(B, OwnPrivates);
  B.code("do").tokens(L.Body).code("while (0); }");
}

bool LoopConstruct::isPointerSection(const VarRef &V) const {
  if (V.Sections.empty())
    return false;
  const VarDecl *VD = Ctx.lookupVariable(V.Name);
  return VD && VD->getType()->isPointerType();
}

/// Whether \p T (an element type) is a complex number: `_Complex T` or
/// std::complex<T>.
static bool isComplexType(QualType T) {
  if (T->isAnyComplexType())
    return true;
  const auto *RD = T->getAsCXXRecordDecl();
  return RD && RD->getName() == "complex" && RD->isInStdNamespace();
}

bool LoopConstruct::checkReductionTypes() const {
  for (const Clause &C : D.Clauses) {
    if (C.Kind != ClauseKind::Reduction || C.ReductionOp == "+" || C.ReductionOp == "*")
      continue;
    for (const VarRef &V : C.Vars) {
      const VarDecl *VD = Ctx.lookupVariable(V.Name);
      if (!VD || VD->getType()->isDependentType())
        continue; // the header's static assertion checks instantiations
      QualType T = VD->getType().getNonReferenceType();
      while (true) {
        if (const auto *AT = T->getAsArrayTypeUnsafe())
          T = AT->getElementType();
        else if (!V.Sections.empty() && T->isPointerType())
          T = T->getPointeeType();
        else
          break;
      }
      if (isComplexType(T)) {
        report(PP, V.Name.getLocation(), Diag::ReductionComplexOperator)
            << C.ReductionOp << PP.getSpelling(V.Name) << VD->getType().getAsString();
        return false;
      }
    }
  }
  return true;
}

void LoopConstruct::emitCaptures(TokenBuilder &B, ArrayRef<Token> Body) {
  // Scalars are firstprivate (captured by copy, one copy per gang). What a
  // data clause names is shared data: captured by reference, so that writes
  // to arrays and to copy/copyout scalars are seen after the region.
  // default(none): no capture-default, so that Sema reports every variable
  // the body uses without naming it in a clause, where it is used.
  OpenConstruct *Compute = inCompute() ? Ctx.enclosingComputeConstruct() : nullptr;
  const Clause *Default = D.find(ClauseKind::Default);
  const Clause *OuterDefault = Compute ? Compute->D->find(ClauseKind::Default) : nullptr;
  if (!OuterDefault)
    OuterDefault = Ctx.enclosingDataDefault();
  const bool None = (Default && Default->DefaultKind == "none") ||
                    (OuterDefault && OuterDefault->DefaultKind == "none");
  B.code(None ? "" : "=");
  bool FirstCapture = None;
  auto Capture = [&](StringRef Prefix, ArrayRef<Token> Name) {
    B.code(FirstCapture ? "" : ",").code(Prefix).tokens(Name);
    FirstCapture = false;
  };
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Shared, Reduced, Copied;
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::Reduction)
      for (const VarRef &V : C.Vars)
        Reduced.insert(V.Name.getIdentifierInfo());
  // A private section's variable is the copy the lambda binds: not shared.
  for (const PrivateSection &P : OwnPrivates)
    Reduced.insert(P.Var.Name.getIdentifierInfo());
  // A variable named with an array section is the base of device-mappable
  // memory: captured as a pointer by value (an array decays), so that the
  // runtime can translate it to the device copy (implicit attach). A whole
  // variable is captured by reference: writes to it are seen after the
  // region, and its own mapping translates its address.
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Sectioned;
  // A loop of a compute construct shares the construct's data too.
  SmallVector<const Clause *, 8> DataClauses;
  for (const Clause &C : D.Clauses)
    if (isDataClause(C.Kind))
      DataClauses.push_back(&C);
  if (Compute)
    for (const Clause &C : Compute->D->Clauses)
      if (isDataClause(C.Kind))
        DataClauses.push_back(&C);
  // And the data of the data constructs around it: a scalar or array they
  // name is present, so the region uses the device copy (OpenACC 2.6: only
  // variables in no data clause of the construct or an enclosing data
  // construct are firstprivate), and their deviceptr clauses hold inside.
  for (const Clause *C : Ctx.enclosingDataClauses())
    DataClauses.push_back(C);
  // And the variables of `declare` directives before it in the function.
  for (const Clause *C : Ctx.declaredUsedIn(Body))
    DataClauses.push_back(C);
  for (const Clause *CP : DataClauses)
    for (const VarRef &V : CP->Vars)
      if (!V.Sections.empty() && !V.isMember())
        Sectioned.insert(V.Name.getIdentifierInfo());
  // A member item (`s.data[0:n]`) names no variable of its own: the region
  // reaches it through its struct, which the construct's implicit copy of
  // the struct (addMemberRoots) or the default capture gives it.
  for (const Clause *CP : DataClauses)
    for (const VarRef &V : CP->Vars)
      if (!V.isMember() && !Reduced.count(V.Name.getIdentifierInfo()) &&
          Shared.insert(V.Name.getIdentifierInfo()).second) {
        if (CP->Kind == ClauseKind::Deviceptr) {
          // Already a device address: captured so that it is never attached.
          Capture("", V.Name);
          B.code("= ::ferry::acc::deviceptr_of(").tokens(V.Name).code(")");
        } else if (V.Vla) {
          // `&a`: clang 19 cannot generate code for `&a = a` of a
          // variable-length array (its bounds), nor can a template see it.
          // Its address is the base of any section of it.
          Capture("&", V.Name);
        } else if (Sectioned.count(V.Name.getIdentifierInfo())) {
          Capture("", V.Name);
          B.code("= ::ferry::acc::section_base(").tokens(V.Name).code(")");
        } else {
          // `&x = x`, not `&x`: globals and statics (no automatic storage)
          // cannot be captured, but a reference to them can be.
          Capture("&", V.Name);
          B.code("=").tokens(V.Name);
        }
      }
  for (const Token &T : ImpliedShared)
    if (!Reduced.count(T.getIdentifierInfo()) && Shared.insert(T.getIdentifierInfo()).second) {
      Capture("&", T);
      if (!Ctx.isVariableLengthArray(T)) // `&a` alone for those (above)
        B.code("=").tokens(T);
    }
  if (!None)
    return;
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::Private || C.Kind == ClauseKind::Firstprivate)
      for (const VarRef &V : C.Vars)
        if (!Shared.count(V.Name.getIdentifierInfo()) && !isPrivateSection(V) &&
            Copied.insert(V.Name.getIdentifierInfo()).second)
          Capture("", V.Name);
  for (const auto *List : {&OwnPrivates, &NestedPrivates})
    for (const PrivateSection &P : *List) {
      TokenBuilder Name(PP, PragmaLoc);
      Name.code(P.Name);
      Capture("", Name.get());
    }
  for (const Token &T : ExtraCopies)
    Capture("", T);
  unsigned Sections = 0;
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::Reduction)
      for (const VarRef &V : C.Vars)
        Sections += !V.Sections.empty();
  for (unsigned I = 0; I < Sections; ++I) {
    TokenBuilder Name(PP, PragmaLoc);
    Name.code("__ferry_rlo_" + std::to_string(I));
    Capture("", Name.get()[0]);
  }
  for (unsigned I = 0; I < CollapseLevels; ++I) {
    TokenBuilder Names(PP, PragmaLoc);
    std::string N = std::to_string(I);
    Names.code("__ferry_lo" + N + " __ferry_st" + N + " __ferry_n" + N);
    for (const Token &T : Names.get())
      Capture("", T);
  }
}

void LoopConstruct::emit(const CanonicalLoop &L) {
  TokenBuilder B(PP, PragmaLoc);
  B.code("{").tokens(Prelude);
  emitIndexType(B, L);
  emitOperandChecks(B);
  emitRegionAndRemark(B, L);
  // if / async / wait: where and when the region runs; a loop of a compute
  // construct runs where and when the construct does.
  OpenConstruct *Compute = inCompute() ? Ctx.enclosingComputeConstruct() : nullptr;
  const bool Async = hasAsync(D) || (Compute && hasAsync(*Compute->D));
  if (inCompute())
    B.code("::ferry::acc::launch_options __ferry_options = __ferry_compute_options;");
  else
    emitOptions(B, D);
  emitLevelOperands(&B, nullptr);
  B.tokens(AfterOptions);
  if (!InnerVectorLength.empty() && !D.find(ClauseKind::VectorLength) && HasInnerLoops)
    B.code("__ferry_options.vector_length = ::ferry::acc::geometry_clause(__ferry_region, \"vector\", (")
        .tokens(InnerVectorLength)
        .code("), 1024LL);");
  // worker(n) sets the gang's workers where the construct does not
  // (readWorkerOperand refuses it elsewhere): this loop's, or a nested one's.
  if (const TokenList &Workers = gangWorkers(); !Workers.empty())
    B.code("__ferry_options.num_workers = ::ferry::acc::geometry_clause(__ferry_region, \"worker\", (")
        .tokens(Workers)
        .code("), 1024LL);");
  // worker(n) for some device types: chosen at launch, after the others.
  for (const auto &[Types, Count] : gangWorkersPerType())
    B.code("if (" + deviceTypeCondition(Types) + ")")
        .code("__ferry_options.num_workers = ::ferry::acc::geometry_clause(__ferry_region, \"worker\", (")
        .tokens(Count)
        .code("), 1024LL);");
  // The data clauses: entry now, exit when the construct's block ends (for
  // an async region, on its queue after it). Not when `if` is false.
  // Private sections: their copies' layout now (their lengths are values
  // of the host code); a firstprivate section stays present (copyin) while
  // the region runs, as its copies start from it.
  std::vector<VarRef> Sources;
  if (hasPrivates()) {
    emitPrivateCopies(B);
    for (const auto *List : {&OwnPrivates, &NestedPrivates})
      for (const PrivateSection &P : *List)
        if (P.First)
          Sources.push_back(P.Var);
  }
  if (unsigned Items = emitDataItems(PP, B, D, ImpliedShared, Sources))
    B.code("::ferry::acc::data_scope __ferry_data_scope(__ferry_region, __ferry_data,")
        .number(Items)
        .code(", __ferry_options);");
  emitSectionLowers(B);
  B.code("::ferry::acc::parallel_loop<__ferry_index_t, ::ferry::acc::cmp::")
      .code(L.Cmp)
      .code(Async ? ", true" : ", false")
      .code(">(__ferry_region, __ferry_options,");
  emitBoundsAndReductions(B, L, /*Nested=*/false);
  if (hasPrivates())
    B.code(", __ferry_privates");
  B.code(", [");
  emitCaptures(B, L.Body);
  B.code("]");
  emitBodyParameters(B, L, hasPrivates());
  B.code("); }");
  B.inject();
}

bool LoopConstruct::collectPrivateSections(PrivateSection::Scope Of) {
  for (const Clause &C : D.Clauses) {
    if (C.Kind != ClauseKind::Private && C.Kind != ClauseKind::Firstprivate)
      continue;
    for (const VarRef &Item : C.Vars) {
      VarRef V = Item;
      if (V.Vla && V.Sections.empty()) {
        // A variable-length array cannot be captured by copy: it is the
        // section of all its elements.
        TokenBuilder Length(PP, V.Name.getLocation());
        Length.code("sizeof(").tokens(V.Name).code(") / sizeof((").tokens(V.Name).code(")[0])");
        ArraySection S;
        S.Length.append(Length.get().begin(), Length.get().end());
        S.ColonLoc = V.Name.getLocation();
        V.Sections.push_back(std::move(S));
      }
      if (V.Sections.empty() || V.isMember())
        continue;
      if (V.Sections.size() > 1) {
        // Of an array: the whole array is copied (captured by copy).
        if (const VarDecl *VD = Ctx.lookupVariable(V.Name); VD && VD->getType()->isPointerType()) {
          report(PP, V.Name.getLocation(), Diag::PrivatePointerSection)
              << PP.getSpelling(V.Name) << spelling(C.Kind);
          return false;
        }
        continue;
      }
      PrivateSection P;
      P.First = C.Kind == ClauseKind::Firstprivate;
      P.Of = Of;
      P.Var = V;
      P.Name = "__ferry_private_" + std::to_string(Ctx.nextPrivateId());
      OwnPrivates.push_back(std::move(P));
    }
  }
  return true;
}

OpenConstruct *LoopConstruct::privatesOwner() {
  OpenConstruct *Owner = nullptr;
  for (OpenConstruct *O : Ctx.enclosingLoops())
    if (O->Level)
      Owner = O;
  return Owner ? Owner : Ctx.enclosingRegion();
}

void LoopConstruct::handOverPrivates(OpenConstruct *To, PrivateSection::Scope Of) {
  for (auto *List : {&OwnPrivates, &NestedPrivates})
    for (PrivateSection &P : *List) {
      P.Of = Of;
      if (To)
        To->Privates.push_back(P);
    }
}

void LoopConstruct::injectInOrder(const TokenList &All) {
  // In the code around it: the copies of that code (a gang's, or a worker
  // loop's around it, which settles them).
  handOverPrivates(privatesOwner(), PrivateSection::Gang);
  TokenBuilder B(PP, PragmaLoc);
  if (!OwnPrivates.empty()) {
    B.code("{");
    emitPrivateBindings(B, OwnPrivates);
  }
  B.tokens(All);
  if (!OwnPrivates.empty())
    B.code("}");
  B.inject();
}

bool LoopConstruct::isPrivateSection(const VarRef &V) const {
  for (const PrivateSection &P : OwnPrivates)
    if (P.Var.Name.getIdentifierInfo() == V.Name.getIdentifierInfo())
      return true;
  return false;
}

/// The ferry::acc::private_scope of each PrivateSection::Scope.
static const char *const PrivateScopeNames[] = {"::ferry::acc::private_scope::gang",
                                                "::ferry::acc::private_scope::work_item",
                                                "::ferry::acc::private_scope::worker"};

void LoopConstruct::emitPrivateCopies(TokenBuilder &B) {
  B.code("::ferry::acc::private_layout __ferry_privates;");
  for (const auto *List : {&OwnPrivates, &NestedPrivates})
    for (const PrivateSection &P : *List) {
      const ArraySection &S = P.Var.Sections.front();
      const std::string Name = PP.getSpelling(P.Var.Name);
      const std::string Text = std::string(P.First ? "firstprivate(" : "private(") + Name + "[" +
                               spellingOf(PP, S.Lower) + ":" + spellingOf(PP, S.Length) + "])";
      B.code("auto " + P.Name + " = ::ferry::acc::private_section<")
          .code(P.First ? "true," : "false,")
          .code(PrivateScopeNames[P.Of])
          .code(">(__ferry_region, __ferry_privates,")
          .string(Text)
          .code(",");
      if (P.Var.Vla) // no template sees its type: its first element's address
        B.code("&(").tokens(P.Var.Name).code(")[0]");
      else
        B.tokens(P.Var.Name);
      B.code(", (");
      if (S.Lower.empty())
        B.code("0");
      else
        B.tokens(S.Lower);
      B.code("), (");
      if (S.Length.empty()) // `a[lo:]` of an array: to its end
        B.code("sizeof(").tokens(P.Var.Name).code(") / sizeof((").tokens(P.Var.Name).code(")[0]) - (")
            .tokens(S.Lower.empty() ? ArrayRef<Token>() : ArrayRef<Token>(S.Lower))
            .code(S.Lower.empty() ? "0)" : ")");
      else
        B.tokens(S.Length);
      B.code("));");
    }
}

void LoopConstruct::emitPrivateBindings(TokenBuilder &B, ArrayRef<PrivateSection> P) {
  for (const PrivateSection &S : P)
    B.code("auto").tokens(S.Var.Name).code("= " + S.Name + ".bind(__ferry_frame);");
}

void LoopConstruct::rewriteAsOneRegion(const TokenList &Body, ArrayRef<Token> Implied,
                                       std::vector<PrivateSection> Nested) {
  OneRegion = true;
  if (!collectPrivateSections(PrivateSection::Gang)) {
    TokenBuilder(PP, PragmaLoc).tokens(Body).inject();
    return;
  }
  NestedPrivates = std::move(Nested);
  ImpliedShared.assign(Implied.begin(), Implied.end());
  TokenBuilder T(PP, PragmaLoc);
  T.code("int __ferry_once 0 1");
  ArrayRef<Token> Toks = T.get();
  CanonicalLoop L;
  L.VarType.push_back(Toks[0]);
  L.Var = Toks[1];
  L.Lower.push_back(Toks[2]);
  L.Bound.push_back(Toks[3]);
  L.Step.push_back(Toks[3]);
  L.Body = Body;
  emit(L);
}

void LoopConstruct::rewriteAsHostControl(const TokenList &Body, ArrayRef<Token> Implied) {
  ImpliedShared.assign(Implied.begin(), Implied.end());
  TokenBuilder Names(PP, PragmaLoc);
  Names.code("__ferry_compute_options");
  ExtraCopies.assign(Names.get().begin(), Names.get().end());
  TokenBuilder B(PP, PragmaLoc);
  B.code("{");
  emitOperandChecks(B);
  emitRegion(PP, B, D, PragmaLoc, 0);
  remark(PP, Ctx, D,
         "(its loops are regions of their own, one launch each; the sequential control "
         "around them runs on the calling thread, with the construct's view of the "
         "variables)");
  emitOptions(B, D);
  if (unsigned Items = emitDataItems(PP, B, D))
    B.code("::ferry::acc::data_scope __ferry_data_scope(__ferry_region, __ferry_data,")
        .number(Items)
        .code(", __ferry_options);");
  B.code("::ferry::acc::launch_options __ferry_compute_options = __ferry_options;"
         "__ferry_compute_options.defer = true;"
         "::ferry::acc::host_control(__ferry_region, __ferry_options, [");
  emitCaptures(B, Body);
  B.code("]() mutable -> void").tokens(Body).code("); }");
  B.inject();
}

/// collapse(n): each level's trip count is computed once, the region runs
/// one flat loop over their product, and the body recomputes the original
/// variables (outermost slowest) before running unchanged:
///   using __ferry_t0 = T0; const auto __ferry_lo0 = (lo0);
///   const __int128 __ferry_st0 = __int128(st0) * sign0;
///   const int64_t __ferry_n0 = ::ferry::acc::collapsed_trip_count<cmp0, __ferry_t0>(...); ...
///   then the 1-D form over [0, product) with
///   `__ferry_t0 i = index_at<__ferry_t0>(__ferry_lo0, (k / (n1*...)) % n0, __ferry_st0);`
void LoopConstruct::emitCollapsed(ArrayRef<CanonicalLoop> Nest) {
  TokenBuilder Pre(PP, PragmaLoc);
  for (size_t I = 0; I < Nest.size(); ++I) {
    const CanonicalLoop &L = Nest[I];
    std::string N = std::to_string(I);
    Pre.code("using __ferry_t" + N + " =");
    if (L.VarType.empty())
      Pre.code("::ferry::acc::index_type_t<decltype(").tokens(L.Var).code(")>");
    else if (L.VarType.size() == 1 && L.VarType[0].is(tok::kw_auto))
      Pre.code("::ferry::acc::index_type_t<decltype(").tokens(L.Lower).code(")>");
    else
      Pre.tokens(L.VarType);
    Pre.code(";");
    Pre.code("const __int128 __ferry_lo" + N + " = (__int128)(").tokens(L.Lower).code(");");
    Pre.code("const __int128 __ferry_st" + N + " = (__int128)(").tokens(L.Step).code(")")
        .code(L.NegativeStep ? "* -1;" : ";");
    Pre.code("const int64_t __ferry_n" + N + " = ::ferry::acc::collapsed_trip_count<::ferry::acc::cmp::")
        .code(L.Cmp)
        .code(", __ferry_t" + N + ">(__ferry_lo" + N + ", (")
        .tokens(L.Bound)
        .code("), __ferry_st" + N + ");");
  }
  // Two levels of a flat region (its iterations on work-items, the block
  // size Ferry's) run in tiles, as a 2-D CUDA grid does; `tile` sets the
  // tiles' sizes (and a gang's work-items to one tile, unless the program
  // sets vector_length or the nest holds loops of its own).
  const bool UserTiles = !TileSizes.empty();
  const bool Tiled =
      UserTiles || (Nest.size() == 2 && !HasInnerLoops && !D.find(ClauseKind::VectorLength));
  if (UserTiles) {
    std::string Extents, Sizes;
    for (size_t I = 0; I < Nest.size(); ++I) {
      Extents += (I ? ", __ferry_n" : "__ferry_n") + std::to_string(I);
      Sizes += (I ? ", " : "") + std::to_string(TileSizes[I]);
    }
    Pre.code("const ::ferry::acc::tiles<" + std::to_string(Nest.size()) +
             "> __ferry_tiles({" + Extents + "}, {" + Sizes + "});");
    if (!HasInnerLoops) {
      TokenBuilder After(PP, PragmaLoc);
      After.code("if (!__ferry_options.vector_length) __ferry_options.vector_length = "
                 "__ferry_tiles.block();");
      AfterOptions.assign(After.get().begin(), After.get().end());
    }
  } else if (Tiled) {
    Pre.code("const ::ferry::acc::tiles2 __ferry_tiles(__ferry_n0, __ferry_n1);");
  }
  if (Tiled) {
    TokenBuilder Name(PP, PragmaLoc);
    Name.code("__ferry_tiles");
    ExtraCopies.append(Name.get().begin(), Name.get().end());
  }
  // gang(static: n): the flat iterations dealt to the gangs in chunks of n,
  // with the geometry that makes each gang run its own.
  const bool Chunked = !StaticChunk.empty() && !Tiled;
  if (Chunked) {
    TokenBuilder After(PP, PragmaLoc);
    After.code("const ::ferry::acc::gang_chunks __ferry_chunks(::ferry::acc::collapsed_product({");
    for (size_t I = 0; I < Nest.size(); ++I)
      After.code(I ? ", __ferry_n" + std::to_string(I) : "__ferry_n" + std::to_string(I));
    After.code("}), ::ferry::acc::geometry_clause(__ferry_region, \"gang(static:)\", (")
        .tokens(StaticChunk)
        .code("), 2147483647LL), __ferry_options,")
        .code(HasInnerLoops && !sequential() ? "true" : "false")
        .code(D.find(ClauseKind::Reduction) ? ", true);" : ", false);");
    AfterOptions.append(After.get().begin(), After.get().end());
    TokenBuilder Name(PP, PragmaLoc);
    Name.code("__ferry_chunks");
    ExtraCopies.append(Name.get().begin(), Name.get().end());
  }
  // The flat loop: `for (int64_t __ferry_k = 0; __ferry_k < product; ++__ferry_k)`.
  CanonicalLoop Flat;
  TokenBuilder T(PP, PragmaLoc);
  T.code("int64_t __ferry_k 0");
  ArrayRef<Token> Toks = T.get();
  Flat.VarType.push_back(Toks[0]);
  Flat.Var = Toks[1];
  Flat.Lower.push_back(Toks[2]);
  TokenBuilder Bound(PP, PragmaLoc);
  if (Chunked) {
    Bound.code("__ferry_chunks.count()");
  } else if (Tiled) {
    Bound.code("__ferry_tiles.count()");
  } else {
    Bound.code("::ferry::acc::collapsed_product({");
    for (size_t I = 0; I < Nest.size(); ++I)
      Bound.code(I ? ", __ferry_n" + std::to_string(I) : "__ferry_n" + std::to_string(I));
    Bound.code("})");
  }
  Flat.Bound.append(Bound.get().begin(), Bound.get().end());
  TokenBuilder One(PP, PragmaLoc);
  One.code("1");
  Flat.Step.append(One.get().begin(), One.get().end());
  Flat.Cmp = "lt";
  TokenBuilder Body(PP, PragmaLoc);
  Body.code("{");
  if (Chunked) // `continue` leaves the body's `do ... while (0)`
    Body.code("int64_t __ferry_s; if (!__ferry_chunks.at(__ferry_k, __ferry_s)) continue;");
  else if (UserTiles)
    Body.code("int64_t __ferry_r[" + std::to_string(Nest.size()) +
              "]; if (!__ferry_tiles.at(__ferry_k, __ferry_r)) continue;");
  else if (Tiled)
    Body.code("int64_t __ferry_r0, __ferry_r1;"
              "if (!__ferry_tiles.at(__ferry_k, __ferry_r0, __ferry_r1)) continue;");
  for (size_t I = 0; I < Nest.size(); ++I) {
    std::string N = std::to_string(I);
    Body.code("__ferry_t" + N)
        .tokens(Nest[I].Var)
        .code("= ::ferry::acc::index_at<__ferry_t" + N + ">(__ferry_lo" + N + ",");
    if (UserTiles) {
      Body.code("__ferry_r[" + N + "]");
    } else if (Tiled) {
      Body.code("__ferry_r" + N);
    } else {
      Body.code(Chunked ? "(__ferry_s" : "(__ferry_k");
      for (size_t J = I + 1; J < Nest.size(); ++J)
        Body.code("/ __ferry_n" + std::to_string(J));
      Body.code("% __ferry_n" + N + ")");
    }
    Body.code(", __ferry_st" + N + ");");
    Body.code("(void)").tokens(Nest[I].Var).code(";");
  }
  Body.tokens(Nest.back().Body).code("}");
  Flat.Body.append(Body.get().begin(), Body.get().end());
  Prelude.assign(Pre.get().begin(), Pre.get().end());
  CollapseLevels = unsigned(Nest.size());
  FlatOf = PP.getSpelling(Nest[0].Var);
  emit(Flat);
}

} // namespace plugin
} // namespace ferry
