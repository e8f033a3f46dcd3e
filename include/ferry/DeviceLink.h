//===- ferry/DeviceLink.h - Device IR compiled into images ------*- C++ -*-===//
///
/// \file
/// A unit's device IR (the NVVM bitcode of its regions, an OffloadBinary
/// entry of FERRY_DEFERRED_KEY) compiled into the images the plugin would
/// have compiled ahead of time: by the runtime at first use
/// (ferry_compile_deferred) and by ferry-link when a program is linked
/// (`-foffload-lto`, docs/plugin.md).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_DEVICELINK_H
#define FERRY_DEVICELINK_H

#include "ferry/Offload.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace ferry {

class CompileCache;
class DeviceTarget;

/// The number of "sm_80" (80), or 0.
unsigned smNumber(llvm::StringRef Arch);

/// NVIDIA native code of \p PTX for the architectures of \p Cubins at or
/// above the PTX's (the driver loads it instead of JIT-compiling the PTX,
/// which stays for the others), by \p Ptxas (none: no cubins) through
/// \p Cache, appended to \p Images; PTX that calls routines of other files
/// gets none (it is linked at load time). A refusal by ptxas (a kernel over
/// a limit of that architecture) is a warning in \p Warnings.
void addCubins(const DeviceImage &PTX, CompileCache &Cache, llvm::ArrayRef<std::string> Cubins,
               const std::string &Ptxas, std::vector<DeviceImage> &Images,
               std::vector<std::string> &Warnings);

/// Device IR \p Bitcode whose role is \p Role (FERRY_DEFERRED_KERNELS,
/// ..._LINKED_KERNELS or ..._ROUTINES) compiled for \p T through \p Cache:
/// a code object, relocatable object or PTX (with cubins for \p Cubins),
/// then, with \p TranslatedIR and an AMD target, the translated IR the
/// emulated devices run; appended to \p Images.
llvm::Error compileDeviceIR(llvm::StringRef Bitcode, llvm::StringRef Role, const DeviceTarget &T,
                            bool TranslatedIR, CompileCache &Cache,
                            llvm::ArrayRef<std::string> Cubins, const std::string &Ptxas,
                            std::vector<DeviceImage> &Images, std::vector<std::string> &Warnings);

/// A compute region of a unit's device IR: its kernel, the region's name
/// and where its construct is (`FILE:LINE:COL`), so that a link that cannot
/// compile the kernel reports it where the compile would have.
struct RegionSite {
  std::string Kernel, Name, Location;
};

/// \p Sites as a FERRY_LINK_REGIONS_KEY string (a line per region, its
/// fields apart by tabs, with `\\`, `\t` and `\n` in them), and back
/// (lines of another shape left out).
std::string writeRegionSites(llvm::ArrayRef<RegionSite> Sites);
std::vector<RegionSite> readRegionSites(llvm::StringRef Text);

/// \p Error, a target's failure to compile device code, said of region
/// \p Name whose kernel is \p Kernel: the region's name after the kernel's
/// and, for a work-item's private memory over the target's limit, where that
/// memory comes from. False (\p Error unchanged) where it names no such
/// kernel.
bool explainRegionError(std::string &Error, llvm::StringRef Kernel, llvm::StringRef Name);

} // namespace ferry

#endif
