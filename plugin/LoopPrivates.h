//===- LoopPrivates.h - Private copies of array sections --------*- C++ -*-===//
///
/// \file
/// The `private`/`firstprivate` array sections of a loop construct
/// (`private(c[lo:len])`), which get a copy per gang, worker or work-item
/// (PrivateSection). The region declares the copies of its own sections and
/// of its loops' before it launches (`::ferry::acc::private_section<...>`,
/// their lengths being values of the host code); each loop binds the
/// variable to its copy (`auto c = __ferry_private_N.bind(__ferry_frame);`).
/// A loop that does not launch hands its sections to the construct that
/// declares them: the loop around it that spreads over the gang, or the
/// region.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_LOOPPRIVATES_H
#define FERRY_PLUGIN_LOOPPRIVATES_H

#include "AccContext.h"
#include "TokenBuilder.h"

namespace ferry {
namespace plugin {

class LoopPrivates {
public:
  LoopPrivates(clang::Preprocessor &PP, AccContext &Ctx, const Directive &D,
               clang::SourceLocation PragmaLoc)
      : PP(PP), Ctx(Ctx), D(D), PragmaLoc(PragmaLoc) {}

  /// Reads the directive's sections that get copies, whose copies \p Of
  /// says; false after a diagnostic.
  bool collect(PrivateSection::Scope Of);
  /// Those of an orphaned loop are refused (no region declares their
  /// copies); false after the diagnostic.
  bool checkNotOrphaned() const;
  /// The sections of the loops inside the region, which it declares.
  void adoptNested(std::vector<PrivateSection> Sections) {
    Nested = std::move(Sections);
  }

  /// The directive's own sections.
  llvm::ArrayRef<PrivateSection> own() const { return Own; }
  /// Whether the region has sections to declare (its lambda takes the
  /// private frame).
  bool any() const { return !Own.empty() || !Nested.empty(); }
  /// Whether \p V is one of the own sections (bound to a copy, not captured).
  bool isSection(const VarRef &V) const;
  /// The firstprivate sections, kept present while the region runs.
  std::vector<VarRef> firstprivateSources() const;
  /// The names of the copies (`__ferry_private_N`), own then nested.
  std::vector<std::string> copyNames() const;

  /// Where the sections of a loop that runs in order go: the innermost
  /// loop nested in an iteration around it (whose copies they share once
  /// it knows its level), else the region.
  OpenConstruct *owner() const;
  /// A loop that runs in place declares no copies: its own go to owner().
  void giveOwnToOwner() const;
  /// Gives the own and nested sections scope \p Of and adds them to
  /// \p To's (when there is one).
  void handOver(OpenConstruct *To, PrivateSection::Scope Of);

  /// `::ferry::acc::private_layout __ferry_privates; auto
  /// __ferry_private_N = ::ferry::acc::private_section<...>(...);` for the
  /// own and nested sections.
  void emitCopies(TokenBuilder &B) const;
  /// `auto c = __ferry_private_N.bind(__ferry_frame);` for each own section.
  void emitBindings(TokenBuilder &B) const;
  /// Injects \p Loop unchanged, in a block after the bindings of the own
  /// sections when there are some (their copies hold for the whole loop).
  void injectWithBindings(llvm::ArrayRef<clang::Token> Loop) const;

private:
  /// One section's `auto __ferry_private_N = private_section<...>(...);`.
  void emitCopy(TokenBuilder &B, const PrivateSection &P) const;

  clang::Preprocessor &PP;
  AccContext &Ctx;
  const Directive &D;
  clang::SourceLocation PragmaLoc;
  std::vector<PrivateSection> Own;
  std::vector<PrivateSection> Nested;
};

} // namespace plugin
} // namespace ferry

#endif
