//===- HeaderPCH.cpp - Ferry's header as a precompiled header -------------===//
///
/// \file
/// Builds, checks and finds the PCH of <ferry/acc/acc.h> for one
/// configuration (HeaderPCH.h says why and when).
///
//===----------------------------------------------------------------------===//
#include "HeaderPCH.h"

#include "ferry/Cache.h"

#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Serialization/ASTReader.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace llvm;

namespace ferry {
namespace plugin {
namespace {

/// What the header is compiled with: the translation unit's options except
/// what belongs to the unit alone (its `-D`/`-include` options, which follow
/// the header, but for the reserved names of implementationMacros; its
/// dependency file, plugins and `-verify`).
std::shared_ptr<CompilerInvocation> headerInvocation(CompilerInstance &CI,
                                                     StringRef HeaderPath,
                                                     StringRef IncludeDir) {
  auto Inv = std::make_shared<CompilerInvocation>(CI.getInvocation());
  FrontendOptions &FO = Inv->getFrontendOpts();
  FO.Inputs.assign(1, FrontendInputFile(HeaderPath, InputKind(Language::CXX).getHeader(),
                                        /*IsSystem=*/true));
  FO.ProgramAction = frontend::GeneratePCH;
  FO.ActionName.clear();
  FO.Plugins.clear();
  FO.PluginArgs.clear();
  FO.AddPluginActions.clear();
  FO.ShowStats = false;
  FO.TimeTracePath.clear();
  FO.OutputFile.clear();
  PreprocessorOptions &PPO = Inv->getPreprocessorOpts();
  const auto Reserved = implementationMacros(CI.getPreprocessorOpts());
  PPO.Macros.assign(1, {"_OPENACC=201811", /*IsUndef=*/false});
  PPO.Macros.insert(PPO.Macros.end(), Reserved.begin(), Reserved.end());
  PPO.Includes.clear();
  PPO.MacroIncludes.clear();
  PPO.ImplicitPCHInclude.clear();
  PPO.ChainedIncludes.clear();
  Inv->getDependencyOutputOpts() = DependencyOutputOptions();
  Inv->getDiagnosticOpts().VerifyDiagnostics = false;
  Inv->getLangOpts().IsHeaderFile = true;
  Inv->getHeaderSearchOpts().AddPath(IncludeDir, frontend::System, /*IsFramework=*/false,
                                     /*IgnoreSysRoot=*/true);
  return Inv;
}

/// The cache key: everything that decides whether clang accepts the PCH for
/// \p CI, and what the header's `#include`s find.
std::string pchKey(CompilerInstance &CI, StringRef Header, StringRef IncludeDir) {
  CacheKey Key;
  Key.field("kind", "ferry-header-pch-1")
      .field("clang", getClangFullVersion())
      .field("header", Header)
      .field("include-dir", IncludeDir);
  // Language, target and the preprocessor's own options; without the unit's
  // macros, which do not reach the header, but for the implementation's.
  CompilerInvocation Options(CI.getInvocation());
  Options.getPreprocessorOpts().Macros.clear();
  Key.field("invocation", Options.getModuleHash());
  for (const auto &[Macro, Undef] : implementationMacros(CI.getPreprocessorOpts()))
    Key.field(Undef ? "undef" : "define", Macro);
  const HeaderSearchOptions &HS = CI.getHeaderSearchOpts();
  Key.field("sysroot", HS.Sysroot).field("resource-dir", HS.ResourceDir);
  for (const HeaderSearchOptions::Entry &E : HS.UserEntries)
    Key.field("search", (Twine(unsigned(E.Group)) + ":" + E.Path).str());
  for (const HeaderSearchOptions::SystemHeaderPrefix &P : HS.SystemHeaderPrefixes)
    Key.field("system-prefix", (Twine(P.IsSystemHeader) + ":" + P.Prefix).str());
  return Key.hex();
}

/// Every file the header's compilation read, system headers included.
class InputFiles : public DependencyCollector {
  bool needSystemDependencies() override { return true; }
};

/// One line per input: size, modification time (seconds), path.
std::string describeInputs(ArrayRef<std::string> Paths) {
  std::string Text;
  raw_string_ostream OS(Text);
  for (const std::string &P : Paths) {
    sys::fs::file_status St;
    if (sys::fs::status(P, St))
      return {};
    OS << St.getSize() << ' ' << sys::toTimeT(St.getLastModificationTime()) << ' ' << P
       << '\n';
  }
  return Text;
}

/// Whether every input recorded in \p Description is as it was.
bool inputsUnchanged(StringRef Description) {
  if (Description.empty())
    return false;
  SmallVector<StringRef, 0> Lines;
  Description.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef Line : Lines) {
    auto [Size, Rest] = Line.split(' ');
    auto [Time, Path] = Rest.split(' ');
    uint64_t S, T;
    sys::fs::file_status St;
    if (Size.getAsInteger(10, S) || Time.getAsInteger(10, T) || Path.empty() ||
        sys::fs::status(Path, St) || St.getSize() != S ||
        uint64_t(sys::toTimeT(St.getLastModificationTime())) != T)
      return false;
  }
  return true;
}

/// Compiles the header into \p Out; its inputs in \p Inputs.
bool buildPCH(CompilerInstance &CI, StringRef HeaderPath, StringRef IncludeDir, StringRef Out,
              std::string &Inputs) {
  std::shared_ptr<CompilerInvocation> Inv = headerInvocation(CI, HeaderPath, IncludeDir);
  Inv->getFrontendOpts().OutputFile = Out.str();
  CompilerInstance Header(CI.getPCHContainerOperations());
  Header.setInvocation(std::move(Inv));
  // Its errors are the header's; including it as text reports them where
  // they belong, so nothing is shown here.
  Header.createDiagnostics(new IgnoringDiagConsumer, /*ShouldOwnClient=*/true);
  auto Recorder = std::make_shared<InputFiles>();
  Header.addDependencyCollector(Recorder);
  GeneratePCHAction Action;
  if (!Header.ExecuteAction(Action) || Header.getDiagnostics().hasErrorOccurred())
    return false;
  Inputs = describeInputs(Recorder->getDependencies());
  return !Inputs.empty();
}

/// Whether this compilation can take a PCH of Ferry's header at all.
bool wantsPCH(const CompilerInstance &CI) {
  if (auto Env = sys::Process::GetEnv("FERRY_PCH"))
    if (*Env == "0" || StringRef(*Env).equals_insensitive("off"))
      return false;
  const FrontendOptions &FO = CI.getFrontendOpts();
  switch (FO.ProgramAction) {
  case frontend::EmitAssembly:
  case frontend::EmitBC:
  case frontend::EmitLLVM:
  case frontend::EmitLLVMOnly:
  case frontend::EmitCodeGenOnly:
  case frontend::EmitObj:
  case frontend::ParseSyntaxOnly:
    break;
  default:
    return false;
  }
  // The unit's own PCH or modules stay as the user set them up (C++20's
  // `Modules` alone is the language's, not clang's module files).
  const LangOptions &Lang = CI.getLangOpts();
  if ((Lang.Modules && Lang.ImplicitModules) || Lang.getCompilingModule() != LangOptions::CMK_None ||
      !FO.ModuleFiles.empty() || !FO.ModuleMapFiles.empty() ||
      !CI.getHeaderSearchOpts().PrebuiltModulePaths.empty())
    return false;
  return Lang.CPlusPlus && CI.getPreprocessorOpts().ImplicitPCHInclude.empty() &&
         CI.getPreprocessorOpts().ChainedIncludes.empty() && FO.Inputs.size() == 1 &&
         !FO.Inputs[0].getKind().isPreprocessed();
}

} // namespace

std::vector<std::pair<std::string, bool>>
implementationMacros(const PreprocessorOptions &Options) {
  std::vector<std::pair<std::string, bool>> Out;
  for (const auto &[Macro, Undef] : Options.Macros)
    if (Macro.size() >= 2 && Macro[0] == '_' && (isUpper(Macro[1]) || Macro[1] == '_'))
      Out.emplace_back(Macro, Undef);
  return Out;
}

std::string implementationMacroLines(const PreprocessorOptions &Options) {
  std::string Lines;
  for (const auto &[Macro, Undef] : implementationMacros(Options)) {
    const auto [Name, Value] = StringRef(Macro).split('=');
    Lines += Undef ? "#undef " + Name.str() + "\n"
                   : "#define " + Name.str() + " " +
                         (StringRef(Macro).contains('=') ? Value.str() : "1") + "\n";
  }
  return Lines;
}

std::string precompiledHeader(CompilerInstance &CI, StringRef Header, StringRef IncludeDir) {
  if (!wantsPCH(CI))
    return {};
  SmallString<256> HeaderPath(IncludeDir);
  sys::path::append(HeaderPath, Header);
  if (!sys::fs::exists(HeaderPath))
    return {};
  CompileCache Cache;
  if (!Cache.enabled())
    return {};
  const std::string Key = pchKey(CI, Header, IncludeDir) + ".pch";
  const std::string Path = Cache.path(Key);
  const std::string InputsKey = Key + "-inputs";
  // clang's own check of the options, so that a PCH it would refuse (with
  // an error) is never handed to it.
  auto Acceptable = [&] {
    return ASTReader::isAcceptableASTFile(Path, CI.getFileManager(), CI.getModuleCache(),
                                          CI.getPCHContainerReader(), CI.getLangOpts(),
                                          CI.getTargetOpts(), CI.getPreprocessorOpts(),
                                          /*ExistingModuleCachePath=*/"");
  };
  auto Recorded = MemoryBuffer::getFile(Cache.path(InputsKey));
  if (sys::fs::exists(Path) && Recorded && inputsUnchanged((*Recorded)->getBuffer()) &&
      Acceptable()) {
    Cache.touch(Key); // the use time, for the cache's eviction
    return Path;
  }
  if (sys::fs::create_directories(Cache.dir()))
    return {};
  SmallString<256> Temp;
  int FD;
  if (sys::fs::createUniqueFile(Path + ".tmp-%%%%%%%%", FD, Temp))
    return {};
  sys::Process::SafelyCloseFileDescriptor(FD);
  std::string Inputs;
  if (!buildPCH(CI, HeaderPath, IncludeDir, Temp, Inputs)) {
    sys::fs::remove(Temp);
    return {};
  }
  // The inputs first: a reader that finds the PCH finds what it was built
  // from (several compilations may build it at once; each rename is atomic
  // and they write the same).
  if (errorToBool(Cache.store(InputsKey, Inputs)) || sys::fs::rename(Temp, Path)) {
    sys::fs::remove(Temp);
    return {};
  }
  if (!Acceptable())
    return {};
  return Path;
}

} // namespace plugin
} // namespace ferry
