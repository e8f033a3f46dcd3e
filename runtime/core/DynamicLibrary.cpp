//===- DynamicLibrary.cpp - dlopen layer for vendor libraries -------------===//
///
/// \file
/// Implementation of DynamicLibrary.
///
//===----------------------------------------------------------------------===//
#include "core/DynamicLibrary.h"

#include <dlfcn.h>

namespace ferry {

DynamicLibrary::~DynamicLibrary() {
  // Vendor libraries register atexit handlers and threads of their own;
  // unloading them before process exit is unsafe, so the handle is kept.
  Handle = nullptr;
}

bool DynamicLibrary::open(const std::vector<std::string> &Candidates) {
  Error.clear();
  for (const std::string &C : Candidates) {
    dlerror();
    if (void *H = dlopen(C.c_str(), RTLD_NOW | RTLD_LOCAL)) {
      Handle = H;
      Path = C;
      Error.clear();
      return true;
    }
    const char *Why = dlerror();
    if (!Error.empty())
      Error += "; ";
    Error += Why ? Why : (C + ": cannot be loaded");
  }
  return false;
}

std::string runtimeLibraryFile() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&runtimeLibraryFile), &Info) || !Info.dli_fname)
    return "";
  return Info.dli_fname;
}

std::string runtimeLibraryDirectory() {
  const std::string Path = runtimeLibraryFile();
  const size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? "." : Path.substr(0, Slash);
}

void *DynamicLibrary::symbol(const char *Name) {
  if (!Handle)
    return nullptr;
  dlerror();
  void *S = dlsym(Handle, Name);
  if (!S) {
    if (!Error.empty())
      Error += "; ";
    Error += Path + ": missing symbol " + Name;
  }
  return S;
}

} // namespace ferry
