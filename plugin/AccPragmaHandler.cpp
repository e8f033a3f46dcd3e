//===- AccPragmaHandler.cpp - The '#pragma acc' handler -------------------===//
///
/// \file
/// See AccPragmaHandler.h.
///
//===----------------------------------------------------------------------===//
#include "AccPragmaHandler.h"

#include "ConstructPieces.h"
#include "ImplicitLoops.h"

#include "AtomicConstruct.h"
#include "BlockConstruct.h"
#include "DeclarativeDirective.h"
#include "DirectiveParser.h"
#include "Diagnostics.h"
#include "LoopConstruct.h"
#include "SourceScanner.h"
#include "StandaloneDirective.h"
#include "StatementLexer.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/LangStandard.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace ferry {
namespace plugin {

/// The program's warnings about the shape of code, off for the code a
/// directive becomes, which clang places at the directive (TokenBuilder.h):
/// declarations after statements, C11 keywords under -std=c99 -pedantic,
/// `long long` under -std=c89 -pedantic, C casts that drop const, names its
/// lambdas declare again. System-header code is exempt from most warnings
/// already; these clang shows in system macros too.
static constexpr const char *GeneratedCodeQuietGroups[] = {
    "declaration-after-statement", "c99-extensions", "c11-extensions",
    "long-long", "pre-c11-compat", "cast-qual", "shadow-all",
    "unsafe-buffer-usage", "c++98-compat", "c++98-compat-pedantic",
    "pre-c++14-compat", "pre-c++17-compat"};

/// GeneratedCodeQuietGroups off from the directive's start \p Begin to its
/// end \p End (its line), as `#pragma clang diagnostic ignored` around it
/// would: code the program wrote after the directive keeps them. Not for a
/// directive written by a macro (`_Pragma`), whose location is the macro's.
static void quietGeneratedCode(Preprocessor &PP, SourceLocation Begin, SourceLocation End) {
  if (!Begin.isFileID() || !End.isFileID() || End <= Begin)
    return;
  DiagnosticsEngine &Diags = PP.getDiagnostics();
  Diags.pushMappings(Begin);
  for (const char *Group : GeneratedCodeQuietGroups)
    Diags.setSeverityForGroup(diag::Flavor::WarningOrError, Group, diag::Severity::Ignored,
                              Begin);
  Diags.popMappings(End);
}

/// The same data in `present` and in another data clause of one directive
/// (`present(err) copyout(err)`): OpenACC names a variable in one clause,
/// GCC refuses it. Ferry maps one directive's items of the same data as
/// their union (`copyin(a[0:n]) copyout(a[0:n])` copies in and back,
/// e2e/c-data-same-section.c), but `present` still requires the data
/// present before the construct: where it is not, the construct stops on a
/// GPU. A warning at the second. Different sections of one array
/// (`present(a[0:h]) copyout(a[h:h])`) are not the same data.
static void warnRepeatedData(Preprocessor &PP, const Directive &D) {
  // Keys: `a` (named whole), `a[0:n]` (a section), `a[]` (some section).
  llvm::StringMap<const Clause *> Seen;
  auto Find = [&](const std::string &Key) -> const Clause * {
    auto It = Seen.find(Key);
    return It == Seen.end() ? nullptr : It->second;
  };
  for (const Clause &C : D.Clauses) {
    if (!isDataClause(C.Kind))
      continue;
    for (const VarRef &V : C.Vars) {
      const std::string Object = spellingOf(PP, V.object());
      const bool Whole = V.Sections.empty();
      const std::string Key = Whole ? Object : sectionsText(PP, V);
      const Clause *First = Find(Key);
      if (!First)
        First = Whole ? Find(Object + "[]") : Find(Object);
      if (First && First != &C && First->Kind != C.Kind &&
          (First->Kind == ClauseKind::Present || C.Kind == ClauseKind::Present))
        report(PP, V.Name.getLocation(), Diag::DataInTwoClauses)
            << Object << spelling(First->Kind) << spelling(C.Kind);
      Seen.try_emplace(Key, &C);
      if (!Whole)
        Seen.try_emplace(Object + "[]", &C);
    }
  }
}

/// A data clause that names a C++ object whose type is not trivially
/// copyable (a std::vector, say) copies the object's bytes, not the memory
/// it owns (OpenACC's copies are shallow): the device copy holds the host's
/// pointers, which a GPU without unified memory cannot use.
static void warnShallowCopies(Preprocessor &PP, const AccContext &Ctx, const Directive &D) {
  if (!PP.getLangOpts().CPlusPlus)
    return;
  // (An object whose members the directive maps too, `copyin(a, a.data[0:n])`,
  // is deep-copied by the program: the members are attached.)
  llvm::SmallPtrSet<const IdentifierInfo *, 4> WithMembers;
  for (const Clause &C : D.Clauses)
    for (const VarRef &V : C.Vars)
      if (V.isMember() && V.Base.front().is(tok::identifier))
        WithMembers.insert(V.Base.front().getIdentifierInfo());
  for (const Clause &C : D.Clauses) {
    if (C.Kind != ClauseKind::Copy && C.Kind != ClauseKind::Copyin &&
        C.Kind != ClauseKind::Copyout && C.Kind != ClauseKind::Create)
      continue;
    for (const VarRef &V : C.Vars) {
      if (!V.Sections.empty() || V.isMember() || WithMembers.count(V.Name.getIdentifierInfo()))
        continue;
      const VarDecl *VD = Ctx.lookupVariable(V.Name);
      if (!VD)
        continue;
      QualType T = VD->getType().getNonReferenceType();
      const CXXRecordDecl *R = T->getAsCXXRecordDecl();
      if (!R || !R->hasDefinition() || T->isDependentType() ||
          T.isTriviallyCopyableType(VD->getASTContext()))
        continue;
      report(PP, V.Name.getLocation(), Diag::ShallowObjectCopy)
          << PP.getSpelling(V.Name) << T.getAsString() << spelling(C.Kind)
          << ownedMemoryRemedy(T, PP.getSpelling(V.Name), spelling(C.Kind), "[0:n]");
    }
  }
}

/// In the body of a member function defined in its class, Sema has not
/// seen the function's variables when a compute construct there is handled:
/// its locals that the construct writes as arrays or structs (`h[i] =`,
/// `p.v[i] +=`), and outside `kernels` (which copies the scalars it
/// assigns: kernelsWrittenScalars) also as scalars (`sum +=`), whose implicit
/// data attributes Ferry cannot apply, are named in a warning. (Parameters
/// are left out: an array parameter is a pointer; so are the elements of a
/// local the source declares a pointer.)
static void warnKeptBodyWrites(Preprocessor &PP, const AccContext &Ctx, const Directive &D,
                               SourceLocation PragmaLoc) {
  if (!isComputeConstruct(D.Kind) || !Ctx.keptBodyClass())
    return;
  SmallVector<Token, 64> Stmt;
  if (!SourceScanner::readStatement(PP, PragmaLoc, Stmt))
    return;
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Parameters, Locals, Pointers, Skip, Seen;
  Ctx.keptBodyNames(D.Loc, Parameters, Locals, &Pointers);
  addDeclaredInBody(Stmt, Skip);
  for (const Clause &C : D.Clauses)
    for (const VarRef &V : C.Vars)
      Skip.insert(V.Name.getIdentifierInfo());
  // (And the variables of the clauses of the directives inside.)
  for (size_t I = 0; I + 1 < Stmt.size(); ++I)
    if (Stmt[I].is(tok::identifier) && Stmt[I + 1].is(tok::l_paren) &&
        Stmt[I].getIdentifierInfo()->getName() == "reduction")
      for (size_t J = I + 2; J < Stmt.size() && !Stmt[J].is(tok::r_paren); ++J)
        if (Stmt[J].is(tok::identifier))
          Skip.insert(Stmt[J].getIdentifierInfo());
  const bool Kernels = D.Kind == ConstructKind::Kernels || D.Kind == ConstructKind::KernelsLoop;
  std::string Names;
  unsigned Count = 0;
  for (size_t I = 0; I < Stmt.size(); ++I) {
    const IdentifierInfo *II = Stmt[I].getIdentifierInfo();
    if (!Stmt[I].is(tok::identifier) || !Locals.count(II) || Skip.count(II) ||
        (I > 0 && Stmt[I - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon)))
      continue;
    // The end of the lvalue `x`, `x[...]...`, `x.m[...]`.
    size_t E = I + 1;
    bool Aggregate = false;
    while (E < Stmt.size()) {
      if (Stmt[E].is(tok::l_square)) {
        E = skipBrackets(Stmt, E);
      } else if (Stmt[E].is(tok::period) && E + 1 < Stmt.size() &&
                 Stmt[E + 1].is(tok::identifier)) {
        E += 2;
      } else {
        break;
      }
      Aggregate = true;
    }
    const bool Written = (E < Stmt.size() && isUpdateOperator(Stmt[E]) &&
                          !(Stmt[E].is(tok::equal) && E + 1 < Stmt.size() &&
                            Stmt[E + 1].is(tok::equal))) ||
                         (I > 0 && Stmt[I - 1].isOneOf(tok::plusplus, tok::minusminus));
    // (`p[i] = x` of a local pointer writes what it points to, not p.)
    if (!Written || (Kernels && !Aggregate) || (Aggregate && Pointers.count(II)) ||
        Parameters.count(II) || !Seen.insert(II).second)
      continue;
    Names += (Names.empty() ? "'" : ", '") + II->getName().str() + "'";
    ++Count;
  }
  if (Count)
    report(PP, D.Loc, Diag::KeptBodyWrites)
        << spelling(D.Kind) << Names << (Count == 1 ? "it" : "them");
}

/// The name of the function being defined when it is a `routine` (its
/// annotation, DeclarativeDirective.cpp), else empty.
static std::string routineBeingDefined(const AccContext &Ctx) {
  const FunctionDecl *F = Ctx.inSema() ? Ctx.sema()->getCurFunctionDecl() : nullptr;
  if (!F)
    return {};
  for (const AnnotateAttr *A : F->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation().starts_with("ferry.routine;"))
      return F->getNameAsString();
  return {};
}

/// A `routine`'s body runs on the device: data, update, wait and compute
/// directives are host code there, and refused naming the routine (they
/// reached the device-code check as calls of Ferry's runtime before). A
/// `data` construct whose clauses only check presence (`present`,
/// `deviceptr`, `no_create`, `if`, `default`), as other compilers accept
/// it, means its statement: the routine's callers map the data. False when
/// the directive is done with.
static bool checkRoutineBody(Preprocessor &PP, const AccContext &Ctx, const Directive &D) {
  if (!isHostDirective(D.Kind) && !isComputeConstruct(D.Kind))
    return true;
  const std::string Routine = routineBeingDefined(Ctx);
  if (Routine.empty())
    return true;
  const bool ChecksOnly =
      D.Kind == ConstructKind::Data && llvm::all_of(D.Clauses, [](const Clause &C) {
        return C.Kind == ClauseKind::Present || C.Kind == ClauseKind::Deviceptr ||
               C.Kind == ClauseKind::NoCreate || C.Kind == ClauseKind::If ||
               C.Kind == ClauseKind::Default;
      });
  if (ChecksOnly) {
    if (Ctx.remarks())
      report(PP, D.Loc, Diag::RegionRemark)
          << "'data' in the 'routine' '" + Routine +
                 "': its clauses only check presence, which the routine's callers "
                 "provide; its statement runs as written";
    return false;
  }
  report(PP, D.Loc, Diag::DirectiveInRoutine) << spelling(D.Kind) << Routine;
  return false;
}

void AccPragmaHandler::HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer,
                                    Token &FirstToken) {
  DirectiveLexerScope Scope(Ctx.directiveLexers(), PP, Introducer.Kind);
  TokenList Line;
  Token T;
  for (PP.Lex(T); T.isNot(tok::eod) && T.isNot(tok::eof); PP.Lex(T))
    Line.push_back(T);
  quietGeneratedCode(PP, Introducer.Loc, T.getLocation());
  // C++11 and C++14: Ferry's header is not there (FerryPlugin.cpp).
  if (const LangOptions &LO = PP.getLangOpts(); LO.CPlusPlus && !LO.CPlusPlus17) {
    if (!OldLanguageSaid)
      report(PP, FirstToken.getLocation(), Diag::CxxTooOld)
          << LangStandard::getLangStandardForKind(LO.LangStd).getName();
    OldLanguageSaid = true;
    return;
  }
  std::optional<Directive> D = parseDirective(PP, Ctx.sema(), Line, FirstToken.getLocation());
  if (!D)
    return;
  Ctx.handlingDirectiveAt(D->Loc);
  // Only `declare` and `routine` may stand outside a function.
  if (D->Kind != ConstructKind::Declare && D->Kind != ConstructKind::Routine &&
      Ctx.atNamespaceScope(Introducer.Loc)) {
    report(PP, D->Loc, Diag::ExecutableAtNamespaceScope) << spelling(D->Kind);
    return;
  }
  // Data and device directives are host code (OpenACC 3.3 2.6, 2.14):
  // never inside a compute construct or one of its loops.
  if (isHostDirective(D->Kind))
    if (std::optional<ConstructKind> Outer = Ctx.enclosingCompute()) {
      report(PP, D->Loc, Diag::DirectiveInCompute) << spelling(D->Kind) << spelling(*Outer);
      return;
    }
  if (!checkRoutineBody(PP, Ctx, *D))
    return;
  warnShallowCopies(PP, Ctx, *D);
  warnRepeatedData(PP, *D);
  warnKeptBodyWrites(PP, Ctx, *D, Introducer.Loc);
  Ctx.mapDeclaredExtents(PP, *D);
  if (!Ctx.checkClauseVariables(PP, *D))
    return;
  addMemberRoots(PP, Ctx, *D);
  addImplicitThis(PP, Ctx, *D, Introducer.Loc, /*Combined=*/true);
  addIndependentNestReductions(PP, Ctx, *D, Introducer.Loc);
  if (D->isLoop())
    LoopConstruct(PP, Ctx, *D, Introducer.Loc).rewrite();
  else if (D->Kind == ConstructKind::Data || isComputeOnly(D->Kind))
    rewriteBlockConstruct(PP, Ctx, *D, Introducer.Loc);
  else if (D->Kind == ConstructKind::EnterData || D->Kind == ConstructKind::ExitData ||
           D->Kind == ConstructKind::Update || D->Kind == ConstructKind::Wait)
    rewriteStandaloneDirective(PP, Ctx, *D, Introducer.Loc);
  else if (D->Kind == ConstructKind::Atomic)
    rewriteAtomic(PP, Ctx, *D, Introducer.Loc);
  else if (D->Kind == ConstructKind::HostData)
    rewriteHostData(PP, Ctx, *D, Introducer.Loc);
  else if (D->Kind == ConstructKind::Cache) {
    // A hint that Ferry's code does not use (the GPU's caches work without
    // it); the program means the same without it.
    if (Ctx.remarks())
      report(PP, D->Loc, Diag::RegionRemark)
          << "'cache': a hint that has no effect in Ferry (the data is read through the "
             "GPU's caches as it is)";
  } else if (D->Kind == ConstructKind::Declare)
    rewriteDeclare(PP, Ctx, *D, Introducer.Loc);
  else if (D->Kind == ConstructKind::Routine)
    rewriteRoutine(PP, Ctx, *D, Introducer.Loc);
  else if (D->Kind == ConstructKind::Init || D->Kind == ConstructKind::Shutdown ||
           D->Kind == ConstructKind::Set)
    rewriteDeviceDirective(PP, Ctx, *D, Introducer.Loc);
}

} // namespace plugin
} // namespace ferry
