//===- ferry-link.cpp - The linker, with the device code compiled first ---===//
///
/// \file
/// Runs where clang runs the linker (`--ld-path=ferry-link`, which
/// `ferry-clang++` passes when it links, unless told `-fno-offload-lto`):
/// reads the link's
/// objects and archives, compiles the device IR that units built with
/// `-fplugin-arg-ferry-device-link` carry for the targets each lists
/// (ferry/PackageKeys.h), writes an object whose constructor registers the
/// images with the runtime, and runs the linker with it. A link with no
/// such IR, and a relocatable link (`-r`, whose output keeps the IR for the
/// program's link), runs the linker as it is. The linker is FERRY_LINKER,
/// else `ld`. Every object (ELF, or bitcode of `-flto`) and archive member
/// given is read, archives named by `-l` too (an archive's members that the
/// link does not take add images no kernel uses).
///
/// The images are the ones the plugin compiles ahead of time (the same
/// compile cache), marked as compiled from their IR's digest, so that the
/// runtime compiles none of that IR for a device they run on; IR the link
/// did not compile (a target not listed) is still compiled at first use.
///
//===----------------------------------------------------------------------===//
#include "ferry/Cache.h"
#include "ferry/DeferredCompile.h"
#include "ferry/DeviceLink.h"
#include "ferry/DeviceTarget.h"
#include "ferry/ImageDigest.h"
#include "ferry/Offload.h"
#include "ferry/PackageKeys.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include <map>
#include <memory>
#include <mutex>
#include <set>

using namespace llvm;
using namespace ferry;

namespace {

/// One unit's device IR that the link compiles.
struct LinkedIR {
  std::string File;   ///< the object (or `archive(member)`) it came in
  std::string Digest; ///< its FERRY_DIGEST_KEY
  std::string Role;   ///< FERRY_DEFERRED_KEY
  std::string Bitcode;
  std::vector<std::string> Targets, Cubins;
  bool EmbedIR = false;
  std::vector<RegionSite> Regions; ///< FERRY_LINK_REGIONS_KEY
};

int fail(const Twine &Message) {
  errs() << "ferry-link: error: " << Message << "\n";
  return 1;
}

/// The device IR for the link among \p Binaries (from the file \p Name),
/// appended to \p Out (each digest once, \p Seen).
void collectIR(ArrayRef<object::OffloadFile> Binaries, StringRef Name,
               std::set<std::string> &Seen, std::vector<LinkedIR> &Out) {
  for (const object::OffloadFile &F : Binaries) {
    const object::OffloadBinary &B = *F.getBinary();
    const StringRef Targets = B.getString(FERRY_LINK_TARGETS_KEY);
    const StringRef Digest = B.getString(FERRY_DIGEST_KEY);
    if (B.getString(FERRY_DEFERRED_KEY).empty() || Targets.empty() || Digest.empty() ||
        !Seen.insert(Digest.str()).second)
      continue;
    LinkedIR IR;
    IR.File = Name.str();
    IR.Digest = Digest.str();
    IR.Role = B.getString(FERRY_DEFERRED_KEY).str();
    IR.Bitcode = B.getImage().str();
    SmallVector<StringRef, 8> List;
    SplitString(Targets, List, ",");
    IR.Targets.assign(List.begin(), List.end());
    List.clear();
    SplitString(B.getString(FERRY_LINK_CUBINS_KEY), List, ",");
    IR.Cubins.assign(List.begin(), List.end());
    IR.EmbedIR = B.getString(FERRY_LINK_EMBED_IR_KEY) == "1";
    IR.Regions = readRegionSites(B.getString(FERRY_LINK_REGIONS_KEY));
    Out.push_back(std::move(IR));
  }
}

/// The device IR for the link that \p Buffer (an object, LLVM bitcode of
/// `-flto`, or an archive of them, named \p Name) carries, appended to
/// \p Out (each digest once, \p Seen). (LLVM 19's extractOffloadBinaries
/// finds no package in bitcode, so the `.llvm.offloading` globals of a
/// bitcode module are read here.)
Error readInput(MemoryBufferRef Buffer, StringRef Name, std::set<std::string> &Seen,
                std::vector<LinkedIR> &Out) {
  switch (identify_magic(Buffer.getBuffer())) {
  case file_magic::archive: {
    Expected<std::unique_ptr<object::Archive>> A = object::Archive::create(Buffer);
    if (!A)
      return A.takeError();
    Error Err = Error::success();
    for (const object::Archive::Child &C : (*A)->children(Err)) {
      Expected<MemoryBufferRef> Member = C.getMemoryBufferRef();
      if (!Member)
        return Member.takeError();
      const std::string MemberName = (Name + "(" + Member->getBufferIdentifier() + ")").str();
      if (Error E = readInput(*Member, MemberName, Seen, Out))
        return E;
    }
    return Err;
  }
  case file_magic::bitcode: {
    LLVMContext Ctx;
    Expected<std::unique_ptr<Module>> M =
        getLazyBitcodeModule(MemoryBufferRef(Buffer.getBuffer(), Name), Ctx);
    if (!M)
      return M.takeError();
    for (const GlobalVariable &GV : (*M)->globals()) {
      const auto *Data = GV.hasSection() && GV.getSection() == ".llvm.offloading" &&
                                 GV.hasInitializer()
                             ? dyn_cast<ConstantDataSequential>(GV.getInitializer())
                             : nullptr;
      if (!Data)
        continue;
      SmallVector<object::OffloadFile, 4> Binaries;
      if (Error E = object::extractOffloadBinaries(MemoryBufferRef(Data->getAsString(), Name),
                                                   Binaries))
        return E;
      collectIR(Binaries, Name, Seen, Out); // (the module's data dies with it)
    }
    return Error::success();
  }
  default: {
    SmallVector<object::OffloadFile, 4> Binaries;
    if (Error E = object::extractOffloadBinaries(Buffer, Binaries))
      return E;
    collectIR(Binaries, Name, Seen, Out);
    return Error::success();
  }
  }
}

/// What the link compiled: images, each marked as compiled from its IR,
/// and the messages.
struct Compiled {
  std::mutex Mutex;
  std::vector<DeviceImage> Images;
  std::vector<std::string> Errors; ///< whole lines, at the region where known
  std::vector<std::string> Warnings;
};

/// \p IR's images for \p Arch, into \p Out.
void compileFor(const LinkedIR &IR, const std::string &Arch, const std::string &Ptxas,
                Compiled &Out) {
  CompileCache Cache;
  std::vector<DeviceImage> Images;
  std::vector<std::string> Warnings;
  Error E = Error::success();
  if (Expected<std::unique_ptr<DeviceTarget>> T = DeviceTarget::create(Arch))
    E = compileDeviceIR(IR.Bitcode, IR.Role, **T, IR.EmbedIR, Cache, IR.Cubins, Ptxas, Images,
                        Warnings);
  else
    E = T.takeError();
  std::lock_guard<std::mutex> Lock(Out.Mutex);
  if (E) {
    // At the construct of the region whose kernel the error names, as the
    // compile would have said it.
    std::string Message = toString(std::move(E));
    std::string Prefix = "ferry-link: error: ";
    for (const RegionSite &R : IR.Regions)
      if (explainRegionError(Message, R.Kernel, R.Name)) {
        Prefix = R.Location + ": error: ferry-link: ";
        break;
      }
    Out.Errors.push_back(Prefix + "cannot compile the device code of '" + IR.File + "' for " +
                         Arch + ": " + Message);
  }
  for (std::string &W : Warnings)
    Out.Warnings.push_back(IR.File + ": " + W);
  for (DeviceImage &I : Images) {
    I.Strings.push_back({FERRY_COMPILED_FROM_KEY, IR.Digest});
    Out.Images.push_back(std::move(I));
  }
}

/// Every (IR, target) pair compiled, as many at once as the machine has
/// threads (or FERRY_COMPILE_THREADS).
void compileAll(const std::vector<LinkedIR> &IRs, Compiled &Out) {
  std::vector<std::pair<const LinkedIR *, std::string>> Jobs;
  bool Cubins = false;
  for (const LinkedIR &IR : IRs)
    for (const std::string &T : IR.Targets) {
      Jobs.push_back({&IR, T});
      Cubins |= !IR.Cubins.empty() && smNumber(T) != 0;
    }
  const std::string Ptxas = Cubins ? findPtxas() : "";
  unsigned Threads = unsigned(Jobs.size());
  if (std::optional<std::string> Env = sys::Process::GetEnv("FERRY_COMPILE_THREADS")) {
    unsigned N;
    if (!StringRef(*Env).getAsInteger(10, N) && N > 0)
      Threads = std::min(Threads, N);
  }
  DefaultThreadPool Pool(hardware_concurrency(Threads));
  for (const auto &[IR, Arch] : Jobs)
    Pool.async([&, IR = IR, Arch = Arch] { compileFor(*IR, Arch, Ptxas, Out); });
  Pool.wait();
  // The same order whatever finished first.
  std::sort(Out.Images.begin(), Out.Images.end(),
                   [](const DeviceImage &A, const DeviceImage &B) {
                     return std::tie(A.Strings.back().second, A.Arch, A.Kind) <
                            std::tie(B.Strings.back().second, B.Arch, B.Kind);
                   });
}

/// An object for the host that embeds \p Package and registers it from a
/// constructor (emitImageRegistration), written to \p Path.
Error writeRegistrationObject(StringRef Package, StringRef Path) {
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  const std::string Triple = sys::getDefaultTargetTriple();
  std::string Problem;
  const Target *T = TargetRegistry::lookupTarget(Triple, Problem);
  if (!T)
    return createStringError(inconvertibleErrorCode(), "no host target '%s': %s", Triple.c_str(),
                             Problem.c_str());
  llvm::TargetOptions Options;
  Options.UseInitArray = true; // as clang: lld runs no .ctors
  std::unique_ptr<TargetMachine> TM(
      T->createTargetMachine(Triple, "generic", "", Options, Reloc::PIC_));
  LLVMContext Ctx;
  Module M("ferry-link", Ctx);
  M.setTargetTriple(Triple);
  M.setDataLayout(TM->createDataLayout());
  emitImageRegistration(M, Package);
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_None);
  if (EC)
    return createStringError(EC, "cannot write '%s': %s", Path.str().c_str(),
                             EC.message().c_str());
  legacy::PassManager PM;
  if (TM->addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::ObjectFile))
    return createStringError(inconvertibleErrorCode(), "the host target cannot write objects");
  PM.run(M);
  return Error::success();
}

/// The link's inputs that may carry device IR: its files, and the static
/// libraries its `-l` options name, found as the linker finds them (every
/// `-L` directory in order, then the linker's own; `libNAME.so` before
/// `libNAME.a` in one directory unless `-Bstatic`; `-l:FILE` as named).
/// Each with the index of its argument in \p Args.
std::vector<std::pair<std::string, size_t>> linkInputs(ArrayRef<const char *> Args) {
  std::vector<std::string> Dirs;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "-L" || A == "--library-path") {
      if (I + 1 < Args.size())
        Dirs.push_back(Args[++I]);
    } else if (A.consume_front("--library-path=") || A.consume_front("-L")) {
      Dirs.push_back(A.str());
    }
  }
  for (const char *D : {"/usr/local/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu",
                        "/usr/lib/x86_64-linux-gnu", "/usr/local/lib", "/lib", "/usr/lib"})
    Dirs.push_back(D);
  auto find = [&](StringRef Name, bool Static) -> std::string {
    const bool Exact = Name.consume_front(":");
    for (const std::string &Dir : Dirs) {
      if (Exact) {
        if (sys::fs::exists(Dir + "/" + Name))
          return Dir + "/" + Name.str();
        continue;
      }
      if (!Static && sys::fs::exists(Dir + "/lib" + Name + ".so"))
        return ""; // a shared library: its own link compiled its device code
      if (sys::fs::exists(Dir + "/lib" + Name + ".a"))
        return Dir + "/lib" + Name.str() + ".a";
    }
    return "";
  };
  std::vector<std::pair<std::string, size_t>> Inputs;
  bool Static = false;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "-Bstatic" || A == "-dn" || A == "-non_shared" || A == "-static") {
      Static = true;
    } else if (A == "-Bdynamic" || A == "-dy" || A == "-call_shared") {
      Static = false;
    } else if (A == "-o" || A == "-L" || A == "--library-path" || A == "-T" || A == "-m" ||
               A == "-e" || A == "-soname" || A == "-dynamic-linker" || A == "-rpath" ||
               A == "-z" || A == "-plugin" || A == "-plugin-opt") {
      ++I; // (an option's value is no input)
    } else if (A == "-l" || A == "--library") {
      if (I + 1 < Args.size()) {
        if (std::string Path = find(Args[I + 1], Static); !Path.empty())
          Inputs.push_back({Path, I + 1});
        ++I;
      }
    } else if (A.consume_front("--library=") || A.consume_front("-l")) {
      if (std::string Path = find(A, Static); !Path.empty())
        Inputs.push_back({Path, I});
    } else if (!A.starts_with("-")) {
      Inputs.push_back({A.str(), I});
    }
  }
  return Inputs;
}

/// Where the registration object goes in \p Args: after the argument at
/// \p Last (the last input with device IR), but not inside a group of
/// lazy objects (`--start-lib` ... `--end-lib`, lld and gold), where
/// nothing would take it.
size_t registrationIndex(ArrayRef<StringRef> Args, size_t Last) {
  size_t At = Last + 1;
  int Lazy = 0;
  for (size_t I = 0; I < At && I < Args.size(); ++I)
    Lazy += Args[I] == "--start-lib" ? 1 : Args[I] == "--end-lib" ? -1 : 0;
  for (; Lazy > 0 && At < Args.size(); ++At)
    Lazy -= Args[At] == "--end-lib" ? 1 : 0;
  return std::min(At, Args.size());
}

/// Runs the linker with \p Args; its exit status.
int runLinker(ArrayRef<StringRef> Args) {
  const std::string Name = sys::Process::GetEnv("FERRY_LINKER").value_or("ld");
  ErrorOr<std::string> Path =
      StringRef(Name).contains('/') ? ErrorOr<std::string>(Name) : sys::findProgramByName(Name);
  if (!Path)
    return fail("cannot find the linker '" + Name + "' (FERRY_LINKER names another)");
  SmallVector<StringRef, 64> Argv{*Path};
  Argv.append(Args.begin(), Args.end());
  std::string Message;
  const int Status = sys::ExecuteAndWait(*Path, Argv, std::nullopt, {}, 0, 0, &Message);
  if (Status < 0)
    return fail("cannot run '" + *Path + "': " + Message);
  return Status;
}

} // namespace

int main(int argc, char **argv) {
  ferry::installFatalErrorHandler();
  ferry::useCompileOnlyProcessDefaults();
  SmallVector<const char *, 64> Expanded(argv + 1, argv + argc);
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  // (The linker reads the response files itself; this is for the inputs.)
  if (!cl::ExpandResponseFiles(Saver, cl::TokenizeGNUCommandLine, Expanded))
    return fail("cannot read a response file of the command line");
  // A relocatable link (`-r`) keeps the IR for the program's link.
  for (StringRef A : Expanded)
    if (A == "-r" || A == "--relocatable" || A == "-i")
      return runLinker(SmallVector<StringRef, 64>(argv + 1, argv + argc));
  std::vector<LinkedIR> IRs;
  std::set<std::string> Seen;
  size_t Last = 0; // the last input with device IR, as an index of Expanded
  for (const auto &[Path, I] : linkInputs(Expanded)) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
    if (!Buf)
      continue; // not a file: the linker says what it is
    // (Bitcode: objects compiled with -flto, whose device IR is there too.)
    const file_magic Magic = identify_magic((*Buf)->getBuffer());
    if (Magic != file_magic::elf_relocatable && Magic != file_magic::archive &&
        Magic != file_magic::bitcode)
      continue;
    const size_t Before = IRs.size();
    if (Error E = readInput((*Buf)->getMemBufferRef(), Path, Seen, IRs))
      return fail(Path + ": " + toString(std::move(E)));
    if (IRs.size() > Before)
      Last = I;
  }
  SmallVector<StringRef, 64> Args(argv + 1, argv + argc);
  if (IRs.empty())
    return runLinker(Args);
  Compiled Out;
  compileAll(IRs, Out);
  for (const std::string &W : Out.Warnings)
    errs() << "ferry-link: warning: " << W << "\n";
  if (!Out.Errors.empty()) {
    // (The same order whatever finished first.)
    std::sort(Out.Errors.begin(), Out.Errors.end());
    for (const std::string &E : Out.Errors)
      errs() << E << "\n";
    return 1;
  }
  SmallString<128> Object;
  if (std::error_code EC = sys::fs::createTemporaryFile("ferry-link", "o", Object))
    return fail("cannot create a temporary object: " + EC.message());
  if (Error E = writeRegistrationObject(packageImages(Out.Images), Object)) {
    sys::fs::remove(Object);
    return fail(toString(std::move(E)));
  }
  // Right after the last object that had device IR (the end of a command
  // line that named response files).
  if (Expanded.size() == Args.size())
    Args.insert(Args.begin() + registrationIndex(Args, Last), Object);
  else
    Args.push_back(Object);
  const int Status = runLinker(Args);
  sys::fs::remove(Object);
  return Status;
}
