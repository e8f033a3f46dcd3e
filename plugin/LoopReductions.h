//===- LoopReductions.h - A loop construct's reduction clauses --*- C++ -*-===//
///
/// \file
/// The `reduction` clauses of a loop construct, as the rewritten loop uses
/// them: the check of their operators against complex variables, the
/// `::ferry::acc::reductions(...)` list of the launch (a scalar is
/// `reduce<op>(var)`, an array section `reduce_section<op, room,
/// nested>(var, lower, length, ...)` whose lower bound is evaluated once,
/// before the launch, as `__ferry_rlo_K`), and the body lambda's parameters
/// that shadow the variables with their private copies. LoopConstruct and
/// NestedLoop emit these pieces in their places of the token stream.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_LOOPREDUCTIONS_H
#define FERRY_PLUGIN_LOOPREDUCTIONS_H

#include "AccContext.h"
#include "TokenBuilder.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace ferry {
namespace plugin {

class LoopReductions {
public:
  LoopReductions(clang::Preprocessor &PP, AccContext &Ctx, const Directive &D)
      : PP(PP), Ctx(Ctx), D(D) {}

  /// Calls \p Fn with each reduction variable and its clause, in order.
  void
  forEach(llvm::function_ref<void(const Clause &, const VarRef &)> Fn) const;
  /// Whether the directive has a `reduction` clause.
  bool any() const { return D.find(ClauseKind::Reduction); }
  /// How many of the variables are array sections.
  unsigned sectionCount() const;
  /// "op:var, ..." for the remarks.
  std::string describe() const;

  /// Operators that do not apply to complex reduction variables; false
  /// after a diagnostic.
  bool checkTypes() const;
  /// A reduction on a section of a pointer (not shared by reference).
  bool isPointerSection(const VarRef &V) const;
  /// The variables declared before the construct (not sections of
  /// pointers) go to \p Compute's implied copy: a compute construct that is
  /// one region or host control shares them with the host.
  void shareWithHost(OpenConstruct &Compute) const;

  /// `const auto __ferry_rlo_K = (lower);` for the K-th section reduction.
  void emitSectionLowers(TokenBuilder &B) const;
  /// `::ferry::acc::reductions(reduce<op>(var), ...)`; a section is
  /// `reduce_section<op, room, Nested>(var, lower, length, ...)`.
  void emitList(TokenBuilder &B, bool Nested) const;
  /// The body lambda's parameters `, auto &var` (a section's copy as
  /// `__ferry_rv_K`), and into \p Views the declarations that show a
  /// section's copy under the variable's name, through its original
  /// indices.
  void emitParameters(TokenBuilder &B, TokenBuilder &Views) const;

private:
  /// A section length that is an integer literal (the room of its private
  /// copies), else 0.
  unsigned constantLength(const ArraySection &S) const;

  clang::Preprocessor &PP;
  AccContext &Ctx;
  const Directive &D;
};

} // namespace plugin
} // namespace ferry

#endif
