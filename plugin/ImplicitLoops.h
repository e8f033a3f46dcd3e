//===- ImplicitLoops.h - Plain loops and statements as constructs -*- C++ -*-===//
///
/// \file
/// What Ferry makes of code written without directives inside `kernels` and
/// `parallel`: the reductions a plain loop's `reduction` clause would name,
/// a loop whose one statement accumulates into an array element (as a
/// reduction into a scalar of the iteration), and the device statements of
/// host control (a statement in a `loop seq` of one iteration).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_IMPLICITLOOPS_H
#define FERRY_PLUGIN_IMPLICITLOOPS_H

#include "AccContext.h"
#include "Directive.h"

#include "clang/Lex/Preprocessor.h"

#include <memory>
#include <vector>

namespace ferry {
namespace plugin {

/// A new implicit `loop` directive at \p Loc (a plain loop Ferry takes as a
/// loop construct) of the construct \p In, kept in \p Store.
Directive &addImplicitLoop(std::vector<std::unique_ptr<Directive>> &Store,
                           clang::SourceLocation Loc, ConstructKind In);

/// Puts \p Toks, lexed ahead, back in the token stream.
void putBack(clang::Preprocessor &PP, llvm::ArrayRef<clang::Token> Toks);

/// Lexes the statement next in the token stream into \p Stmt, and puts it
/// back when \p Back (or on an error, which it reported: false).
bool lexStatement(clang::Preprocessor &PP, const AccContext &Ctx, TokenList &Stmt, bool Back);

/// Whether the `for` statement next in the token stream (left there) has a
/// canonical header, which a loop construct needs; no diagnostics.
bool nextLoopIsCanonical(clang::Preprocessor &PP, const AccContext &Ctx,
                         clang::SourceLocation Loc);

/// The device statement next in the token stream as the loop of one
/// iteration `for (...) { statement }` that \p Statement (made a `loop
/// seq`) launches as a region of one work-item; false after an error.
bool wrapDeviceStatement(clang::Preprocessor &PP, const AccContext &Ctx, Directive &Statement);

/// Adds to \p Loop (an implicit loop, next in the token stream) the
/// `reduction` clauses its code implies: a scalar declared before the
/// construct, updated by one statement (`s += e;`, `s -= e;`, `s *= e;`,
/// `s = s + e;`, `s = s - e;`, `s = s * e;` with `e` binding as a whole,
/// `|=`, `&=`, `^=` on integers) and named nowhere else in the loop; for a
/// loop nested in an iteration or in a construct's sequential control,
/// also one \p Enclosing (the iteration's or the control's tokens so far)
/// declares with an arithmetic type.
void addImplicitReductions(clang::Preprocessor &PP, AccContext &Ctx, Directive &Loop,
                           llvm::ArrayRef<clang::Token> Enclosing = {});

/// A `kernels` loop marked `independent` (`kernels loop independent`, or a
/// `loop independent` of `kernels` in no other loop) whose nest updates a
/// scalar declared before the construct as addImplicitReductions' do (`s
/// += e` in its nested loop, named nowhere else, in no clause): the
/// reduction, added to \p Loop, which NVHPC infers and PGI-era codes rely
/// on (TeaLeaf's cg_calc_ur). Without it every iteration updated the one
/// copy: updates lost. \p PragmaLoc: the directive's `#`, from where its
/// statement is read in the source (its nested directives not handled yet).
/// A `kernels loop` without `independent` (or `seq`) gets those reductions
/// too, as a plain loop of `kernels` does, before its dependence test.
void addIndependentNestReductions(clang::Preprocessor &PP, AccContext &Ctx, Directive &Loop,
                                  clang::SourceLocation PragmaLoc);

/// The plain loop of `kernels` next in the token stream, with each scalar
/// that an iteration assigns before it uses it (`t = a[i] * 2;` as the
/// first statement to name t, at the top of the body of the loop or of a
/// `for` nested in it) made the iteration's own: it becomes
/// `__acc_last_t`, declared at the top of that body (`__typeof__(t)`), and
/// the last iteration of the nest hands its value to t
/// (`if (last) t = __acc_last_t;`), so the value after the loop is the
/// sequential program's (NVHPC privatizes such scalars too). Variables a
/// data clause names, globals and loops with `break`, `continue`, `goto`
/// or `return` are left as they are. The tokens are back in the stream.
/// (Also for the loops with a directive that must be proven:
/// LoopConstruct::privatizeTemporaries.)
/// (\p Constructs: the construct, and the loop's directive where it has one
/// of its own, whose clauses name the variables left alone.)
void privatizeAssignedScalars(clang::Preprocessor &PP, AccContext &Ctx,
                              llvm::ArrayRef<const Directive *> Constructs);
/// privatizeAssignedScalars's rewriting of the loop \p Stmt of
/// \p Constructs: a plain loop as written, or a loop construct's statement
/// as lexed (its nested loops rewritten; a name they declare again is
/// renamed with the rest), behind the headers of the loops around it.
/// \p LeftAlone: variables left as they are too (those of the clauses of
/// the loop constructs nested in it).
TokenList withAssignedScalarsPrivate(clang::Preprocessor &PP, AccContext &Ctx,
                                     llvm::ArrayRef<const Directive *> Constructs,
                                     llvm::ArrayRef<clang::Token> Stmt,
                                     llvm::ArrayRef<const clang::IdentifierInfo *> LeftAlone = {});

/// A plain loop nested in an implicit loop's iteration, next in the token
/// stream, whose body is one statement `X op= e;` (op `+`, `-` or `*`) that
/// accumulates into an element X of an array a data clause maps, at
/// subscripts the loop does not change, the array named nowhere else in
/// it: a dot product. It becomes `{ T s = 0; for (...) s op= e; X op= s; }`
/// with `reduction(op:s)` on \p Loop, and \p Rewrite handles the loop;
/// true when that was done (else the tokens are back in the stream).
bool rewriteElementReduction(clang::Preprocessor &PP, AccContext &Ctx, Directive &Loop,
                             llvm::function_ref<void()> Rewrite);

} // namespace plugin
} // namespace ferry

#endif
