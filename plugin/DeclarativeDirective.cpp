//===- DeclarativeDirective.cpp - routine, init, shutdown, set -------------===//
///
/// \file
/// See DeclarativeDirective.h.
///
//===----------------------------------------------------------------------===//
#include "DeclarativeDirective.h"

#include "CRegion.h"

#include "ConstructPieces.h"
#include "Diagnostics.h"
#include "StatementLexer.h"
#include "TokenBuilder.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/xxhash.h"

#include <optional>

using namespace clang;

namespace ferry {
namespace plugin {
namespace {

/// The name of the function `bind(...)` names: an identifier (possibly
/// qualified) or the text of a string literal; empty if neither.
std::string bindTarget(Preprocessor &PP, const Clause &C) {
  if (C.Expr.size() == 1 && C.Expr[0].is(tok::string_literal)) {
    std::string S = PP.getSpelling(C.Expr[0]);
    return S.size() >= 2 ? S.substr(1, S.size() - 2) : std::string();
  }
  std::string Name;
  for (const Token &T : C.Expr) {
    if (!T.isOneOf(tok::identifier, tok::coloncolon))
      return {};
    Name += PP.getSpelling(T);
  }
  return Name;
}

StringRef levelOf(const Directive &D) {
  for (ClauseKind K : {ClauseKind::Gang, ClauseKind::Worker, ClauseKind::Vector})
    if (D.find(K))
      return spelling(K);
  return "seq";
}

/// Copies the tokens of `template <...>` headers (and `extern "C"`) in
/// front of the declaration that follows, so that an attribute can go after
/// them. Returns false at a token that cannot start a function declaration.
bool declarationPrefix(Preprocessor &PP, const DirectiveLexers &Running, TokenList &Prefix) {
  for (;;) {
    Token T;
    lexInFile(PP, Running, T);
    if (T.is(tok::kw_template)) {
      Prefix.push_back(T);
      int Depth = 0;
      do {
        lexInFile(PP, Running, T);
        if (T.isOneOf(tok::eof, tok::annot_pragma_openacc))
          return false;
        Prefix.push_back(T);
        if (T.is(tok::less))
          ++Depth;
        else if (T.is(tok::greater))
          --Depth;
        else if (T.is(tok::greatergreater))
          Depth -= 2;
      } while (Depth > 0);
      continue;
    }
    if (T.is(tok::kw_extern)) {
      Token Next;
      lexInFile(PP, Running, Next);
      Prefix.push_back(T);
      Prefix.push_back(Next);
      if (Next.is(tok::string_literal))
        continue;
      return true;
    }
    PP.EnterToken(T, /*IsReinject=*/true);
    return !T.isOneOf(tok::eof, tok::r_brace, tok::semi, tok::l_brace);
  }
}

/// `[static|inline|constexpr|const]... auto NAME =`: the tokens it lexed
/// (all of them, to be entered again) in \p Lexed, and NAME's token when
/// they start a variable of deduced type (which may hold a lambda).
std::optional<Token> lambdaVariable(Preprocessor &PP, const DirectiveLexers &Running,
                                    TokenList &Lexed) {
  auto Next = [&] {
    Token T;
    lexInFile(PP, Running, T);
    Lexed.push_back(T);
    return T;
  };
  Token First;
  lexInFile(PP, Running, First);
  PP.EnterToken(First, /*IsReinject=*/true);
  if (!First.isOneOf(tok::kw_static, tok::kw_inline, tok::kw_constexpr, tok::kw_const,
                     tok::kw_auto))
    return std::nullopt; // nothing lexed: the usual function declaration
  Token T = Next();
  while (T.isOneOf(tok::kw_static, tok::kw_inline, tok::kw_constexpr, tok::kw_const))
    T = Next();
  if (!T.is(tok::kw_auto))
    return std::nullopt;
  Token Name = Next();
  if (!Name.is(tok::identifier) || !Next().is(tok::equal))
    return std::nullopt;
  return Name;
}

} // namespace

void rewriteRoutine(Preprocessor &PP, AccContext &Ctx, const Directive &D,
                    SourceLocation PragmaLoc) {
  const Clause *Bind = D.find(ClauseKind::Bind);
  std::string Target;
  if (Bind) {
    Target = bindTarget(PP, *Bind);
    if (Target.empty()) {
      report(PP, Bind->Loc, Diag::RoutineBindTarget);
      return;
    }
    Ctx.keepBindTarget(Target, Bind->Loc);
  }
  const std::string Name = spellingOf(PP, D.Name);
  if (Ctx.remarks())
    report(PP, D.Loc, Diag::RegionRemark)
        << ("'routine" + (Name.empty() ? std::string() : "(" + Name + ")") + "' " +
            levelOf(D).str() +
            ": compiled for the device with the compute regions that call it; its loops run "
            "in order in the work-item that calls it" +
            (Bind ? "; the device's calls go to '" + Target + "'" : std::string()));
  // The record the outliner reads: the function (exported from this
  // translation unit's device code when it defines it), and what its device
  // calls go to.
  const PresumedLoc P = PP.getSourceManager().getPresumedLoc(D.Loc);
  const std::string Annotation =
      "ferry.routine;level=" + levelOf(D).str() + (Bind ? ";bind=" + Target : std::string()) +
      ";at=" + (P.isValid() ? P.getFilename() : "?") + ":" +
      std::to_string(P.isValid() ? P.getLine() : 0);
  TokenBuilder B(PP, PragmaLoc);
  if (!Name.empty()) {
    // The named form: Sema marks the functions it names (their calls may go
    // to another translation unit), and a record holds the function's
    // address when the name is one free function.
    if (Bind && !isC(PP))
      Ctx.lambdas().bindTo(Ctx.sema(), Target, Bind->Loc);
    const int Found = Ctx.inSema() ? Ctx.markRoutine(D.Name, Annotation) : 1;
    if (Found == 0) {
      report(PP, D.Name.front().getLocation(), Diag::RoutineNotFunction);
      return;
    }
    if (Found == 4) {
      report(PP, D.Name.front().getLocation(), Diag::RoutineNameUndeclared)
          << PP.getSpelling(D.Name.front());
      return;
    }
    if (Found == 3)
      return; // a lambda's call operator, annotated: the outliner reads it
    if (Found != 1) {
      if (Bind)
        report(PP, Bind->Loc, Diag::RoutineBindUnsupported) << "an overloaded or member function";
      return;
    }
    B.code("static void (*const __ferry_routine_" + std::to_string(Ctx.nextRoutineId()) +
           ")() __attribute__((used, annotate(")
        .string(Annotation)
        .code(isC(PP) ? "))) = (void (*)(void))(&" : "))) = reinterpret_cast<void (*)()>(&")
        .tokens(D.Name)
        .code(");");
    B.inject();
    return;
  }
  TokenList Prefix;
  if (!declarationPrefix(PP, Ctx.directiveLexers(), Prefix)) {
    report(PP, D.Loc, Diag::RoutineNotFunction);
    TokenBuilder(PP, PragmaLoc).tokens(Prefix).inject();
    return;
  }
  if (Bind && !isC(PP))
    Ctx.lambdas().bindTo(Ctx.sema(), Target, Bind->Loc);
  // `auto f = [](...) {...};`: the routine is the lambda's call operator,
  // marked once the variable is declared.
  TokenList Specifiers;
  if (std::optional<Token> Name = lambdaVariable(PP, Ctx.directiveLexers(), Specifiers);
      Name && Ctx.inSema()) {
    Ctx.lambdas().routineBefore(Name->getIdentifierInfo(), Name->getLocation(), Annotation);
    TokenBuilder(PP, PragmaLoc).tokens(Prefix).tokens(Specifiers).inject();
    return;
  }
  B.tokens(Prefix).code("__attribute__((annotate(").string(Annotation).code(")))");
  B.tokens(Specifiers);
  B.inject();
}

namespace {

/// The start of a call that runs when the program starts, up to its
/// arguments: C++'s dynamic initializer of `__ferry_declare_init_<Id>`
/// calling \p CxxCall; C has no dynamic initializers, so a constructor of
/// that name calling \p CCall (the caller closes it: `; }` in C).
void beginStartupCall(Preprocessor &PP, TokenBuilder &B, const std::string &Id,
                      StringRef CCall, StringRef CxxCall) {
  if (isC(PP))
    B.code("__attribute__((constructor)) static void __ferry_declare_init_" + Id +
           "(void) { " + CCall.str());
  else
    B.code("static const bool __ferry_declare_init_" + Id + " = " + CxxCall.str());
}

const char *declareKindName(ClauseKind K) {
  switch (K) {
  case ClauseKind::Copyin:
    return "copyin";
  case ClauseKind::Deviceptr:
    return "deviceptr";
  default:
    return "create"; // create, device_resident, link
  }
}

/// `v[lo:len]` as written.
std::string sectionText(Preprocessor &PP, const VarRef &V) {
  std::string Text = PP.getSpelling(V.Name);
  for (const ArraySection &S : V.Sections)
    Text += "[" + spellingOf(PP, S.Lower) + ":" + spellingOf(PP, S.Length) + "]";
  return Text;
}

/// `, lo, len, sizeof(v[0]), KIND, "v[lo:len]")`: the arguments of
/// ferry_declare_global_section after its base (`v`).
void emitSectionArguments(Preprocessor &PP, TokenBuilder &B, const Clause &C,
                          const VarRef &V) {
  const ArraySection &S = V.Sections[0];
  B.code(", (__typeof__(sizeof(int)))(");
  if (S.Lower.empty())
    B.code("0");
  else
    B.tokens(S.Lower);
  B.code("), (__typeof__(sizeof(int)))(");
  if (!S.Length.empty())
    B.tokens(S.Length);
  else { // `a[lo:]`: to the end of the array
    B.code("sizeof(").tokens(V.Name).code(") / sizeof((").tokens(V.Name).code(")[0])");
    if (!S.Lower.empty())
      B.code("- (").tokens(S.Lower).code(")");
  }
  B.code("), sizeof((")
      .tokens(V.Name)
      .code(std::string(")[0]), ") +
            (C.Kind == ClauseKind::Copyin ? "FERRY_DATA_COPYIN" : "FERRY_DATA_CREATE") + ",")
      .string(sectionText(PP, V))
      .code(")");
}

/// `declare create(v[lo:len])` (copyin, device_resident, link) at namespace
/// scope, \p V a pointer or an array with static storage: the section is
/// registered when the program starts (nothing while the pointer is null),
/// entered at each device's first use and never left. \p V itself gets no device copy (no `ferry.declare`
/// record): regions translate the pointer's value to present data as for
/// any global. False after an error.
bool declareGlobalSection(Preprocessor &PP, AccContext &Ctx, const Clause &C, const VarRef &V,
                          TokenBuilder &B) {
  const std::string Name = PP.getSpelling(V.Name);
  if (C.Kind == ClauseKind::Deviceptr) {
    report(PP, V.Sections[0].ColonLoc, Diag::DeclareDeviceptrSection) << Name;
    return false;
  }
  if (V.Sections.size() > 1) {
    report(PP, V.Sections[1].ColonLoc, Diag::DeclareGlobalSectionDims)
        << Name << unsigned(V.Sections.size());
    return false;
  }
  if (VarDecl *VD = Ctx.lookupVariable(V.Name)) {
    if (!VD->hasGlobalStorage()) {
      report(PP, V.Name.getLocation(), Diag::DeclareStorage) << Name;
      return false;
    }
    if (V.Sections[0].Length.empty() && !VD->getType()->isConstantArrayType()) {
      report(PP, V.Sections[0].ColonLoc, Diag::DeclareSectionToEnd) << Name;
      return false;
    }
  } else if (Ctx.inSema()) {
    report(PP, V.Name.getLocation(), Diag::DeclareNotVariable) << Name;
    return false;
  }
  // Registered when the program starts, its bounds evaluated then.
  beginStartupCall(PP, B, std::to_string(Ctx.nextRoutineId()), "ferry_declare_global_section(",
                   "::ferry_declare_global_section(");
  B.tokens(V.Name);
  emitSectionArguments(PP, B, C, V);
  B.code(isC(PP) ? "; }" : " == FERRY_SUCCESS;");
  if (Ctx.remarks()) {
    const VarDecl *VD = Ctx.lookupVariable(V.Name);
    const bool Pointer = !VD || !VD->getType()->isArrayType();
    report(PP, V.Name.getLocation(), Diag::RegionRemark)
        << ("'declare' at namespace scope: '" + sectionText(PP, V) +
            "' is put on each device at its first use, its bounds evaluated when the program starts" +
            (Pointer ? " (nothing while '" + Name + "' is null)" : std::string()) +
            ", and stays present for the whole program; '" + Name +
            "' itself gets no device copy: " +
            (Pointer ? "regions translate its value to present data, as for any global pointer"
                     : "regions name the section in a data clause ('present(" +
                           sectionText(PP, V) + ")')"));
  }
  return true;
}

/// The device variable that holds the device address of declared \p VD
/// (\p Spelling where Sema has not seen it): `__ferry_global_ref_` and its
/// symbol's name, the same in every file that declares it, so that the
/// images of routines of other files linked with a region's image share
/// it (the outliner defines it weak in each), and the runtime fills it in
/// every image that has it (ferry_declare_global_ref). A variable of
/// internal linkage gets a digest of the file too.
static std::string declaredRefSymbol(Preprocessor &PP, const VarDecl *VD, StringRef Spelling) {
  std::string Symbol = Spelling.str();
  if (VD) {
    std::unique_ptr<MangleContext> Mangle(VD->getASTContext().createMangleContext());
    if (Mangle->shouldMangleDeclName(VD)) {
      Symbol.clear();
      llvm::raw_string_ostream OS(Symbol);
      Mangle->mangleName(GlobalDecl(VD), OS);
    } else {
      Symbol = VD->getName().str();
    }
  }
  std::string Name = "__ferry_global_ref_";
  for (char C : Symbol)
    Name += llvm::isAlnum(C) || C == '_' ? C : '_';
  if (VD && !VD->isExternallyVisible()) {
    const SourceManager &SM = PP.getSourceManager();
    OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
    const std::string Key = Symbol + "@" + (Main ? Main->getName().str() : std::string());
    Name += "_" + llvm::utohexstr(llvm::xxh3_64bits(Key) & 0xffffffff, true);
  }
  return Name;
}

/// `declare` at namespace scope: per variable, the record the outliner
/// reads and the registration that puts it on the device at startup.
void declareGlobals(Preprocessor &PP, AccContext &Ctx, const Directive &D,
                    SourceLocation PragmaLoc) {
  for (const Clause &C : D.Clauses)
    if (C.Kind != ClauseKind::Create && C.Kind != ClauseKind::Copyin &&
        C.Kind != ClauseKind::Deviceptr && C.Kind != ClauseKind::DeviceResident &&
        C.Kind != ClauseKind::Link) {
      report(PP, C.Loc, Diag::DeclareGlobalClause) << spelling(C.Kind);
      return;
    }
  const PresumedLoc P = PP.getSourceManager().getPresumedLoc(D.Loc);
  const std::string At = std::string(P.isValid() ? P.getFilename() : "?") + ":" +
                         std::to_string(P.isValid() ? P.getLine() : 0);
  TokenBuilder B(PP, PragmaLoc);
  bool Whole = false;
  for (const Clause &C : D.Clauses)
    for (const VarRef &V : C.Vars) {
      if (!V.Sections.empty()) {
        if (!declareGlobalSection(PP, Ctx, C, V, B))
          return;
        continue;
      }
      const std::string Name = PP.getSpelling(V.Name);
      VarDecl *VD = Ctx.lookupVariable(V.Name);
      if (VD) {
        if (!VD->hasGlobalStorage()) {
          report(PP, V.Name.getLocation(), Diag::DeclareStorage) << Name;
          return;
        }
        // For the device-code checks: regions may use and write it.
        VD->addAttr(AnnotateAttr::CreateImplicit(VD->getASTContext(), "ferry.declare", nullptr,
                                                 0, VD->getSourceRange()));
        if (C.Kind == ClauseKind::Link) // (for the data clauses that name it)
          VD->addAttr(AnnotateAttr::CreateImplicit(VD->getASTContext(), "ferry.declare.link",
                                                   nullptr, 0, VD->getSourceRange()));
      } else if (Ctx.inSema()) {
        report(PP, V.Name.getLocation(), Diag::DeclareNotVariable) << Name;
        return;
      }
      Whole = true;
      const std::string Id = std::to_string(Ctx.nextRoutineId());
      const char *Kind = declareKindName(C.Kind);
      const std::string Ref = declaredRefSymbol(PP, VD, Name);
      B.code("static void *const __ferry_declare_" + Id + " __attribute__((used, annotate(")
          .string(std::string("ferry.declare;kind=") + Kind + ";at=" + At + ";ref=" + Ref)
          .code("))) = (void *)&")
          .tokens(V.Name)
          .code(";");
      if (C.Kind != ClauseKind::Deviceptr) {
        // Registered when the program starts (entered at each device's
        // first use); the runtime fills its device variable in the images
        // that have it.
        beginStartupCall(PP, B, Id, "ferry_declare_global_ref(&",
                         "::ferry::acc::declare_global(&");
        B.tokens(V.Name)
            .code(", sizeof(")
            .tokens(V.Name)
            .code(std::string("), ") +
                  (C.Kind == ClauseKind::Copyin ? "FERRY_DATA_COPYIN" : "FERRY_DATA_CREATE") +
                  ",")
            .string(Name)
            .code(",")
            .string(Ref)
            .code(isC(PP) ? "); }" : ");");
      }
    }
  if (Ctx.remarks() && Whole)
    report(PP, D.Loc, Diag::RegionRemark)
        << std::string("'declare' at namespace scope: the variables live on the device for the "
                       "whole program (entered when it starts), and regions use their device "
                       "copies");
  B.inject();
}

/// `a[lo:]` in \p D (its first dimension): to the end of the array, whose
/// bound the variable's type gives. False after an error (the variable is
/// not an array of known bound, or a later dimension has no length).
bool completeOpenSections(Preprocessor &PP, const AccContext &Ctx, Directive &D) {
  for (Clause &C : D.Clauses)
    for (VarRef &V : C.Vars)
      for (size_t I = 0; I < V.Sections.size(); ++I) {
        ArraySection &S = V.Sections[I];
        if (!S.Length.empty())
          continue;
        const VarDecl *VD = Ctx.lookupVariable(V.Name);
        if (I > 0 || (VD && !VD->getType()->isConstantArrayType())) {
          report(PP, S.ColonLoc, Diag::DeclareSectionToEnd) << PP.getSpelling(V.Name);
          return false;
        }
        TokenBuilder Length(PP, S.ColonLoc);
        Length.code("sizeof(").tokens(V.Name).code(") / sizeof((").tokens(V.Name).code(")[0])");
        if (!S.Lower.empty())
          Length.code("- (").tokens(S.Lower).code(")");
        S.Length.assign(Length.get().begin(), Length.get().end());
      }
  return true;
}

} // namespace

/// C: `declare` in a function is the data construct's pieces declared
/// where the directive stands, in the enclosing scope, under names of its
/// own (`__ferry_region_declare_N`, ...), their data left by the cleanup
/// attribute when the scope ends.
static void declareInFunctionC(Preprocessor &PP, AccContext &Ctx, const Directive &Data,
                               SourceLocation PragmaLoc) {
  TokenBuilder Pieces(PP, PragmaLoc);
  emitRegion(PP, Pieces, Data, PragmaLoc, 0);
  emitOptions(Pieces, Data);
  if (unsigned Items = emitDataItems(PP, Pieces, Data))
    emitCDataScope(Pieces, Items);
  emitRowScopes(PP, Pieces, Data);
  remark(PP, Ctx, Data, "(to the end of the enclosing scope)");
  // The same pieces as a data construct's, renamed: several `declare`s
  // and constructs share a scope.
  const std::string Suffix = "_declare_" + std::to_string(Ctx.nextRoutineId());
  TokenBuilder B(PP, PragmaLoc);
  for (const Token &T : Pieces.get()) {
    const IdentifierInfo *II = T.is(tok::identifier) ? T.getIdentifierInfo() : nullptr;
    if (II && (II->getName() == "__ferry_region" || II->getName() == "__ferry_options" ||
               II->getName() == "__ferry_data" || II->getName() == "__ferry_data_scope" ||
               II->getName().starts_with("__ferry_rows_")))
      B.code(II->getName().str() + Suffix);
    else
      B.tokens(T);
  }
  B.inject();
}

/// Whether `declare` \p D has the namespace-scope form: it stands at
/// namespace scope, or every variable it names is a whole namespace-scope
/// one and every clause one that namespace scope takes (in a function too:
/// the variable is then on the device for the whole program).
bool globalForm(const AccContext &Ctx, const Directive &D, SourceLocation PragmaLoc) {
  if (!Ctx.inSema())
    return false;
  if (Ctx.atNamespaceScope(PragmaLoc))
    return true;
  for (const Clause &C : D.Clauses) {
    if (C.Kind != ClauseKind::Create && C.Kind != ClauseKind::Copyin &&
        C.Kind != ClauseKind::Deviceptr && C.Kind != ClauseKind::DeviceResident &&
        C.Kind != ClauseKind::Link)
      return false;
    for (const VarRef &V : C.Vars) {
      const VarDecl *VD = Ctx.lookupVariable(V.Name);
      if (!VD || !VD->hasGlobalStorage() || VD->isStaticLocal() || !V.Sections.empty())
        return false;
    }
  }
  return true;
}

void rewriteDeclare(Preprocessor &PP, AccContext &Ctx, const Directive &D,
                    SourceLocation PragmaLoc) {
  if (globalForm(Ctx, D, PragmaLoc)) {
    declareGlobals(PP, Ctx, D, PragmaLoc);
    return;
  }
  // In a function: a data region from here to the end of the scope. The
  // variables' clauses also hold for the compute constructs that follow.
  Directive Data = D;
  if (!completeOpenSections(PP, Ctx, Data))
    return;
  for (Clause &C : Data.Clauses) {
    if (C.Kind == ClauseKind::DeviceResident || C.Kind == ClauseKind::Link)
      C.Kind = ClauseKind::Create;
    for (const VarRef &V : C.Vars) {
      if (VarDecl *VD = Ctx.lookupVariable(V.Name))
        Ctx.addDeclared(VD, C, V);
      else if (Ctx.inSema()) {
        report(PP, V.Name.getLocation(), Diag::DeclareNotVariable) << PP.getSpelling(V.Name);
        return;
      }
    }
  }
  if (isC(PP)) {
    declareInFunctionC(PP, Ctx, Data, PragmaLoc);
    return;
  }
  const std::string Id = std::to_string(Ctx.nextRoutineId());
  TokenBuilder B(PP, PragmaLoc);
  B.code("::ferry::acc::declare_scope __ferry_declare_" + Id +
         "([&](::ferry::acc::declare_scope &__ferry_self) {");
  emitRegion(PP, B, Data, PragmaLoc, 0);
  emitOptions(B, Data);
  const unsigned Items = emitDataItems(PP, B, Data);
  B.code("__ferry_self.enter(__ferry_region, __ferry_data,")
      .number(Items)
      .code(", __ferry_options); });");
  remark(PP, Ctx, D, "(to the end of the enclosing scope)");
  B.inject();
}

void rewriteDeviceDirective(Preprocessor &PP, const AccContext &Ctx, const Directive &D,
                            SourceLocation PragmaLoc) {
  // The device type: an OpenACC name or an acc_device_t enumerator.
  std::string Type = "acc_get_device_type()";
  if (const Clause *DT = D.find(ClauseKind::DeviceType)) {
    auto Items = splitTopLevel(DT->Expr, tok::comma);
    if (D.Kind == ConstructKind::Set && Items.size() != 1) {
      report(PP, DT->Loc, Diag::OneDeviceType);
      return;
    }
    SmallVector<std::string, 2> Types;
    for (ArrayRef<Token> Item : Items) {
      std::string Word = spellingOf(PP, Item);
      StringRef W = Word;
      W.consume_front("acc_device_");
      StringRef Enum = llvm::StringSwitch<StringRef>(W)
                           .Cases("*", "default", "acc_device_default")
                           .Case("host", "acc_device_host")
                           .Case("multicore", "acc_device_host")
                           .Case("not_host", "acc_device_not_host")
                           .Case("nvidia", "acc_device_nvidia")
                           .Case("radeon", "acc_device_radeon")
                           .Case("none", "acc_device_none")
                           .Default("");
      if (Enum.empty()) {
        report(PP, Item.empty() ? DT->Loc : Item[0].getLocation(), Diag::UnknownDeviceType)
            << Word;
        return;
      }
      Types.push_back(Enum.str());
    }
    if (!Types.empty())
      Type = Types[0];
    // init/shutdown with a list: each type in turn.
    if (Types.size() > 1) {
      Type.clear();
      for (const std::string &T : Types)
        Type += (Type.empty() ? "" : ",") + T;
    }
  }
  TokenBuilder B(PP, PragmaLoc);
  B.code("{");
  if (const Clause *If = D.find(ClauseKind::If))
    B.code("if (").tokens(If->Expr).code(")");
  B.code("{");
  const Clause *Num = D.find(ClauseKind::DeviceNum);
  SmallVector<StringRef, 2> Types;
  StringRef(Type).split(Types, ',');
  for (StringRef T : Types) {
    if (D.Kind == ConstructKind::Init || D.Kind == ConstructKind::Shutdown) {
      const char *Routine = D.Kind == ConstructKind::Init ? "acc_init" : "acc_shutdown";
      if (Num)
        B.code(std::string(Routine) + "_device((int)(").tokens(Num->Expr).code("), " + T.str() +
                                                                             ");");
      else
        B.code(std::string(Routine) + "(" + T.str() + ");");
      continue;
    }
    // set: the device type first, then its number, then the default queue.
    if (Num)
      B.code("acc_set_device_num((int)(").tokens(Num->Expr).code("), " + T.str() + ");");
    else if (D.find(ClauseKind::DeviceType))
      B.code("acc_set_device_type(" + T.str() + ");");
  }
  if (const Clause *Async = D.find(ClauseKind::DefaultAsync))
    B.code("acc_set_default_async((int)(").tokens(Async->Expr).code("));");
  B.code("} }");
  if (Ctx.remarks())
    report(PP, D.Loc, Diag::RegionRemark)
        << ("'" + spelling(D.Kind).str() + "': calls the runtime library here (device type " +
            Type + ")");
  B.inject();
}

} // namespace plugin
} // namespace ferry
