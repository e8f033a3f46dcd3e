//===- TranslateFuzzer.cpp - libFuzzer target: NVVM IR through Ferry ------===//
///
/// \file
/// Gives NVVM IR (bitcode, or text) to what every input of ferry-translate
/// goes through: the backend-safety checks, the NVVM->AMDGPU translation and
/// the AMDGPU lowering to a code object (optimization, code generation, lld),
/// and for one input in four the NVPTX lowering to PTX as well. Errors are
/// fine; what is not is a crash, and an error saying that LLVM failed
/// "instead of reporting an error" (BackendGuard caught LLVM ending the
/// process): both are reported as crashes with the input.
///
/// Mutation: bitcode inputs are mutated at the IR level by LLVM's
/// FuzzMutate (new instructions, deleted or modified ones, new blocks, PHIs,
/// functions), so nearly every mutant is valid IR; other inputs (text IR)
/// by libFuzzer's byte mutations. The seeds are text: a text seed that
/// parses is turned into a module and mutated into bitcode.
///
//===----------------------------------------------------------------------===//
#include "BackendGuard.h"
#include "ferry/DeviceTarget.h"
#include "ferry/Translate.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/FuzzMutate/IRMutator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace llvm;

extern "C" size_t LLVMFuzzerMutate(uint8_t *Data, size_t Size, size_t MaxSize);

namespace {

std::unique_ptr<IRMutator> Mutator;
bool Verbose = false;

bool isBitcode(const uint8_t *Data, size_t Size) {
  return Size >= 4 && std::memcmp(Data, "BC\xC0\xDE", 4) == 0;
}

/// The module in \p Data (bitcode or text), verified; nullptr when there is none.
std::unique_ptr<Module> parse(const uint8_t *Data, size_t Size, LLVMContext &Ctx) {
  std::unique_ptr<Module> M;
  if (isBitcode(Data, Size)) {
    M = parseModule(Data, Size, Ctx);
  } else {
    SMDiagnostic Err;
    // The parser reads up to a terminating NUL, which a std::string has.
    const std::string Text(reinterpret_cast<const char *>(Data), Size);
    M = parseAssemblyString(Text, Err, Ctx);
  }
  if (!M || verifyModule(*M, Verbose ? &errs() : nullptr))
    return nullptr;
  return M;
}

/// The input being compiled, for fatalError.
const uint8_t *CurrentData = nullptr;
size_t CurrentSize = 0;

/// LLVM ended the process where Ferry should have reported an error. libFuzzer
/// does not see the abort that follows (LLVM's signal handling is in the
/// way), so the input is written here: to $FERRY_FUZZ_CRASH_DIR (fuzz.sh
/// sets it) or the current directory, as fatal-<size>-<hash>.
void fatalError(void *, const char *Reason, bool) {
  std::string Dir = std::getenv("FERRY_FUZZ_CRASH_DIR") ? std::getenv("FERRY_FUZZ_CRASH_DIR") : ".";
  uint64_t Hash = 1469598103934665603ull;
  for (size_t I = 0; I < CurrentSize; ++I)
    Hash = (Hash ^ CurrentData[I]) * 1099511628211ull;
  std::string Path = Dir + "/fatal-" + std::to_string(CurrentSize) + "-" + std::to_string(Hash);
  if (FILE *F = std::fopen(Path.c_str(), "wb")) {
    std::fwrite(CurrentData, 1, CurrentSize, F);
    std::fclose(F);
  }
  std::fprintf(stderr, "ferry-fuzz-translate: LLVM ERROR: %s (input written to %s)\n", Reason,
               Path.c_str());
  std::_Exit(1);
}

/// A finding: LLVM ended the compile where Ferry should have refused the
/// input (or itself crashed), caught by BackendGuard.
void check(Error E, const char *Stage) {
  handleAllErrors(std::move(E), [&](const ErrorInfoBase &Info) {
    std::string Message = Info.message();
    if (Verbose)
      errs() << Stage << ": " << Message << "\n";
    if (Message.find("instead of reporting an error") != std::string::npos) {
      errs() << "ferry-fuzz-translate: " << Stage << ": " << Message << "\n";
      std::abort();
    }
  });
}

} // namespace

/// LLVM's and Clang's inline allocator code, compiled here with ASan, poisons
/// slabs that the uninstrumented libraries then use: manual poisoning off.
extern "C" const char *__asan_default_options() { return "allow_user_poisoning=0"; }

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  Verbose = std::getenv("FERRY_FUZZ_VERBOSE") != nullptr;
  InitializeAllTargets();
  InitializeAllTargetMCs();
  InitializeAllAsmPrinters();
  InitializeAllAsmParsers();
  install_fatal_error_handler(fatalError);
  // BackendGuard turns LLVM's crashes and fatal errors into errors through
  // a CrashRecoveryContext, whose signal handlers would replace libFuzzer's
  // and the sanitizers'. Here they must stay crashes, reported with the
  // input: let the guard enable crash recovery once, then turn it off (a
  // fatal error then ends the process, which libFuzzer reports).
  consumeError(ferry::runGuarded("start-up", [] { return Error::success(); }));
  CrashRecoveryContext::Disable();
  std::vector<TypeGetter> Types{Type::getInt1Ty,  Type::getInt8Ty,  Type::getInt16Ty,
                                Type::getInt32Ty, Type::getInt64Ty, Type::getFloatTy,
                                Type::getDoubleTy, Type::getHalfTy};
  std::vector<std::unique_ptr<IRMutationStrategy>> Strategies;
  Strategies.push_back(std::make_unique<InjectorIRStrategy>());
  Strategies.push_back(std::make_unique<InstDeleterIRStrategy>());
  Strategies.push_back(std::make_unique<InstModificationIRStrategy>());
  Strategies.push_back(std::make_unique<InsertCFGStrategy>());
  Strategies.push_back(std::make_unique<InsertPHIStrategy>());
  Strategies.push_back(std::make_unique<SinkInstructionStrategy>());
  Strategies.push_back(std::make_unique<ShuffleBlockStrategy>());
  Strategies.push_back(std::make_unique<InsertFunctionStrategy>());
  Mutator = std::make_unique<IRMutator>(std::move(Types), std::move(Strategies));
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *Data, size_t Size, size_t MaxSize,
                                          unsigned Seed) {
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parse(Data, Size, Ctx);
  // Text that does not parse (yet) and one mutant in eight: byte mutations.
  if (!M || (!isBitcode(Data, Size) && Seed % 8 == 0))
    return LLVMFuzzerMutate(Data, Size, MaxSize);
  Mutator->mutateModule(*M, int(Seed), MaxSize);
  if (verifyModule(*M))
    return isBitcode(Data, Size) ? Size : LLVMFuzzerMutate(Data, Size, MaxSize);
  const size_t Written = writeModule(*M, Data, MaxSize);
  return Written ? Written : Size;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 64 * 1024)
    return -1;
  CrashRecoveryContext::Disable(); // lld enables it again in every link
  CurrentData = Data;
  CurrentSize = Size;
  LLVMContext Ctx;
  std::unique_ptr<Module> M = parse(Data, Size, Ctx);
  if (!M)
    return 0;
  // ferry-translate's own input checks: NVVM IR that defines something.
  if (!Triple(M->getTargetTriple()).isNVPTX())
    M->setTargetTriple("nvptx64-nvidia-cuda");
  ferry::DeviceOptions Options;
  Options.OptLevel = Size % 3 == 0 ? 0 : 2;
  auto AMD = ferry::DeviceTarget::create(Size % 2 ? "gfx1100" : "gfx90a", Options);
  if (!AMD)
    check(AMD.takeError(), "AMDGPU");
  else if (Expected<std::string> Object = (*AMD)->compile(*M, ferry::ImageKind::CodeObject);
           !Object)
    check(Object.takeError(), "AMDGPU");
  if (Size % 4 == 0) {
    auto NVIDIA = ferry::DeviceTarget::create("sm_80", Options);
    if (!NVIDIA)
      check(NVIDIA.takeError(), "PTX");
    else if (Expected<std::string> Text = (*NVIDIA)->compile(*M, ferry::ImageKind::PTX); !Text)
      check(Text.takeError(), "PTX");
  }
  return 0;
}
