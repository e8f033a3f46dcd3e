//===- PTXParser.cpp - The grammar of inline PTX Ferry reads --------------===//
///
/// \file
/// Implementation of parsePTX. Statements are split at ';' and at scope
/// braces outside vector operands (a '{' that follows an opcode or a comma
/// opens a vector, one at the start of a statement opens a scope).
///
//===----------------------------------------------------------------------===//
#include "PTXParser.h"

#include "llvm/ADT/StringExtras.h"

#include <cctype>

using namespace llvm;

namespace ferry {

std::string oneLinePTX(StringRef Text) {
  std::string Out;
  for (char C : Text) {
    if (C == '\n' || C == '\t' || C == '\r')
      C = ' ';
    if (C == ' ' && (Out.empty() || Out.back() == ' '))
      continue;
    Out += C;
  }
  while (!Out.empty() && Out.back() == ' ')
    Out.pop_back();
  return Out;
}

namespace {

/// Removes // and /* */ comments.
std::string stripComments(StringRef T) {
  std::string Out;
  for (size_t I = 0; I < T.size(); ++I) {
    if (T.substr(I).starts_with("//")) {
      while (I < T.size() && T[I] != '\n')
        ++I;
      Out += '\n';
      continue;
    }
    if (T.substr(I).starts_with("/*")) {
      size_t End = T.find("*/", I + 2);
      I = End == StringRef::npos ? T.size() : End + 1;
      Out += ' ';
      continue;
    }
    Out += T[I];
  }
  return Out;
}

/// Splits the template into statement texts and scope markers. A '{' at
/// the start of a statement is a scope; inside one (after the opcode) it
/// opens a vector operand.
void splitStatements(StringRef T, SmallVectorImpl<std::string> &Out) {
  std::string Cur;
  int VectorDepth = 0;
  auto Flush = [&] {
    StringRef S = StringRef(Cur).trim();
    if (!S.empty())
      Out.push_back(S.str());
    Cur.clear();
  };
  for (char C : T) {
    const bool AtStart = StringRef(Cur).trim().empty();
    if (C == '{' && AtStart && VectorDepth == 0) {
      Cur.clear();
      continue; // a scope
    }
    if (C == '}' && VectorDepth == 0) {
      Flush(); // the end of a scope
      continue;
    }
    if (C == '{')
      ++VectorDepth;
    if (C == '}')
      --VectorDepth;
    if (C == ';' && VectorDepth == 0) {
      Flush();
      continue;
    }
    // A label ends at ':' (outside vectors and addresses); a label has no
    // '.', an opcode with a qualified state space (`.shared::cta`) does.
    if (C == ':' && VectorDepth == 0 && !StringRef(Cur).contains('[')) {
      StringRef L = StringRef(Cur).trim();
      if (!L.empty() && !L.contains(' ') && !L.contains(',') && !L.contains('.')) {
        Out.push_back(L.str() + ":");
        Cur.clear();
        continue;
      }
    }
    Cur += C;
  }
  Flush();
}

bool isIdentChar(char C) {
  return isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '$' ||
         C == '%' || C == '.';
}

/// Splits a video lane selector or mask (`.b0`, `.h10`, `.b3210`: `b` or
/// `h` and digits) off the end of \p S.
StringRef splitSelector(StringRef S, std::string &Selector) {
  size_t Dot = S.rfind('.');
  if (Dot == StringRef::npos || Dot == 0)
    return S;
  StringRef Sel = S.substr(Dot + 1);
  if (Sel.size() < 2 || (Sel[0] != 'b' && Sel[0] != 'h') ||
      !all_of(Sel.drop_front(), isDigit))
    return S;
  Selector = Sel.str();
  return S.substr(0, Dot);
}

/// Whether \p C starts a register, an asm operand or a name.
bool startsName(char C) { return C == '$' || C == '%' || isAlpha(C) || C == '_'; }

/// Parses the operand \p S into \p Op; returns an error or "".
std::string parseOperand(StringRef S, PTXOperand &Op);

/// Parses \p Items into the elements of \p Op.
std::string parseElements(ArrayRef<StringRef> Items, PTXOperand &Op) {
  for (StringRef I : Items) {
    PTXOperand E;
    if (std::string Err = parseOperand(I, E); !Err.empty())
      return Err;
    Op.Elements.push_back(std::move(E));
  }
  return "";
}

/// A vector `{a, b, ...}` (\p S, braces included).
std::string parseVector(StringRef S, PTXOperand &Op) {
  if (!S.ends_with("}"))
    return "an unterminated vector operand '" + S.str() + "'";
  Op.K = PTXOperand::Vector;
  SmallVector<StringRef, 4> Items;
  S.drop_front().drop_back().split(Items, ',');
  return parseElements(Items, Op);
}

/// An address `[base]`, `[base+off]` or `[base-off]` (\p S, brackets
/// included): the base and the constant offset. A texture or surface tuple
/// (`[t, {x, y}]`) has no base; it is refused where used.
std::string parseAddress(StringRef S, PTXOperand &Op) {
  if (!S.ends_with("]"))
    return "an unterminated address '" + S.str() + "'";
  Op.K = PTXOperand::Address;
  StringRef In = S.drop_front().drop_back().trim();
  if (In.contains(','))
    return "";
  StringRef Base = In, Off;
  size_t Plus = In.find_first_of("+-", 1);
  if (Plus != StringRef::npos) {
    Base = In.substr(0, Plus).trim();
    Off = In.substr(Plus).trim();
    bool Neg = Off.consume_front("-");
    if (!Neg)
      Off.consume_front("+");
    if (Off.trim().getAsInteger(0, Op.Offset))
      return "an address offset that is not a constant in '" + S.str() + "'";
    if (Neg)
      Op.Offset = -Op.Offset;
  }
  return parseElements(Base, Op);
}

/// A pair `d|p` (setp's two destinations).
std::string parsePair(StringRef S, PTXOperand &Op) {
  Op.K = PTXOperand::Pair;
  auto [D, P] = S.split('|');
  return parseElements({D, P}, Op);
}

/// An asm operand `$N` (or `%N`), an immediate, or a register `[!]name`
/// (\p S not empty).
std::string parseScalar(StringRef S, PTXOperand &Op) {
  if ((S[0] == '$' || S[0] == '%') && S.size() > 1 && isDigit(S[1])) {
    Op.K = PTXOperand::AsmOperand;
    if (S.drop_front().getAsInteger(10, Op.Number))
      return "a malformed asm operand '" + S.str() + "'";
    return "";
  }
  if (isDigit(S[0]) || S[0] == '-' || S[0] == '+') {
    Op.K = PTXOperand::Immediate;
    return "";
  }
  if (S.consume_front("!"))
    Op.Negated = true;
  for (char C : S)
    if (!isIdentChar(C))
      return "a malformed operand '" + S.str() + "'";
  Op.K = PTXOperand::Register;
  Op.Text = S.str();
  return "";
}

std::string parseOperand(StringRef S, PTXOperand &Op) {
  S = S.trim();
  // A minus sign before a register or asm operand (vmad's `-a`); `-1` is
  // an immediate. Text is the operand without it.
  if (S.size() > 1 && S[0] == '-' && startsName(S[1])) {
    Op.Minus = true;
    S = S.drop_front();
  }
  Op.Text = S.str();
  if (S.empty())
    return "an empty operand";
  if (startsName(S[0]))
    S = splitSelector(S, Op.Selector);
  if (S.starts_with("{"))
    return parseVector(S, Op);
  if (S.starts_with("["))
    return parseAddress(S, Op);
  if (S.contains('|'))
    return parsePair(S, Op);
  return parseScalar(S, Op);
}

/// The names of `.reg .u32 a, b<4>;` (also written `.reg.u32 a;`, as CUDA's
/// fp16 headers do): \p Op is `.reg` or `.reg.<type>`, \p Rest what follows.
/// Fills \p S's type (Opcode) and one operand per register; returns an error
/// or "".
std::string parseRegisterDeclaration(StringRef Op, StringRef Rest, PTXStatement &S) {
  S.K = PTXStatement::RegDecl;
  StringRef NameList = Rest;
  if (Op == ".reg") {
    size_t TSp = Rest.find_first_of(" \t");
    if (TSp == StringRef::npos)
      return "a register declaration without names in '" + S.Text + "'";
    S.Opcode = Rest.substr(0, TSp).str();
    NameList = Rest.substr(TSp);
  } else {
    S.Opcode = Op.drop_front(4).str(); // ".u32"
    if (Rest.empty())
      return "a register declaration without names in '" + S.Text + "'";
  }
  SmallVector<StringRef, 4> Names;
  NameList.split(Names, ',');
  for (StringRef N : Names) {
    N = N.trim();
    unsigned Count = 0;
    if (N.ends_with(">") && N.contains('<')) {
      auto [Base, Num] = N.drop_back().split('<');
      if (Num.getAsInteger(10, Count) || Count > 4096)
        return "a malformed register range '" + N.str() + "'";
      for (unsigned I = 0; I < Count; ++I) {
        PTXOperand O;
        O.Text = (Base + Twine(I)).str();
        S.Operands.push_back(std::move(O));
      }
      continue;
    }
    PTXOperand O;
    O.Text = N.str();
    S.Operands.push_back(std::move(O));
  }
  return "";
}

/// The operands \p Rest of instruction \p S, split at commas outside {}
/// and []; returns an error or "".
std::string parseInstructionOperands(StringRef Rest, PTXStatement &S) {
  int Depth = 0;
  std::string Cur;
  auto Push = [&]() -> std::string {
    PTXOperand O;
    if (std::string Err = parseOperand(Cur, O); !Err.empty())
      return Err + " in '" + S.Text + "'";
    S.Operands.push_back(std::move(O));
    Cur.clear();
    return "";
  };
  for (char C : Rest) {
    if (C == '{' || C == '[')
      ++Depth;
    if (C == '}' || C == ']')
      --Depth;
    if (C == ',' && Depth == 0) {
      if (std::string Err = Push(); !Err.empty())
        return Err;
      continue;
    }
    Cur += C;
  }
  if (!StringRef(Cur).trim().empty())
    if (std::string Err = Push(); !Err.empty())
      return Err;
  return "";
}

/// Statement \p T (without its `;`) into \p S: a label, a register
/// declaration or an instruction with its guard; returns an error or "".
std::string parseStatement(const std::string &T, PTXStatement &S) {
  S.Text = oneLinePTX(T);
  StringRef R = StringRef(S.Text);
  if (R.ends_with(":")) {
    S.K = PTXStatement::Label;
    S.Opcode = R.drop_back().str();
    return "";
  }
  if (R.consume_front("@")) {
    S.GuardNegated = R.consume_front("!");
    size_t Sp = R.find(' ');
    if (Sp == StringRef::npos)
      return "a guard without an instruction in '" + S.Text + "'";
    S.Guard = R.substr(0, Sp).str();
    R = R.substr(Sp).trim();
  }
  size_t Sp = R.find_first_of(" \t");
  StringRef Op = R.substr(0, Sp);
  StringRef Rest = Sp == StringRef::npos ? "" : R.substr(Sp).trim();
  if (Op == ".reg" || Op.starts_with(".reg."))
    return parseRegisterDeclaration(Op, Rest, S);
  if (Op.starts_with("."))
    return "the directive '" + Op.str() + "' (only .reg is translated) in '" + S.Text + "'";
  S.Opcode = Op.str();
  return parseInstructionOperands(Rest, S);
}

} // namespace

std::string parsePTX(StringRef Text, SmallVectorImpl<PTXStatement> &Out) {
  SmallVector<std::string, 16> Texts;
  splitStatements(stripComments(Text), Texts);
  for (const std::string &T : Texts) {
    PTXStatement S;
    if (std::string Err = parseStatement(T, S); !Err.empty())
      return Err;
    Out.push_back(std::move(S));
  }
  // Opcode parts point into the stored strings.
  for (PTXStatement &S : Out)
    if (S.K == PTXStatement::Instruction)
      StringRef(S.Opcode).split(S.Parts, '.');
  return "";
}

} // namespace ferry
