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

#include <algorithm>

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
  size_t sharedDeclaration(size_t Keyword, bool AtStart, bool AfterStatic);
  size_t sharedObject(size_t Keyword, size_t TypeBegin, StringRef Alignas);

  StringRef S;
  SmallVector<Edit, 8> Edits;
  unsigned Depth = 0; // of braces outside preprocessor lines
};

void Rewriter::scan() {
  bool LineStart = true; // only white space since the line began
  char LastCode = ';';   // the last character of code, not a directive's
  StringRef LastWord;    // the identifier LastCode ends, if one does
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
      else if (Word == "__shared__")
        End = sharedDeclaration(I, StringRef(";{}").contains(LastCode),
                                LastWord == "static");
      else if (End < S.size() && S[End] == '"' && S[End - 1] == 'R')
        --End; // a raw string starts at its R
      // A declaration sharedDeclaration rewrote ends in its `;`.
      LastCode = S[End - 1] == ';' ? ';' : 'a';
      LastWord = LastCode == 'a' ? Word : StringRef();
      I = End;
      LineStart = false;
      continue;
    }
    if (C == '{')
      ++Depth;
    else if (C == '}' && Depth > 0)
      --Depth;
    if (!isSpace(C)) {
      LastCode = C;
      LastWord = StringRef();
    }
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

/// The `)` that closes the `(` at \p Open, outside comments and literals;
/// npos where there is none.
static size_t closingParen(StringRef S, size_t Open) {
  unsigned Parens = 0;
  for (size_t I = Open; I < S.size();) {
    if (size_t Next = skipNonCode(S, I); Next != I) {
      I = Next;
      continue;
    }
    Parens += S[I] == '(';
    if (S[I] == ')' && --Parens == 0)
      return I;
    if (S[I] == ';' || S[I] == '{' || S[I] == '}')
      return StringRef::npos;
    ++I;
  }
  return StringRef::npos;
}

/// A `__shared__` declaration specifier at \p Keyword; \p AtStart: it
/// begins the declaration, \p AfterStatic: `static` comes just before it.
/// nvcc's `__shared__ alignas(N) T x;` is spelled `alignas(N) __shared__ T
/// x;` (clang: "an attribute list cannot appear here"; nvcc refuses
/// alignas after other specifiers too), and an object sharedObject rewrites
/// is. The offset to go on from.
size_t Rewriter::sharedDeclaration(size_t Keyword, bool AtStart, bool AfterStatic) {
  const size_t AfterKeyword = Keyword + StringRef("__shared__").size();
  size_t I = skipSpace(S, AfterKeyword);
  StringRef Alignas;
  if (AtStart && S.slice(I, identifierEnd(S, I)) == "alignas") {
    size_t Open = skipSpace(S, identifierEnd(S, I));
    size_t Close = Open < S.size() && S[Open] == '(' ? closingParen(S, Open) : StringRef::npos;
    if (Close == StringRef::npos)
      return AfterKeyword;
    Alignas = S.slice(I, Close + 1);
    I = skipSpace(S, Close + 1);
  }
  if ((AtStart || AfterStatic) && Depth > 0)
    if (size_t End = sharedObject(Keyword, I, Alignas); End != Keyword)
      return End;
  if (Alignas.empty())
    return AfterKeyword;
  // The same characters in the other order (the lines between them
  // kept): columns after them stay.
  StringRef Gap = S.slice(AfterKeyword, Alignas.begin() - S.begin());
  const size_t Lines = Gap.count('\n');
  Edits.push_back({Keyword, size_t(Alignas.end() - S.begin()),
                   Alignas.str() + " __shared__" +
                       (Lines ? std::string(Lines, '\n') : std::string(Gap.size() - 1, ' '))});
  return Alignas.end() - S.begin();
}

/// The libcu++ classes whose objects nvcc declares `__shared__` with a
/// warning (#20054-D: their constructor or destructor is not empty, and
/// nvcc runs neither) and clang refuses ("initialization is not supported
/// for __shared__ variables"): a type named with one of these words.
static bool isUnconstructedSharedType(StringRef Type) {
  for (size_t I = 0; I < Type.size();) {
    size_t End = identifierEnd(Type, I);
    if (End == I) {
      ++I;
      continue;
    }
    StringRef Word = Type.slice(I, End);
    if (Word == "barrier" || Word == "pipeline_shared_state")
      return true;
    I = End;
  }
  return false;
}

/// In a function, `__shared__ T name;` or `__shared__ T name[N]...;` (the
/// keyword at \p Keyword, the type from \p TypeBegin, after nvcc's
/// \p Alignas if any) whose T isUnconstructedSharedType: what nvcc makes
/// of it, storage that no constructor runs on and a reference of the
/// declared name to it, `__shared__ unsigned char __ferry_shared_name
/// alignas(T) [sizeof(T[N])]; T (&name)[N] = *reinterpret_cast<T (*)[N]>(
/// __ferry_shared_name);`, on the declaration's lines. The offset after
/// the declaration, or \p Keyword where it is no such declaration (an
/// initializer, several declarators, a pointer, a comment inside).
size_t Rewriter::sharedObject(size_t Keyword, size_t TypeBegin, StringRef Alignas) {
  size_t Semi = StringRef::npos, NameBegin = 0, NameEnd = 0, DimsBegin = 0;
  unsigned Angles = 0, Brackets = 0;
  for (size_t I = TypeBegin; I < S.size() && Semi == StringRef::npos;) {
    if (skipNonCode(S, I) != I)
      return Keyword;
    const char C = S[I];
    if (isAlpha(C) || C == '_') {
      size_t End = identifierEnd(S, I);
      if (Angles == 0 && Brackets == 0 && !DimsBegin) {
        NameBegin = I;
        NameEnd = End;
      }
      I = End;
      continue;
    }
    if (StringRef("=(){}\\#").contains(C) || (C == ',' && Angles == 0))
      return Keyword;
    Angles += C == '<';
    Angles -= C == '>' && Angles > 0;
    if (C == '[' && Angles == 0 && Brackets++ == 0 && !DimsBegin)
      DimsBegin = I;
    Brackets -= C == ']' && Brackets > 0;
    if (C == ';' && Angles == 0 && Brackets == 0)
      Semi = I;
    ++I;
  }
  if (Semi == StringRef::npos || NameBegin <= TypeBegin)
    return Keyword;
  StringRef Type = S.slice(TypeBegin, NameBegin).rtrim();
  if (Type.empty() || Type.back() == '*' || Type.back() == '&' ||
      !isUnconstructedSharedType(Type))
    return Keyword;
  auto OneLine = [](StringRef Text) {
    std::string Line = Text.trim().str();
    std::replace(Line.begin(), Line.end(), '\n', ' ');
    return Line;
  };
  const std::string T = OneLine(Type), Name = S.slice(NameBegin, NameEnd).str();
  const std::string Dims = DimsBegin ? OneLine(S.slice(DimsBegin, Semi)) : "";
  const std::string Storage = "__ferry_shared_" + Name;
  std::string Text = "__shared__ unsigned char " + Storage + " alignas(" + T + ")";
  if (!Alignas.empty())
    Text += " " + Alignas.str();
  Text += " [sizeof(" + T + Dims + ")]; " + T + " (&" + Name + ")" + Dims +
          " = *reinterpret_cast<" + T + " (*)" + Dims + ">(" + Storage + ");";
  Text.append(S.slice(Keyword, Semi).count('\n'), '\n');
  Edits.push_back({Keyword, Semi + 1, Text});
  return Semi + 1;
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
