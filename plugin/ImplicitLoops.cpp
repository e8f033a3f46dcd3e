//===- ImplicitLoops.cpp - Plain loops and statements as constructs ------===//
///
/// \file
/// See ImplicitLoops.h.
///
//===----------------------------------------------------------------------===//
#include "ImplicitLoops.h"

#include "CanonicalLoop.h"
#include "LoopDependence.h"
#include "SourceScanner.h"
#include "StatementLexer.h"
#include "TokenBuilder.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;
using namespace llvm;

namespace ferry {
namespace plugin {
namespace {

/// Whether the tokens of \p E (an operand of `x = x op E;`, up to its `;`)
/// bind to \p Op as a whole: no operator of lower or equal precedence at
/// their top level.
bool bindsToOperator(ArrayRef<Token> E, tok::TokenKind Op) {
  unsigned Depth = 0;
  for (const Token &T : E) {
    if (T.isOneOf(tok::l_paren, tok::l_square))
      ++Depth;
    else if (T.isOneOf(tok::r_paren, tok::r_square))
      Depth = Depth ? Depth - 1 : 0;
    else if (Depth)
      continue;
    else if (T.is(tok::semi))
      return true;
    else if (T.isOneOf(tok::question, tok::lessless, tok::greatergreater, tok::less,
                       tok::greater, tok::lessequal, tok::greaterequal, tok::equalequal,
                       tok::exclaimequal, tok::amp, tok::pipe, tok::caret, tok::ampamp,
                       tok::pipepipe, tok::comma, tok::equal) ||
             (Op == tok::star && T.isOneOf(tok::plus, tok::minus)))
      return false;
  }
  return false;
}

bool names(ArrayRef<Token> T, const IdentifierInfo *Name) {
  return llvm::any_of(T, [&](const Token &U) {
    return U.is(tok::identifier) && U.getIdentifierInfo() == Name;
  });
}

/// Whether a data clause of the construct around (or of a data construct
/// around it) maps the variable \p Name: then its memory is its own.
bool mappedByClause(AccContext &Ctx, const IdentifierInfo *Name) {
  SmallVector<const Clause *, 8> Clauses = Ctx.enclosingDataClauses();
  if (OpenConstruct *Compute = Ctx.enclosingComputeConstruct())
    for (const Clause &C : Compute->D->Clauses)
      Clauses.push_back(&C);
  for (const Clause *C : Clauses)
    if (isDataClause(C->Kind) && C->Kind != ClauseKind::Deviceptr)
      for (const VarRef &V : C->Vars)
        if (!V.isMember() && V.Name.getIdentifierInfo() == Name)
          return true;
  return false;
}

/// `x = fmax(x, e);` (or `e, x`; fmaxf, fmaxl, max, std::max, and the min
/// forms) at the start of \p S: "max" or "min", else empty. \p S starts at
/// `x`; `e` must not name `x` (the caller counts its uses).
std::string extremumUpdate(Preprocessor &PP, ArrayRef<Token> S) {
  size_t I = 2; // after `x =`
  if (I + 1 < S.size() && S[I].is(tok::identifier) && PP.getSpelling(S[I]) == "std" &&
      S[I + 1].is(tok::coloncolon))
    I += 2;
  if (I + 1 >= S.size() || S[I].isNot(tok::identifier) || S[I + 1].isNot(tok::l_paren))
    return "";
  const std::string Name = PP.getSpelling(S[I]);
  const std::string Op = Name == "fmax" || Name == "fmaxf" || Name == "fmaxl" || Name == "max"
                             ? "max"
                         : Name == "fmin" || Name == "fminf" || Name == "fminl" || Name == "min"
                             ? "min"
                             : "";
  const size_t Close = groupEnd(S, I + 1);
  if (Op.empty() || Close >= S.size() || S[Close].isNot(tok::semi))
    return "";
  SmallVector<ArrayRef<Token>, 4> Args = splitTopLevel(S.slice(I + 2, Close - I - 3), tok::comma);
  auto IsX = [&](ArrayRef<Token> A) {
    return A.size() == 1 && A[0].is(tok::identifier) &&
           A[0].getIdentifierInfo() == S[0].getIdentifierInfo();
  };
  return Args.size() == 2 && (IsX(Args[0]) || IsX(Args[1])) ? Op : "";
}

/// For a comparison \p Cond of \p X and \p E (`E > x`, `x < E`, `x >= E`,
/// ...): which of the two it finds greater when true: +1 when E, -1 when
/// x, 0 when \p Cond is no such comparison.
int comparesWith(Preprocessor &PP, ArrayRef<Token> Cond, const Token &X, ArrayRef<Token> E) {
  Cond = withoutParens(Cond);
  unsigned Depth = 0;
  size_t At = 0, Count = 0;
  for (size_t I = 0; I < Cond.size(); ++I) {
    if (Cond[I].isOneOf(tok::l_paren, tok::l_square))
      ++Depth;
    else if (Cond[I].isOneOf(tok::r_paren, tok::r_square))
      Depth = Depth ? Depth - 1 : 0;
    else if (Depth == 0 && Cond[I].isOneOf(tok::less, tok::greater, tok::lessequal,
                                           tok::greaterequal, tok::ampamp, tok::pipepipe,
                                           tok::question, tok::equalequal, tok::exclaimequal)) {
      At = I;
      ++Count;
    }
  }
  if (Count != 1 || !Cond[At].isOneOf(tok::less, tok::greater, tok::lessequal, tok::greaterequal))
    return 0;
  ArrayRef<Token> L = withoutParens(Cond.take_front(At)), R = withoutParens(Cond.drop_front(At + 1));
  auto IsX = [&](ArrayRef<Token> S) {
    return S.size() == 1 && S[0].is(tok::identifier) &&
           S[0].getIdentifierInfo() == X.getIdentifierInfo();
  };
  const bool LeftGreater = Cond[At].isOneOf(tok::greater, tok::greaterequal);
  if (IsX(L) && sameSpelling(PP, R, E))
    return LeftGreater ? -1 : 1;
  if (IsX(R) && sameSpelling(PP, L, E))
    return LeftGreater ? 1 : -1;
  return 0;
}

/// `if (E > x) x = E;` (braces allowed, no `else`; `x < E`, `>=`, `<=`, and
/// the min forms) where \p I is the `x` of the assignment in \p Stmt:
/// "max" or "min", else empty.
std::string conditionalExtremum(Preprocessor &PP, ArrayRef<Token> Stmt, size_t I) {
  const size_t Semi = statementEnd(Stmt, I);
  if (Semi > Stmt.size() || Semi < I + 4 || Stmt[Semi - 1].isNot(tok::semi))
    return "";
  ArrayRef<Token> E = Stmt.slice(I + 2, Semi - 1 - (I + 2));
  size_t Close = I - 1, After = Semi;
  if (Stmt[Close].is(tok::l_brace)) {
    if (Close == 0 || After >= Stmt.size() || Stmt[After].isNot(tok::r_brace))
      return "";
    --Close;
    ++After;
  }
  if (Stmt[Close].isNot(tok::r_paren) || (After < Stmt.size() && Stmt[After].is(tok::kw_else)))
    return "";
  // The `(` of the condition: the innermost group that ends at Close.
  size_t Open = Close;
  for (unsigned Depth = 0; Open-- > 0;) {
    if (Stmt[Open].is(tok::r_paren))
      ++Depth;
    else if (Stmt[Open].is(tok::l_paren) && Depth-- == 0)
      break;
  }
  if (Open == 0 || Open > Close || Stmt[Open - 1].isNot(tok::kw_if))
    return "";
  const int Greater = comparesWith(PP, Stmt.slice(Open + 1, Close - Open - 1), Stmt[I], E);
  return Greater > 0 ? "max" : Greater < 0 ? "min" : "";
}

/// `x = E > x ? E : x;` (and `x < E`, the min forms, parentheses around the
/// parts) at the start of \p S: "max" or "min", else empty.
std::string ternaryExtremum(Preprocessor &PP, ArrayRef<Token> S) {
  const size_t Semi = statementEnd(S, 0);
  if (Semi > S.size() || Semi < 8 || S[Semi - 1].isNot(tok::semi))
    return "";
  ArrayRef<Token> Value = withoutParens(S.slice(2, Semi - 3));
  SmallVector<ArrayRef<Token>, 2> Choice = splitTopLevel(Value, tok::question);
  if (Choice.size() != 2)
    return "";
  SmallVector<ArrayRef<Token>, 2> Arms = splitTopLevel(Choice[1], tok::colon);
  if (Arms.size() != 2)
    return "";
  ArrayRef<Token> A = withoutParens(Arms[0]), B = withoutParens(Arms[1]);
  auto IsX = [&](ArrayRef<Token> T) {
    return T.size() == 1 && T[0].is(tok::identifier) &&
           T[0].getIdentifierInfo() == S[0].getIdentifierInfo();
  };
  // The arm that is not x is E; the condition says when E wins.
  const bool EFirst = IsX(B) && !IsX(A);
  if (!EFirst && !(IsX(A) && !IsX(B)))
    return "";
  const int Greater = comparesWith(PP, Choice[0], S[0], EFirst ? A : B);
  if (!Greater)
    return "";
  return (Greater > 0) == EFirst ? "max" : "min";
}

/// How many times \p Stmt names each identifier.
DenseMap<const IdentifierInfo *, unsigned> identifierUses(ArrayRef<Token> Stmt) {
  DenseMap<const IdentifierInfo *, unsigned> Uses;
  for (const Token &T : Stmt)
    if (T.is(tok::identifier))
      ++Uses[T.getIdentifierInfo()];
  return Uses;
}

/// The reduction operator of the statement that starts at \p I of \p Stmt
/// when it updates its first name `x` as one (`x += e;`, `x -= e;`,
/// `x *= e;`, `|=`, `&=`, `^=`, `x = x + e;`, `x = x - e;`, `x = x * e;`,
/// `x++;`, `--x;`, `x = fmax(x, e);`..., `if (e > x) x = e;`,
/// `x = e > x ? e : x;` and their min forms), else empty; \p Named: how
/// many times such a statement (with its condition) names x.
std::string reductionUpdate(Preprocessor &PP, ArrayRef<Token> Stmt, size_t I, unsigned &Named) {
  const Token &X = Stmt[I];
  auto StatementStart = [&](size_t K) {
    return Stmt[K].isOneOf(tok::semi, tok::l_brace, tok::r_brace, tok::r_paren);
  };
  if (X.isNot(tok::identifier))
    return "";
  Named = 1;
  // `++x;`, `--x;` (a count)
  if (I >= 2 && Stmt[I - 1].isOneOf(tok::plusplus, tok::minusminus) && StatementStart(I - 2) &&
      Stmt[I + 1].is(tok::semi))
    return "+";
  if (!StatementStart(I - 1) || I + 2 >= Stmt.size())
    return "";
  const Token &Op = Stmt[I + 1];
  if (Op.isOneOf(tok::plusplus, tok::minusminus) && Stmt[I + 2].is(tok::semi))
    return "+";
  if (Op.isOneOf(tok::plusequal, tok::minusequal))
    return "+";
  if (Op.is(tok::starequal))
    return "*";
  if (Op.isOneOf(tok::pipeequal, tok::ampequal, tok::caretequal))
    return PP.getSpelling(Op).substr(0, 1);
  Named = 2;
  if (I + 4 >= Stmt.size())
    return "";
  if (Op.is(tok::equal) && Stmt[I + 2].is(tok::identifier) &&
      Stmt[I + 2].getIdentifierInfo() == X.getIdentifierInfo() &&
      Stmt[I + 3].isOneOf(tok::plus, tok::minus, tok::star) &&
      bindsToOperator(Stmt.drop_front(I + 4), Stmt[I + 3].getKind()))
    return Stmt[I + 3].is(tok::star) ? "*" : "+";
  if (Op.isNot(tok::equal))
    return "";
  if (std::string Extremum = extremumUpdate(PP, Stmt.drop_front(I)); !Extremum.empty())
    return Extremum;
  if (std::string Extremum = conditionalExtremum(PP, Stmt, I); !Extremum.empty())
    return Extremum; // x in the condition and assigned
  Named = 3;
  return ternaryExtremum(PP, Stmt.drop_front(I));
}

/// Whether reduction operator \p Op applies to floating-point values too
/// (`+`, `*`, `max`, `min`; the bitwise ones need integers).
bool appliesToFloatingPoint(StringRef Op) {
  return Op == "+" || Op == "*" || Op == "max" || Op == "min";
}

/// Whether \p Enclosing declares \p X with an arithmetic type of the
/// language's words that can carry the reduction \p Op, or with a type name
/// that isScalarOrDependent takes for a scalar (a template's `T s = 0;`).
bool declaredArithmetic(const AccContext &Ctx, ArrayRef<Token> Enclosing, const Token &X,
                        StringRef Op) {
  for (size_t J = 1; J + 1 < Enclosing.size(); ++J) {
    if (Enclosing[J].isNot(tok::identifier) ||
        Enclosing[J].getIdentifierInfo() != X.getIdentifierInfo() ||
        !Enclosing[J + 1].isOneOf(tok::equal, tok::semi))
      continue;
    const Token &Type = Enclosing[J - 1];
    if (Type.is(tok::identifier) && Ctx.namesScalarType(Type))
      return true; // (the program's own operator decides what applies)
    if (Type.isOneOf(tok::kw_double, tok::kw_float, tok::kw_int, tok::kw_long,
                     tok::kw_unsigned, tok::kw_short))
      return appliesToFloatingPoint(Op) || !Type.isOneOf(tok::kw_double, tok::kw_float);
  }
  return false;
}

/// Whether \p X can carry the reduction \p Op: a local, non-const
/// scalar (or a reference to one) of arithmetic type (integer for the bitwise
/// operators), or of a dependent type isScalarOrDependent takes for one
/// (the instantiation checks that \p Op applies). A variable of the
/// enclosing iteration is not parsed yet: one that \p Enclosing declares
/// will do.
bool reducible(AccContext &Ctx, const Token &X, StringRef Op, ArrayRef<Token> Enclosing) {
  const VarDecl *VD = Ctx.lookupVariable(X);
  if (!VD)
    return declaredArithmetic(Ctx, Enclosing, X, Op);
  // (A reference to a scalar: the scalar it names, `float &s`.)
  const QualType T = referredType(VD->getType());
  return !VD->hasGlobalStorage() && !T.isConstQualified() && isScalarOrDependent(T) &&
         (appliesToFloatingPoint(Op) || T->isIntegerType() || T->isDependentType());
}

/// `reduction(Op: X)`, at X.
Clause reductionClause(const Token &X, StringRef Op) {
  Clause C;
  C.Kind = ClauseKind::Reduction;
  C.Loc = X.getLocation();
  C.ReductionOp = Op.str();
  VarRef V;
  V.Name = X;
  C.Vars.push_back(std::move(V));
  return C;
}

} // namespace

/// The statement next in the token stream, lexed (and back in the stream
/// when \p Back); false after an error was reported.
Directive &addImplicitLoop(std::vector<std::unique_ptr<Directive>> &Store, SourceLocation Loc,
                           ConstructKind In) {
  Store.push_back(std::make_unique<Directive>());
  Directive &Loop = *Store.back();
  Loop.Kind = ConstructKind::Loop;
  Loop.Loc = Loc;
  Loop.Implicit = true;
  Loop.ImplicitIn = In;
  return Loop;
}

void putBack(Preprocessor &PP, ArrayRef<Token> Toks) {
  auto Copy = std::make_unique<Token[]>(Toks.size());
  std::copy(Toks.begin(), Toks.end(), Copy.get());
  PP.EnterTokenStream(std::move(Copy), Toks.size(), /*DisableMacroExpansion=*/true,
                      /*IsReinject=*/true);
}

bool lexStatement(Preprocessor &PP, const AccContext &Ctx, TokenList &Stmt, bool Back) {
  StatementLexer Read(PP, Ctx.directiveLexers(), Stmt, /*Compute=*/false);
  const bool Ok = Read.statement(/*InBreakable=*/true);
  if (Back || !Ok)
    putBack(PP, Stmt);
  return Ok;
}


bool nextLoopIsCanonical(Preprocessor &PP, const AccContext &Ctx, SourceLocation Loc) {
  // Only `for ( header )`: the body may hold directives, which lexing
  // would handle here.
  TokenList Head;
  unsigned Depth = 0;
  do {
    Token T;
    lexInFile(PP, Ctx.directiveLexers(), T);
    Head.push_back(T);
    if (T.is(tok::l_paren))
      ++Depth;
    else if (T.is(tok::r_paren) && Depth)
      --Depth;
  } while (Head.back().isNot(tok::eof) && (Head.size() < 2 || Depth) &&
           !(Head.size() == 2 && Head.back().isNot(tok::l_paren)));
  putBack(PP, Head);
  CanonicalLoop L;
  return Head.front().isNot(tok::kw_for) || Head.size() < 4 || Head.back().isNot(tok::r_paren) ||
         quietHeader(PP, Loc, ArrayRef<Token>(Head).slice(2, Head.size() - 3), L);
}

/// A device statement of host control, next in the token stream, as the
/// loop of one iteration `for (...) { statement }` that \p Statement (a
/// `loop seq`) launches as a region of one work-item.
bool wrapDeviceStatement(Preprocessor &PP, const AccContext &Ctx, Directive &Statement) {
  TokenList Stmt;
  if (!lexStatement(PP, Ctx, Stmt, /*Back=*/false))
    return false;
  Clause Seq;
  Seq.Kind = ClauseKind::Seq;
  Seq.Loc = Statement.Loc;
  Statement.Clauses.push_back(std::move(Seq));
  TokenBuilder(PP, Statement.Loc)
      .code("for (int __ferry_statement = 0; __ferry_statement < 1; ++__ferry_statement) {")
      .tokens(Stmt)
      .code("}")
      .inject();
  return true;
}

/// The reductions of a plain loop, next in the token stream, that a
/// `reduction` clause would name (NVHPC finds them too): a scalar
/// declared before the construct, updated by one statement of the loop
/// (`s += e;`, `s -= e;`, `s *= e;`, `s = s + e;`, `s = s - e;`,
/// `s = s * e;`, `|=`, `&=`, `^=`, a count `s++;`, and max/min as
/// `s = fmax(s, e);`, `if (e > s) s = e;` or `s = e > s ? e : s;`) and
/// named nowhere else in it.
void addImplicitReductions(Preprocessor &PP, AccContext &Ctx, Directive &Loop,
                           ArrayRef<Token> Enclosing) {
  TokenList Stmt;
  if (!lexStatement(PP, Ctx, Stmt, /*Back=*/true))
    return;
  DenseMap<const IdentifierInfo *, unsigned> Uses = identifierUses(Stmt);
  // (To the last name: `if (c) ++n;` ends the loop with `n ;`.)
  for (size_t I = 1; I + 1 < Stmt.size(); ++I) {
    const Token &X = Stmt[I];
    unsigned Named = 0;
    const std::string Reduction = reductionUpdate(PP, Stmt, I, Named);
    if (Reduction.empty() || Uses[X.getIdentifierInfo()] != Named ||
        !reducible(Ctx, X, Reduction, Enclosing))
      continue;
    Loop.Clauses.push_back(reductionClause(X, Reduction));
  }
}

void addIndependentNestReductions(Preprocessor &PP, AccContext &Ctx, Directive &Loop,
                                  SourceLocation PragmaLoc) {
  // (A `kernels loop` the program does not call independent too: the
  // reductions of a plain loop of `kernels`, before the dependence test,
  // where their updates no longer count; `error = fmaxf(error, ...)` of a
  // Jacobi sweep ran in order on one work-item.)
  if (!Loop.find(ClauseKind::Independent) &&
      (Loop.Kind != ConstructKind::KernelsLoop || Loop.find(ClauseKind::Seq)))
    return;
  // In a loop that reduces a scalar, a nested `loop independent` reduces it
  // too (the iteration's partial), where no clause names it.
  SmallVector<std::pair<IdentifierInfo *, std::string>, 4> Outer;
  if (Loop.Kind != ConstructKind::KernelsLoop) {
    // (In `kernels`, or in a `kernels loop`, which counts as a loop.)
    OpenConstruct *Compute = Ctx.enclosingComputeConstruct();
    SmallVector<OpenConstruct *, 4> Loops = Ctx.enclosingLoops();
    const bool InKernels = Compute ? Compute->D->Kind == ConstructKind::Kernels
                                   : !Loops.empty() &&
                                         Loops.front()->D->Kind == ConstructKind::KernelsLoop;
    if (Loop.Kind != ConstructKind::Loop || !InKernels)
      return;
    for (const OpenConstruct *L : Loops)
      for (const Clause &C : L->D->Clauses)
        if (C.Kind == ClauseKind::Reduction)
          for (const VarRef &V : C.Vars)
            Outer.push_back({V.Name.getIdentifierInfo(), C.ReductionOp});
    if (!Loops.empty() && Outer.empty())
      return;
  }
  SmallVector<Token, 256> Stmt;
  if (!SourceScanner::readStatement(PP, PragmaLoc, Stmt))
    return;
  // (Any clause naming it, the construct's or the loop's, decides.)
  SmallPtrSet<const IdentifierInfo *, 8> Named;
  auto AddNames = [&](const Directive &D) {
    for (const Clause &C : D.Clauses)
      for (const VarRef &V : C.Vars)
        Named.insert(V.Name.getIdentifierInfo());
  };
  AddNames(Loop);
  if (Outer.empty()) {
    if (OpenConstruct *Compute = Ctx.enclosingComputeConstruct())
      AddNames(*Compute->D);
    for (const Clause *C : Ctx.enclosingDataClauses())
      for (const VarRef &V : C->Vars)
        Named.insert(V.Name.getIdentifierInfo());
  }
  DenseMap<const IdentifierInfo *, unsigned> Uses = identifierUses(Stmt);
  for (size_t I = 1; I + 1 < Stmt.size(); ++I) {
    const Token &X = Stmt[I];
    unsigned Count = 0;
    const std::string Reduction = reductionUpdate(PP, Stmt, I, Count);
    const bool Reduced = llvm::is_contained(Outer, std::make_pair(X.getIdentifierInfo(), Reduction));
    if (Reduction.empty() || Uses[X.getIdentifierInfo()] != Count ||
        !Named.insert(X.getIdentifierInfo()).second || (!Outer.empty() && !Reduced) ||
        !Ctx.lookupVariable(X) || !reducible(Ctx, X, Reduction, {}))
      continue;
    Loop.Clauses.push_back(reductionClause(X, Reduction));
  }
}

namespace {

/// A plain loop `for ( header ) [{] X[..][..] op= e ; [}]` as lexed, in parts.
struct ElementUpdate {
  ArrayRef<Token> Loop;    ///< `for ( header )`
  ArrayRef<Token> Header;  ///< between its parentheses
  ArrayRef<Token> Element; ///< `X[..][..]`
  Token Op;                ///< `+=`, `-=` or `*=`
  ArrayRef<Token> E;       ///< `e`, without its `;`
};

/// \p Stmt's parts where it has the shape of an ElementUpdate.
std::optional<ElementUpdate> elementUpdate(ArrayRef<Token> Stmt) {
  const size_t HeaderEnd = Stmt.size() > 2 ? groupEnd(Stmt, 1) : 0;
  if (!HeaderEnd || Stmt[0].isNot(tok::kw_for))
    return std::nullopt;
  ArrayRef<Token> Body = Stmt.drop_front(HeaderEnd);
  if (Body.size() > 2 && Body.front().is(tok::l_brace) && groupEnd(Body, 0) == Body.size())
    Body = Body.drop_front().drop_back();
  if (Body.size() < 6 || Body[0].isNot(tok::identifier) || Body[1].isNot(tok::l_square) ||
      Body.back().isNot(tok::semi))
    return std::nullopt;
  size_t I = 1;
  while (I < Body.size() && Body[I].is(tok::l_square))
    if (!(I = groupEnd(Body, I)))
      return std::nullopt;
  if (I >= Body.size() || !Body[I].isOneOf(tok::plusequal, tok::minusequal, tok::starequal))
    return std::nullopt;
  return ElementUpdate{Stmt.take_front(HeaderEnd), Stmt.slice(2, HeaderEnd - 3),
                       Body.take_front(I), Body[I], Body.slice(I + 1, Body.size() - I - 2)};
}

/// Whether \p U only accumulates into its element: `e` assigns nothing, the
/// subscripts do not change in the loop, and the array, which a data clause
/// maps, is named nowhere else in it.
bool accumulatesOnly(AccContext &Ctx, const ElementUpdate &U) {
  const IdentifierInfo *Array = U.Element[0].getIdentifierInfo();
  const Token *Var = headerVariable(U.Header);
  const bool Assigns = llvm::any_of(U.E, [](const Token &T) {
    return T.isOneOf(tok::equal, tok::plusequal, tok::minusequal, tok::starequal,
                     tok::slashequal, tok::plusplus, tok::minusminus, tok::l_brace);
  });
  ArrayRef<Token> Subscripts = U.Element.drop_front();
  return Var && !Assigns && !U.E.empty() && !names(Subscripts, Var->getIdentifierInfo()) &&
         !names(Subscripts, Array) && !names(U.E, Array) && !names(U.Header, Array) &&
         mappedByClause(Ctx, Array);
}

/// The type of \p U's element, from its array's; null where that is no
/// arithmetic type (or the array is not known).
QualType elementType(const AccContext &Ctx, const ElementUpdate &U) {
  const VarDecl *VD = Ctx.lookupVariable(U.Element[0]);
  if (!VD)
    return QualType();
  QualType T = VD->getType().getNonReferenceType();
  for (size_t G = 1; G < U.Element.size() && !T.isNull(); G = groupEnd(U.Element, G))
    T = subscriptedType(T);
  if (T.isNull() || !T->isArithmeticType() || T->isAnyComplexType())
    return QualType();
  return T;
}

} // namespace

bool rewriteElementReduction(Preprocessor &PP, AccContext &Ctx, Directive &Loop,
                             function_ref<void()> Rewrite) {
  TokenList Stmt;
  if (!lexStatement(PP, Ctx, Stmt, /*Back=*/false))
    return false;
  std::optional<ElementUpdate> U = elementUpdate(Stmt);
  const QualType T = U && accumulatesOnly(Ctx, *U) ? elementType(Ctx, *U) : QualType();
  if (T.isNull()) {
    TokenBuilder(PP, Loop.Loc).tokens(Stmt).inject();
    return false;
  }
  // (Not `__ferry_`: the dependence test reads that as Ferry's own code.)
  const std::string Sum = "__acc_sum" + std::to_string(Ctx.nextSumId());
  const bool Product = U->Op.is(tok::starequal);
  const Token &Array = U->Element[0];
  Clause C;
  C.Kind = ClauseKind::Reduction;
  C.Loc = Array.getLocation();
  C.ReductionOp = Product ? "*" : "+";
  VarRef V;
  V.Name = TokenBuilder(PP, Array.getLocation()).code(Sum).get()[0];
  C.Vars.push_back(std::move(V));
  Loop.Clauses.push_back(std::move(C));
  // The loop (handed to Rewrite), then the update of the element and the
  // block's end; the block's start and the sum go in front of what Rewrite
  // made of the loop.
  TokenBuilder(PP, Array.getLocation())
      .tokens(U->Loop)
      .code(Sum + (Product ? " *= " : " += "))
      .tokens(U->E)
      .code(";")
      .tokens(U->Element)
      .tokens(U->Op)
      .code(Sum + "; }")
      .inject();
  Rewrite();
  TokenBuilder(PP, Array.getLocation())
      .code("{ " + T.getCanonicalType().getUnqualifiedType().getAsString() + " " + Sum +
            (Product ? " = 1;" : " = 0;"))
      .inject();
  return true;
}

} // namespace plugin
} // namespace ferry
