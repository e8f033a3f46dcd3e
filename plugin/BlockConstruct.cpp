//===- BlockConstruct.cpp - Constructs with a structured block -------------===//
///
/// \file
/// See BlockConstruct.h.
///
//===----------------------------------------------------------------------===//
#include "BlockConstruct.h"

#include "CRegion.h"
#include "ConstantTokens.h"
#include "ConstructPieces.h"
#include "Diagnostics.h"
#include "ImplicitLoops.h"
#include "LoopConstruct.h"
#include "LoopDependence.h"
#include "PivotControl.h"
#include "SourceScanner.h"
#include "StatementLexer.h"

#include "clang/AST/Decl.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace ferry {
namespace plugin {
namespace {

/// The index one past the block that starts at \p I (a `{`), or 0 when its
/// braces do not balance.
size_t blockEnd(ArrayRef<Token> T, size_t I) {
  unsigned Depth = 0;
  for (; I < T.size(); ++I) {
    if (T[I].is(tok::l_brace))
      ++Depth;
    else if (T[I].is(tok::r_brace) && --Depth == 0)
      return I + 1;
  }
  return 0;
}

/// Whether a compute construct's statement (nested directives already
/// rewritten) is made of `loop` constructs only, in blocks and with empty
/// statements between them: then each loop is a region of its own and
/// nothing else runs on the calling thread.
bool loopsOnly(ArrayRef<Token> T) {
  auto IsLoop = [&](size_t I) {
    // `{ using __ferry_index_t` (C++), `{ typedef __ferry_c_loop` (C).
    return I + 2 < T.size() && T[I].is(tok::l_brace) &&
           T[I + 1].isOneOf(tok::kw_using, tok::kw_typedef) &&
           T[I + 2].is(tok::identifier) &&
           T[I + 2].getIdentifierInfo()->getName().starts_with("__ferry_");
  };
  if (T.empty() || T[0].isNot(tok::l_brace) || blockEnd(T, 0) != T.size())
    return false;
  if (IsLoop(0))
    return true;
  for (size_t I = 1; I + 1 < T.size();) {
    if (T[I].is(tok::semi)) {
      ++I;
      continue;
    }
    size_t End = T[I].is(tok::l_brace) ? blockEnd(T, I) : 0;
    if (!End || !loopsOnly(T.slice(I, End - I)))
      return false;
    I = End;
  }
  return true;
}

/// The variables whose device copy a compute construct uses as a whole
/// (named without a section in its data clauses): host control must not
/// touch their host copies. `this` (`this`, `this[0:1]`) names the object
/// whole: the members a member function names through it implicitly too
/// (`k = 770;`).
llvm::StringSet<> sharedNames(Preprocessor &PP, const AccContext &Ctx, const Directive &D) {
  llvm::StringSet<> Names;
  bool This = false;
  for (const Clause &C : D.Clauses)
    if (isDataClause(C.Kind))
      for (const VarRef &V : C.Vars) {
        This |= V.Name.is(tok::kw_this);
        if ((V.Sections.empty() || C.Kind == ClauseKind::Deviceptr) &&
            !V.isMember())
          Names.insert(PP.getSpelling(V.Name));
      }
  if (This)
    Ctx.addThisMemberNames(Names);
  return Names;
}

/// A plain loop of `kernels` or `parallel` (\p Construct) whose body holds
/// plain loops (with device statements: and other statements), next in the
/// token stream: true (tokens back in the stream) when its iterations are
/// proven independent, so that it is a loop construct with the loops inside
/// in its body; else it stays the construct's sequential control (and the
/// remark says why), its loops loops of their own. In `kernels`, the
/// scalars its iterations assign before use are made each iteration's own
/// (privatizeAssignedScalars) when that proves it; sequential control keeps
/// them as written (a time step's `err = 0;` is the control's, reduced by
/// the loops in it).
bool controlLoopProven(Preprocessor &PP, AccContext &Ctx, const Directive &Construct,
                       const Directive &Loop, StatementLexer &Outer) {
  TokenList Stmt;
  // (On an error, reported, the tokens are back in the stream.)
  const bool Ok = lexStatement(PP, Ctx, Stmt, /*Back=*/false);
  std::string Var;
  // (Arrays it takes for distinct memory: the loop construct it becomes
  // proves it again and has its launch compare them.)
  OverlapPairs Assumed;
  std::string Why = Ok ? controlLoopDependence(PP, Ctx, Loop, Stmt, Var, &Assumed) : "";
  if (!Why.empty() && Construct.Kind == ConstructKind::Kernels) {
    TokenList Private = withAssignedScalarsPrivate(PP, Ctx, {&Construct}, Stmt);
    std::string PrivateVar;
    if (controlLoopDependence(PP, Ctx, Loop, Private, PrivateVar, &Assumed).empty()) {
      Why.clear();
      Stmt = std::move(Private);
    }
  }
  if (Ok)
    putBack(PP, Stmt);
  if (Why.empty()) {
    if (!Stmt.empty())
      Outer.forgetPlainLoops(Stmt.front().getLocation(), Stmt.back().getLocation());
    return true;
  }
  if (Ctx.missedRemarks())
    report(PP, Loop.Loc, Diag::RegionRemark)
        << implicitName(Loop) + (Var.empty() ? std::string() : " over '" + Var + "'") +
               " runs in order on the host, as the construct's sequential control: " + Why +
               "; the loops in it are loops of their own";
  return false;
}

/// At the compute directive \p D at \p PragmaLoc, read as host control:
/// whether its statement is one plain loop around `loop` constructs (the
/// outer loop of a nest written without a directive, the inner ones with
/// one) whose iterations are proven independent. Then it is a loop of the
/// construct, the `loop`s nested in its iterations, rather than sequential
/// control launching them once per iteration. Read in the source text ahead
/// (the nested directives must not be handled yet); a time loop around
/// them updates the same elements in every step, so it stays control (the
/// remark says why).
bool outerLoopProven(Preprocessor &PP, AccContext &Ctx, const Directive &D,
                     SourceLocation PragmaLoc) {
  bool Ok;
  SourceScanner Scan(PP, PragmaLoc, Ok);
  SourceScanner::LoopTokens L;
  if (!Ok || !Scan.onlyPlainLoop(L) || L.Directives.empty())
    return false;
  SourceScanner::cook(PP, L.Header);
  SourceScanner::cook(PP, L.Body);
  CanonicalLoop Outer;
  if (!quietHeader(PP, PragmaLoc, L.Header, Outer))
    return false;
  Outer.Body.assign(L.Body.begin(), L.Body.end());
  std::string Why;
  OverlapPairs Assumed; // (the loop construct it becomes proves it again)
  if (llvm::any_of(L.Body, [](const Token &T) {
        return T.isOneOf(tok::kw_break, tok::kw_goto, tok::kw_return);
      }))
    Why = "it leaves its body with 'break', 'goto' or 'return'";
  else
    Why = findLoopDependence(PP, Ctx, D, Outer, {}, &Assumed);
  if (Why.empty())
    return true;
  if (Ctx.missedRemarks())
    report(PP, Outer.Var.getLocation(), Diag::RegionRemark)
        << "plain loop over '" + PP.getSpelling(Outer.Var) +
               "' runs in order on the host, as the construct's sequential control: " + Why +
               "; the loops in it are loops of their own";
  return false;
}

/// One construct with a structured block, rewritten in steps: plan how its
/// statement runs (one region, host control, or loops that are regions of
/// their own) → lex the statement, rewriting its plain loops and device
/// statements on the way → collect the data it implies → emit.
class BlockConstructRewrite {
public:
  BlockConstructRewrite(Preprocessor &PP, AccContext &Ctx, Directive &D,
                        SourceLocation PragmaLoc)
      : PP(PP), Ctx(Ctx), D(D), PragmaLoc(PragmaLoc), Compute(isComputeOnly(D.Kind)),
        OneRegion(oneRegionByClauses(D)) {}

  void run();

private:
  /// One region (one work-item on a GPU, loops in order inside): `serial`;
  /// `parallel`/`kernels` with their own private/firstprivate/reduction.
  /// (planRegions adds those whose statements outside their loops are not
  /// host control, or when the source cannot tell.)
  static bool oneRegionByClauses(const Directive &D) {
    return D.Kind == ConstructKind::Serial || D.find(ClauseKind::Private) ||
           D.find(ClauseKind::Firstprivate) || D.find(ClauseKind::Reduction);
  }

  void planRegions();
  bool findSequentialControl(bool PlainAsLoops, bool &Readable);
  void findLoopNests();
  bool parsedInPlace() const;
  bool rewriteDataBlock();
  bool lexStatement(StatementLexer &Lex);
  void rewritePlainLoop(const Token &For, StatementLexer &Lex);
  void rewriteNonCanonicalLoop(const Token &For);
  void dropFirstprivateReductions(Directive &Loop, size_t First) const;
  void rewriteDeviceStatement(const Token &First);
  void collectImpliedData();
  void emitLoopsOfTheirOwn();

  Preprocessor &PP;
  AccContext &Ctx;
  Directive &D; ///< (gets the implicit `copy(this)`: addImplicitThis)
  SourceLocation PragmaLoc;
  const bool Compute;
  bool OneRegion;
  // With code around its loops that is sequential control (time steps, a
  // pivot loop, a convergence test), that code runs on the host and each
  // loop launches as a region of its own (LoopConstruct::rewriteAsHostControl).
  bool HostControl = false;
  // Its statement comes from a macro, or holds a `_Pragma` directive: the
  // source scan cannot find its loops (for the one-region remark).
  bool Unreadable = false;
  // `kernels`: its plain loops (`for` statements without a directive in
  // them) are `loop` constructs without clauses, which run in parallel when
  // Ferry proves their iterations independent (OpenACC 2.5.3, as NVHPC).
  // `parallel` too, as if one gang ran the construct (NVHPC's autopar):
  // OpenACC has every gang run a plain loop of `parallel` (2.5.1), and a loop
  // whose iterations are independent gives the same spread over work-items.
  // In host control, a statement the host cannot run is a device statement:
  // a region of one work-item between the loops. A pivot loop (a `loop`
  // construct that is the whole statement) may be host control too
  // (PivotControl.h).
  SmallVector<SourceLocation, 4> PlainLoops, ControlLoops, DeviceStatements;
  // Those of PlainLoops that hold `loop` constructs.
  SmallVector<SourceLocation, 4> HoldingConstructs;
  TokenList Body;
  TokenList Implied;
  std::vector<PrivateSection> Privates;
  // Each plain loop of `kernels`/`parallel`, as if `#pragma acc loop` stood before it;
  // a loop of loops is one too when its iterations are proven independent,
  // else the construct's sequential control.
  std::vector<std::unique_ptr<Directive>> Implicit;
};

void BlockConstructRewrite::run() {
  if (std::optional<ConstructKind> Outer = Ctx.enclosingCompute(); Outer && Compute) {
    report(PP, D.Loc, Diag::NestedCompute) << spelling(D.Kind) << spelling(*Outer);
    return;
  }
  if (Compute && !OneRegion)
    planRegions();
  // Members through `this` where no statement is the host's: the object's
  // implicit copy (before the statement is lexed: its loops, regions of
  // their own, see the construct's clauses).
  if (Compute && !HostControl)
    addImplicitThis(PP, Ctx, D, PragmaLoc, /*Combined=*/false);
  if (D.Kind == ConstructKind::Data && parsedInPlace() && rewriteDataBlock())
    return;
  // A data construct's body is host code: exceptions are fine there, and
  // so is a `return`, which leaves its data scope as C's cleanup does.
  StatementLexer Lex(PP, Ctx.directiveLexers(), Body, Compute);
  if (!Compute)
    Lex.allowReturn();
  if (!lexStatement(Lex)) {
    TokenBuilder(PP, PragmaLoc).tokens(Body).inject();
    return;
  }
  collectImpliedData();
  if (Compute && OneRegion) {
    LoopConstruct(PP, Ctx, D, PragmaLoc)
        .rewriteAsOneRegion(Body, Implied, std::move(Privates), Unreadable);
    return;
  }
  if (HostControl) {
    LoopConstruct(PP, Ctx, D, PragmaLoc).rewriteAsHostControl(Body, Implied);
    return;
  }
  emitLoopsOfTheirOwn();
}

/// Plan: whether the compute construct's statement is one region, host
/// control around loops, or loops that are regions of their own (the plain
/// ones to rewrite as `loop` constructs in PlainLoops, ControlLoops).
void BlockConstructRewrite::planRegions() {
  // From the source text: lexing ahead would run the nested directives'
  // handlers before this construct is set up.
  bool Readable;
  SourceScanner Scan(PP, PragmaLoc, Readable);
  const bool PlainAsLoops = D.Kind == ConstructKind::Kernels || D.Kind == ConstructKind::Parallel;
  if (PlainAsLoops) {
    Scan.takePlainLoops(PP);
    Scan.takeDeviceStatements();
  }
  // A pivot loop (LU's loop over k marked `loop`): host control.
  if (PlainAsLoops && Readable && findPivotControl(PP, Ctx, PragmaLoc, PlainLoops))
    HostControl = true;
  std::optional<bool> Loops = Readable && !HostControl ? Scan.loopsOnly() : std::optional<bool>();
  // Plain loops of plain loops (time steps) may be sequential control.
  const bool TryControl = Loops.value_or(false) && Scan.sawLoopsOfLoops();
  if ((!Loops.value_or(false) || TryControl) && Readable && !HostControl)
    HostControl = findSequentialControl(PlainAsLoops, Readable);
  if (Loops.value_or(false) && !HostControl)
    PlainLoops.append(Scan.plainLoops().begin(), Scan.plainLoops().end());
  OneRegion = !Loops.value_or(false) && !HostControl;
  Unreadable = !Readable || Scan.sawPragmaOperator();
  if (OneRegion && PlainAsLoops && Readable)
    findLoopNests();
}

/// Whether the statement is sequential control on the host (its loops,
/// control loops and device statements then noted); \p Readable: whether
/// the source could be read for it.
bool BlockConstructRewrite::findSequentialControl(bool PlainAsLoops, bool &Readable) {
  SourceScanner Control(PP, PragmaLoc, Readable);
  if (PlainAsLoops) {
    Control.takePlainLoops(PP);
    Control.takeControlLoops();
    Control.takeDeviceStatements();
  }
  const bool Found = Control.hostControl(sharedNames(PP, Ctx, D)).value_or(false) &&
                     !outerLoopProven(PP, Ctx, D, PragmaLoc);
  if (Found) {
    PlainLoops.append(Control.plainLoops().begin(), Control.plainLoops().end());
    ControlLoops.append(Control.controlLoops().begin(), Control.controlLoops().end());
    DeviceStatements.append(Control.deviceStatements().begin(),
                            Control.deviceStatements().end());
  }
  return Found;
}

/// Plain loops around `loop` constructs (the outer loop of a nest written
/// without a directive, the inner ones with one): loops of the construct
/// too, their `loop`s nested in their iterations, rather than one region of
/// one work-item. Time steps around loops stay host control
/// (findSequentialControl).
void BlockConstructRewrite::findLoopNests() {
  bool Ok;
  SourceScanner Nests(PP, PragmaLoc, Ok);
  Nests.takePlainLoops(PP);
  Nests.takeLoopConstructsInside();
  if (Ok && Nests.loopsOnly().value_or(false)) {
    PlainLoops.append(Nests.plainLoops().begin(), Nests.plainLoops().end());
    HoldingConstructs.append(Nests.plainLoops().begin(), Nests.plainLoops().end());
    OneRegion = false;
  }
}

/// Whether the parser parses the tokens after the directive as they come:
/// in C always; in C++ not in the body of a member function defined in
/// its class, which the parser keeps for the class's end (so that Sema
/// knows nothing the body declares when the directives in it are handled).
bool BlockConstructRewrite::parsedInPlace() const {
  return isC(PP) || (Ctx.inSema() && Ctx.sema()->getCurFunctionDecl());
}

/// The variable \p Stmt declares where it is a declaration (`float err = 0;`,
/// `const T *p;`, `Grid g(n);`): a type keyword or a type's name first;
/// nullptr otherwise.
static const IdentifierInfo *declaredName(Sema *S, ArrayRef<Token> Stmt) {
  if (Stmt.size() < 3 || !S)
    return nullptr;
  const LangOptions &LO = S->getLangOpts();
  const Token &First = Stmt.front();
  bool Type = First.isSimpleTypeSpecifier(LO) ||
              First.isOneOf(tok::kw_const, tok::kw_static, tok::kw_volatile, tok::kw_struct,
                            tok::kw_enum, tok::kw_union, tok::kw_register);
  if (!Type && First.is(tok::identifier))
    if (NamedDecl *N = lookupOrdinaryName(S, First.getIdentifierInfo(), First.getLocation()))
      Type = isa<TypeDecl>(N) && Stmt[1].isOneOf(tok::identifier, tok::star, tok::amp);
  if (!Type)
    return nullptr;
  for (size_t I = 1; I + 1 < Stmt.size(); ++I)
    if (Stmt[I].is(tok::identifier) &&
        Stmt[I + 1].isOneOf(tok::equal, tok::semi, tok::l_square, tok::comma, tok::l_paren,
                            tok::l_brace))
      return Stmt[I].getIdentifierInfo();
  return nullptr;
}

/// A data construct's block is left to the parser, so that the directives
/// in it see the variables it declares (a `kernels` inside copies the
/// scalars it assigns back to them); the construct stays open where its
/// marker is in scope, and its cleanup (C) or data scope (C++) leaves its
/// data. A
/// statement that is no block (a loop, another construct: `data` stacked
/// on `data`) gets Ferry's braces, the `}` entering the stream after its
/// last token. False (the token back in the stream) when the statement
/// cannot be read from the source.
bool BlockConstructRewrite::rewriteDataBlock() {
  // The statement's end, from the source; registered before the first
  // token is lexed, which may handle a directive whose statement ends
  // there too.
  SmallVector<Token, 64> Stmt;
  SourceLocation End;
  if (SourceScanner::readStatement(PP, PragmaLoc, Stmt) && !Stmt.empty() &&
      Stmt.back().isOneOf(tok::semi, tok::r_brace))
    End = PP.getSourceManager().getFileLoc(Stmt.back().getLocation());
  if (const IdentifierInfo *Declared = declaredName(Ctx.sema(), Stmt))
    report(PP, PragmaLoc, Diag::DeclarationAsStatement)
        << spelling(D.Kind) << Declared->getName();
  if (End.isValid())
    Ctx.closeBraceAfter(PP, End);
  Token Brace;
  lexInFile(PP, Ctx.directiveLexers(), Brace);
  // (A `{` a directive right after this one rewrote itself into, or the
  // program's that a data construct right after this one took, is not
  // this construct's block: that construct is the statement.)
  const bool ProgramBlock = Brace.is(tok::l_brace) &&
                            !isGenerated(PP.getSourceManager(), Brace.getLocation()) &&
                            Ctx.claimBlock(Brace.getLocation());
  if (ProgramBlock && End.isValid())
    Ctx.forgetCloseAfter(End);
  // (A directive from a macro the scanner cannot read: the end of its
  // block, where later directives no longer see it open.)
  if (ProgramBlock && End.isInvalid())
    End = SourceScanner::blockEnd(PP, Brace.getLocation());
  if (!ProgramBlock && End.isInvalid()) {
    PP.EnterToken(Brace, /*IsReinject=*/true);
    return false;
  }
  TokenBuilder B(PP, PragmaLoc);
  if (ProgramBlock) {
    B.tokens(Brace);
  } else {
    PP.EnterToken(Brace, /*IsReinject=*/true);
    B.code("{");
  }
  Ctx.noteFirstprivate(emitRegion(PP, B, D, PragmaLoc, 0), D, nullptr);
  remark(PP, Ctx, D, "");
  emitOptions(B, D);
  emitDataScopeOf(PP, B, D, emitDataItems(PP, B, D));
  B.code("typedef int " + Ctx.openByScope(PP, D, End) + " __attribute__((unused));");
  B.inject();
  return true;
}

/// Lex: the statement into Body, inside the open construct, its plain
/// loops and device statements rewritten as they come; the variables its
/// host control declares that a loop copies to Implied. False after an
/// error (reported).
bool BlockConstructRewrite::lexStatement(StatementLexer &Lex) {
  SmallVector<SourceLocation, 8> Rewritten(PlainLoops.begin(), PlainLoops.end());
  Rewritten.append(ControlLoops.begin(), ControlLoops.end());
  Lex.rewritePlainLoops(Rewritten, [this, &Lex](const Token &For) { rewritePlainLoop(For, Lex); });
  Lex.rewriteDeviceStatements(DeviceStatements,
                              [this](const Token &First) { rewriteDeviceStatement(First); });
  AccContext::Scope Open(Ctx, D, OneRegion, HostControl);
  Open.get().Lexed = &Body;
  const bool Ok = Lex.statement(/*InBreakable=*/!Compute);
  // (A variable its host control declares, which a loop of the control
  // assigns, is the control's: the loop's region copies it, the construct
  // cannot name it.)
  for (const Token &T : Open.get().ImpliedCopy)
    if (Ctx.declaredBefore(T))
      Implied.push_back(T);
  Privates = std::move(Open.get().Privates);
  return Ok;
}

/// A plain loop of `kernels`/`parallel`, as a `loop` construct (a control
/// loop only when its iterations are proven independent).
void BlockConstructRewrite::rewritePlainLoop(const Token &For, StatementLexer &Lex) {
  const bool Control = llvm::is_contained(ControlLoops, For.getLocation());
  if (!Control && !nextLoopIsCanonical(PP, Ctx, For.getLocation())) {
    rewriteNonCanonicalLoop(For);
    return;
  }
  Directive &Loop = addImplicitLoop(Implicit, For.getLocation(), D.Kind);
  // (The variable of a pivot loop's nested `loop` made plain: private.)
  for (const Token &Var : Ctx.plainLoopPrivates(For.getLocation())) {
    Clause Private;
    Private.Kind = ClauseKind::Private;
    Private.Loc = Var.getLocation();
    VarRef V;
    V.Name = Var;
    Private.Vars.push_back(std::move(V));
    Loop.Clauses.push_back(std::move(Private));
  }
  // (The control's own scalars, declared before the loop, reduce too.)
  // Before the dependence test of a loop of loops: `err = fmax(err, ...)`
  // in its nest is its reduction, no dependence.
  // (Not in a loop that holds `loop` constructs: reading it ahead would
  // handle their directives outside it.)
  if (!llvm::is_contained(HoldingConstructs, For.getLocation())) {
    if (D.Kind == ConstructKind::Kernels && !Control)
      privatizeAssignedScalars(PP, Ctx, {&D});
    const size_t Before = Loop.Clauses.size();
    addImplicitReductions(PP, Ctx, Loop, HostControl ? ArrayRef<Token>(Body) : ArrayRef<Token>());
    if (D.Kind == ConstructKind::Parallel && !HostControl)
      dropFirstprivateReductions(Loop, Before);
  }
  if (Control && !controlLoopProven(PP, Ctx, D, Loop, Lex))
    return;
  LoopConstruct(PP, Ctx, Loop, For.getLocation()).rewrite();
}

/// The reductions Ferry found in the plain loop that is all of a
/// `parallel` construct (from \p First of \p Loop's clauses) on variables
/// declared before it that no clause of the construct or of a data
/// construct around it names: those are
/// firstprivate (OpenACC 3.3, 2.6.2), each gang's own, and keep their
/// value after the construct, as with other compilers, so the reduction
/// goes and the warning of `parallel loop` says so (sweep 10's LAB07:
/// `gpu_sum += vec[i]` was summed into the host's variable). A loop of the
/// construct's sequential control keeps its reductions: the construct's
/// own copy gets the sum, which the control reads.
void BlockConstructRewrite::dropFirstprivateReductions(Directive &Loop, size_t First) const {
  // Not a variable a clause of the construct or of a data construct around
  // it names (OpenACC 3.3, 2.6.2: then it is not firstprivate), nor one the
  // construct declares, its own (Sema has not seen those declarations yet).
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Kept;
  Ctx.addNamedInDataClauses(Body, {&D}, /*Members=*/false, Kept);
  addDeclaredInBody(Body, Kept);
  const SourceManager &SM = PP.getSourceManager();
  auto Firstprivate = [&](const Clause &C) {
    const VarRef &V = C.Vars.front();
    const VarDecl *VD = Ctx.lookupVariable(V.Name);
    if (Kept.count(V.Name.getIdentifierInfo()) || !VD ||
        !SM.isBeforeInTranslationUnit(VD->getLocation(), D.Loc))
      return false;
    report(PP, V.Name.getLocation(), Diag::FirstprivateUpdated)
        << PP.getSpelling(V.Name) << "parallel" << C.ReductionOp << false;
    return true;
  };
  Loop.Clauses.erase(std::remove_if(Loop.Clauses.begin() + First, Loop.Clauses.end(),
                                    Firstprivate),
                     Loop.Clauses.end());
}

/// A loop that is not canonical (`for (i = n; i-- > 0;)`) is the
/// program's business: its iterations run in order, a region of one
/// work-item.
void BlockConstructRewrite::rewriteNonCanonicalLoop(const Token &For) {
  Directive &Statement = addImplicitLoop(Implicit, For.getLocation(), D.Kind);
  Statement.Statement = true;
  if (Ctx.missedRemarks())
    report(PP, For.getLocation(), Diag::RegionRemark)
        << "plain loop in '" + spelling(D.Kind).str() +
               "' not parallelized: it is not a canonical loop (one variable, "
               "compared with '<', '<=', '>', '>=' or '!=', stepped by a constant "
               "amount); it runs in order as a region of one work-item";
  if (wrapDeviceStatement(PP, Ctx, Statement))
    LoopConstruct(PP, Ctx, Statement, For.getLocation()).rewrite();
}

/// A statement of host control that the host cannot run: a region of one
/// work-item.
void BlockConstructRewrite::rewriteDeviceStatement(const Token &First) {
  Directive &Statement = addImplicitLoop(Implicit, First.getLocation(), D.Kind);
  Statement.Statement = true;
  if (wrapDeviceStatement(PP, Ctx, Statement))
    LoopConstruct(PP, Ctx, Statement, First.getLocation()).rewrite();
}

/// Collect: the data the statement implies where it runs as one region or
/// as host control.
void BlockConstructRewrite::collectImpliedData() {
  // In `kernels`, scalars the statements assign are copy (OpenACC 2.6.2).
  if (D.Kind == ConstructKind::Kernels && (OneRegion || HostControl))
    for (const Token &T : Ctx.kernelsWrittenScalars(Body, {&D}))
      Implied.push_back(T);
  // Arrays named in no clause are copy in every compute construct (2.6.2).
  const Clause *Default = D.find(ClauseKind::Default);
  if (Compute && (OneRegion || HostControl) && !(Default && Default->DefaultKind == "none"))
    for (const Token &T : Ctx.implicitArrays(Body, {&D}))
      Implied.push_back(T);
}

/// Emit: a data construct, or a compute construct whose loops are regions
/// of their own, around the lexed statement.
void BlockConstructRewrite::emitLoopsOfTheirOwn() {
  TokenBuilder B(PP, PragmaLoc);
  B.code("{");
  Ctx.noteFirstprivate(emitRegion(PP, B, D, PragmaLoc, 0), D, nullptr);
  const bool LoopsOnly = Compute && loopsOnly(Body);
  remark(PP, Ctx, D,
         !Compute    ? ""
         : LoopsOnly ? "(its loops are regions of their own)"
                     : "(its loops are regions of their own; its other statements run on the "
                       "calling thread, so it runs on the host only)");
  emitOptions(B, D);
  emitDataScopeOf(PP, B, D, emitDataItems(PP, B, D));
  if (Compute)
    B.code("const ::ferry::acc::launch_options __ferry_compute_options = __ferry_options;"
           "::ferry::acc::enter_host_region(__ferry_region, __ferry_options,")
        .code(LoopsOnly ? "1);" : "0);");
  B.tokens(Body).code("}");
  B.inject();
}

} // namespace

/// A construct with a structured block: `parallel`, `kernels`, `serial`
/// (the body runs on the calling thread where the host is the device, its
/// `loop` constructs launch as regions of their own) and `data`:
/// `{ region; options; data items + data_scope; [enter_host_region;] statement }`.
void rewriteBlockConstruct(Preprocessor &PP, AccContext &Ctx, Directive &D,
                           SourceLocation PragmaLoc) {
  BlockConstructRewrite(PP, Ctx, D, PragmaLoc).run();
}

void rewriteHostData(Preprocessor &PP, AccContext &Ctx, const Directive &D,
                     SourceLocation PragmaLoc) {
  TokenList Body;
  StatementLexer Lex(PP, Ctx.directiveLexers(), Body, /*Compute=*/false);
  Lex.allowReturn(); // (host code in blocks of its own: nothing to leave)
  bool Ok;
  {
    AccContext::Scope Open(Ctx, D);
    Ok = Lex.statement(/*InBreakable=*/true);
  }
  if (!Ok) {
    TokenBuilder(PP, PragmaLoc).tokens(Body).inject();
    return;
  }
  TokenBuilder B(PP, PragmaLoc);
  B.code("{");
  Ctx.noteFirstprivate(emitRegion(PP, B, D, PragmaLoc, 0), D, nullptr);
  emitOptions(B, D);
  const char *IfPresent = D.find(ClauseKind::IfPresent) ? "1" : "0";
  std::vector<const VarRef *> Vars;
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::UseDevice)
      for (const VarRef &V : C.Vars)
        Vars.push_back(&V);
  // C: a scalar or struct (not an array or pointer): a pointer to its
  // device copy, which the statement's uses of its name go through (`&a`
  // is the device address); an array or pointer: a pointer to the first
  // element (sizeof differs).
  llvm::SmallVector<bool, 4> Object(Vars.size(), false);
  for (size_t I = 0; I < Vars.size() && isC(PP); ++I) {
    const VarDecl *VD = Ctx.lookupVariable(Vars[I]->Name);
    Object[I] = VD && !VD->getType()->isArrayType() && !VD->getType()->isPointerType();
    const std::string Copy = "__ferry_use_device_" + std::to_string(I);
    // Its type: `T *` of the object, of the array's or pointer's element.
    TokenBuilder Type(PP, PragmaLoc);
    Type.code(Object[I] ? "__typeof__(" : "__typeof__(&(")
        .tokens(Vars[I]->Name)
        .code(Object[I] ? ") *" : ")[0])");
    B.tokens(Type.get()).code(Copy + " = (").tokens(Type.get())
        .code(Object[I] ? ")ferry_acc_use_device_address(__ferry_region, (const void *)&("
                        : ")ferry_acc_use_device_address(__ferry_region, (const void *)(")
        .tokens(Vars[I]->Name)
        .code("),")
        .string(PP.getSpelling(Vars[I]->Name))
        .code(std::string(", __ferry_options.on_device, ") + IfPresent + ");");
    if (!Object[I])
      continue;
    TokenList Rewritten;
    for (size_t T = 0; T < Body.size(); ++T) {
      const bool Use = Body[T].is(tok::identifier) &&
                       Body[T].getIdentifierInfo() == Vars[I]->Name.getIdentifierInfo() &&
                       !(T > 0 && Body[T - 1].isOneOf(tok::period, tok::arrow));
      if (!Use) {
        Rewritten.push_back(Body[T]);
        continue;
      }
      TokenBuilder Deref(PP, Body[T].getLocation());
      Deref.code("(*" + Copy + ")");
      Rewritten.append(Deref.get().begin(), Deref.get().end());
    }
    Body = std::move(Rewritten);
  }
  for (size_t I = 0; I < Vars.size() && !isC(PP); ++I)
    B.code("auto &&__ferry_use_device_" + std::to_string(I) +
           " = ::ferry::acc::use_device(__ferry_region, ")
        .tokens(Vars[I]->Name)
        .code(",")
        .string(PP.getSpelling(Vars[I]->Name))
        .code(std::string(", __ferry_options.on_device, ") + IfPresent + ");");
  B.code("{");
  for (size_t I = 0; I < Vars.size(); ++I) {
    if (isC(PP) && Object[I])
      continue;
    if (isC(PP))
      B.code("__typeof__(__ferry_use_device_" + std::to_string(I) + ")");
    else
      B.code("auto &&");
    B.tokens(Vars[I]->Name).code("= __ferry_use_device_" + std::to_string(I) + ";");
  }
  if (Ctx.remarks()) {
    std::string Names;
    for (const VarRef *V : Vars)
      Names += (Names.empty() ? "" : ", ") + PP.getSpelling(V->Name);
    report(PP, D.Loc, Diag::RegionRemark)
        << ("'host_data': in its statement " + Names + " hold device addresses" +
            (D.find(ClauseKind::IfPresent) ? " (host addresses where not present)" : ""));
  }
  B.tokens(Body).code("} }");
  B.inject();
}

} // namespace plugin
} // namespace ferry
