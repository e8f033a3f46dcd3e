//===- ClosureNames.h - The variables behind a closure's pointers -*- C++ -*-===//
///
/// \file
/// At launch the runtime replaces each pointer field of a region's closure
/// by its device address; one that points to memory the device does not
/// have stops the region. The outliner finds those fields in the IR, where
/// they have offsets but no names. The plugin's AST pass (after Sema, before
/// code generation) reads the same closures with their captures' names: a
/// C++ region's lambda class, a C region's `struct ferry_closure`. The
/// outliner matches the two by the region's name and the pointers' offsets
/// and embeds the names, so that the runtime's message names the variable
/// ("the pointer 'grid' (closure offset 0, 0x...) points to memory that is
/// not present").
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_CLOSURENAMES_H
#define FERRY_PLUGIN_CLOSURENAMES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class LambdaExpr;
class QualType;
class RecordDecl;
} // namespace clang

namespace ferry {
namespace plugin {

class ClosureNames {
public:
  /// Byte offset and name ("grid", "s.data", "rows[2]") of each pointer
  /// field of one closure type, in the outliner's order (the type's
  /// layout: bases, then members).
  using Layout = std::vector<std::pair<uint32_t, std::string>>;

  /// Region \p Region's closure, a C++ lambda \p Body.
  void addLambda(clang::ASTContext &Ctx, llvm::StringRef Region, const clang::LambdaExpr *Body);
  /// Region \p Region's closure, a C region's `struct ferry_closure`.
  void addStruct(clang::ASTContext &Ctx, llvm::StringRef Region, const clang::RecordDecl *RD);

  /// The names of the pointers at \p Offsets of region \p Region: empty
  /// where no closure of the region has exactly those pointers, or two
  /// that do (instantiations of a template) name one differently.
  std::vector<std::string> namesFor(llvm::StringRef Region,
                                    llvm::ArrayRef<uint32_t> Offsets) const;

  /// Region \p Region's `firstprivate` clauses name variable \p Name
  /// (not a section or a member): a pointer it is starts with its value
  /// where the device lacks what it points to (FERRY_POINTER_VALUE).
  void addFirstprivate(llvm::StringRef Region, llvm::StringRef Name);
  bool isFirstprivate(llvm::StringRef Region, llvm::StringRef Name) const;

private:
  void add(llvm::StringRef Region, Layout L);
  /// A region's name appears once per closure type (instantiations).
  std::map<std::string, std::vector<Layout>, std::less<>> Layouts;
  std::set<std::pair<std::string, std::string>, std::less<>> Firstprivate;
};

} // namespace plugin
} // namespace ferry

#endif
