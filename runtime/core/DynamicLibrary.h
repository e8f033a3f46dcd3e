//===- DynamicLibrary.h - dlopen layer for vendor libraries ----*- C++ -*-===//
///
/// \file
/// Vendor libraries (ROCR, the CUDA driver, comgr) are opened at run time so
/// that one libferry-rt.so runs on machines with or without them. Each
/// backend declares its symbols in one table and loads them all at once.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CORE_DYNAMICLIBRARY_H
#define FERRY_RUNTIME_CORE_DYNAMICLIBRARY_H

#include <string>
#include <vector>

namespace ferry {

/// An owned dlopen handle.
class DynamicLibrary {
public:
  DynamicLibrary() = default;
  DynamicLibrary(const DynamicLibrary &) = delete;
  DynamicLibrary &operator=(const DynamicLibrary &) = delete;
  ~DynamicLibrary();

  /// Opens the first loadable library of \p Candidates. On failure returns
  /// false and error() says what was tried and why each failed.
  bool open(const std::vector<std::string> &Candidates);

  /// Resolves \p Name into \p Fn; on failure returns false and records it.
  template <typename FnT> bool load(const char *Name, FnT &Fn) {
    Fn = reinterpret_cast<FnT>(symbol(Name));
    return Fn != nullptr;
  }

  bool isOpen() const { return Handle != nullptr; }
  const std::string &path() const { return Path; }
  const std::string &error() const { return Error; }

private:
  void *symbol(const char *Name);

  void *Handle = nullptr;
  std::string Path;
  std::string Error;
};

/// The directory of libferry-rt.so itself ("." where it cannot be found):
/// Ferry's own libraries that the runtime opens (libferry-emu.so,
/// libferry.so) are installed next to it.
std::string runtimeLibraryDirectory();
/// The path of libferry-rt.so itself ("" where it cannot be found).
std::string runtimeLibraryFile();

} // namespace ferry

#endif
