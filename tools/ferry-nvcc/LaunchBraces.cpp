//===- LaunchBraces.cpp - Braced launch configurations for ferry-nvcc ----===//
///
/// \file
/// See LaunchBraces.h. A scan of the text that knows comments, string and
/// character literals (raw strings too) and brackets; enough to find the
/// operands of a launch configuration, which end at `>>>` outside brackets.
///
//===----------------------------------------------------------------------===//
#include "LaunchBraces.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace ferry {
namespace nvcc {

size_t skipNonCode(StringRef S, size_t Pos) {
  if (S.substr(Pos).starts_with("//"))
    return std::min(S.size(), S.find('\n', Pos));
  if (S.substr(Pos).starts_with("/*")) {
    size_t End = S.find("*/", Pos + 2);
    return End == StringRef::npos ? S.size() : End + 2;
  }
  // R"delim( ... )delim", after an identifier boundary (u8R"..", LR"..").
  if (S[Pos] == 'R' && Pos + 1 < S.size() && S[Pos + 1] == '"') {
    size_t Open = S.find('(', Pos + 2);
    if (Open != StringRef::npos && Open - Pos - 2 <= 16) {
      std::string Close = ")" + S.slice(Pos + 2, Open).str() + "\"";
      size_t End = S.find(Close, Open);
      return End == StringRef::npos ? S.size() : End + Close.size();
    }
  }
  if (S[Pos] == '"' || S[Pos] == '\'') {
    // A digit separator (1'000'000) is no literal.
    if (S[Pos] == '\'' && Pos > 0 && isAlnum(S[Pos - 1]))
      return Pos;
    char Quote = S[Pos];
    size_t I = Pos + 1;
    while (I < S.size() && S[I] != Quote && S[I] != '\n')
      I += S[I] == '\\' ? 2 : 1;
    return std::min(S.size(), I + 1);
  }
  return Pos;
}

size_t identifierEnd(StringRef S, size_t Pos) {
  while (Pos < S.size() && (isAlnum(S[Pos]) || S[Pos] == '_'))
    ++Pos;
  return Pos;
}

namespace {

/// The offsets of the braced grid and block operands of the launch
/// configuration whose `<<<` ends at \p Pos; the scan's end in \p End.
SmallVector<size_t, 2> bracedOperands(StringRef S, size_t Pos, size_t &End) {
  SmallVector<size_t, 2> Braced;
  unsigned Depth = 0, Operand = 0;
  bool AtStart = true; // no code yet in this operand
  for (size_t I = Pos; I < S.size();) {
    if (size_t Next = skipNonCode(S, I); Next != I) {
      I = Next;
      continue;
    }
    char C = S[I];
    if (Depth == 0 && S.substr(I).starts_with(">>>")) {
      End = I + 3;
      return Braced;
    }
    if (Depth == 0 && C == ';')
      break; // not a launch configuration after all
    if (AtStart && C == '{' && Depth == 0 && Operand < 2)
      Braced.push_back(I);
    if (!isSpace(C))
      AtStart = false;
    if (C == '(' || C == '[' || C == '{')
      ++Depth;
    else if ((C == ')' || C == ']' || C == '}') && Depth > 0)
      --Depth;
    else if (C == ',' && Depth == 0) {
      ++Operand;
      AtStart = true;
    }
    ++I;
  }
  End = Pos;
  return {};
}

} // namespace

std::optional<std::string> braceLaunchConfigurations(StringRef Source) {
  std::string Out;
  size_t Copied = 0;
  for (size_t I = 0; I < Source.size();) {
    if (size_t Next = skipNonCode(Source, I); Next != I) {
      I = Next;
      continue;
    }
    if (!Source.substr(I).starts_with("<<<")) {
      // An identifier's letters: R of `fooR"` starts no raw string.
      if (isAlnum(Source[I]) || Source[I] == '_') {
        I = identifierEnd(Source, I);
        if (I < Source.size() && Source[I] == '"' && Source[I - 1] == 'R')
          --I; // u8R"(...)": the raw string starts at its R
        continue;
      }
      ++I;
      continue;
    }
    size_t End;
    for (size_t Brace : bracedOperands(Source, I + 3, End)) {
      Out += Source.slice(Copied, Brace);
      Out += "dim3";
      Copied = Brace;
    }
    I = std::max(End, I + 3);
  }
  if (Copied == 0)
    return std::nullopt;
  Out += Source.substr(Copied);
  return Out;
}

std::optional<unsigned> firstOpenACCDirective(StringRef Source) {
  auto LineOf = [&](size_t Pos) { return unsigned(Source.take_front(Pos).count('\n') + 1); };
  bool LineStart = true; // only white space since the line began
  for (size_t I = 0; I < Source.size();) {
    if (size_t Next = skipNonCode(Source, I); Next != I) {
      LineStart = LineStart && Source.slice(I, Next).find('\n') != StringRef::npos;
      I = Next;
      continue;
    }
    const char C = Source[I];
    if (C == '#' && LineStart) {
      StringRef Rest = Source.substr(I + 1).ltrim(" \t");
      if (Rest.consume_front("pragma") && !Rest.empty() && isSpace(Rest[0])) {
        Rest = Rest.ltrim(" \t");
        if (Rest.starts_with("acc") && (Rest.size() == 3 || !isAlnum(Rest[3])))
          return LineOf(I);
      }
    }
    if (isAlpha(C) || C == '_') {
      size_t End = identifierEnd(Source, I);
      StringRef Rest = Source.substr(End).ltrim(" \t");
      if (Source.slice(I, End) == "_Pragma" && Rest.consume_front("(") &&
          Rest.ltrim(" \t").starts_with("\"acc "))
        return LineOf(I);
      if (End < Source.size() && Source[End] == '"' && Source[End - 1] == 'R')
        --End; // a raw string starts at its R
      I = End;
      LineStart = false;
      continue;
    }
    if (C == '\n')
      LineStart = true;
    else if (!isSpace(C))
      LineStart = false;
    ++I;
  }
  return std::nullopt;
}

} // namespace nvcc
} // namespace ferry
