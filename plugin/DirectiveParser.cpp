//===- DirectiveParser.cpp - Parses the text of '#pragma acc' -------------===//
///
/// \file
/// The directive grammar of OpenACC 3.3 for the constructs Ferry knows:
/// construct name(s), then clauses separated by optional commas, each with
/// its operand shape from Clauses.def.
///
//===----------------------------------------------------------------------===//
#include "DirectiveParser.h"

#include "ConstantTokens.h"
#include "ConstructPieces.h"
#include "DeviceTypeClauses.h"
#include "Diagnostics.h"
#include "TokenBuilder.h"

#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace ferry {
namespace plugin {

std::string implicitName(const Directive &D) {
  return (D.Statement ? "statement in '" : "plain loop in '") + spelling(D.ImplicitIn).str() +
         "'";
}

StringRef spelling(ConstructKind K) {
  switch (K) {
#define FERRY_CONSTRUCT(Id, Spelling, Supported)                               \
  case ConstructKind::Id:                                                      \
    return Spelling;
#include "Constructs.def"
  }
  return "?";
}

StringRef spelling(ClauseKind K) {
  switch (K) {
#define FERRY_CLAUSE(Id, Spelling, Operand, Supported)                         \
  case ClauseKind::Id:                                                         \
    return Spelling;
#include "Clauses.def"
  }
  return "?";
}

OperandKind operandKind(ClauseKind K) {
  switch (K) {
#define FERRY_CLAUSE(Id, Spelling, Operand, Supported)                         \
  case ClauseKind::Id:                                                         \
    return OperandKind::Operand;
#include "Clauses.def"
  }
  return OperandKind::None;
}

SmallVector<ArrayRef<Token>, 4> splitTopLevel(ArrayRef<Token> Toks,
                                              tok::TokenKind Sep) {
  SmallVector<ArrayRef<Token>, 4> Parts;
  unsigned Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I < Toks.size(); ++I) {
    if (Toks[I].isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++Depth;
    else if (Toks[I].isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
      --Depth;
    else if (Depth == 0 && Toks[I].is(Sep)) {
      Parts.push_back(Toks.slice(Start, I - Start));
      Start = I + 1;
    }
  }
  Parts.push_back(Toks.slice(Start));
  return Parts;
}

SmallVector<ArrayRef<Token>, 4> splitArguments(const Clause &C) {
  SmallVector<ArrayRef<Token>, 4> Parts;
  ArrayRef<Token> Toks = C.Expr;
  size_t Start = 0;
  for (ArrayRef<Token> Part : splitTopLevel(Toks, tok::comma)) {
    const size_t End = size_t(Part.end() - Toks.begin()); // the comma after it
    if (End < Toks.size() && llvm::is_contained(C.TemplateCommas, unsigned(End)))
      continue;
    Parts.push_back(Toks.slice(Start, End - Start));
    Start = End + 1;
  }
  return Parts;
}

/// The declarations \p Name (the identifier at \p I of \p Toks, with the
/// `A::B::` before it) stands for where the directive is, through \p S's
/// lookup; empty where a qualifier is not a namespace or a class.
static SmallVector<NamedDecl *, 2> lookupQualified(Sema &S, ArrayRef<Token> Toks, size_t I) {
  size_t First = I;
  while (First >= 2 && Toks[First - 1].is(tok::coloncolon) && Toks[First - 2].is(tok::identifier))
    First -= 2;
  const bool Global = First >= 1 && Toks[First - 1].is(tok::coloncolon);
  DeclContext *DC = Global ? S.Context.getTranslationUnitDecl() : nullptr;
  SmallVector<NamedDecl *, 2> Found;
  for (size_t J = First; J <= I; J += 2) {
    LookupResult R(S, Toks[J].getIdentifierInfo(), Toks[J].getLocation(),
                   J == I ? Sema::LookupOrdinaryName : Sema::LookupNestedNameSpecifierName);
    if (DC ? !S.LookupQualifiedName(R, DC) : !S.LookupName(R, S.getCurScope()))
      return {};
    if (J == I) {
      Found.append(R.begin(), R.end());
      break;
    }
    NamedDecl *D = R.getAsSingle<NamedDecl>();
    D = D ? D->getUnderlyingDecl() : nullptr;
    if (auto *Alias = dyn_cast_or_null<NamespaceAliasDecl>(D))
      D = Alias->getNamespace();
    if (auto *TD = dyn_cast_or_null<TypedefNameDecl>(D))
      D = TD->getUnderlyingType()->getAsCXXRecordDecl();
    DC = dyn_cast_or_null<DeclContext>(D);
    if (!DC || !isa<NamespaceDecl, CXXRecordDecl>(DC))
      return {};
  }
  return Found;
}

/// Whether the `<` after the identifier at \p I of \p Toks opens a template
/// argument list: `template f<`, or a name of a class, function, variable
/// or alias template.
static bool opensTemplateArguments(Sema &S, ArrayRef<Token> Toks, size_t I) {
  if (I >= 1 && Toks[I - 1].is(tok::kw_template))
    return true;
  if (I >= 1 && Toks[I - 1].isOneOf(tok::period, tok::arrow))
    return false; // a member: its class is not known here
  for (NamedDecl *D : lookupQualified(S, Toks, I))
    if (isa<TemplateDecl>(D->getUnderlyingDecl()))
      return true;
  return false;
}

/// The indexes of the commas of \p Toks inside a template argument list.
static SmallVector<unsigned, 2> templateArgumentCommas(Sema *S, ArrayRef<Token> Toks) {
  SmallVector<unsigned, 2> Commas;
  if (!S || !S->getLangOpts().CPlusPlus || !S->getCurScope())
    return Commas;
  SmallVector<tok::TokenKind, 8> Open; // l_paren, l_square, l_brace or less
  auto CloseAngle = [&] {
    if (Open.empty() || Open.back() != tok::less)
      return false;
    Open.pop_back();
    return true;
  };
  for (size_t I = 0; I < Toks.size(); ++I) {
    const Token &T = Toks[I];
    if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      Open.push_back(T.getKind());
    else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace)) {
      while (!Open.empty() && Open.back() == tok::less)
        Open.pop_back(); // a `<` that was a comparison after all
      if (!Open.empty())
        Open.pop_back();
    } else if (T.is(tok::less) && I > 0 && Toks[I - 1].is(tok::identifier) &&
               opensTemplateArguments(*S, Toks, I - 1))
      Open.push_back(tok::less);
    else if (T.is(tok::greater))
      CloseAngle();
    else if (T.is(tok::greatergreater) && CloseAngle())
      CloseAngle();
    else if (T.is(tok::comma) && llvm::is_contained(Open, tok::less))
      Commas.push_back(unsigned(I));
  }
  return Commas;
}

static bool isSupported(ConstructKind K) {
  switch (K) {
#define FERRY_CONSTRUCT(Id, Spelling, Supported)                               \
  case ConstructKind::Id:                                                      \
    return Supported;
#include "Constructs.def"
  }
  return false;
}

static bool isSupported(ClauseKind K) {
  switch (K) {
#define FERRY_CLAUSE(Id, Spelling, Operand, Supported)                         \
  case ClauseKind::Id:                                                         \
    return Supported;
#include "Clauses.def"
  }
  return false;
}

bool isDataClause(ClauseKind K) {
  switch (K) {
  case ClauseKind::Copy:
  case ClauseKind::Copyin:
  case ClauseKind::Copyout:
  case ClauseKind::Create:
  case ClauseKind::Present:
  case ClauseKind::NoCreate:
  case ClauseKind::Deviceptr:
    return true;
  default:
    return false;
  }
}

bool Directive::isLoop() const {
  return Kind == ConstructKind::ParallelLoop ||
         Kind == ConstructKind::KernelsLoop ||
         Kind == ConstructKind::SerialLoop || Kind == ConstructKind::Loop;
}

bool takesMembers(ClauseKind K) {
  return (isDataClause(K) && K != ClauseKind::Deviceptr) ||
         K == ClauseKind::Delete || K == ClauseKind::HostClause ||
         K == ClauseKind::DeviceClause || K == ClauseKind::Attach ||
         K == ClauseKind::Detach;
}

const Clause *Directive::find(ClauseKind K) const {
  for (const Clause &C : Clauses)
    if (C.Kind == K)
      return &C;
  return nullptr;
}

static bool isAtomicClause(ClauseKind C) {
  return C == ClauseKind::AtomicRead || C == ClauseKind::AtomicWrite ||
         C == ClauseKind::AtomicUpdate || C == ClauseKind::AtomicCapture;
}

namespace construct_bits {
/// A bit per construct, for the sets of ClauseConstructs.def.
#define FERRY_CONSTRUCT(Id, Spelling, Supported)                               \
  constexpr uint32_t Id = 1u << unsigned(ConstructKind::Id);
#include "Constructs.def"
} // namespace construct_bits

/// Whether Ferry accepts clause \p C on construct \p K (ClauseConstructs.def).
static bool isAllowed(ConstructKind K, ClauseKind C) {
  using namespace construct_bits;
  uint32_t On = 0;
  switch (C) {
#define FERRY_ALLOWED(Clause, Constructs)                                      \
  case ClauseKind::Clause:                                                     \
    On = Constructs;                                                           \
    break;
#include "ClauseConstructs.def"
  }
  return On & (1u << unsigned(K));
}

namespace {

/// A cursor over the directive's tokens.
class Cursor {
public:
  Cursor(ArrayRef<Token> Toks, SourceLocation EndLoc)
      : Toks(Toks), EndLoc(EndLoc) {}
  bool atEnd() const { return Pos >= Toks.size(); }
  const Token &peek() const { return Toks[Pos]; }
  Token next() { return Toks[Pos++]; }
  SourceLocation loc() const { return atEnd() ? EndLoc : Toks[Pos].getLocation(); }
  bool is(tok::TokenKind K) const { return !atEnd() && peek().is(K); }
  bool consume(tok::TokenKind K) {
    if (!is(K))
      return false;
    ++Pos;
    return true;
  }

private:
  ArrayRef<Token> Toks;
  SourceLocation EndLoc;
  size_t Pos = 0;
};

/// The text of a clause item, for messages: "s.data[0:n]".
std::string itemText(Preprocessor &PP, ArrayRef<Token> Item) {
  std::string Text;
  for (const Token &T : Item)
    Text += PP.getSpelling(T);
  return Text;
}

/// The spelling of an identifier or keyword token ("if", "default", ...).
StringRef wordOf(const Token &T) {
  if (const IdentifierInfo *II = T.getIdentifierInfo())
    return II->getName();
  return {};
}

class DirectiveParser {
public:
  DirectiveParser(Preprocessor &PP, Sema *S, ArrayRef<Token> Line, SourceLocation Loc)
      : PP(PP), TheSema(S), C(Line, Line.empty() ? Loc : Line.back().getEndLoc()),
        PragmaLoc(Loc) {}

  std::optional<Directive> parse();

private:
  std::optional<ConstructKind> parseConstruct(SourceLocation &Loc);
  bool parseClause(Directive &D);
  bool parseOperand(Clause &Cl, StringRef Name);
  bool parseDataOperand(TokenList &Toks, Clause &Cl, StringRef Name);
  bool parseReductionOperand(const TokenList &Toks, Clause &Cl, StringRef Name);
  bool parseVarList(ArrayRef<Token> Toks, Clause &Cl, StringRef Name);
  /// A postfix part of a variable in a clause: `.m`, `->m`, `[e]` and
  /// `[lo:len]`. Sections come last; the subscripts and members before them
  /// name the object.
  struct PostfixPart {
    size_t Begin, End; ///< tokens [Begin, End) of the item
    size_t Colon;      ///< a section's top-level ':' (0: a subscript)
  };
  bool parseVarItem(ArrayRef<Token> Item, Clause &Cl, StringRef Name);
  bool checkVarName(ArrayRef<Token> Item, const Clause &Cl, StringRef Name);
  bool splitPostfix(ArrayRef<Token> Item, StringRef Name, SmallVectorImpl<PostfixPart> &Parts,
                    bool &Member);
  static size_t bracketClose(ArrayRef<Token> Item, size_t Open, size_t &Colon);
  bool findFirstSection(ArrayRef<Token> Item, ArrayRef<PostfixPart> Parts, StringRef Name,
                        size_t &FirstSection, bool &Element);
  bool buildSection(ArrayRef<Token> Item, const PostfixPart &Pt, bool Element,
                    ArraySection &S);
  /// The size of dimension \p Dim of \p Base (a variable, or a member
  /// chain `s.m`, `p->m`, `a[i]`) when its type says it (an array of
  /// constant bounds).
  std::optional<uint64_t> knownExtent(llvm::ArrayRef<Token> Base, size_t Dim) const;
  /// A section without a length (`a[:]`, `a[lo:]`, `s.m[:]`) of dimension
  /// \p Dim of \p Base, in the item \p Item, gets the array's size minus its
  /// lower bound; false after a diagnostic where the size is not known.
  bool completeSection(llvm::ArrayRef<Token> Item, llvm::ArrayRef<Token> Base, size_t Dim,
                       StringRef Name, ArraySection &Sec);
  /// Whether \p Base (a variable, or a member chain) may be sectioned: false
  /// where its type is known and is no pointer, array or class.
  bool sectionable(llvm::ArrayRef<Token> Base) const;
  /// A section of dimension \p Dim of \p Base whose bounds are constants:
  /// false after a diagnostic where it reaches past the array's known size.
  bool checkSectionBounds(llvm::ArrayRef<Token> Item, llvm::ArrayRef<Token> Base, size_t Dim,
                          StringRef Name, const ArraySection &Sec);
  bool collectParenthesized(TokenList &Out, StringRef Name, SourceLocation Loc);
  bool checkConflicts(const Directive &D);
  bool splitWaitArgument(Clause &Wait);
  bool mergeWaitClause(Directive &D, Clause &Wait, llvm::StringRef Name);

  Preprocessor &PP;
  Sema *TheSema; ///< none under -E
  Cursor C;
  SourceLocation PragmaLoc; ///< `acc`, for a directive with no construct
  /// After a `device_type` clause (DeviceTypeClauses.h): the clauses that
  /// follow hold for its types only.
  bool InDeviceGroup = false;
  unsigned GroupTypes = 0;
  /// Sections may omit their length (`a[lo:]`): on `declare`.
  bool OpenEndedSections = false;
};

std::optional<ConstructKind> DirectiveParser::parseConstruct(SourceLocation &Loc) {
  if (C.atEnd() || wordOf(C.peek()).empty()) {
    report(PP, C.atEnd() ? PragmaLoc : C.loc(), Diag::ExpectedConstruct);
    return std::nullopt;
  }
  Loc = C.loc();
  std::string Name = wordOf(C.next()).str();
  // Two-word constructs: "parallel loop", "enter data", ...
  if (!C.atEnd()) {
    StringRef Second = wordOf(C.peek());
    if (((Name == "parallel" || Name == "kernels" || Name == "serial") &&
         Second == "loop") ||
        ((Name == "enter" || Name == "exit") && Second == "data")) {
      Name += " " + Second.str();
      C.next();
    }
  }
  std::optional<ConstructKind> K;
#define FERRY_CONSTRUCT(Id, Spelling, Supported)                               \
  if (Name == Spelling)                                                        \
    K = ConstructKind::Id;
#include "Constructs.def"
  if (!K) {
    report(PP, Loc, Diag::UnknownConstruct) << Name;
    return std::nullopt;
  }
  if (!isSupported(*K)) {
    report(PP, Loc, Diag::UnsupportedConstruct) << Name;
    return std::nullopt;
  }
  return K;
}

bool DirectiveParser::collectParenthesized(TokenList &Out, StringRef Name,
                                           SourceLocation Loc) {
  if (!C.consume(tok::l_paren)) {
    report(PP, C.loc(), Diag::ExpectedLParen) << Name;
    return false;
  }
  // The brackets opened inside the argument, innermost last: a closing
  // bracket must match the innermost (`a[0:n)` is a missing ']', not a
  // missing ')' at the end of the line).
  SmallVector<Token, 4> Open;
  auto closerOf = [](const Token &T) {
    return T.is(tok::l_paren) ? tok::r_paren : T.is(tok::l_square) ? tok::r_square : tok::r_brace;
  };
  // The innermost open bracket is not closed where \p At is: false after
  // saying so, with a note at the bracket.
  auto unclosed = [&](SourceLocation At) {
    const Token &Opener = Open.back();
    report(PP, At, Diag::MismatchedBracket)
        << tok::getPunctuatorSpelling(closerOf(Opener))
        << tok::getPunctuatorSpelling(Opener.getKind()) << Name;
    report(PP, Opener.getLocation(), Diag::NoteBracketOpened)
        << tok::getPunctuatorSpelling(Opener.getKind());
    return false;
  };
  while (!C.atEnd()) {
    const Token &T = C.peek();
    if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      Open.push_back(T);
    if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace)) {
      if (Open.empty()) {
        if (!T.is(tok::r_paren))
          break;
        C.next();
        if (Out.empty()) {
          report(PP, Loc, Diag::EmptyOperand) << Name;
          return false;
        }
        return true;
      }
      if (!T.is(closerOf(Open.back())))
        return unclosed(T.getLocation());
      Open.pop_back();
    }
    Out.push_back(C.next());
  }
  if (!Open.empty())
    return unclosed(C.loc());
  report(PP, C.loc(), Diag::UnbalancedParens) << Name;
  return false;
}

bool DirectiveParser::parseVarList(ArrayRef<Token> Toks, Clause &Cl,
                                   StringRef Name) {
  for (ArrayRef<Token> Item : splitTopLevel(Toks, tok::comma))
    if (!parseVarItem(Item, Cl, Name))
      return false;
  return true;
}

/// `[0:1]` or `[:1]`: a section of one element that starts at the first.
static bool isWholeObjectSection(Preprocessor &PP, ArrayRef<Token> Toks) {
  auto Is = [&](size_t I, StringRef Number) {
    return Toks[I].is(tok::numeric_constant) && PP.getSpelling(Toks[I]) == Number;
  };
  if (Toks.size() == 5 && Is(1, "0"))
    Toks = Toks.drop_front(); // `[0:1]`, read from its `0`
  return Toks.size() == 4 && Toks[0].isOneOf(tok::l_square, tok::numeric_constant) &&
         Toks[1].is(tok::colon) && Is(2, "1") && Toks[3].is(tok::r_square);
}

/// One item of a variable list: a name, its postfix parts, then its
/// sections, added to \p Cl.
bool DirectiveParser::parseVarItem(ArrayRef<Token> Item, Clause &Cl, StringRef Name) {
  // `this` (C++): the object, `*this`, as the OpenACC Best Practices
  // Guide's classes enter it (`enter data copyin(this)`); an item of the
  // object's own kind, like a member's root.
  // `this[0:1]` (or `this[:1]`), the section of the one object `this`
  // points to, is the same.
  if (!Item.empty() && Item[0].is(tok::kw_this) && takesMembers(Cl.Kind) &&
      PP.getLangOpts().CPlusPlus && (Item.size() == 1 || isWholeObjectSection(PP, Item.drop_front()))) {
    VarRef V;
    V.Name = Item[0];
    TokenBuilder Object(PP, Item[0].getLocation());
    Object.code("(*this)");
    V.Base.append(Object.get().begin(), Object.get().end());
    Cl.Vars.push_back(std::move(V));
    return true;
  }
  if (!checkVarName(Item, Cl, Name))
    return false;
  SmallVector<PostfixPart, 4> Parts;
  bool Member = false;
  if (!splitPostfix(Item, Name, Parts, Member))
    return false;
  size_t FirstSection;
  bool Element;
  if (!findFirstSection(Item, Parts, Name, FirstSection, Element))
    return false;
  if ((Member || FirstSection > 0) && Cl.Kind == ClauseKind::Reduction) {
    report(PP, Item[1].getLocation(), Diag::ReductionMember) << itemText(PP, Item);
    return false;
  }
  if ((Member || FirstSection > 0) && !takesMembers(Cl.Kind)) {
    report(PP, Item[1].getLocation(), Diag::MemberInClause)
        << itemText(PP, Item) << Name;
    return false;
  }
  VarRef V;
  V.Name = Item[0];
  if (FirstSection > 0)
    V.Base.append(Item.begin(), Item.begin() + Parts[FirstSection - 1].End);
  // (What the sections apply to: the variable, or the chain before them.)
  const ArrayRef<Token> Sectioned = FirstSection > 0 ? ArrayRef<Token>(V.Base) : Item.take_front(1);
  if (FirstSection < Parts.size() && !sectionable(Sectioned)) {
    report(PP, Item[0].getLocation(), Diag::SectionOfScalar)
        << Name << itemText(PP, Item) << itemText(PP, Sectioned);
    return false;
  }
  for (size_t P = FirstSection; P < Parts.size(); ++P) {
    ArraySection Sec;
    if (!buildSection(Item, Parts[P], Element, Sec) ||
        !completeSection(Item, Sectioned, P - FirstSection, Name, Sec) ||
        (!Element && !checkSectionBounds(Item, Sectioned, P - FirstSection, Name, Sec)))
      return false;
    V.Sections.push_back(std::move(Sec));
  }
  V.Element = Element;
  Cl.Vars.push_back(std::move(V));
  return true;
}

/// An item starts with an unqualified variable name.
bool DirectiveParser::checkVarName(ArrayRef<Token> Item, const Clause &Cl, StringRef Name) {
  // `this->m...` (C++): a member through the explicit `this`, rooted at the
  // object as `p->m` is at the struct p points to.
  if (Item.size() > 2 && Item[0].is(tok::kw_this) && Item[1].is(tok::arrow) &&
      Item[2].is(tok::identifier) && PP.getLangOpts().CPlusPlus)
    return true;
  if (Item.empty() || !Item[0].is(tok::identifier)) {
    if (!Item.empty() && takesMembers(Cl.Kind) &&
        Item[0].isOneOf(tok::kw_this, tok::coloncolon, tok::l_paren,
                        tok::star, tok::amp)) {
      report(PP, Item[0].getLocation(), Diag::NotAnLvalueInClause)
          << itemText(PP, Item) << Name;
      return false;
    }
    report(PP, Item.empty() ? Cl.Loc : Item[0].getLocation(),
           Diag::ExpectedVariable)
        << Name;
    return false;
  }
  if (Item.size() > 1 && Item[1].is(tok::coloncolon)) {
    report(PP, Item[1].getLocation(), Diag::QualifiedNameInClause)
        << (PP.getSpelling(Item[0]) + "::" +
            (Item.size() > 2 ? PP.getSpelling(Item[2]) : std::string()))
        << Name;
    return false;
  }
  return true;
}

/// The postfix parts after the item's name into \p Parts; \p Member: one
/// of them is a member.
bool DirectiveParser::splitPostfix(ArrayRef<Token> Item, StringRef Name,
                                   SmallVectorImpl<PostfixPart> &Parts, bool &Member) {
  for (size_t I = 1; I < Item.size();) {
    if (Item[I].isOneOf(tok::period, tok::arrow)) {
      if (I + 1 >= Item.size() || !Item[I + 1].is(tok::identifier)) {
        report(PP, Item[I].getLocation(), Diag::ExpectedMemberName)
            << itemText(PP, Item) << Name;
        return false;
      }
      Parts.push_back({I, I + 2, 0});
      Member = true;
      I += 2;
      continue;
    }
    if (Item[I].is(tok::l_paren)) {
      report(PP, Item[I].getLocation(), Diag::NotAnLvalueInClause)
          << itemText(PP, Item) << Name;
      return false;
    }
    if (!Item[I].is(tok::l_square)) {
      report(PP, Item[I].getLocation(), Diag::MalformedSection) << Name;
      return false;
    }
    size_t Colon;
    const size_t Close = bracketClose(Item, I, Colon);
    if (Close == I || Close == I + 1) {
      report(PP, Item[I].getLocation(), Diag::MalformedSection) << Name;
      return false;
    }
    Parts.push_back({I, Close + 1, Colon});
    I = Close + 1;
  }
  return true;
}

/// The matching ']' of the '[' at \p Open (\p Open itself when there is
/// none), and in \p Colon the top-level ':' inside (0: none).
size_t DirectiveParser::bracketClose(ArrayRef<Token> Item, size_t Open, size_t &Colon) {
  unsigned Depth = 0;
  Colon = 0;
  for (size_t J = Open + 1; J < Item.size(); ++J) {
    if (Item[J].isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++Depth;
    else if (Item[J].isOneOf(tok::r_paren, tok::r_brace))
      --Depth;
    else if (Item[J].is(tok::r_square)) {
      if (Depth == 0)
        return J;
      --Depth;
    } else if (Depth == 0 && Item[J].is(tok::colon) && !Colon)
      Colon = J;
  }
  return Open;
}

/// The sections: the trailing brackets from the first one with a ':'; a
/// subscript after a section is malformed. Without any ':', a trailing
/// subscript is a one-element section (\p Element): `list[i]` is
/// `list[i:1]`. \p FirstSection: the index of the first in \p Parts.
bool DirectiveParser::findFirstSection(ArrayRef<Token> Item, ArrayRef<PostfixPart> Parts,
                                       StringRef Name, size_t &FirstSection, bool &Element) {
  FirstSection = Parts.size();
  for (size_t P = 0; P < Parts.size(); ++P)
    if (Parts[P].Colon) {
      FirstSection = P;
      break;
    }
  for (size_t P = FirstSection; P < Parts.size(); ++P)
    if (!Parts[P].Colon) {
      report(PP, Item[Parts[P].Begin].getLocation(), Diag::MalformedSection)
          << Name;
      return false;
    }
  Element = false;
  if (FirstSection == Parts.size() && !Parts.empty() &&
      Item[Parts.back().Begin].is(tok::l_square)) {
    FirstSection = Parts.size() - 1;
    Element = true;
  }
  return true;
}

/// The section \p Pt of \p Item (`[lo:len]`, or the element `[i]`) in \p S.
bool DirectiveParser::buildSection(ArrayRef<Token> Item, const PostfixPart &Pt, bool Element,
                                   ArraySection &S) {
  if (Element) {
    S.Lower.append(Item.begin() + Pt.Begin + 1, Item.begin() + Pt.End - 1);
    TokenBuilder One(PP, Item[Pt.Begin].getLocation());
    One.number(1);
    S.Length.append(One.get().begin(), One.get().end());
    S.ColonLoc = Item[Pt.Begin].getLocation();
    return true;
  }
  S.Lower.append(Item.begin() + Pt.Begin + 1, Item.begin() + Pt.Colon);
  S.Length.append(Item.begin() + Pt.Colon + 1, Item.begin() + Pt.End - 1);
  S.ColonLoc = Item[Pt.Colon].getLocation();
  return true;
}

std::optional<uint64_t> DirectiveParser::knownExtent(ArrayRef<Token> Base, size_t Dim) const {
  QualType T = memberChainType(TheSema, Base);
  for (size_t I = 0; !T.isNull(); ++I) {
    const auto *A = TheSema->getASTContext().getAsConstantArrayType(T);
    if (!A)
      return std::nullopt;
    if (I == Dim)
      return A->getSize().getZExtValue();
    T = A->getElementType();
  }
  return std::nullopt;
}

bool DirectiveParser::completeSection(ArrayRef<Token> Item, ArrayRef<Token> Base, size_t Dim,
                                      StringRef Name, ArraySection &Sec) {
  // `a[lo:]`: to the end of an array of known bound; `declare` completes it
  // itself, knowing the variable.
  if (!Sec.Length.empty() || OpenEndedSections)
    return true;
  std::optional<uint64_t> Extent = knownExtent(Base, Dim);
  if (!Extent) {
    report(PP, Sec.ColonLoc, Diag::SectionWithoutLength) << Name << itemText(PP, Item);
    return false;
  }
  // OpenACC 3.3, 2.7.1: a missing length is the array's size minus the lower bound.
  TokenBuilder Length(PP, Sec.ColonLoc);
  Length.code("(").number(*Extent).code(")");
  if (!Sec.Lower.empty())
    Length.code("- (").tokens(Sec.Lower).code(")");
  Sec.Length.append(Length.get().begin(), Length.get().end());
  return true;
}

bool DirectiveParser::sectionable(ArrayRef<Token> Base) const {
  const QualType T = memberChainType(TheSema, Base);
  return T.isNull() || T->isDependentType() || T->isPointerType() || T->isArrayType() ||
         T->isRecordType(); // (a class's own message says what to name instead)
}

bool DirectiveParser::checkSectionBounds(ArrayRef<Token> Item, ArrayRef<Token> Base,
                                         size_t Dim, StringRef Name, const ArraySection &Sec) {
  if (Sec.Length.empty())
    return true;
  std::optional<uint64_t> Extent = knownExtent(Base, Dim);
  std::optional<int64_t> Lower =
      Sec.Lower.empty() ? std::optional<int64_t>(0) : evaluateIntegerConstant(PP, TheSema, Sec.Lower);
  std::optional<int64_t> Length = evaluateIntegerConstant(PP, TheSema, Sec.Length);
  if (!Extent || !Lower || !Length || *Lower < 0 || *Length <= 0 ||
      uint64_t(*Lower) + uint64_t(*Length) <= *Extent)
    return true;
  report(PP, Sec.ColonLoc, Diag::SectionPastArray)
      << Name << itemText(PP, Item) << std::to_string(*Lower)
      << std::to_string(*Lower + *Length - 1) << std::to_string(*Extent);
  return false;
}

/// A data clause's list, after its `readonly:` or `zero:` modifier.
bool DirectiveParser::parseDataOperand(TokenList &Toks, Clause &Cl, StringRef Name) {
  // The `readonly:` modifier of copyin (and cache): a promise that the
  // data is not written, which changes nothing here.
  if (Toks.size() >= 2 && wordOf(Toks[0]) == "readonly" && Toks[1].is(tok::colon)) {
    if (Cl.Kind != ClauseKind::Copyin) {
      report(PP, Toks[0].getLocation(), Diag::ReadonlyModifier) << Name;
      return false;
    }
    Toks.erase(Toks.begin(), Toks.begin() + 2);
  }
  // The `zero:` modifier of create and copyout.
  if (Toks.size() >= 2 && wordOf(Toks[0]) == "zero" && Toks[1].is(tok::colon)) {
    if (Cl.Kind != ClauseKind::Create && Cl.Kind != ClauseKind::Copyout) {
      report(PP, Toks[0].getLocation(), Diag::ZeroModifier) << Name;
      return false;
    }
    Cl.Zero = true;
    return parseVarList(ArrayRef<Token>(Toks).drop_front(2), Cl, Name);
  }
  if (!parseVarList(Toks, Cl, Name))
    return false;
  if (Cl.Kind == ClauseKind::Attach || Cl.Kind == ClauseKind::Detach)
    for (const VarRef &V : Cl.Vars)
      if (!V.Sections.empty()) {
        report(PP, V.Sections[0].ColonLoc, Diag::AttachSection) << Name;
        return false;
      }
  if (Cl.Kind == ClauseKind::UseDevice)
    for (const VarRef &V : Cl.Vars)
      if (!V.Sections.empty()) {
        report(PP, V.Sections[0].ColonLoc, Diag::UseDeviceSection);
        return false;
      }
  return true;
}

/// `reduction(operator: list)`; the operator is one token or an identifier.
bool DirectiveParser::parseReductionOperand(const TokenList &Toks, Clause &Cl, StringRef Name) {
  size_t OpEnd = 0;
  std::string Op;
  if (Toks.size() >= 1) {
    const Token &T = Toks[0];
    if (T.isOneOf(tok::plus, tok::star, tok::amp, tok::pipe, tok::caret,
                  tok::ampamp, tok::pipepipe))
      Op = tok::getPunctuatorSpelling(T.getKind());
    else if (T.is(tok::minus)) {
      // OpenACC 1.0 and 2.x listed '-': partial results of `x -= e` add up.
      report(PP, T.getLocation(), Diag::MinusReduction);
      Op = "+";
    } else
      Op = wordOf(T).str();
    OpEnd = 1;
  }
  if (Op != "+" && Op != "*" && Op != "max" && Op != "min" && Op != "&" &&
      Op != "|" && Op != "^" && Op != "&&" && Op != "||") {
    report(PP, Toks[0].getLocation(), Diag::BadReductionOperator)
        << PP.getSpelling(Toks[0]);
    return false;
  }
  if (Toks.size() <= OpEnd || !Toks[OpEnd].is(tok::colon)) {
    report(PP, Toks.size() > OpEnd ? Toks[OpEnd].getLocation() : Cl.Loc,
           Diag::ExpectedReductionColon);
    return false;
  }
  Cl.ReductionOp = Op;
  if (!parseVarList(ArrayRef<Token>(Toks).drop_front(OpEnd + 1), Cl, Name))
    return false;
  // Sections and elements of arrays and pointers reduce element by
  // element (OpenACC 3.2+); one dimension only.
  for (const VarRef &V : Cl.Vars)
    if (V.Sections.size() > 1) {
      report(PP, V.Sections[1].ColonLoc, Diag::ReductionSection)
          << V.Name.getIdentifierInfo()->getName();
      return false;
    }
  return true;
}

bool DirectiveParser::parseOperand(Clause &Cl, StringRef Name) {
  OperandKind Shape = operandKind(Cl.Kind);
  if (Shape == OperandKind::None) {
    if (C.is(tok::l_paren)) {
      report(PP, C.loc(), Diag::UnexpectedLParen) << Name;
      return false;
    }
    return true;
  }
  if (Shape == OperandKind::OptionalAny && !C.is(tok::l_paren))
    return true;
  TokenList Toks;
  if (!collectParenthesized(Toks, Name, Cl.Loc))
    return false;
  switch (Shape) {
  case OperandKind::None:
    return true;
  case OperandKind::OptionalAny:
  case OperandKind::Expr:
    Cl.TemplateCommas = templateArgumentCommas(TheSema, Toks);
    Cl.Expr = std::move(Toks);
    return true;
  case OperandKind::VarList:
    return parseDataOperand(Toks, Cl, Name);
  case OperandKind::Reduction:
    return parseReductionOperand(Toks, Cl, Name);
  case OperandKind::Default: {
    StringRef W = Toks.size() == 1 ? wordOf(Toks[0]) : StringRef();
    if (W != "none" && W != "present") {
      report(PP, Toks[0].getLocation(), Diag::BadDefault);
      return false;
    }
    Cl.DefaultKind = W.str();
    return true;
  }
  case OperandKind::ConstInt: {
    // collapse(force: n): the statements between the loops move into the
    // innermost body (CanonicalLoopParser::nest).
    if (Toks.size() >= 2 && wordOf(Toks[0]) == "force" && Toks[1].is(tok::colon)) {
      Toks.erase(Toks.begin(), Toks.begin() + 2);
      Cl.Force = true;
    }
    std::optional<int64_t> V = evaluateIntegerConstant(PP, TheSema, Toks);
    if (!V || *V < 1 || *V > 64) {
      report(PP, Toks.empty() ? Cl.Loc : Toks[0].getLocation(), Diag::BadCollapse)
          << spellingOf(PP, Toks) << unsigned(V.has_value()) << (V ? std::to_string(*V) : "");
      return false;
    }
    Cl.Count = unsigned(*V);
    return true;
  }
  }
  return true;
}

bool DirectiveParser::parseClause(Directive &D) {
  SourceLocation Loc = C.loc();
  StringRef Name = wordOf(C.peek());
  if (Name.empty()) {
    report(PP, Loc, Diag::UnknownClause) << PP.getSpelling(C.peek());
    return false;
  }
  C.next();
  // The names OpenACC 3.3 still accepts for the data clauses: pcopy,
  // present_or_copy, ... mean what copy, ... mean now (present or copy).
  Name = llvm::StringSwitch<StringRef>(Name)
             .Cases("pcopy", "present_or_copy", "copy")
             .Cases("pcopyin", "present_or_copyin", "copyin")
             .Cases("pcopyout", "present_or_copyout", "copyout")
             .Cases("pcreate", "present_or_create", "create")
             .Case("dtype", "device_type")
             .Default(Name);
  std::optional<ClauseKind> K;
#define FERRY_CLAUSE(Id, Spelling, Operand, Supported)                         \
  if (Name == Spelling)                                                        \
    K = ClauseKind::Id;
#include "Clauses.def"
  if (!K) {
    report(PP, Loc, Diag::UnknownClause) << Name;
    return false;
  }
  if (!isAllowed(D.Kind, *K)) {
    report(PP, Loc, Diag::ClauseNotAllowed) << Name << spelling(D.Kind);
    return false;
  }
  // device_type selects devices for init, shutdown and set; elsewhere the
  // clauses after it apply to the types it lists.
  const bool SelectsDevices = D.Kind == ConstructKind::Init ||
                              D.Kind == ConstructKind::Shutdown || D.Kind == ConstructKind::Set;
  if (!isSupported(*K)) {
    report(PP, Loc, Diag::UnsupportedClause) << Name;
    return false;
  }
  if (*K == ClauseKind::DeviceType && !SelectsDevices) {
    Clause Group;
    Group.Kind = *K;
    Group.Loc = Loc;
    if (!parseOperand(Group, Name) || !(GroupTypes = deviceTypeBits(PP, Group)))
      return false;
    InDeviceGroup = true;
    return true;
  }
  if (InDeviceGroup && !allowedAfterDeviceType(D.Kind, *K)) {
    if (D.Kind == ConstructKind::Routine && *K == ClauseKind::Bind)
      report(PP, Loc, Diag::DeviceTypeBind);
    else
      report(PP, Loc, Diag::DeviceTypeClause) << Name << spelling(D.Kind);
    return false;
  }
  Clause Cl;
  Cl.Kind = *K;
  Cl.Loc = Loc;
  if (D.Kind == ConstructKind::Update && *K == ClauseKind::SelfClause) {
    TokenList Toks; // `self(list)` of update is `host(list)`
    Cl.Kind = ClauseKind::HostClause;
    if (!collectParenthesized(Toks, Name, Loc) || !parseVarList(Toks, Cl, Name))
      return false;
  } else if (!parseOperand(Cl, Name)) {
    return false;
  }
  const bool Repeatable = operandKind(*K) == OperandKind::VarList ||
                          operandKind(*K) == OperandKind::Reduction ||
                          Cl.Kind == ClauseKind::HostClause;
  if (*K == ClauseKind::WaitClause && !InDeviceGroup && D.find(*K))
    return mergeWaitClause(D, Cl, Name);
  if (!Repeatable && !InDeviceGroup && D.find(*K)) {
    report(PP, Loc, Diag::DuplicateClause) << Name;
    return false;
  }
  // OpenACC 3.3, 2.5.10: up to three values on `parallel` (gangs in up to
  // three dimensions), one on `kernels`.
  if (*K == ClauseKind::NumGangs) {
    const size_t Values = splitArguments(Cl).size();
    const bool Kernels = D.Kind == ConstructKind::Kernels || D.Kind == ConstructKind::KernelsLoop;
    if (Values > 3 || (Values > 1 && Kernels)) {
      report(PP, Loc, Diag::NumGangsDims) << unsigned(Kernels) << spelling(D.Kind);
      return false;
    }
  }
  if (*K == ClauseKind::WaitClause && !splitWaitArgument(Cl))
    return false;
  if (InDeviceGroup) {
    Cl.DeviceTypes = GroupTypes;
    D.DeviceClauses.push_back(std::move(Cl));
    return true;
  }
  D.Clauses.push_back(std::move(Cl));
  return true;
}

/// `[devnum: expr :] [queues:] list`: the device number goes to DevNum, the
/// queues stay in Expr.
/// Another `wait` clause on a directive that has one (`wait(11) wait(12)`,
/// which OpenACC allows: only some clauses are limited to one): the
/// queues of both, one list; one without queues waits for all of them.
/// Clauses for different devices (`devnum:`) are refused as duplicates.
bool DirectiveParser::mergeWaitClause(Directive &D, Clause &Wait, StringRef Name) {
  if (!splitWaitArgument(Wait))
    return false;
  Clause *First = nullptr;
  for (Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::WaitClause)
      First = &C;
  auto Spelled = [&](const TokenList &Toks) {
    std::string Text;
    for (const Token &T : Toks)
      Text += PP.getSpelling(T) + " ";
    return Text;
  };
  if (Spelled(First->DevNum) != Spelled(Wait.DevNum)) {
    report(PP, Wait.Loc, Diag::DuplicateClause) << Name;
    return false;
  }
  if (First->Expr.empty() || Wait.Expr.empty()) {
    First->Expr.clear(); // every queue
    return true;
  }
  Token Comma;
  Comma.startToken();
  Comma.setKind(tok::comma);
  Comma.setLocation(Wait.Loc);
  First->Expr.push_back(Comma);
  First->Expr.append(Wait.Expr.begin(), Wait.Expr.end());
  return true;
}

bool DirectiveParser::splitWaitArgument(Clause &Wait) {
  TokenList &E = Wait.Expr;
  Wait.TemplateCommas.clear(); // the queues reach clang as they are written
  if (E.size() >= 2 && wordOf(E[0]) == "devnum" && E[1].is(tok::colon)) {
    size_t End = 2;
    unsigned Depth = 0;
    for (; End < E.size(); ++End) {
      if (E[End].isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
        ++Depth;
      else if (E[End].isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
        --Depth;
      else if (Depth == 0 && E[End].is(tok::colon))
        break;
    }
    if (End == 2 || End == E.size()) {
      report(PP, E[0].getLocation(), Diag::WaitModifier);
      return false;
    }
    Wait.DevNum.assign(E.begin() + 2, E.begin() + End);
    E.erase(E.begin(), E.begin() + End + 1);
  }
  if (E.size() >= 2 && wordOf(E[0]) == "queues" && E[1].is(tok::colon))
    E.erase(E.begin(), E.begin() + 2);
  for (const Token &T : E)
    if (T.is(tok::colon)) {
      report(PP, T.getLocation(), Diag::WaitModifier);
      return false;
    }
  if (E.empty() && !Wait.DevNum.empty()) {
    report(PP, Wait.Loc, Diag::WaitModifier);
    return false;
  }
  return true;
}

bool DirectiveParser::checkConflicts(const Directive &D) {
  // A reduction variable belongs to one reduction, and is not private too.
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Reduced;
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::Reduction)
      for (const VarRef &V : C.Vars)
        if (!Reduced.insert(V.Name.getIdentifierInfo()).second) {
          report(PP, V.Name.getLocation(), Diag::DuplicateReduction)
              << V.Name.getIdentifierInfo()->getName();
          return false;
        }
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::Private || C.Kind == ClauseKind::Firstprivate)
      for (const VarRef &V : C.Vars)
        if (Reduced.count(V.Name.getIdentifierInfo())) {
          report(PP, V.Name.getLocation(), Diag::ReductionAndPrivate)
              << V.Name.getIdentifierInfo()->getName() << spelling(C.Kind);
          return false;
        }
  const Clause *Seq = D.find(ClauseKind::Seq);
  for (ClauseKind Other : {ClauseKind::Independent, ClauseKind::Auto,
                           ClauseKind::Gang, ClauseKind::Worker,
                           ClauseKind::Vector})
    if (const Clause *O = D.find(Other); O && Seq) {
      report(PP, O->Loc, Diag::ConflictingClauses)
          << spelling(ClauseKind::Seq) << spelling(Other);
      return false;
    }
  if (D.Kind == ConstructKind::Routine) { // one level at most
    const Clause *Level = nullptr;
    for (const Clause &C : D.Clauses)
      if (C.Kind == ClauseKind::Gang || C.Kind == ClauseKind::Worker ||
          C.Kind == ClauseKind::Vector || C.Kind == ClauseKind::Seq) {
        if (Level) {
          report(PP, C.Loc, Diag::ConflictingClauses) << spelling(Level->Kind) << spelling(C.Kind);
          return false;
        }
        Level = &C;
      }
  }
  if (const Clause *T = D.find(ClauseKind::Tile))
    if (D.find(ClauseKind::Collapse)) {
      report(PP, T->Loc, Diag::ConflictingClauses)
          << spelling(ClauseKind::Tile) << spelling(ClauseKind::Collapse);
      return false;
    }
  const Clause *Atomic = nullptr; // read, write, update, capture: one at most
  for (const Clause &C : D.Clauses)
    if (isAtomicClause(C.Kind)) {
      if (Atomic) {
        report(PP, C.Loc, Diag::ConflictingClauses)
            << spelling(Atomic->Kind) << spelling(C.Kind);
        return false;
      }
      Atomic = &C;
    }
  if (const Clause *A = D.find(ClauseKind::Auto))
    if (D.find(ClauseKind::Independent)) {
      report(PP, A->Loc, Diag::ConflictingClauses)
          << spelling(ClauseKind::Auto) << spelling(ClauseKind::Independent);
      return false;
    }
  return true;
}

/// `enter data`, `exit data` and `update` do nothing without data clauses.
static bool needsDataClause(const Directive &D) {
  if (D.Kind != ConstructKind::EnterData && D.Kind != ConstructKind::ExitData &&
      D.Kind != ConstructKind::Update)
    return false;
  for (const Clause &C : D.Clauses)
    if (!C.Vars.empty())
      return false;
  return true;
}

std::optional<Directive> DirectiveParser::parse() {
  Directive D;
  std::optional<ConstructKind> K = parseConstruct(D.Loc);
  if (!K)
    return std::nullopt;
  D.Kind = *K;
  OpenEndedSections = *K == ConstructKind::Declare;
  if (*K == ConstructKind::Wait && C.is(tok::l_paren)) {
    Clause List;
    List.Kind = ClauseKind::WaitClause;
    List.Loc = C.loc();
    if (!collectParenthesized(List.Expr, "wait", List.Loc) || !splitWaitArgument(List))
      return std::nullopt;
    D.Clauses.push_back(std::move(List));
  }
  // cache([readonly:] elements or sections): a hint, whose list must be
  // there (the handler gives it no code).
  if (*K == ConstructKind::Cache && !collectParenthesized(D.Name, "cache", C.loc()))
    return std::nullopt;
  if (*K == ConstructKind::Routine && C.is(tok::l_paren)) {
    const SourceLocation NameLoc = C.loc();
    if (!collectParenthesized(D.Name, "routine", NameLoc))
      return std::nullopt;
  }
  while (!C.atEnd()) {
    if (C.consume(tok::comma))
      continue;
    if (!parseClause(D))
      return std::nullopt;
  }
  if (!resolveDeviceTypes(PP, D) || !checkConflicts(D))
    return std::nullopt;
  if (D.Kind == ConstructKind::Set && !D.find(ClauseKind::DefaultAsync) &&
      !D.find(ClauseKind::DeviceNum) && !D.find(ClauseKind::DeviceType)) {
    report(PP, D.Loc, Diag::SetNeedsClause);
    return std::nullopt;
  }
  if (D.Kind == ConstructKind::Declare)
    for (const Clause &Cl : D.Clauses)
      for (const VarRef &V : Cl.Vars)
        if (V.isMember()) {
          report(PP, V.Base[1].getLocation(), Diag::MemberInClause)
              << itemText(PP, V.Base) << spelling(Cl.Kind);
          return std::nullopt;
        }
  if (D.Kind == ConstructKind::Declare && D.Clauses.empty()) {
    report(PP, D.Loc, Diag::MissingDataClause) << spelling(D.Kind);
    return std::nullopt;
  }
  if (D.Kind == ConstructKind::HostData && !D.find(ClauseKind::UseDevice)) {
    report(PP, D.Loc, Diag::MissingDataClause) << spelling(D.Kind);
    return std::nullopt;
  }
  if (needsDataClause(D)) {
    report(PP, D.Loc, Diag::MissingDataClause) << spelling(D.Kind);
    return std::nullopt;
  }
  return D;
}

} // namespace

std::optional<Directive> parseDirective(Preprocessor &PP, Sema *S, ArrayRef<Token> Line,
                                        SourceLocation PragmaLoc) {
  return DirectiveParser(PP, S, Line, PragmaLoc).parse();
}

} // namespace plugin
} // namespace ferry
