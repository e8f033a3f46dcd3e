//===- NvccSpellings.cpp - What nvcc accepts and clang 19 refuses --------===//
///
/// \file
/// See NvccSpellings.h. One scan of the text that knows comments, literals,
/// preprocessor lines and brace depth collects the edits; braced launch
/// operands are LaunchBraces.cpp's, done after them.
///
//===----------------------------------------------------------------------===//
#include "NvccSpellings.h"

#include "LaunchBraces.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace ferry {
namespace nvcc {

namespace {

bool isIdentifierChar(char C) { return isAlnum(C) || C == '_'; }

/// The first offset from \p Pos that is not white space, comments and
/// line continuations included.
size_t skipSpace(StringRef S, size_t Pos) {
  while (Pos < S.size()) {
    if (isSpace(S[Pos]) ||
        (S[Pos] == '\\' && Pos + 1 < S.size() && S[Pos + 1] == '\n'))
      ++Pos;
    else if (S.substr(Pos).starts_with("//") || S.substr(Pos).starts_with("/*"))
      Pos = skipNonCode(S, Pos);
    else
      break;
  }
  return Pos;
}

/// The end of the logical line (backslash continuations joined) that
/// \p Pos is in: its newline, or the text's end.
size_t logicalLineEnd(StringRef S, size_t Pos) {
  while (Pos < S.size() && S[Pos] != '\n') {
    if (size_t Next = skipNonCode(S, Pos); Next != Pos && S[Pos] == '/') {
      Pos = Next; // a block comment may span lines
      continue;
    }
    Pos += S[Pos] == '\\' && Pos + 1 < S.size() ? 2 : 1;
  }
  return Pos;
}

struct Edit {
  size_t Begin, End;
  std::string Text;
};

class Rewriter {
public:
  explicit Rewriter(StringRef S) : S(S) {}
  void scan();
  std::optional<std::string> result() const;

private:
  size_t directive(size_t Hash);
  void pragmaInDefine(size_t Body, size_t End, ArrayRef<StringRef> Params);
  size_t asmStatement(size_t AfterKeyword);
  void percentEscapes(size_t Begin, size_t End);
  size_t usingDeclaration(size_t AfterKeyword);

  StringRef S;
  SmallVector<Edit, 8> Edits;
  unsigned Depth = 0; // of braces outside preprocessor lines
};

void Rewriter::scan() {
  bool LineStart = true; // only white space since the line began
  for (size_t I = 0; I < S.size();) {
    if (size_t Next = skipNonCode(S, I); Next != I) {
      LineStart = LineStart && S.slice(I, Next).contains('\n');
      I = Next;
      continue;
    }
    const char C = S[I];
    if (C == '#' && LineStart) {
      I = directive(I);
      continue;
    }
    if (isAlpha(C) || C == '_') {
      size_t End = identifierEnd(S, I);
      StringRef Word = S.slice(I, End);
      if (Word == "asm" || Word == "__asm__" || Word == "__asm")
        End = asmStatement(End);
      else if (Word == "using" && Depth == 0)
        End = usingDeclaration(End);
      else if (End < S.size() && S[End] == '"' && S[End - 1] == 'R')
        --End; // a raw string starts at its R
      I = End;
      LineStart = false;
      continue;
    }
    if (C == '{')
      ++Depth;
    else if (C == '}' && Depth > 0)
      --Depth;
    LineStart = C == '\n' || (LineStart && isSpace(C));
    ++I;
  }
}

/// The preprocessor line whose `#` is at \p Hash; its end.
size_t Rewriter::directive(size_t Hash) {
  const size_t End = logicalLineEnd(S, Hash);
  size_t Name = skipSpace(S, Hash + 1);
  size_t NameEnd = identifierEnd(S, Name);
  if (Name >= End || S.slice(Name, NameEnd) != "define")
    return End;
  size_t Macro = skipSpace(S, NameEnd);
  size_t Body = identifierEnd(S, Macro);
  SmallVector<StringRef, 4> Params;
  if (Body < End && S[Body] == '(') { // a function-like macro
    size_t Close = S.find(')', Body);
    if (Close == StringRef::npos || Close > End)
      return End;
    SmallVector<StringRef, 4> Pieces;
    S.slice(Body + 1, Close).split(Pieces, ',');
    for (StringRef P : Pieces)
      Params.push_back(P.trim(" \t\\\n"));
    Body = Close + 1;
  }
  pragmaInDefine(Body, End, Params);
  return End;
}

/// A `#pragma` in the replacement text [Body, End) of a macro with the
/// parameters \p Params: `_Pragma("...")`, what nvcc makes of it. Its text
/// runs to the end of its physical line; one that names a parameter is
/// left (a string cannot take the argument).
void Rewriter::pragmaInDefine(size_t Body, size_t End,
                              ArrayRef<StringRef> Params) {
  for (size_t I = Body; I < End;) {
    if (size_t Next = skipNonCode(S, I); Next != I) {
      I = Next;
      continue;
    }
    if (S[I] != '#') {
      ++I;
      continue;
    }
    size_t Word = skipSpace(S, I + 1);
    size_t WordEnd = identifierEnd(S, Word);
    if (S.slice(Word, WordEnd) != "pragma" || is_contained(Params, "pragma")) {
      I = std::max(WordEnd, I + 1);
      continue;
    }
    size_t LineEnd = std::min(End, S.find('\n', WordEnd));
    StringRef Text = S.slice(WordEnd, LineEnd);
    Text = Text.take_front(std::min(Text.find("//"), Text.find("/*")));
    Text = Text.rtrim(" \t\r\\").trim(" \t");
    for (size_t J = 0; J < Text.size();) {
      size_t K = identifierEnd(Text, J);
      if (K != J && is_contained(Params, Text.slice(J, K)))
        return;
      J = K == J ? J + 1 : K;
    }
    std::string Spelled = "_Pragma(\"";
    for (char C : Text) {
      if (C == '"' || C == '\\')
        Spelled += '\\';
      Spelled += C;
    }
    Spelled += "\")";
    const size_t TextEnd = Text.empty() ? WordEnd : Text.end() - S.begin();
    Edits.push_back({I, TextEnd, Spelled});
    I = TextEnd;
  }
}

/// An asm statement whose keyword ends at \p AfterKeyword: where it is an
/// extended one (operands after a `:`), the `%` of PTX names in its
/// template doubled. The offset to go on from.
size_t Rewriter::asmStatement(size_t AfterKeyword) {
  size_t I = skipSpace(S, AfterKeyword);
  // Qualifiers: volatile, __volatile__, inline, goto.
  while (I < S.size() && (isAlpha(S[I]) || S[I] == '_')) {
    size_t End = identifierEnd(S, I);
    StringRef Q = S.slice(I, End);
    if (Q != "volatile" && Q != "__volatile__" && Q != "__volatile" &&
        Q != "inline" && Q != "goto")
      return AfterKeyword;
    I = skipSpace(S, End);
  }
  if (I >= S.size() || S[I] != '(')
    return AfterKeyword;
  SmallVector<std::pair<size_t, size_t>, 2> Template; // its string literals
  unsigned Parens = 0;
  for (++I; I < S.size();) {
    if (size_t Next = skipNonCode(S, I); Next != I) {
      if (S[I] == '"')
        Template.push_back({I + 1, Next - 1});
      I = Next;
      continue;
    }
    const char C = S[I];
    if (C == ':' && Parens == 0)
      break; // extended asm: the template ends here
    if (C == ';' || (C == ')' && Parens == 0))
      return I; // basic asm: `%` is no escape there
    Parens += C == '(';
    Parens -= C == ')';
    I += isIdentifierChar(C) ? identifierEnd(S, I) - I : 1;
  }
  for (auto [Begin, End] : Template)
    percentEscapes(Begin, End);
  return I;
}

/// In the asm template text [Begin, End), a `%` that clang reads as no
/// operand, a letter and another letter after it (`%laneid`, `%clock64`,
/// `%tid.x`), doubled; `%%`, `%0`, `%[name]` and a modifier before an
/// operand (`%c0`) stay.
void Rewriter::percentEscapes(size_t Begin, size_t End) {
  for (size_t I = Begin; I + 1 < End; ++I) {
    if (S[I] == '\\') {
      ++I;
      continue;
    }
    if (S[I] != '%')
      continue;
    const char Next = S[I + 1];
    if (Next == '%') {
      ++I;
      continue;
    }
    if (isAlpha(Next) && I + 2 < End && !isDigit(S[I + 2]) && S[I + 2] != '[')
      Edits.push_back({I, I, "%"});
  }
}

/// `using std::malloc;` or `using std::free;` outside braces, the keyword
/// ending at \p AfterKeyword: a comment. The offset to go on from.
size_t Rewriter::usingDeclaration(size_t AfterKeyword) {
  size_t I = skipSpace(S, AfterKeyword);
  if (S.substr(I).starts_with("::"))
    I = skipSpace(S, I + 2);
  size_t End = identifierEnd(S, I);
  if (S.slice(I, End) != "std")
    return AfterKeyword;
  I = skipSpace(S, End);
  if (!S.substr(I).starts_with("::"))
    return AfterKeyword;
  I = skipSpace(S, I + 2);
  End = identifierEnd(S, I);
  StringRef Name = S.slice(I, End);
  I = skipSpace(S, End);
  if ((Name != "malloc" && Name != "free") || I >= S.size() || S[I] != ';')
    return AfterKeyword;
  const size_t Keyword = AfterKeyword - 5;
  if (S.slice(Keyword, I + 1).contains("/*"))
    return AfterKeyword;
  Edits.push_back({Keyword, Keyword, "/* "});
  Edits.push_back({I + 1, I + 1, " */"});
  return I + 1;
}

std::optional<std::string> Rewriter::result() const {
  if (Edits.empty())
    return std::nullopt;
  std::string Out;
  size_t Copied = 0;
  for (const Edit &E : Edits) {
    Out += S.slice(Copied, E.Begin);
    Out += E.Text;
    Copied = E.End;
  }
  Out += S.substr(Copied);
  return Out;
}

} // namespace

std::optional<std::string> rewriteNvccSpellings(StringRef Source) {
  Rewriter R(Source);
  R.scan();
  std::optional<std::string> Rewritten = R.result();
  std::optional<std::string> Braced =
      braceLaunchConfigurations(Rewritten ? StringRef(*Rewritten) : Source);
  return Braced ? Braced : Rewritten;
}

std::vector<IncludedName> includedNames(StringRef Source) {
  std::vector<IncludedName> Names;
  for (size_t I = 0; I < Source.size();) {
    size_t Line = Source.find('\n', I);
    StringRef Text = Source.slice(I, Line).ltrim(" \t");
    I = Line == StringRef::npos ? Source.size() : Line + 1;
    if (!Text.consume_front("#"))
      continue;
    Text = Text.ltrim(" \t");
    if (!Text.consume_front("include") || Text.empty() ||
        isIdentifierChar(Text[0]))
      continue;
    Text = Text.ltrim(" \t");
    if (Text.empty() || (Text[0] != '"' && Text[0] != '<'))
      continue;
    const char Close = Text[0] == '"' ? '"' : '>';
    size_t End = Text.find(Close, 1);
    if (End != StringRef::npos && End > 1)
      Names.push_back({Text.slice(1, End).str(), Close == '"'});
  }
  return Names;
}

} // namespace nvcc
} // namespace ferry
