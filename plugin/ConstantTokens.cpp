//===- ConstantTokens.cpp - Integer constants of directive operands -------===//
///
/// \file
/// See ConstantTokens.h.
///
//===----------------------------------------------------------------------===//
#include "ConstantTokens.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Lex/LiteralSupport.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace ferry {
namespace plugin {

namespace {

/// A precedence-climbing evaluator over the tokens of one operand.
class Evaluator {
public:
  Evaluator(Preprocessor &PP, Sema *S, ArrayRef<Token> Toks) : PP(PP), S(S), Toks(Toks) {}

  std::optional<int64_t> run() {
    std::optional<int64_t> V = conditional();
    if (Pos != Toks.size())
      return std::nullopt;
    return V;
  }

private:
  bool at(tok::TokenKind K) const { return Pos < Toks.size() && Toks[Pos].is(K); }
  bool take(tok::TokenKind K) {
    if (!at(K))
      return false;
    ++Pos;
    return true;
  }

  std::optional<int64_t> conditional();
  std::optional<int64_t> binary(unsigned MinLevel);
  std::optional<int64_t> unary();
  std::optional<int64_t> primary();
  std::optional<int64_t> literal(const Token &T);
  std::optional<int64_t> name();
  NamedDecl *lookup(IdentifierInfo *II, SourceLocation Loc, DeclContext *In, bool Global,
                    bool Qualifier);

  Preprocessor &PP;
  Sema *S;
  ArrayRef<Token> Toks;
  size_t Pos = 0;
};

/// The binding level of a binary operator (higher binds tighter); 0 for a
/// token that is not one.
unsigned level(tok::TokenKind K) {
  switch (K) {
  case tok::pipepipe:
    return 1;
  case tok::ampamp:
    return 2;
  case tok::pipe:
    return 3;
  case tok::caret:
    return 4;
  case tok::amp:
    return 5;
  case tok::equalequal:
  case tok::exclaimequal:
    return 6;
  case tok::less:
  case tok::greater:
  case tok::lessequal:
  case tok::greaterequal:
    return 7;
  case tok::lessless:
  case tok::greatergreater:
    return 8;
  case tok::plus:
  case tok::minus:
    return 9;
  case tok::star:
  case tok::slash:
  case tok::percent:
    return 10;
  default:
    return 0;
  }
}

std::optional<int64_t> apply(tok::TokenKind K, int64_t L, int64_t R) {
  int64_t V = 0;
  switch (K) {
  case tok::pipepipe:
    return int64_t(L || R);
  case tok::ampamp:
    return int64_t(L && R);
  case tok::pipe:
    return L | R;
  case tok::caret:
    return L ^ R;
  case tok::amp:
    return L & R;
  case tok::equalequal:
    return int64_t(L == R);
  case tok::exclaimequal:
    return int64_t(L != R);
  case tok::less:
    return int64_t(L < R);
  case tok::greater:
    return int64_t(L > R);
  case tok::lessequal:
    return int64_t(L <= R);
  case tok::greaterequal:
    return int64_t(L >= R);
  case tok::lessless:
    if (L < 0 || R < 0 || R > 62 || (L >> (62 - R)) != 0)
      return std::nullopt;
    return L << R;
  case tok::greatergreater:
    if (R < 0 || R > 63)
      return std::nullopt;
    return L >> R;
  case tok::plus:
    return __builtin_add_overflow(L, R, &V) ? std::nullopt : std::optional<int64_t>(V);
  case tok::minus:
    return __builtin_sub_overflow(L, R, &V) ? std::nullopt : std::optional<int64_t>(V);
  case tok::star:
    return __builtin_mul_overflow(L, R, &V) ? std::nullopt : std::optional<int64_t>(V);
  case tok::slash:
  case tok::percent:
    if (R == 0 || (L == INT64_MIN && R == -1))
      return std::nullopt;
    return K == tok::slash ? L / R : L % R;
  default:
    return std::nullopt;
  }
}

std::optional<int64_t> Evaluator::conditional() {
  std::optional<int64_t> C = binary(1);
  if (!C || !take(tok::question))
    return C;
  std::optional<int64_t> T = conditional();
  if (!T || !take(tok::colon))
    return std::nullopt;
  std::optional<int64_t> F = conditional();
  if (!F)
    return std::nullopt;
  return *C ? T : F;
}

std::optional<int64_t> Evaluator::binary(unsigned MinLevel) {
  std::optional<int64_t> L = unary();
  while (L && Pos < Toks.size()) {
    tok::TokenKind K = Toks[Pos].getKind();
    unsigned Level = level(K);
    if (Level == 0 || Level < MinLevel)
      break;
    ++Pos;
    std::optional<int64_t> R = binary(Level + 1);
    if (!R)
      return std::nullopt;
    L = apply(K, *L, *R);
  }
  return L;
}

std::optional<int64_t> Evaluator::unary() {
  if (take(tok::plus))
    return unary();
  if (take(tok::minus)) {
    std::optional<int64_t> V = unary();
    if (!V || *V == INT64_MIN)
      return std::nullopt;
    return -*V;
  }
  if (take(tok::tilde)) {
    std::optional<int64_t> V = unary();
    return V ? std::optional<int64_t>(~*V) : std::nullopt;
  }
  if (take(tok::exclaim)) {
    std::optional<int64_t> V = unary();
    return V ? std::optional<int64_t>(int64_t(!*V)) : std::nullopt;
  }
  return primary();
}

/// An integer type spelled by keywords (`int`, `unsigned long`, ...).
bool isIntegerTypeKeyword(const Token &T) {
  return T.isOneOf(tok::kw_int, tok::kw_unsigned, tok::kw_signed, tok::kw_long, tok::kw_short,
                   tok::kw_char) ||
         T.is(tok::kw_bool);
}

std::optional<int64_t> Evaluator::primary() {
  if (Pos == Toks.size())
    return std::nullopt;
  // A cast to an integer type: `(int)Dims::Three`.
  size_t Type = Pos + 1;
  while (Type < Toks.size() && isIntegerTypeKeyword(Toks[Type]))
    ++Type;
  if (at(tok::l_paren) && Type > Pos + 1 && Type < Toks.size() && Toks[Type].is(tok::r_paren)) {
    Pos = Type + 1;
    return unary();
  }
  if (take(tok::l_paren)) {
    std::optional<int64_t> V = conditional();
    if (!V || !take(tok::r_paren))
      return std::nullopt;
    return V;
  }
  if (take(tok::kw_true))
    return 1;
  if (take(tok::kw_false))
    return 0;
  if (at(tok::numeric_constant))
    return literal(Toks[Pos++]);
  if (at(tok::identifier) || at(tok::coloncolon))
    return name();
  return std::nullopt;
}

std::optional<int64_t> Evaluator::literal(const Token &T) {
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
  if (Literal.GetIntegerValue(Value) || Value.isNegative())
    return std::nullopt;
  return int64_t(Value.getZExtValue());
}

/// \p II found from \p In (the directive's scope where null and not
/// \p Global); \p Qualifier: a name before `::`.
NamedDecl *Evaluator::lookup(IdentifierInfo *II, SourceLocation Loc, DeclContext *In,
                             bool Global, bool Qualifier) {
  const bool Nested = Qualifier && S->getLangOpts().CPlusPlus;
  if (!In && !Global && !Nested)
    return lookupOrdinaryName(S, II, Loc);
  LookupResult R(*S, DeclarationNameInfo(II, Loc),
                 Nested ? Sema::LookupNestedNameSpecifierName : Sema::LookupOrdinaryName);
  if (In || Global)
    S->LookupQualifiedName(R, In ? In : S->getASTContext().getTranslationUnitDecl());
  else
    S->LookupName(R, S->getCurScope());
  return R.isSingleResult() ? R.getFoundDecl() : nullptr;
}

/// The DeclContext a qualifier names: a namespace, a class, an enumeration.
DeclContext *qualifierContext(NamedDecl *D) {
  if (auto *Alias = dyn_cast<NamespaceAliasDecl>(D))
    return Alias->getNamespace();
  if (auto *Typedef = dyn_cast<TypedefNameDecl>(D))
    if (TagDecl *Tag = Typedef->getUnderlyingType()->getAsTagDecl())
      D = Tag;
  if (auto *Tag = dyn_cast<TagDecl>(D))
    return Tag->getDefinition();
  if (auto *NS = dyn_cast<NamespaceDecl>(D))
    return NS;
  return nullptr;
}

std::optional<int64_t> Evaluator::name() {
  if (!S)
    return std::nullopt;
  bool Global = take(tok::coloncolon);
  DeclContext *In = nullptr;
  NamedDecl *D = nullptr;
  for (;;) {
    if (!at(tok::identifier))
      return std::nullopt;
    const Token &T = Toks[Pos++];
    bool Qualifier = at(tok::coloncolon);
    D = lookup(T.getIdentifierInfo(), T.getLocation(), In, Global, Qualifier);
    if (!D)
      return std::nullopt;
    if (!take(tok::coloncolon))
      break;
    if (!(In = qualifierContext(D)))
      return std::nullopt;
  }
  if (auto *E = dyn_cast<EnumConstantDecl>(D)) {
    const llvm::APSInt &V = E->getInitVal();
    if (!V.isRepresentableByInt64())
      return std::nullopt;
    return V.getExtValue();
  }
  auto *V = dyn_cast<VarDecl>(D);
  if (!V || !V->getType()->isIntegralOrEnumerationType() ||
      !V->isUsableInConstantExpressions(S->getASTContext()))
    return std::nullopt;
  const APValue *Value = V->evaluateValue();
  if (!Value || !Value->isInt() || !Value->getInt().isRepresentableByInt64())
    return std::nullopt;
  return Value->getInt().getExtValue();
}

} // namespace

NamedDecl *lookupOrdinaryName(Sema *S, IdentifierInfo *II, SourceLocation Loc) {
  if (!S || !S->getCurScope() || !II)
    return nullptr;
  LookupResult R(*S, DeclarationNameInfo(II, Loc), Sema::LookupOrdinaryName);
  S->LookupName(R, S->getCurScope());
  return R.isSingleResult() ? R.getFoundDecl() : nullptr;
}

std::optional<int64_t> evaluateIntegerConstant(Preprocessor &PP, Sema *S, ArrayRef<Token> Toks) {
  return Evaluator(PP, S, Toks).run();
}

} // namespace plugin
} // namespace ferry
