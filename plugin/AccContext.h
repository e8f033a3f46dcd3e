//===- AccContext.h - The handler's state for one compilation ---*- C++ -*-===//
///
/// \file
/// What the `acc` pragma handler knows while it rewrites one translation
/// unit: the constructs whose associated statements are being lexed now (a
/// nested directive is handled while its enclosing one lexes ahead, so they
/// form a stack, innermost last), the file lexers of the directives being
/// handled, the compilation's Sema (none under -E) and whether remarks are
/// on. Each handler owns one: nothing is process-wide.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_ACCCONTEXT_H
#define FERRY_PLUGIN_ACCCONTEXT_H

#include "CanonicalLoop.h"
#include "DependenceTest.h"
#include "Directive.h"
#include "LambdaRoutines.h"
#include "StatementLexer.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

#include <memory>
#include <optional>
#include <vector>

namespace clang {
class QualType;
class Sema;
class NamedDecl;
class VarDecl;
class CXXRecordDecl;
} // namespace clang

namespace ferry {
namespace plugin {

class ClosureNames;

/// `parallel`, `kernels`, `serial` (not combined with `loop`).
bool isComputeOnly(ConstructKind K);
/// A compute construct, alone or combined with its loop.
bool isComputeConstruct(ConstructKind K);
/// A data or device directive: host code (OpenACC 3.3 2.6, 2.14), never in
/// a compute construct or a `routine`'s body.
bool isHostDirective(ConstructKind K);

/// Whether a variable of type \p T that the code uses as a scalar is taken
/// for one: an arithmetic type, or a dependent type not known to be a class,
/// an array, a pointer or a reference (a template's `T`, `typename
/// T::value_type`, a generic lambda's `auto`), whose variables the rewrite
/// decides on before the template is instantiated, as it does for `float`.
bool isScalarOrDependent(clang::QualType T);
/// Whether \p VD is a local scalar variable that a region's clauses
/// decide on (OpenACC's implicit `copy` in `kernels`, firstprivate in
/// `parallel`): not global or static, not `const`, of a type
/// isScalarOrDependent takes (a reference to one: the scalar it names).
bool isLocalScalar(const clang::VarDecl *VD);
/// The type a reference of type \p T names (a template's dependent
/// reference stays itself); \p T itself for any other type.
clang::QualType referredType(clang::QualType T);
/// The type `x[i]` has for `x` of type \p T (an array's or a pointer's
/// element), or null.
clang::QualType subscriptedType(clang::QualType T);

/// What to map instead of class object \p Name of type \p T, whose own
/// bytes hold pointers to the memory it owns, as clause \p Clause with
/// section \p Section: through its `data()` (a std::vector), through what
/// its `operator->` points to (a smart pointer to a container), its
/// `get()` (a smart pointer), else in general terms.
std::string ownedMemoryRemedy(clang::QualType T, llvm::StringRef Name, llvm::StringRef Clause,
                              llvm::StringRef Section);

/// A `loop` nested in a region's iteration, as written.
struct InnerLoop {
  /// Loop \p L of directive \p D, written as \p Written; plain where D
  /// has no reduction, private, collapse or tile clause.
  InnerLoop(const CanonicalLoop &L, const Directive &D, const TokenList &Written);

  CanonicalLoop Loop;
  size_t RewrittenTokens = 0; ///< how many tokens it was rewritten into
  bool Plain = false;         ///< no reduction, private, collapse or tile
  clang::SourceLocation Loc;
  std::string Remark; ///< said once the region knows how it runs
  /// The loop as written (`for (...) body`), and the location of the first
  /// token it was rewritten into: the region's dependence test reads the
  /// loop as written in place of its rewritten form.
  TokenList Original;
  clang::SourceLocation RewrittenAt;
  /// The variables its private, firstprivate and reduction clauses name:
  /// its own, not the enclosing construct's.
  llvm::SmallVector<const clang::IdentifierInfo *, 2> OwnNames;
  /// Those of its private and firstprivate clauses alone.
  llvm::SmallVector<const clang::IdentifierInfo *, 2> PrivateNames;
};

/// Adds the variables \p D's private, firstprivate and (unless
/// \p PrivateOnly) reduction clauses name (not members) to \p Out: a nested
/// loop's own.
void addOwnNames(const Directive &D,
                 llvm::SmallVectorImpl<const clang::IdentifierInfo *> &Out,
                 bool PrivateOnly = false);

/// A `private` or `firstprivate` array section (`c[lo:len]` of a pointer,
/// or of an array) that gets a copy per gang, worker or work-item: the region
/// declares the copy (ferry::acc::private_section, named Name) before it
/// launches, and the loop that names it binds `c` to it.
struct PrivateSection {
  /// Whose copy: ferry::acc::private_scope's enumerators, by name.
  enum Scope { Gang, WorkItem, Worker };
  bool First = false; ///< firstprivate
  Scope Of = Gang;
  VarRef Var;
  std::string Name; ///< `__ferry_private_N`
};

/// A value per device type: the DeviceTypeBit types, and the value.
using PerDeviceType = std::vector<std::pair<unsigned, TokenList>>;

/// What the `loop` constructs nested in a region's iterations tell it.
struct NestedLoops {
  /// Some spread over each gang's work-items (FERRY_REGION_NESTED).
  bool Spread = false;
  /// Some of those have reductions (FERRY_REGION_WARP_GANGS).
  bool Reduce = false;
  /// One of them is a worker loop holding vector loops
  /// (FERRY_REGION_WORKERS).
  bool Workers = false;
  /// Those loops: a region whose body is one of them alone, rectangular and
  /// plain, joins it into a collapsed nest instead.
  std::vector<InnerLoop> Loops;
  /// What the private, firstprivate and reduction clauses of nested loops
  /// that run in order name (InnerLoop::OwnNames of those not recorded).
  llvm::SmallVector<const clang::IdentifierInfo *, 4> InOrderOwnNames;
  /// Those of their private and firstprivate clauses alone.
  llvm::SmallVector<const clang::IdentifierInfo *, 4> InOrderPrivateNames;
  /// Pairs of arrays (names) the dependence tests of these loops, and of the
  /// region's own, took for distinct memory on the condition that their
  /// ranges do not overlap: the launch compares them (OverlapPairs).
  OverlapPairs AssumedDistinct;
  /// What the private and firstprivate clauses of every loop construct
  /// nested in it, at any depth, name (however each runs).
  llvm::SmallVector<const clang::IdentifierInfo *, 4> NestedPrivateNames;
  /// `vector(n)` / `vector(length: n)` of one of those: the gang's width.
  TokenList VectorLength;
  /// `worker(n)` / `worker(num: n)` of one of those: the gang's workers.
  TokenList NumWorkers;
  /// The same for some device types (after device_type), with their types.
  PerDeviceType NumWorkersPerType;
};

/// A construct whose statement is being lexed.
struct OpenConstruct {
  const Directive *D = nullptr;
  /// A compute construct that runs as one region (one work-item on a GPU,
  /// its loops in order inside).
  bool OneRegion = false;
  /// A compute construct whose code around its loops runs on the host, its
  /// loops as regions of their own (sequential control such as time steps).
  bool HostControl = false;
  /// For a compute construct that is one region or host control: the
  /// reduction variables of its loops declared before it, which it shares
  /// with the host (the copy that a loop reduction implies on its compute
  /// construct).
  llvm::SmallVector<clang::Token, 4> ImpliedCopy;
  /// For a loop construct that is a region: what the loops nested in its
  /// iterations need of it.
  NestedLoops Nested;
  /// A loop nested in a region's iteration: the FERRY_LEVEL_* it spreads
  /// over, 0 when it runs in order (a vector loop without a level clause may
  /// become a worker loop).
  int Level = 0;
  /// That loop has no level clause: it is the worker loop of a three-level
  /// nest when it holds loops of its own.
  bool AutoLevel = false;
  /// That loop spreads only if Ferry proves its iterations independent (in
  /// `kernels` without `independent`, or `auto`), which is known once its
  /// body is read: the loops inside it run in order.
  bool NeedsProof = false;
  /// For a region (a loop construct, or a compute construct that is one
  /// region): the private sections of the loops inside it. For a loop
  /// nested in a region's iteration: those of the loops in order in its
  /// body, whose copies are per worker or per work-item as it turns out to
  /// be a worker loop or not (it hands them to the region then).
  std::vector<PrivateSection> Privates;
  /// For a compute construct whose statement is being lexed: its tokens so
  /// far (a loop construct inside may take back what stands before it).
  TokenList *Lexed = nullptr;
  /// For a loop construct whose body is being lexed: its statement so far,
  /// which starts with the headers of the \c NestLoops loops it applies to
  /// (`for (...)`, more under `collapse` or `tile`; nestHeaders).
  const TokenList *LexedLoop = nullptr;
  unsigned NestLoops = 1;
};

/// `=`, a compound assignment, `++` or `--`.
bool isUpdateOperator(const clang::Token &T);

/// The index of the token after the balanced square brackets that Body[I]
/// opens (Body.size() when they do not close).
size_t skipBrackets(llvm::ArrayRef<clang::Token> Body, size_t I);

/// Adds to \p Names the names \p Body declares itself (`int i = 0`,
/// `double t[4];`): its own, not the outer variables' (a lookup may still
/// see the variables of the statement before the construct, which the
/// parser has not left).
void addDeclaredInBody(llvm::ArrayRef<clang::Token> Body,
                       llvm::SmallPtrSetImpl<const clang::IdentifierInfo *> &Names);

/// Adds to \p Names the variables of the `for` loops in \p Body that their
/// headers assign (`int k;` ... `for (k = 0; ...)`, C89's style): each
/// iteration of the loop around starts them anew.
void addForHeaderVariables(llvm::ArrayRef<clang::Token> Body,
                           llvm::SmallPtrSetImpl<const clang::IdentifierInfo *> &Names);

class AccContext {
public:
  void setSema(clang::Sema *S) { TheSema = S; }
  void setRemarks(bool On) { RemarksOn = On; }
  bool remarks() const { return RemarksOn; }

  /// The variables `atomic` constructs update (the location of their `x`
  /// as written, which their rewritten statement keeps): a loop whose
  /// iterations update a firstprivate scalar atomically is warned about
  /// (LoopConstruct::warnFirstprivateUpdates).
  void markAtomicTarget(clang::SourceLocation X) { AtomicTargets.insert(X.getRawEncoding()); }
  bool atomicTarget(clang::SourceLocation X) const {
    return AtomicTargets.contains(X.getRawEncoding());
  }

  /// The file lexers of the `#pragma acc` lines being handled (lexInFile).
  DirectiveLexers &directiveLexers() { return Lexers; }
  const DirectiveLexers &directiveLexers() const { return Lexers; }

  /// Whether \p Name names a variable declared before the construct being
  /// rewritten (the parser stands just before it). False under -E.
  bool declaredBefore(const clang::Token &Name) const;

  /// Keeps \p D open while its statement is lexed.
  class Scope {
  public:
    Scope(AccContext &Ctx, const Directive &D, bool OneRegion = false, bool HostControl = false)
        : Ctx(Ctx) {
      OpenConstruct &Open = Ctx.Open.emplace_back();
      Open.D = &D;
      Open.OneRegion = OneRegion;
      Open.HostControl = HostControl;
    }
    ~Scope() { Ctx.Open.pop_back(); }
    OpenConstruct &get() { return Ctx.Open.back(); }
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;

  private:
    AccContext &Ctx;
  };

  /// The innermost compute or loop construct around the directive being
  /// handled (data constructs do not count).
  std::optional<ConstructKind> enclosingCompute() const;
  /// The innermost open `parallel`, `kernels` or `serial` construct.
  OpenConstruct *enclosingComputeConstruct();
  /// The open loop constructs, outermost first.
  llvm::SmallVector<OpenConstruct *, 4> enclosingLoops();
  /// Adds to \p Names the variables that the sequential control of the
  /// innermost open compute construct declares before the directive being
  /// handled (Sema does not know them yet: the control is being lexed).
  void addControlLocals(llvm::SmallPtrSetImpl<const clang::IdentifierInfo *> &Names) const;
  /// The region the directive being handled is in: the innermost open
  /// compute construct that is one region, else the outermost open loop
  /// construct (null when there is neither).
  OpenConstruct *enclosingRegion();
  /// Whether `-Rpass-missed=ferry` asks why loops are not parallelized.
  void setMissedRemarks(bool On) { MissedOn = On; }
  bool missedRemarks() const { return MissedOn || RemarksOn; }
  /// The pointers named with a section of contiguous memory (pointers to
  /// anything but pointers; no members) in a data clause of \p Own (may be
  /// null) or of an open construct, each with the innermost such clause's
  /// variable: the range of memory the construct's loops reach through it,
  /// known when a region starts (its launch compares such ranges, the
  /// dependence test's OverlapPairs). Without Sema (`-E`), every variable
  /// named with a section.
  llvm::StringMap<const VarRef *> sectionedPointers(clang::Preprocessor &PP,
                                                    const Directive *Own) const;
  /// The variables of array type (not references) that \p Body names,
  /// added to \p Arrays (distinct objects), and the `restrict` pointers,
  /// added to \p Restrict (what they reach overlaps nothing else, by the
  /// program's word, as C99 gives it).
  void addArrayObjects(llvm::ArrayRef<clang::Token> Body, llvm::StringSet<> &Arrays,
                       llvm::StringSet<> &Restrict) const;
  /// The `default` clause that holds for a compute construct here: of the
  /// innermost data construct around it that has one.
  const Clause *enclosingDataDefault() const;
  /// The data clauses of the open `data` constructs, innermost first: their
  /// variables are shared (present) data for the compute constructs inside.
  llvm::SmallVector<const Clause *, 8> enclosingDataClauses() const;
  /// Whether `default(none)` holds for the region of \p D: on it, else on
  /// its compute construct \p Compute, else on the data construct around.
  bool defaultNone(const Directive &D, const Directive *Compute) const;
  /// The data clauses whose variables the region of \p D (a loop of
  /// \p Compute, or null) shares: its own, its compute construct's, those
  /// of the data constructs around it and of the `declare`s \p Body uses.
  llvm::SmallVector<const Clause *, 8> sharedDataClauses(const Directive &D,
                                                         const Directive *Compute,
                                                         llvm::ArrayRef<clang::Token> Body) const;
  /// A `data` construct whose block the parser reads as it is (C: not
  /// lexed ahead, so that the directives inside see its declarations): it
  /// declares the name \p Marker, and it is open wherever a lookup finds
  /// that name, up to the block's end \p End (the parser lexes the
  /// directive after the block's `}` before it leaves the block's scope).
  /// Returns the marker's name.
  std::string openByScope(clang::Preprocessor &PP, const Directive &D, clang::SourceLocation End);
  /// The directive being handled now (scopeOpenHere compares it with the
  /// ends of the blocks).
  void handlingDirectiveAt(clang::SourceLocation At) { DirectiveAt = At; }
  /// C: a `}` enters the token stream right after the token of the file at
  /// \p End is lexed (the end of a data construct's statement that is no
  /// block, which Ferry's `{` opened); forgetCloseAfter takes it back.
  void closeBraceAfter(clang::Preprocessor &PP, clang::SourceLocation End);
  void forgetCloseAfter(clang::SourceLocation End);
  /// C: the program's `{` at \p At is a data construct's block; a
  /// directive before it (`data` stacked on `data`) gets its own braces.
  bool claimBlock(clang::SourceLocation At) { return ClaimedBlocks.insert(At.getRawEncoding()).second; }
  /// A number for the records `routine(name) bind(...)` leaves, distinct in
  /// the translation unit.
  unsigned nextRoutineId() { return RoutineIds++; }
  /// A number for the names of private section copies, distinct in the
  /// translation unit.
  unsigned nextPrivateId() { return PrivateIds++; }
  /// A number for the names of the sums that element reductions accumulate
  /// in (rewriteElementReduction), distinct in the translation unit.
  unsigned nextSumId() { return SumIds++; }

  /// Whether \p Name names a type (a typedef) where the parser stands.
  bool namesType(const clang::Token &Name) const;
  /// Whether \p Name names a type where the parser stands that
  /// isScalarOrDependent takes for a scalar (a typedef of one, a template's
  /// type parameter).
  bool namesScalarType(const clang::Token &Name) const;
  /// The variable \p Name names where the parser stands, or null (also
  /// under -E, where there is no Sema).
  clang::VarDecl *lookupVariable(const clang::Token &Name) const;
  /// The type of \p V's object (`s.x`, `p->data`, `parts[i].pos`: members
  /// of records, elements of arrays and pointers), or null where a type on
  /// the way is not known (a template's dependent type).
  clang::QualType objectType(const VarRef &V) const;
  /// Whether \p Name names one function where the parser stands, defined
  /// there, that computes its result from its arguments alone
  /// (PureFunctions.h): a loop may call it and stay independent.
  bool namesPureFunction(const clang::Token &Name) const;
  /// Whether \p Name names an enumerator where the parser stands.
  bool namesEnumerator(const clang::Token &Name) const;
  /// Whether the directive at \p PragmaLoc stands at namespace scope (false
  /// under -E, where there is no Sema to ask, and in a class, whose inline
  /// member functions' bodies are lexed before they are parsed). A directive
  /// right after the `}` that ends a function body is handled while the
  /// parser is still in that function (the directive is its lookahead): it
  /// is at namespace scope.
  bool atNamespaceScope(clang::SourceLocation PragmaLoc) const;
  /// `routine(name)`: marks every function \p Name names with
  /// `annotate(Annotation)` (so that calls of it without a definition here are
  /// calls into another translation unit). Returns 0 when it names no
  /// function, 4 when nothing of that name is declared, 1 for one function
  /// that is not a non-static member, 3 for a variable that holds a lambda
  /// (its call operator is marked), 2 else.
  int markRoutine(llvm::ArrayRef<clang::Token> Name, llvm::StringRef Annotation) const;
  /// `bind(name)`: the functions \p Target names here are emitted although
  /// the host may never call them (a `static` device version: clang would
  /// leave it out, and the bind would find nothing).
  void keepBindTarget(llvm::StringRef Target, clang::SourceLocation Loc) const;
  /// `kernels`: the local scalar variables \p Body assigns (`x = `, `x += `,
  /// `++x`, `x--`) that no clause of \p Clauses names: OpenACC makes them
  /// `copy` there (`parallel` and `serial` make them firstprivate).
  /// \p Control: the sequential control lexed so far (host control), whose
  /// variables (declared there, of any type) a loop in it that assigns them
  /// shares too: they are the control's, not the loop's.
  TokenList kernelsWrittenScalars(llvm::ArrayRef<clang::Token> Body,
                                  llvm::ArrayRef<const Directive *> Clauses,
                                  llvm::ArrayRef<clang::Token> Control = {}) const;
  /// The aggregates \p Body uses that no clause of \p Clauses, of an open
  /// data construct or of a `declare` names: arrays (of constant or
  /// variable length, not `const`), and local structs, unions and (C++)
  /// trivially copyable class objects that \p Body may change (a struct it
  /// only reads stays a copy in the closure: the same values, its pointers
  /// translated at launch), and (C++) the objects of nonTrivialObjects.
  /// OpenACC makes aggregates `copy` in every compute construct (2.6.2).
  TokenList implicitArrays(llvm::ArrayRef<clang::Token> Body,
                           llvm::ArrayRef<const Directive *> Clauses) const;
  /// C++: the objects of classes that are not trivially copyable
  /// (`std::vector<double> v`, a class owning memory or with a destructor of
  /// its own), local or reached through a local reference, that \p Body
  /// uses and does not declare, but those \p Excluded names, each once: a
  /// copy for the region would run their copy constructor and destructor,
  /// so the region uses them in place. Those that hold pointers are warned
  /// about (ObjectByReference).
  TokenList
  nonTrivialObjects(llvm::ArrayRef<clang::Token> Body,
                    const llvm::SmallPtrSetImpl<const clang::IdentifierInfo *> &Excluded) const;
  /// C++: calls \p Fn with the index in \p Body of the first use of each
  /// variable of local storage it names (not as a member or a qualified
  /// name) and does not declare, but those \p Excluded names.
  void forEachLocalUsed(llvm::ArrayRef<clang::Token> Body,
                        const llvm::SmallPtrSetImpl<const clang::IdentifierInfo *> &Excluded,
                        llvm::function_ref<void(size_t, const clang::VarDecl &)> Fn) const;
  /// C++: the local objects (or references) of a type only the template's
  /// instantiation knows (`const vec<T> &x`, `T alpha`; not pointers or
  /// arrays) that
  /// \p Body uses and does not declare, but those \p Excluded names, each
  /// once: the region captures them through acc.h's capture_object, which
  /// copies a trivially copyable one and uses any other in place, as
  /// nonTrivialObjects' are.
  TokenList
  instanceObjects(llvm::ArrayRef<clang::Token> Body,
                  const llvm::SmallPtrSetImpl<const clang::IdentifierInfo *> &Excluded) const;
  /// The local structs (unions, C++'s trivially copyable class objects)
  /// \p Body may change that are not \p Named: implicitArrays' part. One
  /// whose pointer members \p Body also goes through is warned about
  /// (ChangedStructPointer): its device copy holds the host's pointers.
  TokenList changedStructs(llvm::ArrayRef<clang::Token> Body,
                           const llvm::SmallPtrSetImpl<const clang::IdentifierInfo *> &Named) const;
  /// A function parameter declared as an array (`double A[N][M]`, which C++
  /// makes a pointer) named whole in a data clause maps the declared extent:
  /// the clause becomes `A[0:N]` (a remark says so), as NVHPC does.
  void mapDeclaredExtents(clang::Preprocessor &PP, Directive &D) const;
  /// Checks the variables of \p D's clauses against their declarations:
  /// marks the variable-length arrays (VarRef::Vla) and the pointers
  /// `present` names alone (VarRef::PresentPointee), warns where a clause
  /// likely does not do what its writer meant (a pointer named without a
  /// section, PGI's element idiom), and refuses, with a diagnostic, the
  /// forms Ferry cannot give them; false after one.
  bool checkClauseVariables(clang::Preprocessor &PP, Directive &D) const;
  /// Adds the names of the members of the class whose member function the
  /// parser is in (its bases' too): what `this` names implicitly.
  void addThisMemberNames(llvm::StringSet<> &Names) const;
  /// Whether \p Stmt (a construct's statement, cooked raw tokens) uses the
  /// object of the member function the parser is in: `this`, or the name
  /// of a data member or non-static member function of its class (for a
  /// class being defined, also those its source declares after this
  /// function) that the statement does not declare and no local hides.
  /// \p At: the construct's directive.
  bool usesMembersThroughThis(llvm::ArrayRef<clang::Token> Stmt, clang::SourceLocation At) const;
  /// C++: the class whose member function defined in its body the parser
  /// keeps as tokens for the class's end, and whose directives are handled
  /// meanwhile, before Sema has seen the function's variables (null
  /// elsewhere).
  const clang::CXXRecordDecl *keptBodyClass() const;
  /// In such a body: the names of the function's parameters and of the
  /// locals its source declares before \p At, read from the source; in
  /// \p Pointers, if given, the locals declared with a `*` (`double *p =`).
  void keptBodyNames(
      clang::SourceLocation At, llvm::SmallPtrSetImpl<const clang::IdentifierInfo *> &Parameters,
      llvm::SmallPtrSetImpl<const clang::IdentifierInfo *> &Locals,
      llvm::SmallPtrSetImpl<const clang::IdentifierInfo *> *Pointers = nullptr) const;
  /// Whether \p Name names a variable-length array where the parser stands
  /// (in a template, also an array of a dependent length).
  bool isVariableLengthArray(const clang::Token &Name) const;
  /// Whether Sema is there to answer (not under -E).
  bool inSema() const { return TheSema != nullptr; }
  clang::Sema *sema() const { return TheSema; }
  /// `routine` and `bind` of variables that hold lambdas.
  LambdaRoutines &lambdas() { return Lambdas; }
  /// Where the outliner reads what the plugin knows of the closures.
  void setClosureNames(std::shared_ptr<ClosureNames> N) { Names = std::move(N); }
  /// Region \p Region's closure copies the variables that the
  /// `firstprivate` clauses of \p D and of its compute construct \p Compute
  /// name (ClosureNames::addFirstprivate).
  void noteFirstprivate(llvm::StringRef Region, const Directive &D,
                        const Directive *Compute) const;
  /// A `declare` in a function body: its clause for \p VD holds for the
  /// compute constructs after it that use the variable (the lookup of the
  /// name finds the same declaration while it is in scope).
  void addDeclared(const clang::VarDecl *VD, const Clause &C, const VarRef &V);
  /// The `declare` clauses of the variables \p Body names.
  llvm::SmallVector<const Clause *, 4> declaredUsedIn(llvm::ArrayRef<clang::Token> Body) const;
  /// Adds to \p Named the variables a data clause names for a region with
  /// body \p Body: \p Clauses' own, the open data constructs' and the
  /// `declare`s of what \p Body uses. \p Members: the objects of member
  /// references (`s` of `s.a[0:n]`) too, else only variables named whole.
  void addNamedInDataClauses(llvm::ArrayRef<clang::Token> Body,
                             llvm::ArrayRef<const Directive *> Clauses, bool Members,
                             llvm::SmallPtrSetImpl<const clang::IdentifierInfo *> &Named) const;

  /// A pivot loop that runs as its compute construct's host control
  /// (PivotControl.h): what its warning says.
  struct PivotNote {
    std::string Var, Element, Tail;
  };
  /// The `loop` directive at \p Directive (its `#`) is such a pivot loop.
  void addPivotControl(clang::SourceLocation Directive, PivotNote Note) {
    Pivots[Directive.getRawEncoding()] = std::move(Note);
  }
  const PivotNote *pivotControl(clang::SourceLocation Directive) const {
    auto It = Pivots.find(Directive.getRawEncoding());
    return It == Pivots.end() ? nullptr : &It->second;
  }
  /// The `loop` directive at \p Directive is left out: its loop is a
  /// plain loop of the loop around it (PivotControl.h).
  void addPlainDirective(clang::SourceLocation Directive) {
    PlainDirectives.insert(Directive.getRawEncoding());
  }
  bool plainDirective(clang::SourceLocation Directive) const {
    return PlainDirectives.contains(Directive.getRawEncoding());
  }
  /// The plain loop at \p For holds such a loop, whose variable \p Var
  /// (private to it, as a `loop`'s variable is) the plain loop makes
  /// private.
  void addPlainLoopPrivate(clang::SourceLocation For, const clang::Token &Var) {
    PlainLoopPrivates[For.getRawEncoding()].push_back(Var);
  }
  llvm::ArrayRef<clang::Token> plainLoopPrivates(clang::SourceLocation For) const {
    auto It = PlainLoopPrivates.find(For.getRawEncoding());
    return It == PlainLoopPrivates.end() ? llvm::ArrayRef<clang::Token>() : It->second;
  }

private:
  /// The one declaration \p Name names where the parser stands, or null.
  clang::NamedDecl *lookupSingle(const clang::Token &Name) const;

  unsigned RoutineIds = 0;
  LambdaRoutines Lambdas;
  std::shared_ptr<ClosureNames> Names;
  unsigned PrivateIds = 0;
  unsigned SumIds = 0;
  std::vector<std::pair<const clang::VarDecl *, std::unique_ptr<Clause>>> Declared;
  clang::Sema *TheSema = nullptr;
  llvm::DenseSet<unsigned> AtomicTargets;
  bool RemarksOn = false;
  /// The uses changedStructs and nonTrivialObjects warned about (each once).
  mutable llvm::DenseSet<unsigned> WarnedPointerStructs; ///< raw encodings
  bool MissedOn = false;
  std::vector<OpenConstruct> Open;
  DirectiveLexers Lexers;
  llvm::DenseMap<clang::SourceLocation::UIntTy, PivotNote> Pivots;
  llvm::DenseSet<clang::SourceLocation::UIntTy> PlainDirectives;
  llvm::DenseMap<clang::SourceLocation::UIntTy, llvm::SmallVector<clang::Token, 1>>
      PlainLoopPrivates;
  /// The constructs openByScope keeps, with their markers and the ends of
  /// their blocks (invalid where the source could not be read).
  struct ScopeOpenConstruct {
    std::unique_ptr<Directive> D;
    clang::IdentifierInfo *Marker;
    clang::SourceLocation End;
  };
  std::vector<ScopeOpenConstruct> ScopeOpen;
  clang::SourceLocation DirectiveAt;
  /// Whether closeBraceAfter set the token watcher.
  bool WatchingTokens = false;
  llvm::DenseSet<clang::SourceLocation::UIntTy> ClaimedBlocks;
  /// The constructs of ScopeOpen a lookup sees here, innermost first.
  llvm::SmallVector<const Directive *, 4> scopeOpenHere() const;
};

} // namespace plugin
} // namespace ferry

#endif
