//===- ImplicitSections.cpp - Sections of pointers a region subscripts ----===//
///
/// \file
/// See ImplicitSections.h.
///
//===----------------------------------------------------------------------===//
#include "ImplicitSections.h"

#include "CanonicalLoop.h"
#include "ConstructPieces.h"
#include "DependenceTest.h"
#include "Diagnostics.h"
#include "LoopDependence.h"
#include "TokenBuilder.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <optional>

using namespace clang;
using namespace llvm;

namespace ferry {
namespace plugin {
namespace {

bool isUpdate(const Token &T) {
  return T.isOneOf(tok::equal, tok::plusequal, tok::minusequal, tok::starequal, tok::slashequal,
                   tok::percentequal, tok::ampequal, tok::pipeequal, tok::caretequal,
                   tok::lesslessequal, tok::greatergreaterequal, tok::plusplus,
                   tok::minusminus);
}

/// Whether the token before \p I makes it the operand of a unary `++`,
/// `--` or `&` (its address taken): `x & m[i]` and `a[k] & m[i]` are
/// bitwise ands (`(T *)&m[i]` and `(x) & m[i]` are not told apart: taken
/// for addresses).
bool prefixChange(ArrayRef<Token> Body, size_t I) {
  if (I == 0 || !Body[I - 1].isOneOf(tok::plusplus, tok::minusminus, tok::amp))
    return false;
  return !Body[I - 1].is(tok::amp) || I < 2 ||
         !Body[I - 2].isOneOf(tok::identifier, tok::numeric_constant, tok::r_square);
}

/// Whether Body[I] is the operand of a unary `*` (`= *p`, `(*p)`, `return
/// *p`): not a declarator (`int *p`), a product (`x * p`), an increment or
/// an address (`++*p`, `&*p`).
bool isDereference(ArrayRef<Token> Body, size_t I) {
  if (I == 0 || Body[I - 1].isNot(tok::star))
    return false;
  if (I == 1)
    return true;
  const Token &Before = Body[I - 2];
  if (Before.isOneOf(tok::kw_return, tok::kw_case))
    return true;
  return !Before.isOneOf(tok::identifier, tok::raw_identifier, tok::r_paren, tok::r_square,
                         tok::numeric_constant, tok::plusplus, tok::minusminus, tok::amp,
                         tok::greater) &&
         !Before.isLiteral() && !Before.getIdentifierInfo();
}

/// An expression for the host code, and its text for messages.
struct Expr {
  TokenList Toks;
  std::string Text;
};

/// A `for` statement of the body and the values its variable takes,
/// [Low, High], where they are known.
struct BodyLoop {
  size_t Begin = 0, End = 0; ///< the statement's tokens
  const IdentifierInfo *Var = nullptr;
  CanonicalLoop L;
  bool Known = false;
  bool Leaves = false; ///< `break`, `return` or `goto` in its body
  Expr Low, High;
};

/// One term of an affine subscript: ±Coef * (a loop's variable), or ±Coef.
struct Term {
  const BodyLoop *Loop = nullptr;
  TokenList Coef; ///< empty: 1
  bool Negative = false;
};

/// A pointer the body uses, and the range of its subscripts so far.
struct Candidate {
  Token Name;
  bool Failed = false, Written = false;
  std::optional<Expr> Low, High;
  SmallPtrSet<const BodyLoop *, 4> Loops; ///< the loops its subscripts use
  StringSet<> Subscripts;
};

/// An index variable: `int id = i * W + j;`, declared with an integer type
/// and changed nowhere in its scope: there a subscript `p[id]` is
/// `p[(i * W + j)]`.
struct IndexAlias {
  ArrayRef<Token> Init;
  size_t At = 0, ScopeEnd = 0; ///< where it is declared, where its block ends
};

class SectionFinder {
public:
  SectionFinder(Preprocessor &PP, const AccContext &Ctx, ArrayRef<Token> Body)
      : PP(PP), Ctx(Ctx), Body(Body) {}

  std::vector<InferredSection> run(const SmallPtrSetImpl<const IdentifierInfo *> &Named);

private:
  void findLoops();
  void findChangesAndGuards();
  void findIndexAliases();
  /// \p Subscript (at \p I) with the index variables in scope replaced by
  /// their initializers and without casts to integer types.
  TokenList expandAliases(ArrayRef<Token> Subscript, size_t I) const;
  /// Whether the identifier at \p I is a whole argument of a call (C++)
  /// that may take it by reference: any callee but C math.
  bool byReference(size_t I) const;
  void setRange(BodyLoop &B);
  bool invariant(ArrayRef<Token> E) const;
  const BodyLoop *loopOf(const IdentifierInfo *Var, size_t At) const;
  bool mentionsLoop(ArrayRef<Token> E, size_t At) const;
  bool affine(ArrayRef<Token> E, size_t At, bool Negative, ArrayRef<Token> Scale,
              SmallVectorImpl<Term> &Out) const;
  bool factor(ArrayRef<Token> Piece, size_t At, bool Negative, ArrayRef<Token> Scale,
              SmallVectorImpl<Term> &Out) const;
  void use(Candidate &C, size_t I);
  bool declaredHere(size_t I) const;
  Expr valueAt(const Term &T, const Expr &V) const;
  Expr join(const Expr &A, const Expr &B, bool Min) const;
  InferredSection section(const Candidate &C) const;

  void add(TokenList &L, StringRef Text) const {
    TokenList T = code(Text);
    L.append(T.begin(), T.end());
  }
  TokenList code(StringRef Text) const {
    TokenBuilder B(PP, Body.front().getLocation());
    B.code(Text);
    return TokenList(B.get().begin(), B.get().end());
  }
  Expr sum(const Expr &A, const Expr &B) const;

  Preprocessor &PP;
  const AccContext &Ctx;
  ArrayRef<Token> Body;
  std::vector<BodyLoop> Loops;
  SmallPtrSet<const IdentifierInfo *, 16> Changed, Declared;
  DenseMap<const IdentifierInfo *, SmallVector<size_t, 2>> ChangedAt;
  DenseMap<const IdentifierInfo *, SmallVector<IndexAlias, 1>> Aliases;
  std::vector<std::pair<size_t, size_t>> Guards; ///< conditional code
};

void SectionFinder::findLoops() {
  for (size_t I = 0; I + 1 < Body.size(); ++I) {
    if (!Body[I].is(tok::kw_for) || !Body[I + 1].is(tok::l_paren))
      continue;
    const size_t Close = groupEnd(Body, I + 1);
    if (Close >= Body.size())
      continue;
    BodyLoop B;
    B.Begin = I;
    B.End = statementEnd(Body, Close);
    if (Close < 3 + I || !quietHeader(PP, Body[I].getLocation(),
                                      Body.slice(I + 2, Close - I - 3), B.L))
      B.Var = nullptr;
    else
      B.Var = B.L.Var.getIdentifierInfo();
    for (size_t J = Close; J < B.End; ++J)
      B.Leaves |= Body[J].isOneOf(tok::kw_break, tok::kw_return, tok::kw_goto);
    Loops.push_back(std::move(B));
  }
}

bool SectionFinder::byReference(size_t I) const {
  if (!PP.getLangOpts().CPlusPlus || I == 0 || I + 1 >= Body.size() ||
      !Body[I - 1].isOneOf(tok::l_paren, tok::comma) ||
      !Body[I + 1].isOneOf(tok::r_paren, tok::comma))
    return false;
  // The callee: the token before the `(` that opens the argument list.
  unsigned Depth = 0;
  for (size_t J = I; J-- > 0;) {
    if (Body[J].isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
      ++Depth;
    else if (Body[J].isOneOf(tok::l_square, tok::l_brace) && Depth)
      --Depth;
    else if (Body[J].is(tok::l_paren) && Depth)
      --Depth;
    else if (Body[J].is(tok::l_paren))
      return J > 0 && Body[J - 1].is(tok::identifier) &&
             !isMathCall(PP.getSpelling(Body[J - 1]));
    else if (Body[J].isOneOf(tok::semi, tok::l_brace))
      return false;
  }
  return false;
}

void SectionFinder::findChangesAndGuards() {
  addDeclaredInBody(Body, Declared);
  for (size_t I = 0; I < Body.size(); ++I) {
    const Token &T = Body[I];
    // The variable of a nested loop construct, rewritten into a lambda's
    // parameter (`__ferry_index_t y __attribute__((unused))`): not the
    // variable a lookup may find outside, whatever its name.
    if (T.is(tok::identifier) && I + 1 < Body.size() &&
        (Body[I + 1].is(tok::kw___attribute) ||
         (T.getIdentifierInfo()->getName() == "__ferry_index_t" &&
          Body[I + 1].is(tok::identifier))))
      Declared.insert(Body[I + (Body[I + 1].is(tok::identifier) ? 1 : 0)].getIdentifierInfo());
    // Assigned, updated, its address taken, or (C++) a whole argument of a
    // call that may take it by reference.
    // (`*p = v` writes what p points to, not p.)
    if (T.is(tok::identifier) &&
        ((I + 1 < Body.size() && isUpdate(Body[I + 1]) && !isDereference(Body, I)) ||
         prefixChange(Body, I) ||
         byReference(I))) {
      Changed.insert(T.getIdentifierInfo());
      ChangedAt[T.getIdentifierInfo()].push_back(I);
    }
    // What runs after a condition (not the condition, which runs where the
    // statement does; a `do` body's second run is conditional too).
    if (T.isOneOf(tok::kw_if, tok::kw_while, tok::kw_switch) && I + 1 < Body.size() &&
        Body[I + 1].is(tok::l_paren))
      Guards.emplace_back(groupEnd(Body, I + 1), statementEnd(Body, I));
    else if (T.is(tok::kw_do))
      Guards.emplace_back(I, statementEnd(Body, I));
    if (T.isOneOf(tok::question, tok::ampamp, tok::pipepipe)) {
      // The statement around it (conservatively: between the nearest
      // `;`, `{` or `}` on either side).
      size_t B = I, E = I;
      while (B > 0 && !Body[B - 1].isOneOf(tok::semi, tok::l_brace, tok::r_brace))
        --B;
      while (E < Body.size() && !Body[E].isOneOf(tok::semi, tok::r_brace))
        ++E;
      Guards.emplace_back(B, E);
    }
  }
}

/// Whether \p T names an integer type, alone or with others
/// (`unsigned long`, `const size_t`).
static bool integerTypeWord(const Token &T) {
  if (T.isOneOf(tok::kw_int, tok::kw_long, tok::kw_short, tok::kw_unsigned, tok::kw_signed,
                tok::kw_const, tok::kw_auto))
    return true;
  if (!T.is(tok::identifier))
    return false;
  const StringRef N = T.getIdentifierInfo()->getName();
  return N == "size_t" || N == "ptrdiff_t" || N == "ssize_t" || N == "intptr_t" ||
         N == "uintptr_t" ||
         ((N.starts_with("int") || N.starts_with("uint")) && N.ends_with("_t"));
}

void SectionFinder::findIndexAliases() {
  DenseMap<const IdentifierInfo *, SmallVector<size_t, 2>> DeclaredAt;
  for (size_t I = 1; I + 1 < Body.size(); ++I)
    if (Body[I].is(tok::identifier) && declaredHere(I))
      DeclaredAt[Body[I].getIdentifierInfo()].push_back(I);
  for (const auto &[II, Positions] : DeclaredAt)
    for (size_t I : Positions) {
      if (!Body[I + 1].is(tok::equal))
        continue;
      // A statement of its own whose type words are all integer ones.
      size_t P = I;
      while (P > 0 && integerTypeWord(Body[P - 1]))
        --P;
      if (P == I || (P > 0 && !Body[P - 1].isOneOf(tok::semi, tok::l_brace, tok::r_brace)))
        continue;
      size_t End = I + 2;
      for (unsigned Depth = 0; End < Body.size(); ++End) {
        if (Body[End].isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
          ++Depth;
        else if (Body[End].isOneOf(tok::r_paren, tok::r_square, tok::r_brace) && Depth)
          --Depth;
        else if (!Depth && Body[End].isOneOf(tok::semi, tok::comma, tok::r_paren,
                                             tok::r_square, tok::r_brace))
          break;
      }
      if (End >= Body.size() || !Body[End].is(tok::semi) || End == I + 2)
        continue;
      // Its scope: to the `}` of the block around it, where nothing changes
      // it and no other declaration hides it.
      size_t Scope = End;
      for (int Depth = 0; Scope < Body.size(); ++Scope) {
        if (Body[Scope].is(tok::l_brace))
          ++Depth;
        else if (Body[Scope].is(tok::r_brace) && --Depth < 0)
          break;
      }
      auto Within = [&](size_t K) { return K > I && K < Scope; };
      if (any_of(Positions, Within) || any_of(ChangedAt.lookup(II), Within))
        continue;
      Aliases[II].push_back({Body.slice(I + 2, End - I - 2), End, Scope});
    }
}

TokenList SectionFinder::expandAliases(ArrayRef<Token> Subscript, size_t I) const {
  TokenList Out;
  for (size_t K = 0; K < Subscript.size(); ++K) {
    const Token &T = Subscript[K];
    // A cast to an integer type, `(size_t)i * n`: the section's arithmetic
    // is in long long.
    if (T.is(tok::l_paren)) {
      const size_t Close = groupEnd(Subscript, K);
      if (Close < Subscript.size() && Close > K + 2 &&
          all_of(Subscript.slice(K + 1, Close - K - 2),
                 [](const Token &W) { return integerTypeWord(W) && !W.is(tok::kw_short); }) &&
          Subscript[Close].isOneOf(tok::identifier, tok::numeric_constant, tok::l_paren)) {
        K = Close - 1;
        continue;
      }
    }
    const IndexAlias *A = nullptr;
    if (T.is(tok::identifier))
      if (auto It = Aliases.find(T.getIdentifierInfo()); It != Aliases.end())
        for (const IndexAlias &Each : It->second)
          if (Each.At < I && I < Each.ScopeEnd)
            A = &Each;
    if (!A) {
      Out.push_back(T);
      continue;
    }
    // (Its initializer's casts go too.)
    TokenList Init = expandAliases(A->Init, A->At);
    add(Out, "(");
    Out.append(Init.begin(), Init.end());
    add(Out, ")");
  }
  return Out;
}

bool SectionFinder::invariant(ArrayRef<Token> E) const {
  if (E.empty())
    return false;
  for (size_t I = 0; I < E.size(); ++I) {
    const Token &T = E[I];
    if (T.isOneOf(tok::numeric_constant, tok::l_paren, tok::r_paren, tok::plus, tok::minus,
                  tok::star, tok::slash, tok::percent, tok::lessless, tok::greatergreater))
      continue;
    if (T.isOneOf(tok::period, tok::arrow) && I + 1 < E.size() &&
        E[I + 1].is(tok::identifier)) {
      ++I; // a member's name
      continue;
    }
    if (!T.is(tok::identifier))
      return false;
    const IdentifierInfo *II = T.getIdentifierInfo();
    if (Changed.count(II) || Declared.count(II) || (I + 1 < E.size() && E[I + 1].is(tok::l_paren)))
      return false;
    const VarDecl *VD = Ctx.lookupVariable(T);
    if (!VD && Ctx.namesEnumerator(T))
      continue;
    if (!VD)
      return false;
    QualType Ty = VD->getType().getNonReferenceType();
    if (!Ty->isIntegralOrEnumerationType() && !Ty->isRecordType() && !Ty->isPointerType() &&
        !(Ty->isDependentType() && isScalarOrDependent(Ty)))
      return false;
  }
  return true;
}

const BodyLoop *SectionFinder::loopOf(const IdentifierInfo *Var, size_t At) const {
  const BodyLoop *Found = nullptr; // the innermost loop around At with Var
  for (const BodyLoop &B : Loops)
    if (B.Var == Var && B.Begin < At && At < B.End)
      Found = &B;
  return Found;
}

bool SectionFinder::mentionsLoop(ArrayRef<Token> E, size_t At) const {
  return any_of(E, [&](const Token &T) {
    return T.is(tok::identifier) && loopOf(T.getIdentifierInfo(), At);
  });
}

void SectionFinder::setRange(BodyLoop &B) {
  const CanonicalLoop &L = B.L;
  const bool Unit = L.Step.size() == 1 && L.Step[0].is(tok::numeric_constant) &&
                    PP.getSpelling(L.Step[0]) == "1";
  if (!B.Var || !Unit || !invariant(L.Lower) || !invariant(L.Bound))
    return;
  // Its variable changes in its body only through its header.
  for (size_t K = groupEnd(Body, B.Begin + 1); K < B.End; ++K)
    if (Body[K].is(tok::identifier) && Body[K].getIdentifierInfo() == B.Var &&
        ((K + 1 < B.End && isUpdate(Body[K + 1])) ||
         prefixChange(Body, K)))
      return;
  const StringRef Cmp = L.Cmp;
  const std::string Lower = spellingOf(PP, L.Lower), Bound = spellingOf(PP, L.Bound);
  auto Plain = [&](ArrayRef<Token> T, const std::string &Text) {
    Expr E;
    E.Toks = code("(");
    E.Toks.append(T.begin(), T.end());
    add(E.Toks, ")");
    E.Text = Text;
    return E;
  };
  auto Shifted = [&](StringRef Delta) {
    Expr E = Plain(L.Bound, Bound + " " + Delta.str());
    TokenList D = code(Delta);
    E.Toks.insert(E.Toks.begin(), code("(").front());
    E.Toks.append(D.begin(), D.end());
    add(E.Toks, ")");
    return E;
  };
  if (!L.NegativeStep && (Cmp == "lt" || Cmp == "ne"))
    B.Low = Plain(L.Lower, Lower), B.High = Shifted("- 1");
  else if (!L.NegativeStep && Cmp == "le")
    B.Low = Plain(L.Lower, Lower), B.High = Plain(L.Bound, Bound);
  else if (L.NegativeStep && (Cmp == "gt" || Cmp == "ne"))
    B.Low = Shifted("+ 1"), B.High = Plain(L.Lower, Lower);
  else if (L.NegativeStep && Cmp == "ge")
    B.Low = Plain(L.Bound, Bound), B.High = Plain(L.Lower, Lower);
  else
    return;
  B.Known = true;
}

/// Splits \p E at its top-level binary `+` and `-` into pieces with their
/// signs; false for a sign inside a piece (`x * -1`).
bool signedPieces(ArrayRef<Token> E, SmallVectorImpl<std::pair<ArrayRef<Token>, bool>> &Out) {
  unsigned Depth = 0;
  size_t Start = 0;
  bool Negative = false;
  for (size_t I = 0; I <= E.size(); ++I) {
    if (I < E.size() && E[I].isOneOf(tok::l_paren, tok::l_square)) {
      ++Depth;
      continue;
    }
    if (I < E.size() && E[I].isOneOf(tok::r_paren, tok::r_square)) {
      Depth = Depth ? Depth - 1 : 0;
      continue;
    }
    if (I < E.size() && (Depth || !E[I].isOneOf(tok::plus, tok::minus)))
      continue;
    if (I < E.size() && I == Start) { // a sign
      Negative ^= E[I].is(tok::minus);
      Start = I + 1;
      continue;
    }
    if (I < E.size() && !E[I - 1].isOneOf(tok::identifier, tok::numeric_constant,
                                          tok::r_paren, tok::r_square))
      return false;
    if (I == Start)
      return false;
    Out.emplace_back(E.slice(Start, I - Start), Negative);
    if (I < E.size())
      Negative = E[I].is(tok::minus);
    Start = I + 1;
  }
  return !Out.empty();
}

bool SectionFinder::affine(ArrayRef<Token> E, size_t At, bool Negative, ArrayRef<Token> Scale,
                           SmallVectorImpl<Term> &Out) const {
  SmallVector<std::pair<ArrayRef<Token>, bool>, 4> Pieces;
  if (!signedPieces(E, Pieces))
    return false;
  for (auto &[Piece, Minus] : Pieces) {
    const bool Neg = Negative != Minus;
    if (!mentionsLoop(Piece, At)) {
      if (!invariant(Piece))
        return false;
      Term T;
      T.Negative = Neg;
      T.Coef.append(Scale.begin(), Scale.end());
      if (!Scale.empty())
        add(T.Coef, "*");
      if (Piece.size() > 1)
        add(T.Coef, "(");
      T.Coef.append(Piece.begin(), Piece.end());
      if (Piece.size() > 1)
        add(T.Coef, ")");
      Out.push_back(std::move(T));
      continue;
    }
    if (!factor(Piece, At, Neg, Scale, Out))
      return false;
  }
  return true;
}

bool SectionFinder::factor(ArrayRef<Token> Piece, size_t At, bool Negative,
                           ArrayRef<Token> Scale, SmallVectorImpl<Term> &Out) const {
  // Factors: identifiers, numbers and parenthesized groups joined by `*`.
  SmallVector<ArrayRef<Token>, 4> Factors = splitTopLevel(Piece, tok::star);
  ArrayRef<Token> WithLoop;
  TokenList Coef(Scale.begin(), Scale.end());
  for (ArrayRef<Token> F : Factors) {
    const bool Group = F.size() >= 2 && F.front().is(tok::l_paren) && groupEnd(F, 0) == F.size();
    if (F.empty() || (F.size() > 1 && !Group))
      return false;
    if (mentionsLoop(F, At)) {
      if (!WithLoop.empty())
        return false; // a product of loop variables is not affine
      WithLoop = F;
      continue;
    }
    if (!invariant(F))
      return false;
    if (!Coef.empty())
      add(Coef, "*");
    Coef.append(F.begin(), F.end());
  }
  if (WithLoop.size() > 1) // (a parenthesized affine expression)
    return affine(WithLoop.drop_front().drop_back(), At, Negative, Coef, Out);
  Term T;
  T.Loop = loopOf(WithLoop[0].getIdentifierInfo(), At);
  if (!T.Loop || !T.Loop->Known)
    return false;
  T.Coef = std::move(Coef);
  T.Negative = Negative;
  Out.push_back(std::move(T));
  return true;
}

Expr SectionFinder::valueAt(const Term &T, const Expr &V) const {
  Expr E;
  E.Toks = code(T.Negative ? "(-(long long)(" : "((long long)(");
  E.Text = T.Negative ? "-" : "";
  if (!T.Coef.empty()) {
    E.Toks.append(T.Coef.begin(), T.Coef.end());
    add(E.Toks, ") * (long long)(");
    E.Text += spellingOf(PP, T.Coef) + " * ";
  }
  if (T.Loop) {
    E.Toks.append(V.Toks.begin(), V.Toks.end());
    const bool Sum = StringRef(V.Text).contains(' ');
    E.Text += T.Coef.empty() && !(T.Negative && Sum) ? V.Text : "(" + V.Text + ")";
  } else {
    add(E.Toks, "1");
    E.Text = (T.Negative ? "-" : "") + spellingOf(PP, T.Coef);
  }
  add(E.Toks, "))");
  if (T.Loop && V.Text == "0")
    E.Text = "0";
  return E;
}

Expr SectionFinder::sum(const Expr &A, const Expr &B) const {
  if (A.Toks.empty())
    return B;
  Expr E = A;
  add(E.Toks, "+");
  E.Toks.append(B.Toks.begin(), B.Toks.end());
  if (A.Text == "0")
    E.Text = B.Text;
  else if (B.Text != "0")
    E.Text += StringRef(B.Text).starts_with("-") ? " - " + B.Text.substr(1) : " + " + B.Text;
  return E;
}

Expr SectionFinder::join(const Expr &A, const Expr &B, bool Min) const {
  if (A.Text == B.Text)
    return A;
  Expr E;
  E.Toks = code("((");
  E.Toks.append(A.Toks.begin(), A.Toks.end());
  add(E.Toks, Min ? ") < (" : ") > (");
  E.Toks.append(B.Toks.begin(), B.Toks.end());
  add(E.Toks, ") ? (");
  E.Toks.append(A.Toks.begin(), A.Toks.end());
  add(E.Toks, ") : (");
  E.Toks.append(B.Toks.begin(), B.Toks.end());
  add(E.Toks, "))");
  E.Text = (Min ? "min(" : "max(") + A.Text + ", " + B.Text + ")";
  return E;
}

bool SectionFinder::declaredHere(size_t I) const {
  // `T p = ...`, `T *p;`, `T p[4]` (not `x * p[i]`).
  if (I == 0 || I + 1 >= Body.size())
    return false;
  const Token &Prev = Body[I - 1], &Next = Body[I + 1];
  const bool TypeBefore = Prev.isOneOf(tok::identifier, tok::kw_int, tok::kw_double,
                                       tok::kw_float, tok::kw_char, tok::kw_long, tok::kw_auto,
                                       tok::kw_unsigned, tok::kw_short, tok::greater);
  return (TypeBefore || Prev.isOneOf(tok::star, tok::amp)) &&
         (Next.isOneOf(tok::equal, tok::semi, tok::comma, tok::l_brace) ||
          (TypeBefore && Next.is(tok::l_square)));
}

void SectionFinder::use(Candidate &C, size_t I) {
  // `*p` reads or writes p[0] (NVHPC maps that element), where the star is
  // a dereference (`x * p` multiplies) and p itself does not move.
  if (Body[I + 1].isNot(tok::l_square) && isDereference(Body, I) &&
      !Body[I + 1].isOneOf(tok::plusplus, tok::minusminus, tok::period, tok::arrow,
                           tok::l_paren)) {
    for (const auto &[B, E] : Guards)
      C.Failed |= B <= I && I < E;
    for (const BodyLoop &L : Loops)
      C.Failed |= L.Leaves && L.Begin < I && I < L.End;
    C.Written |= isUpdate(Body[I + 1]);
    if (!C.Failed && C.Subscripts.insert("0").second) {
      const Expr Zero{code("((long long)(0))"), "0"};
      C.Low = C.Low ? join(*C.Low, Zero, true) : Zero;
      C.High = C.High ? join(*C.High, Zero, false) : Zero;
    }
    return;
  }
  if (Body[I + 1].isNot(tok::l_square) || declaredHere(I) ||
      (prefixChange(Body, I) && Body[I - 1].is(tok::amp))) {
    C.Failed = true;
    return;
  }
  const size_t Close = groupEnd(Body, I + 1);
  if (Close > Body.size() ||
      (Close < Body.size() &&
       Body[Close].isOneOf(tok::l_square, tok::period, tok::arrow, tok::l_paren))) {
    C.Failed = true;
    return;
  }
  for (const auto &[B, E] : Guards)
    C.Failed |= B <= I && I < E;
  for (const BodyLoop &L : Loops)
    C.Failed |= L.Leaves && L.Begin < I && I < L.End;
  C.Written |= (Close < Body.size() && isUpdate(Body[Close])) ||
               (I > 0 && Body[I - 1].isOneOf(tok::plusplus, tok::minusminus));
  const TokenList Expanded = expandAliases(Body.slice(I + 2, Close - I - 3), I);
  ArrayRef<Token> Subscript = Expanded;
  SmallVector<Term, 4> Terms;
  if (C.Failed || !affine(Subscript, I, false, {}, Terms)) {
    C.Failed = true;
    return;
  }
  std::string Text = spellingOf(PP, Subscript);
  // (The same subscript under other loops has other bounds: keyed by both.)
  for (const Term &T : Terms)
    if (T.Loop)
      Text += "@" + std::to_string(T.Loop->Begin);
  if (!C.Subscripts.insert(Text).second)
    return;
  Expr Low, High;
  for (const Term &T : Terms) {
    if (!T.Loop) {
      Expr V = valueAt(T, Expr());
      Low = sum(Low, V), High = sum(High, V);
      continue;
    }
    C.Loops.insert(T.Loop);
    Expr AtLow = valueAt(T, T.Loop->Low), AtHigh = valueAt(T, T.Loop->High);
    const bool Literal = none_of(T.Coef, [](const Token &K) { return K.is(tok::identifier); });
    if (Literal) { // a coefficient of known sign
      Low = sum(Low, T.Negative ? AtHigh : AtLow);
      High = sum(High, T.Negative ? AtLow : AtHigh);
    } else {
      Low = sum(Low, join(AtLow, AtHigh, /*Min=*/true));
      High = sum(High, join(AtLow, AtHigh, /*Min=*/false));
    }
  }
  C.Low = C.Low ? join(*C.Low, Low, true) : Low;
  C.High = C.High ? join(*C.High, High, false) : High;
}

InferredSection SectionFinder::section(const Candidate &C) const {
  InferredSection S;
  S.Var.Name = C.Name;
  S.Written = C.Written;
  ArraySection A;
  A.ColonLoc = C.Name.getLocation();
  A.Lower = code("(");
  A.Lower.append(C.Low->Toks.begin(), C.Low->Toks.end());
  add(A.Lower, ")");
  // Empty when a loop it uses runs no iteration (High < Low).
  A.Length = code("((");
  for (const BodyLoop *L : C.Loops) {
    A.Length.append(L->High.Toks.begin(), L->High.Toks.end());
    add(A.Length, ">=");
    A.Length.append(L->Low.Toks.begin(), L->Low.Toks.end());
    add(A.Length, "&&");
  }
  auto Append = [&](const Expr &E) {
    add(A.Length, "(");
    A.Length.append(E.Toks.begin(), E.Toks.end());
    add(A.Length, ")");
  };
  Append(*C.High);
  add(A.Length, ">=");
  Append(*C.Low);
  add(A.Length, ") ?");
  Append(*C.High);
  add(A.Length, "-");
  Append(*C.Low);
  add(A.Length, "+ 1 : 0)");
  S.Var.Sections.push_back(std::move(A));
  // "c[0:n]": the length as High - Low + 1, simplified where it is plain.
  std::string Length = C.High->Text;
  if (C.Low->Text != "0")
    Length += " - " + (StringRef(C.Low->Text).contains(' ') ? "(" + C.Low->Text + ")"
                                                            : C.Low->Text);
  Length = StringRef(Length).ends_with(" - 1") ? Length.substr(0, Length.size() - 4)
                                               : Length + " + 1";
  S.Text = PP.getSpelling(C.Name) + "[" + C.Low->Text + ":" + Length + "]";
  return S;
}

std::vector<InferredSection>
SectionFinder::run(const SmallPtrSetImpl<const IdentifierInfo *> &Named) {
  std::vector<InferredSection> Out;
  if (Body.empty())
    return Out;
  findChangesAndGuards();
  findIndexAliases();
  findLoops();
  for (BodyLoop &B : Loops)
    setRange(B);
  MapVector<const IdentifierInfo *, Candidate> Candidates;
  for (size_t I = 0; I < Body.size(); ++I) {
    const Token &T = Body[I];
    if (!T.is(tok::identifier) || Named.count(T.getIdentifierInfo()) ||
        (I > 0 && Body[I - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon)))
      continue;
    auto It = Candidates.find(T.getIdentifierInfo());
    if (It == Candidates.end()) {
      const VarDecl *VD = Ctx.lookupVariable(T);
      if (!VD || !VD->getType()->isPointerType())
        continue;
      const QualType Element = VD->getType()->getPointeeType();
      // (A template's `T *a`: its elements are taken for scalars, as a
      // `float *` one's.)
      if (!isScalarOrDependent(Element) && !Element->isAnyComplexType() &&
          !Element->isEnumeralType())
        continue;
      It = Candidates.insert({T.getIdentifierInfo(), Candidate()}).first;
      It->second.Name = T;
    }
    if (!It->second.Failed)
      use(It->second, I);
  }
  for (auto &[Name, C] : Candidates)
    if (!C.Failed && C.Low)
      Out.push_back(section(C));
  return Out;
}

} // namespace

std::vector<InferredSection> inferSections(Preprocessor &PP, const AccContext &Ctx,
                                           ArrayRef<Token> Body,
                                           ArrayRef<const Directive *> Clauses) {
  if (!Ctx.inSema())
    return {};
  // default(none) names every pointer; default(present) keeps its rule.
  for (const Directive *D : Clauses)
    if (D->find(ClauseKind::Default))
      return {};
  if (Ctx.enclosingDataDefault())
    return {};
  SmallPtrSet<const IdentifierInfo *, 8> Named;
  Ctx.addNamedInDataClauses(Body, Clauses, /*Members=*/true, Named);
  std::vector<InferredSection> Out = SectionFinder(PP, Ctx, Body).run(Named);
  if (Ctx.remarks())
    for (const InferredSection &S : Out)
      report(PP, S.Var.Name.getLocation(), Diag::RegionRemark)
          << ("'" + PP.getSpelling(S.Var.Name) + "' is in no data clause: the region " +
              (S.Written ? "writes" : "reads") + " " + S.Text +
              " (its loops' bounds), mapped as an implicit " +
              (S.Written ? "copy" : "copyin") + " where the device does not have it");
  return Out;
}

} // namespace plugin
} // namespace ferry
