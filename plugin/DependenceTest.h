//===- DependenceTest.h - Independent iterations of a kernels loop -*- C++ -*-===//
///
/// \file
/// A `kernels` loop without `independent` runs in parallel only when Ferry
/// proves that its iterations are independent. The test reads the loop's
/// tokens, as a subscript test at the source level (like the simplest tests
/// of NVHPC's `-Minfo=accel`), and proves independence only when
///  - every variable the body assigns is declared in the body, a reduction
///    variable, or an array element;
///  - every array the body writes is indexed by the loop variable, plus or
///    minus a term that does not change in the loop, in its first
///    subscript, and every access to that array in the body uses the very
///    same subscripts (so two iterations never touch one element);
///  - every array the body indexes is named with a section in a data clause
///    of the construct or an enclosing one, or declared in the body:
///    distinct data clauses are the program's word that arrays do not
///    overlap (no other aliasing is assumed away);
///  - the body calls nothing but C math and holds no nested construct,
///    no pointer dereference and no member access.
/// Anything else is "not proven", with the reason, and the loop runs in
/// order, as before.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_DEPENDENCETEST_H
#define FERRY_PLUGIN_DEPENDENCETEST_H

#include "CanonicalLoop.h"

#include "llvm/ADT/StringSet.h"

#include <string>

namespace ferry {
namespace plugin {

/// Empty when the iterations of \p L are proven independent; otherwise
/// why not ("loop-carried dependence on 'a' ..."). \p Mapped: arrays named
/// with a section in a data clause; \p Reductions: the loop's reduction
/// variables.
std::string findDependence(clang::Preprocessor &PP, const CanonicalLoop &L,
                           const llvm::StringSet<> &Mapped,
                           const llvm::StringSet<> &Reductions);

} // namespace plugin
} // namespace ferry

#endif
