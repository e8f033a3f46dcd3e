//===- SourceScanner.cpp - A construct's statement, read ahead ------------===//
///
/// \file
/// See SourceScanner.h.
///
//===----------------------------------------------------------------------===//
#include "SourceScanner.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;
using namespace llvm;

namespace ferry {
namespace plugin {

SourceScanner::SourceScanner(Preprocessor &PP, SourceLocation Start, bool &Ok)
    : Source(PP), Macros(PP) {
  SourceManager &SM = PP.getSourceManager();
  // A directive from a macro: the invocation in the source, where it is one
  // the scanner reads.
  if (Start.isMacroID()) {
    Token Name;
    const SourceLocation Invoked = SM.getExpansionLoc(Start);
    std::optional<PragmaMacros::Invocation> Inv;
    if (!Lexer::getRawToken(Invoked, Name, SM, PP.getLangOpts()))
      Inv = Macros.read(Name);
    if (Inv && Inv->Text)
      Start = Invoked;
  }
  Ok = Start.isFileID();
  if (!Ok)
    return;
  auto [FID, Offset] = SM.getDecomposedLoc(Start);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(FID, &Invalid);
  Ok = !Invalid && Offset < Buffer.size();
  if (Ok)
    Raw.emplace(SM.getLocForStartOfFile(FID), PP.getLangOpts(), Buffer.begin(),
                Buffer.begin() + Offset, Buffer.end());
}

namespace {

/// Whether \p Words (of a directive line) start `pragma acc loop`.
bool isAccLoop(ArrayRef<StringRef> Words) {
  return Words.size() >= 3 && Words[0] == "pragma" && Words[1] == "acc" && Words[2] == "loop";
}

} // namespace

std::optional<bool> SourceScanner::loopsOnly() {
  if (!directiveWords(next()))
    return std::nullopt;
  Token T = next();
  if (auto Words = directiveWords(T)) { // a directive: one loop?
    if (isAccLoop(*Words))
      return statement() ? std::optional<bool>(true) : std::nullopt;
    return std::nullopt;
  }
  if (plainLoop(T)) {
    PlainLoops.push_back(T.getLocation());
    LoopsOfLoops |= loopOfLoops(T);
    return statement(T) ? std::optional<bool>(true) : std::nullopt;
  }
  if (T.isNot(tok::l_brace))
    return false;
  return block();
}

namespace {

/// Words that may stand before `(` in host control: statements, operators,
/// type names (functional casts) and calls that only compute a value.
bool mayPrecedeParen(StringRef W) {
  static const StringSet<> Words = {
      "for", "while", "if", "switch", "do", "else", "return", "sizeof", "alignof", "decltype",
      "int", "long", "short", "char", "double", "float", "unsigned", "signed", "bool", "size_t",
      "ptrdiff_t", "int32_t", "int64_t", "uint32_t", "uint64_t", "swap", "min", "max", "abs",
      "fabs", "fmin", "fmax", "sqrt", "exp", "log", "pow", "floor", "ceil"};
  return Words.contains(W);
}

/// Whether a `*` after \p Prev multiplies (rather than dereferences).
bool multiplies(const Token &Prev) {
  return (Prev.is(tok::raw_identifier) && Prev.getRawIdentifier() != "return") ||
         Prev.isOneOf(tok::numeric_constant, tok::char_constant, tok::r_paren, tok::r_square);
}

} // namespace

/// One statement of host control as its reader goes through it, a token at
/// a time: its first two tokens, the brackets open in it, the depths at
/// which the heads of its `for`/`if`/`while`/`switch` statements are open,
/// and the token before the one taken last.
class SourceScanner::ControlStatement {
public:
  ControlStatement() {
    Last.startToken();
    Last.setKind(tok::l_brace);
  }

  /// Takes \p T, the next token of the control's block (\p Depth braces
  /// deep); false at the '}' that closes the block.
  bool take(const Token &T, unsigned &Depth) {
    Before = Last;
    Last = T;
    if (AtStart) {
      Start = T;
      Read = Open = 0;
      AtStart = false;
    }
    if (++Read == 2)
      Second = T;
    if (T.is(tok::l_brace))
      ++Depth, AtStart = true;
    else if (T.is(tok::r_brace) && --Depth == 0)
      return false;
    else if (T.is(tok::r_brace) || (T.is(tok::semi) && !Open))
      AtStart = true;
    else if (T.isOneOf(tok::l_paren, tok::l_square)) {
      ++Open;
      if (HeadNext && T.is(tok::l_paren))
        Heads.push_back(Open);
      HeadNext = false;
    } else if (T.isOneOf(tok::r_paren, tok::r_square) && Open) {
      // The statement of a `for`, `if`, ... comes after its head.
      if (T.is(tok::r_paren) && !Heads.empty() && Heads.back() == Open)
        Heads.pop_back(), AtStart = true;
      --Open;
    } else if (is(T, "for") || is(T, "if") || is(T, "while") || is(T, "switch"))
      HeadNext = true;
    else if (is(T, "else") || is(T, "do"))
      AtStart = true;
    return true;
  }

  /// \p After comes after the token taken last (read ahead).
  void ahead(const Token &After) {
    if (Read == 1)
      Second = After;
  }
  /// Whether the token taken last is one the host cannot run: a subscript,
  /// a member access or a dereference.
  bool deviceToken() const {
    return Last.isOneOf(tok::l_square, tok::arrow, tok::period, tok::arrowstar,
                        tok::periodstar) ||
           (Last.is(tok::star) && !multiplies(Before));
  }
  /// A loop was read whole, or (\p Statement) the rest of the statement.
  void readPast(bool Statement) {
    AtStart = true;
    Last.setKind(Statement ? tok::semi : tok::r_brace);
  }

  const Token &last() const { return Last; }
  const Token &start() const { return Start; }
  const Token &second() const { return Second; }
  /// The brackets open at the token taken last.
  unsigned open() const { return Open; }
  /// Whether that token is in the head of a `for`, `if`, ...
  bool inHead() const { return !Heads.empty(); }

private:
  bool AtStart = true;
  Token Start, Second;
  Token Before, Last;
  unsigned Read = 0, Open = 0;
  SmallVector<unsigned, 2> Heads;
  bool HeadNext = false;
};

std::optional<bool> SourceScanner::hostControl(const StringSet<> &Shared) {
  if (!directiveWords(next()))
    return std::nullopt;
  // The statement is a block, or a control loop alone (a time loop without
  // braces around it): read as a block of that one statement.
  Token First = next();
  const bool Unbraced = First.isNot(tok::l_brace);
  if (Unbraced) {
    // (A convergence loop, `while (err > tol) { ... }` or `do { ... }
    // while (err > tol);`, with a braced body.)
    if (!ControlLoops || !((plainLoop(First) && loopOfLoops(First)) || bracedWhile(First)))
      return false;
    unget(First);
  }
  // (`do`: its condition after the body is control too.)
  const bool Do = is(First, "do");
  bool BodyDone = false;
  bool Loops = false;
  ControlStatement S;
  for (unsigned Depth = 1;;) {
    Token T = next();
    if (T.is(tok::eof))
      return std::nullopt;
    std::optional<bool> Loop = loopInControl(T);
    if (!Loop)
      return std::nullopt;
    if (*Loop) {
      Loops = true;
      S.readPast(/*Statement=*/false);
      continue;
    }
    if (!S.take(T, Depth))
      return Loops;
    // (The `}` that ends the control loop alone ends the statement; the `;`
    // after a `do`'s condition.)
    if (Unbraced && Depth == 1 && T.is(tok::r_brace)) {
      if (!Do)
        return Loops;
      BodyDone = true;
    }
    if (Unbraced && Do && BodyDone && Depth == 1 && T.is(tok::semi) && !S.open())
      return Loops;
    if (std::optional<bool> Host = hostRuns(S, Shared); !Host || !*Host)
      return Host;
  }
}

std::optional<bool> SourceScanner::loopInControl(const Token &T) {
  if (auto Words = directiveWords(T))
    return isAccLoop(*Words) && statement() ? std::optional<bool>(true) : std::nullopt;
  if (!plainLoop(T))
    return false;
  if (ControlLoops && loopsInside(T, DeviceStatements)) {
    // Read on as control: the loops in it are plain loops.
    ControlLoopLocs.push_back(T.getLocation());
    return false;
  }
  PlainLoops.push_back(T.getLocation());
  return statement(T) ? std::optional<bool>(true) : std::nullopt;
}

std::optional<bool> SourceScanner::hostRuns(ControlStatement &S, const StringSet<> &Shared) {
  // What the host cannot run: host control stops here, or (with device
  // statements) the statement runs as a region of its own.
  const Token T = S.last();
  bool Device = S.deviceToken();
  if (T.is(tok::raw_identifier)) {
    StringRef W = T.getRawIdentifier();
    if (W == "new" || W == "delete" || W == "this" || W == "throw" || W == "asm" ||
        W == "__asm__")
      return false;
    Token After = next();
    unget(After);
    Device |= Shared.contains(W) || (After.is(tok::l_paren) && !mayPrecedeParen(W));
    S.ahead(After);
  }
  if (!Device)
    return true;
  // (A statement that starts with a macro is not found again where the
  // lexer reads its expansion: it cannot be rewritten on its own.)
  const Token &Start = S.start();
  if (!DeviceStatements || S.inHead() || !deviceStatementStart(Start, S.second()) ||
      (Start.is(tok::raw_identifier) && PP && PP->isMacroDefined(Start.getRawIdentifier())))
    return false;
  DeviceStatementLocs.push_back(Start.getLocation());
  if (!skipStatement(S.open()))
    return std::nullopt;
  S.readPast(/*Statement=*/true);
  return true;
}

bool SourceScanner::deviceStatementStart(const Token &First, const Token &Second) {
  if (First.isOneOf(tok::star, tok::plusplus, tok::minusminus))
    return true;
  static const StringSet<> NotExpressions = {
      "int", "long", "short", "char", "double", "float", "unsigned", "signed", "bool", "void",
      "auto", "const", "static", "constexpr", "volatile", "register", "extern", "inline",
      "struct", "class", "union", "enum", "typedef", "using", "typename", "template",
      "return", "break", "continue", "goto", "case", "default", "do", "for", "while", "if",
      "else", "switch", "try", "sizeof", "static_assert", "size_t", "ptrdiff_t", "int32_t",
      "int64_t", "uint32_t", "uint64_t"};
  return First.is(tok::raw_identifier) && !NotExpressions.contains(First.getRawIdentifier()) &&
         Second.isOneOf(tok::l_square, tok::period, tok::arrow, tok::l_paren, tok::plusplus,
                        tok::minusminus, tok::equal, tok::plusequal, tok::minusequal,
                        tok::starequal, tok::slashequal, tok::percentequal, tok::ampequal,
                        tok::pipeequal, tok::caretequal, tok::lesslessequal,
                        tok::greatergreaterequal);
}

bool SourceScanner::skipStatement(unsigned Open) {
  for (;;) {
    Token T = next();
    if (T.is(tok::eof))
      return false;
    if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++Open;
    else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace)) {
      if (!Open)
        return false;
      --Open;
    } else if (T.is(tok::semi) && !Open)
      return true;
  }
}

Token SourceScanner::next() {
  if (HasAhead) {
    HasAhead = false;
    if (Record)
      Record->push_back(Ahead);
    return Ahead;
  }
  Token T;
  Raw->LexFromRawLexer(T);
  if (Record)
    Record->push_back(T);
  if (T.is(tok::hash) && T.isAtStartOfLine())
    SawDirective = true;
  if (Macros.mayStartPragma(T))
    if (std::optional<PragmaMacros::Invocation> Inv = Macros.read(T)) {
      SawDirective = true;
      SawPragmaOperator |= !Inv->Text;
    }
  return T;
}

void SourceScanner::unget(const Token &T) {
  Ahead = T;
  HasAhead = true;
  if (Record && !Record->empty())
    Record->pop_back(); // (recorded again when it is read again)
}

bool SourceScanner::is(const Token &T, StringRef Word) {
  return T.is(tok::raw_identifier) && T.getRawIdentifier() == Word;
}

bool SourceScanner::balanced(tok::TokenKind Open, tok::TokenKind Close) {
  for (unsigned Depth = 1;;) {
    Token T = next();
    if (T.is(tok::eof))
      return false;
    if (T.is(Open))
      ++Depth;
    else if (T.is(Close) && --Depth == 0)
      return true;
  }
}

SmallVector<StringRef, 4> SourceScanner::line() {
  SmallVector<StringRef, 4> Words;
  for (;;) {
    Token T = next();
    if (T.is(tok::eof) || T.isAtStartOfLine()) {
      unget(T);
      return Words;
    }
    if (T.is(tok::raw_identifier))
      Words.push_back(T.getRawIdentifier());
  }
}

std::optional<SmallVector<StringRef, 4>> SourceScanner::directiveWords(const Token &T) {
  if (T.is(tok::hash) && T.isAtStartOfLine())
    return line();
  std::optional<PragmaMacros::Invocation> Inv = Macros.read(T);
  if (!Inv)
    return std::nullopt;
  // Past the invocation's arguments.
  const SourceManager &SM = Source.getSourceManager();
  for (Token Last = T; SM.getFileOffset(Last.getLocation()) + Last.getLength() < Inv->End;) {
    Last = next();
    if (Last.is(tok::eof))
      return std::nullopt;
  }
  SmallVector<StringRef, 4> Read;
  if (!Inv->Text) {
    SawPragmaOperator = true;
    Read.push_back("?");
    return Read;
  }
  Read.push_back("pragma");
  // The words of the string (`acc`, `loop`, clause names), as a line's.
  StringRef Text = *Inv->Text;
  while (!Text.empty()) {
    const size_t Begin = Text.find_if([](char C) { return isAlnum(C) || C == '_'; });
    if (Begin == StringRef::npos)
      break;
    Text = Text.drop_front(Begin);
    const size_t Length = std::min(
        Text.size(), Text.find_if_not([](char C) { return isAlnum(C) || C == '_'; }));
    if (!isDigit(Text.front()))
      Read.push_back(Words.save(Text.take_front(Length)));
    Text = Text.drop_front(Length);
  }
  return Read;
}

/// Whether \p Words (of a directive line) are `pragma acc loop` and then
/// only words of \p Allowed.
static bool loopDirective(ArrayRef<StringRef> Words, std::initializer_list<StringRef> Allowed) {
  if (!isAccLoop(Words))
    return false;
  return llvm::all_of(Words.drop_front(3),
                      [&](StringRef W) { return llvm::is_contained(Allowed, W); });
}

bool SourceScanner::onlyLoopConstruct(LoopTokens &Out) {
  if (!directiveWords(next()))
    return false;
  Token T = next();
  const bool Braced = T.is(tok::l_brace);
  if (Braced)
    T = next();
  auto Words = directiveWords(T);
  if (!Words || !loopDirective(*Words, {"independent", "gang"}))
    return false;
  Out.Directive = T.getLocation();
  return is(next(), "for") && loopTokens(Out, /*AnyClauses=*/false) &&
         (!Braced || next().is(tok::r_brace));
}

bool SourceScanner::onlyPlainLoop(LoopTokens &Out) {
  if (!directiveWords(next()))
    return false;
  Token T = next();
  const bool Braced = T.is(tok::l_brace);
  if (Braced)
    T = next();
  return is(T, "for") && loopTokens(Out, /*AnyClauses=*/true) &&
         (!Braced || next().is(tok::r_brace));
}

bool SourceScanner::loopTokens(LoopTokens &Out, bool AnyClauses) {
  if (next().isNot(tok::l_paren))
    return false;
  Token T;
  for (unsigned Depth = 1;;) {
    T = next();
    if (T.is(tok::eof))
      return false;
    if (T.is(tok::l_paren))
      ++Depth;
    else if (T.is(tok::r_paren) && --Depth == 0)
      break;
    Out.Header.push_back(T);
  }
  T = next();
  if (T.isNot(tok::l_brace))
    return false;
  Out.Body.push_back(T);
  for (unsigned Depth = 1; Depth;) {
    T = next();
    if (T.is(tok::eof))
      return false;
    if (auto Words = directiveWords(T)) {
      if (AnyClauses ? !isAccLoop(*Words) : !loopDirective(*Words, {"independent"}))
        return false;
      Out.Directives.push_back({T.getLocation(), Out.Body.size()});
      continue;
    }
    if (T.is(tok::l_brace))
      ++Depth;
    else if (T.is(tok::r_brace))
      --Depth;
    Out.Body.push_back(T);
  }
  return true;
}

void SourceScanner::classMemberNames(Preprocessor &PP, SourceLocation ClassBegin,
                                     StringSet<> &Names) {
  bool Ok;
  SourceScanner S(PP, ClassBegin, Ok);
  if (!Ok)
    return;
  Token T = S.next();
  while (T.isNot(tok::eof) && T.isNot(tok::l_brace) && T.isNot(tok::semi))
    T = S.next();
  if (T.isNot(tok::l_brace))
    return;
  // One member declaration at a time: the name before its `(` (a member
  // function) or before its `;`, `=`, `[`, `,`, `{`, `:` (data members);
  // not static ones, types, friends, usings or access specifiers (`public`
  // is taken for a name: no statement uses it as one).
  SmallVector<Token, 16> Decl;
  unsigned Parens = 0;
  bool Named = false; // this declarator's name was taken (its initializer follows)
  auto Name = [&]() {
    if (Named)
      return;
    Named = true;
    for (const Token &W : Decl)
      if (is(W, "static") || is(W, "typedef") || is(W, "using") || is(W, "friend") ||
          is(W, "enum") || is(W, "operator"))
        return;
    if (!Decl.empty() && Decl.back().is(tok::raw_identifier))
      Names.insert(Decl.back().getRawIdentifier());
  };
  for (T = S.next(); T.isNot(tok::eof); T = S.next()) {
    if (S.directiveWords(T))
      continue;
    if (T.is(tok::r_brace))
      return; // the class's end
    if (T.is(tok::l_brace)) { // a body, an initializer or a nested class
      if (Parens == 0)
        Name();
      if (!S.balanced(tok::l_brace, tok::r_brace))
        return;
      if (Parens == 0) { // (a member function's body ends its declaration)
        Decl.clear();
        Named = false;
      }
      continue;
    }
    if (T.is(tok::l_paren) && Parens++ == 0)
      Name();
    else if (T.is(tok::r_paren) && Parens > 0)
      --Parens;
    else if (Parens == 0 && T.isOneOf(tok::equal, tok::l_square))
      Name();
    else if (Parens == 0 && T.isOneOf(tok::semi, tok::comma, tok::colon)) {
      Name();
      Named = false;
      if (T.isNot(tok::comma))
        Decl.clear();
      continue;
    }
    Decl.push_back(T);
  }
}

SmallVector<Token, 64> SourceScanner::memberTokensBefore(Preprocessor &PP,
                                                         SourceLocation ClassBegin,
                                                         SourceLocation Until) {
  SmallVector<Token, 64> Member;
  bool Ok;
  SourceScanner S(PP, ClassBegin, Ok);
  if (!Ok)
    return Member;
  SourceManager &SM = PP.getSourceManager();
  Token T = S.next();
  while (T.isNot(tok::eof) && T.isNot(tok::l_brace) && T.isNot(tok::semi))
    T = S.next();
  if (T.isNot(tok::l_brace))
    return Member;
  for (unsigned Depth = 1; Depth > 0;) {
    T = S.next();
    if (T.is(tok::eof) || !SM.isBeforeInTranslationUnit(T.getLocation(), Until))
      return Member;
    Member.push_back(T);
    if (T.is(tok::l_brace)) {
      ++Depth;
    } else if (T.is(tok::r_brace)) {
      if (--Depth == 1) // a member function's body ends its declaration
        Member.clear();
    } else if (Depth == 1 && T.is(tok::semi)) {
      Member.clear();
    }
  }
  return {};
}

void SourceScanner::cook(Preprocessor &PP, MutableArrayRef<Token> Toks) {
  for (Token &T : Toks)
    if (T.is(tok::raw_identifier))
      PP.LookUpIdentifierInfo(T);
}

bool SourceScanner::plainLoopAfter(Preprocessor &ThePP, bool &ThenBrace) {
  if (!directiveWords(next()))
    return false;
  PP = &ThePP;
  const Token For = next();
  if (!plainLoop(For) || !statement(For))
    return false;
  ThenBrace = next().is(tok::r_brace);
  return true;
}

SmallVector<SourceLocation, 4> SourceScanner::bodyPlainLoops(Preprocessor &PP,
                                                             SourceLocation For) {
  SmallVector<SourceLocation, 4> Loops;
  bool Ok;
  SourceScanner Loop(PP, For, Ok);
  Loop.PP = &PP;
  if (!Ok || !is(Loop.next(), "for") || Loop.next().isNot(tok::l_paren) ||
      !Loop.balanced(tok::l_paren, tok::r_paren) || Loop.next().isNot(tok::l_brace))
    return Loops;
  for (Token T = Loop.next(); T.isNot(tok::r_brace); T = Loop.next()) {
    if (T.is(tok::semi))
      continue;
    if (Loop.plainLoop(T))
      Loops.push_back(T.getLocation());
    if (!Loop.statement(T))
      return {};
  }
  return Loops;
}

bool SourceScanner::plainLoop(const Token &For) {
  if (!PP || !is(For, "for"))
    return false;
  bool Ok;
  SourceScanner Loop(*PP, For.getLocation(), Ok);
  return Ok && Loop.statement() &&
         (!Loop.SawDirective || (LoopConstructsInside && onlyLoopDirectives(For)));
}

bool SourceScanner::onlyLoopDirectives(const Token &For) {
  bool Ok;
  SourceScanner Loop(*PP, For.getLocation(), Ok);
  if (!Ok || !is(Loop.next(), "for") || Loop.next().isNot(tok::l_paren) ||
      !Loop.balanced(tok::l_paren, tok::r_paren))
    return false;
  // Its body a `loop` construct without braces around it: that one.
  const Token First = Loop.next();
  if (auto Words = Loop.directiveWords(First)) {
    Loop.SawDirective = false;
    return isAccLoop(*Words) && Loop.statement() && !Loop.SawDirective;
  } else if (First.isNot(tok::l_brace)) {
    return false;
  }
  for (unsigned Depth = 1; Depth;) {
    const Token T = Loop.next();
    // (A loop left by a jump is the program's sequential loop, not a loop
    // construct, which cannot be left.)
    if (T.is(tok::eof) || is(T, "break") || is(T, "goto") || is(T, "return"))
      return false;
    if (auto Words = Loop.directiveWords(T)) {
      if (!isAccLoop(*Words))
        return false;
    } else if (T.is(tok::l_brace)) {
      ++Depth;
    } else if (T.is(tok::r_brace)) {
      --Depth;
    }
  }
  return true;
}

unsigned SourceScanner::loopsInside(const Token &For, bool WithStatements, bool *Other) {
  bool Ok;
  SourceScanner Loop(*PP, For.getLocation(), Ok);
  if (!Ok || !is(Loop.next(), "for") || Loop.next().isNot(tok::l_paren) ||
      !Loop.balanced(tok::l_paren, tok::r_paren))
    return 0;
  Token T = Loop.next();
  if (is(T, "for"))
    return 1;
  if (T.isNot(tok::l_brace))
    return 0;
  unsigned Loops = 0;
  bool Others = false;
  for (T = Loop.next(); T.isNot(tok::r_brace); T = Loop.next()) {
    if (T.is(tok::semi))
      continue;
    if (!Loop.statement(T))
      return 0;
    if (is(T, "for"))
      ++Loops;
    else if (WithStatements)
      Others = true;
    else
      return 0;
  }
  if (Other)
    *Other = Others;
  return Loops;
}

bool SourceScanner::bracedWhile(const Token &Loop) {
  bool Ok;
  SourceScanner Read(*PP, Loop.getLocation(), Ok);
  if (!Ok)
    return false;
  if (is(Loop, "do"))
    return is(Read.next(), "do") && Read.next().is(tok::l_brace);
  return is(Loop, "while") && is(Read.next(), "while") && Read.next().is(tok::l_paren) &&
         Read.balanced(tok::l_paren, tok::r_paren) && Read.next().is(tok::l_brace);
}

bool SourceScanner::loopOfLoops(const Token &For) {
  bool Other = false;
  const unsigned Loops = loopsInside(For, DeviceStatements, &Other);
  return Loops >= 2 || (Loops && Other);
}

bool SourceScanner::statementTokens(SmallVectorImpl<Token> &Out) {
  if (!directiveWords(next()))
    return false;
  Record = &Out;
  const bool Ok = statement();
  Record = nullptr;
  return Ok;
}

bool SourceScanner::readStatement(Preprocessor &PP, SourceLocation Start,
                                  SmallVectorImpl<Token> &Out) {
  bool Readable;
  SourceScanner Scan(PP, Start, Readable);
  if (!Readable || !Scan.statementTokens(Out))
    return false;
  cook(PP, Out);
  return true;
}

SourceLocation SourceScanner::blockEnd(Preprocessor &PP, SourceLocation Open) {
  bool Readable;
  SourceScanner Scan(PP, Open, Readable);
  SmallVector<Token, 64> Block;
  Scan.Record = &Block;
  if (!Readable || Scan.next().isNot(tok::l_brace) || !Scan.balanced(tok::l_brace, tok::r_brace))
    return SourceLocation();
  return Block.back().getLocation();
}

bool SourceScanner::statement() { return statement(next()); }

bool SourceScanner::statement(Token T) {
  if (T.is(tok::eof))
    return false;
  if (directiveWords(T))
    return statement();
  if (T.is(tok::l_brace))
    return balanced(tok::l_brace, tok::r_brace);
  if (is(T, "for") || is(T, "while") || is(T, "switch") || is(T, "if")) {
    if (next().isNot(tok::l_paren) || !balanced(tok::l_paren, tok::r_paren) || !statement())
      return false;
    if (is(T, "if")) {
      Token E = next();
      if (is(E, "else"))
        return statement();
      unget(E);
    }
    return true;
  }
  if (is(T, "do"))
    return statement() && is(next(), "while") && next().is(tok::l_paren) &&
           balanced(tok::l_paren, tok::r_paren) && next().is(tok::semi);
  for (int Depth = 0;; T = next()) {
    if (T.is(tok::eof))
      return false;
    if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++Depth;
    else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
      --Depth;
    else if (T.is(tok::semi) && Depth <= 0)
      return true;
  }
}

std::optional<bool> SourceScanner::block() {
  for (;;) {
    Token T = next();
    if (T.is(tok::eof))
      return std::nullopt;
    if (T.is(tok::r_brace))
      return true;
    if (T.is(tok::semi))
      continue;
    if (auto Words = directiveWords(T)) {
      if (!isAccLoop(*Words) || !statement())
        return std::nullopt;
      continue;
    }
    if (T.is(tok::l_brace)) {
      std::optional<bool> Inner = block();
      if (!Inner || !*Inner)
        return Inner;
      continue;
    }
    if (plainLoop(T)) {
      PlainLoops.push_back(T.getLocation());
      LoopsOfLoops |= loopOfLoops(T);
      if (!statement(T))
        return std::nullopt;
      continue;
    }
    return false;
  }
}

} // namespace plugin
} // namespace ferry
