//===- ManagedVariables.h - __managed__ variables for ferry-nvcc -*- C++ -*-===//
///
/// \file
/// clang 19 ignores `__managed__` in CUDA code; ferry-nvcc's header makes it
/// `__device__` with the annotation "ferry.managed", and these rewrites give
/// the variable one home in managed memory that host and device code both
/// reach through a pointer:
///
///  - device (NVVM): every use of variable X goes through the pointer in
///    `__ferry_managed_X`, a device global the runtime fills when it loads
///    the module;
///  - host: every use of X's shadow goes through the pointer in
///    `__ferry_managed_ptr_X` (the shadow until the runtime moves the
///    variable), and the registration `__cudaRegisterVar(.., &X, ..)` becomes
///    `__ferry_cuda_register_managed(handle, &slot, name, size, initial)`,
///    which allocates the managed memory, fills it with X's initial value
///    (taken from the device module, since the host shadow has none) and
///    points the slot at it.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_TOOLS_NVCC_MANAGEDVARIABLES_H
#define FERRY_TOOLS_NVCC_MANAGEDVARIABLES_H

#include <map>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace ferry {
namespace nvcc {

/// The names of \p M's variables annotated "ferry.managed".
std::vector<std::string> managedVariables(const llvm::Module &M);

/// Device side. Returns the initial bytes of each managed variable \p M
/// defines (an error message in \p Problem names one whose initializer is
/// not plain data). Without \p Rewrite only that: relocatable device code
/// is rewritten after the device link, where every file's uses of a
/// variable defined in another are seen with its definition.
std::map<std::string, std::string> lowerDeviceManaged(llvm::Module &M, std::string &Problem,
                                                      bool Rewrite = true);

/// Host side, with the initial values lowerDeviceManaged returned.
void lowerHostManaged(llvm::Module &M, const std::map<std::string, std::string> &Initial);

} // namespace nvcc
} // namespace ferry

#endif
