//===- LoopConstruct.cpp - Loop constructs to region launches ------------===//
///
/// \file
/// See LoopConstruct.h.
///
//===----------------------------------------------------------------------===//
#include "LoopConstruct.h"

#include "BodyLambda.h"
#include "CRegion.h"
#include "ConstantTokens.h"
#include "ConstructPieces.h"
#include "Diagnostics.h"
#include "ImplicitLoops.h"
#include "LoopDependence.h"
#include "LoopInterchange.h"
#include "LoopLevels.h"
#include "LoopPieces.h"
#include "LoopRemarks.h"
#include "LoopStatement.h"
#include "NestedLoop.h"
#include "SourceScanner.h"
#include "TileSizes.h"

#include "ferry/runtime.h"

#include "clang/AST/Decl.h"

using namespace clang;

namespace ferry {
namespace plugin {

namespace {

/// The headers `for (...)` of the \p Loops loops that a loop construct's
/// statement as lexed so far, \p Lexed, starts with (without the braces
/// between the loops of a collapsed nest); empty where it does not start so.
TokenList nestHeaders(ArrayRef<Token> Lexed, unsigned Loops) {
  TokenList Headers;
  size_t I = 0;
  for (unsigned L = 0; L < Loops; ++L) {
    if (L && I < Lexed.size() && Lexed[I].is(tok::l_brace))
      ++I;
    if (I + 1 >= Lexed.size() || !Lexed[I].is(tok::kw_for) || !Lexed[I + 1].is(tok::l_paren))
      return {};
    size_t Close = I + 1;
    for (unsigned Depth = 0; Close < Lexed.size(); ++Close)
      if (Lexed[Close].is(tok::l_paren))
        ++Depth;
      else if (Lexed[Close].is(tok::r_paren) && --Depth == 0)
        break;
    if (Close == Lexed.size())
      return {};
    Headers.append(Lexed.begin() + I, Lexed.begin() + Close + 1);
    I = Close + 1;
  }
  return Headers;
}

/// The loops a loop construct's clauses apply to: collapse's count, or the
/// number of tile sizes; one without either.
unsigned nestDepth(const Directive &D) {
  if (const Clause *C = D.find(ClauseKind::Collapse))
    return std::max(C->Count, 1u);
  if (const Clause *T = D.find(ClauseKind::Tile))
    return unsigned(splitArguments(*T).size());
  return 1;
}

} // namespace

void LoopConstruct::rewrite() {
  // A pivot loop that is its construct's host control: its `for` stays in
  // the token stream, run by the host; the loop of a plain `for` in it is
  // a plain loop of that `for` (PivotControl.h).
  // (Noted at the directive in the source: a macro's invocation for one
  // written with `_Pragma`.)
  const SourceLocation Written = PP.getSourceManager().getExpansionLoc(PragmaLoc);
  if (const AccContext::PivotNote *Pivot = Ctx.pivotControl(Written)) {
    report(PP, D.Loc, Diag::RacyPivotControl) << Pivot->Var << Pivot->Element << Pivot->Tail;
    return;
  }
  if (Ctx.plainDirective(Written)) {
    if (Ctx.remarks())
      report(PP, D.Loc, Diag::RegionRemark)
          << "'loop' in the plain loop of a pivot loop's iteration: a plain loop of that "
             "loop (the two are one region where both are proven independent)";
    return;
  }
  const Placement P = place();
  EnclosingKind = P.Outer;
  WrittenScalarsShared = sharesWrittenScalars(P);
  if (!check(P) || !readClauses(P))
    return;
  for (OpenConstruct *L : Ctx.enclosingLoops())
    addOwnNames(D, L->Nested.NestedPrivateNames, /*PrivateOnly=*/true);
  privatizeTemporaries(P);
  // The whole body of a `for` of host control: out of it when that is legal.
  if (D.Kind == ConstructKind::Loop && P.Compute && P.Compute->HostControl && !P.Level &&
      !P.InPlace && !isC(PP))
    interchangeWithControlLoop(PP, Ctx, D, PragmaLoc);
  LoopStatement S(PP, Ctx, PragmaLoc);
  if (!S.readHeader(D))
    return;
  readBody(S, P);
  if ((P.Level || P.InPlace) && !checkNestedShape(S)) {
    TokenBuilder(PP, PragmaLoc).tokens(S.tokens()).inject();
    return;
  }
  if (P.Level || P.InPlace)
    privatizeLexedTemporaries(S, /*Nested=*/true);
  // A nested loop that holds vector loops is the worker loop of its gang.
  if (P.Level) {
    NestedLoop(PP, Ctx, D, PragmaLoc, Reductions, Privates, Schedule)
        .rewrite(S, S.Nested.Spread ? FERRY_LEVEL_WORKER : P.Level);
    return;
  }
  if (P.InPlace) {
    if (isC(PP) && P.Outer && !isComputeOnly(*P.Outer) && !P.Orphaned) {
      rewriteInIterationC(S);
      return;
    }
    // Its private sections' copies hold for the whole loop.
    Privates.injectWithBindings(S.tokens());
    return;
  }
  privatizeLexedTemporaries(S, /*Nested=*/false);
  rewriteRegion(S, P);
}

bool LoopConstruct::sharesWrittenScalars(const Placement &P) const {
  return D.Kind == ConstructKind::KernelsLoop ||
         (P.ComputeDirective && P.ComputeDirective->Kind == ConstructKind::Kernels &&
          !P.InOneRegion);
}

void LoopConstruct::privatizeLexedTemporaries(LoopStatement &S, bool Nested) {
  // In `kernels` the scalars a loop assigns are shared (copy), so a
  // temporary that every iteration assigns before it reads it would be a
  // race wherever the iterations run in parallel (`loop independent`, a
  // body with loop constructs, which privatizeTemporaries does not lex
  // ahead, a loop nested in a region's iteration). As lexed, the nested
  // loops rewritten, each iteration gets a copy of its own and the last
  // iteration of the whole nest hands its value back (a nested loop's
  // enclosing loops' headers give that condition, all of a collapsed or
  // tiled nest's), as NVHPC privatizes such scalars. Not in a region that
  // runs as one. (Idempotent where privatizeTemporaries ran.)
  SmallVector<OpenConstruct *, 4> Loops = Ctx.enclosingLoops();
  const Directive *Compute = computeDirectiveOf(Ctx, D);
  if (D.Implicit || D.find(ClauseKind::Seq) || (Nested && Loops.empty()) || !Compute ||
      (Compute->Kind != ConstructKind::Kernels && Compute->Kind != ConstructKind::KernelsLoop))
    return;
  if (OpenConstruct *C = Ctx.enclosingComputeConstruct(); C && C->OneRegion)
    return;
  TokenList Stmt;
  for (const OpenConstruct *L : Loops) {
    const TokenList Headers = L->LexedLoop ? nestHeaders(*L->LexedLoop, L->NestLoops) : TokenList();
    if (Headers.empty())
      return;
    Stmt.append(Headers.begin(), Headers.end());
  }
  const size_t Headers = Stmt.size();
  Stmt.append(S.tokens().begin(), S.tokens().end());
  SmallVector<const Directive *, 2> Constructs{&D};
  if (Compute != &D)
    Constructs.insert(Constructs.begin(), Compute);
  // What the private and firstprivate clauses of the loops nested in it
  // name is theirs, already lexed away (`loop vector private(x)` in this
  // in-order worker loop): not a temporary of this loop's, whose last value
  // would reach the construct's x. (A nested loop's reduction variable is
  // this loop's temporary: each iteration sums into its own.)
  const TokenList Out =
      withAssignedScalarsPrivate(PP, Ctx, Constructs, Stmt, S.Nested.NestedPrivateNames);
  if (Out.size() > Headers)
    S.rewrite(TokenList(Out.begin() + Headers, Out.end()));
}

void LoopConstruct::privatizeTemporaries(const Placement &P) {
  // A region's loop Ferry must prove (`kernels loop`, `loop` in `kernels`
  // without `independent`, `auto`) gets the scalar temporaries of its plain
  // loops made each iteration's own, as `kernels`' plain loops do. Only
  // where no directive is in its statement: lexing that ahead would handle
  // the directives outside the loop.
  if (D.Implicit || P.Level || P.InPlace || !needsProof() || D.find(ClauseKind::Seq))
    return;
  const Directive *Compute = computeDirectiveOf(Ctx, D);
  if (!Compute || (Compute->Kind != ConstructKind::Kernels && Compute != &D))
    return;
  bool Readable, ThenBrace;
  SourceScanner Scan(PP, PragmaLoc, Readable);
  if (!Readable || !Scan.plainLoopAfter(PP, ThenBrace))
    return;
  privatizeAssignedScalars(PP, Ctx, {Compute, &D});
}

void LoopConstruct::rewriteInIterationC(const LoopStatement &S) {
  // C spreads a loop nested in a region's iteration over the gang that
  // runs it as C++ does (CRegion.h's form of inner_loop), and runs in order
  // one that is not independent: its sequential result, which a loop whose
  // iterations all update one element needs. An independent one is
  // recorded for the region, which joins it into a collapsed nest when it
  // is the iteration's whole body (rewriteRegionC).
  CanonicalLoop L;
  bool Independent = false;
  SmallVector<OpenConstruct *, 4> Loops = Ctx.enclosingLoops();
  if (!D.find(ClauseKind::Seq) && S.parse(L)) {
    bool Conditional = false;
    if (std::string Conflict = findLoopConflict(PP, D, L, S.Nested.Loops, Conditional);
        !Conflict.empty())
      report(PP, D.Loc, Diag::RacyLoop) << PP.getSpelling(L.Var) << Conflict << Conditional;
    else
      // (Arrays taken for distinct memory: the region's launch compares
      // them.)
      Independent = (!nestedNeedsProof(Ctx, D) ||
                     findLoopDependence(PP, Ctx, D, L, S.Nested.Loops,
                                        Loops.size() == 1 ? &Loops.front()->Nested.AssumedDistinct
                                                          : nullptr)
                         .empty()) &&
                    !updatesIterationScalar(PP, Ctx, D, L);
  }
  if (Privates.any()) {
    report(PP, D.Loc, Diag::CUnsupported) << "a private copy of an array section";
    TokenBuilder(PP, PragmaLoc).tokens(S.tokens()).inject();
    return;
  }
  if (!L.Var.is(tok::identifier) || Loops.size() != 1) {
    Privates.injectWithBindings(S.tokens());
    return;
  }
  InnerLoop Record(L, D, S.tokens());
  Record.Plain = Record.Plain && Independent;
  Record.RewrittenAt = S.tokens().front().getLocation();
  const int Level = Independent ? nestedLevel(Ctx, D) : 0;
  std::string Why;
  if (Level && cNestedLoopSpreads(PP, Ctx, D, L, Why)) {
    NestedLoops &Region = Loops.front()->Nested;
    Region.Spread = true;
    Region.Reduce |= Reductions.any();
    if (Ctx.remarks())
      Record.Remark = nestedLoopRemark(PP, L.Var,
                                       {FERRY_LEVEL_WORKER | FERRY_LEVEL_VECTOR, false, false,
                                        false, Reductions.describe()});
    Record.RewrittenTokens = emitCNestedLoop(PP, PragmaLoc, D, L, Level, Record.RewrittenAt);
    Region.Loops.push_back(std::move(Record));
    Schedule.giveToRegion(Region);
    return;
  }
  Record.RewrittenTokens = S.tokens().size();
  if (Ctx.remarks())
    Record.Remark = "'loop' over '" + PP.getSpelling(L.Var) +
                    "' nested in a region's iteration: in order inside it (" +
                    (Why.empty() ? std::string("it is 'seq' or not independent, or the "
                                               "region's iterations are not gangs")
                                 : "in C, " + Why) +
                    ")";
  Loops.front()->Nested.Loops.push_back(std::move(Record));
  Privates.injectWithBindings(S.tokens());
}

LoopConstruct::Placement LoopConstruct::place() const {
  Placement P;
  // A `loop` belongs to an enclosing compute construct; inside another
  // loop's body it runs sequentially within each iteration, as written.
  P.Outer = Ctx.enclosingCompute();
  // An orphaned `loop` (in a routine, or any function a region calls) runs
  // in order in the work-item that calls the function: its iterations are
  // independent or it reduces, so that is what the program computes.
  P.Orphaned = D.Kind == ConstructKind::Loop && !P.Outer;
  if (D.Kind != ConstructKind::Loop && P.Outer)
    return P; // refused by check()
  const bool InCompute = P.Outer && isComputeOnly(*P.Outer);
  P.Compute = InCompute ? Ctx.enclosingComputeConstruct() : nullptr;
  P.ComputeDirective = P.Compute ? P.Compute->D : nullptr;
  // Inside a construct that is one region, too.
  P.InOneRegion = P.Compute && P.Compute->OneRegion;
  // In a region's iteration: spread over the gang's work-items, or in order.
  // (In C every loop nested in a region's iteration runs in order in it.)
  P.Level = P.Outer && !InCompute && !P.InOneRegion && !isC(PP) ? nestedLevel(Ctx, D) : 0;
  P.InPlace =
      P.Orphaned || (P.Outer && (!InCompute || P.InOneRegion) && !P.Level);
  return P;
}

bool LoopConstruct::check(const Placement &P) {
  if (!Reductions.checkTypes())
    return false;
  if (P.Orphaned && Ctx.remarks())
    report(PP, D.Loc, Diag::RegionRemark)
        << "orphaned 'loop': runs in order in the work-item (or host thread) "
           "that calls the function around it";
  if (D.Kind != ConstructKind::Loop && P.Outer) {
    report(PP, D.Loc, Diag::NestedCompute)
        << spelling(D.Kind) << spelling(*P.Outer);
    return false;
  }
  warnLevelNesting();
  warnReductionSpan();
  return true;
}

void LoopConstruct::warnReductionSpan() const {
  const SourceManager &SM = PP.getSourceManager();
  Reductions.forEach([&](const Clause &C, const VarRef &V) {
    const VarDecl *VD = V.isMember() ? nullptr : Ctx.lookupVariable(V.Name);
    if (!VD)
      return;
    const IdentifierInfo *II = V.Name.getIdentifierInfo();
    // From the innermost enclosing loop out: a loop whose iterations each
    // have their own copy ends the search.
    const auto Loops = Ctx.enclosingLoops();
    for (const OpenConstruct *O : llvm::reverse(Loops)) {
      if (O->D == &D || O->D->Implicit)
        continue;
      if (!SM.isBeforeInTranslationUnit(VD->getLocation(), O->D->Loc))
        return;
      // Each iteration's own: a variable its body declares or assigns
      // before this loop (a temporary, `y = 0;`, which Ferry privatizes),
      // or one of its private clauses. (Sema has not seen the body yet.)
      llvm::SmallPtrSet<const IdentifierInfo *, 8> Own;
      if (O->LexedLoop) {
        addDeclaredInBody(*O->LexedLoop, Own);
        ArrayRef<Token> Body = *O->LexedLoop;
        for (size_t I = 0; I + 1 < Body.size(); ++I)
          if (Body[I].getIdentifierInfo() == II && Body[I + 1].is(tok::equal))
            Own.insert(II);
      }
      const bool Named = llvm::any_of(O->D->Clauses, [&](const Clause &OC) {
        return (OC.Kind == ClauseKind::Reduction || OC.Kind == ClauseKind::Private ||
                OC.Kind == ClauseKind::Firstprivate) &&
               llvm::any_of(OC.Vars, [&](const VarRef &W) { return W.Name.getIdentifierInfo() == II; });
      });
      if (Named || Own.count(II))
        return;
      report(PP, V.Name.getLocation(), Diag::ReductionSpansLoop)
          << II->getName() << SM.getPresumedLineNumber(O->D->Loc) << C.ReductionOp;
      return;
    }
  });
}

/// The d of \p D's `gang(dim:d)`; 1 without one.
static int gangDimension(Preprocessor &PP, const Directive &D) {
  if (const Clause *C = D.find(ClauseKind::Gang))
    for (ArrayRef<Token> Part : splitArguments(*C))
      if (Part.size() == 3 && Part[0].getIdentifierInfo() &&
          Part[0].getIdentifierInfo()->getName() == "dim" && Part[1].is(tok::colon) &&
          Part[2].is(tok::numeric_constant))
        return std::atoi(PP.getSpelling(Part[2]).c_str());
  return 1;
}

void LoopConstruct::warnLevelNesting() const {
  // OpenACC 2.9.2-2.9.4: a gang loop holds no gang loop (but one of a
  // lower dimension), a worker loop no gang or worker loop, a vector loop
  // no loop with a level clause.
  static const ClauseKind Levels[] = {ClauseKind::Vector, ClauseKind::Worker, ClauseKind::Gang};
  int Inner = -1;
  for (int L = 0; L < 3; ++L)
    if (D.find(Levels[L]))
      Inner = L;
  if (Inner < 0)
    return;
  for (const OpenConstruct *O : Ctx.enclosingLoops())
    for (int L = 0; L <= Inner; ++L)
      if (O->D != &D && O->D->find(Levels[L]) &&
          // (Gangs of several dimensions nest, the inner of a lower one.)
          !(L == 2 && gangDimension(PP, D) < gangDimension(PP, *O->D))) {
        report(PP, D.Loc, Diag::LevelInsideLevel)
            << spelling(Levels[Inner]) << spelling(Levels[L]);
        return;
      }
}

bool LoopConstruct::readClauses(const Placement &P) {
  // private(c[lo:len]): a copy per gang for the region's own clause and for
  // a loop in its iterations' own code, per work-item for a loop spread
  // over the gang and for the loops in order inside one, per worker for a
  // worker loop and the loops in order inside one (a gang of workers runs
  // their code worker-single). The region declares the copies of its
  // loops. Whether a loop nested in an iteration is a worker loop is known
  // once its body is read (it holds vector loops): it hands its copies and
  // those of the loops in its body to the region then (NestedLoop).
  if (!Privates.collect(PrivateSection::Gang) ||
      (P.Orphaned && !Privates.checkNotOrphaned()))
    return false;
  if (P.InPlace)
    Privates.giveOwnToOwner();
  // (A reduction Ferry found in a plain loop of `parallel` is no clause of
  // the program's: its variable stays the construct's firstprivate copy.)
  if (P.Compute && (P.Compute->OneRegion || P.Compute->HostControl) &&
      !(D.Implicit && D.ImplicitIn == ConstructKind::Parallel))
    Reductions.shareWithHost(*P.Compute);
  return Schedule.readGangOperands() &&
         Schedule.readWorkerOperand(computeDirectiveOf(Ctx, D));
}

void LoopConstruct::readBody(LoopStatement &S, const Placement &P) {
  // The plain loops of an implicit region loop's iteration are its nested
  // loops, spread over the gang where they are proven independent (C++).
  SmallVector<SourceLocation, 4> PlainLoops;
  if (D.Implicit && !D.Statement && !P.Level && !P.InPlace && !isC(PP))
    PlainLoops = SourceScanner::bodyPlainLoops(PP, D.Loc);
  auto Lexing = [&](StatementLexer &Lex) {
    Lex.rewritePlainLoops(PlainLoops, [&](const Token &For) {
      // (One that is not canonical runs in order inside the iteration.)
      if (!nextLoopIsCanonical(PP, Ctx, For.getLocation()))
        return;
      Directive &Loop = addImplicitLoop(NestedImplicit, For.getLocation(), D.ImplicitIn);
      auto Rewrite = [&] { LoopConstruct(PP, Ctx, Loop, For.getLocation()).rewrite(); };
      if (rewriteElementReduction(PP, Ctx, Loop, Rewrite))
        return;
      addImplicitReductions(PP, Ctx, Loop, S.tokens());
      Rewrite();
    });
  };
  S.readBody(
      D, /*InBreakable=*/P.InPlace,
      [&](OpenConstruct &Open) {
        Open.Level = P.Level;
        Open.AutoLevel = P.Level && !D.find(ClauseKind::Worker) && !D.find(ClauseKind::Vector);
        Open.NeedsProof = P.Level && nestedNeedsProof(Ctx, D);
        if (!P.Level) // a region's own worker(n) comes before its nested loops'
          Schedule.seedRegion(Open.Nested);
        Open.LexedLoop = &S.tokens();
        Open.NestLoops = nestDepth(D);
      },
      Lexing);
  Nested = S.Nested;
  Privates.adoptNested(std::move(S.NestedPrivates));
}

void LoopConstruct::rewriteRegion(const LoopStatement &S, const Placement &P) {
  SmallVector<CanonicalLoop, 3> Nest(1);
  if (!S.parse(Nest[0]) || !joinNest(Nest)) {
    TokenBuilder(PP, PragmaLoc).tokens(S.tokens()).inject();
    return;
  }
  if (isC(PP)) {
    rewriteRegionC(S, P, Nest);
    return;
  }
  // The test reads the nested loops as written: their iterations in order
  // inside each of this loop's, whether they spread over a gang or not.
  if (needsProof() && !D.find(ClauseKind::Seq) && !OneRegion)
    ProvenIndependent =
        proveNestIndependent(PP, Ctx, D, Nest, Nested.Loops, Nested.AssumedDistinct);
  checkPivotLoop(Nest);
  if (D.Implicit && ProvenIndependent && Nest.size() == 1)
    joinPlainLoops(PP, Ctx, D, Nest, Nested.AssumedDistinct);
  const bool OneLoop =
      Nest.size() == 1 && TileSizes.empty() && Schedule.staticChunk().empty();
  if (OneLoop && !(needsProof() && !ProvenIndependent) &&
      joinNestedLoop(PP, Ctx.remarks(), Nest, Nested.Loops))
    Nested.Spread = Nested.Reduce = false;
  reportNestedRemarks();
  addImpliedCopies(P, S.tokens(), Nest.back().Body);
  if (OneLoop && Nest.size() == 1) // (not joined with its nested loop)
    emit(Nest[0]);
  else
    emitCollapsed(Nest);
}

void LoopConstruct::rewriteRegionC(const LoopStatement &S, const Placement &P,
                                   SmallVectorImpl<CanonicalLoop> &Nest) {
  // `tile`: its loops are independent, so in C the nest runs as one
  // collapsed loop (the same iterations, without the tiles' order).
  const bool Tiled = !TileSizes.empty();
  if (Tiled && Ctx.remarks())
    report(PP, D.Loc, Diag::RegionRemark)
        << "'tile' in C: the nest runs as one collapsed loop, without tiles";
  TileSizes.clear();
  const char *Unsupported =
      !Schedule.staticChunk().empty() ? "'gang(static:)'"
      : Privates.copyNames().size() != Privates.own().size()
          ? "a private copy of an array section on a loop in a region's iteration"
          : nullptr;
  if (Unsupported) {
    report(PP, D.Loc, Diag::CUnsupported) << Unsupported;
    TokenBuilder(PP, PragmaLoc).tokens(S.tokens()).inject();
    return;
  }
  if (needsProof() && !D.find(ClauseKind::Seq))
    ProvenIndependent =
        proveNestIndependent(PP, Ctx, D, Nest, Nested.Loops, Nested.AssumedDistinct);
  checkPivotLoop(Nest);
  if (D.Implicit && ProvenIndependent && Nest.size() == 1)
    joinPlainLoops(PP, Ctx, D, Nest, Nested.AssumedDistinct);
  // A `loop` that is the whole body of this one, independent and
  // rectangular, joins it: the two run as one collapsed loop, as in C++.
  if (Nest.size() == 1 && !Tiled && !(needsProof() && !ProvenIndependent) &&
      joinNestedLoop(PP, Ctx.remarks(), Nest, Nested.Loops))
    Nested.Spread = Nested.Reduce = false;
  reportNestedRemarks();
  addImpliedCopies(P, S.tokens(), Nest.back().Body);
  emitC(Nest, S.tokens());
}

void LoopConstruct::emitC(ArrayRef<CanonicalLoop> Nest, ArrayRef<Token> Original) {
  TokenBuilder B(PP, PragmaLoc);
  // The first tokens mark a region loop (BlockConstruct's loopsOnly).
  B.code("{ typedef __ferry_c_loop __ferry_loop_t; (void)sizeof(__ferry_loop_t);");
  emitOperandChecks(B, D);
  Flat.Levels = Nest.size() > 1 ? unsigned(Nest.size()) : 0; // for the remark
  emitRegionAndRemark(B, Nest[0]);
  emitLaunchOptions(B);
  emitDataScope(B);
  const CRegionInput In{D, computeOfLoop(), Nest, ImpliedShared, Reductions, Privates.own()};
  if (!emitCRegionLaunch(PP, Ctx, PragmaLoc, B, In)) {
    TokenBuilder(PP, PragmaLoc).tokens(Original).inject();
    return;
  }
  B.code("}");
  B.inject();
}

bool LoopConstruct::checkNestedShape(const LoopStatement &S) {
  // (A region's loop checks its nest as it joins it: joinNest.)
  const Clause *C = D.find(ClauseKind::Collapse);
  const Clause *T = D.find(ClauseKind::Tile);
  const unsigned Count = nestDepth(D);
  if (Count < 2 || (C && C->Force))
    return true;
  const unsigned Found = tightlyNestedLoops(S.tokens(), Count);
  if (Found >= Count)
    return true;
  const std::string Clause = C ? "collapse(" + std::to_string(Count) + ")"
                               : "tile(" + spellingOf(PP, T->Expr) + ")";
  report(PP, C ? C->Loc : T->Loc, Diag::CollapseNotNested) << Clause << Count << Found;
  return false;
}

bool LoopConstruct::joinNest(SmallVectorImpl<CanonicalLoop> &Nest) {
  CanonicalLoopParser Parser(PP, PragmaLoc);
  if (const Clause *C = D.find(ClauseKind::Collapse))
    if (!Parser.nest(C->Count, Nest, "collapse(" + std::to_string(C->Count) + ")", C->Force))
      return false;
  // tile(s1, ..., sn): n nested independent loops cut into tiles.
  if (const Clause *C = D.find(ClauseKind::Tile)) {
    if (!readTileSizes(PP, Ctx.sema(), *C, TileSizes))
      return false;
    if (TileSizes.size() > 1)
      return Parser.nest(unsigned(TileSizes.size()), Nest, "tile(" + spellingOf(PP, C->Expr) + ")");
  }
  return true;
}

void LoopConstruct::reportNestedRemarks() {
  for (InnerLoop &I : Nested.Loops) {
    // A region whose iterations run in order runs its nested loops in
    // order inside them (the outliner flattens them).
    if (Nested.Spread && sequential() && !I.Remark.empty())
      I.Remark = "'loop' over '" + PP.getSpelling(I.Loop.Var) +
                 "' nested in a region's iteration: in order inside it, as the "
                 "region's iterations run in order";
    if (!I.Remark.empty())
      report(PP, I.Loc, Diag::RegionRemark) << I.Remark;
  }
}

void LoopConstruct::addImpliedCopies(const Placement &P, ArrayRef<Token> All,
                                     ArrayRef<Token> Body) {
  SmallVector<const Directive *, 2> Clauses{&D};
  if (P.ComputeDirective)
    Clauses.push_back(P.ComputeDirective);
  // In `kernels`, scalars the loop assigns are copy (OpenACC 2.6.2): the
  // value the (last) iteration leaves is seen after it.
  // A plain loop or device statement of `parallel`'s host control is a
  // piece of one gang's code: the scalars it assigns are the construct's
  // (firstprivate) copies, which the code after it reads.
  const bool KernelsScalars = sharesWrittenScalars(P);
  // (Looked up again: P.Compute may have moved while this loop was open.)
  OpenConstruct *Compute = P.Compute ? Ctx.enclosingComputeConstruct() : nullptr;
  const bool ControlScalars = D.Implicit && Compute && Compute->HostControl;
  ArrayRef<Token> Control;
  if (ControlScalars && Compute->Lexed)
    Control = *Compute->Lexed;
  // The variable of a `for` in the body that its header assigns (`int j;`
  // ... `for (j = 0; ...)`, C89's style) is each iteration's own: every
  // iteration starts it anew, so sharing it would be a race.
  llvm::SmallPtrSet<const IdentifierInfo *, 4> LoopVariables;
  addForHeaderVariables(Body, LoopVariables);
  // (What a nested loop's private or firstprivate clause names is that
  // loop's own: `loop worker private(x)` in `kernels` writes no x of the
  // construct. A reduction's variable is the construct's too: a temporary
  // that a nested loop sums keeps its last value.)
  for (const InnerLoop &L : Nested.Loops)
    LoopVariables.insert(L.PrivateNames.begin(), L.PrivateNames.end());
  LoopVariables.insert(Nested.InOrderPrivateNames.begin(), Nested.InOrderPrivateNames.end());
  LoopVariables.insert(Nested.NestedPrivateNames.begin(), Nested.NestedPrivateNames.end());
  if (KernelsScalars || ControlScalars)
    for (const Token &T : Ctx.kernelsWrittenScalars(Body, Clauses, Control)) {
      if (LoopVariables.count(T.getIdentifierInfo()))
        continue;
      ImpliedShared.push_back(T);
      // The construct's host control shares them too (its own scan reads
      // the rewritten loops, where the region's code names them).
      if (KernelsScalars && Compute && Compute->HostControl)
        Compute->ImpliedCopy.push_back(T);
    }
  if (!KernelsScalars && !ControlScalars && !D.Implicit)
    warnFirstprivateUpdates(Body, Clauses,
                            Compute && Compute->Lexed ? ArrayRef<Token>(*Compute->Lexed)
                                                      : ArrayRef<Token>());
  // Arrays named in no clause are copy in every compute construct (2.6.2):
  // shared, copied in and out, never a private copy in the closure.
  bool None = false;
  for (const Directive *C : Clauses)
    if (const Clause *Default = C->find(ClauseKind::Default))
      None |= Default->DefaultKind == "none";
  if (const Clause *Outer = Ctx.enclosingDataDefault())
    None |= Outer->DefaultKind == "none";
  if (!None) {
    for (const Token &T : Ctx.implicitArrays(All, Clauses))
      ImpliedShared.push_back(T);
    // (Its nested loops as written: their own variables and bounds.)
    Inferred = inferSections(PP, Ctx, asWritten(All, Nested.Loops), Clauses);
  }
}

/// Whether the assignment to the variable at \p I of \p Body (`x = e`)
/// reads it in e.
static bool readsItself(ArrayRef<Token> Body, size_t I) {
  const IdentifierInfo *X = Body[I].getIdentifierInfo();
  for (size_t K = I + 2, Depth = 0; K < Body.size(); ++K) {
    if (Body[K].isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++Depth;
    else if (Body[K].isOneOf(tok::r_paren, tok::r_square, tok::r_brace) && Depth-- == 0)
      return false;
    if (!Depth && Body[K].isOneOf(tok::semi, tok::comma))
      return false;
    if (Body[K].is(tok::identifier) && Body[K].getIdentifierInfo() == X &&
        !Body[K - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon))
      return true;
  }
  return false;
}

/// The reduction operator of the assignment to Body[I] (`x = ...`) when it
/// is one written without a compound operator: `x = fmax(x, e)` (fmax,
/// fmaxf, fmaxl, max, std::max; min likewise), `x = x + e`, `x = e + x`,
/// `x = x - e` (+), `x = x * e` (*), and `if (e > x) x = e;` (max; min
/// with `<`).
/// Null for any other assignment.
static const char *assignedReduction(ArrayRef<Token> Body, size_t I) {
  const IdentifierInfo *X = Body[I].getIdentifierInfo();
  auto IsX = [&](size_t K) {
    return Body[K].is(tok::identifier) && Body[K].getIdentifierInfo() == X &&
           !Body[K - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon);
  };
  // The right-hand side: to the `;` at its own depth.
  size_t End = I + 2;
  for (int Depth = 0; End < Body.size(); ++End) {
    if (Body[End].isOneOf(tok::l_paren, tok::l_square))
      ++Depth;
    else if (Body[End].isOneOf(tok::r_paren, tok::r_square))
      --Depth;
    if (Depth < 0 || (Depth == 0 && Body[End].isOneOf(tok::semi, tok::comma)))
      break;
  }
  auto Spelled = [&](size_t K) {
    return Body[K].is(tok::identifier) ? Body[K].getIdentifierInfo()->getName() : StringRef();
  };
  size_t Callee = I + 2;
  if (Callee + 2 < End && Spelled(Callee) == "std" && Body[Callee + 1].is(tok::coloncolon))
    Callee += 2;
  const StringRef Fn = Spelled(Callee);
  bool Uses = false;
  for (size_t K = I + 2; K < End; ++K)
    Uses |= IsX(K);
  if (Uses && Callee + 1 < End && Body[Callee + 1].is(tok::l_paren)) {
    if (Fn == "fmax" || Fn == "fmaxf" || Fn == "fmaxl" || Fn == "max")
      return "max";
    if (Fn == "fmin" || Fn == "fminf" || Fn == "fminl" || Fn == "min")
      return "min";
  }
  // x = x + e, x = e + x, x = x - e; x = x * e, x = e * x: x once, at the
  // top level, a term of the sum (no `*` or `/` next to it: `0.5 * x + e`
  // is a recurrence, not a reduction) or a factor of a product that is the
  // whole right-hand side (no `+` or `-` at its top level).
  unsigned Count = 0, Terms = 0;
  size_t At = 0;
  for (size_t K = I + 2, Depth = 0; Uses && K < End; ++K) {
    if (Body[K].isOneOf(tok::l_paren, tok::l_square))
      ++Depth;
    else if (Body[K].isOneOf(tok::r_paren, tok::r_square))
      --Depth;
    Count += IsX(K);
    if (!Depth && K > I + 2 && Body[K].isOneOf(tok::plus, tok::minus) &&
        !Body[K - 1].isOneOf(tok::star, tok::slash, tok::percent, tok::plus, tok::minus))
      ++Terms; // (a binary + or -, not a sign)
    if (!Depth && IsX(K))
      At = K;
  }
  if (Count == 1 && At) {
    const bool Before = At > I + 2, After = At + 1 < End;
    const tok::TokenKind Prev = Before ? Body[At - 1].getKind() : tok::unknown;
    const tok::TokenKind Next = After ? Body[At + 1].getKind() : tok::unknown;
    if ((!Before || Prev == tok::plus) && (!After || Next == tok::plus || Next == tok::minus) &&
        (Before || After))
      return "+";
    if (!Terms && (!Before || Prev == tok::star) && (!After || Next == tok::star) &&
        (Before || After))
      return "*";
  }
  // if (e > x) x = e;  if (x < e) x = e;  (min with the other comparisons)
  if (I >= 5 && Body[I - 1].is(tok::r_paren)) {
    size_t Open = I - 1;
    for (int Depth = 0; Open > 0; --Open) {
      Depth += Body[Open].is(tok::r_paren) - Body[Open].is(tok::l_paren);
      if (Depth == 0)
        break;
    }
    if (Open == 0 || !Body[Open - 1].is(tok::kw_if))
      return nullptr;
    // The condition's operands, compared token by token with e.
    ArrayRef<Token> Cond = Body.slice(Open + 1, I - 1 - (Open + 1));
    ArrayRef<Token> Value = Body.slice(I + 2, End - (I + 2));
    auto Same = [&](ArrayRef<Token> A) {
      if (A.size() != Value.size())
        return false;
      for (size_t K = 0; K < A.size(); ++K)
        if (A[K].getKind() != Value[K].getKind() ||
            (A[K].is(tok::identifier) && A[K].getIdentifierInfo() != Value[K].getIdentifierInfo()) ||
            (A[K].isLiteral() && StringRef(A[K].getLiteralData(), A[K].getLength()) !=
                                     StringRef(Value[K].getLiteralData(), Value[K].getLength())))
          return false;
      return true;
    };
    for (size_t K = 0; K < Cond.size(); ++K) {
      if (!Cond[K].isOneOf(tok::greater, tok::less, tok::greaterequal, tok::lessequal))
        continue;
      const bool Greater = Cond[K].isOneOf(tok::greater, tok::greaterequal);
      ArrayRef<Token> L = Cond.take_front(K), R = Cond.drop_front(K + 1);
      const bool XLeft = L.size() == 1 && L[0].is(tok::identifier) && L[0].getIdentifierInfo() == X;
      const bool XRight = R.size() == 1 && R[0].is(tok::identifier) && R[0].getIdentifierInfo() == X;
      if (XRight && Same(L))
        return Greater ? "max" : "min"; // e > x: x = e keeps the larger
      if (XLeft && Same(R))
        return Greater ? "min" : "max"; // x > e: x = e keeps the smaller
    }
  }
  return nullptr;
}

namespace {

/// How a statement list uses a scalar X with respect to the value the
/// iteration before left in it.
enum class FirstUse {
  Unused,   ///< names no X
  Assigned, ///< assigns X a value that does not use it before any other use, on every path
  Partial,  ///< does so on the paths that use X, but not on all of them
  Reads,    ///< may read the value X had before
};

FirstUse firstUse(ArrayRef<Token> Body, const IdentifierInfo *X);

/// firstUse of one statement, \p Stmt.
FirstUse firstUseOfStatement(ArrayRef<Token> Stmt, const IdentifierInfo *X) {
  auto Names = [&](const Token &T) { return T.is(tok::identifier) && T.getIdentifierInfo() == X; };
  if (llvm::none_of(Stmt, Names))
    return FirstUse::Unused;
  if (Stmt.size() >= 3 && Names(Stmt[0]) && Stmt[1].is(tok::equal) &&
      llvm::none_of(Stmt.drop_front(2), Names))
    return FirstUse::Assigned;
  if (Stmt.front().is(tok::l_brace))
    return firstUse(Stmt, X);
  // A loop (`for (...) S`, `while (c) S`) whose header does not name X:
  // where each iteration of its body assigns X first, X is assigned before
  // it is used on the paths that use it (the loop may not run).
  if (Stmt.size() >= 3 && Stmt[0].isOneOf(tok::kw_for, tok::kw_while) &&
      Stmt[1].is(tok::l_paren)) {
    const size_t Body = groupEnd(Stmt, 1);
    if (llvm::any_of(Stmt.slice(1, Body - 1), Names))
      return FirstUse::Reads;
    const FirstUse Use = firstUse(Stmt.drop_front(Body), X);
    return Use == FirstUse::Reads ? FirstUse::Reads : FirstUse::Partial;
  }
  // `if (c) A else B`, c not naming X: each branch on its own.
  if (Stmt.size() < 3 || !Stmt[0].is(tok::kw_if) || !Stmt[1].is(tok::l_paren))
    return FirstUse::Reads;
  const size_t Then = groupEnd(Stmt, 1);
  if (llvm::any_of(Stmt.slice(1, Then - 1), Names))
    return FirstUse::Reads;
  const size_t ThenEnd = statementEnd(Stmt, Then);
  const FirstUse A = firstUse(Stmt.slice(Then, ThenEnd - Then), X);
  const FirstUse B = ThenEnd < Stmt.size() && Stmt[ThenEnd].is(tok::kw_else)
                         ? firstUse(Stmt.drop_front(ThenEnd + 1), X)
                         : FirstUse::Unused;
  if (A == FirstUse::Reads || B == FirstUse::Reads)
    return FirstUse::Reads;
  if (A == B)
    return A;
  return FirstUse::Partial;
}

FirstUse firstUse(ArrayRef<Token> Body, const IdentifierInfo *X) {
  if (Body.size() >= 2 && Body.front().is(tok::l_brace) && groupEnd(Body, 0) == Body.size())
    Body = Body.drop_front().drop_back();
  // (Statements that each assign X before they use it on the paths that
  // use it: X is never read before it is assigned.)
  FirstUse Sofar = FirstUse::Unused;
  for (size_t S = 0; S < Body.size();) {
    const size_t E = std::max(statementEnd(Body, S), S + 1);
    const FirstUse Use = firstUseOfStatement(Body.slice(S, E - S), X);
    S = E;
    if (Use == FirstUse::Assigned || Use == FirstUse::Reads)
      return Use;
    if (Use == FirstUse::Partial)
      Sofar = FirstUse::Partial;
  }
  return Sofar;
}

} // namespace

/// Whether every iteration of \p Body (a block or a statement) that uses
/// \p X assigns it first a value that does not use it (`tmp = 0.0;`, also
/// in the branches of an `if` that use it): every iteration starts X anew,
/// so its copy is a private temporary, not a value the iterations update.
static bool assignedBeforeUse(ArrayRef<Token> Body, const IdentifierInfo *X) {
  const FirstUse Use = firstUse(Body, X);
  return Use == FirstUse::Assigned || Use == FirstUse::Partial;
}

/// Whether the last statement of the block \p Body is `X = ...;` (an
/// accumulator reset for the next iteration, `acc = 0.0f;`): every
/// iteration leaves X as it found it, so its updates are the iteration's
/// own, not ones to combine (a reduction would change the program).
static bool resetAtEnd(ArrayRef<Token> Body, const IdentifierInfo *X) {
  if (Body.size() < 4 || Body.front().isNot(tok::l_brace) || Body.back().isNot(tok::r_brace) ||
      Body[Body.size() - 2].isNot(tok::semi))
    return false;
  // Back from that `;` to the token that ends the statement before it.
  size_t I = Body.size() - 2;
  for (unsigned Depth = 0; I-- > 1;) {
    if (Body[I].isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
      ++Depth;
    else if (Body[I].isOneOf(tok::l_paren, tok::l_square, tok::l_brace) && Depth)
      --Depth;
    else if (!Depth && Body[I].isOneOf(tok::semi, tok::l_brace, tok::r_brace))
      break;
  }
  return Body[I + 1].getIdentifierInfo() == X && Body[I + 2].is(tok::equal) &&
         !readsItself(Body, I + 1);
}

void LoopConstruct::warnFirstprivateUpdates(ArrayRef<Token> Body,
                                            ArrayRef<const Directive *> Clauses,
                                            ArrayRef<Token> ConstructCode) {
  // `sum += a[i]` in a `parallel loop` without a reduction: `sum` is
  // firstprivate (OpenACC 2.6.2), so each gang updates a copy of its own
  // and the value after the construct is the one before it.
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Named;
  Ctx.addNamedInDataClauses(Body, Clauses, /*Members=*/false, Named);
  // (What a nested loop's private, firstprivate or reduction clause names:
  // that loop's own.)
  for (const InnerLoop &L : Nested.Loops)
    Named.insert(L.OwnNames.begin(), L.OwnNames.end());
  Named.insert(Nested.InOrderOwnNames.begin(), Nested.InOrderOwnNames.end());
  // (Nested loops' variables declared outside: each iteration's own.)
  addForHeaderVariables(Body, Named);
  llvm::SmallPtrSet<const IdentifierInfo *, 4> Warned;
  // (Declared in the compute construct: the construct's own, per gang;
  // Sema has not seen those declarations yet.)
  addDeclaredInBody(ConstructCode, Named);
  const SourceLocation Construct = Clauses.back()->Loc;
  const SourceManager &SM = PP.getSourceManager();
  // (The nested loops as written: their rewritten code hides the order.)
  const TokenList Written = asWritten(Body, Nested.Loops);
  for (const Token &T : Ctx.kernelsWrittenScalars(Body, Clauses, {})) {
    if (Named.count(T.getIdentifierInfo()) || assignedBeforeUse(Written, T.getIdentifierInfo()) ||
        resetAtEnd(Written, T.getIdentifierInfo()))
      continue;
    if (const VarDecl *VD = Ctx.lookupVariable(T);
        !VD || !SM.isBeforeInTranslationUnit(VD->getLocation(), Construct))
      continue;
    const char *Found = nullptr;
    // Its appearances, and those in its updates (`x op= e` one, `x = x op
    // e` two): more are reads of its running value, which a reduction
    // would not give the iterations (a prefix sum `s += a[i]; p[i] = s;`).
    unsigned Seen = 0, InUpdates = 0;
    for (size_t I = 0; I < Body.size(); ++I) {
      if (!Body[I].is(tok::identifier) ||
          Body[I].getIdentifierInfo() != T.getIdentifierInfo() ||
          (I > 0 && Body[I - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon)))
        continue;
      ++Seen;
      const Token *Next = I + 1 < Body.size() ? &Body[I + 1] : nullptr;
      const char *Op = nullptr;
      if (Next && Next->isOneOf(tok::plusequal, tok::minusequal, tok::plusplus,
                                tok::minusminus))
        Op = "+";
      else if (Next && Next->is(tok::starequal))
        Op = "*";
      else if (Next && Next->is(tok::pipeequal))
        Op = "|";
      else if (Next && Next->is(tok::ampequal))
        Op = "&";
      else if (Next && Next->is(tok::caretequal))
        Op = "^";
      else if (I > 0 && Body[I - 1].isOneOf(tok::plusplus, tok::minusminus))
        Op = "+";
      else if (Next && Next->is(tok::equal)) {
        Op = assignedReduction(Body, I);
        // A recurrence (`x = 0.5 * x + a[i]`): carried, not combined.
        if (!Op && readsItself(Body, I))
          Op = "";
      }
      if (Op) {
        InUpdates += Next && Next->is(tok::equal) ? 2 : 1;
        if (!Found)
          Found = Op;
      }
    }
    if (Found && Warned.insert(T.getIdentifierInfo()).second)
      report(PP, T.getLocation(), Diag::FirstprivateUpdated)
          << PP.getSpelling(T) << spelling(effectiveKind()) << Found
          << (Seen > InUpdates || !*Found);
  }
  // `#pragma acc atomic update` of such a scalar: its rewritten statement
  // names x inside a call, where the scan above does not see a write.
  for (const Token &T : Body) {
    if (!T.is(tok::identifier) || !Ctx.atomicTarget(T.getLocation()) ||
        Named.count(T.getIdentifierInfo()) || Warned.count(T.getIdentifierInfo()))
      continue;
    const VarDecl *VD = Ctx.lookupVariable(T);
    if (!isLocalScalar(VD) || !SM.isBeforeInTranslationUnit(VD->getLocation(), Construct))
      continue;
    Warned.insert(T.getIdentifierInfo());
    report(PP, T.getLocation(), Diag::FirstprivateAtomic)
        << PP.getSpelling(T) << spelling(effectiveKind());
  }
}

ConstructKind LoopConstruct::effectiveKind() const {
  return plugin::effectiveKind(D, EnclosingKind);
}

bool LoopConstruct::sequential() const {
  const ConstructKind Kind = effectiveKind();
  return Kind == ConstructKind::SerialLoop || OneRegion ||
         D.find(ClauseKind::Seq) || (needsProof() && !ProvenIndependent);
}

bool LoopConstruct::needsProof() const {
  // `kernels` loops are independent only where the program says so; `auto`
  // leaves the decision to Ferry anywhere.
  // A plain loop Ferry takes as a loop, in `parallel` too.
  return (effectiveKind() == ConstructKind::KernelsLoop &&
          !D.find(ClauseKind::Independent)) ||
         D.find(ClauseKind::Auto) || D.Implicit;
}

const Directive *LoopConstruct::computeOfLoop() {
  OpenConstruct *Compute =
      inCompute() ? Ctx.enclosingComputeConstruct() : nullptr;
  return Compute ? Compute->D : nullptr;
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

void LoopConstruct::emit(const CanonicalLoop &L) {
  TokenBuilder B(PP, PragmaLoc);
  B.code("{").tokens(Flat.Prelude);
  emitIndexType(B, L);
  emitOperandChecks(B, D);
  emitRegionAndRemark(B, L);
  emitLaunchOptions(B);
  InstanceObjects = BodyLambda(PP, Ctx, D, PragmaLoc, Reductions, Privates)
                        .instanceObjects(L.Body, computeOfLoop(), ImpliedShared, &L.Var);
  emitDataScope(B);
  emitLaunch(B, L);
  B.code("); }");
  B.inject();
}

void LoopConstruct::emitRegionAndRemark(TokenBuilder &B,
                                        const CanonicalLoop &L) {
  RegionShape Shape;
  Shape.Sequential = sequential();
  Shape.NestedSpread = Nested.Spread;
  Shape.Workers = Nested.Workers;
  const bool Spread = Nested.Spread && !Shape.Sequential;
  const std::string Region = emitRegion(PP, B, D, PragmaLoc,
             (Shape.Sequential ? FERRY_REGION_SEQ : 0) |
                 (Spread ? FERRY_REGION_NESTED : 0) |
                 (Spread && Nested.Reduce ? FERRY_REGION_WARP_GANGS : 0) |
                 (Spread && Nested.Workers ? FERRY_REGION_WORKERS : 0));
  Ctx.noteFirstprivate(Region, D, computeOfLoop());
  if (OneRegion) {
    remark(PP, Ctx, D,
           effectiveKind() == ConstructKind::Serial
               ? "as one region (its loops run in order inside)"
           : Unreadable
               ? "as one region of one work-item (its statement comes from a macro or "
                 "holds a _Pragma directive, which Ferry cannot read ahead to find its "
                 "loops: write a combined construct ('parallel loop') or '#pragma acc' "
                 "directives; its loops run in order inside)"
               : "as one region of one work-item (it has statements outside "
                 "its loops, or private/firstprivate/reduction clauses; its "
                 "loops run in order inside)");
    return;
  }
  Shape.Var = Flat.OuterVar.empty() ? PP.getSpelling(L.Var) : Flat.OuterVar;
  Shape.TileSizes = TileSizes;
  Shape.CollapseLevels = Flat.Levels;
  Shape.StaticChunk = !Schedule.staticChunk().empty();
  Shape.StaticChunkText = Schedule.staticChunkText();
  Shape.ProvenIndependent = ProvenIndependent;
  Shape.GangWorkers = Schedule.gangWorkers(Nested);
  Shape.GangWorkersPerType = &Schedule.gangWorkersPerType(Nested);
  // (A device statement's loop of one iteration is Ferry's, not the program's.)
  remark(PP, Ctx, D, D.Statement ? "" : regionShapeRemark(PP, Shape), WrittenScalarsShared);
}

void LoopConstruct::checkPivotLoop(ArrayRef<CanonicalLoop> Nest) {
  // A loop the program says is independent (`parallel`, `independent`)
  // that is a pivot loop of a triangular nest (LU's loop over k, marked
  // `loop`): its iterations write the same elements, a race on a GPU.
  // Ferry says so and runs them in order on one gang: the nested loops
  // still spread over its work-items.
  if (needsProof() || sequential() || Nest.size() != 1 || !TileSizes.empty() ||
      !Schedule.staticChunk().empty())
    return;
  std::string Tail;
  const std::string Element = findPivotConflict(PP, Nest[0], Nested.Loops, Tail);
  if (Element.empty())
    return;
  report(PP, D.Loc, Diag::RacyPivotLoop) << PP.getSpelling(Nest[0].Var) << Element << Tail;
  OneGang = true;
}

void LoopConstruct::emitLaunchOptions(TokenBuilder &B) {
  // if / async / wait: where and when the region runs; a loop of a compute
  // construct runs where and when the construct does.
  if (inCompute())
    B.code("::ferry::acc::launch_options __ferry_options = "
           "__ferry_compute_options;");
  else
    emitOptions(B, D);
  Schedule.emitLevelOperands(B);
  B.tokens(Flat.AfterOptions);
  Schedule.emitGangGeometry(B, Nested);
  // One gang; one lane of it too where the nested loops run in order.
  if (OneGang)
    B.code(Nested.Spread ? "__ferry_options.num_gangs = 1;"
                         : "__ferry_options.num_gangs = 1; __ferry_options.vector_length = 1;");
  emitOverlapCheck(B);
}

void LoopConstruct::emitOverlapCheck(TokenBuilder &B) {
  TokenBuilder Test(PP, PragmaLoc);
  const std::string Names = emitOverlapTest(PP, Ctx, D, PragmaLoc, Nested.AssumedDistinct, Test);
  if (Names.empty())
    return;
  B.code("if (0").tokens(Test.get()).code(
      ") { __ferry_options.num_gangs = 1; __ferry_options.vector_length = 1; "
      "__ferry_options.num_workers = 1; }");
  if (Ctx.remarks())
    report(PP, D.Loc, Diag::RegionRemark)
        << "the proof takes " + Names +
               " for distinct memory, which the program does not promise (no 'restrict', no "
               "'independent'): their sections are compared when the region starts, and where "
               "they overlap its iterations run in order on one work-item";
}

void LoopConstruct::emitDataScope(TokenBuilder &B) {
  // The data clauses: entry now, exit when the construct's block ends (for
  // an async region, on its queue after it). Not when `if` is false.
  // Private sections: their copies' layout now (their lengths are values
  // of the host code); a firstprivate section stays present (copyin) while
  // the region runs, as its copies start from it.
  std::vector<VarRef> Sources;
  if (Privates.any()) {
    if (!isC(PP)) // (C: each chunk copies its sections itself, plugin/CRegion.h)
      Privates.emitCopies(B);
    Sources = Privates.firstprivateSources();
  }
  emitDataScopeOf(PP, B, D,
                  emitDataItems(PP, B, D, ImpliedShared, Sources, Inferred, InstanceObjects));
}

void LoopConstruct::emitLaunch(TokenBuilder &B, const CanonicalLoop &L) {
  const Directive *Compute = computeOfLoop();
  const bool Async = hasAsync(D) || (Compute && hasAsync(*Compute));
  Reductions.emitSectionLowers(B);
  B.code("::ferry::acc::parallel_loop<__ferry_index_t, ::ferry::acc::cmp::")
      .code(L.Cmp)
      .code(Async ? ", true" : ", false")
      .code(">(__ferry_region, __ferry_options,");
  emitBounds(B, L);
  Reductions.emitList(B, /*Nested=*/false);
  if (Privates.any())
    B.code(", __ferry_privates");
  B.code(", [");
  const BodyLambda Lambda(PP, Ctx, D, PragmaLoc, Reductions, Privates);
  Lambda.emitCaptures(B, L.Body, Compute,
                      {ImpliedShared, ExtraCopies, Flat.Levels, InstanceObjects});
  B.code("]");
  Lambda.emitParameters(B, L, Privates.any(), InstanceObjects);
}

void LoopConstruct::emitCollapsed(ArrayRef<CanonicalLoop> Nest) {
  NestSchedule S;
  S.TileSizes = TileSizes;
  S.StaticChunk = Schedule.staticChunk();
  S.NestedSpread = Nested.Spread;
  S.OneIterationPerGang = Nested.Spread && !sequential();
  S.VectorLength = D.find(ClauseKind::VectorLength);
  S.Reduces = Reductions.any();
  Flat = flattenNest(PP, PragmaLoc, Nest, S);
  ExtraCopies.append(Flat.Copies.begin(), Flat.Copies.end());
  emit(Flat.Loop);
}

void LoopConstruct::rewriteAsOneRegion(const TokenList &Body,
                                       ArrayRef<Token> Implied,
                                       std::vector<PrivateSection> Nested,
                                       bool StatementUnreadable) {
  OneRegion = true;
  Unreadable = StatementUnreadable;
  if (!Privates.collect(PrivateSection::Gang)) {
    TokenBuilder(PP, PragmaLoc).tokens(Body).inject();
    return;
  }
  Privates.adoptNested(std::move(Nested));
  ImpliedShared.assign(Implied.begin(), Implied.end());
  Inferred = inferSections(PP, Ctx, Body, {&D});
  // One iteration: `for (int __ferry_once = 0; __ferry_once < 1; ++...)`.
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
  if (isC(PP)) {
    if (Privates.copyNames().size() != Privates.own().size()) {
      report(PP, D.Loc, Diag::CUnsupported)
          << "a private copy of an array section on a loop inside the construct";
      TokenBuilder(PP, PragmaLoc).tokens(Body).inject();
      return;
    }
    emitC(L, Body);
    return;
  }
  emit(L);
}

void LoopConstruct::rewriteAsHostControl(const TokenList &Body,
                                         ArrayRef<Token> Implied) {
  ImpliedShared.assign(Implied.begin(), Implied.end());
  TokenBuilder Names(PP, PragmaLoc);
  Names.code("__ferry_compute_options");
  ExtraCopies.assign(Names.get().begin(), Names.get().end());
  TokenBuilder B(PP, PragmaLoc);
  B.code("{");
  emitOperandChecks(B, D);
  emitRegion(PP, B, D, PragmaLoc, 0);
  remark(PP, Ctx, D,
         "(its loops are regions of their own, one launch each; the sequential "
         "control around them runs on the calling thread, with the construct's "
         "view of the variables)");
  emitOptions(B, D);
  emitDataScopeOf(PP, B, D, emitDataItems(PP, B, D));
  B.code("::ferry::acc::launch_options __ferry_compute_options = "
         "__ferry_options;__ferry_compute_options.defer = 1;");
  if (isC(PP)) {
    emitCHostControl(B, Body);
    B.inject();
    return;
  }
  B.code("::ferry::acc::host_control(__ferry_region, __ferry_options, [");
  const BodyLambda Control(PP, Ctx, D, PragmaLoc, Reductions, Privates);
  const TokenList Objects = Control.instanceObjects(Body, nullptr, ImpliedShared, nullptr);
  Control.emitCaptures(B, Body, nullptr, {ImpliedShared, ExtraCopies, 0, Objects});
  // (The statement may be a control loop without braces.)
  B.code("]() mutable -> void {");
  Control.emitDeviceptrBindings(B);
  BodyLambda::emitObjectBindings(B, PP, Objects);
  B.tokens(Body).code("}); }");
  B.inject();
}

void LoopConstruct::emitCHostControl(TokenBuilder &B, const TokenList &Body) {
  // C has no lambda: the control runs in a block of its own, where the
  // local scalars it names that the construct does not share are copies
  // (its firstprivate view, which C++'s lambda captures by value). The
  // rewritten loops in it find the copies by their names. Arrays, structs
  // and unions are the construct's `copy` (OpenACC 2.6.2): the control
  // sees them, and its regions map them (their scan reads their own
  // statements, which the control's rewritten text no longer shows).
  const SmallVector<const Clause *, 8> Data = Ctx.sharedDataClauses(D, nullptr, Body);
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Shared;
  for (const Clause *C : Data)
    for (const VarRef &V : C->Vars)
      Shared.insert(V.Name.getIdentifierInfo());
  for (const Token &T : ImpliedShared)
    Shared.insert(T.getIdentifierInfo());
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Own;
  addDeclaredInBody(Body, Own);
  SmallVector<Token, 8> Copies;
  for (size_t I = 0; I < Body.size(); ++I) {
    const Token &T = Body[I];
    if (!T.is(tok::identifier) || (I && Body[I - 1].isOneOf(tok::period, tok::arrow)) ||
        T.getIdentifierInfo()->getName().starts_with("__ferry_") ||
        Shared.count(T.getIdentifierInfo()) || Own.count(T.getIdentifierInfo()))
      continue;
    const VarDecl *VD = Ctx.lookupVariable(T);
    if (!VD || !VD->hasLocalStorage() || VD->getType()->isArrayType() ||
        VD->getType()->isRecordType() || VD->getType()->isVariablyModifiedType())
      continue;
    Shared.insert(T.getIdentifierInfo()); // (seen)
    Copies.push_back(T);
  }
  for (size_t I = 0; I < Copies.size(); ++I)
    B.code("__typeof__(")
        .tokens(Copies[I])
        .code(") __ferry_control_" + std::to_string(I) + " = ")
        .tokens(Copies[I])
        .code(";");
  B.code("{");
  for (size_t I = 0; I < Copies.size(); ++I)
    B.code("__typeof__(__ferry_control_" + std::to_string(I) + ")")
        .tokens(Copies[I])
        .code("__attribute__((unused)) = __ferry_control_" + std::to_string(I) + ";");
  B.code("{").tokens(Body).code("} }");
  B.code("ferry_acc_finish_control(__ferry_region, __ferry_options); }");
}

} // namespace plugin
} // namespace ferry
