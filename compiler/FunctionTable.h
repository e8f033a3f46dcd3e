//===- FunctionTable.h - The .ferry.functions section ------------*- C++ -*-===//
///
/// \file
/// Every AMD code object and relocatable object Ferry writes carries a
/// non-SHF_ALLOC section `.ferry.functions` that describes each function it
/// defines, kernels and device functions alike: resource usage (VGPRs,
/// SGPRs, AGPRs, scratch, LDS), callees, and prototype. The runtime reads it
/// (without LLVM) to check device-function libraries against the kernels
/// that call them; ferry-info prints it. docs/code-object-metadata.md
/// describes the format.
///
/// The call graph and prototypes come from the optimized IR just before
/// code generation; the resources from the AMDGPU backend's per-function
/// summaries in its verbose assembly, which is what Ferry assembles into the
/// object, so there is one code generation per object.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_COMPILER_FUNCTIONTABLE_H
#define FERRY_COMPILER_FUNCTIONTABLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace ferry {

inline constexpr const char *FunctionsSectionName = ".ferry.functions";
inline constexpr unsigned FunctionsSectionVersion = 1;

/// One function of the table.
struct FunctionEntry {
  std::string Name;
  bool Kernel = false;
  /// Local to its object (internal linkage), so never a link's answer to a
  /// call from another object.
  bool Local = false;
  uint64_t VGPRs = 0, SGPRs = 0, AGPRs = 0, Scratch = 0, LDS = 0;
  /// Whether the backend printed this function's resources.
  bool HasResources = false;
  /// Its own call sites include an indirect call or a call to a function
  /// the module does not define.
  bool CallsUnknown = false;
  std::string ReturnType;
  std::vector<std::string> Params;
  /// Directly called functions (defined here or not), sorted, once each.
  std::vector<std::string> Callees;
  uint64_t IndirectCalls = 0;
  /// Its address is taken (stored, passed, in a table): code may call it
  /// through a pointer.
  bool AddressTaken = false;
};

/// The defined functions of \p M with their callees and prototypes (no
/// resources yet), sorted by name.
std::vector<FunctionEntry> describeFunctions(const llvm::Module &M);

/// Fills in the resources from the "; Function info:" / "; Kernel info:"
/// summaries of AMDGPU verbose assembly \p Asm. A function of \p Functions
/// without a summary is an error naming it.
llvm::Error readResourceSummaries(llvm::StringRef Asm,
                                  std::vector<FunctionEntry> &Functions);

/// The section's contents: one MessagePack map (format version
/// FunctionsSectionVersion) for target ID \p Target.
std::string encodeFunctionTable(llvm::ArrayRef<FunctionEntry> Functions,
                                llvm::StringRef Target);

/// Assembler directives that emit \p Contents as the .ferry.functions
/// section, to be appended to the module's assembly.
std::string functionTableDirectives(llvm::StringRef Contents);

} // namespace ferry

#endif
