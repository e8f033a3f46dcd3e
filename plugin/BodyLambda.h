//===- BodyLambda.h - The lambda a rewritten loop runs ----------*- C++ -*-===//
///
/// \file
/// A loop construct's body becomes a lambda that parallel_loop,
/// inner_loop or host_control call: this file writes its capture list and
/// its parameters. Scalars are firstprivate (captured by copy); what a data
/// clause (of the construct, its compute construct, the data constructs
/// around it, a `declare` in the function) names is shared (by reference,
/// a section's base as a pointer by value, a deviceptr as is);
/// `default(none)` drops the capture-default so that Sema names every
/// variable the body uses without a clause. The parameters are the index,
/// the private frame, and the reductions' private copies, which shadow the
/// variables so that the body is unchanged.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_BODYLAMBDA_H
#define FERRY_PLUGIN_BODYLAMBDA_H

#include "LoopPrivates.h"
#include "LoopReductions.h"

#include "llvm/ADT/SmallPtrSet.h"

namespace ferry {
namespace plugin {

/// What the lambda captures besides the clauses' variables.
struct ImpliedCaptures {
  /// Shared besides the data clauses (implied copy, kernels scalars).
  llvm::ArrayRef<clang::Token> Shared;
  /// Captured by copy under default(none): names the rewritten code
  /// declares (tiles, chunks, the compute options).
  llvm::ArrayRef<clang::Token> Copies;
  /// Levels of a collapsed nest (their `__ferry_lo/st/nK`), else 0.
  unsigned CollapseLevels = 0;
  /// A template's objects captured through capture_object (instanceObjects).
  llvm::ArrayRef<clang::Token> Objects = {};
};

class BodyLambda {
public:
  BodyLambda(clang::Preprocessor &PP, AccContext &Ctx, const Directive &D,
             clang::SourceLocation PragmaLoc, const LoopReductions &Reductions,
             const LoopPrivates &Privates)
      : PP(PP), Ctx(Ctx), D(D), PragmaLoc(PragmaLoc), Reductions(Reductions),
        Privates(Privates) {}

  /// The capture list, after its `[`: \p Compute is the compute construct
  /// of a `loop` (null for a combined construct), \p Body what the lambda
  /// runs (for the variables of `declare` directives that it uses).
  void emitCaptures(TokenBuilder &B, llvm::ArrayRef<clang::Token> Body,
                    const Directive *Compute,
                    const ImpliedCaptures &Implied) const;
  /// The lambda from its parameters on: the index, the reductions' private
  /// copies (a section's seen through section_private under its name), the
  /// own private sections bound to their copies (\p Frame: the lambda takes
  /// the private_frame), and the body of \p L.
  void emitParameters(TokenBuilder &B, const CanonicalLoop &L,
                      bool Frame, llvm::ArrayRef<clang::Token> Objects = {}) const;
  /// The template's objects of a type only its instantiation knows that the
  /// region of \p Body captures through acc.h's capture_object
  /// (AccContext::instanceObjects), but those a clause names (on \p D, its
  /// compute construct \p Compute, a data construct around), \p Implied
  /// shares, and the loop's own variable \p LoopVar. None under
  /// `default(none)` (Sema asks for a clause) or with `async` (the region
  /// runs later, from a copy of its captures).
  TokenList instanceObjects(llvm::ArrayRef<clang::Token> Body, const Directive *Compute,
                            llvm::ArrayRef<clang::Token> Implied,
                            const clang::Token *LoopVar) const;
  /// The names of \p Objects bound again inside the lambda, to the object
  /// or the copy its capture holds.
  static void emitObjectBindings(TokenBuilder &B, clang::Preprocessor &PP,
                                 llvm::ArrayRef<clang::Token> Objects);
  /// The `deviceptr` variables emitCaptures captured as device addresses
  /// bound again inside the lambda, as the pointers they hold.
  void emitDeviceptrBindings(TokenBuilder &B) const;

private:
  class CaptureList;
  /// Adds to \p Names the variables the region has copies of its own:
  /// reductions, private sections, and what the `private` and
  /// `firstprivate` clauses of \p D and \p Compute name.
  void addRegionCopies(const Directive *Compute,
                       llvm::SmallPtrSetImpl<const clang::IdentifierInfo *> &Names) const;
  /// `Name` by copy (`Name = Name` with static storage).
  void captureCopy(CaptureList &List, const clang::Token &Name) const;
  /// The structured bindings \p Body uses, by init-capture (before C++20).
  void captureBindings(CaptureList &List, llvm::ArrayRef<clang::Token> Body,
                       const llvm::SmallPtrSetImpl<const clang::IdentifierInfo *> &Shared,
                       llvm::SmallPtrSetImpl<const clang::IdentifierInfo *> &Copied) const;
  /// Whether \p Name is a variable with static storage (a global, a
  /// static): a lambda captures none of those by name.
  bool hasStaticStorage(const clang::Token &Name) const;
  /// `&Name = Name` (a variable with static storage: through acc.h's
  /// in_place).
  void captureReference(CaptureList &List, const clang::Token &Name) const;
  /// Captures the shared variables, each once, into \p Shared, and
  /// \p Objects through capture_object.
  void captureShared(
      CaptureList &List, llvm::ArrayRef<clang::Token> Body,
      const Directive *Compute, llvm::ArrayRef<clang::Token> Implied,
      llvm::ArrayRef<clang::Token> Objects,
      llvm::SmallPtrSetImpl<const clang::IdentifierInfo *> &Shared) const;
  /// Records in UnnamedCaptures which of \p Captured \p Body never names.
  void noteUnnamedCaptures(const llvm::SmallPtrSetImpl<const clang::IdentifierInfo *> &Captured,
                           llvm::ArrayRef<clang::Token> Body) const;
  /// Under default(none): the private variables and the names the
  /// rewritten code declares, by copy.
  void captureCopies(
      CaptureList &List, const ImpliedCaptures &Implied,
      const llvm::SmallPtrSetImpl<const clang::IdentifierInfo *> &Shared) const;

  clang::Preprocessor &PP;
  AccContext &Ctx;
  const Directive &D;
  clang::SourceLocation PragmaLoc;
  const LoopReductions &Reductions;
  const LoopPrivates &Privates;
  /// What captureShared captured as device addresses.
  mutable TokenList DeviceptrNames;
  /// What captureShared captured by name for a data clause (of an enclosing
  /// data construct, say) that the body never names: used once by
  /// emitParameters, so that -Wunused-lambda-capture (-Wall) stays quiet.
  mutable llvm::SmallVector<std::string, 4> UnnamedCaptures;
};

} // namespace plugin
} // namespace ferry

#endif
