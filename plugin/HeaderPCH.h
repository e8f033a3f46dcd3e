//===- HeaderPCH.h - Ferry's header as a precompiled header ---*- C++ -*-===//
///
/// \file
/// Every C++ translation unit the plugin compiles starts with
/// <ferry/acc/acc.h> and the standard headers it needs: about half the front
/// end's time on a small file. The header is the same for every file compiled
/// with the same language, target and header-search options, so it is
/// precompiled once per such configuration into the compile cache
/// (FERRY_CACHE_DIR, as the device images) and loaded instead of parsed.
///
/// The key digests everything clang checks when it loads a PCH (its version,
/// the language and target options) plus the header search paths and
/// Ferry's own build; the input files the PCH was built from are recorded
/// with their sizes and modification times next to it and checked before
/// each use, so a changed header makes a new PCH instead of clang's fatal
/// "has been modified since the precompiled header was built". Anything
/// unusual (the user's own PCH or modules, FERRY_CACHE=0, FERRY_PCH=0, a
/// failure to build it) falls back to including the header as text.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_HEADERPCH_H
#define FERRY_PLUGIN_HEADERPCH_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <utility>
#include <vector>

namespace clang {
class CompilerInstance;
class PreprocessorOptions;
} // namespace clang

namespace ferry {
namespace plugin {

/// The command line's `-D`/`-U` options (\p Options' macros, with whether
/// each undefines) of names reserved to the implementation (`_` and a
/// capital or a second `_`): feature-test macros (`_FORTIFY_SOURCE`,
/// `_POSIX_C_SOURCE`, `_GNU_SOURCE`, `_FILE_OFFSET_BITS`) and library modes
/// (`_GLIBCXX_DEBUG`, `_GLIBCXX_ASSERTIONS`), which must reach the C and C++
/// libraries before Ferry's header includes them: they go before it (and
/// key its PCH), where the program's own macros (`-DN=500`) come after it.
std::vector<std::pair<std::string, bool>>
implementationMacros(const clang::PreprocessorOptions &Options);

/// Those as `#define`/`#undef` lines, in their order.
std::string implementationMacroLines(const clang::PreprocessorOptions &Options);

/// The path of a PCH of \p Header (found under \p IncludeDir, with
/// `_OPENACC` defined) that \p CI can load, built now if the cache has none;
/// empty where \p CI should include the header as text.
std::string precompiledHeader(clang::CompilerInstance &CI, llvm::StringRef Header,
                              llvm::StringRef IncludeDir);

} // namespace plugin
} // namespace ferry

#endif
