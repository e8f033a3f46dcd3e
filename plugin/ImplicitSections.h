//===- ImplicitSections.h - Sections of pointers a region subscripts -*- C++ -*-===//
///
/// \file
/// A pointer that a compute region uses but no data clause names points to
/// memory the device may not have: OpenACC leaves the data to the program
/// (the pointer is a scalar, its target is not mapped). NVHPC maps what it
/// can compute instead ("Generating implicit copy(c[:n])"), and so does
/// Ferry where the region's code shows which elements it touches: every use
/// of the pointer is a subscript `p[e]`, `e` an affine expression of the
/// variables of the region's canonical loops (unit steps, bounds that do not
/// change in the region) and of variables the region does not change. The
/// section is the smallest and the largest value of every such `e`, from
/// the loops' bounds, computed on the host when the region starts. The
/// runtime maps it only where the data is not present and the device does
/// not reach host memory (FERRY_DATA_IMPLICIT_COPY / _COPYIN: `copy` when
/// the region writes through the pointer, `copyin` when it only reads).
///
/// No section is inferred, and the region keeps the old rule (the pointer
/// must point to present data), for a pointer that is used otherwise (passed
/// to a function, assigned, dereferenced, `&p[i]`, `p[i][j]`, `p[i].m`),
/// whose elements are not of arithmetic, complex or enumeration type, or
/// whose subscripts are not affine in known loop variables; nor for a use
/// under a condition (`if`, `?:`, `&&`, `||`) or in a loop that can leave
/// early (`break`, `return`, `goto`), where the loops' bounds may reach
/// past the memory the program has.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_IMPLICITSECTIONS_H
#define FERRY_PLUGIN_IMPLICITSECTIONS_H

#include "AccContext.h"
#include "Directive.h"

#include "clang/Lex/Preprocessor.h"

#include <string>
#include <vector>

namespace ferry {
namespace plugin {

/// A section Ferry maps for a pointer no clause names.
struct InferredSection {
  VarRef Var;         ///< the pointer and its one section [lower : length]
  bool Written = false; ///< the region writes through the pointer
  std::string Text;   ///< for messages: "c[0:n]"
};

/// The sections of the pointers \p Body (a region's statement, its loops'
/// headers included) subscripts that neither a clause of \p Clauses, nor an
/// open data construct, nor a `declare` names. Remarks name each one.
std::vector<InferredSection> inferSections(clang::Preprocessor &PP, const AccContext &Ctx,
                                           llvm::ArrayRef<clang::Token> Body,
                                           llvm::ArrayRef<const Directive *> Clauses);

} // namespace plugin
} // namespace ferry

#endif
