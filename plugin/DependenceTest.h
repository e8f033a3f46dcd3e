//===- DependenceTest.h - Independent iterations of a kernels loop -*- C++ -*-===//
///
/// \file
/// A `kernels` loop without `independent` (a region's loop, or a loop nested
/// in one) runs in parallel only when Ferry proves that its iterations are
/// independent. The test reads the loop's tokens (nested loop constructs
/// put back as written by the caller), as a subscript test at the source
/// level (like the simplest tests of NVHPC's `-Minfo=accel`), and proves
/// independence only when
///  - every variable the body assigns is declared in the body, private to
///    the loop (its `private` clause: a scalar, an array, or a section's
///    copy, each executor's own), a reduction variable, or an array
///    element;
///  - the elements of a reduction array or section are any the body likes
///    (each iteration updates its private copy, combined after the loop);
///  - every other array the body writes has a subscript that is the loop
///    variable plus or minus terms that do not change in the loop (for a
///    nested loop, the enclosing loops' variables among them), written the
///    same in every access to that array in the body (so two iterations
///    never touch one element: they differ in that subscript), or a row
///    `i * W + j + d` in every access (j the variable of the loop over
///    [c, W - c') around the access, j + d inside [0, W)): iteration i
///    touches row i only; a row of rows `(i * V + j) * W + k` (a flattened
///    three-dimensional array) too; parentheses a macro puts around its
///    parameters and value (`((i) * n + (j))`) are read through;
///  - every other array the body indexes is distinct from each array it
///    writes: both declared as arrays (distinct objects), one of them a
///    `restrict` pointer (distinct by the program's word), or declared in
///    the body; or both named with a section of contiguous memory in a
///    data clause of the construct or an enclosing one, or one of them so
///    named and the other an array, which may still be the same memory (two
///    pointer parameters called with one array): the caller compares their
///    ranges when the region starts and runs the loop in order where they
///    overlap (\c LoopMemory, \c OverlapPairs);
///  - the body calls nothing but C math and functions that only compute a
///    value from their arguments (AccContext::callsOnlyPureFunctions), and
///    holds no nested construct and no pointer dereference; a member of an
///    element or a variable (`p[i].x`, `s.k`) is an access of that element
///    or variable (a member array, a member function or `->` is not
///    proven);
///  - a pointer the body declares into an array, alone in its declaration
///    (`double *row = &y[i * n];`, `= y + i * n`, `= A[i]`, `= A`, with
///    `auto` too), is that array: row[j] is y[i * n + j] (the rows of a
///    loop over i are then distinct: a row loop `for (j = 0; j < n; ++j)`
///    may use a variable declared before it); such a pointer used other
///    than as row[e], or an `auto` variable that is no such pointer
///    indexed, is not proven;
///  - an index variable, a scalar the body sets once (`int idx = i * m +
///    j;`, or one assignment statement) to a sum of products of numbers,
///    the loops' variables and names the body never assigns, is read as
///    that value in the subscripts after it, in its block (IndexValues).
/// Anything else is "not proven", with the reason, and the loop runs in
/// order, as before.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_DEPENDENCETEST_H
#define FERRY_PLUGIN_DEPENDENCETEST_H

#include "CanonicalLoop.h"

#include "llvm/ADT/StringSet.h"

#include <string>
#include <utility>
#include <vector>

namespace ferry {
namespace plugin {

/// The prefix of the name of an iteration's own copy of a scalar
/// temporary (`__acc_last_t` for t, privatizeAssignedScalars in
/// ImplicitLoops.h); the test reads `t = __acc_last_t;` as the last
/// iteration handing its value back, not as a write of every iteration.
inline constexpr llvm::StringLiteral LastValuePrefix = "__acc_last_";

/// Whether \p T is a type word of a declaration (`int`, `double`, `const`,
/// `auto`, `size_t`, ...).
bool isTypeWord(const clang::Token &T);
/// Whether the first use of \p Name in \p Body is a plain assignment to it
/// (`k = 0`), not after `.`, `->` or `::`; with \p Unconditionally, before
/// any condition or jump of the body too (each iteration's own value).
bool assignedFirst(llvm::ArrayRef<clang::Token> Body, const clang::Token &Name,
                   bool Unconditionally);

/// Whether \p Name is a C math function (no side effects, arguments by
/// value), which a loop may call and stay independent.
bool isMathCall(llvm::StringRef Name);

/// What the test knows of the memory behind the names a loop indexes.
struct LoopMemory {
  /// Variables of array type: distinct objects.
  llvm::StringSet<> Arrays;
  /// `restrict` pointers: what they reach overlaps nothing else the loop
  /// indexes (C99's word).
  llvm::StringSet<> Restrict;
  /// Pointers named with a section of contiguous memory in a data clause
  /// of the construct or an enclosing one: their ranges are known when the
  /// region starts.
  llvm::StringSet<> Sections;
};

/// Two names a proof took for distinct memory although the program does not
/// say so (two sections, a section and an array): the region's launch
/// compares their ranges and runs the loop in order where they overlap.
struct OverlapPair {
  std::string A, B; ///< A < B
  /// The loop is independent where the two are one array at the same base
  /// (`scale(x, x)` over `a[i] = 2 * b[i]`): no need to run it in order
  /// where the two pointers are equal.
  bool SameBaseIndependent = false;
  bool operator==(const OverlapPair &O) const { return A == O.A && B == O.B; }
};
/// Each pair once, in the order found.
using OverlapPairs = std::vector<OverlapPair>;

/// Empty when the iterations of \p L are proven independent; otherwise
/// why not ("loop-carried dependence on 'a' ..."). \p Memory: what is known
/// of the arrays it indexes; where the proof takes two of them for distinct
/// memory on a condition the launch checks, the pair is appended to
/// \p Assumed, once (none is taken, the loop not proven, when it is null);
/// \p Reductions: the loop's reduction variables; \p Privates: its
/// `private`/`firstprivate` variables, which the body uses as it uses its
/// own declarations; \p PureCalls: the functions besides C math the body
/// may call (each computes a value from arguments passed by value, and
/// reads and writes no other memory); \p WideIntegers: the variables
/// declared outside the body (an iteration's copy `__acc_last_t` by t's
/// type) that are integers of 32 bits or more, which may be index
/// variables (a narrower one wraps: `unsigned char k = i` is not i).
std::string findDependence(clang::Preprocessor &PP, const CanonicalLoop &L,
                           const LoopMemory &Memory, OverlapPairs *Assumed,
                           const llvm::StringSet<> &Reductions,
                           const llvm::StringSet<> &Privates,
                           const llvm::StringSet<> &PureCalls,
                           const llvm::StringSet<> &WideIntegers);

/// A conflict the iterations of \p L certainly have, whatever the program
/// claims (the `independent` that a `loop` in `parallel` implies): its
/// straight-line body (no condition, no jump) updates one array element, or
/// reads and writes one scalar, declared outside the loop, at the same place
/// in every iteration (`x[i] = x[i] + A[i][j] * y[j]` in the loop over j,
/// `s += a[j]` without a reduction); or, under a condition, updates one in
/// place (`if (k != 0) count++;`, `+=`: a race wherever two iterations meet
/// the condition; \p Conditional is then set). Empty when there is none;
/// otherwise the element or variable as written ("x[i]"). \p Reductions and
/// \p Privates as for findDependence.
std::string findCertainConflict(clang::Preprocessor &PP, const CanonicalLoop &L,
                                const llvm::StringSet<> &Reductions,
                                const llvm::StringSet<> &Privates, bool &Conditional);

/// A conflict of \p L's iterations in a triangular nest (a pivot loop, as in
/// LU): its straight-line body holds a loop whose range starts at \p L's
/// variable (`for (i = k + 1; i < n; ++i)`, a tail loop) and writes an
/// array at subscripts that are tail or invariant loops' variables or
/// constants (`A[i][j]`), so iterations k and k + 1 write the same
/// elements. Empty when there is none; otherwise the element as written,
/// and \p Tail says which loop ("i from k + 1").
std::string findTriangularConflict(clang::Preprocessor &PP, const CanonicalLoop &L,
                                   std::string &Tail);

} // namespace plugin
} // namespace ferry

#endif
