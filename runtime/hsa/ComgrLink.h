//===- ComgrLink.h - Device-function libraries on AMD GPUs ------*- C++ -*-===//
///
/// \file
/// ROCR cannot resolve a call from one code object into another, so a
/// kernel image that calls functions of library images is linked with them
/// into one executable code object before loading: comgr's
/// relocatable→executable link (libamd_comgr.so.2 through dlopen,
/// FERRY_COMGR_LIB overrides). Results are cached per (image set, target).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_HSA_COMGRLINK_H
#define FERRY_RUNTIME_HSA_COMGRLINK_H

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace ferry {

struct RelocatableImage {
  std::string Name; ///< for messages: "kernel image", "library 1", ...
  const void *Data;
  size_t Size;
};

class ComgrLinker {
public:
  /// The process-wide linker (comgr opened on first use).
  static ComgrLinker &get();

  /// Links \p Images (relocatable AMDGPU objects, the kernel image first)
  /// for \p Target ("amdgcn-amd-amdhsa--gfx90a:xnack-"). On success \p Out
  /// holds the executable and "" is returned; otherwise the message says
  /// what failed: comgr missing, comgr's log, or the functions no image
  /// defines, with the images searched. Thread-safe; results are cached.
  std::string link(const std::vector<RelocatableImage> &Images, const std::string &Target,
                   std::shared_ptr<const std::vector<char>> &Out);

  /// "" if comgr can be used, or why not.
  std::string availability();

  ~ComgrLinker();
  ComgrLinker(const ComgrLinker &) = delete;
  ComgrLinker &operator=(const ComgrLinker &) = delete;

private:
  ComgrLinker();
  struct Impl;
  std::unique_ptr<Impl> P;
};

/// Names of the undefined, non-weak symbols of an ELF image (libelf).
std::vector<std::string> undefinedSymbols(const void *Data, size_t Size);

} // namespace ferry

#endif
