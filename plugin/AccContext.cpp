//===- AccContext.cpp - The handler's state for one compilation ----------===//
///
/// \file
/// See AccContext.h.
///
//===----------------------------------------------------------------------===//
#include "AccContext.h"

#include "ClosureNames.h"

#include "SourceScanner.h"

#include "CanonicalLoop.h"
#include "ConstantTokens.h"
#include "ConstructPieces.h"

#include "Diagnostics.h"
#include "PureFunctions.h"
#include "TokenBuilder.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Sema.h"

using namespace clang;
using llvm::SmallVector;

namespace ferry {
namespace plugin {

bool isComputeOnly(ConstructKind K) {
  return K == ConstructKind::Parallel || K == ConstructKind::Kernels ||
         K == ConstructKind::Serial;
}

bool isComputeConstruct(ConstructKind K) {
  return isComputeOnly(K) || K == ConstructKind::ParallelLoop ||
         K == ConstructKind::KernelsLoop || K == ConstructKind::SerialLoop;
}

bool isHostDirective(ConstructKind K) {
  switch (K) {
  case ConstructKind::Data:
  case ConstructKind::EnterData:
  case ConstructKind::ExitData:
  case ConstructKind::Update:
  case ConstructKind::Wait:
  case ConstructKind::HostData:
  case ConstructKind::Init:
  case ConstructKind::Shutdown:
  case ConstructKind::Set:
    return true;
  default:
    return false;
  }
}

bool isScalarOrDependent(QualType T) {
  if (T->isArithmeticType())
    return true;
  return T->isDependentType() && !T->isReferenceType() && !T->isPointerType() &&
         !T->isArrayType() && !T->isMemberPointerType() && !T->isRecordType() &&
         !T->getAs<TemplateSpecializationType>() && !T->getAs<InjectedClassNameType>();
}

QualType referredType(QualType T) {
  return T->isReferenceType() && !T->isDependentType() ? T.getNonReferenceType() : T;
}

bool isLocalScalar(const VarDecl *VD) {
  if (!VD || VD->hasGlobalStorage())
    return false;
  // A reference to a scalar (`void sum(float &s)`): the scalar it names.
  const QualType T = referredType(VD->getType());
  return !T->isReferenceType() && isScalarOrDependent(T) && !T.isConstQualified();
}

QualType subscriptedType(QualType T) {
  if (const auto *AT = T->getAsArrayTypeUnsafe())
    return AT->getElementType();
  if (T->isPointerType())
    return T->getPointeeType();
  return QualType();
}

/// The method of \p R (or a base) named \p Name (or operator \p Op) that
/// takes no argument, the non-const one first.
static const CXXMethodDecl *accessor(const CXXRecordDecl *R, StringRef Name,
                                     OverloadedOperatorKind Op = OO_None) {
  // A specialization not instantiated yet (what a std::shared_ptr points
  // to, where nothing needed it complete): its template's members.
  if (const auto *S = dyn_cast_or_null<ClassTemplateSpecializationDecl>(R);
      S && !S->hasDefinition())
    R = S->getSpecializedTemplate()->getTemplatedDecl();
  if (!R || !R->hasDefinition())
    return nullptr;
  const CXXMethodDecl *Found = nullptr;
  for (const CXXMethodDecl *M : R->methods()) {
    const bool Named = Op != OO_None ? M->getOverloadedOperator() == Op
                                     : M->getIdentifier() && M->getName() == Name;
    if (Named && M->getNumParams() == 0 && M->getReturnType()->isPointerType() &&
        (!Found || Found->isConst()))
      Found = M;
  }
  if (!Found)
    for (const CXXBaseSpecifier &Base : R->bases())
      if ((Found = accessor(Base.getType()->getAsCXXRecordDecl(), Name, Op)))
        break;
  return Found;
}

std::string ownedMemoryRemedy(QualType T, StringRef Name, StringRef Clause, StringRef Section) {
  const CXXRecordDecl *R = T.getNonReferenceType()->getAsCXXRecordDecl();
  auto Use = [&](const CXXMethodDecl *M, StringRef Access) {
    // The pointer's type as a user writes it ('double *'), 'auto *' where
    // it is a template's.
    QualType Pointer = M->getReturnType().getCanonicalType();
    PrintingPolicy Policy{LangOptions()};
    Policy.SuppressTagKeyword = true;
    const std::string Type =
        Pointer->isDependentType() ? "auto *" : Pointer.getAsString(Policy);
    return ("'" + Type + (StringRef(Type).ends_with("*") ? "" : " ") + "p = " + Name + Access +
            ";' with '" + Clause + "(p" + Section + ")'")
        .str();
  };
  if (const CXXMethodDecl *Data = accessor(R, "data"))
    return "its data() is that memory: " + Use(Data, ".data()");
  if (const CXXMethodDecl *Arrow = accessor(R, "", OO_Arrow)) {
    const CXXRecordDecl *Pointee = Arrow->getReturnType()->getPointeeCXXRecordDecl();
    if (const CXXMethodDecl *Data = accessor(Pointee, "data"))
      return "the data() of what it points to is that memory: " + Use(Data, "->data()");
  }
  if (const CXXMethodDecl *Get = accessor(R, "get"))
    return "a pointer to that memory, for example " + Use(Get, ".get()");
  return ("a pointer to that memory: 'T *p = <the memory " + Name + " owns>;' with '" + Clause +
          "(p" + Section + ")'")
      .str();
}

InnerLoop::InnerLoop(const CanonicalLoop &L, const Directive &D, const TokenList &Written)
    : Loop(L),
      Plain(!D.find(ClauseKind::Reduction) && !D.find(ClauseKind::Private) &&
            !D.find(ClauseKind::Collapse) && !D.find(ClauseKind::Tile)),
      Loc(D.Loc), Original(Written) {
  addOwnNames(D, OwnNames);
  addOwnNames(D, PrivateNames, /*PrivateOnly=*/true);
}

void addOwnNames(const Directive &D, SmallVectorImpl<const IdentifierInfo *> &Out,
                 bool PrivateOnly) {
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::Private || C.Kind == ClauseKind::Firstprivate ||
        (C.Kind == ClauseKind::Reduction && !PrivateOnly))
      for (const VarRef &V : C.Vars)
        if (!V.isMember())
          Out.push_back(V.Name.getIdentifierInfo());
}

void AccContext::noteFirstprivate(StringRef Region, const Directive &D,
                                  const Directive *Compute) const {
  if (!Names)
    return;
  for (const Directive *Of : {&D, Compute})
    for (const Clause &C : Of ? ArrayRef<Clause>(Of->Clauses) : ArrayRef<Clause>())
      if (C.Kind == ClauseKind::Firstprivate)
        for (const VarRef &V : C.Vars)
          if (!V.isMember() && V.Sections.empty() && V.Name.getIdentifierInfo())
            Names->addFirstprivate(Region, V.Name.getIdentifierInfo()->getName());
}

NamedDecl *AccContext::lookupSingle(const Token &Name) const {
  return lookupOrdinaryName(TheSema, Name.getIdentifierInfo(), Name.getLocation());
}

bool AccContext::declaredBefore(const Token &Name) const {
  return isa_and_nonnull<VarDecl>(lookupSingle(Name));
}

bool AccContext::namesType(const Token &Name) const {
  return isa_and_nonnull<TypeDecl>(lookupSingle(Name));
}

bool AccContext::namesScalarType(const Token &Name) const {
  const auto *TD = dyn_cast_or_null<TypeDecl>(lookupSingle(Name));
  if (!TD || !TheSema)
    return false;
  return isScalarOrDependent(TheSema->Context.getTypeDeclType(TD));
}

VarDecl *AccContext::lookupVariable(const Token &Name) const {
  return dyn_cast_or_null<VarDecl>(lookupSingle(Name));
}

bool AccContext::namesPureFunction(const Token &Name) const {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(lookupSingle(Name));
  return FD && computesOnlyFromArguments(*FD);
}

bool AccContext::namesEnumerator(const Token &Name) const {
  return isa_and_nonnull<EnumConstantDecl>(lookupSingle(Name));
}

int AccContext::markRoutine(ArrayRef<Token> Name, StringRef Annotation) const {
  if (!TheSema || !TheSema->getCurScope() || Name.size() != 1 || !Name[0].getIdentifierInfo())
    return Name.size() == 1 ? 1 : 2;
  LookupResult R(*TheSema, Name[0].getIdentifierInfo(), Name[0].getLocation(),
                 Sema::LookupOrdinaryName);
  TheSema->LookupName(R, TheSema->getCurScope());
  if (R.empty())
    return 4;
  unsigned Functions = 0;
  bool Member = false;
  for (NamedDecl *ND : R) {
    // A variable that holds a lambda: its call operator is the routine.
    if (const auto *VD = dyn_cast<VarDecl>(ND->getUnderlyingDecl())) {
      if (R.isSingleResult() && annotateLambdaRoutine(*VD, Annotation))
        return 3;
      continue;
    }
    auto *FD = dyn_cast<FunctionDecl>(ND->getUnderlyingDecl());
    if (!FD)
      continue;
    ++Functions;
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && !MD->isStatic())
      Member = true;
    FD->addAttr(AnnotateAttr::CreateImplicit(TheSema->Context, Annotation, nullptr, 0,
                                             FD->getSourceRange()));
  }
  return Functions == 0 ? 0 : Functions == 1 && !Member ? 1 : 2;
}

void AccContext::keepBindTarget(StringRef Target, SourceLocation Loc) const {
  if (!TheSema || !TheSema->getCurScope() || Target.empty())
    return;
  LookupResult R(*TheSema, &TheSema->getPreprocessor().getIdentifierTable().get(Target), Loc,
                 Sema::LookupOrdinaryName);
  TheSema->LookupName(R, TheSema->getCurScope());
  for (NamedDecl *ND : R)
    if (auto *FD = dyn_cast<FunctionDecl>(ND->getUnderlyingDecl()); FD && !FD->hasAttr<UsedAttr>())
      FD->addAttr(UsedAttr::CreateImplicit(TheSema->Context));
}

/// Whether Body[I], followed by a declarator's next token, is declared
/// there: after a type word, a name (`T x`) or a template's `>`, or after
/// `*`/`&`/`&&` that follow one of those. An operator's operand is not:
/// `2 * a[i]`, `s && b[i]`, `x > c[i]` use the outer arrays (taking them for
/// the body's own would leave their writes in a private copy).
static bool declaredInBodyAt(ArrayRef<Token> Body, size_t I) {
  auto IsTypeWord = [](const Token &T) {
    return T.isOneOf(tok::kw_int, tok::kw_double, tok::kw_float, tok::kw_long,
                     tok::kw_short, tok::kw_char, tok::kw_unsigned, tok::kw_signed,
                     tok::kw_bool, tok::kw_auto, tok::kw_const, tok::kw_void, tok::kw__Complex);
  };
  const bool Subscript = Body[I + 1].is(tok::l_square);
  if (Body[I - 1].is(tok::comma)) {
    // A later declarator, `b` of `float a, b;` (Pgm6's advection.c): the
    // comma is the statement's own (not in parentheses, brackets or an
    // initializer's braces), and the statement starts with a type.
    unsigned Depth = 0;
    size_t J = I - 1;
    for (; J-- > 0;) {
      const Token &T = Body[J];
      if (T.is(tok::r_brace) && !Depth && J + 1 < Body.size() &&
          !Body[J + 1].isOneOf(tok::comma, tok::semi))
        break; // the end of the statement before
      if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
        ++Depth;
      else if (T.isOneOf(tok::l_paren, tok::l_square) && !Depth)
        return false; // an argument or a subscript
      else if (T.isOneOf(tok::l_paren, tok::l_square) || (T.is(tok::l_brace) && Depth))
        --Depth;
      else if (!Depth && T.isOneOf(tok::semi, tok::l_brace))
        break;
    }
    const size_t Start = J + 1;
    if (Start + 1 >= I)
      return false;
    size_t P = Start;
    while (P < I && Body[P].isOneOf(tok::kw_static, tok::kw_register, tok::kw_const,
                                    tok::kw_volatile))
      ++P;
    return IsTypeWord(Body[P]) || Body[P].isOneOf(tok::kw_struct, tok::kw_union, tok::kw_enum) ||
           (Body[P].is(tok::identifier) && Body[P + 1].isOneOf(tok::identifier, tok::star));
  }
  size_t P = I - 1;
  if (!Body[P].isOneOf(tok::star, tok::amp, tok::ampamp))
    return IsTypeWord(Body[P]) || Body[P].is(tok::identifier) ||
           (Body[P].is(tok::greater) && !Subscript);
  while (P > 0 && Body[P].isOneOf(tok::star, tok::amp, tok::ampamp, tok::kw_const,
                                  tok::kw_volatile, tok::kw_restrict))
    --P;
  if (IsTypeWord(Body[P]))
    return true;
  // `T *p` of a type name T starts a declaration; `x + t * t;` is a product
  // (so is `return a * b;`). (`T *p[4]` of a typedef T reads as `a * b[i]`:
  // taken for a use.)
  const bool StartsDeclaration =
      P == 0 || Body[P - 1].isOneOf(tok::semi, tok::l_brace, tok::r_brace, tok::l_paren,
                                    tok::comma, tok::coloncolon, tok::kw_static,
                                    tok::kw_struct, tok::kw_union, tok::kw_enum,
                                    tok::kw_typename, tok::kw_const, tok::kw_volatile);
  return Body[P].isOneOf(tok::identifier, tok::greater) && !Subscript &&
         (Body[P].is(tok::greater) || StartsDeclaration);
}

/// Names \p Body declares itself (`int i = 0`, `double t[4];`, `auto &r =`):
/// its own, not the outer variables' (a lookup may still see the variables
/// of the statement before the construct, which the parser has not left).
void addForHeaderVariables(ArrayRef<Token> Body,
                           llvm::SmallPtrSetImpl<const IdentifierInfo *> &Names) {
  for (size_t I = 0; I + 3 < Body.size(); ++I)
    if (Body[I].is(tok::kw_for) && Body[I + 1].is(tok::l_paren) &&
        Body[I + 2].is(tok::identifier) && Body[I + 3].is(tok::equal))
      Names.insert(Body[I + 2].getIdentifierInfo());
}

void addDeclaredInBody(ArrayRef<Token> Body,
                              llvm::SmallPtrSetImpl<const IdentifierInfo *> &Names) {
  for (size_t I = 1; I + 1 < Body.size(); ++I)
    if (Body[I].is(tok::identifier) &&
        Body[I + 1].isOneOf(tok::equal, tok::semi, tok::comma, tok::l_paren, tok::l_square,
                            tok::l_brace, tok::colon) &&
        declaredInBodyAt(Body, I))
      Names.insert(Body[I].getIdentifierInfo());
}

/// The variables the clauses of \p Directives name.
static void addNamedInClauses(ArrayRef<const Directive *> Directives,
                              llvm::SmallPtrSetImpl<const IdentifierInfo *> &Names) {
  for (const Directive *D : Directives)
    for (const Clause &C : D->Clauses)
      for (const VarRef &V : C.Vars)
        if (!V.isMember())
          Names.insert(V.Name.getIdentifierInfo());
}

bool isUpdateOperator(const Token &T) {
  return T.isOneOf(tok::equal, tok::plusequal, tok::minusequal, tok::starequal,
                   tok::slashequal, tok::percentequal, tok::ampequal, tok::pipeequal,
                   tok::caretequal, tok::lesslessequal, tok::greatergreaterequal,
                   tok::plusplus, tok::minusminus);
}

TokenList AccContext::kernelsWrittenScalars(ArrayRef<Token> Body,
                                            ArrayRef<const Directive *> Clauses,
                                            ArrayRef<Token> Control) const {
  TokenList Out;
  if (!TheSema)
    return Out;
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Named, Seen;
  addNamedInClauses(Clauses, Named);
  addDeclaredInBody(Body, Named);
  llvm::SmallPtrSet<const IdentifierInfo *, 8> ControlLocals;
  addDeclaredInBody(Control, ControlLocals);
  // (In a member function defined in its class, Sema has seen none of the
  // function's variables: those its source declares before the directive.)
  keptBodyNames(DirectiveAt, ControlLocals, ControlLocals);
  for (size_t I = 0; I < Body.size(); ++I) {
    const Token &T = Body[I];
    if (!T.is(tok::identifier))
      continue;
    const bool Member = I > 0 && Body[I - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon);
    const bool Written = (I + 1 < Body.size() && isUpdateOperator(Body[I + 1]) &&
                          !Body[I + 1].is(tok::equal)) ||
                         (I + 1 < Body.size() && Body[I + 1].is(tok::equal) &&
                          !(I > 0 && Body[I - 1].isOneOf(tok::identifier, tok::kw_auto,
                                                         tok::star, tok::amp,
                                                         tok::greater))) ||
                         (I > 0 && Body[I - 1].isOneOf(tok::plusplus, tok::minusminus)) ||
                         // (`atomic`'s statement, rewritten: x inside a call.)
                         atomicTarget(T.getLocation());
    if (Member || !Written || Named.count(T.getIdentifierInfo()) ||
        !Seen.insert(T.getIdentifierInfo()).second)
      continue;
    const VarDecl *VD = lookupVariable(T);
    if (!VD && llvm::is_contained(ControlLocals, T.getIdentifierInfo())) {
      Out.push_back(T); // (not parsed yet: its type is not known)
      continue;
    }
    if (isLocalScalar(VD))
      Out.push_back(T);
  }
  return Out;
}

void AccContext::addNamedInDataClauses(ArrayRef<Token> Body,
                                       ArrayRef<const Directive *> Clauses, bool Members,
                                       llvm::SmallPtrSetImpl<const IdentifierInfo *> &Named) const {
  auto Add = [&](const VarRef &V) {
    if (Members || !V.isMember())
      Named.insert(V.Name.getIdentifierInfo());
  };
  for (const Directive *D : Clauses)
    for (const Clause &C : D->Clauses)
      llvm::for_each(C.Vars, Add);
  for (const Clause *C : enclosingDataClauses())
    llvm::for_each(C->Vars, Add);
  for (const Clause *C : declaredUsedIn(Body))
    for (const VarRef &V : C->Vars)
      Named.insert(V.Name.getIdentifierInfo());
}

size_t skipBrackets(ArrayRef<Token> Body, size_t I) {
  for (unsigned Depth = 0; I < Body.size(); ++I) {
    if (Body[I].is(tok::l_square))
      ++Depth;
    else if (Body[I].is(tok::r_square) && --Depth == 0)
      return I + 1;
  }
  return I;
}

/// How a region's statement uses a struct (or union, or class object).
enum class StructUse {
  Reads,       ///< a scalar member, a pointer member's value, the whole (C)
  Dereferences, ///< through a pointer member (`s.p[i] = v`, `s.q->x`, `*s.p`)
  Changes,     ///< may change it
};

/// Whether an object of type \p Type holds a pointer (in its members, of
/// its arrays' elements; not behind a pointer).
static bool holdsPointers(QualType Type) {
  if (Type->isPointerType() || Type->isReferenceType())
    return true;
  if (Type->isArrayType())
    return holdsPointers(QualType(Type->getArrayElementTypeNoTypeQual(), 0));
  if (const RecordDecl *RD = Type->getAsRecordDecl()) {
    if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD))
      for (const CXXBaseSpecifier &Base : CRD->bases())
        if (holdsPointers(Base.getType()))
          return true;
    for (const FieldDecl *F : RD->fields())
      if (holdsPointers(F->getType()))
        return true;
  }
  return false;
}

/// Whether every use of the object Body[I] names in \p Body reads or
/// writes a member of it that holds no pointer (`m.width`), so that its
/// device copy's pointers never matter.
static bool usesOnlyPlainMembers(ArrayRef<Token> Body, size_t I, const RecordDecl *RD) {
  const IdentifierInfo *Name = Body[I].getIdentifierInfo();
  for (size_t J = I; J < Body.size(); ++J) {
    if (Body[J].getIdentifierInfo() != Name ||
        (J > 0 && Body[J - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon)))
      continue;
    if (J + 2 >= Body.size() || !Body[J + 1].is(tok::period) || !Body[J + 2].is(tok::identifier))
      return false;
    const FieldDecl *Field = nullptr;
    for (const FieldDecl *F : RD->fields())
      if (F->getIdentifier() == Body[J + 2].getIdentifierInfo())
        Field = F;
    if (!Field || holdsPointers(Field->getType()))
      return false;
  }
  return true;
}

/// How the use at Body[I] of a struct of type \p Type uses it. Its members
/// are followed (`s.a[i].x`) by their declarations: an assignment or
/// `++`/`--` of what the use names, its address, an array member left to
/// decay, the whole object in C++ (it may bind to a reference) and what
/// the chain cannot follow (a member function, a base's member) may change
/// it; writes through a pointer member change its target, not the struct.
static StructUse useOfStruct(ArrayRef<Token> Body, size_t I, QualType Type, bool CPlusPlus) {
  const Token *Before = I > 0 ? &Body[I - 1] : nullptr;
  size_t J = I + 1;
  while (J < Body.size()) {
    if (Body[J].is(tok::period) && J + 1 < Body.size() && Body[J + 1].is(tok::identifier)) {
      const RecordDecl *RD = Type->getAsRecordDecl();
      const ValueDecl *Member = nullptr;
      if (RD)
        for (NamedDecl *ND : RD->lookup(Body[J + 1].getIdentifierInfo()))
          if (isa<FieldDecl, IndirectFieldDecl>(ND))
            Member = cast<ValueDecl>(ND);
      if (!Member)
        return StructUse::Changes;
      Type = Member->getType();
      J += 2;
    } else if (Body[J].is(tok::l_square) && Type->isArrayType()) {
      Type = QualType(Type->getArrayElementTypeNoTypeQual(), 0);
      J = skipBrackets(Body, J);
    } else if (Body[J].isOneOf(tok::arrow, tok::l_square) && Type->isPointerType()) {
      return StructUse::Dereferences;
    } else {
      break;
    }
  }
  if ((J < Body.size() && isUpdateOperator(Body[J])) ||
      (Before && Before->isOneOf(tok::plusplus, tok::minusminus, tok::amp)))
    return StructUse::Changes;
  if (Before && Before->is(tok::star) && Type->isPointerType())
    return StructUse::Dereferences; // `*s.p = v`
  if (Type->isArrayType() || Type->isReferenceType())
    return StructUse::Changes;
  if (!Type->isRecordType())
    return StructUse::Reads;
  // The whole object (`f(s)`, `t = s.inner`): what it is passed to may go
  // through its pointers; C++ may also bind it to a reference and change
  // it, which is taken for a change unless it holds pointers (then it stays
  // the closure's copy, its pointers translated, as before).
  if (holdsPointers(Type))
    return StructUse::Dereferences;
  return CPlusPlus ? StructUse::Changes : StructUse::Reads;
}

TokenList AccContext::changedStructs(ArrayRef<Token> Body,
                                     const llvm::SmallPtrSetImpl<const IdentifierInfo *> &Named) const {
  TokenList Out;
  const bool CPlusPlus = TheSema->getLangOpts().CPlusPlus;
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Seen;
  for (size_t I = 0; I < Body.size(); ++I) {
    const Token &T = Body[I];
    if (!T.is(tok::identifier) ||
        (I > 0 && Body[I - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon)) ||
        Named.count(T.getIdentifierInfo()) || Seen.count(T.getIdentifierInfo()))
      continue;
    const VarDecl *VD = lookupVariable(T);
    // A struct reached through a reference (`void step(W &w)`) too: the
    // object it names is OpenACC's variable (present or copied), whose
    // changes the program sees after the region.
    const QualType Type = VD ? VD->getType().getNonReferenceType() : QualType();
    // (A class template's specialization only a reference names may not
    // be instantiated yet: complete it, as the region's uses will.)
    if (!VD || !VD->hasLocalStorage() || Type.isConstQualified() || !Type->isRecordType() ||
        Type->isDependentType() || !TheSema->isCompleteType(T.getLocation(), Type) ||
        (CPlusPlus && !Type.isTriviallyCopyableType(TheSema->Context)))
      continue;
    bool Changed = false;
    const Token *Dereferenced = nullptr;
    for (size_t J = I; J < Body.size(); ++J) {
      if (Body[J].getIdentifierInfo() != T.getIdentifierInfo() ||
          (J > 0 && Body[J - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon)))
        continue;
      // (The target of an `atomic` construct, `s.count` in its rewritten
      // statement, is changed.)
      const StructUse Use = atomicTarget(Body[J].getLocation())
                                ? StructUse::Changes
                                : useOfStruct(Body, J, Type, CPlusPlus);
      Changed |= Use == StructUse::Changes;
      if (Use == StructUse::Dereferences && !Dereferenced)
        Dereferenced = &Body[J];
    }
    Seen.insert(T.getIdentifierInfo());
    if (!Changed)
      continue;
    Out.push_back(T);
    // Its device copy holds the host's pointers: no clause attaches them.
    if (Dereferenced && WarnedPointerStructs.insert(Dereferenced->getLocation().getRawEncoding()).second)
      report(TheSema->getPreprocessor(), Dereferenced->getLocation(), Diag::ChangedStructPointer)
          << TheSema->getPreprocessor().getSpelling(T);
  }
  return Out;
}

TokenList AccContext::implicitArrays(ArrayRef<Token> Body,
                                     ArrayRef<const Directive *> Clauses) const {
  TokenList Out;
  if (!TheSema)
    return Out;
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Named, Seen;
  addNamedInDataClauses(Body, Clauses, /*Members=*/false, Named);
  addDeclaredInBody(Body, Named);
  for (size_t I = 0; I < Body.size(); ++I) {
    const Token &T = Body[I];
    if (!T.is(tok::identifier) ||
        (I > 0 && Body[I - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon)) ||
        Named.count(T.getIdentifierInfo()) || !Seen.insert(T.getIdentifierInfo()).second)
      continue;
    const VarDecl *VD = lookupVariable(T);
    // Variable-length arrays too (clang's extension), as C makes them copy;
    // and an array reached through a reference (`float (&a)[8]`), the
    // array it names.
    const QualType Type = VD ? VD->getType().getNonReferenceType() : QualType();
    if (!VD || Type.isConstQualified() ||
        !(Type->isConstantArrayType() || isVariableLengthArray(T)) || VD->isConstexpr())
      continue;
    bool Declared = false; // namespace-scope `declare`: regions use its device copy
    for (const auto *A : VD->specific_attrs<AnnotateAttr>())
      Declared |= A->getAnnotation() == "ferry.declare";
    if (!Declared)
      Out.push_back(T);
  }
  TokenList Structs = changedStructs(Body, Named);
  Out.append(Structs.begin(), Structs.end());
  // Objects of classes that are not trivially copyable, local or reached
  // through a reference: OpenACC's implicit copy of their own bytes, which
  // the region uses in place (by reference: no copy constructor or
  // destructor runs for it).
  TokenList Objects = nonTrivialObjects(Body, Named);
  Out.append(Objects.begin(), Objects.end());
  return Out;
}

void AccContext::forEachLocalUsed(
    ArrayRef<Token> Body, const llvm::SmallPtrSetImpl<const IdentifierInfo *> &Excluded,
    llvm::function_ref<void(size_t, const VarDecl &)> Fn) const {
  if (!TheSema || !TheSema->getLangOpts().CPlusPlus)
    return;
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Declared, Seen;
  addDeclaredInBody(Body, Declared);
  for (size_t I = 0; I < Body.size(); ++I) {
    const Token &T = Body[I];
    if (!T.is(tok::identifier) ||
        (I > 0 && Body[I - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon)) ||
        Declared.count(T.getIdentifierInfo()) || Excluded.count(T.getIdentifierInfo()) ||
        !Seen.insert(T.getIdentifierInfo()).second)
      continue;
    if (const VarDecl *VD = lookupVariable(T); VD && VD->hasLocalStorage())
      Fn(I, *VD);
  }
}

TokenList AccContext::nonTrivialObjects(
    ArrayRef<Token> Body, const llvm::SmallPtrSetImpl<const IdentifierInfo *> &Excluded) const {
  TokenList Out;
  forEachLocalUsed(Body, Excluded, [&](size_t I, const VarDecl &VD) {
    const Token &T = Body[I];
    const QualType Type = VD.getType().getNonReferenceType();
    // (A class template's specialization that only a reference names may
    // not be instantiated yet: complete it, as the region's uses will.)
    if (!Type->isRecordType() || Type->isDependentType() ||
        !TheSema->isCompleteType(T.getLocation(), Type) ||
        Type.isTriviallyCopyableType(TheSema->Context))
      return;
    Out.push_back(T);
    if (holdsPointers(Type) && !usesOnlyPlainMembers(Body, I, Type->getAsRecordDecl()) &&
        WarnedPointerStructs.insert(T.getLocation().getRawEncoding()).second)
      report(TheSema->getPreprocessor(), T.getLocation(), Diag::ObjectByReference)
          << TheSema->getPreprocessor().getSpelling(T)
          << Type.getUnqualifiedType().getAsString()
          << ownedMemoryRemedy(Type, TheSema->getPreprocessor().getSpelling(T), "copy",
                               "[0:n]");
  });
  return Out;
}

TokenList AccContext::instanceObjects(
    ArrayRef<Token> Body, const llvm::SmallPtrSetImpl<const IdentifierInfo *> &Excluded) const {
  TokenList Out;
  forEachLocalUsed(Body, Excluded, [&](size_t I, const VarDecl &VD) {
    const QualType Type = VD.getType().getNonReferenceType();
    // (Not arrays: a variable-length one, `int x[n]` of a dependent n, is
    // not a template argument; the others stay copies, as before.)
    if (Type->isDependentType() && !Type->isPointerType() && !Type->isMemberPointerType() &&
        !Type->isArrayType())
      Out.push_back(Body[I]);
  });
  return Out;
}

void AccContext::mapDeclaredExtents(Preprocessor &PP, Directive &D) const {
  if (!TheSema)
    return;
  for (Clause &C : D.Clauses) {
    if (!isDataClause(C.Kind) && C.Kind != ClauseKind::HostClause &&
        C.Kind != ClauseKind::DeviceClause && C.Kind != ClauseKind::Delete &&
        C.Kind != ClauseKind::DeviceResident && C.Kind != ClauseKind::Link)
      continue;
    for (VarRef &V : C.Vars) {
      if (!V.Sections.empty() || V.isMember())
        continue;
      const auto *P = dyn_cast_or_null<ParmVarDecl>(lookupVariable(V.Name));
      if (!P || !P->getType()->isPointerType())
        continue;
      const auto *Declared = TheSema->Context.getAsConstantArrayType(P->getOriginalType());
      if (!Declared)
        continue;
      const uint64_t N = Declared->getSize().getZExtValue();
      TokenBuilder Length(PP, V.Name.getLocation());
      Length.number(N);
      ArraySection S;
      S.Length.append(Length.get().begin(), Length.get().end());
      S.ColonLoc = V.Name.getLocation();
      V.Sections.push_back(std::move(S));
      if (RemarksOn)
        report(PP, V.Name.getLocation(), Diag::RegionRemark)
            << ("'" + PP.getSpelling(V.Name) + "' is a parameter declared as an array of " +
                std::to_string(N) + " elements: " + spelling(C.Kind).str() + "(" +
                PP.getSpelling(V.Name) + ") maps " + PP.getSpelling(V.Name) + "[0:" +
                std::to_string(N) + "]");
    }
  }
}

bool AccContext::isVariableLengthArray(const Token &Name) const {
  const VarDecl *VD = lookupVariable(Name);
  // (In a template, `int x[n]` of a dependent n too: a VLA where n is a
  // variable, which no template argument can take either.)
  return VD && (VD->getType()->isVariableArrayType() ||
                VD->getType()->isDependentSizedArrayType());
}

/// `create(p[n])` of a pointer p: one element in OpenACC 3.3, which PGI's
/// compilers took for the first n (their idiom for a whole array: the
/// device then has one element where the program uses n).
static void warnPointerElement(Preprocessor &PP, const Clause &C, const VarRef &V) {
  const ArraySection &S = V.Sections.front();
  // (Not for a subscript that is no expression, `p[0 n]`: clang says so.)
  for (size_t I = 1; I < S.Lower.size(); ++I)
    if (S.Lower[I - 1].isOneOf(tok::identifier, tok::numeric_constant) &&
        S.Lower[I].isOneOf(tok::identifier, tok::numeric_constant))
      return;
  const std::string Name = spellingOf(PP, V.object()); // `p.x` for a member
  const std::string Index = spellingOf(PP, S.Lower);
  // (`p[0]`: PGI's reading, no elements, is no idiom; the element is meant.)
  if (Index == "0")
    return;
  report(PP, V.Name.getLocation(), Diag::PointerElementInClause)
      << (Name + "[" + Index + "]") << spelling(C.Kind) << Name << Index;
}

QualType AccContext::objectType(const VarRef &V) const {
  const VarDecl *Root = lookupVariable(V.Name);
  if (!Root)
    return QualType();
  QualType T = Root->getType().getNonReferenceType();
  ArrayRef<Token> Rest = V.object();
  if (!V.isMember())
    return T;
  for (size_t I = 1; I < Rest.size() && !T.isNull(); ++I) {
    if (Rest[I].is(tok::l_square)) { // an element
      I = groupEnd(Rest, I) - 1;
      T = subscriptedType(T);
      continue;
    }
    if (!Rest[I].isOneOf(tok::period, tok::arrow) || I + 1 >= Rest.size() ||
        !Rest[I + 1].is(tok::identifier))
      return QualType();
    if (Rest[I].is(tok::arrow)) {
      if (!T->isPointerType())
        return QualType();
      T = T->getPointeeType();
    }
    const auto *RT = T->getAs<RecordType>();
    const RecordDecl *RD = RT ? RT->getDecl()->getDefinition() : nullptr;
    if (!RD)
      return QualType();
    const FieldDecl *Field = nullptr;
    for (const FieldDecl *F : RD->fields())
      if (F->getIdentifier() == Rest[I + 1].getIdentifierInfo())
        Field = F;
    if (!Field)
      return QualType(); // (a base class's member: not followed)
    T = Field->getType().getNonReferenceType();
    ++I;
  }
  return T;
}

bool AccContext::checkClauseVariables(Preprocessor &PP, Directive &D) const {
  if (!TheSema)
    return true;
  for (Clause &C : D.Clauses)
    for (VarRef &V : C.Vars) {
      const VarDecl *Pointer = V.isMember() ? nullptr : lookupVariable(V.Name);
      // present(p), p a pointer (or a struct's pointer member, `in.x`):
      // NVHPC's reading where p is not present.
      if (C.Kind == ClauseKind::Present && V.Sections.empty() && (Pointer || V.isMember())) {
        const QualType T = objectType(V);
        V.PresentPointee = !T.isNull() && T->isPointerType();
      }
      // copyin(p) of a pointer p on a compute or data construct: the
      // pointer itself, which programs written for unified memory
      // (`-gpu=managed`) take for the data. (Not `enter data` or `declare`,
      // which enter pointers for attach actions; not `exit data`, where
      // Ferry reads it as NVHPC does.)
      if (Pointer && V.Sections.empty() &&
          (isComputeConstruct(D.Kind) || D.Kind == ConstructKind::Data) &&
          (C.Kind == ClauseKind::Copy || C.Kind == ClauseKind::Copyin ||
           C.Kind == ClauseKind::Copyout || C.Kind == ClauseKind::Create) &&
          Pointer->getType().getNonReferenceType()->isPointerType() &&
          !Pointer->getType().getNonReferenceType()->isFunctionPointerType())
        report(PP, V.Name.getLocation(), Diag::PointerNamedWhole)
            << PP.getSpelling(V.Name) << spelling(C.Kind);
      if (Pointer && D.Kind != ConstructKind::Declare &&
          (C.Kind == ClauseKind::Copy || C.Kind == ClauseKind::Copyin ||
           C.Kind == ClauseKind::Copyout || C.Kind == ClauseKind::Create) &&
          llvm::any_of(Pointer->specific_attrs<AnnotateAttr>(), [](const AnnotateAttr *A) {
            return A->getAnnotation() == "ferry.declare.link";
          }))
        report(PP, V.Name.getLocation(), Diag::LinkedDataClause)
            << PP.getSpelling(V.Name) << spelling(C.Kind);
      if (Pointer && PP.getLangOpts().CPlusPlus && Pointer->getType()->isPointerType() &&
          Pointer->getType()->getPointeeType()->isVariablyModifiedType()) {
        // The runtime's templates cannot take a variably modified type.
        report(PP, V.Name.getLocation(), Diag::VlaUnsupported)
            << PP.getSpelling(V.Name) << spelling(C.Kind)
            << "a pointer to rows of variable length is not supported by Ferry in C++ yet (it "
               "is in C); use a pointer to its first element";
        return false;
      }
      // `copy(v[0:n])` of a class object (a std::vector): no section of it.
      if (Pointer && !V.isMember() && !V.Sections.empty() &&
          Pointer->getType().getNonReferenceType()->isRecordType()) {
        report(PP, V.Name.getLocation(), Diag::SectionOfObject)
            << PP.getSpelling(V.Name) << spelling(C.Kind)
            << Pointer->getType().getNonReferenceType().getAsString()
            << ownedMemoryRemedy(Pointer->getType(), PP.getSpelling(V.Name), spelling(C.Kind),
                                 "[lo:len]");
        return false;
      }
      // (A member too, `p.x[m]`, or one a member function names alone,
      // `x[n]`: PGI-era classes enter their arrays so.)
      QualType Subscripted = Pointer ? Pointer->getType() : objectType(V);
      if (const auto *Field = !Pointer && !V.isMember()
                                  ? dyn_cast_or_null<FieldDecl>(lookupSingle(V.Name))
                                  : nullptr)
        Subscripted = Field->getType();
      if (V.Element && !Subscripted.isNull() &&
          Subscripted.getNonReferenceType()->isPointerType() &&
          ((isDataClause(C.Kind) && C.Kind != ClauseKind::Deviceptr) ||
           C.Kind == ClauseKind::Delete))
        warnPointerElement(PP, C, V);
      if (V.isMember() || !isVariableLengthArray(V.Name))
        continue;
      V.Vla = true;
      const auto *VD = lookupVariable(V.Name);
      const bool Rows = TheSema->Context.getAsArrayType(VD->getType())
                            ->getElementType()
                            ->isArrayType();
      const char *Why = nullptr;
      if (C.Kind == ClauseKind::Reduction)
        Why = "a reduction over it is not supported by Ferry yet; reduce into an array of "
              "constant size or into scalars";
      else if (C.Kind == ClauseKind::UseDevice)
        Why = "'use_device' of it is not supported by Ferry yet; use a pointer to its first "
              "element";
      else if (V.Sections.size() > 1)
        Why = "a section of two or more dimensions of it is not supported by Ferry yet; name "
              "it whole or give a one-dimensional section of its rows ('a[lo:len]')";
      else if ((C.Kind == ClauseKind::Private || C.Kind == ClauseKind::Firstprivate) && Rows)
        Why = "a private copy of a variable-length array of two or more dimensions is not "
              "supported by Ferry yet; privatize a one-dimensional one, or declare the array "
              "in the loop body";
      if (!Why)
        continue;
      report(PP, V.Name.getLocation(), Diag::VlaUnsupported)
          << PP.getSpelling(V.Name) << spelling(C.Kind) << Why;
      return false;
    }
  return true;
}

namespace {

/// Whether a `}` may be the last token before \p At (checked cheaply on the
/// text: the character before it and the directives between, or a comment
/// there).
bool mayFollowClosingBrace(StringRef Buf, size_t At) {
  size_t I = At;
  for (;;) {
    while (I > 0 && isWhitespace(Buf[I - 1]))
      --I;
    const size_t LineStart = Buf.substr(0, I).rfind('\n') + 1;
    if (!Buf.substr(LineStart, I - LineStart).ltrim().starts_with("#"))
      break;
    I = LineStart; // a directive (which may have left no code): before it
  }
  if (I == 0)
    return false;
  if (Buf[I - 1] == '}' || Buf[I - 1] == '/')
    return true;
  // A `// ...` comment on the line before.
  StringRef Line = Buf.substr(0, I);
  return Line.substr(Line.rfind('\n') + 1).contains("//");
}

/// Whether the body of \p FD ends before \p At: from the function's name to
/// \p At, the braces balance and the last token is a `}`. A function the
/// plugin injected (C's `__ferry_declare_init_N`) has all its body in the
/// injected tokens, so a directive written in the file follows it.
bool bodyEndsBefore(const SourceManager &SM, const LangOptions &LO, const FunctionDecl &FD,
                    SourceLocation At) {
  if (FD.getLocation().isMacroID() && FD.getIdentifier() &&
      FD.getName().starts_with("__ferry_") && !At.isMacroID())
    return true;
  // The name may come from a macro (`TEST(a, b) {`): from the expansion's end.
  const auto [File, Begin] =
      SM.getDecomposedLoc(SM.getExpansionRange(FD.getLocation()).getEnd());
  const auto [AtFile, End] = SM.getDecomposedLoc(SM.getExpansionLoc(At));
  if (File != AtFile || End <= Begin)
    return false;
  const StringRef Buf = SM.getBufferData(File);
  if (!mayFollowClosingBrace(Buf, End))
    return false;
  Lexer Raw(SM.getLocForStartOfFile(File), LO, Buf.begin(), Buf.begin() + Begin, Buf.end());
  int Depth = 0;
  bool Opened = false, LastClose = false, InDirective = false;
  Token T;
  for (;;) {
    Raw.LexFromRawLexer(T);
    if (T.is(tok::eof) || SM.getFileOffset(T.getLocation()) >= End)
      break;
    if (T.isAtStartOfLine())
      InDirective = T.is(tok::hash);
    if (InDirective) // the directives between (which may have left no code)
      continue;
    LastClose = T.is(tok::r_brace);
    if (T.is(tok::l_brace)) {
      ++Depth;
      Opened = true;
    } else if (LastClose) {
      --Depth;
    }
  }
  return Opened && Depth == 0 && LastClose;
}

} // namespace

bool AccContext::atNamespaceScope(SourceLocation PragmaLoc) const {
  if (!TheSema || !TheSema->CurContext)
    return false;
  const DeclContext *DC = TheSema->CurContext;
  if (DC->getRedeclContext()->isFileContext())
    return true;
  const auto *FD = dyn_cast<FunctionDecl>(DC);
  return FD && bodyEndsBefore(TheSema->getSourceManager(), TheSema->getLangOpts(), *FD,
                              PragmaLoc);
}

/// Adds the names of \p RD's fields, and of its bases' fields.
static void addFieldNames(const CXXRecordDecl *RD, llvm::StringSet<> &Names) {
  if (!RD || !RD->hasDefinition())
    return;
  for (const FieldDecl *F : RD->fields())
    if (F->getIdentifier())
      Names.insert(F->getName());
  for (const CXXBaseSpecifier &B : RD->bases())
    addFieldNames(B.getType()->getAsCXXRecordDecl(), Names);
}

void AccContext::addThisMemberNames(llvm::StringSet<> &Names) const {
  if (!TheSema)
    return;
  // (While the body of a member function defined in its class is parsed,
  // the pragma handler may see the class itself as the context.)
  for (const DeclContext *DC = TheSema->CurContext; DC; DC = DC->getParent()) {
    const auto *RD = dyn_cast<CXXRecordDecl>(DC);
    if (const auto *MD = dyn_cast<CXXMethodDecl>(DC))
      RD = MD->getParent();
    if (RD && !RD->isLambda()) {
      addFieldNames(RD, Names);
      return;
    }
  }
}

const CXXRecordDecl *AccContext::keptBodyClass() const {
  if (!TheSema || !TheSema->getLangOpts().CPlusPlus || TheSema->getCurFunctionDecl())
    return nullptr;
  const auto *RD = dyn_cast_or_null<CXXRecordDecl>(TheSema->CurContext);
  return RD && !RD->isLambda() ? RD : nullptr;
}

void AccContext::keptBodyNames(SourceLocation At,
                               llvm::SmallPtrSetImpl<const IdentifierInfo *> &Parameters,
                               llvm::SmallPtrSetImpl<const IdentifierInfo *> &Locals,
                               llvm::SmallPtrSetImpl<const IdentifierInfo *> *Pointers) const {
  const CXXRecordDecl *Class = keptBodyClass();
  if (!Class)
    return;
  Preprocessor &PP = TheSema->getPreprocessor();
  SmallVector<Token, 64> Before = SourceScanner::memberTokensBefore(PP, Class->getBeginLoc(), At);
  SourceScanner::cook(PP, Before);
  const auto Body = llvm::find_if(Before, [](const Token &T) { return T.is(tok::l_brace); });
  addDeclaredInBody(ArrayRef<Token>(Body, Before.end()), Locals);
  // `T *p =`, `T *const *q;`: a type, stars, the name, then `=`, `;` or `,`.
  for (const Token *T = Body; Pointers && T + 1 < Before.end(); ++T)
    if (T > Body + 1 && T->is(tok::identifier) && T[-1].is(tok::star) &&
        T[1].isOneOf(tok::equal, tok::semi, tok::comma) &&
        (T[-2].isOneOf(tok::identifier, tok::star, tok::kw_const, tok::greater) ||
         T[-2].isSimpleTypeSpecifier(TheSema->getLangOpts())))
      Pointers->insert(T->getIdentifierInfo());
  for (size_t I = 1; I + 1 < size_t(Body - Before.begin()); ++I) // (`int n)`, `float a,`)
    if (Before[I].is(tok::identifier) && Before[I + 1].isOneOf(tok::comma, tok::r_paren) &&
        (Before[I - 1].isOneOf(tok::star, tok::amp, tok::ampamp, tok::identifier) ||
         Before[I - 1].isSimpleTypeSpecifier(TheSema->getLangOpts())))
      Parameters.insert(Before[I].getIdentifierInfo());
}

/// Adds the names of \p RD's non-static member functions, and of its bases'.
static void addMethodNames(const CXXRecordDecl *RD, llvm::StringSet<> &Names) {
  if (!RD || !RD->hasDefinition())
    return;
  for (const CXXMethodDecl *M : RD->methods())
    if (!M->isStatic() && M->getIdentifier())
      Names.insert(M->getName());
  for (const CXXBaseSpecifier &B : RD->bases())
    addMethodNames(B.getType()->getAsCXXRecordDecl(), Names);
}

bool AccContext::usesMembersThroughThis(ArrayRef<Token> Stmt, SourceLocation At) const {
  if (!TheSema || !TheSema->getLangOpts().CPlusPlus)
    return false;
  const CXXRecordDecl *Class = nullptr;
  bool BeingDefined = false;
  for (const DeclContext *DC = TheSema->CurContext; DC && !Class; DC = DC->getParent()) {
    if (const auto *MD = dyn_cast<CXXMethodDecl>(DC)) {
      if (MD->getParent()->isLambda())
        continue;
      if (MD->isStatic())
        return false;
      Class = MD->getParent();
    } else if (const auto *RD = dyn_cast<CXXRecordDecl>(DC); RD && !RD->isLambda()) {
      Class = RD; // (a member function defined in its class)
      BeingDefined = true;
    } else if (DC->isFileContext()) {
      return false;
    }
  }
  if (!Class)
    return false;
  llvm::StringSet<> Members;
  addFieldNames(Class, Members);
  addMethodNames(Class, Members);
  // (Sema has seen the members declared before this one only.)
  if (BeingDefined)
    SourceScanner::classMemberNames(TheSema->getPreprocessor(), Class->getBeginLoc(), Members);
  llvm::SmallPtrSet<const IdentifierInfo *, 8> Declared;
  addDeclaredInBody(Stmt, Declared);
  // Sema has not seen the function's parameters and locals either: those
  // its source declares before the directive hide members.
  if (BeingDefined)
    keptBodyNames(At, Declared, Declared);
  for (size_t I = 0; I < Stmt.size(); ++I) {
    const Token &T = Stmt[I];
    if (T.is(tok::kw_this))
      return true;
    if (!T.is(tok::identifier) ||
        (I > 0 && Stmt[I - 1].isOneOf(tok::period, tok::arrow, tok::coloncolon)) ||
        (I + 1 < Stmt.size() && Stmt[I + 1].is(tok::coloncolon)) ||
        !Members.contains(T.getIdentifierInfo()->getName()) ||
        Declared.count(T.getIdentifierInfo()))
      continue;
    if (const VarDecl *VD = lookupVariable(T); VD && VD->hasLocalStorage())
      continue; // a parameter or local of the member's name
    return true;
  }
  return false;
}

void AccContext::addDeclared(const VarDecl *VD, const Clause &C, const VarRef &V) {
  auto One = std::make_unique<Clause>();
  One->Kind = C.Kind;
  One->Loc = C.Loc;
  One->Vars.push_back(V);
  Declared.emplace_back(VD, std::move(One));
}

SmallVector<const Clause *, 4> AccContext::declaredUsedIn(ArrayRef<Token> Body) const {
  SmallVector<const Clause *, 4> Out;
  if (Declared.empty())
    return Out;
  llvm::SmallPtrSet<const IdentifierInfo *, 16> Names;
  for (const Token &T : Body)
    if (T.is(tok::identifier))
      Names.insert(T.getIdentifierInfo());
  for (const auto &[VD, C] : Declared) {
    const Token &Name = C->Vars[0].Name;
    if (Names.count(Name.getIdentifierInfo()) && lookupVariable(Name) == VD)
      Out.push_back(C.get());
  }
  return Out;
}

std::optional<ConstructKind> AccContext::enclosingCompute() const {
  // (`data` and `host_data` are host code: a compute construct may be in
  // them.)
  for (auto It = Open.rbegin(); It != Open.rend(); ++It)
    if (It->D->Kind != ConstructKind::Data && It->D->Kind != ConstructKind::HostData)
      return It->D->Kind;
  return std::nullopt;
}

OpenConstruct *AccContext::enclosingComputeConstruct() {
  for (auto It = Open.rbegin(); It != Open.rend(); ++It)
    if (isComputeOnly(It->D->Kind))
      return &*It;
  return nullptr;
}

void AccContext::addControlLocals(llvm::SmallPtrSetImpl<const IdentifierInfo *> &Names) const {
  for (auto It = Open.rbegin(); It != Open.rend(); ++It) {
    if (!isComputeOnly(It->D->Kind))
      continue;
    if (It->HostControl && It->Lexed)
      addDeclaredInBody(*It->Lexed, Names);
    return;
  }
}

SmallVector<OpenConstruct *, 4> AccContext::enclosingLoops() {
  SmallVector<OpenConstruct *, 4> Loops;
  for (OpenConstruct &O : Open)
    if (O.D->isLoop())
      Loops.push_back(&O);
  return Loops;
}

OpenConstruct *AccContext::enclosingRegion() {
  if (OpenConstruct *C = enclosingComputeConstruct(); C && C->OneRegion)
    return C;
  for (OpenConstruct &O : Open)
    if (O.D->isLoop())
      return &O;
  return nullptr;
}

llvm::StringMap<const VarRef *> AccContext::sectionedPointers(Preprocessor &PP,
                                                             const Directive *Own) const {
  // \p Own, the constructs being lexed (innermost first), and (C) the data
  // constructs open where the parser stands.
  llvm::SmallVector<const Directive *, 8> Constructs;
  if (Own)
    Constructs.push_back(Own);
  for (const OpenConstruct &O : llvm::reverse(Open))
    Constructs.push_back(O.D);
  // (Held here: llvm::reverse of the temporary would outlive it.)
  const llvm::SmallVector<const Directive *, 4> ByScope = scopeOpenHere();
  for (const Directive *D : llvm::reverse(ByScope))
    Constructs.push_back(D);
  llvm::StringMap<const VarRef *> Pointers;
  for (const Directive *D : Constructs)
    for (const Clause &C : D->Clauses)
      if (isDataClause(C.Kind) && C.Kind != ClauseKind::Deviceptr)
        for (const VarRef &V : C.Vars) {
          if (V.Sections.empty() || V.isMember() || V.Vla)
            continue;
          const VarDecl *VD = lookupVariable(V.Name);
          // (A pointer to pointers: its section is the row pointers, not
          // the rows the loops reach. Preprocessing alone, `-E`, knows no
          // types: every section counts, as its range is compared.)
          const QualType Ty = VD ? VD->getType().getNonReferenceType() : QualType();
          if (!inSema() ||
              (VD && Ty->isPointerType() && !Ty->getPointeeType()->isPointerType()))
            Pointers.try_emplace(PP.getSpelling(V.Name), &V);
        }
  return Pointers;
}

void AccContext::addArrayObjects(ArrayRef<Token> Body, llvm::StringSet<> &Arrays,
                                 llvm::StringSet<> &Restrict) const {
  llvm::SmallPtrSet<const IdentifierInfo *, 16> Seen;
  for (const Token &T : Body)
    if (T.is(tok::identifier) && Seen.insert(T.getIdentifierInfo()).second)
      if (const VarDecl *VD = lookupVariable(T)) {
        if (VD->getType()->isArrayType())
          Arrays.insert(T.getIdentifierInfo()->getName());
        else if (VD->getType()->isPointerType() && VD->getType().isRestrictQualified())
          Restrict.insert(T.getIdentifierInfo()->getName());
      }
}

bool AccContext::defaultNone(const Directive &D, const Directive *Compute) const {
  const Clause *Default = D.find(ClauseKind::Default);
  const Clause *OuterDefault =
      Compute ? Compute->find(ClauseKind::Default) : nullptr;
  if (!OuterDefault)
    OuterDefault = enclosingDataDefault();
  return (Default && Default->DefaultKind == "none") ||
         (OuterDefault && OuterDefault->DefaultKind == "none");
}

SmallVector<const Clause *, 8>
AccContext::sharedDataClauses(const Directive &D, const Directive *Compute,
                              ArrayRef<Token> Body) const {
  // A loop of a compute construct shares the construct's data too.
  SmallVector<const Clause *, 8> DataClauses;
  for (const Clause &C : D.Clauses)
    if (isDataClause(C.Kind))
      DataClauses.push_back(&C);
  if (Compute)
    for (const Clause &C : Compute->Clauses)
      if (isDataClause(C.Kind))
        DataClauses.push_back(&C);
  // And the data of the data constructs around it: a scalar or array they
  // name is present, so the region uses the device copy (OpenACC 2.6: only
  // variables in no data clause of the construct or an enclosing data
  // construct are firstprivate), and their deviceptr clauses hold inside.
  for (const Clause *C : enclosingDataClauses())
    DataClauses.push_back(C);
  // And the variables of `declare` directives before it in the function.
  for (const Clause *C : declaredUsedIn(Body))
    DataClauses.push_back(C);
  return DataClauses;
}

const Clause *AccContext::enclosingDataDefault() const {
  for (auto It = Open.rbegin(); It != Open.rend(); ++It)
    if (It->D->Kind == ConstructKind::Data)
      if (const Clause *C = It->D->find(ClauseKind::Default))
        return C;
  for (const Directive *D : scopeOpenHere())
    if (const Clause *C = D->find(ClauseKind::Default))
      return C;
  return nullptr;
}

llvm::SmallVector<const Clause *, 8> AccContext::enclosingDataClauses() const {
  llvm::SmallVector<const Clause *, 8> Clauses;
  for (auto It = Open.rbegin(); It != Open.rend(); ++It)
    if (It->D->Kind == ConstructKind::Data)
      for (const Clause &C : It->D->Clauses)
        if (isDataClause(C.Kind))
          Clauses.push_back(&C);
  for (const Directive *D : scopeOpenHere())
    for (const Clause &C : D->Clauses)
      if (isDataClause(C.Kind))
        Clauses.push_back(&C);
  return Clauses;
}

void AccContext::closeBraceAfter(Preprocessor &PP, SourceLocation End) {
  Lexers.closeAfter(End);
  if (WatchingTokens)
    return;
  WatchingTokens = true;
  // The parser's tokens (a handler's come through lexInFile).
  PP.setTokenWatcher([this, &PP](const Token &T) { Lexers.afterToken(PP, T); });
}

void AccContext::forgetCloseAfter(SourceLocation End) { Lexers.forgetClose(End); }

std::string AccContext::openByScope(Preprocessor &PP, const Directive &D, SourceLocation End) {
  const std::string Marker = "__ferry_open_" + std::to_string(ScopeOpen.size());
  ScopeOpen.push_back({std::make_unique<Directive>(D), PP.getIdentifierInfo(Marker), End});
  return Marker;
}

llvm::SmallVector<const Directive *, 4> AccContext::scopeOpenHere() const {
  llvm::SmallVector<const Directive *, 4> Here;
  if (!TheSema || !TheSema->getCurScope())
    return Here;
  const SourceManager &SM = TheSema->getSourceManager();
  for (auto It = ScopeOpen.rbegin(); It != ScopeOpen.rend(); ++It) {
    // A directive right after the block: its marker is still in scope.
    if (It->End.isValid() && DirectiveAt.isValid() &&
        SM.isBeforeInTranslationUnit(It->End, SM.getFileLoc(DirectiveAt)))
      continue;
    LookupResult R(*TheSema, It->Marker, SourceLocation(), Sema::LookupOrdinaryName);
    TheSema->LookupName(R, TheSema->getCurScope());
    if (!R.empty())
      Here.push_back(It->D.get());
  }
  return Here;
}

} // namespace plugin
} // namespace ferry
