//===- AtomicConstruct.cpp - The atomic construct -------------------------===//
///
/// \file
/// See AtomicConstruct.h. The statement is taken apart on its tokens: the
/// first assignment operator outside brackets splits it, `x` is recognised
/// by its spelling where it recurs, and the precedence of the operators
/// around it decides whether `x = x op expr` is one fetch-and-op (the value
/// C++ computes is `x op (expr)`) or a compare-and-swap of the whole
/// right-hand side with `x` replaced by its old value. Either way the
/// result is what the statement computes, made atomic.
///
//===----------------------------------------------------------------------===//
#include "AtomicConstruct.h"

#include "CRegion.h"
#include "CanonicalLoop.h"
#include "llvm/ADT/StringSwitch.h"
#include <functional>

#include "ConstructPieces.h"
#include "Diagnostics.h"
#include "StatementLexer.h"
#include "TokenBuilder.h"

using namespace clang;

namespace ferry {
namespace plugin {
namespace {

using Tokens = ArrayRef<Token>;
constexpr size_t None = ~size_t(0);

/// An operator of `atomic update`: its binary and compound tokens, and the
/// ferry::acc::atomic_op names of `x op expr` and `x = expr op x`.
struct AtomicOperator {
  tok::TokenKind Binary;
  tok::TokenKind Compound;
  const char *Name;
  const char *Reversed;
  unsigned Precedence;
};
const AtomicOperator Operators[] = {
    {tok::plus, tok::plusequal, "add", "add", 12},
    {tok::minus, tok::minusequal, "sub", "rsub", 12},
    {tok::star, tok::starequal, "mul", "mul", 13},
    {tok::slash, tok::slashequal, "div", "rdiv", 13},
    {tok::amp, tok::ampequal, "band", "band", 8},
    {tok::caret, tok::caretequal, "bxor", "bxor", 7},
    {tok::pipe, tok::pipeequal, "bor", "bor", 6},
    {tok::lessless, tok::lesslessequal, "shl", "rshl", 11},
    {tok::greatergreater, tok::greatergreaterequal, "shr", "rshr", 11},
};

const AtomicOperator *binaryOperator(const Token &T) {
  for (const AtomicOperator &O : Operators)
    if (T.is(O.Binary))
      return &O;
  return nullptr;
}
const AtomicOperator *compoundOperator(const Token &T) {
  for (const AtomicOperator &O : Operators)
    if (T.is(O.Compound))
      return &O;
  return nullptr;
}

/// C++'s precedence of a binary operator token (higher binds tighter), 0
/// for tokens that are not one.
unsigned precedence(const Token &T) {
  switch (T.getKind()) {
  case tok::star:
  case tok::slash:
  case tok::percent:
    return 13;
  case tok::plus:
  case tok::minus:
    return 12;
  case tok::lessless:
  case tok::greatergreater:
    return 11;
  case tok::less:
  case tok::greater:
  case tok::lessequal:
  case tok::greaterequal:
  case tok::spaceship:
    return 10;
  case tok::equalequal:
  case tok::exclaimequal:
    return 9;
  case tok::amp:
    return 8;
  case tok::caret:
    return 7;
  case tok::pipe:
    return 6;
  case tok::ampamp:
    return 5;
  case tok::pipepipe:
    return 4;
  case tok::question:
  case tok::colon:
    return 3;
  case tok::comma:
    return 1;
  default:
    return T.getKind() == tok::equal || compoundOperator(T) || T.is(tok::percentequal) ? 2 : 0;
  }
}

/// Whether \p T ends an operand, so that a following `-`, `+`, `*` or `&`
/// is binary.
bool endsOperand(const Token &T) {
  return T.isOneOf(tok::identifier, tok::numeric_constant, tok::r_paren, tok::r_square,
                   tok::plusplus, tok::minusminus) ||
         T.isLiteral() || T.isOneOf(tok::kw_this, tok::kw_true, tok::kw_false, tok::kw_nullptr);
}

/// The lowest precedence of the binary operators of \p E outside brackets
/// (100 when there is none).
unsigned lowestPrecedence(Tokens E) {
  unsigned Lowest = 100, Depth = 0;
  for (size_t I = 0; I < E.size(); ++I) {
    const Token &T = E[I];
    if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++Depth;
    else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
      Depth -= Depth > 0;
    else if (Depth == 0)
      if (unsigned P = precedence(T);
          P && ((I > 0 && endsOperand(E[I - 1])) ||
                !T.isOneOf(tok::plus, tok::minus, tok::star, tok::amp)))
        Lowest = std::min(Lowest, P);
  }
  return Lowest;
}

/// The first assignment operator outside brackets.
size_t firstAssignment(Tokens S) {
  unsigned Depth = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I].isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++Depth;
    else if (S[I].isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
      Depth -= Depth > 0;
    else if (Depth == 0 && (S[I].is(tok::equal) || compoundOperator(S[I])))
      return I;
  }
  return None;
}

/// An atomic update expression taken apart.
struct Update {
  Tokens X;
  const AtomicOperator *Op = nullptr; ///< null: Rhs with `x` replaced
  bool Reversed = false;              ///< x = expr op x
  bool One = false;                   ///< ++ and --: expr is 1
  Tokens Expr;
  Tokens Rhs;             ///< x = Rhs, Rhs not of the form x op expr
  bool ValueIsNew = true; ///< the expression's value (false for x++ / x--)
};

class AtomicParser {
public:
  explicit AtomicParser(Preprocessor &PP) : PP(PP) {}

  bool same(Tokens A, Tokens B) const { return sameSpelling(PP, A, B); }

  /// Where \p X occurs in \p E as a whole operand (not after `.`, `->`, `::`).
  SmallVector<size_t, 2> occurrences(Tokens E, Tokens X) const {
    SmallVector<size_t, 2> At;
    for (size_t I = 0; I + X.size() <= E.size(); ++I)
      if (same(E.slice(I, X.size()), X) &&
          (I == 0 || !E[I - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon)))
        At.push_back(I);
    return At;
  }

  /// `x++`, `++x`, `x op= expr`, `x = x op expr`, `x = expr op x`, or
  /// another `x = ...` whose right-hand side uses `x`.
  std::optional<Update> update(Tokens S) const {
    Update U;
    size_t A = firstAssignment(S);
    if (A == None) {
      if (S.size() < 2)
        return std::nullopt;
      const bool Prefix = S.front().isOneOf(tok::plusplus, tok::minusminus);
      const Token &IncDec = Prefix ? S.front() : S.back();
      if (!IncDec.isOneOf(tok::plusplus, tok::minusminus))
        return std::nullopt;
      U.X = withoutParens(Prefix ? S.drop_front() : S.drop_back());
      U.Op = binaryOperator(IncDec.is(tok::plusplus) ? plusToken() : minusToken());
      U.One = true;
      U.ValueIsNew = Prefix;
      return U;
    }
    U.X = withoutParens(S.take_front(A));
    Tokens R = S.drop_front(A + 1);
    if (U.X.empty() || R.empty())
      return std::nullopt;
    if (const AtomicOperator *Op = compoundOperator(S[A])) {
      U.Op = Op;
      U.Expr = R;
      return U;
    }
    if (!S[A].is(tok::equal) || firstAssignment(R) != None)
      return std::nullopt;
    const size_t N = U.X.size();
    if (R.size() > N + 1 && same(R.take_front(N), U.X))
      if (const AtomicOperator *Op = binaryOperator(R[N]);
          Op && lowestPrecedence(R.drop_front(N + 1)) > Op->Precedence) {
        U.Op = Op;
        U.Expr = R.drop_front(N + 1);
        return U;
      }
    if (R.size() > N + 1 && same(R.take_back(N), U.X))
      if (const AtomicOperator *Op = binaryOperator(R[R.size() - N - 1]);
          Op && R.size() > N + 1 && endsOperand(R[R.size() - N - 2]) &&
          lowestPrecedence(R.drop_back(N + 1)) >= Op->Precedence &&
          occurrences(R.drop_back(N + 1), U.X).empty()) {
        U.Op = Op;
        U.Reversed = true;
        U.Expr = R.drop_back(N + 1);
        return U;
      }
    if (occurrences(R, U.X).empty())
      return std::nullopt; // `x = expr`: a write
    U.Rhs = R;
    return U;
  }

  /// `a = b` with one assignment operator, a plain `=`.
  bool assignment(Tokens S, Tokens &Lhs, Tokens &Rhs) const {
    size_t A = firstAssignment(S);
    if (A == None || !S[A].is(tok::equal) || A == 0 || A + 1 == S.size() ||
        firstAssignment(S.drop_front(A + 1)) != None)
      return false;
    Lhs = withoutParens(S.take_front(A));
    Rhs = withoutParens(S.drop_front(A + 1));
    return true;
  }

private:
  static Token kind(tok::TokenKind K) {
    Token T;
    T.startToken();
    T.setKind(K);
    return T;
  }
  static Token plusToken() { return kind(tok::plus); }
  static Token minusToken() { return kind(tok::minus); }

  Preprocessor &PP;
};

/// The statements of \p Stmt without their semicolons: one for `s;`, the
/// statements of a block `{s1; s2;}`; empty if a piece is not an expression
/// statement.
SmallVector<Tokens, 2> statements(Tokens Stmt) {
  SmallVector<Tokens, 2> Out;
  if (Stmt.size() >= 2 && Stmt.front().is(tok::l_brace) && Stmt.back().is(tok::r_brace))
    Stmt = Stmt.drop_front().drop_back();
  for (Tokens Piece : splitTopLevel(Stmt, tok::semi)) {
    if (Piece.empty())
      continue;
    if (Piece.front().isOneOf(tok::l_brace, tok::kw_if, tok::kw_for, tok::kw_while,
                              tok::kw_do, tok::kw_switch, tok::kw_return))
      return {};
    Out.push_back(Piece);
  }
  if (!Stmt.empty() && !Stmt.back().is(tok::semi))
    return {}; // the last piece lacks its ';'
  return Out;
}

class AtomicRewriter {
public:
  AtomicRewriter(Preprocessor &PP, const AccContext &Ctx, const Directive &D,
                 SourceLocation PragmaLoc)
      : PP(PP), Ctx(Ctx), D(D), P(PP), B(PP, PragmaLoc) {}

  /// The `x` the statement writes (empty for `read`, or where it was not
  /// taken apart).
  Tokens target() const { return Updated; }

  void rewrite(Tokens Stmt) {
    StringRef Form = D.find(ClauseKind::AtomicRead)      ? "read"
                     : D.find(ClauseKind::AtomicWrite)   ? "write"
                     : D.find(ClauseKind::AtomicCapture) ? "capture"
                                                         : "update";
    SmallVector<Tokens, 2> S = statements(Stmt);
    B.code("{");
    const Clause *If = D.find(ClauseKind::If);
    if (If)
      B.code("if (").tokens(If->Expr).code(") {");
    bool Ok = false;
    if (S.size() == 1)
      Ok = Form == "read"      ? read(S[0])
           : Form == "write"   ? write(S[0])
           : Form == "capture" ? capture(S[0])
                               : update(S[0]);
    else if (S.size() == 2 && Form == "capture")
      Ok = captureBlock(S[0], S[1]);
    if (!Ok) {
      report(PP, Stmt.empty() ? D.Loc : Stmt.front().getLocation(), Diag::AtomicForm)
          << Form << formsOf(Form);
      TokenBuilder(PP, D.Loc).tokens(Stmt).inject(); // as written, for Sema's sake
      return;
    }
    if (Form != "read")
      Updated = X;
    if (If) // OpenACC 3.3: with a false condition the statement need not be atomic
      B.code("} else").tokens(Stmt);
    B.code("}");
    if (Ctx.remarks())
      report(PP, D.Loc, Diag::RegionRemark)
          << ("'atomic " + Form.str() + "' of '" + spellingOf(PP, X) + "': " + How);
    B.inject();
  }

private:
  static StringRef formsOf(StringRef Form) {
    if (Form == "read")
      return "'v = x;'";
    if (Form == "write")
      return "'x = expr;'";
    if (Form == "update")
      return "'x++;', 'x--;', '++x;', '--x;', 'x binop= expr;', 'x = x binop expr;' or "
             "'x = expr binop x;'";
    return "'v = x++;' (or 'v =' before another update form), or a block "
           "'{v = x; x binop= expr;}', '{x binop= expr; v = x;}' or '{v = x; x = expr;}'";
  }

  bool read(Tokens S) {
    Tokens V, Xs;
    if (!P.assignment(S, V, Xs))
      return false;
    X = Xs;
    How = "atomic load";
    if (isC(PP)) {
      B.code("{ __typeof__(").tokens(X).code(") __ferry_v; __atomic_load(&(");
      B.tokens(X).code("), &__ferry_v, 0);").tokens(V).code("= __ferry_v; }");
      return true;
    }
    B.tokens(V).code("= ::ferry::acc::atomic_read(").tokens(X).code(");");
    return true;
  }

  bool write(Tokens S) {
    Tokens Xs, E;
    if (!P.assignment(S, Xs, E))
      return false;
    X = Xs;
    How = "atomic store";
    if (isC(PP)) {
      B.code("{ __typeof__(").tokens(X).code(") __ferry_v = (").tokens(E).code(");");
      B.code("__atomic_store(&(").tokens(X).code("), &__ferry_v, 0); }");
      return true;
    }
    B.code("::ferry::acc::atomic_write(").tokens(X).code(", (").tokens(E).code("));");
    return true;
  }

  bool update(Tokens S) {
    std::optional<Update> U = P.update(S);
    if (!U)
      return false;
    if (isC(PP)) {
      emitUpdate(*U, /*New=*/true, {});
      return true;
    }
    B.code("(void)");
    emitUpdate(*U, /*New=*/true);
    B.code(";");
    return true;
  }

  /// `v = <update>`: the value of the update expression.
  bool capture(Tokens S) {
    size_t A = firstAssignment(S);
    if (A == None || A == 0 || !S[A].is(tok::equal))
      return false;
    std::optional<Update> U = P.update(S.drop_front(A + 1));
    if (!U)
      return false;
    if (isC(PP)) {
      emitUpdate(*U, U->ValueIsNew, S.take_front(A));
      return true;
    }
    B.tokens(S.take_front(A)).code("=");
    emitUpdate(*U, U->ValueIsNew);
    B.code(";");
    return true;
  }

  /// `{v = x; update}`, `{update; v = x;}`, `{v = x; x = expr;}`.
  bool captureBlock(Tokens S1, Tokens S2) {
    Tokens V, Read;
    if (P.assignment(S1, V, Read)) {
      if (std::optional<Update> U = P.update(S2); U && P.same(U->X, Read)) {
        if (isC(PP)) {
          emitUpdate(*U, /*New=*/false, V);
          return true;
        }
        B.tokens(V).code("=");
        emitUpdate(*U, /*New=*/false);
        B.code(";");
        return true;
      }
      Tokens Xs, E;
      if (P.assignment(S2, Xs, E) && P.same(Xs, Read) && P.occurrences(E, Xs).empty()) {
        X = Xs;
        How = "atomic exchange";
        if (isC(PP)) {
          B.code("{ __typeof__(").tokens(X).code(") __ferry_n = (").tokens(E);
          B.code("), __ferry_o; __atomic_exchange(&(").tokens(X);
          B.code("), &__ferry_n, &__ferry_o, 0);").tokens(V).code("= __ferry_o; }");
          return true;
        }
        B.tokens(V).code("= ::ferry::acc::atomic_exchange(").tokens(X).code(", (").tokens(E).code(
            "));");
        return true;
      }
    }
    if (std::optional<Update> U = P.update(S1); U && P.assignment(S2, V, Read) &&
                                                  P.same(U->X, Read)) {
      if (isC(PP)) {
        emitUpdate(*U, /*New=*/true, V);
        return true;
      }
      B.tokens(V).code("=");
      emitUpdate(*U, /*New=*/true);
      B.code(";");
      return true;
    }
    return false;
  }

  /// C: a compare-and-swap loop in a block, which assigns the new or the
  /// old value of `x` to \p Target (when there is one); \p Value computes
  /// the new one from `__ferry_o` (and `__ferry_e`, the expression,
  /// evaluated once).
  void emitUpdateC(const Update &U, bool New, Tokens Target,
                   const std::function<void()> &Value) {
    B.code("{ __typeof__(").tokens(U.X).code(") *__ferry_p = &(").tokens(U.X).code(");");
    if (U.Op) {
      B.code("__typeof__(");
      U.One ? B.code("1") : B.tokens(U.Expr);
      B.code(") __ferry_e = (");
      U.One ? B.code("1") : B.tokens(U.Expr);
      B.code(");");
    }
    B.code("__typeof__(*__ferry_p) __ferry_o, __ferry_n; __atomic_load(__ferry_p, &__ferry_o, 0);"
           "do { __ferry_n = (__typeof__(*__ferry_p))(");
    Value();
    B.code("); } while (!__atomic_compare_exchange(__ferry_p, &__ferry_o, &__ferry_n, 0, 0, 0));");
    if (!Target.empty())
      B.tokens(Target).code(New ? "= __ferry_n;" : "= __ferry_o;");
    B.code("}");
  }

  /// The right-hand side of \p U with `x` replaced by \p Old, its old value.
  void emitRhsWithOld(const Update &U, StringRef Old) {
    SmallVector<size_t, 2> At = P.occurrences(U.Rhs, U.X);
    size_t I = 0;
    for (size_t Pos : At) {
      if (Pos < I)
        continue;
      B.tokens(U.Rhs.slice(I, Pos - I)).code(Old);
      I = Pos + U.X.size();
    }
    B.tokens(U.Rhs.drop_front(I));
  }

  void emitUpdate(const Update &U, bool New, Tokens Target = {}) {
    X = U.X;
    if (isC(PP)) {
      if (!U.Op) {
        How = "compare-and-swap of the right-hand side";
        emitUpdateC(U, New, Target, [&] { emitRhsWithOld(U, "__ferry_o"); });
        return;
      }
      const StringRef Name = U.Reversed ? U.Op->Reversed : U.Op->Name;
      How = "compare-and-swap (" + Name.str() + ")";
      const char *Op = llvm::StringSwitch<const char *>(Name.ltrim('r'))
                           .Case("add", "+")
                           .Case("sub", "-")
                           .Case("mul", "*")
                           .Case("div", "/")
                           .Case("band", "&")
                           .Case("bor", "|")
                           .Case("bxor", "^")
                           .Case("shl", "<<")
                           .Default(">>");
      emitUpdateC(U, New, Target, [&] {
        B.code(U.Reversed ? "__ferry_e" : "__ferry_o")
            .code(Op)
            .code(U.Reversed ? "__ferry_o" : "__ferry_e");
      });
      return;
    }
    if (!U.Op) {
      How = "compare-and-swap of the right-hand side";
      B.code(New ? "::ferry::acc::atomic_update_with<true>("
                 : "::ferry::acc::atomic_update_with<false>(")
          .tokens(U.X)
          .code(", [&](auto __ferry_old) { return (");
      emitRhsWithOld(U, "__ferry_old");
      B.code("); })");
      return;
    }
    const char *Name = U.Reversed ? U.Op->Reversed : U.Op->Name;
    How = std::string("atomic ") + Name;
    B.code("::ferry::acc::atomic_update<::ferry::acc::atomic_op::")
        .code(Name)
        .code(New ? ", true>(" : ", false>(")
        .tokens(U.X)
        .code(", (");
    if (U.One)
      B.code("1");
    else
      B.tokens(U.Expr);
    B.code("))");
  }

  Preprocessor &PP;
  const AccContext &Ctx;
  const Directive &D;
  AtomicParser P;
  TokenBuilder B;
  Tokens X;        ///< for the remark
  Tokens Updated;  ///< target()
  std::string How; ///< for the remark
};

} // namespace

void rewriteAtomic(Preprocessor &PP, AccContext &Ctx, const Directive &D,
                   SourceLocation PragmaLoc) {
  TokenList Stmt;
  StatementLexer Lex(PP, Ctx.directiveLexers(), Stmt, /*Compute=*/false);
  if (!Lex.statement(/*InBreakable=*/true)) {
    TokenBuilder(PP, PragmaLoc).tokens(Stmt).inject();
    return;
  }
  // Synthesized tokens point at the statement, so that Sema's complaints
  // about `x`, `v` or `expr` land on the line that has them.
  AtomicRewriter Rewriter(PP, Ctx, D, Stmt.empty() ? PragmaLoc : Stmt.front().getLocation());
  Rewriter.rewrite(Stmt);
  // The variable the target names (`x`, `s` of `s.count`, `a` of `a[i]`):
  // the rewritten statement names it inside a call.
  if (ArrayRef<Token> X = Rewriter.target(); !X.empty() && X[0].is(tok::identifier))
    Ctx.markAtomicTarget(X[0].getLocation());
}

} // namespace plugin
} // namespace ferry
