//===- BodyLambda.cpp - The lambda a rewritten loop runs ------------------===//
///
/// \file
/// See BodyLambda.h.
///
//===----------------------------------------------------------------------===//
#include "BodyLambda.h"
#include "ConstantTokens.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace ferry {
namespace plugin {

/// The captures written so far, after the capture-default (if any).
class BodyLambda::CaptureList {
public:
  CaptureList(Preprocessor &PP, SourceLocation Loc, TokenBuilder &B, bool Empty)
      : PP(PP), Loc(Loc), B(B), First(Empty) {}
  /// `, Prefix Name`; the caller goes on with an initializer if it has one.
  TokenBuilder &add(StringRef Prefix, ArrayRef<Token> Name) {
    B.code(First ? "" : ",").code(Prefix).tokens(Name);
    First = false;
    return B;
  }
  /// `, Prefix Name` for an init-capture, the name written by Ferry (a
  /// declaration of the lambda's, which shadows \p Name: -Wshadow is for
  /// the program's declarations, not Ferry's, TokenBuilder.h).
  TokenBuilder &declare(StringRef Prefix, const Token &Name) {
    TokenBuilder Own(PP, Name.getLocation());
    Own.code(PP.getSpelling(Name));
    return add(Prefix, Own.get());
  }
  /// Each name of \p Names (source text) by copy.
  void addNames(StringRef Names) {
    TokenBuilder Toks(PP, Loc);
    Toks.code(Names);
    for (const Token &T : Toks.get())
      add("", T);
  }

private:
  Preprocessor &PP;
  SourceLocation Loc;
  TokenBuilder &B;
  bool First;
};

/// Adds to \p Names the variables the `private` and `firstprivate` clauses
/// of \p D and of its compute construct \p Compute copy (sections too).
static void addCopiedNames(const Directive &D, const Directive *Compute,
                           llvm::SmallPtrSetImpl<const IdentifierInfo *> &Names) {
  for (const Directive *Of : {&D, Compute})
    for (const Clause &C : Of ? ArrayRef<Clause>(Of->Clauses) : ArrayRef<Clause>())
      if (C.Kind == ClauseKind::Private || C.Kind == ClauseKind::Firstprivate)
        for (const VarRef &V : C.Vars)
          if (!V.isMember())
            Names.insert(V.Name.getIdentifierInfo());
}

void BodyLambda::addRegionCopies(const Directive *Compute,
                                 llvm::SmallPtrSetImpl<const IdentifierInfo *> &Names) const {
  // Reduction variables are the lambda's parameters, a private section's
  // variable is the copy the lambda binds: neither is shared.
  Reductions.forEach([&](const Clause &, const VarRef &V) {
    Names.insert(V.Name.getIdentifierInfo());
  });
  for (const PrivateSection &P : Privates.own())
    Names.insert(P.Var.Name.getIdentifierInfo());
  // Nor is a variable the region's `private` or `firstprivate` clause
  // copies, though a data construct around it names it (`data copy(a)`,
  // `parallel firstprivate(a)`): the region's writes are its copy's.
  addCopiedNames(D, Compute, Names);
}

/// `&x = x`, not `&x`: globals and statics (no automatic storage) cannot
/// be captured, but a reference to them can be, bound through a call
/// (acc.h's in_place) so that the body reads what it writes.
void BodyLambda::captureReference(CaptureList &List, const Token &Name) const {
  TokenBuilder &B = List.declare("&", Name).code("=");
  if (hasStaticStorage(Name))
    B.code("::ferry::acc::in_place(").tokens(Name).code(")");
  else
    B.tokens(Name);
}

void BodyLambda::captureShared(
    CaptureList &List, ArrayRef<Token> Body, const Directive *Compute,
    ArrayRef<Token> Implied, ArrayRef<Token> Objects,
    llvm::SmallPtrSetImpl<const IdentifierInfo *> &Shared) const {
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Reduced;
  addRegionCopies(Compute, Reduced);
  // A pointer named with an array section is the base of device-mappable
  // memory: captured by value, so that the runtime can translate it to the
  // device copy (implicit attach). A whole variable, and an array of a
  // constant size with a section, are captured by reference: writes to it
  // are seen after the region, its mapping translates its address, and an
  // array keeps its type (`sizeof a`, a `T (&)[N]` parameter).
  auto isFixedArray = [&](const Token &Name) {
    const VarDecl *VD = Ctx.lookupVariable(Name);
    return VD && VD->getType()->isArrayType() && !VD->getType()->isVariableArrayType();
  };
  const SmallVector<const Clause *, 8> DataClauses =
      Ctx.sharedDataClauses(D, Compute, Body);
  // `this` in one of them: the object is present data, which the region
  // uses through `this` (captured by value, translated at launch, as it is
  // where no clause names it). Under default(none) the lambda has no
  // capture-default to take it.
  if (Ctx.defaultNone(D, Compute))
    for (const Clause *CP : DataClauses)
      if (const auto It = llvm::find_if(CP->Vars, [](const VarRef &V) {
            return V.Name.is(tok::kw_this);
          }); It != CP->Vars.end()) {
        List.add("", It->Name);
        break;
      }
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Sectioned;
  // (So is a pointer of `present(p)`, which may name the data it points
  // to: FERRY_DATA_PRESENT_POINTEE.)
  for (const Clause *CP : DataClauses)
    for (const VarRef &V : CP->Vars)
      if ((!V.Sections.empty() || V.PresentPointee) && !V.isMember())
        Sectioned.insert(V.Name.getIdentifierInfo());
  // A member item (`s.data[0:n]`) names no variable of its own: the region
  // reaches it through its struct, which the construct's implicit copy of
  // the struct (addMemberRoots) or the default capture gives it.
  for (const Clause *CP : DataClauses)
    for (const VarRef &V : CP->Vars) {
      const IdentifierInfo *Id = V.Name.getIdentifierInfo();
      if (V.isMember() || Reduced.count(Id) || !Shared.insert(Id).second)
        continue;
      if (CP->Kind == ClauseKind::Deviceptr) {
        // Already a device address: captured so that it is never attached,
        // under a name of Ferry's; the body's name is the pointer again
        // (emitDeviceptrBindings: `fill(buf, n)` deduces T of `T *`).
        TokenBuilder Name(PP, V.Name.getLocation());
        Name.code("__ferry_dp_" + PP.getSpelling(V.Name));
        List.add("", Name.get())
            .code("= ::ferry::acc::deviceptr_of(")
            .tokens(V.Name)
            .code(")");
        DeviceptrNames.push_back(V.Name);
      } else if (V.Vla) {
        // `&a`: clang 19 cannot generate code for `&a = a` of a
        // variable-length array (its bounds), nor can a template see it.
        // Its address is the base of any section of it.
        List.add("&", V.Name);
      } else if (Sectioned.count(Id) && !isFixedArray(V.Name)) {
        List.declare("", V.Name)
            .code("= ::ferry::acc::section_base(")
            .tokens(V.Name)
            .code(")");
      } else {
        captureReference(List, V.Name);
      }
    }
  for (const Token &T : Implied)
    if (!Reduced.count(T.getIdentifierInfo()) &&
        Shared.insert(T.getIdentifierInfo()).second) {
      if (Ctx.isVariableLengthArray(T)) // `&a` alone for those (above)
        List.add("&", T);
      else
        captureReference(List, T);
    }
  noteUnnamedCaptures(Shared, Body);
  // A local object of a class that is not trivially copyable in no clause
  // (`v[i] *= 2` of a std::vector): the host's object, by reference, not
  // the copy its copy constructor would make for the region, whose changes
  // the host never saw. (Not with default(none): Sema asks for a clause;
  // nor with `async`: the region runs later, from a copy of its captures.)
  if (Ctx.defaultNone(D, Compute) || D.find(ClauseKind::Async) ||
      (Compute && Compute->find(ClauseKind::Async)))
    return;
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Excluded(Reduced.begin(), Reduced.end());
  Excluded.insert(Shared.begin(), Shared.end());
  for (const Token &T : Ctx.nonTrivialObjects(Body, Excluded))
    if (Shared.insert(T.getIdentifierInfo()).second)
      captureReference(List, T);
  // A template's object of a type its instantiation decides: a copy or the
  // object in place, as capture_object chooses (bound again inside).
  for (const Token &T : Objects)
    if (Shared.insert(T.getIdentifierInfo()).second) {
      TokenBuilder Name(PP, PragmaLoc);
      Name.code("__ferry_obj_" + PP.getSpelling(T));
      List.add("", Name.get())
          .code("= ::ferry::acc::capture_object<decltype(")
          .tokens(T)
          .code(")>(")
          .tokens(T)
          .code(")");
    }
}

TokenList BodyLambda::instanceObjects(ArrayRef<Token> Body, const Directive *Compute,
                                      ArrayRef<Token> Implied, const Token *LoopVar) const {
  if (Ctx.defaultNone(D, Compute) || D.find(ClauseKind::Async) ||
      (Compute && Compute->find(ClauseKind::Async)))
    return {};
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Excluded;
  addRegionCopies(Compute, Excluded);
  for (const Clause *CP : Ctx.sharedDataClauses(D, Compute, Body))
    for (const VarRef &V : CP->Vars)
      Excluded.insert(V.Name.getIdentifierInfo());
  for (const Token &T : Implied)
    Excluded.insert(T.getIdentifierInfo());
  if (LoopVar)
    Excluded.insert(LoopVar->getIdentifierInfo());
  return Ctx.instanceObjects(Body, Excluded);
}

void BodyLambda::noteUnnamedCaptures(
    const llvm::SmallPtrSetImpl<const IdentifierInfo *> &Captured, ArrayRef<Token> Body) const {
  llvm::SmallPtrSet<const IdentifierInfo *, 16> Named;
  for (const Token &T : Body)
    if (T.is(tok::identifier))
      Named.insert(T.getIdentifierInfo());
  for (const Token &T : DeviceptrNames) // (their bindings use them)
    Named.insert(T.getIdentifierInfo());
  UnnamedCaptures.clear();
  // (Only variables Sema knows: an undeclared name has its one error where
  // the clause names it.)
  for (const IdentifierInfo *Id : Captured)
    if (Id && !Named.count(Id) &&
        isa_and_nonnull<VarDecl, BindingDecl>(
            lookupOrdinaryName(Ctx.sema(), const_cast<IdentifierInfo *>(Id), PragmaLoc)))
      UnnamedCaptures.push_back(Id->getName().str());
  llvm::sort(UnnamedCaptures); // (a stable order of the generated code)
}

void BodyLambda::emitDeviceptrBindings(TokenBuilder &B) const {
  for (const Token &T : DeviceptrNames)
    B.code("auto &")
        .tokens(T)
        .code("__attribute__((unused)) = __ferry_dp_" + PP.getSpelling(T) + ".ptr;");
}

void BodyLambda::emitObjectBindings(TokenBuilder &B, Preprocessor &PP,
                                    ArrayRef<Token> Objects) {
  for (const Token &T : Objects)
    B.code("auto &")
        .tokens(T)
        .code("__attribute__((unused)) = ::ferry::acc::captured_object(__ferry_obj_" +
              PP.getSpelling(T) + ");");
}

void BodyLambda::captureCopies(
    CaptureList &List, const ImpliedCaptures &Implied,
    const llvm::SmallPtrSetImpl<const IdentifierInfo *> &Shared) const {
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Copied;
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::Private || C.Kind == ClauseKind::Firstprivate)
      for (const VarRef &V : C.Vars)
        if (!Shared.count(V.Name.getIdentifierInfo()) &&
            !Privates.isSection(V) &&
            Copied.insert(V.Name.getIdentifierInfo()).second)
          captureCopy(List, V.Name);
  for (const std::string &Name : Privates.copyNames())
    List.addNames(Name);
  for (const Token &T : Implied.Copies)
    List.add("", T);
  for (unsigned I = 0, E = Reductions.sectionCount(); I < E; ++I)
    List.addNames("__ferry_rlo_" + std::to_string(I));
  for (unsigned I = 0; I < Implied.CollapseLevels; ++I) {
    const std::string N = std::to_string(I);
    List.addNames("__ferry_lo" + N + " __ferry_st" + N + " __ferry_n" + N);
  }
}

void BodyLambda::emitCaptures(TokenBuilder &B, ArrayRef<Token> Body,
                              const Directive *Compute,
                              const ImpliedCaptures &Implied) const {
  // default(none): no capture-default, so that Sema reports every variable
  // the body uses without naming it in a clause, where it is used.
  const bool None = Ctx.defaultNone(D, Compute);
  B.code(None ? "" : "=");
  CaptureList List(PP, PragmaLoc, B, /*Empty=*/None);
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Shared;
  captureShared(List, Body, Compute, Implied.Shared, Implied.Objects, Shared);
  if (None) {
    captureCopies(List, Implied, Shared);
    return;
  }
  // `[=]` copies no variable with static storage: a global or static in
  // the construct's `private` or `firstprivate` clause is copied by name
  // (`g = g`), so that the body's writes are its copy's.
  llvm::SmallPtrSet<const IdentifierInfo *, 4> Copied;
  for (const Directive *Dir : {&D, Compute})
    for (const Clause &C : Dir ? ArrayRef<Clause>(Dir->Clauses) : ArrayRef<Clause>())
      if (C.Kind == ClauseKind::Private || C.Kind == ClauseKind::Firstprivate)
        for (const VarRef &V : C.Vars)
          if (hasStaticStorage(V.Name) && !V.isMember() && V.Sections.empty() &&
              !Shared.count(V.Name.getIdentifierInfo()) &&
              Copied.insert(V.Name.getIdentifierInfo()).second)
            captureCopy(List, V.Name);
  captureBindings(List, Body, Shared, Copied);
}

/// Before C++20 a lambda may not capture a structured binding (clang allows
/// it with "captured structured bindings are a C++20 extension", at every
/// region that uses one): the bindings the body uses are copied by
/// init-capture (`m = m`), which the body's uses then name, the same copy.
void BodyLambda::captureBindings(CaptureList &List, ArrayRef<Token> Body,
                                 const llvm::SmallPtrSetImpl<const IdentifierInfo *> &Shared,
                                 llvm::SmallPtrSetImpl<const IdentifierInfo *> &Copied) const {
  Sema *S = Ctx.sema();
  if (!S || !S->getLangOpts().CPlusPlus || S->getLangOpts().CPlusPlus20)
    return;
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Declared, LookedUp;
  addDeclaredInBody(Body, Declared);
  for (size_t I = 0; I < Body.size(); ++I) {
    const Token &T = Body[I];
    IdentifierInfo *II = T.getIdentifierInfo();
    if (!T.is(tok::identifier) || Shared.count(II) || Declared.count(II) || Copied.count(II) ||
        (I > 0 && Body[I - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon)) ||
        !LookedUp.insert(II).second) // (each name once)
      continue;
    if (isa_and_nonnull<BindingDecl>(lookupOrdinaryName(S, II, PragmaLoc)) &&
        Copied.insert(II).second)
      List.declare("", T).code("=").tokens(T);
  }
}

/// `x` by copy; `x = x` for a variable with static storage, which a
/// lambda cannot capture by name.
void BodyLambda::captureCopy(CaptureList &List, const Token &Name) const {
  if (hasStaticStorage(Name))
    List.declare("", Name).code("=").tokens(Name);
  else
    List.add("", Name);
}

bool BodyLambda::hasStaticStorage(const Token &Name) const {
  const VarDecl *VD = Ctx.lookupVariable(Name);
  return VD && VD->hasGlobalStorage();
}

void BodyLambda::emitParameters(TokenBuilder &B, const CanonicalLoop &L,
                                bool Frame, ArrayRef<Token> Objects) const {
  // (A construct that is one region never reads its one iteration's index.)
  B.code("(__ferry_index_t").tokens(L.Var).code("__attribute__((unused))");
  if (Frame)
    B.code(", const ::ferry::acc::private_frame &__ferry_frame");
  TokenBuilder Views(PP, PragmaLoc);
  Reductions.emitParameters(B, Views);
  B.code(") mutable -> void {").tokens(Views.get());
  emitDeviceptrBindings(B);
  for (const std::string &Name : UnnamedCaptures)
    B.code("(void)" + Name + ";");
  emitObjectBindings(B, PP, Objects);
  Privates.emitBindings(B);
  B.code("do").tokens(L.Body).code("while (0); }");
}

} // namespace plugin
} // namespace ferry
