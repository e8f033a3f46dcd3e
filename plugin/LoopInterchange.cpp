//===- LoopInterchange.cpp - A loop construct out of its control loop ----===//
///
/// \file
/// See LoopInterchange.h.
///
//===----------------------------------------------------------------------===//
#include "LoopInterchange.h"

#include "ConstructPieces.h"
#include "Diagnostics.h"
#include "LoopDependence.h"
#include "SourceScanner.h"
#include "StatementLexer.h"
#include "TokenBuilder.h"

#include "clang/AST/Decl.h"

using namespace clang;

namespace ferry {
namespace plugin {
namespace {

/// Clauses that leave a loop's iterations what they are: the loop can
/// move out of the `for` around it.
bool movable(const Directive &D) {
  for (const Clause &C : D.Clauses)
    if (C.Kind != ClauseKind::Independent && C.Kind != ClauseKind::Gang &&
        C.Kind != ClauseKind::Worker && C.Kind != ClauseKind::Vector)
      return false;
  return true;
}

/// Where `for ( header )` starts at the end of \p Lexed (followed by `{`
/// when \p Braced), or npos.
size_t forHeaderAtEnd(ArrayRef<Token> Lexed, bool Braced) {
  if (Braced)
    Lexed = Lexed.drop_back();
  if (Lexed.size() < 4 || !Lexed.back().is(tok::r_paren))
    return StringRef::npos;
  unsigned Depth = 0;
  for (size_t I = Lexed.size(); I-- > 0;) {
    if (Lexed[I].is(tok::r_paren))
      ++Depth;
    else if (Lexed[I].is(tok::l_paren) && --Depth == 0)
      return I > 0 && Lexed[I - 1].is(tok::kw_for) ? I - 1 : StringRef::npos;
  }
  return StringRef::npos;
}

/// The loop construct's statement after the interchange: `for (inner
/// header) { for ([OuterType] outer header) body }`; \p Conditional: the
/// body runs only for the host's iteration `__ferry_xrow` where the
/// sections overlap (`__ferry_xovl`, conditionalControl).
TokenList swappedLoop(Preprocessor &PP, SourceLocation Loc, ArrayRef<Token> InnerFor,
                      const std::string &OuterType, ArrayRef<Token> OuterHeader,
                      ArrayRef<Token> InnerBody, const Token &OuterVar, bool Conditional) {
  TokenBuilder Swapped(PP, Loc);
  Swapped.tokens(InnerFor).code("{ for (");
  if (!OuterType.empty())
    Swapped.code(OuterType + " ");
  Swapped.tokens(OuterHeader).code(")");
  if (Conditional)
    Swapped.code("if (!__ferry_xovl || ").tokens(OuterVar).code(" == __ferry_xrow) {");
  Swapped.tokens(InnerBody).code(Conditional ? "} }" : "}");
  return TokenList(Swapped.get().begin(), Swapped.get().end());
}

/// What replaces the control loop's `for ( header )` when the proof took
/// arrays for distinct memory, \p Overlap (`|| ranges_overlap(...)`...):
///   for (int ovl = <overlap>, first = 1, once = 1; once; once = 0)
///     for (header) if ((ovl || first) && ((first = 0), 1))
///       for (typeof(v) row = v, one = 1; one; one = 0) <the region>
/// Without braces: the construct's statement lexer counts the braces it
/// reads, and these tokens go straight into its list.
TokenList conditionalControl(Preprocessor &PP, SourceLocation Loc, ArrayRef<Token> Header,
                             ArrayRef<Token> Overlap, const Token &OuterVar) {
  TokenBuilder B(PP, Loc);
  B.code("for (int __ferry_xovl = 0")
      .tokens(Overlap)
      .code(", __ferry_xfirst = 1, __ferry_xonce = 1; __ferry_xonce; __ferry_xonce = 0)");
  B.tokens(Header)
      .code("if ((__ferry_xovl || __ferry_xfirst) && ((__ferry_xfirst = 0), 1)) for "
            "(__typeof__(")
      .tokens(OuterVar)
      .code(") __ferry_xrow = ")
      .tokens(OuterVar)
      .code(", __ferry_xone = 1; __ferry_xone; __ferry_xone = 0)");
  return TokenList(B.get().begin(), B.get().end());
}

/// The missed remark of a loop over \p Var not interchanged with the `for`
/// over \p Outer, and \p Why.
void reportNotInterchanged(Preprocessor &PP, const Directive &D, const std::string &Var,
                           const std::string &Outer, const std::string &Why) {
  report(PP, D.Loc, Diag::RegionRemark)
      << "'loop' over '" + Var + "' launched in every iteration of the sequential loop over '" +
             Outer + "' around it (not interchanged: with that loop inside, " + Why + ")";
}

/// The remark of an interchange of the loop over \p Var with the `for`
/// over \p Outer; \p Names: the arrays the proof took for distinct memory.
void reportInterchanged(Preprocessor &PP, const Directive &D, const std::string &Var,
                        const std::string &Outer, const std::string &Names) {
  report(PP, D.Loc, Diag::RegionRemark)
      << "'loop' over '" + Var + "' interchanged with the sequential loop over '" + Outer +
             "' around it: one launch, each iteration running that loop in order (its "
             "iterations proven independent with it inside" +
             (Names.empty() ? std::string(")")
                            : "; the proof takes " + Names +
                                  " for distinct memory: where their sections overlap, one "
                                  "launch per iteration of that loop, as written)");
}

} // namespace

bool interchangeWithControlLoop(Preprocessor &PP, AccContext &Ctx, const Directive &D,
                                SourceLocation PragmaLoc) {
  OpenConstruct *Compute = Ctx.enclosingComputeConstruct();
  if (!Compute || !Compute->HostControl || !Compute->Lexed || !movable(D))
    return false;
  TokenList &Lexed = *Compute->Lexed;
  // `for (...) loop` or `for (...) { loop }`.
  const bool Braced = !Lexed.empty() && Lexed.back().is(tok::l_brace);
  const size_t For = forHeaderAtEnd(Lexed, Braced);
  if (For == StringRef::npos)
    return false;
  // The statement after the directive: a plain `for`, read in the source
  // text first (lexing a directive inside it, or after it when the loop must
  // be all of a block, would handle that directive).
  bool Readable, ThenBrace = false;
  SourceScanner Scan(PP, PragmaLoc, Readable);
  if (!Readable || !Scan.plainLoopAfter(PP, ThenBrace) || (Braced && !ThenBrace))
    return false;
  const size_t HeaderEnd = Lexed.size() - (Braced ? 1 : 0); // past its `)`
  const ArrayRef<Token> OuterHeader = ArrayRef<Token>(Lexed).slice(For + 2, HeaderEnd - For - 3);
  CanonicalLoop Outer;
  if (!quietHeader(PP, PragmaLoc, OuterHeader, Outer))
    return false;
  // The outer loop's variable, declared outside it: each iteration over the
  // inner loop gets one of its own, of its type.
  std::string OuterType;
  if (Outer.VarType.empty()) {
    const VarDecl *VD = Ctx.lookupVariable(Outer.Var);
    if (!VD || !VD->getType()->isIntegerType())
      return false;
    OuterType = VD->getType().getUnqualifiedType().getAsString();
  }
  TokenList Inner;
  StatementLexer Read(PP, Ctx.directiveLexers(), Inner, /*Compute=*/false);
  const bool Lexed2 = Read.statement(/*InBreakable=*/true);
  Token After; // the block's `}`
  if (Braced)
    lexInFile(PP, Ctx.directiveLexers(), After);
  auto GiveBack = [&] {
    TokenBuilder Back(PP, PragmaLoc);
    Back.tokens(Inner);
    if (Braced)
      Back.tokens(After);
    Back.inject();
    return false;
  };
  if (!Lexed2 || Inner.size() < 4 || !Inner[0].is(tok::kw_for) || !Inner[1].is(tok::l_paren) ||
      (Braced && !After.is(tok::r_brace)))
    return GiveBack();
  const size_t InnerClose = groupEnd(Inner, 1);
  const ArrayRef<Token> InnerHeader = ArrayRef<Token>(Inner).slice(2, InnerClose - 3);
  const ArrayRef<Token> InnerBody = ArrayRef<Token>(Inner).drop_front(InnerClose);
  // Rectangular both ways: the inner bounds do not name the outer variable
  // (and the outer ones cannot name the inner loop's).
  CanonicalLoop InnerLoop;
  if (!quietHeader(PP, PragmaLoc, InnerHeader, InnerLoop) || outerVariableIn(InnerLoop, Outer))
    return GiveBack();
  // The proof may take two arrays for distinct memory; where the program
  // does not promise it, the host compares their sections first and, where
  // they overlap, runs the interchanged region once per iteration of the
  // `for`, each launch doing that iteration alone: the program's order.
  auto SwappedLoop = [&](bool Conditional) {
    return swappedLoop(PP, PragmaLoc, ArrayRef<Token>(Inner).take_front(InnerClose),
                       OuterType, OuterHeader, InnerBody, Outer.Var, Conditional);
  };
  std::string Var;
  OverlapPairs Assumed;
  const std::string Why = controlLoopDependence(PP, Ctx, D, SwappedLoop(false), Var, &Assumed);
  if (!Why.empty()) {
    if (Ctx.missedRemarks())
      reportNotInterchanged(PP, D, Var, PP.getSpelling(Outer.Var), Why);
    return GiveBack();
  }
  TokenBuilder Test(PP, PragmaLoc);
  const std::string Names = emitOverlapTest(PP, Ctx, D, PragmaLoc, Assumed, Test);
  if (Ctx.remarks())
    reportInterchanged(PP, D, Var, PP.getSpelling(Outer.Var), Names);
  TokenList Header(Lexed.begin() + For, Lexed.begin() + HeaderEnd);
  TokenBuilder Before(PP, PragmaLoc);
  TokenList Swapped = SwappedLoop(!Names.empty());
  // Else `for ( header )` becomes a condition that is always true and that,
  // for a variable declared outside the loop, runs the header once more
  // with an empty body first: the host's copy gets the value the loop leaves.
  if (!Names.empty())
    Before.tokens(conditionalControl(PP, PragmaLoc, Header, Test.get(), Outer.Var));
  else if (OuterType.empty())
    Before.code("if (([&] {").tokens(Header).code("; }(), true))");
  else
    Before.code("if (true)");
  if (Braced)
    Before.tokens(Lexed.back());
  Lexed.resize(For);
  Lexed.append(Before.get().begin(), Before.get().end());
  TokenBuilder Out(PP, PragmaLoc);
  Out.tokens(Swapped);
  if (Braced)
    Out.tokens(After);
  Out.inject();
  return true;
}

} // namespace plugin
} // namespace ferry
