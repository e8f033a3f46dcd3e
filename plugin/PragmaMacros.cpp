//===- PragmaMacros.cpp - Directives written as _Pragma and macros ---------===//
///
/// \file
/// See PragmaMacros.h.
///
//===----------------------------------------------------------------------===//
#include "PragmaMacros.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/MacroInfo.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace llvm;

namespace ferry {
namespace plugin {

namespace {

/// A token of an expansion and its spelling (a stringized argument has no
/// source of its own).
struct Piece {
  Token Tok;
  std::string Spelling;
};
using Pieces = SmallVector<Piece, 16>;

bool named(const Token &T, StringRef Name) {
  const IdentifierInfo *II = T.getIdentifierInfo();
  return II && II->getName() == Name;
}

/// `#x`: the argument's spellings in a string literal, one space where
/// the source had white space, `"` and `\` of literals escaped.
Piece stringize(ArrayRef<Piece> Arg) {
  Piece P;
  P.Tok.startToken();
  P.Tok.setKind(tok::string_literal);
  P.Spelling = "\"";
  for (const Piece &A : Arg) {
    if (&A != Arg.begin() && (A.Tok.hasLeadingSpace() || A.Tok.isAtStartOfLine()))
      P.Spelling += ' ';
    const bool Literal = A.Tok.isLiteral() && A.Tok.isNot(tok::numeric_constant);
    for (char C : A.Spelling) {
      if (Literal && (C == '"' || C == '\\'))
        P.Spelling += '\\';
      P.Spelling += C;
    }
  }
  P.Spelling += '"';
  return P;
}

/// Expands macro invocations as the preprocessor would, without running it.
class Expander {
public:
  explicit Expander(Preprocessor &PP) : PP(PP) {}

  /// \p In with every macro in it expanded; std::nullopt where an expansion
  /// is one this does not read.
  std::optional<Pieces> expand(ArrayRef<Piece> In);

private:
  /// The arguments of the invocation whose `(` is \p In[Open], for \p MI;
  /// \p Close: the index of its `)`.
  bool arguments(ArrayRef<Piece> In, size_t Open, const MacroInfo &MI,
                 SmallVectorImpl<Pieces> &Args, size_t &Close);
  /// \p MI's replacement with \p Args for its parameters.
  std::optional<Pieces> substitute(const MacroInfo &MI, ArrayRef<Pieces> Args);

  Preprocessor &PP;
  SmallPtrSet<const IdentifierInfo *, 4> Active; ///< macros being expanded
  unsigned Expansions = 0;
};

std::optional<Pieces> Expander::expand(ArrayRef<Piece> In) {
  Pieces Out;
  for (size_t I = 0; I < In.size(); ++I) {
    const IdentifierInfo *II = In[I].Tok.getIdentifierInfo();
    const MacroInfo *MI = II && II->hasMacroDefinition() ? PP.getMacroInfo(II) : nullptr;
    // (`_Pragma` and the other operators are built-in macros: kept.)
    if (!MI || MI->isBuiltinMacro() || Active.contains(II) ||
        (MI->isFunctionLike() && (I + 1 == In.size() || In[I + 1].Tok.isNot(tok::l_paren)))) {
      Out.push_back(In[I]);
      continue;
    }
    if (++Expansions > 64)
      return std::nullopt;
    SmallVector<Pieces, 2> Args;
    if (MI->isFunctionLike() && !arguments(In, I + 1, *MI, Args, I))
      return std::nullopt;
    std::optional<Pieces> Body = substitute(*MI, Args);
    if (!Body)
      return std::nullopt;
    Active.insert(II);
    std::optional<Pieces> Again = expand(*Body);
    Active.erase(II);
    if (!Again)
      return std::nullopt;
    Out.append(Again->begin(), Again->end());
  }
  return Out;
}

bool Expander::arguments(ArrayRef<Piece> In, size_t Open, const MacroInfo &MI,
                         SmallVectorImpl<Pieces> &Args, size_t &Close) {
  Args.emplace_back();
  unsigned Depth = 0;
  for (Close = Open + 1; Close < In.size(); ++Close) {
    const Token &T = In[Close].Tok;
    if (T.is(tok::r_paren) && Depth == 0)
      break;
    if (T.is(tok::l_paren))
      ++Depth;
    else if (T.is(tok::r_paren))
      --Depth;
    if (T.is(tok::comma) && Depth == 0 &&
        !(MI.isVariadic() && Args.size() == MI.getNumParams())) {
      Args.emplace_back();
      continue;
    }
    Args.back().push_back(In[Close]);
  }
  if (Close == In.size())
    return false;
  const unsigned Params = MI.getNumParams();
  if (Params == 0)
    return Args.size() == 1 && Args[0].empty();
  if (Args.size() + 1 == Params && MI.isVariadic())
    Args.emplace_back(); // (no variable arguments)
  return Args.size() == Params;
}

std::optional<Pieces> Expander::substitute(const MacroInfo &MI, ArrayRef<Pieces> Args) {
  Pieces Out;
  ArrayRef<Token> R = MI.tokens();
  for (size_t K = 0; K < R.size(); ++K) {
    if (R[K].is(tok::hashhash) || named(R[K], "__VA_OPT__"))
      return std::nullopt;
    // (What replaces a parameter has the white space before it.)
    const size_t First = Out.size();
    auto Spaced = [&] {
      if (First < Out.size())
        Out[First].Tok.setFlagValue(Token::LeadingSpace, R[K].hasLeadingSpace());
    };
    if (MI.isFunctionLike() && R[K].is(tok::hash) && K + 1 < R.size())
      if (int P = MI.getParameterNum(R[K + 1].getIdentifierInfo()); P >= 0) {
        Out.push_back(stringize(Args[P]));
        Spaced();
        ++K;
        continue;
      }
    const int P = R[K].getIdentifierInfo() && MI.isFunctionLike()
                      ? MI.getParameterNum(R[K].getIdentifierInfo())
                      : -1;
    if (P < 0) {
      Out.push_back({R[K], PP.getSpelling(R[K])});
      continue;
    }
    // (An argument is expanded before it replaces its parameter.)
    std::optional<Pieces> Arg = expand(Args[P]);
    if (!Arg)
      return std::nullopt;
    Out.append(Arg->begin(), Arg->end());
    Spaced();
  }
  return Out;
}

/// The text of `_Pragma("...")` in \p E, where that is all of it.
std::optional<std::string> pragmaText(ArrayRef<Piece> E) {
  if (E.size() != 4 || !named(E[0].Tok, "_Pragma") || E[1].Tok.isNot(tok::l_paren) ||
      E[2].Tok.isNot(tok::string_literal) || E[3].Tok.isNot(tok::r_paren))
    return std::nullopt;
  StringRef Literal = E[2].Spelling;
  if (Literal.size() < 2 || !Literal.starts_with("\"") || !Literal.ends_with("\""))
    return std::nullopt;
  std::string Text;
  Literal = Literal.drop_front().drop_back();
  for (size_t I = 0; I < Literal.size(); ++I) {
    if (Literal[I] == '\\' && I + 1 < Literal.size() &&
        (Literal[I + 1] == '"' || Literal[I + 1] == '\\'))
      ++I;
    Text += Literal[I];
  }
  return Text;
}

} // namespace

bool PragmaMacros::mayStartPragma(const Token &T) {
  if (T.isNot(tok::raw_identifier))
    return false;
  const StringRef Name = T.getRawIdentifier();
  if (Name == "_Pragma")
    return true;
  auto It = PP.getIdentifierTable().find(Name);
  if (It == PP.getIdentifierTable().end())
    return false;
  // A macro, the macros its definition names: one of them holds `_Pragma`.
  SmallVector<const IdentifierInfo *, 4> Work = {It->getValue()};
  SmallPtrSet<const IdentifierInfo *, 8> Seen;
  bool Holds = false;
  while (!Work.empty() && !Holds) {
    const IdentifierInfo *II = Work.pop_back_val();
    if (!Seen.insert(II).second || !II->hasMacroDefinition())
      continue;
    if (auto Known = HoldsPragma.find(II); Known != HoldsPragma.end()) {
      Holds = Known->second;
      continue;
    }
    if (const MacroInfo *MI = PP.getMacroInfo(II))
      for (const Token &R : MI->tokens())
        if (const IdentifierInfo *N = R.getIdentifierInfo()) {
          Holds |= N->getName() == "_Pragma";
          Work.push_back(N);
        }
  }
  HoldsPragma[It->getValue()] = Holds;
  return Holds;
}

std::optional<PragmaMacros::Invocation> PragmaMacros::read(const Token &T) {
  if (!mayStartPragma(T))
    return std::nullopt;
  SourceManager &SM = PP.getSourceManager();
  auto [File, Offset] = SM.getDecomposedLoc(T.getLocation());
  bool Invalid = false;
  const StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid || Offset >= Buffer.size())
    return std::nullopt;
  Lexer Raw(SM.getLocForStartOfFile(File), PP.getLangOpts(), Buffer.begin(),
            Buffer.begin() + Offset, Buffer.end());
  // The invocation: the name, and the parenthesized arguments of a
  // function-like macro (or of `_Pragma`).
  Pieces In;
  Token Tok;
  Raw.LexFromRawLexer(Tok);
  PP.LookUpIdentifierInfo(Tok);
  const MacroInfo *MI = PP.getMacroInfo(Tok.getIdentifierInfo());
  In.push_back({Tok, PP.getSpelling(Tok)});
  if (!MI || MI->isBuiltinMacro() || MI->isFunctionLike()) {
    for (unsigned Depth = 0;;) {
      Raw.LexFromRawLexer(Tok);
      if (Tok.is(tok::eof) || (In.size() == 1 && Tok.isNot(tok::l_paren)))
        return std::nullopt;
      if (Tok.is(tok::raw_identifier))
        PP.LookUpIdentifierInfo(Tok);
      In.push_back({Tok, PP.getSpelling(Tok)});
      if (Tok.is(tok::l_paren))
        ++Depth;
      else if (Tok.is(tok::r_paren) && --Depth == 0)
        break;
    }
  }
  Invocation Inv;
  Inv.End = SM.getFileOffset(Tok.getLocation()) + Tok.getLength();
  if (std::optional<Pieces> E = Expander(PP).expand(In))
    Inv.Text = pragmaText(*E);
  return Inv;
}

} // namespace plugin
} // namespace ferry
