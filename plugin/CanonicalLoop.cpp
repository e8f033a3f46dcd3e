//===- CanonicalLoop.cpp - The loops OpenACC loop constructs take ---------===//
///
/// \file
/// See CanonicalLoop.h.
///
//===----------------------------------------------------------------------===//
#include "CanonicalLoop.h"

#include "ConstructPieces.h"
#include "Diagnostics.h"
#include "TokenBuilder.h"

using namespace clang;

namespace ferry {
namespace plugin {

bool sameVar(const Token &T, const Token &Var) {
  return T.is(tok::identifier) &&
         T.getIdentifierInfo() == Var.getIdentifierInfo();
}

const Token *outerVariableIn(const CanonicalLoop &Inner, ArrayRef<CanonicalLoop> Outer,
                             const CanonicalLoop **Which) {
  for (const CanonicalLoop &O : Outer)
    for (ArrayRef<Token> Part : {ArrayRef<Token>(Inner.Lower), ArrayRef<Token>(Inner.Bound),
                                 ArrayRef<Token>(Inner.Step)})
      for (const Token &T : Part)
        if (sameVar(T, O.Var)) {
          if (Which)
            *Which = &O;
          return &T;
        }
  return nullptr;
}

const Token *headerVariable(ArrayRef<Token> Header) {
  for (size_t H = 1; H < Header.size(); ++H)
    if (Header[H].is(tok::equal) && Header[H - 1].is(tok::identifier))
      return &Header[H - 1];
  return nullptr;
}

size_t groupEnd(ArrayRef<Token> B, size_t I) {
  unsigned Depth = 0;
  for (size_t J = I; J < B.size(); ++J) {
    if (B[J].isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++Depth;
    else if (B[J].isOneOf(tok::r_paren, tok::r_square, tok::r_brace) && --Depth == 0)
      return J + 1;
  }
  return B.size();
}

ArrayRef<Token> withoutParens(ArrayRef<Token> E) {
  while (E.size() >= 2 && E.front().is(tok::l_paren) && E.back().is(tok::r_paren)) {
    unsigned Depth = 0;
    size_t Close = 0;
    for (size_t I = 0; I < E.size(); ++I) {
      if (E[I].isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
        ++Depth;
      else if (E[I].isOneOf(tok::r_paren, tok::r_square, tok::r_brace) && --Depth == 0) {
        Close = I;
        break;
      }
    }
    if (Close + 1 != E.size())
      break; // `(a) + (b)`: the first parenthesis closes early
    E = E.slice(1, E.size() - 2);
  }
  return E;
}

bool sameSpelling(Preprocessor &PP, ArrayRef<Token> A, ArrayRef<Token> B) {
  if (A.size() != B.size() || A.empty())
    return false;
  for (size_t I = 0; I < A.size(); ++I)
    if (PP.getSpelling(A[I]) != PP.getSpelling(B[I]))
      return false;
  return true;
}

size_t statementEnd(ArrayRef<Token> B, size_t I) {
  if (I >= B.size())
    return B.size();
  if (B[I].is(tok::l_brace))
    return groupEnd(B, I);
  if (B[I].isOneOf(tok::kw_for, tok::kw_while, tok::kw_switch, tok::kw_if) && I + 1 < B.size() &&
      B[I + 1].is(tok::l_paren)) {
    size_t End = statementEnd(B, groupEnd(B, I + 1));
    if (B[I].is(tok::kw_if) && End < B.size() && B[End].is(tok::kw_else))
      End = statementEnd(B, End + 1);
    return End;
  }
  if (B[I].is(tok::kw_do)) {
    size_t End = statementEnd(B, I + 1); // the body; then `while (c);`
    return End < B.size() ? statementEnd(B, End) : End;
  }
  for (size_t J = I; J < B.size(); ++J) {
    if (B[J].is(tok::semi))
      return J + 1;
    if (B[J].isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      J = groupEnd(B, J) - 1;
  }
  return B.size();
}

namespace {

/// collapse(force: n): \p Body's statements around its one nested `for`
/// loop. False when it has no nested loop or more than one.
bool splitAroundLoop(ArrayRef<Token> Body, ArrayRef<Token> &Before, ArrayRef<Token> &Loop,
                     ArrayRef<Token> &After) {
  bool Found = false;
  for (size_t I = 0; I < Body.size();) {
    const size_t End = statementEnd(Body, I);
    if (Body[I].is(tok::kw_for)) {
      if (Found)
        return false;
      Found = true;
      Before = Body.take_front(I);
      Loop = Body.slice(I, End - I);
      After = Body.drop_front(End);
    }
    I = std::max(End, I + 1);
  }
  return Found;
}

} // namespace

unsigned tightlyNestedLoops(ArrayRef<Token> Loop, unsigned Most) {
  unsigned Count = 0;
  while (Count < Most) {
    while (Loop.size() >= 2 && Loop.front().is(tok::l_brace) && groupEnd(Loop, 0) == Loop.size())
      Loop = Loop.drop_front().drop_back();
    if (Loop.size() < 3 || !Loop[0].is(tok::kw_for) || !Loop[1].is(tok::l_paren) ||
        statementEnd(Loop, 0) != Loop.size())
      break;
    ++Count;
    Loop = Loop.drop_front(groupEnd(Loop, 1));
  }
  return Count;
}

/// The loops collapse(n) joins: each loop's body must be exactly the next
/// `for` (braces allowed), and inner bounds may not use outer variables.
/// With \p Force, the statements around the next `for` move into the
/// innermost body.
bool CanonicalLoopParser::nest(unsigned Count, SmallVectorImpl<CanonicalLoop> &Nest,
                               StringRef Clause, bool Force) {
  TokenList Prologue, Epilogue; // force: the statements between the loops
  while (Nest.size() < Count) {
    ArrayRef<Token> Body = Nest.back().Body;
    while (Body.size() >= 2 && Body.front().is(tok::l_brace) &&
           groupEnd(Body, 0) == Body.size())
      Body = Body.drop_front().drop_back();
    ArrayRef<Token> Before, Loop, After;
    if (Force && splitAroundLoop(Body, Before, Loop, After)) {
      Prologue.append(Before.begin(), Before.end());
      Epilogue.insert(Epilogue.begin(), After.begin(), After.end());
      Body = Loop;
    }
    if (Body.empty() || !Body[0].is(tok::kw_for) || Body.size() < 3 ||
        !Body[1].is(tok::l_paren) || statementEnd(Body, 0) != Body.size()) {
      report(PP, Body.empty() ? PragmaLoc : Body[0].getLocation(), Diag::CollapseNotNested)
          << Clause << Count << unsigned(Nest.size());
      return false;
    }
    unsigned Depth = 0;
    size_t Close = 0;
    for (size_t I = 1; I < Body.size() && !Close; ++I) {
      if (Body[I].isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
        ++Depth;
      else if (Body[I].isOneOf(tok::r_paren, tok::r_square, tok::r_brace) && --Depth == 0)
        Close = I;
    }
    CanonicalLoop Inner;
    if (!Close || !header(Body.slice(2, Close - 2), Inner))
      return false;
    Inner.Body.append(Body.begin() + Close + 1, Body.end());
    // Rectangular: no bound or step of this loop names an outer variable.
    const CanonicalLoop *Outer = nullptr;
    if (const Token *T = outerVariableIn(Inner, Nest, &Outer)) {
      report(PP, T->getLocation(), Diag::CollapseNotRectangular)
          << Outer->Var.getIdentifierInfo()->getName();
      return false;
    }
    Nest.push_back(std::move(Inner));
  }
  if (!Prologue.empty() || !Epilogue.empty()) {
    // { before...  { body }  after... }, in the innermost loop.
    TokenList &Body = Nest.back().Body;
    TokenBuilder B(PP, PragmaLoc);
    B.code("{").tokens(Prologue).code("{").tokens(Body).code("}").tokens(Epilogue).code("}");
    Body.assign(B.get().begin(), B.get().end());
  }
  // A `break` of the innermost collapsed loop would leave only the
  // flattened iteration: refuse it rather than change its meaning. One in a
  // loop or `switch` of the body leaves that statement (SNAP's fix-up loop).
  const TokenList &Body = Nest.back().Body;
  for (size_t I = 0; I < Body.size(); ++I) {
    if (Body[I].isOneOf(tok::kw_for, tok::kw_while, tok::kw_do, tok::kw_switch)) {
      I = std::max(I, statementEnd(Body, I) - 1);
      continue;
    }
    if (Body[I].is(tok::kw_break)) {
      report(PP, Body[I].getLocation(), Diag::BreakInCollapse) << Count;
      return false;
    }
  }
  return true;
}

bool CanonicalLoopParser::header(ArrayRef<Token> Header, CanonicalLoop &L) {
  SmallVector<ArrayRef<Token>, 4> Parts = splitTopLevel(Header, tok::semi);
  if (Parts.size() != 3) {
    SourceLocation Loc = Header.empty() ? PragmaLoc : Header[0].getLocation();
    // `for (x : range)` has no ';'.
    report(PP, Loc, Parts.size() == 1 ? Diag::RangeForLoop
                                      : Diag::NonCanonicalInit);
    return false;
  }
  // init: `T var = lower` or `var = lower`
  ArrayRef<Token> Init = Parts[0];
  SmallVector<ArrayRef<Token>, 4> Sides = splitTopLevel(Init, tok::equal);
  if (Sides.size() != 2 || Sides[0].empty() || Sides[1].empty() ||
      !Sides[0].back().is(tok::identifier) ||
      splitTopLevel(Init, tok::comma).size() != 1) {
    report(PP, Init.empty() ? Header[0].getLocation() : Init[0].getLocation(),
           Diag::NonCanonicalInit);
    return false;
  }
  L.Var = Sides[0].back();
  L.VarType.append(Sides[0].begin(), Sides[0].end() - 1);
  // `for (double g = 0; g < 1; g += 0.25)`: no trip count to split (before:
  // "the loop does not terminate" at run time in C, a static assertion in
  // Ferry's header in C++).
  if (any_of(L.VarType, [](const Token &T) {
        return T.isOneOf(tok::kw_float, tok::kw_double, tok::kw__Float16, tok::kw___bf16,
                         tok::kw__Complex);
      })) {
    report(PP, L.Var.getLocation(), Diag::FloatLoopVariable)
        << PP.getSpelling(L.Var) << spellingOf(PP, L.VarType);
    return false;
  }
  L.Lower.append(Sides[1].begin(), Sides[1].end());
  if (!condition(Parts[1], L) || !increment(Parts[2], L))
    return false;
  // The bound and the step are loop-invariant: `i < n && a[i]` is not a
  // canonical condition, `i += i` not a canonical step.
  for (const Token &T : L.Bound)
    if (sameVar(T, L.Var)) {
      report(PP, T.getLocation(), Diag::NonCanonicalCond) << L.Var.getIdentifierInfo()->getName();
      return false;
    }
  for (const Token &T : L.Step)
    if (sameVar(T, L.Var)) {
      report(PP, T.getLocation(), Diag::NonCanonicalStep) << L.Var.getIdentifierInfo()->getName();
      return false;
    }
  return true;
}

bool CanonicalLoopParser::condition(ArrayRef<Token> Cond, CanonicalLoop &L) {
  auto CmpOf = [](const Token &T, bool Flip) -> const char * {
    switch (T.getKind()) {
    case tok::less:
      return Flip ? "gt" : "lt";
    case tok::lessequal:
      return Flip ? "ge" : "le";
    case tok::greater:
      return Flip ? "lt" : "gt";
    case tok::greaterequal:
      return Flip ? "le" : "ge";
    case tok::exclaimequal:
      return "ne";
    default:
      return nullptr;
    }
  };
  if (Cond.size() >= 3 && sameVar(Cond[0], L.Var)) {
    if (const char *C = CmpOf(Cond[1], false)) {
      L.Cmp = C;
      L.Bound.append(Cond.begin() + 2, Cond.end());
      return true;
    }
  }
  if (Cond.size() >= 3 && sameVar(Cond.back(), L.Var)) {
    if (const char *C = CmpOf(Cond[Cond.size() - 2], true)) {
      L.Cmp = C;
      L.Bound.append(Cond.begin(), Cond.end() - 2);
      return true;
    }
  }
  report(PP, Cond.empty() ? L.Var.getLocation() : Cond[0].getLocation(),
         Diag::NonCanonicalCond)
      << L.Var.getIdentifierInfo()->getName();
  return false;
}

bool CanonicalLoopParser::increment(ArrayRef<Token> Inc, CanonicalLoop &L) {
  auto One = [&] {
    TokenBuilder B(PP, PragmaLoc);
    B.code("1");
    L.Step.append(B.get().begin(), B.get().end());
    return true;
  };
  if (Inc.size() == 2) {
    const Token &Op = sameVar(Inc[0], L.Var) ? Inc[1] : Inc[0];
    const Token &V = sameVar(Inc[0], L.Var) ? Inc[0] : Inc[1];
    if (sameVar(V, L.Var) && Op.isOneOf(tok::plusplus, tok::minusminus)) {
      L.NegativeStep = Op.is(tok::minusminus);
      return One();
    }
  }
  if (Inc.size() >= 3 && sameVar(Inc[0], L.Var)) {
    if (Inc[1].isOneOf(tok::plusequal, tok::minusequal)) {
      L.NegativeStep = Inc[1].is(tok::minusequal);
      L.Step.append(Inc.begin() + 2, Inc.end());
      return true;
    }
    // var = var + step, var = var - step, var = step + var
    if (Inc[1].is(tok::equal) && Inc.size() >= 5) {
      if (sameVar(Inc[2], L.Var) && Inc[3].isOneOf(tok::plus, tok::minus)) {
        L.NegativeStep = Inc[3].is(tok::minus);
        L.Step.append(Inc.begin() + 4, Inc.end());
        return true;
      }
      if (sameVar(Inc.back(), L.Var) && Inc[Inc.size() - 2].is(tok::plus)) {
        L.Step.append(Inc.begin() + 2, Inc.end() - 2);
        return true;
      }
    }
  }
  report(PP, Inc.empty() ? L.Var.getLocation() : Inc[0].getLocation(),
         Diag::NonCanonicalStep)
      << L.Var.getIdentifierInfo()->getName();
  return false;
}

} // namespace plugin
} // namespace ferry
