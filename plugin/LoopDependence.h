//===- LoopDependence.h - The dependence test of a loop construct -*- C++
//-*-===//
///
/// \file
/// What the dependence test (DependenceTest.h) is told of a loop construct
/// that spreads only when Ferry proves its iterations independent (a
/// `kernels` loop without `independent`, `auto`): its body as written (the
/// loops nested in it that were already rewritten put back), the arrays
/// that cannot overlap (named with a section in a data clause, or of array
/// type), its reductions and its private variables.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_LOOPDEPENDENCE_H
#define FERRY_PLUGIN_LOOPDEPENDENCE_H

#include "AccContext.h"
#include "DependenceTest.h"

namespace ferry {
namespace plugin {

/// \p Body with each loop of \p Nested that was rewritten put back as
/// written (loops nested in those are in \p Nested too).
TokenList asWritten(llvm::ArrayRef<clang::Token> Body, llvm::ArrayRef<InnerLoop> Nested);

/// Why the iterations of \p L, the loop of \p D, may depend on each other
/// (empty: proven independent); the loops nested in it that were rewritten
/// (\p Nested) are read as written. A proof that takes two arrays for
/// distinct memory on the condition that their ranges do not overlap adds
/// the pair to \p Assumed, which the region's launch compares
/// (NestedLoops::AssumedDistinct); with \p Assumed null it takes none.
std::string findLoopDependence(clang::Preprocessor &PP, AccContext &Ctx,
                               const Directive &D, const CanonicalLoop &L,
                               llvm::ArrayRef<InnerLoop> Nested, OverlapPairs *Assumed);

/// A scalar that the gang (or worker) running the iteration around \p L
/// (the loop of \p D nested in a region's iteration) shares and that
/// \p L's iterations update (\p How: "updates 'x' atomically, a scalar
/// declared in the iteration around it", ...): atomically, in place, or by
/// an assignment that is not the first thing each iteration does to it
/// unconditionally (`if (x < 0) found = 1;`). Such scalars are those the
/// iteration declares, those of `private`/`firstprivate` clauses around
/// \p L, and the local scalars declared before a `parallel` or `serial`
/// construct that no data or reduction clause names (firstprivate: a copy
/// per gang). OpenACC shares them among the work-items of the gang, where
/// Ferry keeps a copy per work-item. Its name, or empty.
std::string findIterationScalarUpdate(clang::Preprocessor &PP, AccContext &Ctx,
                                      const Directive &D, const CanonicalLoop &L,
                                      std::string &How);

/// Whether \p L updates such a scalar (findIterationScalarUpdate), which
/// makes it run in order inside the iteration; a missed remark says why.
bool updatesIterationScalar(clang::Preprocessor &PP, AccContext &Ctx, const Directive &D,
                            const CanonicalLoop &L);

/// The element or scalar that every iteration of \p L, the loop of \p D,
/// certainly updates (DependenceTest.h, findCertainConflict, which sets
/// \p Conditional); empty when there is none.
std::string findLoopConflict(clang::Preprocessor &PP, const Directive &D,
                             const CanonicalLoop &L, llvm::ArrayRef<InnerLoop> Nested,
                             bool &Conditional);

/// The element iterations k and k + 1 of \p L (a pivot loop) both write in
/// a triangular nest (DependenceTest.h, findTriangularConflict), \p Tail the
/// loop whose range starts at k; empty when there is none.
std::string findPivotConflict(clang::Preprocessor &PP, const CanonicalLoop &L,
                              llvm::ArrayRef<InnerLoop> Nested, std::string &Tail);

/// Tries to prove the iterations of \p Nest (one loop, or the levels
/// `collapse`/`tile` join) independent, each level with the enclosing
/// levels' variables fixed, so that no two iterations of the nest meet;
/// says why not in a missed remark when it cannot.
bool proveNestIndependent(clang::Preprocessor &PP, AccContext &Ctx,
                          const Directive &D,
                          llvm::ArrayRef<CanonicalLoop> Nest,
                          llvm::ArrayRef<InnerLoop> Nested, OverlapPairs &Assumed);

/// A plain loop of `kernels` (an implicit `loop`) whose iterations are
/// proven independent, and whose body is one plain rectangular `for` loop
/// whose iterations are proven independent too (with the outer variables
/// fixed), runs with it as one collapsed nest, as deep as that goes: \p Nest
/// gets the joined levels. Loops that are not canonical, use `break`, or
/// depend on each other stay in the body, in order.
void joinPlainLoops(clang::Preprocessor &PP, AccContext &Ctx, const Directive &D,
                    llvm::SmallVectorImpl<CanonicalLoop> &Nest, OverlapPairs &Assumed);

/// Parses the `for` header \p Header (without parentheses) into \p L without
/// diagnostics: false when it is not canonical.
bool quietHeader(clang::Preprocessor &PP, clang::SourceLocation Loc,
                 llvm::ArrayRef<clang::Token> Header, CanonicalLoop &L);

/// A plain loop of `kernels` whose body is plain loops (SourceScanner's
/// control loops), \p Stmt as written: empty when its iterations are proven
/// independent (it is a loop construct), else why not (it runs as the
/// construct's sequential control, the loops inside as loops of their own).
std::string controlLoopDependence(clang::Preprocessor &PP, AccContext &Ctx,
                                  const Directive &D, llvm::ArrayRef<clang::Token> Stmt,
                                  std::string &Var, OverlapPairs *Assumed);

} // namespace plugin
} // namespace ferry

#endif
