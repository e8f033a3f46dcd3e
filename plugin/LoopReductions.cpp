//===- LoopReductions.cpp - A loop construct's reduction clauses ----------===//
///
/// \file
/// See LoopReductions.h.
///
//===----------------------------------------------------------------------===//
#include "LoopReductions.h"

#include "ConstructPieces.h"
#include "Diagnostics.h"
#include "LoopPieces.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace ferry {
namespace plugin {

void LoopReductions::forEach(
    llvm::function_ref<void(const Clause &, const VarRef &)> Fn) const {
  for (const Clause &C : D.Clauses)
    if (C.Kind == ClauseKind::Reduction)
      for (const VarRef &V : C.Vars)
        Fn(C, V);
}

unsigned LoopReductions::sectionCount() const {
  unsigned Sections = 0;
  forEach([&](const Clause &, const VarRef &V) {
    Sections += !V.Sections.empty();
  });
  return Sections;
}

std::string LoopReductions::describe() const {
  std::string Text;
  forEach([&](const Clause &C, const VarRef &V) {
    Text += (Text.empty() ? "" : ", ") + C.ReductionOp + ":" +
            PP.getSpelling(V.Name);
  });
  return Text;
}

/// Whether \p T (an element type) is a complex number: `_Complex T` or
/// std::complex<T>.
static bool isComplexType(QualType T) {
  if (T->isAnyComplexType())
    return true;
  const auto *RD = T->getAsCXXRecordDecl();
  return RD && RD->getName() == "complex" && RD->isInStdNamespace();
}

bool LoopReductions::checkTypes() const {
  for (const Clause &C : D.Clauses) {
    if (C.Kind != ClauseKind::Reduction || C.ReductionOp == "+" ||
        C.ReductionOp == "*")
      continue;
    for (const VarRef &V : C.Vars) {
      const VarDecl *VD = Ctx.lookupVariable(V.Name);
      if (!VD || VD->getType()->isDependentType())
        continue; // the header's static assertion checks instantiations
      QualType T = VD->getType().getNonReferenceType();
      while (true) {
        if (const auto *AT = T->getAsArrayTypeUnsafe())
          T = AT->getElementType();
        else if (!V.Sections.empty() && T->isPointerType())
          T = T->getPointeeType();
        else
          break;
      }
      if (isComplexType(T)) {
        report(PP, V.Name.getLocation(), Diag::ReductionComplexOperator)
            << C.ReductionOp << PP.getSpelling(V.Name)
            << VD->getType().getAsString();
        return false;
      }
    }
  }
  return true;
}

bool LoopReductions::isPointerSection(const VarRef &V) const {
  if (V.Sections.empty())
    return false;
  const VarDecl *VD = Ctx.lookupVariable(V.Name);
  return VD && VD->getType()->isPointerType();
}

void LoopReductions::shareWithHost(OpenConstruct &Compute) const {
  forEach([&](const Clause &, const VarRef &V) {
    if (Ctx.declaredBefore(V.Name) && !isPointerSection(V))
      Compute.ImpliedCopy.push_back(V.Name);
  });
}

void LoopReductions::emitSectionLowers(TokenBuilder &B) const {
  unsigned Section = 0;
  forEach([&](const Clause &, const VarRef &V) {
    if (V.Sections.empty())
      return;
    B.code("const auto __ferry_rlo_" + std::to_string(Section++) + " = (");
    emitLowerBound(B, V.Sections[0]);
    B.code(");");
  });
}

void LoopReductions::emitList(TokenBuilder &B, bool Nested) const {
  B.code("::ferry::acc::reductions(");
  bool First = true;
  unsigned Section = 0;
  forEach([&](const Clause &C, const VarRef &V) {
    B.code(First ? "" : ",");
    First = false;
    if (V.Sections.empty()) {
      // (One Ferry found, on a variable of a template's type: the
      // instantiation checks that it is a scalar, in words that say so.)
      const VarDecl *VD = D.Implicit ? Ctx.lookupVariable(V.Name) : nullptr;
      const bool Found = VD && VD->getType()->isDependentType();
      B.code(Found ? "::ferry::acc::reduce_found<::ferry::acc::op::"
                   : "::ferry::acc::reduce<::ferry::acc::op::")
          .code(reductionOpName(C.ReductionOp))
          .code(">(")
          .tokens(V.Name)
          .code(")");
      return;
    }
    // reduce_section<op, room, nested>(var, lower, length, region, "var")
    const ArraySection &S = V.Sections[0];
    B.code("::ferry::acc::reduce_section<::ferry::acc::op::")
        .code(reductionOpName(C.ReductionOp))
        .code(",")
        .number(constantLength(S))
        .code(Nested ? ", true>(" : ", false>(")
        .tokens(V.Name)
        .code(", __ferry_rlo_" + std::to_string(Section++) + ", (")
        .tokens(S.Length)
        .code((Nested ? "), nullptr, \"" : "), &__ferry_region, \"") +
              PP.getSpelling(V.Name) + "\")");
  });
  B.code(")");
}

void LoopReductions::emitParameters(TokenBuilder &B,
                                    TokenBuilder &Views) const {
  unsigned Section = 0, Array = 0;
  forEach([&](const Clause &, const VarRef &V) {
    if (V.Sections.empty()) {
      // A whole array is reduced as a std::array (acc.h's reduce): the
      // body sees its own type again (`int *p = hist;`, `sizeof hist`).
      const VarDecl *VD = Ctx.lookupVariable(V.Name);
      if (!VD || !isa<ConstantArrayType>(VD->getType().getCanonicalType())) {
        B.code(", auto &").tokens(V.Name);
        return;
      }
      // (Its type named before the copy hides the original's name; an
      // unevaluated use captures nothing.)
      const std::string N = std::to_string(Array++);
      B.code(", auto &__ferry_ra_" + N);
      Views.code("using __ferry_rt_" + N + " = decltype(").tokens(V.Name).code(");");
      Views.code("auto &").tokens(V.Name).code(
          "= ::ferry::acc::as_array<__ferry_rt_" + N + ">(__ferry_ra_" + N + ");");
      return;
    }
    // The private copy of a section, seen through its original indices.
    const std::string N = std::to_string(Section++);
    B.code(", auto &__ferry_rv_" + N);
    Views.code("auto").tokens(V.Name).code(
        "= ::ferry::acc::section_private(__ferry_rv_" + N + ", __ferry_rlo_" +
        N + ");");
  });
}

unsigned LoopReductions::constantLength(const ArraySection &S) const {
  if (S.Length.size() != 1 || !S.Length[0].is(tok::numeric_constant))
    return 0;
  unsigned long long N = 0;
  if (StringRef(PP.getSpelling(S.Length[0])).getAsInteger(0, N) || N == 0 ||
      N > 1024)
    return 0; // reduce_section checks the length at run time
  return unsigned(N);
}

} // namespace plugin
} // namespace ferry
