//===- DependenceTest.cpp - Independent iterations of a kernels loop -------===//
///
/// \file
/// See DependenceTest.h.
///
//===----------------------------------------------------------------------===//
#include "DependenceTest.h"

#include "llvm/ADT/StringMap.h"

using namespace clang;
using namespace llvm;

namespace ferry {
namespace plugin {
namespace {

bool isAssignment(const Token &T) {
  return T.isOneOf(tok::equal, tok::plusequal, tok::minusequal, tok::starequal,
                   tok::slashequal, tok::percentequal, tok::ampequal, tok::pipeequal,
                   tok::caretequal, tok::lesslessequal, tok::greatergreaterequal);
}

bool isTypeWord(const Token &T) {
  if (T.isOneOf(tok::kw_int, tok::kw_long, tok::kw_short, tok::kw_char, tok::kw_double,
                tok::kw_float, tok::kw_unsigned, tok::kw_signed, tok::kw_bool, tok::kw_auto,
                tok::kw_const))
    return true;
  if (!T.is(tok::identifier))
    return false;
  StringRef N = T.getIdentifierInfo()->getName();
  return N == "size_t" || N == "int64_t" || N == "int32_t" || N == "uint64_t" ||
         N == "uint32_t" || N == "ptrdiff_t";
}

bool isMathCall(StringRef N) {
  static const StringSet<> Names = {"sqrt", "exp", "log", "pow", "sin", "cos", "tan", "fabs",
                                    "abs", "fmin", "fmax", "min", "max", "floor", "ceil",
                                    "sqrtf", "expf", "logf", "powf", "sinf", "cosf", "fabsf",
                                    "exp2", "log2", "log10", "tanh", "atan", "atan2", "erf",
                                    "cbrt", "hypot", "fma"};
  return Names.contains(N);
}

std::string spell(Preprocessor &PP, ArrayRef<Token> Toks) {
  std::string S;
  for (const Token &T : Toks)
    S += PP.getSpelling(T) + " ";
  return S;
}

class Test {
public:
  Test(Preprocessor &PP, const CanonicalLoop &L, const StringSet<> &Mapped,
       const StringSet<> &Reductions)
      : PP(PP), L(L), Body(L.Body), Mapped(Mapped), Reductions(Reductions) {}

  std::string run() {
    if (std::string Why = scan(); !Why.empty())
      return Why;
    for (auto &[Name, Subscripts] : Written) {
      const std::string &First = Subscripts.front();
      for (const std::string &S : Accesses[Name])
        if (S != First)
          return "loop-carried dependence on '" + Name.str() + "': it is written as " +
                 Name.str() + display(First) + " and accessed as " + Name.str() + display(S);
      if (std::string Why = injective(Name); !Why.empty())
        return Why;
    }
    for (auto &[Name, Subscripts] : Accesses)
      if (!Locals.contains(Name) && !Mapped.contains(Name))
        return "'" + Name.str() +
               "' is not named with a section in a data clause, so it may overlap the "
               "arrays the loop writes";
    return {};
  }

private:
  Preprocessor &PP;
  const CanonicalLoop &L;
  ArrayRef<Token> Body;
  const StringSet<> &Mapped, &Reductions;
  StringSet<> Locals;
  /// Per array: the subscripts (as text) of every write and of every access.
  StringMap<std::vector<std::string>> Written, Accesses;
  /// The first subscript's tokens of each written array.
  StringMap<SmallVector<Token, 8>> FirstSubscript;
  StringSet<> Assigned; ///< scalars the body assigns

  static std::string display(const std::string &S) {
    std::string Out;
    for (char C : S)
      if (C != ' ')
        Out += C;
    return Out;
  }

  /// The subscripts after Body[I] (a name): "[...][...]" as text; \p End
  /// is past them; \p First the tokens of the first one.
  std::string subscripts(size_t I, size_t &End, SmallVectorImpl<Token> &First) {
    std::string Text;
    End = I + 1;
    while (End < Body.size() && Body[End].is(tok::l_square)) {
      size_t Open = End;
      unsigned Depth = 0;
      for (; End < Body.size(); ++End) {
        if (Body[End].is(tok::l_square))
          ++Depth;
        else if (Body[End].is(tok::r_square) && --Depth == 0)
          break;
      }
      if (First.empty())
        First.append(Body.begin() + Open + 1, Body.begin() + End);
      Text += "[ " + spell(PP, Body.slice(Open + 1, End - Open - 1)) + "]";
      ++End;
    }
    return Text;
  }

  std::string scan() {
    for (size_t I = 0; I < Body.size(); ++I) {
      const Token &T = Body[I];
      if (T.isOneOf(tok::arrow, tok::period, tok::kw_new, tok::kw_delete, tok::kw_asm))
        return "it uses '" + PP.getSpelling(T) + "'";
      if (T.is(tok::star) && I > 0 &&
          !Body[I - 1].isOneOf(tok::identifier, tok::numeric_constant, tok::r_paren,
                               tok::r_square))
        return "it dereferences a pointer";
      if (T.is(tok::amp) && I > 0 &&
          !Body[I - 1].isOneOf(tok::identifier, tok::numeric_constant, tok::r_paren,
                               tok::r_square))
        return "it takes an address";
      if (!T.is(tok::identifier))
        continue;
      StringRef Name = T.getIdentifierInfo()->getName();
      if (Name.starts_with("__ferry_"))
        return "it holds nested loop constructs";
      if (I > 0 && isTypeWord(Body[I - 1]) && !Body[I - 1].is(tok::kw_const)) {
        Locals.insert(Name); // a declaration
        continue;
      }
      if (I > 0 && Body[I - 1].is(tok::comma) && declaring(I))
        Locals.insert(Name);
      if (I + 1 < Body.size() && Body[I + 1].is(tok::l_paren)) {
        if (isTypeWord(T) || isMathCall(Name))
          continue;
        return "it calls '" + Name.str() + "', which may write memory";
      }
      if (I > 0 && Body[I - 1].is(tok::coloncolon))
        continue;
      size_t End;
      SmallVector<Token, 8> First;
      const std::string Sub = subscripts(I, End, First);
      const bool Writes =
          End < Body.size() && (isAssignment(Body[End]) ||
                                Body[End].isOneOf(tok::plusplus, tok::minusminus)) ||
          (I > 0 && Body[I - 1].isOneOf(tok::plusplus, tok::minusminus));
      if (Sub.empty()) {
        if (Writes && !Locals.contains(Name) && !Reductions.contains(Name) &&
            !sameVar(T, L.Var))
          return "the variable '" + Name.str() +
                 "', declared outside the loop, is assigned in its iterations";
        if (Writes)
          Assigned.insert(Name);
        continue;
      }
      Accesses[Name].push_back(Sub);
      if (Writes && !Locals.contains(Name)) {
        Written[Name].push_back(Sub);
        FirstSubscript[Name] = First;
      }
    }
    return {};
  }

  /// Whether the identifier at \p I continues a declaration (`int a, b`).
  bool declaring(size_t I) const {
    for (size_t J = I; J-- > 0;) {
      if (Body[J].isOneOf(tok::semi, tok::l_brace, tok::r_brace, tok::l_paren))
        return false;
      if (isTypeWord(Body[J]) && (J == 0 || Body[J - 1].isOneOf(tok::semi, tok::l_brace,
                                                                 tok::r_brace)))
        return true;
    }
    return false;
  }

  /// The first subscript of a written array is the loop variable, plus or
  /// minus terms that do not change in the loop.
  std::string injective(StringRef Name) {
    ArrayRef<Token> S = FirstSubscript[Name];
    unsigned Uses = 0;
    for (size_t I = 0; I < S.size(); ++I) {
      const Token &T = S[I];
      if (sameVar(T, L.Var)) {
        ++Uses;
        // i alone, or a term added or subtracted: `i`, `i + c`, `c + i`, `c - i`.
        const bool Before = I == 0 || S[I - 1].isOneOf(tok::plus, tok::minus);
        const bool After = I + 1 == S.size() || S[I + 1].isOneOf(tok::plus, tok::minus);
        if (!Before || !After)
          return "'" + Name.str() + "' is written at " + Name.str() + "[" +
                 display(spell(PP, S)) + "]: Ferry proves independence only for a first "
                 "subscript of the loop variable plus or minus a constant term";
        continue;
      }
      if (T.is(tok::identifier) &&
          (Assigned.contains(T.getIdentifierInfo()->getName()) ||
           Locals.contains(T.getIdentifierInfo()->getName())))
        return "'" + Name.str() + "' is written at a subscript that changes in the loop (" +
               PP.getSpelling(T) + ")";
      if (T.isOneOf(tok::l_square, tok::l_paren, tok::star, tok::slash, tok::percent))
        return "'" + Name.str() + "' is written at " + Name.str() + "[" +
               display(spell(PP, S)) + "]: Ferry proves independence only for a first "
               "subscript of the loop variable plus or minus a constant term";
    }
    if (Uses != 1)
      return "'" + Name.str() + "' is written at an element that does not depend on the "
             "loop variable";
    return {};
  }
};

} // namespace

std::string findDependence(Preprocessor &PP, const CanonicalLoop &L, const StringSet<> &Mapped,
                           const StringSet<> &Reductions) {
  return Test(PP, L, Mapped, Reductions).run();
}

} // namespace plugin
} // namespace ferry
