//===- ConstructPieces.h - Pieces of a rewritten construct ------*- C++ -*-===//
///
/// \file
/// The parts of a directive's rewritten token stream that loop, block and
/// standalone constructs share: the static `ferry_region` that names the
/// construct, the launch options its `if`/`async`/`wait`/`num_gangs`/
/// `vector_length` clauses decide, its data clauses as `ferry_data_item`s,
/// and the remark of `-fplugin-arg-ferry-remarks`.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_CONSTRUCTPIECES_H
#define FERRY_PLUGIN_CONSTRUCTPIECES_H

#include "AccContext.h"
#include "Directive.h"
#include "ImplicitSections.h"
#include "TokenBuilder.h"

namespace ferry {
namespace plugin {

/// A step of a member chain through a pointer (`->`, or a subscript of a
/// pointer): the chain's first \p End tokens lead to the pointer, \p Lower
/// is the subscript (empty for `->`), \p Loc the step's token.
using ChainPointerStep = llvm::function_ref<void(size_t End, llvm::ArrayRef<clang::Token> Lower,
                                                 clang::SourceLocation Loc)>;

/// The type of the member chain \p Chain (a variable or `this`, then
/// `.m`, `->m` and subscripts `[e]`) in \p S's current scope, each step
/// through a pointer given to \p OnPointer first; null where a step is not
/// known (a dependent type, no such member).
clang::QualType memberChainType(clang::Sema *S, llvm::ArrayRef<clang::Token> Chain,
                                const ChainPointerStep &OnPointer = {});

/// The name of ferry::acc::op for a reduction operator ("+" -> "add").
llvm::StringRef reductionOpName(llvm::StringRef Op);

/// The tokens' spellings, concatenated.
std::string spellingOf(clang::Preprocessor &PP, llvm::ArrayRef<clang::Token> Toks);

/// The remark for a construct (when remarks are on): where it runs
/// (\p Shape), the data it maps, and how the body sees its variables
/// (\p SharesWrittenScalars: a `loop` of `kernels`, whose scalars it assigns
/// are `copy` as the construct's are).
void remark(clang::Preprocessor &PP, const AccContext &Ctx, const Directive &D,
            llvm::StringRef Shape, bool SharesWrittenScalars = false);

/// `::ferry::acc::launch_options __ferry_options;` set from the construct's
/// `if`, `async`, `num_gangs`, `vector_length` and `wait` clauses (the
/// waits happen right there).
void emitOptions(TokenBuilder &B, const Directive &D);

/// The variable with every section as written: "a[0:n][0:m]".
std::string sectionsText(clang::Preprocessor &PP, const VarRef &V);

/// Appends `CAST&(a)[lo], sizeof((a)[0]) * (size_t)(len)` (or `CAST&(a),
/// sizeof(a)` for a whole variable) and returns the clause's text: "a[lo:len]".
/// A section's lower bound, `0` where it is written empty (`a[:n]`).
void emitLower(TokenBuilder &B, const ArraySection &S);
std::string emitRange(clang::Preprocessor &PP, TokenBuilder &B, const VarRef &V,
                      llvm::StringRef Cast);

/// Appends to \p Test `|| (ranges_overlap(<A's range>, <B's range>))` for
/// each pair of \p Pairs (arrays a dependence proof took for distinct
/// memory) whose two names are variables at \p Loc, their sections in the
/// data clauses around \p D or their whole arrays; returns the pairs it
/// compares, "'a' and 'b', ..." (empty: none, and \p Test is unchanged).
std::string emitOverlapTest(clang::Preprocessor &PP, AccContext &Ctx, const Directive &D,
                            clang::SourceLocation Loc, const OverlapPairs &Pairs,
                            TokenBuilder &Test);

/// Declares `__ferry_data` (the construct's data clauses as
/// ferry_data_item[]) and returns how many items it has; 0 declares
/// nothing. \p ImpliedCopy: whole variables copied besides the clauses (a
/// loop reduction's implied copy), unless a data clause names them.
/// \p Sources: sections kept present (`copyin`) while the construct runs,
/// the initial values of firstprivate copies. \p Inferred: the sections of
/// pointers no clause names (ImplicitSections.h), mapped where absent.
/// The rows of \p D's two-dimensional sections of arrays of pointers
/// (`a[0:n][0:m]` of `T **a`), each mapped and attached, left when the
/// block ends (`ferry_acc_rows`, <ferry/acc/rows.h>); nothing for arrays
/// of rows.
void emitRowScopes(clang::Preprocessor &PP, TokenBuilder &B, const Directive &D);
/// The arguments rows.h's functions take for \p V (`a[lo:n][lo2:len2]`):
/// whether its rows are pointers, the pointers, n, and each row's offset
/// and bytes.
void emitRowArguments(clang::Preprocessor &PP, TokenBuilder &B, const VarRef &V);
/// Whether the rows of \p Object are pointers (`T **`), as a constant
/// expression of the translation unit's language.
std::string pointerRows(clang::Preprocessor &PP, llvm::ArrayRef<clang::Token> Object);

unsigned emitDataItems(clang::Preprocessor &PP, TokenBuilder &B, const Directive &D,
                       llvm::ArrayRef<clang::Token> ImpliedCopy = {},
                       llvm::ArrayRef<VarRef> Sources = {},
                       llvm::ArrayRef<InferredSection> Inferred = {},
                       llvm::ArrayRef<clang::Token> InstanceObjects = {});
/// The scope of the \p Items data items emitDataItems wrote for \p D (none:
/// nothing): entered now, left when the construct's block ends (C++: a
/// `data_scope`; C: `ferry_acc_data_scope` with a cleanup), with the row
/// scopes of its sections of pointer rows.
void emitDataScopeOf(clang::Preprocessor &PP, TokenBuilder &B, const Directive &D,
                     unsigned Items);

/// The struct a member item of a `data` or compute construct belongs to
/// (`s` of `s.data[0:n]`, `*p` of `p->data[0:n]`) is in an implicit `copy`
/// clause put first, unless a data clause names it: OpenACC's implicit
/// `copy` of an aggregate a compute construct uses, entered before its
/// members so that their pointers are attached in its device copy, and the
/// region reads the struct through that device copy.
void addMemberRoots(clang::Preprocessor &PP, const AccContext &Ctx, Directive &D);

/// A compute construct in a C++ member function (\p Combined: `parallel
/// loop`, `kernels loop`, `serial loop`; else `parallel`, `kernels`,
/// `serial` whose statements outside their loops are not the host's) whose
/// statement uses members through `this`, where no clause of it or of an
/// enclosing data construct names the object (nor a `default(none)` or
/// `default(present)`): `this` in an implicit `copy` clause put first
/// (`copyin` in a const member function), OpenACC's implicit `copy` of the
/// aggregate the region uses (NVHPC's `copy(this[:1])`): present where the
/// class entered itself, else copied in and out around the construct. A
/// construct whose other statements run on the host (host control) uses
/// the object where the device has it: the host's statements keep the
/// host's object theirs.
void addImplicitThis(clang::Preprocessor &PP, const AccContext &Ctx, Directive &D,
                     clang::SourceLocation PragmaLoc, bool Combined);

/// `static const ::ferry_region __ferry_region = {...};` for the directive;
/// \p Flags are FERRY_REGION_* bits. Returns the region's name.
std::string emitRegion(clang::Preprocessor &PP, TokenBuilder &B, const Directive &D,
                clang::SourceLocation PragmaLoc, unsigned Flags);

} // namespace plugin
} // namespace ferry

#endif
