//===- DependenceTest.cpp - Independent iterations of a kernels loop -------===//
///
/// \file
/// See DependenceTest.h.
///
//===----------------------------------------------------------------------===//
#include "DependenceTest.h"

#include "AccContext.h"
#include "CanonicalLoop.h"
#include "Directive.h"
#include "TokenBuilder.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace clang;
using namespace llvm;

namespace ferry {
namespace plugin {
namespace {

/// `=` or a compound assignment (AccContext.h's isUpdateOperator but `++`
/// and `--`).
bool isAssignment(const Token &T) {
  return isUpdateOperator(T) && !T.isOneOf(tok::plusplus, tok::minusminus);
}

} // namespace

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

namespace {

/// Whether the name at \p I of \p Body is being declared: after a type word,
/// or after another name (`T s = 0;` in a template, `value_type v;`: two
/// names in a row are a declaration in C and C++).
bool declaredAt(ArrayRef<Token> Body, size_t I) {
  if (I == 0 || !Body[I].is(tok::identifier))
    return false;
  if (isTypeWord(Body[I - 1]) || Body[I - 1].is(tok::identifier))
    return true;
  // `__typeof__(x) y` (Ferry's copies of x: LastValues), `decltype(x) y`.
  if (!Body[I - 1].is(tok::r_paren))
    return false;
  unsigned Depth = 0;
  for (size_t J = I - 1; J > 0; --J) {
    if (Body[J].is(tok::r_paren))
      ++Depth;
    else if (Body[J].is(tok::l_paren) && --Depth == 0)
      return Body[J - 1].isOneOf(tok::kw_typeof, tok::kw_decltype);
  }
  return false;
}

std::string spell(Preprocessor &PP, ArrayRef<Token> Toks) {
  std::string S;
  for (const Token &T : Toks)
    S += PP.getSpelling(T) + " ";
  return S;
}

/// Index variables read as their values (forward substitution, for
/// legacy code's `int idx = i * m + j; c[idx] = 2 * a[idx];`): a scalar
/// the body sets once, by its declaration or by one assignment statement
/// (`idx = ...;` after `int idx;`, or `__acc_last_idx = ...;`, the
/// iteration's copy of one declared before the construct), to a sum of
/// products of numbers, the loop's variable \p Var, names the body never
/// assigns, variables of `for` loops around the setting (only their
/// headers assign them) and index variables set before it. Each of its
/// uses in a subscript after the setting, up to the end of the setting's
/// block and of those loops, is that value (in parentheses unless it is a
/// term of a sum); the body is otherwise as written (a use elsewhere stays
/// the variable, which is not proven).
class IndexValues {
public:
  IndexValues(Preprocessor &PP, const Token &Var, ArrayRef<Token> Body,
              const StringSet<> &WideIntegers)
      : PP(PP), Var(Var), Body(Body), WideIntegers(WideIntegers) {}

  TokenList run() {
    // (A jump may go past a setting to a use.)
    if (llvm::any_of(Body, [](const Token &T) { return T.is(tok::kw_goto); }))
      return TokenList(Body.begin(), Body.end());
    readLoopsAndWrites();
    for (size_t K = 0; K + 2 < Body.size(); ++K)
      if (Body[K].is(tok::identifier) && Body[K + 1].is(tok::equal))
        readSetting(K);
    TokenList Out;
    for (size_t K = 0; K < Body.size(); ++K) {
      auto It = Uses.find(K);
      if (It == Uses.end()) {
        Out.push_back(Body[K]);
        continue;
      }
      // (A term of a sum needs no parentheses: `p + j` is `i * m + j`.)
      const bool Term = K > 0 && Body[K - 1].isOneOf(tok::l_square, tok::plus) &&
                        K + 1 < Body.size() &&
                        Body[K + 1].isOneOf(tok::r_square, tok::plus, tok::minus);
      if (!Term)
        Out.push_back(TokenBuilder(PP, Body[K].getLocation()).code("(").get().front());
      Out.append(It->second.begin(), It->second.end());
      if (!Term)
        Out.push_back(TokenBuilder(PP, Body[K].getLocation()).code(")").get().front());
    }
    return Out;
  }

private:
  struct ForLoop {
    StringRef Var;
    size_t Begin, HeaderEnd, End; ///< the `for`, past its `)`, past its statement
  };
  struct Value {
    TokenList Tokens;
    size_t From, Limit; ///< the positions where it holds
  };

  Preprocessor &PP;
  const Token &Var;
  ArrayRef<Token> Body;
  const StringSet<> &WideIntegers;
  SmallVector<ForLoop, 4> Loops;
  StringMap<SmallVector<size_t, 2>> Writes; ///< outside the loops' headers
  StringSet<> HeaderWritten;
  StringMap<unsigned> Declared;
  StringMap<Value> Values;
  DenseMap<size_t, TokenList> Uses;

  static StringRef name(const Token &T) {
    return T.is(tok::identifier) ? T.getIdentifierInfo()->getName() : StringRef();
  }

  bool inHeader(size_t K) const {
    return llvm::any_of(Loops, [&](const ForLoop &F) { return K > F.Begin && K < F.HeaderEnd; });
  }

  void readLoopsAndWrites() {
    for (size_t K = 0; K < Body.size(); ++K) {
      if (Body[K].is(tok::kw_for) && K + 1 < Body.size() && Body[K + 1].is(tok::l_paren)) {
        const size_t HeaderEnd = groupEnd(Body, K + 1);
        const size_t End = statementEnd(Body, K);
        const Token *V = HeaderEnd > K + 2
                             ? headerVariable(Body.slice(K + 2, HeaderEnd - K - 3))
                             : nullptr;
        if (V && HeaderEnd <= Body.size() && End && End <= Body.size())
          Loops.push_back({name(*V), K, HeaderEnd, End});
      }
    }
    for (size_t K = 0; K < Body.size(); ++K) {
      StringRef N = name(Body[K]);
      if (N.empty())
        continue;
      if (declaredAt(Body, K))
        ++Declared[N];
      const bool Written =
          (K + 1 < Body.size() &&
           (isAssignment(Body[K + 1]) || Body[K + 1].isOneOf(tok::plusplus, tok::minusminus))) ||
          (K > 0 && Body[K - 1].isOneOf(tok::plusplus, tok::minusminus, tok::amp));
      if (!Written)
        continue;
      if (inHeader(K))
        HeaderWritten.insert(N);
      else
        Writes[N].push_back(K);
    }
  }

  /// The end of the innermost block around \p K.
  size_t blockEnd(size_t K) const {
    unsigned Depth = 0;
    for (size_t J = K; J < Body.size(); ++J) {
      if (Body[J].is(tok::l_brace))
        ++Depth;
      else if (Body[J].is(tok::r_brace) && Depth-- == 0)
        return J;
    }
    return Body.size();
  }

  /// Whether the body declares \p N with integer type words of 32 bits or
  /// more (`int`, `long`, `unsigned`, `size_t`, ...; not `short`, `char`,
  /// `bool`, floating types or `auto`).
  bool wideIntegerDeclared(StringRef N) const {
    for (size_t K = 1; K < Body.size(); ++K) {
      if (name(Body[K]) != N || !declaredAt(Body, K))
        continue;
      size_t Start = K;
      while (Start > 0 && (isTypeWord(Body[Start - 1]) || Body[Start - 1].is(tok::kw_register)))
        --Start;
      bool Integer = false;
      for (size_t J = Start; J < K; ++J) {
        if (Body[J].isOneOf(tok::kw_short, tok::kw_char, tok::kw_bool, tok::kw_float,
                            tok::kw_double, tok::kw_auto))
          return false;
        Integer |= Body[J].isOneOf(tok::kw_int, tok::kw_long, tok::kw_unsigned,
                                   tok::kw_signed) ||
                   (Body[J].is(tok::identifier) && isTypeWord(Body[J]));
      }
      return Integer;
    }
    return false;
  }

  /// `idx = e;` or `T idx = e;` at Body[K] (the name).
  void readSetting(size_t K) {
    const StringRef N = name(Body[K]);
    const bool Copy = N.starts_with(LastValuePrefix);
    if (N.empty() || HeaderWritten.contains(N) || Writes.lookup(N).size() != 1 ||
        (!Copy && Declared.lookup(N) != 1) || inHeader(K))
      return;
    // At the start of a statement (a declaration's type words before it).
    size_t Start = K;
    if (declaredAt(Body, K))
      while (Start > 0 && isTypeWord(Body[Start - 1]))
        --Start;
    if (Start > 0 && !Body[Start - 1].isOneOf(tok::semi, tok::l_brace, tok::r_brace))
      return;
    if (Copy || !Declared.count(N) ? !WideIntegers.contains(N) : !wideIntegerDeclared(N))
      return;
    Value V;
    V.Limit = blockEnd(K);
    size_t E = K + 2;
    for (unsigned Depth = 0; E < Body.size(); ++E) {
      const Token &T = Body[E];
      if (T.is(tok::semi) && Depth == 0)
        break;
      if (T.is(tok::l_paren)) {
        ++Depth;
      } else if (T.is(tok::r_paren)) {
        if (Depth-- == 0)
          return;
      } else if (T.is(tok::identifier)) {
        if (E + 1 < Body.size() && Body[E + 1].isOneOf(tok::l_paren, tok::l_square))
          return;
        if (!holdsAt(E, K, V))
          return;
        continue;
      } else if (!T.isOneOf(tok::numeric_constant, tok::plus, tok::minus, tok::star)) {
        return;
      }
      V.Tokens.push_back(T);
    }
    if (E >= Body.size() || V.Tokens.empty())
      return;
    V.From = E + 1;
    // Its uses in subscripts where the value holds.
    unsigned Square = 0;
    for (size_t U = 0; U < V.Limit; ++U) {
      if (Body[U].is(tok::l_square))
        ++Square;
      else if (Body[U].is(tok::r_square) && Square)
        --Square;
      else if (U >= V.From && Square && name(Body[U]) == N)
        Uses[U] = V.Tokens;
    }
    Values[N] = std::move(V);
  }

  /// Whether the name at Body[\p At], in the value set at \p K, keeps its
  /// value from there up to \p V's Limit (which it may lower); an index
  /// variable's value is put in place.
  bool holdsAt(size_t At, size_t K, Value &V) {
    const Token &T = Body[At];
    const StringRef N = name(T);
    if (sameVar(T, Var)) {
      if (HeaderWritten.contains(N) || Writes.count(N))
        return false;
      V.Tokens.push_back(T);
      return true;
    }
    if (auto It = Values.find(N); It != Values.end()) {
      if (K < It->second.From || K >= It->second.Limit)
        return false;
      V.Limit = std::min(V.Limit, It->second.Limit);
      const bool Term = (V.Tokens.empty() || V.Tokens.back().is(tok::plus)) &&
                        At + 1 < Body.size() &&
                        Body[At + 1].isOneOf(tok::plus, tok::minus, tok::semi);
      if (!Term)
        V.Tokens.push_back(TokenBuilder(PP, T.getLocation()).code("(").get().front());
      V.Tokens.append(It->second.Tokens.begin(), It->second.Tokens.end());
      if (!Term)
        V.Tokens.push_back(TokenBuilder(PP, T.getLocation()).code(")").get().front());
      return true;
    }
    if (Writes.count(N) || Declared.count(N))
      return false;
    if (HeaderWritten.contains(N)) {
      // The variable of the one loop over it around the setting.
      const ForLoop *Around = nullptr;
      for (const ForLoop &F : Loops) {
        if (F.Var != N)
          continue;
        if (K > F.HeaderEnd && K < F.End) {
          if (Around)
            return false;
          Around = &F;
        } else if (F.Begin > K && F.Begin < V.Limit) {
          return false;
        }
      }
      if (!Around)
        return false;
      V.Limit = std::min(V.Limit, Around->End);
    }
    V.Tokens.push_back(T);
    return true;
  }
};

class Test {
public:
  Test(Preprocessor &PP, const CanonicalLoop &L, const LoopMemory &Memory,
       OverlapPairs *Assumed, const StringSet<> &Reductions, const StringSet<> &Privates,
       const StringSet<> &PureCalls, const StringSet<> &WideIntegers)
      : PP(PP), L(L), Own(IndexValues(PP, L.Var, L.Body, WideIntegers).run()), Body(Own),
        Memory(Memory), Assumed(Assumed), Reductions(Reductions), PureCalls(PureCalls) {
    for (const auto &P : Privates)
      Locals.insert(P.getKey());
  }

  std::string run() {
    if (std::string Why = scan(); !Why.empty())
      return Why;
    for (auto &Entry : FirstWrite)
      if (std::string Why = disjoint(Entry.getKey()); !Why.empty())
        return Why;
    // Each array it writes against every other array it indexes (a loop
    // that writes none, a dot product into a reduction, overlaps nothing).
    OverlapPairs Pairs;
    for (auto &Written : FirstWrite)
      for (auto &Other : Accesses)
        if (std::string Why = distinct(Written.getKey(), Other.getKey(), Pairs); !Why.empty())
          return Why;
    if (!Pairs.empty() && !Assumed)
      return "'" + Pairs.front().A + "' and '" + Pairs.front().B + "' may be the same memory";
    if (Assumed)
      Assumed->insert(Assumed->end(), Pairs.begin(), Pairs.end());
    return {};
  }

private:
  /// Whether the array \p Written the loop writes and the array \p Other
  /// it indexes are distinct memory: the same array (the subscripts tell),
  /// one of the loop's own, two arrays, a `restrict` pointer; or two whose
  /// ranges the launch compares (added to \p Pairs). Empty when they are;
  /// else why they may not be.
  std::string distinct(StringRef Written, StringRef Other, OverlapPairs &Pairs) const {
    if (Written == Other || Locals.contains(Other) || Reductions.contains(Other) ||
        Memory.Restrict.contains(Written) || Memory.Restrict.contains(Other) ||
        (Memory.Arrays.contains(Written) && Memory.Arrays.contains(Other)))
      return {};
    for (StringRef Name : {Other, Written})
      if (!Memory.Arrays.contains(Name) && !Memory.Sections.contains(Name))
        return "'" + Name.str() +
               "' is not named with a section in a data clause, so it may overlap the "
               "arrays the loop writes";
    OverlapPair P{std::min(Written, Other).str(), std::max(Written, Other).str()};
    if (!llvm::is_contained(Pairs, P))
      Pairs.push_back(std::move(P));
    return {};
  }

  /// One access of an array: the text of each subscript.
  using Access = SmallVector<std::string, 2>;

  Preprocessor &PP;
  const CanonicalLoop &L;
  TokenList Own; ///< the body, index variables read as their values
  ArrayRef<Token> Body;
  const LoopMemory &Memory;
  OverlapPairs *Assumed;
  const StringSet<> &Reductions, &PureCalls;
  StringSet<> Locals;
  /// Per array: every access (writes included), in order.
  StringMap<std::vector<Access>> Accesses;
  /// The `.` and member names of memberChain's chains, and the declared
  /// name, `=` and `&` of an alias's declaration, which scan skips.
  DenseSet<size_t> MemberTokens;
  /// A pointer the body declares into an array (`double *row = A + i * n;`,
  /// `= &A[i][0]`, `= A[i]`, `= A`): its element p[s] is the array's
  /// element at Prefix and Offset + s.
  struct Alias {
    Token Base;
    SmallVector<SmallVector<Token, 8>, 2> Prefix;
    SmallVector<Token, 8> Offset; ///< empty: none
    /// The subscripts of Base that p[S] accesses.
    SmallVector<SmallVector<Token, 8>, 2> element(Preprocessor &PP, ArrayRef<Token> S) const {
      SmallVector<SmallVector<Token, 8>, 2> Out(Prefix.begin(), Prefix.end());
      SmallVector<Token, 8> Last(Offset.begin(), Offset.end());
      if (!Last.empty()) {
        // `Offset + S`, S in parentheses unless it binds to `+` as a
        // whole (so that a row `i * W + j` stays one).
        const bool Paren = !additive(S);
        TokenBuilder Plus(PP, Base.getLocation());
        Plus.code(Paren ? "+ (" : "+");
        Last.append(Plus.get().begin(), Plus.get().end());
        Last.append(S.begin(), S.end());
        if (Paren)
          Last.push_back(TokenBuilder(PP, Base.getLocation()).code(")").get().front());
      } else {
        Last.append(S.begin(), S.end());
      }
      Out.push_back(std::move(Last));
      return Out;
    }
  };
  StringMap<Alias> Aliases;
  StringSet<> AutoLocals; ///< declared `auto`, not an alias

  /// Whether \p S has no operator at its top level that binds less
  /// tightly than `+`: `Offset + S` then reads as Offset + (S).
  static bool additive(ArrayRef<Token> S) {
    unsigned Depth = 0;
    for (const Token &T : S) {
      if (T.isOneOf(tok::l_paren, tok::l_square))
        ++Depth;
      else if (T.isOneOf(tok::r_paren, tok::r_square))
        Depth -= Depth > 0;
      else if (Depth == 0 && !T.isOneOf(tok::identifier, tok::numeric_constant, tok::plus,
                                         tok::minus, tok::star, tok::slash, tok::percent))
        return false;
    }
    return !S.empty();
  }

  /// A pointer's declaration at Body[I] (its `*`, or `auto`): `T *p = A +
  /// e;`, `T *p = &A[e]...[e'];`, `T *p = A[e];` (a row), `T *p = A;`, with
  /// `auto p` too, p declared alone; recorded in Aliases, its name, `=` and
  /// `&` skipped (the initializer is read as usual).
  bool readAlias(size_t I) {
    const bool Star = Body[I].is(tok::star);
    if (!(Star || Body[I].is(tok::kw_auto)) || I + 4 >= Body.size() ||
        Body[I + 1].isNot(tok::identifier) || Body[I + 2].isNot(tok::equal))
      return false;
    // The declaration starts a statement: type words and names back to it.
    size_t J = I;
    while (J > 0 && (isTypeWord(Body[J - 1]) || Body[J - 1].is(tok::identifier) ||
                     Body[J - 1].is(tok::kw_const)))
      --J;
    if ((J > 0 && !Body[J - 1].isOneOf(tok::semi, tok::l_brace, tok::r_brace)) ||
        (Star && J == I))
      return false;
    // The initializer, up to the `;`; one declarator only.
    const size_t Past = statementEnd(I + 3);
    if (!Past || Body[Past - 1].isNot(tok::semi))
      return false;
    const size_t Semi = Past - 1;
    ArrayRef<Token> Init = Body.slice(I + 3, Semi - I - 3);
    if (Init.empty() || splitTopLevel(Init, tok::comma).size() != 1)
      return false;
    const bool Address = Init.front().is(tok::amp);
    if (Address)
      Init = Init.drop_front();
    if (Init.empty() || Init.front().isNot(tok::identifier))
      return false;
    Alias A;
    A.Base = Init.front();
    size_t End;
    SmallVector<SmallVector<Token, 8>, 2> Each;
    subscripts(I + 3 + Address, End, Each);
    if (End == Semi && (!Address || !Each.empty())) {
      // `A`, `A[e]`, `&A[e]...[e']`
      if (Address) {
        A.Offset = Each.pop_back_val();
        if (!additive(A.Offset))
          return false;
      }
      A.Prefix = std::move(Each);
    } else if (!Address && Each.empty() && Init.size() > 2 &&
               Init[1].isOneOf(tok::plus, tok::minus) &&
               additive(Init.drop_front(Init[1].is(tok::plus) ? 2 : 1))) {
      // `A + e`, `A - e`
      ArrayRef<Token> Off = Init.drop_front(Init[1].is(tok::plus) ? 2 : 1);
      A.Offset.assign(Off.begin(), Off.end());
    } else {
      return false;
    }
    const StringRef P = Body[I + 1].getIdentifierInfo()->getName();
    if (Locals.contains(P) || Aliases.count(P))
      return false; // (declared twice: not followed)
    Aliases[P] = std::move(A);
    for (size_t K : {I + 1, I + 2})
      MemberTokens.insert(K);
    // (`&A[e]`, `A[e]` of a row: an address, no access of A; the
    // subscripts are read as usual.)
    if (Address)
      MemberTokens.insert(I + 3);
    if (!A.Prefix.empty() || Address)
      MemberTokens.insert(I + 3 + Address);
    return true;
  }
  StringMap<unsigned> Declarations; ///< how often the body declares each name
  StringSet<> Assigned; ///< scalars the body assigns
  StringMap<unsigned> ScalarWrites; ///< how often the body assigns each
  /// A `for` loop of the body that declares its variable j, starts at a
  /// constant and steps up below a bound W: j stays in [First, W - 1 - Slack]
  /// in the loop's tokens [Begin, End).
  struct RowLoop {
    std::string Width; ///< the spelling of W
    int64_t First;
    int64_t Slack; ///< `j < W`: 0, `j < W - c`: c, `j <= W - c`: c - 1
    size_t Begin, End;
    bool Declared; ///< `int j = c` (else `j = c`, assigned by the header too)
  };
  /// Those loops, by variable, in order.
  StringMap<SmallVector<RowLoop, 2>> RowLoops;
  /// One access of an array: where, and the tokens of each subscript.
  struct AccessAt {
    size_t Pos;
    SmallVector<SmallVector<Token, 8>, 2> Subscripts;
  };
  /// Per array: every access (as Accesses), and the first write of each
  /// array the body writes (not its own, not a reduction's).
  StringMap<std::vector<AccessAt>> AccessTokens;
  StringMap<AccessAt> FirstWrite;

  static std::string display(const Access &A) {
    std::string Out;
    for (const std::string &S : A)
      Out += "[" + display(S) + "]";
    return Out;
  }

  /// \p S without spaces, an iteration's copy `__acc_last_t` shown as t.
  static std::string display(const std::string &S) {
    std::string Out;
    for (char C : S)
      if (C != ' ')
        Out += C;
    for (size_t At; (At = Out.find(LastValuePrefix.data())) != std::string::npos;)
      Out.erase(At, LastValuePrefix.size());
    return Out;
  }

  /// The subscripts after Body[I] (a name): "[...][...]" as text; \p End
  /// is past them; \p Each the tokens of each one.
  std::string subscripts(size_t I, size_t &End,
                         SmallVectorImpl<SmallVector<Token, 8>> &Each) {
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
      Each.push_back(simplified(Body.slice(Open + 1, End - Open - 1)));
      Text += "[ " + spell(PP, Each.back()) + "]";
      ++End;
    }
    return Text;
  }

  /// Subscript \p S without the parentheses a macro puts around its
  /// parameters and its value (`IDX(i, j)` as `((i) * n + (j))` is
  /// `i * n + j`): around one name or number (not a call's, not a cast's),
  /// and around all of it.
  static SmallVector<Token, 8> simplified(ArrayRef<Token> S) {
    SmallVector<Token, 8> Out;
    for (size_t K = 0; K < S.size(); ++K) {
      const bool Lone = K + 2 < S.size() && S[K].is(tok::l_paren) &&
                        S[K + 1].isOneOf(tok::identifier, tok::numeric_constant) &&
                        S[K + 2].is(tok::r_paren) &&
                        !(K > 0 && S[K - 1].isOneOf(tok::identifier, tok::r_paren,
                                                    tok::r_square)) &&
                        !(K + 3 < S.size() &&
                          S[K + 3].isOneOf(tok::identifier, tok::numeric_constant,
                                           tok::l_paren));
      if (Lone) {
        Out.push_back(S[K + 1]);
        K += 2;
      } else {
        Out.push_back(S[K]);
      }
    }
    ArrayRef<Token> Whole = withoutParens(Out);
    return SmallVector<Token, 8>(Whole.begin(), Whole.end());
  }

  /// Reads the body token by token: its declarations, scalar writes and
  /// array accesses noted; the reason its iterations are not proven
  /// independent, or empty.
  std::string scan() {
    for (size_t I = 0; I < Body.size(); ++I) {
      if (Body[I].is(tok::kw_for))
        noteForLoop(I);
      if (MemberTokens.contains(I))
        continue; // `.x` of an element or a variable (memberChain), an alias's declaration
      if (readAlias(I))
        continue; // `double *row = A + i * n;`: row[j] is A[i * n + j]
      if (std::string Why = unprovenOperator(I); !Why.empty())
        return Why;
      if (!Body[I].is(tok::identifier))
        continue;
      if (std::string Why = scanName(I); !Why.empty())
        return Why;
    }
    return {};
  }

  /// The `for` at Body[I]: a row loop, or the variable it assigns the
  /// iteration's own.
  void noteForLoop(size_t I) {
    readRowLoop(I);
    // `for (j = ...` of a variable declared outside (C89's style): the
    // header assigns it in every iteration before any use, so it is
    // the iteration's own (the region makes it so: see
    // LoopConstruct::addImpliedCopies).
    if (I + 3 < Body.size() && Body[I + 1].is(tok::l_paren) &&
        Body[I + 2].is(tok::identifier) && Body[I + 3].is(tok::equal))
      Locals.insert(Body[I + 2].getIdentifierInfo()->getName());
  }

  /// Why Body[I] is an operator whose memory the test cannot name (empty:
  /// it is not).
  std::string unprovenOperator(size_t I) const {
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
    return {};
  }

  /// The name at Body[I]: a declaration, a call, or a use of a scalar or
  /// an array (scanUse); the reason it is not proven, or empty.
  std::string scanName(size_t I) {
    const Token &T = Body[I];
    StringRef Name = T.getIdentifierInfo()->getName();
    if (Name.starts_with("__ferry_"))
      return "it holds nested loop constructs";
    if (Name.starts_with(LastValuePrefix)) {
      // An iteration's copy (privatizeAssignedScalars): this loop's own
      // where the body declares it (`__typeof__(t) __acc_last_t;`), else
      // an enclosing iteration's, which this loop's iterations share.
      if (I > 0 && Body[I - 1].is(tok::r_paren) && I + 1 < Body.size() &&
          Body[I + 1].is(tok::semi))
        Locals.insert(Name);
      if (Locals.contains(Name))
        return {};
    }
    if (noteDeclaration(I, Name))
      return {};
    if (I + 1 < Body.size() && Body[I + 1].is(tok::l_paren)) {
      if (isTypeWord(T) || isMathCall(Name) || PureCalls.contains(Name))
        return {};
      return "it calls '" + Name.str() + "', which may write memory";
    }
    if (I > 0 && Body[I - 1].is(tok::coloncolon))
      return {};
    return scanUse(I, Name);
  }

  /// A declaration of \p Name at Body[I], noted; true when it is the
  /// declared name of a declaration (nothing more to read there).
  bool noteDeclaration(size_t I, StringRef Name) {
    if (declaredAt(Body, I) && !Body[I - 1].is(tok::kw_const)) {
      Locals.insert(Name); // a declaration
      ++Declarations[Name];
      // (`auto p = ...` that is no alias may be a pointer: indexing it
      // is not proven.)
      if (Body[I - 1].is(tok::kw_auto))
        AutoLocals.insert(Name);
      return true;
    }
    if (I > 0 && Body[I - 1].is(tok::comma) && declaring(I)) {
      Locals.insert(Name);
      ++Declarations[Name];
    }
    return false;
  }

  /// A use of the variable \p Name at Body[I], with its subscripts and
  /// members (an alias's element read as its array's); the reason it is
  /// not proven, or empty.
  std::string scanUse(size_t I, StringRef Name) {
    size_t End;
    SmallVector<SmallVector<Token, 8>, 2> Each;
    std::string Sub = subscripts(I, End, Each);
    if (auto Of = Aliases.find(Name); Of != Aliases.end()) {
      if (Each.size() != 1)
        return "it uses the pointer '" + Name.str() + "' (into '" +
               Of->second.Base.getIdentifierInfo()->getName().str() +
               "') other than with one subscript";
      Name = Of->second.Base.getIdentifierInfo()->getName();
      Each = Of->second.element(PP, Each.front());
      Sub = "[]"; // (an element)
    } else if (!Sub.empty() && AutoLocals.contains(Name)) {
      return "it indexes '" + Name.str() + "', declared with 'auto' from something else "
             "than an array, a sum array + offset or an element's address";
    }
    if (!memberChain(End))
      return "it uses '.' on '" + Name.str() + "' other than to name a member of an "
             "element or a variable";
    const bool Writes =
        (End < Body.size() && (isAssignment(Body[End]) ||
                               Body[End].isOneOf(tok::plusplus, tok::minusminus))) ||
        (I > 0 && Body[I - 1].isOneOf(tok::plusplus, tok::minusminus));
    if (Sub.empty())
      return scanScalarUse(I, End, Name, Writes);
    noteArrayAccess(I, Name, Writes, std::move(Each));
    return {};
  }

  /// A use of the scalar \p Name at Body[I] (\p End past it); the reason
  /// its write is not proven, or empty.
  std::string scanScalarUse(size_t I, size_t End, StringRef Name, bool Writes) {
    // `t = __acc_last_t;`: the last iteration hands its copy of t back
    // (privatizeAssignedScalars): one write, from one iteration.
    if (End + 2 < Body.size() && Body[End].is(tok::equal) &&
        Body[End + 1].is(tok::identifier) &&
        Body[End + 1].getIdentifierInfo()->getName() == (LastValuePrefix + Name).str() &&
        Body[End + 2].is(tok::semi))
      return {};
    if (Writes && !Locals.contains(Name) && !Reductions.contains(Name) &&
        !sameVar(Body[I], L.Var))
      return "the variable '" +
             (Name.starts_with(LastValuePrefix) ? Name.drop_front(LastValuePrefix.size())
                                                 : Name)
                 .str() +
             "', declared outside the loop, is assigned in its iterations";
    if (Writes) {
      Assigned.insert(Name);
      ++ScalarWrites[Name];
    }
    return {};
  }

  /// An access of the array \p Name at Body[I], subscripts \p Each.
  void noteArrayAccess(size_t I, StringRef Name, bool Writes,
                       SmallVector<SmallVector<Token, 8>, 2> Each) {
    Access A;
    for (ArrayRef<Token> S : Each)
      A.push_back(spell(PP, S));
    Accesses[Name].push_back(std::move(A));
    AccessTokens[Name].push_back({I, Each});
    // An array (or section) reduction variable: each iteration updates a
    // private copy, combined after the loop.
    if (Writes && !Locals.contains(Name) && !Reductions.contains(Name))
      FirstWrite.try_emplace(Name, AccessAt{I, std::move(Each)});
  }

  /// Reads the member names after an element or a variable (`p[i].x`,
  /// `s.a.b`) from Body[End], moving \p End past them; they are part of
  /// that element, whose accesses are the array's (a write of `p[i].y`
  /// writes element p[i], a read of `s.k` reads s). False when the chain
  /// goes on with a subscript, a call or `->` (a member array or pointer,
  /// a member function: memory the test cannot name).
  bool memberChain(size_t &End) {
    size_t K = End;
    while (K + 1 < Body.size() && Body[K].is(tok::period) && Body[K + 1].is(tok::identifier))
      K += 2;
    if (K == End)
      return true;
    if (K < Body.size() && Body[K].isOneOf(tok::l_square, tok::l_paren, tok::arrow, tok::period))
      return false;
    for (size_t M = End; M < K; ++M)
      MemberTokens.insert(M);
    End = K;
    return true;
  }

  /// Whether the identifier at \p I continues a declaration (`int a, b`).
  bool declaring(size_t I) const {
    for (size_t J = I; J-- > 0;) {
      if (Body[J].isOneOf(tok::semi, tok::l_brace, tok::r_brace, tok::l_paren))
        return false;
      if ((isTypeWord(Body[J]) || declaredAt(Body, J + 1)) &&
          (J == 0 || Body[J - 1].isOneOf(tok::semi, tok::l_brace, tok::r_brace)))
        return true;
    }
    return false;
  }

  /// Whether \p T names a variable that the body declares or assigns (its
  /// value may change from one iteration to the next).
  bool variesInLoop(const Token &T) const {
    if (!T.is(tok::identifier))
      return false;
    StringRef N = T.getIdentifierInfo()->getName();
    return Assigned.contains(N) || Locals.contains(N);
  }

  /// Why subscript \p S is not the loop variable plus or minus terms that
  /// do not change in the loop (`i`, `i + 1`, `c - i`, `i * n + j` for the
  /// loop over j); empty when it is.
  std::string notInjective(StringRef Name, ArrayRef<Token> S) const {
    unsigned Uses = 0;
    for (ArrayRef<Token> Term : splitTerms(S)) {
      const bool Alone = Term.size() == 1 && sameVar(Term[0], L.Var);
      for (const Token &T : Term) {
        if (sameVar(T, L.Var)) {
          ++Uses;
          if (!Alone)
            return "'" + Name.str() + "' is written at " + Name.str() + "[" +
                   display(spell(PP, S)) + "]: Ferry proves independence only for a "
                   "subscript that is the loop variable plus or minus terms that do not "
                   "change in the loop";
        } else if (variesInLoop(T)) {
          return "'" + Name.str() + "' is written at a subscript that changes in the loop (" +
                 PP.getSpelling(T) + ")";
        } else if (T.is(tok::l_square)) {
          return "'" + Name.str() + "' is written at " + Name.str() + "[" +
                 display(spell(PP, S)) + "]: Ferry proves independence only for a "
                 "subscript that is the loop variable plus or minus terms that do not "
                 "change in the loop";
        }
      }
    }
    if (Uses != 1)
      return "'" + Name.str() + "' is written at an element that does not depend on the "
             "loop variable";
    return {};
  }

  /// The value of an integer literal, if \p T is a plain decimal one.
  std::optional<int64_t> literal(const Token &T) const {
    int64_t V;
    if (T.isNot(tok::numeric_constant) || StringRef(PP.getSpelling(T)).getAsInteger(10, V))
      return std::nullopt;
    return V;
  }

  /// Reads `for (T j = c; j < W; ++j)` at Body[I] into RowLoops.
  void readRowLoop(size_t I) {
    if (I + 1 >= Body.size() || Body[I + 1].isNot(tok::l_paren))
      return;
    SmallVector<ArrayRef<Token>, 3> Parts;
    size_t Start = I + 2, HeaderEnd = 0;
    unsigned Depth = 1;
    for (size_t K = Start; K < Body.size(); ++K) {
      if (Body[K].is(tok::l_paren))
        ++Depth;
      else if (Body[K].is(tok::r_paren) && --Depth == 0) {
        Parts.push_back(Body.slice(Start, K - Start));
        HeaderEnd = K + 1;
        break;
      } else if (Depth == 1 && Body[K].is(tok::semi)) {
        Parts.push_back(Body.slice(Start, K - Start));
        Start = K + 1;
      }
    }
    if (Parts.size() != 3)
      return;
    ArrayRef<Token> Init = Parts[0], Cond = Parts[1], Inc = Parts[2];
    // T j = c, or j = c (j declared before: C89's style)
    const bool Declared = Init.size() >= 4;
    if (Init.size() < 3 || (Declared && !(isTypeWord(Init.front()) || declaredAt(Init, 1))) ||
        Init[Init.size() - 2].isNot(tok::equal) ||
        Init.back().isNot(tok::numeric_constant) || !Init[Init.size() - 3].is(tok::identifier))
      return;
    const Token &J = Init[Init.size() - 3];
    // j < W, j < W - c, j <= W - c
    if (Cond.size() < 3 || !sameVar(Cond[0], J) || !Cond[1].isOneOf(tok::less, tok::lessequal))
      return;
    ArrayRef<Token> Bound = Cond.drop_front(2);
    const bool Less = Cond[1].is(tok::less);
    const bool Minus = Bound.size() == 3 && Bound[1].is(tok::minus) &&
                       Bound[2].is(tok::numeric_constant) && PP.getSpelling(Bound[2]) != "0";
    if (!(Bound.size() == 1 && Less) && !Minus)
      return;
    if (!Bound[0].isOneOf(tok::identifier, tok::numeric_constant))
      return;
    // ++j, j++, j += c
    const bool Up = (Inc.size() == 2 && ((Inc[0].is(tok::plusplus) && sameVar(Inc[1], J)) ||
                                         (sameVar(Inc[0], J) && Inc[1].is(tok::plusplus)))) ||
                    (Inc.size() == 3 && sameVar(Inc[0], J) && Inc[1].is(tok::plusequal) &&
                     Inc[2].is(tok::numeric_constant));
    std::optional<int64_t> First = literal(Init.back());
    std::optional<int64_t> Subtracted =
        Bound.size() == 3 ? literal(Bound[2]) : std::optional<int64_t>(0);
    // (A loop's body may be a loop: a nest of rows, `(i * n + j) * n + k`.)
    const size_t End = HeaderEnd < Body.size() && Body[HeaderEnd].is(tok::kw_for)
                           ? plugin::statementEnd(Body, HeaderEnd)
                           : statementEnd(HeaderEnd);
    if (Up && First && Subtracted && *First >= 0 && End)
      RowLoops[J.getIdentifierInfo()->getName()].push_back(RowLoop{
          PP.getSpelling(Bound[0]), *First, Less ? *Subtracted : *Subtracted - 1, I, End,
          Declared});
  }

  /// Past the statement at Body[I] when it is a block or a simple statement
  /// (up to its `;`); 0 for anything else (an `if`, a loop, ...).
  size_t statementEnd(size_t I) const {
    if (I >= Body.size() || Body[I].isOneOf(tok::kw_for, tok::kw_if, tok::kw_while, tok::kw_do,
                                            tok::kw_switch, tok::kw_else))
      return 0;
    unsigned Depth = 0;
    for (size_t K = I; K < Body.size(); ++K) {
      if (Body[K].isOneOf(tok::l_brace, tok::l_paren, tok::l_square))
        ++Depth;
      else if (Body[K].isOneOf(tok::r_brace, tok::r_paren, tok::r_square)) {
        if (Depth == 0)
          return 0;
        if (--Depth == 0 && Body[I].is(tok::l_brace) && Body[K].is(tok::r_brace))
          return K + 1;
      } else if (Depth == 0 && Body[K].is(tok::semi)) {
        return K + 1;
      }
    }
    return 0;
  }

  /// When \p S is `i * W + j + d` (in any order, `W * i` too, d any sum of
  /// integer literals) for the loop variable i, W invariant and j the
  /// variable of a loop of the body (RowLoops) that nothing else assigns,
  /// with j + d inside [0, W) for every j of that loop: the spelling of W.
  /// Accesses of one array that are all rows of one W touch row i only, so
  /// the iterations of the loop over i touch distinct rows of W elements.
  /// A row of rows, `(i * V + j) * W + k` (a three-dimensional array
  /// flattened, `IDX3(i, j, k)`), is one too: its width is "V*W".
  std::optional<std::string> rowWidth(ArrayRef<Token> S, size_t Pos) const {
    std::optional<std::string> Width;
    std::string Rows; ///< a row of rows: the width of the inner row
    const Token *Column = nullptr;
    int64_t Offset = 0;
    for (auto [Term, Negative] : signedTerms(S)) {
      if (Term.size() >= 5 && Term[0].is(tok::l_paren) &&
          groupEnd(Term, 0) == Term.size() - 2 && Term[Term.size() - 2].is(tok::star) &&
          !Negative && !Width) {
        // `(row) * W`: the inner row distinct per i, W elements each
        const Token &W = Term.back();
        std::optional<std::string> Inner = rowWidth(Term.slice(1, Term.size() - 4), Pos);
        if (!Inner || !W.isOneOf(tok::identifier, tok::numeric_constant) ||
            sameVar(W, L.Var) || variesInLoop(W))
          return std::nullopt;
        Width = PP.getSpelling(W);
        Rows = *Inner;
      } else if (Term.size() == 3 && Term[1].is(tok::star) && !Negative && !Width) {
        const bool VarFirst = sameVar(Term[0], L.Var);
        const Token &W = VarFirst ? Term[2] : Term[0];
        if (!VarFirst && !sameVar(Term[2], L.Var))
          return std::nullopt;
        if (!W.isOneOf(tok::identifier, tok::numeric_constant) || sameVar(W, L.Var) ||
            variesInLoop(W))
          return std::nullopt;
        Width = PP.getSpelling(W);
      } else if (Term.size() == 1 && Term[0].is(tok::identifier) && !Negative && !Column) {
        Column = &Term[0];
      } else if (std::optional<int64_t> V = Term.size() == 1 ? literal(Term[0]) : std::nullopt) {
        Offset += Negative ? -*V : *V;
      } else {
        return std::nullopt;
      }
    }
    if (!Width || !Column)
      return std::nullopt;
    // The innermost loop over j around the access; every j of the body is
    // one of these loops' (declared once per loop, assigned by its
    // increment only).
    StringRef J = Column->getIdentifierInfo()->getName();
    auto Loops = RowLoops.find(J);
    if (Loops == RowLoops.end())
      return std::nullopt;
    const size_t Declaring = llvm::count_if(Loops->second, [](const RowLoop &R) {
      return R.Declared;
    });
    const size_t Headers = Loops->second.size() - Declaring; // `j = c` and `++j` each
    if (ScalarWrites.lookup(J) != Declaring + 2 * Headers || Declarations.lookup(J) != Declaring)
      return std::nullopt;
    const RowLoop *Around = nullptr;
    for (const RowLoop &R : Loops->second)
      if (R.Begin < Pos && Pos < R.End)
        Around = &R;
    if (!Around || Around->Width != *Width || Around->First + Offset < 0 ||
        Offset > Around->Slack)
      return std::nullopt;
    return Rows.empty() ? *Width : Rows + "*" + *Width;
  }

  /// The terms of \p S at its top level, each with whether it is
  /// subtracted (a leading sign is a term of its own: not a row).
  static SmallVector<std::pair<ArrayRef<Token>, bool>, 4> signedTerms(ArrayRef<Token> S) {
    SmallVector<std::pair<ArrayRef<Token>, bool>, 4> Terms;
    unsigned Depth = 0;
    size_t Start = 0;
    bool Negative = false;
    for (size_t I = 0; I < S.size(); ++I) {
      if (S[I].isOneOf(tok::l_paren, tok::l_square))
        ++Depth;
      else if (S[I].isOneOf(tok::r_paren, tok::r_square) && Depth)
        --Depth;
      else if (Depth == 0 && S[I].isOneOf(tok::plus, tok::minus)) {
        Terms.push_back({S.slice(Start, I - Start), Negative});
        Negative = S[I].is(tok::minus);
        Start = I + 1;
      }
    }
    Terms.push_back({S.drop_front(Start), Negative});
    return Terms;
  }

  /// The terms of \p S added or subtracted at its top level.
  static SmallVector<ArrayRef<Token>, 4> splitTerms(ArrayRef<Token> S) {
    SmallVector<ArrayRef<Token>, 4> Terms;
    for (auto [Term, Negative] : signedTerms(S))
      Terms.push_back(Term);
    return Terms;
  }

  /// Whether an access's subscript \p S is never the value of the write's
  /// subscript \p Write: that is the loop's variable itself, counting up
  /// from \p S plus a positive constant (`for (i = k + 1; i < n; ++i)`),
  /// and \p S does not change in the loop (LU's row k, read while rows
  /// k + 1 on are written).
  bool belowRange(ArrayRef<Token> Write, ArrayRef<Token> S) const {
    if (Write.size() != 1 || !sameVar(Write[0], L.Var) || L.NegativeStep || S.empty() ||
        (StringRef(L.Cmp) != "lt" && StringRef(L.Cmp) != "le"))
      return false;
    if (llvm::any_of(S, [&](const Token &T) {
          return sameVar(T, L.Var) || variesInLoop(T) ||
                 !T.isOneOf(tok::identifier, tok::numeric_constant, tok::plus, tok::minus);
        }))
      return false;
    ArrayRef<Token> Lower = L.Lower;
    if (Lower.size() != S.size() + 2 || Lower[S.size()].isNot(tok::plus) ||
        Lower.back().isNot(tok::numeric_constant) ||
        spell(PP, Lower.take_front(S.size())) != spell(PP, S))
      return false;
    uint64_t C = 0;
    return !StringRef(PP.getSpelling(Lower.back())).getAsInteger(0, C) && C > 0;
  }

  /// Two iterations never touch one element of \p Name when one of its
  /// subscripts is the loop variable plus or minus terms that do not change
  /// in the loop, written the same in every access of the array: the
  /// iterations then differ in that subscript (the others may be anything).
  std::string disjoint(StringRef Name) const {
    const AccessAt &First = FirstWrite.find(Name)->second;
    ArrayRef<SmallVector<Token, 8>> Write = First.Subscripts;
    const std::vector<Access> &All = Accesses.find(Name)->second;
    // (A time step's loop: every iteration writes the same elements.)
    if (llvm::none_of(Write, [&](ArrayRef<Token> S) {
          return llvm::any_of(S, [&](const Token &T) { return sameVar(T, L.Var); }) ||
                 rowWidth(S, First.Pos);
        })) {
      Access Written;
      for (ArrayRef<Token> W : Write)
        Written.push_back(spell(PP, W));
      return "every iteration writes '" + Name.str() + "' at " + Name.str() + display(Written) +
             ", which does not depend on the loop variable '" + PP.getSpelling(L.Var) + "'";
    }
    std::string Why;
    bool WhyUsesVar = false;
    for (size_t P = 0; P < Write.size(); ++P) {
      ArrayRef<Token> S = Write[P];
      // Rows of one width in every access: distinct rows per iteration.
      std::optional<std::string> Width = rowWidth(S, First.Pos);
      if (Width && llvm::all_of(AccessTokens.find(Name)->second, [&](const AccessAt &A) {
            return A.Subscripts.size() > P && rowWidth(A.Subscripts[P], A.Pos) == Width;
          }))
        return {};
      std::string Not = Width ? std::string() : notInjective(Name, S);
      if (Not.empty()) {
        // The same subscript in every access (or one the loop's variable
        // never reaches), or a dependence.
        const std::string Text = spell(PP, S);
        const std::vector<AccessAt> &At = AccessTokens.find(Name)->second;
        size_t O = 0;
        while (O < All.size() &&
               (All[O].size() > P && (All[O][P] == Text || belowRange(S, At[O].Subscripts[P]))))
          ++O;
        if (O == All.size())
          return {};
        auto Other = All.begin() + O;
        Access Written;
        for (ArrayRef<Token> W : Write)
          Written.push_back(spell(PP, W));
        Not = "loop-carried dependence on '" + Name.str() + "': it is written as " +
              Name.str() + display(Written) + " and accessed as " + Name.str() +
              display(*Other);
      }
      // Say why for the first subscript that uses the loop variable.
      const bool UsesVar = llvm::any_of(S, [&](const Token &T) { return sameVar(T, L.Var); });
      if (Why.empty() || (UsesVar && !WhyUsesVar)) {
        Why = std::move(Not);
        WhyUsesVar = UsesVar;
      }
    }
    return Why;
  }
};

} // namespace

bool isMathCall(StringRef N) {
  static const StringSet<> Names = {"sqrt", "exp", "log", "pow", "sin", "cos", "tan", "fabs",
                                    "abs", "fmin", "fmax", "min", "max", "floor", "ceil",
                                    "sqrtf", "expf", "logf", "powf", "sinf", "cosf", "fabsf",
                                    "exp2", "log2", "log10", "tanh", "atan", "atan2", "erf",
                                    "cbrt", "hypot", "fma", "fminf", "fmaxf", "fminl", "fmaxl",
                                    "tanf", "floorf", "ceilf", "exp2f", "log2f", "log10f",
                                    "tanhf", "atanf", "atan2f", "erff", "cbrtf", "hypotf",
                                    "fmaf", "fmod", "fmodf", "round", "roundf", "trunc",
                                    "truncf", "copysign", "copysignf", "asin", "acos",
                                    "asinf", "acosf", "sinh", "cosh", "sinhf", "coshf",
                                    "expm1", "log1p", "expm1f", "log1pf", "rsqrt", "rsqrtf",
                                    "cabs", "cabsf", "carg", "cargf", "cexp", "cexpf", "clog", "clogf",
                                    "csqrt", "csqrtf", "csin", "csinf", "ccos", "ccosf"};
  return Names.contains(N);
}

std::string findDependence(Preprocessor &PP, const CanonicalLoop &L, const LoopMemory &Memory,
                           OverlapPairs *Assumed, const StringSet<> &Reductions,
                           const StringSet<> &Privates, const StringSet<> &PureCalls,
                           const StringSet<> &WideIntegers) {
  return Test(PP, L, Memory, Assumed, Reductions, Privates, PureCalls, WideIntegers).run();
}

bool assignedFirst(ArrayRef<Token> Body, const Token &Name, bool Unconditionally) {
  for (size_t I = 0; I < Body.size(); ++I) {
    if (Unconditionally &&
        Body[I].isOneOf(tok::kw_if, tok::question, tok::kw_switch, tok::kw_while, tok::kw_do,
                        tok::kw_for, tok::kw_break, tok::kw_continue, tok::kw_goto, tok::ampamp,
                        tok::pipepipe))
      return false;
    if (sameVar(Body[I], Name) &&
        !(I > 0 && Body[I - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon)))
      return I + 1 < Body.size() && Body[I + 1].is(tok::equal) &&
             !(I > 0 && Body[I - 1].isOneOf(tok::plusplus, tok::minusminus));
  }
  return false;
}

/// Whether \p Body holds Ferry's own code (a nested construct rewritten).
static bool ferryCode(ArrayRef<Token> Body) {
  return llvm::any_of(Body, [](const Token &T) {
    return T.is(tok::identifier) && T.getIdentifierInfo()->getName().starts_with("__ferry_");
  });
}

/// Whether \p Body is straight-line code (no condition, no jump) without
/// Ferry's own code in it.
static bool straightLine(ArrayRef<Token> Body) {
  return !ferryCode(Body) && llvm::none_of(Body, [](const Token &T) {
    return T.isOneOf(tok::kw_if, tok::question, tok::kw_switch, tok::kw_break,
                     tok::kw_continue, tok::kw_return, tok::kw_goto, tok::kw_while,
                     tok::kw_do);
  });
}

namespace {
/// The names of a loop's body that vary from one iteration to the next (the
/// loop's variable, its private ones, and those the body declares or
/// assigns), and those the body declares.
struct BodyNames {
  StringSet<> Varying, Declared;
};
} // namespace

/// The names of \p L's body, with \p Privates.
static BodyNames namesOfBody(Preprocessor &PP, const CanonicalLoop &L,
                             const StringSet<> &Privates) {
  ArrayRef<Token> Body = L.Body;
  BodyNames Names{Privates, {}};
  StringSet<> &Varying = Names.Varying, &Declared = Names.Declared;
  Varying.insert(PP.getSpelling(L.Var));
  for (size_t I = 0; I < Body.size(); ++I) {
    if (!Body[I].is(tok::identifier))
      continue;
    StringRef Name = Body[I].getIdentifierInfo()->getName();
    if (declaredAt(Body, I)) {
      Varying.insert(Name);
      Declared.insert(Name);
    } else if (I > 0 && Body[I - 1].is(tok::comma) && Declared.size())
      Declared.insert(Name); // `int a = 0, b`: conservatively the body's own
    else if (I + 1 < Body.size() &&
             (isAssignment(Body[I + 1]) || Body[I + 1].isOneOf(tok::plusplus, tok::minusminus)))
      Varying.insert(Name);
    else if (I > 0 && Body[I - 1].isOneOf(tok::plusplus, tok::minusminus))
      Varying.insert(Name);
  }
  return Names;
}

/// Whether the identifier at \p I of \p L's body names a variable that all
/// iterations share: not a member, not being declared, not a reduction's,
/// private, declared in the body or the loop's variable.
static bool namesSharedVariable(ArrayRef<Token> Body, size_t I, const CanonicalLoop &L,
                                const BodyNames &Names, const StringSet<> &Reductions,
                                const StringSet<> &Privates) {
  const Token &T = Body[I];
  if (!T.is(tok::identifier) ||
      (I > 0 && Body[I - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon)) ||
      declaredAt(Body, I))
    return false;
  StringRef Name = T.getIdentifierInfo()->getName();
  return !(Reductions.contains(Name) || Privates.contains(Name) ||
           Names.Declared.contains(Name) || sameVar(T, L.Var));
}

/// Where the subscripts after the name at \p I of \p Body end (I + 1 when
/// it has none); \p Invariant is cleared when one of them holds a name in
/// \p Varying or a call.
static size_t subscriptsEnd(ArrayRef<Token> Body, size_t I, const StringSet<> &Varying,
                            bool &Invariant) {
  size_t End = I + 1;
  while (End < Body.size() && Body[End].is(tok::l_square)) {
    unsigned Depth = 0;
    size_t J = End;
    for (; J < Body.size(); ++J) {
      if (Body[J].is(tok::l_square))
        ++Depth;
      else if (Body[J].is(tok::r_square) && --Depth == 0)
        break;
      else if (Body[J].is(tok::identifier) &&
               (Varying.contains(Body[J].getIdentifierInfo()->getName()) ||
                (J + 1 < Body.size() && Body[J + 1].is(tok::l_paren))))
        Invariant = false; // a varying name, or a call
    }
    End = J + 1;
  }
  return End;
}

/// Whether the assignment at \p End to Body[I, End) reads the same text
/// again before its `;` (`x = ... x ...`).
static bool readsItself(Preprocessor &PP, ArrayRef<Token> Body, size_t I, size_t End) {
  const size_t Len = End - I;
  for (size_t K = End + 1; K + Len <= Body.size() && !Body[K].is(tok::semi); ++K) {
    bool Same = true;
    for (size_t M = 0; M < Len && Same; ++M)
      Same = PP.getSpelling(Body[K + M]) == PP.getSpelling(Body[I + M]);
    if (Same)
      return true;
  }
  return false;
}

/// What the shared variable named at \p I of \p Body is updated at in
/// every iteration, as written ("x[i]", "s"): an element at subscripts that
/// do not change in the loop written, or a scalar read and written. Empty
/// when it is not.
static std::string updatedInEveryIteration(Preprocessor &PP, ArrayRef<Token> Body, size_t I,
                                           const StringSet<> &Varying, bool CompoundOnly) {
  bool Invariant = true;
  const size_t End = subscriptsEnd(Body, I, Varying, Invariant);
  const bool Subscripted = End > I + 1;
  if (!Invariant || End >= Body.size() || Body[End].is(tok::l_paren))
    return {};
  const bool PreIncDec = I > 0 && Body[I - 1].isOneOf(tok::plusplus, tok::minusminus);
  const bool Compound = (isAssignment(Body[End]) && !Body[End].is(tok::equal)) ||
                        Body[End].isOneOf(tok::plusplus, tok::minusminus) || PreIncDec;
  const bool ReadsItself = Body[End].is(tok::equal) && readsItself(PP, Body, I, End);
  // A scalar whose first use in the body assigns it (`k = 0` of a loop
  // over k inside) is each iteration's own value, not shared state.
  if (!Subscripted && assignedFirst(Body, Body[I], /*Unconditionally=*/false))
    return {};
  // An element written in every iteration; a scalar read and written.
  if (!(Compound || ReadsItself || (Subscripted && Body[End].is(tok::equal))) ||
      (CompoundOnly && !Compound))
    return {};
  std::string Text;
  for (size_t K = I; K < End; ++K)
    Text += PP.getSpelling(Body[K]);
  return Text;
}

std::string findCertainConflict(Preprocessor &PP, const CanonicalLoop &L,
                                const StringSet<> &Reductions, const StringSet<> &Privates,
                                bool &Conditional) {
  ArrayRef<Token> Body = L.Body;
  // Ferry's own code (a nested construct) is not read. Under a condition,
  // which could keep all but one iteration from writing, only updates in
  // place (`count++`, `s += x`): a count of the iterations that meet it is
  // a race as soon as two do.
  if (ferryCode(Body))
    return {};
  Conditional = !straightLine(Body);
  const BodyNames Names = namesOfBody(PP, L, Privates);
  for (size_t I = 0; I < Body.size(); ++I)
    if (namesSharedVariable(Body, I, L, Names, Reductions, Privates))
      if (std::string Text = updatedInEveryIteration(PP, Body, I, Names.Varying, Conditional);
          !Text.empty())
        return Text;
  return {};
}

namespace {

/// The loops nested in a pivot loop's body, by their variables' names.
struct NestedRanges {
  /// Tail loops, with their lower bounds as written.
  StringMap<std::string> Tails;
  StringSet<> Full;
};

/// The loops nested in \p L's body: `for ([type] v = lower; v < upper; ...)`.
/// A tail loop starts at the loop's variable (plus a constant) and ends
/// where it does not: its range shrinks from one iteration to the next,
/// and overlaps the next one's. A full loop's bounds do not name it.
NestedRanges nestedRanges(Preprocessor &PP, const CanonicalLoop &L) {
  ArrayRef<Token> Body = L.Body;
  auto Names = [&](ArrayRef<Token> Toks, const Token &Var) {
    return llvm::any_of(Toks, [&](const Token &T) { return sameVar(T, Var); });
  };
  NestedRanges R;
  for (size_t I = 0; I + 1 < Body.size(); ++I) {
    if (Body[I].isNot(tok::kw_for) || Body[I + 1].isNot(tok::l_paren))
      continue;
    const size_t End = groupEnd(Body, I + 1);
    SmallVector<ArrayRef<Token>, 4> Parts =
        splitTopLevel(Body.slice(I + 2, End - I - 3), tok::semi);
    if (Parts.size() != 3)
      continue;
    ArrayRef<Token> Init = Parts[0], Cond = Parts[1];
    auto Eq = llvm::find_if(Init, [](const Token &T) { return T.is(tok::equal); });
    if (Eq == Init.begin() || Eq == Init.end() || Cond.size() < 3 ||
        !Cond[1].isOneOf(tok::less, tok::lessequal))
      continue;
    const Token &Var = *(Eq - 1);
    ArrayRef<Token> Lower(Eq + 1, Init.end());
    if (!Var.is(tok::identifier) || !sameVar(Cond[0], Var) || Names(Cond.drop_front(2), L.Var))
      continue;
    const std::string Name = PP.getSpelling(Var);
    const bool StartsAtVar =
        !Lower.empty() && sameVar(Lower[0], L.Var) &&
        (Lower.size() == 1 ||
         (Lower.size() == 3 && Lower[1].is(tok::plus) && Lower[2].is(tok::numeric_constant)));
    if (StartsAtVar)
      R.Tails[Name] = spell(PP, Lower);
    else if (!Names(Lower, L.Var))
      R.Full.insert(Name);
  }
  return R;
}

/// The first write in \p Body whose every subscript is a tail or full
/// loop's variable (one a tail's at least) or a constant, as written (empty
/// where there is none); \p Tail says which tail loop.
std::string tailWrite(Preprocessor &PP, ArrayRef<Token> Body, NestedRanges &R,
                      std::string &Tail) {
  for (size_t I = 0; I < Body.size(); ++I) {
    if (!Body[I].is(tok::identifier) ||
        (I > 0 && Body[I - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon)) ||
        I + 1 >= Body.size() || Body[I + 1].isNot(tok::l_square))
      continue;
    size_t End = I + 1;
    bool Simple = true;
    std::string TailOf;
    while (End < Body.size() && Body[End].is(tok::l_square)) {
      const size_t Close = groupEnd(Body, End);
      ArrayRef<Token> Sub = Body.slice(End + 1, Close - End - 2);
      if (Sub.size() != 1)
        Simple = false;
      else if (Sub[0].is(tok::identifier) && R.Tails.count(PP.getSpelling(Sub[0])))
        TailOf = PP.getSpelling(Sub[0]);
      else if (!Sub[0].is(tok::numeric_constant) &&
               !(Sub[0].is(tok::identifier) && R.Full.contains(PP.getSpelling(Sub[0]))))
        Simple = false;
      End = Close;
    }
    if (!Simple || TailOf.empty() || End >= Body.size() || !isAssignment(Body[End]))
      continue;
    Tail = TailOf + " from " + R.Tails[TailOf];
    while (!Tail.empty() && Tail.back() == ' ')
      Tail.pop_back();
    std::string Text;
    for (size_t K = I; K < End; ++K)
      Text += PP.getSpelling(Body[K]);
    return Text;
  }
  return {};
}

} // namespace

std::string findTriangularConflict(Preprocessor &PP, const CanonicalLoop &L,
                                   std::string &Tail) {
  if (!straightLine(L.Body))
    return {};
  NestedRanges R = nestedRanges(PP, L);
  if (R.Tails.empty())
    return {};
  // A write at subscripts of tail loops' variables: iterations v and v + 1
  // both write the last element of its range.
  return tailWrite(PP, L.Body, R, Tail);
}

} // namespace plugin
} // namespace ferry
