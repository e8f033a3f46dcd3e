//===- PtxFunctionTable.cpp - Device-function addresses of PTX ------------===//
///
/// \file
/// Implementation of the PTX scan and the function address table.
///
//===----------------------------------------------------------------------===//
#include "cuda/PtxFunctionTable.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace ferry {
namespace {

bool isIdentifierStart(char C) {
  return std::isalpha(static_cast<unsigned char>(C)) || C == '_' || C == '$' || C == '%';
}
bool isIdentifierChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '$';
}

std::string_view trim(std::string_view S) {
  while (!S.empty() && std::isspace(static_cast<unsigned char>(S.front())))
    S.remove_prefix(1);
  while (!S.empty() && std::isspace(static_cast<unsigned char>(S.back())))
    S.remove_suffix(1);
  return S;
}

/// The top level of a PTX text, read once from the start: directives and
/// the names they introduce; blocks, strings and comments are skipped whole.
class PtxScanner {
public:
  PtxScanner(std::string_view Text, PtxScan &Out) : Text(Text), Out(Out) {}

  std::string run() {
    while (skipBlank()) {
      if (Pos == Text.size())
        break;
      const char C = Text[Pos];
      if (C == '{') {
        if (!skipBlock())
          break;
      } else if (C == '}') {
        fail(Pos, "'}' without its '{'");
        break;
      } else if (C == '"') {
        if (!skipString())
          break;
      } else if (C == '.') {
        if (!directive())
          break;
      } else if (isIdentifierChar(C)) {
        while (Pos < Text.size() && isIdentifierChar(Text[Pos]))
          ++Pos;
      } else {
        ++Pos;
      }
    }
    if (Error.empty() && Out.Version.empty())
      Error = "no .version directive";
    if (Error.empty() && Out.Target.empty())
      Error = "no .target directive";
    return Error;
  }

private:
  std::string_view Text;
  PtxScan &Out;
  size_t Pos = 0;
  std::string Error;
  std::set<std::string, std::less<>> Defined;

  bool fail(size_t At, const std::string &What) {
    if (Error.empty())
      Error = "line " +
              std::to_string(1 + std::count(Text.begin(), Text.begin() + At, '\n')) + ": " +
              What;
    return false;
  }

  /// At "//" or "/*": moves past the comment. False if a /* does not end.
  bool skipComment() {
    if (Text[Pos + 1] == '/') {
      Pos = std::min(Text.find('\n', Pos), Text.size());
      return true;
    }
    const size_t End = Text.find("*/", Pos + 2);
    if (End == std::string_view::npos)
      return fail(Pos, "a /* comment that does not end");
    Pos = End + 2;
    return true;
  }

  bool atComment() const {
    return Pos + 1 < Text.size() && Text[Pos] == '/' &&
           (Text[Pos + 1] == '/' || Text[Pos + 1] == '*');
  }

  /// Skips white space and comments. False on an unterminated comment.
  bool skipBlank() {
    while (Pos < Text.size()) {
      if (std::isspace(static_cast<unsigned char>(Text[Pos])))
        ++Pos;
      else if (atComment()) {
        if (!skipComment())
          return false;
      } else
        break;
    }
    return true;
  }

  /// At '"': moves past the string.
  bool skipString() {
    const size_t Open = Pos;
    for (++Pos; Pos < Text.size() && Text[Pos] != '"' && Text[Pos] != '\n'; ++Pos)
      if (Text[Pos] == '\\')
        ++Pos;
    if (Pos >= Text.size() || Text[Pos] != '"')
      return fail(Open, "a string that does not end on its line");
    ++Pos;
    return true;
  }

  /// At '{': moves past the block and the blocks nested in it.
  bool skipBlock() {
    const size_t Open = Pos;
    int Depth = 0;
    while (Pos < Text.size()) {
      const char C = Text[Pos];
      if (atComment()) {
        if (!skipComment())
          return false;
        continue;
      }
      if (C == '"') {
        if (!skipString())
          return false;
        continue;
      }
      ++Pos;
      if (C == '{')
        ++Depth;
      else if (C == '}' && --Depth == 0)
        return true;
    }
    return fail(Open, "'{' without its '}'");
  }

  /// Reads the identifier at Pos (after blanks); "" if there is none.
  std::string_view identifier() {
    if (!skipBlank() || Pos == Text.size() || !isIdentifierStart(Text[Pos]))
      return {};
    const size_t Begin = Pos++;
    while (Pos < Text.size() && isIdentifierChar(Text[Pos]))
      ++Pos;
    return Text.substr(Begin, Pos - Begin);
  }

  /// At '.': reads a directive word and what the scan needs after it.
  bool directive() {
    const size_t Begin = Pos++;
    while (Pos < Text.size() && isIdentifierChar(Text[Pos]))
      ++Pos;
    const std::string_view Word = Text.substr(Begin, Pos - Begin);
    if (Word == ".version" || Word == ".target" || Word == ".address_size") {
      // The rest of the line, without a comment.
      size_t End = std::min(Text.find('\n', Pos), Text.size());
      End = std::min({End, Text.find("//", Pos), Text.find("/*", Pos)});
      std::string &Field = Word == ".version" ? Out.Version
                           : Word == ".target" ? Out.Target
                                               : Out.AddressSize;
      if (Field.empty())
        Field = std::string(Word) + " " + std::string(trim(Text.substr(Pos, End - Pos)));
      Pos = End;
      return true;
    }
    if (Word == ".entry")
      return entry(Begin);
    if (Word != ".visible" && Word != ".weak")
      return true;
    if (!skipBlank())
      return false;
    if (takeWord(".entry"))
      return entry(Begin);
    if (!takeWord(".func"))
      return true;
    return function(Begin);
  }

  /// Moves past directive word \p Word if it is at Pos.
  bool takeWord(std::string_view Word) {
    if (Text.substr(Pos, Word.size()) != Word ||
        (Pos + Word.size() < Text.size() && isIdentifierChar(Text[Pos + Word.size()])))
      return false;
    Pos += Word.size();
    return true;
  }

  bool entry(size_t Begin) {
    const std::string_view Name = identifier();
    if (Name.empty())
      return fail(Begin, "an .entry without a name");
    Out.Kernels.emplace_back(Name);
    return true;
  }

  /// After `.visible .func` or `.weak .func` at \p Begin: reads the header
  /// up to its '{' (a definition) or ';' (a declaration), and records a
  /// definition. Pos stays at the '{' or ';'.
  bool function(size_t Begin) {
    std::string Header;
    int Parens = 0;
    size_t Open = Pos;
    while (true) {
      if (Pos == Text.size())
        return fail(Begin, "the header of a .func does not end (no '{' or ';' after it)");
      if (atComment()) {
        if (!skipComment())
          return false;
        Header += ' ';
        continue;
      }
      const char C = Text[Pos];
      if (C == '(') {
        if (!Parens++)
          Open = Pos;
      } else if (C == ')') {
        if (!Parens)
          return fail(Pos, "')' without its '(' in the header of a .func");
        --Parens;
      } else if (C == '{' || C == ';' || C == '}') {
        if (Parens)
          return fail(Open, "'(' without its ')' in the header of a .func");
        if (C == '}')
          return fail(Pos, "'}' without its '{'");
        break;
      }
      Header += C;
      ++Pos;
    }
    const std::string Name = nameOf(Header);
    if (Name.empty())
      return fail(Begin, "a .func without a name");
    if (Text[Pos] == '{' && Defined.insert(Name).second)
      Out.Functions.push_back({Name, std::string(trim(Header))});
    return true;
  }

  /// The function name in a header: the first identifier after attributes
  /// (`.attribute(...)`) and the return parameter list.
  static std::string nameOf(std::string_view Header) {
    size_t I = 0;
    while (I < Header.size()) {
      const char C = Header[I];
      if (std::isspace(static_cast<unsigned char>(C))) {
        ++I;
      } else if (C == '(') {
        for (int Depth = 0; I < Header.size(); ++I) {
          Depth += Header[I] == '(' ? 1 : Header[I] == ')' ? -1 : 0;
          if (!Depth)
            break;
        }
        ++I;
      } else if (C == '.') {
        for (++I; I < Header.size() && isIdentifierChar(Header[I]); ++I)
          ;
      } else {
        break;
      }
    }
    if (I >= Header.size() || !isIdentifierStart(Header[I]))
      return "";
    const size_t Begin = I;
    while (I < Header.size() && isIdentifierChar(Header[I]))
      ++I;
    return std::string(Header.substr(Begin, I - Begin));
  }
};

/// \p Target (a `.target` directive) without `debug`: ptxas requires debug
/// information of a debug target, and the table has none.
std::string withoutDebug(std::string_view Target) {
  std::string Out = ".target ";
  Target.remove_prefix(std::min(Target.size(), sizeof(".target") - 1));
  bool First = true;
  while (!Target.empty()) {
    const size_t Comma = std::min(Target.find(','), Target.size());
    const std::string_view Item = trim(Target.substr(0, Comma));
    Target.remove_prefix(std::min(Comma + 1, Target.size()));
    if (Item == "debug")
      continue;
    Out += (First ? "" : ", ") + std::string(Item);
    First = false;
  }
  return Out;
}

} // namespace

std::string scanPtx(std::string_view Text, PtxScan &Out) {
  return PtxScanner(Text, Out).run();
}

std::string functionAddressTable(const PtxScan &Scan) {
  // Without .address_size, PTX addresses are 32 bits wide.
  const bool Wide = trim(Scan.AddressSize.substr(std::min<size_t>(
                        Scan.AddressSize.size(), sizeof(".address_size") - 1))) == "64";
  std::string Table = "// The device-function addresses of a PTX image, for the Ferry runtime.\n" +
                      Scan.Version + "\n" + withoutDebug(Scan.Target) + "\n";
  if (!Scan.AddressSize.empty())
    Table += Scan.AddressSize + "\n";
  Table += "\n";
  for (const PtxFunction &F : Scan.Functions)
    Table += ".extern .func " + F.Header + ";\n";
  for (const PtxFunction &F : Scan.Functions)
    Table += std::string(".visible .global ") + (Wide ? ".align 8 .u64 " : ".align 4 .u32 ") +
             std::string(FunctionAddressPrefix) + F.Name + " = " + F.Name + ";\n";
  return Table;
}

} // namespace ferry
