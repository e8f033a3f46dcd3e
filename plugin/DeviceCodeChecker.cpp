//===- DeviceCodeChecker.cpp - What a compute region cannot do on a GPU ---===//
///
/// \file
/// See DeviceCodeChecker.h.
///
//===----------------------------------------------------------------------===//
#include "DeviceCodeChecker.h"

#include "llvm/Support/Path.h"

#include "ClosureNames.h"
#include "ComplexLibcalls.h"
#include "LongDouble.h"

#include "Diagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/Support/Path.h"
#include "clang/Basic/Builtins.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace ferry {
namespace plugin {

std::string libdeviceFunction(StringRef Name) {
  static const llvm::StringSet<> Names = {
#define FERRY_LIBDEVICE_FUNCTION(N) N,
#include "LibdeviceFunctions.def"
  };
  // C's `long` roundings and absolute values: libdevice has the `long long`
  // ones, the same 64-bit integers on the LP64 hosts and nvptx64 (sweep 12:
  // `lround` was refused where `llround` worked; sweep 14: `labs`,
  // `std::abs(long)`, `imaxabs`).
  const StringRef Same = llvm::StringSwitch<StringRef>(Name)
                             .Case("labs", "llabs")
                             .Case("imaxabs", "llabs")
                             .Case("lround", "llround")
                             .Case("lroundf", "llroundf")
                             .Case("lrint", "llrint")
                             .Case("lrintf", "llrintf")
                             .Default(Name);
  std::string Libdevice = ("__nv_" + Same).str();
  return Names.contains(Libdevice) ? Libdevice : std::string();
}

bool hasDeviceMathFunction(const char *Name, unsigned Length) {
  return !libdeviceFunction(StringRef(Name, Length)).empty();
}

namespace {

bool isIOFunction(StringRef Name) {
  static const llvm::StringSet<> IO = {
      "fprintf", "sprintf", "snprintf", "vprintf", "vfprintf", "puts", "fputs",
      "putchar", "fputc", "putc", "fwrite", "fread", "fgets", "fgetc", "getc", "getchar",
      "scanf", "fscanf", "sscanf", "fopen", "fclose", "fflush", "perror", "write", "read"};
  return IO.contains(Name);
}

class Checker {
public:
  Checker(ASTContext &Ctx, DiagnosticsEngine &DE)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), DE(DE) {}

  /// The region's body: the lambda's call operator(s).
  void checkRegion(const CallExpr *Launch, const LambdaExpr *Body) {
    RegionLoc = SM.getExpansionLoc(Launch->getBeginLoc());
    if (const FunctionTemplateDecl *T = Body->getDependentCallOperator()) {
      for (const FunctionDecl *Spec : T->specializations())
        checkFunction(Spec, Body->getBody()->getBeginLoc());
    } else {
      checkFunction(Body->getCallOperator(), Body->getBody()->getBeginLoc());
    }
  }

  /// A C region's body: the block literal \p Body of the slot declared at
  /// \p Slot (plugin/CRegion.h).
  void checkBlock(SourceLocation Slot, const BlockExpr *Body) {
    RegionLoc = SM.getExpansionLoc(Slot);
    checkStmt(Body->getBody(), Body->getBody()->getBeginLoc(), false);
  }

private:
  ASTContext &Ctx;
  SourceManager &SM;
  DiagnosticsEngine &DE;
  SourceLocation RegionLoc;
  llvm::DenseSet<const FunctionDecl *> Checked;
  llvm::DenseSet<std::pair<unsigned, unsigned>> Reported; // (location, diagnostic)

  bool inSystemHeader(SourceLocation L) const {
    return L.isInvalid() || SM.isInSystemHeader(SM.getExpansionLoc(L));
  }

  /// Where to report something found at \p L: there, in the user's code;
  /// inside a system header, at the user's call that leads there.
  SourceLocation where(SourceLocation L, SourceLocation User) const {
    return inSystemHeader(L) ? User : L;
  }

  bool once(SourceLocation L, Diag D) {
    return Reported.insert({L.getRawEncoding(), unsigned(D)}).second;
  }

  void error(SourceLocation L, Diag D, StringRef Arg, StringRef Arg2 = {}) {
    if (!once(L, D))
      return;
    if (Arg2.empty())
      report(DE, L, D) << Arg;
    else
      report(DE, L, D) << Arg << Arg2;
    report(DE, RegionLoc, Diag::NoteInRegion);
  }

  void checkFunction(const FunctionDecl *FD, SourceLocation User) {
    const FunctionDecl *Def = nullptr;
    if (!FD || !FD->hasBody(Def) || !Checked.insert(Def).second)
      return;
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Def))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        checkStmt(Init->getInit(), User, false);
    checkStmt(Def->getBody(), User, false);
  }

  void checkCallee(const FunctionDecl *FD, SourceLocation L, SourceLocation User) {
    const std::string Name = FD->getQualifiedNameAsString();
    const IdentifierInfo *II = FD->getIdentifier();
    StringRef Plain = II ? II->getName() : StringRef();
    if (unsigned ID = FD->getBuiltinID()) {
      // std::move, std::forward and friends: clang emits them inline.
      switch (ID) {
      case Builtin::BI__builtin_frame_address:
      case Builtin::BI__builtin_return_address:
      case Builtin::BI__builtin_extract_return_addr:
      case Builtin::BI__builtin_dwarf_cfa:
      case Builtin::BI__builtin_unwind_init:
      case Builtin::BI__builtin_eh_return:
      case Builtin::BI__builtin_setjmp:
      case Builtin::BI__builtin_longjmp:
        error(where(L, User), Diag::RegionFrameBuiltin, Plain);
        return;
      case Builtin::BI__builtin_va_start:
      case Builtin::BI__builtin_stdarg_start:
      case Builtin::BI__builtin_va_copy:
      case Builtin::BI__builtin_va_end:
        error(where(L, User), Diag::RegionVariadicArguments, Plain);
        return;
      case Builtin::BImove:
      case Builtin::BIforward:
      case Builtin::BIforward_like:
      case Builtin::BImove_if_noexcept:
      case Builtin::BIas_const:
      case Builtin::BIaddressof:
      case Builtin::BI__addressof:
        return;
      // <math.h>'s classification macros and std::isnan and kin: code
      // generation writes these as comparisons and bit tests on every
      // target (sweep 12: refused as undefined library functions).
      case Builtin::BI__builtin_isnan:
      case Builtin::BI__builtin_isinf:
      case Builtin::BI__builtin_isinf_sign:
      case Builtin::BI__builtin_isfinite:
      case Builtin::BI__builtin_isnormal:
      case Builtin::BI__builtin_issubnormal:
      case Builtin::BI__builtin_iszero:
      case Builtin::BI__builtin_issignaling:
      case Builtin::BI__builtin_isfpclass:
      case Builtin::BI__builtin_fpclassify:
      case Builtin::BI__builtin_signbit:
      case Builtin::BI__builtin_signbitf:
      case Builtin::BI__builtin_signbitl:
      case Builtin::BI__builtin_isgreater:
      case Builtin::BI__builtin_isgreaterequal:
      case Builtin::BI__builtin_isless:
      case Builtin::BI__builtin_islessequal:
      case Builtin::BI__builtin_islessgreater:
      case Builtin::BI__builtin_isunordered:
        return;
      default:
        break;
      }
      // Compiler builtins are fine; library ones (printf, sqrt and their
      // __builtin_ forms) are checked like the functions they name.
      if (!Ctx.BuiltinInfo.isLibFunction(ID) && !Ctx.BuiltinInfo.isPredefinedLibFunction(ID))
        return;
      Plain.consume_front("__builtin_");
      if (Plain == "memcpy" || Plain == "memmove" || Plain == "memset" ||
          hasDeviceMathFunction(Plain.data(), Plain.size()) || isDeviceComplexFunction(Plain))
        return;
    }
    if (FD->hasBody()) {
      checkFunction(FD, where(L, User));
      return;
    }
    if (FD->isTrivial() || FD->isDefaulted())
      return;
    // A `routine` defined in another translation unit: linked at load time.
    for (const FunctionDecl *R : FD->redecls())
      for (const auto *A : R->specific_attrs<AnnotateAttr>())
        if (A->getAnnotation().starts_with("ferry.routine;"))
          return;
    if (FD->isExternC() && (hasDeviceMathFunction(Plain.data(), Plain.size()) ||
                            isLongDoubleMath(Plain) || isDeviceComplexFunction(Plain)))
      return;
    // <ferry/runtime.h>'s inner-level helpers and acc_on_device: Ferry's
    // device library has them.
    if (FD->isExternC() && (Plain.starts_with("ferry_dev_") || Plain == "acc_on_device"))
      return;
    // printf and <cassert>'s assert run on every device: the outliner makes
    // them CUDA's vprintf and __assertfail (docs/plugin.md, "Printing").
    if (FD->isExternC() && (Plain == "printf" || Plain == "__assert_fail"))
      return;
    // abort(): a trap, which ends the launch with an error naming the
    // region (the outliner's lowerThrowsToTraps).
    if (FD->isExternC() && Plain == "abort")
      return;
    if (isIOFunction(Plain)) {
      error(where(L, User), Diag::RegionIO, Name);
      return;
    }
    // malloc and free: the device heap (docs/translation.md, "Device
    // printf, assert and malloc"); the host's on the host.
    if (FD->isExternC() && (Plain == "malloc" || Plain == "free"))
      return;
    if (FD->getDeclName().getCXXOverloadedOperator() == OO_New ||
        FD->getDeclName().getCXXOverloadedOperator() == OO_Array_New || Plain == "calloc" ||
        Plain == "realloc") {
      error(where(L, User), Diag::RegionAllocation, Name);
      return;
    }
    // A function of the C or C++ library (rand, sleep, cpowf): no routine
    // of the program's, which the generic advice is about.
    const SourceManager &SM = Ctx.getSourceManager();
    if (SourceLocation D = SM.getExpansionLoc(FD->getLocation()); SM.isInSystemHeader(D)) {
      // The public header that declares it (<complex.h>, not the library's
      // bits/cmathcalls.h that it includes).
      FileID File = SM.getFileID(D);
      OptionalFileEntryRef Header = SM.getFileEntryRefForID(File);
      while (Header && Header->getName().contains("/bits/")) {
        const SourceLocation By = SM.getIncludeLoc(File);
        File = By.isValid() ? SM.getFileID(By) : FileID();
        OptionalFileEntryRef Includer = SM.getFileEntryRefForID(File);
        if (!Includer)
          break;
        Header = Includer;
      }
      error(where(L, User), Diag::RegionLibraryCall, Name,
            Header ? llvm::sys::path::filename(Header->getName()).str() : "?");
      return;
    }
    error(where(L, User), Diag::RegionUndefinedCall, Name);
  }

  void checkVariable(const VarDecl *VD, SourceLocation L, SourceLocation User, bool Write) {
    if (!VD->hasGlobalStorage())
      return;
    // In a namespace-scope `declare`: regions use its device copy.
    for (const auto *A : VD->specific_attrs<AnnotateAttr>())
      if (A->getAnnotation() == "ferry.declare")
        return;
    const bool Constant = VD->getType().isConstQualified() && VD->getAnyInitializer() &&
                          VD->getAnyInitializer()->isConstantInitializer(Ctx, false);
    if (Constant || VD->isConstexpr())
      return;
    // Other variables a region only reads are passed by value (the
    // outliner gives them a device copy that the runtime fills at launch).
    const std::string Name = VD->getQualifiedNameAsString();
    if (VD->getType()->isArrayType())
      error(where(L, User), Diag::RegionGlobalArray, Name);
    else if (Write)
      error(where(L, User), Diag::RegionGlobalWrite, Name);
    else if (VD->getTLSKind() != VarDecl::TLS_None)
      error(where(L, User), Diag::RegionThreadLocal, Name);
  }

  /// Walks \p S; \p Write: \p S is the target of a store.
  void checkStmt(const Stmt *S, SourceLocation User, bool Write) {
    if (!S)
      return;
    const SourceLocation L = S->getBeginLoc();
    const SourceLocation Here = where(L, User);
    if (checkAccess(S, User, Write))
      return;
    checkDynamicCast(S, Here);
    if (rejectHeapUse(S, Here))
      return;
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      checkCall(CE, L, User, Here);
      return;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(S)) {
      if (!CE->getConstructor()->isTrivial())
        checkCallee(CE->getConstructor(), L, User);
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      checkDeclarations(DS, User);
      return;
    }
    if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
      for (const Expr *Init : LE->capture_inits())
        checkStmt(Init, User, false);
      return; // the body is checked where the lambda is called
    }
    // `if (acc_on_device(acc_device_host))`: a constant of each device
    // image, which folds the host's branch away there (Kokkos'
    // KOKKOS_IF_ON_HOST): only the device's branch is device code.
    if (const auto *IS = dyn_cast<IfStmt>(S))
      if (std::optional<bool> OnHost = hostCondition(IS->getCond())) {
        checkStmt(IS->getInit(), User, false);
        checkStmt(*OnHost ? IS->getElse() : IS->getThen(), User, false);
        return;
      }
    for (const Stmt *C : S->children())
      checkStmt(C, User, false);
  }

  /// Whether \p Cond is true on the host only (`acc_on_device(acc_device_host)`)
  /// or on devices only (`acc_on_device(acc_device_not_host)`, a GPU kind,
  /// or the negation of either); nullopt for any other condition.
  static std::optional<bool> hostCondition(const Expr *Cond) {
    if (!Cond)
      return std::nullopt;
    Cond = Cond->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(Cond); UO && UO->getOpcode() == UO_LNot) {
      std::optional<bool> Inner = hostCondition(UO->getSubExpr());
      return Inner ? std::optional<bool>(!*Inner) : std::nullopt;
    }
    // `acc_on_device(acc_device_host) && p`: false on every device.
    if (const auto *BO = dyn_cast<BinaryOperator>(Cond); BO && BO->isLogicalOp()) {
      std::optional<bool> L = hostCondition(BO->getLHS()), R = hostCondition(BO->getRHS());
      const bool Decided = BO->getOpcode() == BO_LAnd; // host-only: false on devices
      if ((L && *L == Decided) || (R && *R == Decided))
        return Decided;
      return std::nullopt;
    }
    const auto *CE = dyn_cast<CallExpr>(Cond);
    const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
    if (!FD || !FD->getIdentifier() || FD->getName() != "acc_on_device" || CE->getNumArgs() != 1)
      return std::nullopt;
    const auto *Kind = dyn_cast<DeclRefExpr>(CE->getArg(0)->IgnoreParenImpCasts());
    const auto *Enum = Kind ? dyn_cast<EnumConstantDecl>(Kind->getDecl()) : nullptr;
    if (!Enum)
      return std::nullopt;
    const StringRef Name = Enum->getName();
    if (Name == "acc_device_host")
      return true;
    if (Name == "acc_device_not_host" || Name == "acc_device_nvidia" ||
        Name == "acc_device_radeon")
      return false;
    return std::nullopt;
  }

  /// A variable's use, or an expression on the way to one whose store
  /// target it passes on (assignment, increment, address, member,
  /// subscript, implicit cast, parentheses): true when \p S is one.
  bool checkAccess(const Stmt *S, SourceLocation User, bool Write) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        checkVariable(VD, DRE->getLocation(), User, Write);
      return true;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp()) {
      checkStmt(BO->getLHS(), User, true);
      checkStmt(BO->getRHS(), User, false);
      return true;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)) {
      checkStmt(UO->getSubExpr(), User, UO->isIncrementDecrementOp() ||
                                            !UO->getSubExpr()->getType().isConstQualified());
      return true;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(S)) {
      checkStmt(ME->getBase(), User, Write && !ME->isArrow());
      return true;
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(S)) {
      checkStmt(ASE->getBase(), User, Write && ASE->getBase()->getType()->isArrayType());
      checkStmt(ASE->getIdx(), User, false);
      return true;
    }
    if (isa<ImplicitCastExpr>(S) || isa<ParenExpr>(S)) {
      for (const Stmt *C : S->children())
        checkStmt(C, User, Write && !isa<ImplicitCastExpr>(S));
      return true;
    }
    return false;
  }

  /// A downcast or cross-cast checked at run time calls __dynamic_cast
  /// (dynamic_cast<void *> reads the vtable only).
  void checkDynamicCast(const Stmt *S, SourceLocation Here) {
    if (const auto *DC = dyn_cast<CXXDynamicCastExpr>(S);
        DC && DC->getCastKind() == CK_Dynamic && !DC->isAlwaysNull()) {
      QualType To = DC->getTypeAsWritten();
      const QualType Pointee = To->getPointeeType();
      if (Pointee.isNull() || !Pointee->isVoidType())
        error(Here, Diag::RegionDynamicCast, To.getAsString());
    }
  }

  /// `new`/`delete` of objects that need no constructor or destructor call
  /// use the device heap as malloc and free do (a constructor that may
  /// throw would need exception handling, which device code has not); true
  /// after reporting one that needs more.
  bool rejectHeapUse(const Stmt *S, SourceLocation Here) {
    if (const auto *NE = dyn_cast<CXXNewExpr>(S)) {
      // Placement new (`new (p) T(...)`) allocates nothing: a construction,
      // whose constructor is checked as any call (Kokkos' team reductions).
      if (const FunctionDecl *New = NE->getOperatorNew();
          New && New->isReservedGlobalPlacementOperator())
        return false;
      const CXXConstructExpr *Init = NE->getConstructExpr();
      if (NE->getNumPlacementArgs() || (Init && !Init->getConstructor()->isTrivial()) ||
          !NE->getAllocatedType().isTrivialType(Ctx)) {
        error(Here, Diag::RegionAllocation, "new");
        return true;
      }
    }
    if (const auto *DE = dyn_cast<CXXDeleteExpr>(S)) {
      const QualType T = DE->getDestroyedType();
      if (T.isNull() || !T.isTriviallyCopyableType(Ctx)) {
        error(Here, Diag::RegionAllocation, "delete");
        return true;
      }
    }
    return false;
  }

  /// A call: its callee (direct, not virtual) and its arguments.
  void checkCall(const CallExpr *CE, SourceLocation L, SourceLocation User,
                 SourceLocation Here) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee && !isa<CXXPseudoDestructorExpr>(CE->getCallee()->IgnoreParens())) {
      error(Here, Diag::RegionIndirectCall, "");
    } else if (Callee) {
      // (A virtual call is refused: what its static callee lacks, a body
      // where it is pure, is no further error.)
      const auto *MC = dyn_cast<CXXMemberCallExpr>(CE);
      if (!MC || !checkVirtualCall(MC, Here))
        checkCallee(Callee, L, User);
    }
    // A member call on a global object may change it.
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
      const CXXMethodDecl *M = MC->getMethodDecl();
      checkStmt(MC->getImplicitObjectArgument(), Here,
                M && !M->isConst());
      for (const Expr *A : CE->arguments())
        checkStmt(A, Here, false);
      return;
    }
    // So may an operator of a class (`g = l`, `g += l`, `++g`).
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE); OC && Callee) {
      for (unsigned I = 0; I < OC->getNumArgs(); ++I)
        checkStmt(OC->getArg(I), Here, operatorWrites(*Callee, I));
      return;
    }
    for (const Stmt *C : CE->children())
      checkStmt(C, Here, false);
  }

  /// Whether operator \p Op may change its operand \p I: the object of a
  /// non-const member operator, an operand it takes by non-const lvalue
  /// reference.
  static bool operatorWrites(const FunctionDecl &Op, unsigned I) {
    const auto *M = dyn_cast<CXXMethodDecl>(&Op);
    if (M && M->isImplicitObjectMemberFunction()) {
      if (I == 0)
        return !M->isConst();
      --I;
    }
    if (I >= Op.getNumParams())
      return false;
    const QualType T = Op.getParamDecl(I)->getType();
    return T->isLValueReferenceType() && !T.getNonReferenceType().isConstQualified();
  }

  /// A virtual call (not of a final method or class, not qualified):
  /// reported, true.
  bool checkVirtualCall(const CXXMemberCallExpr *MC, SourceLocation Here) {
    const CXXMethodDecl *M = MC->getMethodDecl();
    const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
    if (!M || !M->isVirtual() || M->hasAttr<FinalAttr>() || M->getParent()->hasAttr<FinalAttr>() ||
        (ME && ME->hasQualifier()))
      return false;
    error(Here, Diag::RegionVirtualCall, M->getQualifiedNameAsString());
    return true;
  }

  /// Declared variables: static locals that may be written, variable-length
  /// arrays, destructors and initializers.
  void checkDeclarations(const DeclStmt *DS, SourceLocation User) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D)) {
        if (VD->isStaticLocal() && !VD->getType().isConstQualified())
          error(where(VD->getLocation(), User), Diag::RegionGlobalWrite,
                VD->getQualifiedNameAsString());
        if (VD->getType()->isVariableArrayType())
          error(where(VD->getLocation(), User), Diag::RegionVariableLengthArray,
                VD->getName().str());
        if (const CXXRecordDecl *RD = VD->getType()->getAsCXXRecordDecl())
          if (RD->hasDefinition() && !RD->hasTrivialDestructor())
            if (const CXXDestructorDecl *Dtor = RD->getDestructor())
              checkCallee(Dtor, VD->getLocation(), User);
        checkStmt(VD->getInit(), User, false);
      }
  }
};

/// Finds the regions: calls of ferry::acc::parallel_loop (in every template
/// instantiation), whose last argument is the region's body.
class RegionFinder : public RecursiveASTVisitor<RegionFinder> {
public:
  RegionFinder(Checker &C, ASTContext &Ctx, ClosureNames *Names)
      : C(C), Ctx(Ctx), Names(Names) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD || CE->getNumArgs() == 0 || !FD->getIdentifier() ||
        FD->getName() != "parallel_loop" ||
        FD->getQualifiedNameAsString() != "ferry::acc::parallel_loop")
      return true;
    const Expr *Last = CE->getArg(CE->getNumArgs() - 1)->IgnoreImplicit();
    if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(Last))
      Last = MTE->getSubExpr()->IgnoreImplicit();
    if (const auto *LE = dyn_cast<LambdaExpr>(Last)) {
      C.checkRegion(CE, LE);
      if (std::string Region = regionName(CE->getArg(0)); Names && !Region.empty())
        Names->addLambda(Ctx, Region, LE);
    }
    return true;
  }

  /// C: the slot `static ferry_acc_slot __ferry_slot = {{0}, chunk, init,
  /// combine, ...}` holds the device code as block literals (its host
  /// chunk, after the region, never runs on a device).
  bool VisitVarDecl(VarDecl *VD) {
    const IdentifierInfo *II = VD->getIdentifier();
    const auto *Init = dyn_cast_or_null<InitListExpr>(VD->getInit());
    if (!II || II->getName() != "__ferry_slot" || !Init)
      return true;
    for (unsigned I = 1; I <= 3 && I < Init->getNumInits(); ++I)
      if (const auto *BE = dyn_cast<BlockExpr>(Init->getInit(I)->IgnoreParenCasts()))
        C.checkBlock(VD->getLocation(), BE);
    // {kernel, chunk, init, combine, sizeof(struct ferry_closure), ...,
    // &__ferry_region, host_chunk} (acc_c.h's ferry_acc_slot).
    if (Names && Init->getNumInits() > 8)
      if (const auto *Size = dyn_cast<UnaryExprOrTypeTraitExpr>(
              Init->getInit(4)->IgnoreParenImpCasts());
          Size && Size->isArgumentType())
        if (const RecordDecl *RD = Size->getArgumentType()->getAsRecordDecl())
          if (std::string Region = regionName(Init->getInit(8)); !Region.empty())
            Names->addStruct(Ctx, Region, RD);
    return true;
  }

private:
  /// The name of the ferry_region that \p E refers to (`__ferry_region`,
  /// `&__ferry_region`): its initializer's first string.
  static std::string regionName(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
      E = UO->getSubExpr()->IgnoreParenImpCasts();
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    const auto *Init = VD ? dyn_cast_or_null<InitListExpr>(VD->getInit()) : nullptr;
    if (!Init || Init->getNumInits() == 0)
      return "";
    const auto *S = dyn_cast<StringLiteral>(Init->getInit(0)->IgnoreParenImpCasts());
    return S && S->isOrdinary() ? S->getString().str() : "";
  }

  Checker &C;
  ASTContext &Ctx;
  ClosureNames *Names;
};

} // namespace

void checkDeviceCode(ASTContext &Ctx, DiagnosticsEngine &DE, ClosureNames *Names) {
  Checker C(Ctx, DE);
  // The unit's own declarations: those of a precompiled header (Ferry's
  // own, or the user's) hold no region of this unit, and walking them would
  // load every declaration the PCH has.
  RegionFinder Finder(C, Ctx, Names);
  for (Decl *D : Ctx.getTranslationUnitDecl()->noload_decls())
    Finder.TraverseDecl(D);
}

} // namespace plugin
} // namespace ferry
