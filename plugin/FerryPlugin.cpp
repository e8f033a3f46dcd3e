//===- FerryPlugin.cpp - The Ferry clang plugin ---------------------------===//
///
/// \file
/// `clang++-19 -fplugin=libferry-clang.so` is all a user types. The plugin
///  - registers the `acc` pragma handler through PragmaHandlerRegistry (the
///    handler that is active under -E) and, because clang 19's Parser installs
///    its own `acc` handler over it, swaps it back in from
///    SemaConsumer::InitializeSema for real compiles;
///  - defines _OPENACC, puts Ferry's headers on the include path and
///    includes <ferry/acc/acc.h>: precompiled from the compile cache where it
///    can (HeaderPCH.h), else as text through the predefines;
///  - registers Ferry's LLVM passes through CodeGenOptions::PassBuilderCallbacks.
///
//===----------------------------------------------------------------------===//
#include "AccPragmaHandler.h"
#include "DeviceCodeChecker.h"
#include "Diagnostics.h"
#include "HeaderPCH.h"
#include "ClosureNames.h"
#include "Outliner.h"

#include "PassRegistry.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Path.h"

#include <dlfcn.h>
#include <set>

using namespace clang;

namespace ferry {
namespace plugin {
namespace {

/// The directory holding Ferry's headers: ../include next to this library,
/// the same in the build tree and in an install.
std::string includeDir() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&includeDir), &Info) || !Info.dli_fname)
    return {};
  llvm::SmallString<256> Dir(
      llvm::sys::path::parent_path(llvm::sys::path::parent_path(Info.dli_fname)));
  llvm::sys::path::append(Dir, "include");
  return std::string(Dir);
}

/// Re-installs Ferry's `acc` handler once the Parser has installed clang's.
class HandlerSwapConsumer : public SemaConsumer {
public:
  HandlerSwapConsumer(Preprocessor &PP, bool CheckDeviceCode, bool Remarks, bool Missed,
                      std::shared_ptr<ClosureNames> Names)
      : PP(PP), CheckDeviceCode(CheckDeviceCode), Names(std::move(Names)) {
    Handler.context().setRemarks(Remarks);
    Handler.context().setMissedRemarks(Missed);
    Handler.context().setClosureNames(this->Names);
  }

  /// With device targets, the regions' code must be able to run on a GPU.
  void HandleTranslationUnit(ASTContext &Ctx) override {
    Handler.context().lambdas().finish(PP.getDiagnostics());
    if (CheckDeviceCode && !PP.getDiagnostics().hasErrorOccurred())
      checkDeviceCode(Ctx, PP.getDiagnostics(), Names.get());
  }

  /// Runs before code generation sees \p Group (this consumer comes first).
  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    if (Sema *S = Handler.context().sema())
      Handler.context().lambdas().declared(*S, Group);
    return true;
  }

  void InitializeSema(Sema &S) override {
    Handler.context().setSema(&S);
    PP.RemovePragmaHandler(&Handler); // removes whichever `acc` handler is in
    PP.AddPragmaHandler(&Handler);
    // The Parser's destructor removes (without deleting) the `acc` handler,
    // before this consumer, which owns it, goes away.
  }

private:
  Preprocessor &PP;
  bool CheckDeviceCode;
  std::shared_ptr<ClosureNames> Names;
  AccPragmaHandler Handler;
};

/// Shows an error about an OpenACC directive once. The rewrite of a
/// directive repeats its clauses' operands in several places (the data
/// items, the closure, the host version), so an error clang finds in one
/// (an undeclared name, a type mismatch) came once per place, all at the
/// same token of the `#pragma acc` line. An error (with its notes) that
/// repeats, at the same place and with the same text, one already shown on
/// such a line is dropped and not counted; everything else goes through
/// unchanged. Not installed under -verify, which counts for itself.
class DirectiveDiagnostics final : public DiagnosticConsumer {
public:
  DirectiveDiagnostics(DiagnosticConsumer *Next, std::unique_ptr<DiagnosticConsumer> Owned)
      : Next(Next), Owned(std::move(Owned)) {}

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Next->BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override {
    Next->EndSourceFile();
    syncCounts();
  }
  void finish() override {
    Next->finish();
    syncCounts();
  }
  void clear() override {
    Next->clear();
    DiagnosticConsumer::clear();
  }
  bool IncludeInDiagnosticCounts() const override { return Next->IncludeInDiagnosticCounts(); }

  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    if (Level == DiagnosticsEngine::Note) {
      if (DroppingNotes)
        return;
    } else {
      DroppingNotes = Level >= DiagnosticsEngine::Error && repeatsOnDirective(Info);
      if (DroppingNotes)
        return;
    }
    Next->HandleDiagnostic(Level, Info);
    syncCounts();
  }

private:
  /// Whether \p Info is on a `#pragma acc` line and was shown before.
  bool repeatsOnDirective(const Diagnostic &Info) {
    if (!Info.hasSourceManager() || Info.getLocation().isInvalid())
      return false;
    const SourceManager &SM = Info.getSourceManager();
    const SourceLocation Loc = SM.getFileLoc(Info.getLocation());
    auto [File, Offset] = SM.getDecomposedLoc(Loc);
    bool Invalid = false;
    StringRef Buffer = SM.getBufferData(File, &Invalid);
    if (Invalid || Offset > Buffer.size())
      return false;
    const size_t LineStart = Buffer.rfind('\n', Offset ? Offset - 1 : 0);
    StringRef Line = Buffer.substr(LineStart == StringRef::npos ? 0 : LineStart + 1).ltrim(" \t");
    if (!Line.consume_front("#"))
      return false;
    Line = Line.ltrim(" \t");
    if (!Line.consume_front("pragma") || !Line.ltrim(" \t").starts_with("acc"))
      return false;
    SmallString<256> Text;
    Info.FormatDiagnostic(Text);
    return !Shown.insert({Loc.getRawEncoding(), std::string(Text)}).second;
  }
  void syncCounts() {
    NumErrors = Next->getNumErrors();
    NumWarnings = Next->getNumWarnings();
  }

  DiagnosticConsumer *Next;
  std::unique_ptr<DiagnosticConsumer> Owned;
  std::set<std::pair<SourceLocation::UIntTy, std::string>> Shown;
  bool DroppingNotes = false;
};

class FerryAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    // With -fmodules clang builds each module a unit imports in a compiler
    // instance of its own, with the plugin again: Ferry's header in such a
    // build's predefines would import the module being built (clang's
    // builtin headers are modules: a cycle). Modules are left as clang
    // builds them; the unit that imports them gets the header.
    if (CI.getLangOpts().isCompilingModule())
      return std::make_unique<ASTConsumer>();
    Preprocessor &PP = CI.getPreprocessor();
    // C: a region's body becomes a block literal (plugin/CRegion.h), so
    // clang's blocks extension is on; nothing else of the language changes
    // (`^` starts a block only where C has no meaning for it).
    const bool C = !CI.getLangOpts().CPlusPlus;
    if (C)
      CI.getLangOpts().Blocks = true;
    if (!CI.getDiagnosticOpts().VerifyDiagnostics) {
      DiagnosticsEngine &DE = CI.getDiagnostics();
      DiagnosticConsumer *Client = DE.getClient();
      std::unique_ptr<DiagnosticConsumer> Owned = DE.takeClient();
      DE.setClient(new DirectiveDiagnostics(Client, std::move(Owned)), /*ShouldOwnClient=*/true);
    }
    std::string Dir = includeDir();
    if (auto DirRef = CI.getFileManager().getOptionalDirectoryRef(Dir))
      PP.getHeaderSearchInfo().AddSystemSearchPath(
          DirectoryLookup(*DirRef, SrcMgr::C_System, /*isFramework=*/false));
    // Ferry's header goes in before the command line's macros and
    // -include files (`-DN=500`, `-DB=2` must not reach into it; the
    // user's own text after it cannot): precompiled where it can be (its
    // macros and the unit's `-D`/`-include` then follow it as the PCH's
    // suggested predefines), else as text.
    // C++ before C++17: Ferry's header and the code it writes for a region
    // need C++17 (each directive then says so, AccPragmaHandler); a unit
    // without directives compiles as it is.
    const bool OldCxx = !C && !CI.getLangOpts().CPlusPlus17;
    // Preprocessed input (`.i`, `.ii` from `-E`) holds the
    // header already: the drivers include <ferry/acc/preprocessed.h> where
    // they preprocess.
    const FrontendOptions &FO = CI.getFrontendOpts();
    const bool Preprocessed = !FO.Inputs.empty() && FO.Inputs[0].getKind().isPreprocessed();
    const std::string PCH = C || OldCxx || Preprocessed
                                ? std::string()
                                : precompiledHeader(CI, "ferry/acc/acc.h", Dir);
    if (Preprocessed) {
      // (Its predefines are not read either.)
    } else if (OldCxx) {
      PP.setPredefines(PP.getPredefines() + "#define _OPENACC 201811\n");
    } else if (!PCH.empty()) {
      CI.getPreprocessorOpts().ImplicitPCHInclude = PCH;
    } else {
      std::string Predefines = PP.getPredefines();
      // (The implementation's macros first: HeaderPCH.h.)
      const std::string Ferry = implementationMacroLines(CI.getPreprocessorOpts()) +
                                "#define _OPENACC 201811\n#include <ferry/acc/" +
                                (C ? "acc_c.h" : "acc.h") + ">\n";
      const size_t CommandLine = Predefines.find("# 1 \"<command line>\" 1\n");
      if (CommandLine == std::string::npos)
        Predefines += Ferry;
      else
        Predefines.insert(CommandLine, Ferry);
      PP.setPredefines(Predefines);
    }
    Outline.BackendOptions = CI.getFrontendOpts().LLVMArgs;
    Outline.Names = std::make_shared<ClosureNames>();
    Outline.Diagnostics = &CI.getDiagnostics();
    Outline.Sources = &CI.getSourceManager();
    CI.getCodeGenOpts().PassBuilderCallbacks.push_back([Opts = Outline](llvm::PassBuilder &PB) {
      ferry::registerPasses(PB);
      PB.registerPipelineStartEPCallback(
          [Opts](llvm::ModulePassManager &MPM, llvm::OptimizationLevel) {
            MPM.addPass(OutlineRegionsPass(Opts));
          });
    });
    // `-Rpass-missed=ferry`: why a `kernels` loop was not parallelized.
    const bool Missed = CI.getCodeGenOpts().OptimizationRemarkMissed.patternMatches("ferry");
    return std::make_unique<HandlerSwapConsumer>(PP, Outline.deviceCode(), Outline.Remarks,
                                                 Missed, Outline.Names);
  }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    std::string Error;
    bool TargetsGiven = false;
    if (!parseTargets(defaultTargets(), Outline.Targets, Error) ||
        !parseCubins(defaultCubins(), Outline.Cubins, Error))
      return false;
    for (const std::string &A : Args) {
      StringRef Arg(A);
      if (Arg == "remarks") {
        Outline.Remarks = true;
        continue;
      }
      if (Arg == "embed-ir") {
        Outline.EmbedIR = true;
        continue;
      }
      if (Arg == "jit") {
        Outline.Jit = true;
        continue;
      }
      if (Arg == "device-link") {
        Outline.DeviceLink = true;
        continue;
      }
      if (Arg.consume_front("device-library=")) {
        Outline.DeviceLibrary = Arg.str();
        continue;
      }
      if (Arg.consume_front("targets=")) {
        TargetsGiven = true;
        if (parseTargets(Arg, Outline.Targets, Error))
          continue;
        report(CI.getDiagnostics(), SourceLocation(), Diag::BadTargets) << Error;
        return false;
      }
      if (Arg.consume_front("cubins=")) {
        if (parseCubins(Arg, Outline.Cubins, Error))
          continue;
        report(CI.getDiagnostics(), SourceLocation(), Diag::BadCubins) << Error;
        return false;
      }
      report(CI.getDiagnostics(), SourceLocation(), Diag::BadPluginArg)
          << A << "remarks, targets=LIST, cubins=LIST, device-library=PATH, embed-ir, jit, device-link";
      return false;
    }
    // `jit` alone: the device IR is the only device code.
    if (Outline.Jit && !TargetsGiven)
      Outline.Targets.clear();
    // No target for the link to compile (host code only, `jit` alone): the
    // device IR, if any, is `jit`'s, compiled at first use.
    if (Outline.Targets.empty())
      Outline.DeviceLink = false;
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  OutlineOptions Outline;
};

} // namespace
} // namespace plugin
} // namespace ferry

static clang::FrontendPluginRegistry::Add<ferry::plugin::FerryAction>
    RegisterAction("ferry", "Ferry: OpenACC offloading to AMD and NVIDIA GPUs");
static clang::PragmaHandlerRegistry::Add<ferry::plugin::AccPragmaHandler>
    RegisterPragma("acc", "OpenACC directives (Ferry)");
