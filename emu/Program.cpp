//===- Program.cpp - A device module retargeted to the host and JIT-compiled -===//
///
/// \file
/// See ferry/Emu.h. The module keeps its address spaces (the host backend
/// treats them all as flat 64-bit memory); what the host cannot run is
/// rewritten: group-memory variables become offsets into the running
/// work-group's storage, private allocas move to the default address space,
/// device intrinsics become calls of the runtime (Scheduler.cpp) with the
/// call site's id first, kernels lose their calling conventions and get an
/// entry `void __ferry_emu.entry.K(ptr args)` that loads each argument.
///
//===----------------------------------------------------------------------===//
#include "Matrix.h"
#include "PTXParser.h"
#include "PTXTranslator.h"
#include "Scheduler.h"
#include "TranslationPasses.h"

#include "core/DevicePrintf.h"
#include "core/SymbolIndex.h"
#include "hsa/KernelArgs.h"

#include "llvm/ADT/SCCIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/CallGraph.h"
#include "llvm/Analysis/Utils/Local.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <mutex>
#include <set>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>

using namespace llvm;

namespace ferry {
namespace emu {

Program::~Program() = default;

namespace {

Error fail(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), "ferry-emu: " + Message);
}

bool isKernel(const Function &F, Dialect K) {
  if (F.isDeclaration())
    return false;
  if (K == Dialect::AMDGPU)
    return F.getCallingConv() == CallingConv::AMDGPU_KERNEL;
  if (F.getCallingConv() == CallingConv::PTX_Kernel)
    return true;
  if (const NamedMDNode *A = F.getParent()->getNamedMetadata("nvvm.annotations"))
    for (const MDNode *N : A->operands())
      if (N->getNumOperands() >= 2)
        if (auto *V = dyn_cast_or_null<ValueAsMetadata>(N->getOperand(0).get()))
          if (V->getValue() == &F)
            if (auto *S = dyn_cast<MDString>(N->getOperand(1)); S && S->getString() == "kernel")
              return true;
  return false;
}

unsigned waveSizeOf(const Options &O) {
  if (O.Kind == Dialect::NVVM)
    return 32;
  // Ferry translates gfx10+ to wave32 and gfx9 to wave64 (EMU32).
  return StringRef(O.Arch).starts_with("gfx9") ? 64 : 32;
}

/// The most private memory a work-item of \p O's processor can have:
/// COMPUTE_TMPRING_SIZE.WAVESIZE's largest wave share over the wave size
/// (13 bits of 1 KiB before GFX11, 15 bits of 256 bytes on GFX11, 18 bits
/// on GFX12), as AMDGPU's code generator limits a kernel's frame.
uint64_t maxPrivateBytes(const Options &O) {
  const StringRef Arch(O.Arch);
  const uint64_t Wave = Arch.starts_with("gfx12")   ? 256 * ((1u << 18) - 1)
                        : Arch.starts_with("gfx11") ? 256 * ((1u << 15) - 1)
                                                    : 1024 * ((1u << 13) - 1);
  return Wave / waveSizeOf(O);
}

struct KernelInfo {
  std::vector<std::pair<uint32_t, bool>> Params;
  void (*Entry)(void *const *) = nullptr;
  SymbolInfo Meta; ///< AMDGPU: from the code object, hidden arguments completed
  bool HasMeta = false;
  uint64_t ImplicitOffset = 0; ///< where llvm.amdgcn.implicitarg.ptr points
};

/// The hidden arguments of code object v5 (AMDGPUUsage, "Code Object V5
/// Metadata"), at their offsets from the implicit-argument pointer; the
/// block is 256 bytes.
struct HiddenArg {
  uint64_t Offset, Size;
  const char *Kind;
};
constexpr HiddenArg HiddenV5[] = {
    {0, 4, "hidden_block_count_x"},       {4, 4, "hidden_block_count_y"},
    {8, 4, "hidden_block_count_z"},       {12, 2, "hidden_group_size_x"},
    {14, 2, "hidden_group_size_y"},       {16, 2, "hidden_group_size_z"},
    {18, 2, "hidden_remainder_x"},        {20, 2, "hidden_remainder_y"},
    {22, 2, "hidden_remainder_z"},        {40, 8, "hidden_global_offset_x"},
    {48, 8, "hidden_global_offset_y"},    {56, 8, "hidden_global_offset_z"},
    {64, 2, "hidden_grid_dims"},          {72, 8, "hidden_printf_buffer"},
    {120, 4, "hidden_dynamic_lds_size"}};
/// Code object v4: the global offsets, then pointers Ferry leaves null.
constexpr HiddenArg HiddenV4[] = {{0, 8, "hidden_global_offset_x"},
                                  {8, 8, "hidden_global_offset_y"},
                                  {16, 8, "hidden_global_offset_z"},
                                  {24, 8, "hidden_printf_buffer"}};
constexpr uint64_t HiddenBlockSize = 256;
/// An emulated dispatch's device printf buffer, as the HSA backend's.
constexpr uint32_t PrintfBufferBytes = 1u << 20;

/// The emulator runs the translation as the plugin embeds it, before the
/// code-generation pipeline; the code object's metadata describes the kernel
/// after it. Where that pipeline removed every use of the implicit-argument
/// pointer (a region whose body has no effect is deleted whole), the
/// metadata lists no hidden argument and the kernarg segment ends after the
/// explicit ones, but the IR the emulator runs still reads block counts and
/// group sizes through llvm.amdgcn.implicitarg.ptr. So the segment gets the
/// whole hidden block of the module's code object version: the hidden
/// arguments the metadata lists stay where they are, the missing ones are
/// added at their offsets from the first (or, with none, after the explicit
/// arguments, aligned to 8 as the AMDGPU backend places them). Returns the
/// implicit-argument offset.
uint64_t completeHiddenArgs(SymbolInfo &K, unsigned CodeObjectVersion) {
  uint64_t ExplicitEnd = 0;
  std::optional<uint64_t> Base;
  for (const KernelArgDesc &A : K.Args) {
    if (!isHiddenArg(A))
      ExplicitEnd = std::max(ExplicitEnd, A.Offset + A.Size);
    else if (!Base)
      Base = A.Offset;
  }
  if (!Base)
    Base = (ExplicitEnd + 7) / 8 * 8;
  ArrayRef<HiddenArg> Table = CodeObjectVersion >= 5 ? ArrayRef<HiddenArg>(HiddenV5)
                                                     : ArrayRef<HiddenArg>(HiddenV4);
  for (const HiddenArg &H : Table) {
    const uint64_t Begin = *Base + H.Offset, End = Begin + H.Size;
    bool Taken = false;
    for (const KernelArgDesc &A : K.Args)
      Taken |= A.Offset < End && Begin < A.Offset + A.Size;
    if (!Taken)
      K.Args.push_back({Begin, H.Size, H.Kind});
  }
  K.KernargSize = std::max(K.KernargSize, *Base + HiddenBlockSize);
  return *Base;
}

class ProgramImpl final : public Program {
public:
  std::unique_ptr<orc::LLJIT> JIT;
  Options Opts;
  std::vector<std::string> Sites;
  std::map<std::string, KernelInfo> Kernels;
  uint64_t SharedBytes = 0; ///< static group memory; dynamic follows
  uint64_t DynamicSharedOffset = 0;
  PrintfFormatTable PrintfFormats; ///< AMDGPU: the module's llvm.printf.fmts

  std::vector<std::string> kernels() const override {
    std::vector<std::string> Names;
    for (const auto &[Name, K] : Kernels)
      Names.push_back(Name);
    return Names;
  }

  Expected<std::vector<std::pair<uint32_t, bool>>>
  parameters(const std::string &Kernel) const override {
    auto It = Kernels.find(Kernel);
    if (It == Kernels.end())
      return fail("no kernel '" + Kernel + "' in the module");
    return It->second.Params;
  }

  std::map<std::string, uint64_t> GlobalSizes;
  /// Bounds checking: where the module's variables are (start, bytes).
  std::vector<std::pair<const void *, uint64_t>> GlobalRanges;

  /// Functions of the module other code may call through their address
  /// (external definitions, kernels included), by name.
  std::set<std::string> FunctionNames;

  Expected<std::pair<uint64_t, uint64_t>> symbol(const std::string &Name) override {
    auto Size = GlobalSizes.find(Name);
    const bool Function = Size == GlobalSizes.end() && FunctionNames.count(Name);
    if (Size == GlobalSizes.end() && !Function)
      return fail("no variable or function '" + Name + "' in the module");
    auto Address = JIT->lookup(Name);
    if (!Address)
      return Address.takeError();
    // A function's address is its entry point, callable through a pointer
    // by the module's code; its size is not known (0), as for PTX.
    return std::make_pair(Address->getValue(), Function ? uint64_t(0) : Size->second);
  }

  Error run(const std::string &Kernel, const Launch &L,
            const std::vector<const void *> &Args) override {
    auto It = Kernels.find(Kernel);
    if (It == Kernels.end())
      return fail("no kernel '" + Kernel + "' in the module");
    const KernelInfo &K = It->second;
    if (Args.size() != K.Params.size())
      return fail("kernel '" + Kernel + "' takes " + Twine(K.Params.size()) +
                  " arguments, " + Twine(Args.size()) + " given");
    Dispatch D;
    D.Kernel = Kernel;
    D.L = L;
    D.WaveSize = waveSizeOf(Opts);
    D.MaskedOps = Opts.Kind == Dialect::NVVM;
    D.SharedBytes = DynamicSharedOffset + L.DynamicShared;
    D.Entry = K.Entry;
    D.Args = const_cast<void *const *>(reinterpret_cast<const void *const *>(Args.data()));
    D.Sites = &Sites;
    D.Threads = Opts.Threads;
    std::shared_ptr<RaceTable> Races = Opts.RaceCheck ? newRaceTable() : nullptr;
    D.Races = Races.get();
    D.RaceReads = Opts.RaceCheckReads;
    DispatchBuffers Buffers;
    if (K.HasMeta)
      if (Error E = buildAMDDispatch(Kernel, K, L, Args, Buffers, D))
        return E;
    std::vector<std::pair<uintptr_t, uintptr_t>> Allowed;
    if (L.Memory && (Opts.BoundsCheck || Opts.Check)) {
      Allowed = allowedRanges(K, L, Args, Buffers);
      D.Allowed = &Allowed;
    }
    std::string E = runDispatch(D);
    // What the kernel printed, an assertion's message before its failure.
    std::string Bad;
    if (!Buffers.Printf.empty())
      Bad = printPrintfBuffer(Buffers.Printf.data(), PrintfBufferBytes,
                              PrintfFormats);
    if (!E.empty())
      return fail(E);
    if (!Bad.empty())
      return fail("device printf: " + Bad);
    return Error::success();
  }

private:
  /// What an AMDGPU dispatch points to while it runs.
  struct DispatchBuffers {
    std::vector<uint8_t> Kernarg, Printf;
    hsa_kernel_dispatch_packet_t Packet = {};
  };

  /// AMDGPU: the kernarg segment, the printf buffer and the dispatch packet
  /// exactly as the HSA backend builds them, into \p Buffers for \p D.
  Error buildAMDDispatch(const std::string &Kernel, const KernelInfo &K,
                         const Launch &L, const std::vector<const void *> &Args,
                         DispatchBuffers &Buffers, Dispatch &D) const {
    // The hardware's limit on private memory (the HSA backend's 4 KiB
    // kernarg slots are its own choice, not the device's: not imposed).
    if (K.Meta.Scratch > maxPrivateBytes(Opts))
      return fail("kernel '" + Kernel + "' needs " +
                  std::to_string(K.Meta.Scratch) +
                  " bytes of private memory per work-item; " + Opts.Arch +
                  " allows " + std::to_string(maxPrivateBytes(Opts)));
    DispatchGeometry G;
    std::copy(L.Grid, L.Grid + 3, G.Grid);
    std::copy(L.Block, L.Block + 3, G.Block);
    G.DynamicLDS = L.DynamicShared;
    for (const KernelArgDesc &A : K.Meta.Args)
      if (A.ValueKind == "hidden_printf_buffer") {
        Buffers.Printf.resize(PrintfBufferBytes);
        resetPrintfBuffer(Buffers.Printf.data(), PrintfBufferBytes);
        G.PrintfBuffer = reinterpret_cast<uint64_t>(Buffers.Printf.data());
        D.PrintfOffset = int64_t(A.Offset);
      }
    std::string E =
        fillKernargs(K.Meta,
                     const_cast<void *const *>(
                         reinterpret_cast<const void *const *>(Args.data())),
                     G, Buffers.Kernarg);
    if (!E.empty())
      return fail("kernel '" + Kernel + "': " + E);
    D.Kernarg = Buffers.Kernarg.data();
    D.ImplicitOffset = K.ImplicitOffset;
    uint32_t HeaderAndSetup = 0;
    E = buildDispatchPacket(G, /*KernelObject=*/0, uint32_t(K.Meta.LDS),
                            uint32_t(K.Meta.Scratch), Buffers.Kernarg.data(),
                            hsa_signal_t{0}, Buffers.Packet, HeaderAndSetup);
    if (!E.empty())
      return fail("kernel '" + Kernel + "': " + E);
    Buffers.Packet.header = uint16_t(HeaderAndSetup);
    Buffers.Packet.setup = uint16_t(HeaderAndSetup >> 16);
    D.Packet = &Buffers.Packet;
    return Error::success();
  }

  /// Bounds checking: the memory the kernel may touch (the launch's, the
  /// module's variables, the arguments, the dispatch's buffers), sorted and
  /// merged for emu_check_global's search.
  std::vector<std::pair<uintptr_t, uintptr_t>>
  allowedRanges(const KernelInfo &K, const Launch &L,
                const std::vector<const void *> &Args,
                const DispatchBuffers &Buffers) const {
    std::vector<std::pair<uintptr_t, uintptr_t>> Allowed;
    auto Add = [&](const void *P, uint64_t Bytes) {
      if (P && Bytes)
        Allowed.push_back({reinterpret_cast<uintptr_t>(P),
                           reinterpret_cast<uintptr_t>(P) + Bytes});
    };
    for (const auto &[P, Bytes] : *L.Memory)
      Add(P, Bytes);
    for (const auto &[P, Bytes] : GlobalRanges)
      Add(P, Bytes);
    for (size_t I = 0; I < Args.size(); ++I)
      Add(Args[I], K.Params[I].first);
    Add(Buffers.Kernarg.data(), Buffers.Kernarg.size());
    Add(&Buffers.Packet, sizeof Buffers.Packet);
    Add(Buffers.Printf.data(), Buffers.Printf.size());
    std::sort(Allowed.begin(), Allowed.end());
    std::vector<std::pair<uintptr_t, uintptr_t>> Merged;
    for (const auto &R : Allowed)
      if (!Merged.empty() && R.first <= Merged.back().second)
        Merged.back().second = std::max(Merged.back().second, R.second);
      else
        Merged.push_back(R);
    return Merged;
  }
};

/// Group-memory variables become offsets into the work-group's storage.
Error lowerGroupMemory(Module &M, ProgramImpl &P, FunctionCallee Shared) {
  const DataLayout &DL = M.getDataLayout();
  SmallVector<GlobalVariable *, 8> Groups;
  for (GlobalVariable &G : M.globals())
    if (G.getAddressSpace() == 3)
      Groups.push_back(&G);
  uint64_t Offset = 0;
  std::map<GlobalVariable *, uint64_t> Offsets;
  SmallVector<GlobalVariable *, 2> Dynamic;
  for (GlobalVariable *G : Groups) {
    const uint64_t Size = DL.getTypeAllocSize(G->getValueType());
    if (Size == 0) { // extern __shared__: the dynamic part, after the static
      Dynamic.push_back(G);
      continue;
    }
    const uint64_t Align = std::max<uint64_t>(G->getAlign().valueOrOne().value(), 16);
    Offset = (Offset + Align - 1) / Align * Align;
    Offsets[G] = Offset;
    Offset += Size;
  }
  P.SharedBytes = Offset;
  P.DynamicSharedOffset = (Offset + 15) / 16 * 16;
  for (GlobalVariable *G : Dynamic)
    Offsets[G] = P.DynamicSharedOffset;
  // `__device__ __shared__` at file scope is kept alive through
  // llvm.compiler.used (by an addrspacecast): group memory the emulator
  // places per work-group, not a symbol to keep (HeCBench pns).
  removeFromUsedLists(M, [](Constant *C) {
    auto *G = dyn_cast<GlobalVariable>(C->stripPointerCasts());
    return G && G->getAddressSpace() == 3;
  });
  SmallVector<Constant *, 8> AsConstants(Groups.begin(), Groups.end());
  convertUsersOfConstantsToInstructions(AsConstants);
  for (auto &[G, Off] : Offsets) {
    SmallVector<Use *, 8> Uses;
    for (Use &U : G->uses())
      Uses.push_back(&U);
    for (Use *U : Uses) {
      auto *I = dyn_cast<Instruction>(U->getUser());
      if (!I)
        return fail("group variable '" + G->getName() + "' is used outside instructions");
      Instruction *At = I;
      if (auto *Phi = dyn_cast<PHINode>(I))
        At = Phi->getIncomingBlock(*U)->getTerminator();
      IRBuilder<> B(At);
      Value *Base = B.CreateCall(Shared, {B.getInt64(Off)});
      U->set(B.CreateAddrSpaceCast(Base, G->getType()));
    }
  }
  for (GlobalVariable *G : Groups)
    if (G->use_empty())
      G->eraseFromParent();
  return Error::success();
}

/// Group memory addresses are 32 bits wide (address space 3's index type
/// on AMD GPUs), so an offset wraps around as it does on the device
/// (`p[~x]` of an unsigned x is p[-x-1], what `ds_read` computes); the
/// host's pointers are 64 bits wide, where it would not. Each address-space-3
/// GEP with a variable index becomes its byte offset computed in 32 bits
/// and sign-extended, before the module gets the host's data layout.
void wrapGroupOffsets(Module &M) {
  const DataLayout &DL = M.getDataLayout();
  if (DL.getIndexSizeInBits(3) >= 64)
    return;
  // First, what the AMDGPU backend does to flat pointers into group memory
  // (InferAddressSpaces, flat = address space 0): their arithmetic becomes
  // group memory's.
  {
    FunctionAnalysisManager FAM;
    PassBuilder PB;
    PB.registerFunctionAnalyses(FAM);
    FunctionPassManager FPM;
    FPM.addPass(InferAddressSpacesPass(0));
    for (Function &F : M)
      if (!F.isDeclaration())
        FPM.run(F, FAM);
  }
  SmallVector<GetElementPtrInst *, 32> Geps;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *G = dyn_cast<GetElementPtrInst>(&I);
          G && G->getAddressSpace() == 3 && !G->getType()->isVectorTy() &&
          !G->hasAllConstantIndices())
        Geps.push_back(G);
  for (GetElementPtrInst *G : Geps) {
    IRBuilder<> B(G);
    // No assumptions: wrapping arithmetic, not inbounds' nsw.
    Value *Offset = emitGEPOffset(&B, DL, G, /*NoAssumptions=*/true);
    Value *Address = B.CreateGEP(B.getInt8Ty(), G->getPointerOperand(),
                                 B.CreateSExt(Offset, B.getInt64Ty()), G->getName());
    G->replaceAllUsesWith(Address);
    G->eraseFromParent();
  }
}

/// Volatile loads and stores let the work-item's group run to theirs first
/// (lockstepFunction, Scheduler.h): warp-synchronous code written for
/// lockstep warps sees the other lanes' stores. So do atomic loads: a
/// work-item that spins on one until another of its group (a later wave,
/// which the fixed order runs after it) stores there (libcu++'s
/// cuda::barrier, flags read with `ld.acquire`) ran forever. And device
/// fences: the stores the other lanes of a lockstep warp made before
/// `__threadfence()` are done when it is (HeCBench's btree: lane 30 stores
/// a node's word, lane 1 clears its lock bit with an atomic after the
/// fence; the store landed after the atomic and the lock stayed set).
/// (Device and system fences only: the work-group fences around a barrier
/// would stand in for it, and a missing barrier would no longer show.)
static bool deviceFence(const Instruction &I) {
  const auto *F = dyn_cast<FenceInst>(&I);
  if (!F)
    return false;
  SmallVector<StringRef, 8> Names;
  F->getContext().getSyncScopeNames(Names);
  const SyncScope::ID Id = F->getSyncScopeID();
  const StringRef Scope = Id < Names.size() ? Names[Id] : StringRef();
  return !(Scope.starts_with("workgroup") || Scope.starts_with("wavefront") ||
           Scope.starts_with("singlethread"));
}

/// A call of the runtime function `void NAME()` at \p Fn before each
/// instruction of \p At.
void callBefore(Module &M, std::map<std::string, void *> &Symbols, StringRef Name, void *Fn,
                ArrayRef<Instruction *> At) {
  if (At.empty())
    return;
  FunctionCallee Callee =
      M.getOrInsertFunction(Name, FunctionType::get(Type::getVoidTy(M.getContext()), false));
  Symbols[Name.str()] = Fn;
  for (Instruction *I : At)
    IRBuilder<>(I).CreateCall(Callee);
}

void addLockstepPoints(Module &M, std::map<std::string, void *> &Symbols) {
  SmallVector<Instruction *, 16> Volatile;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if ((isa<LoadInst>(I) && (cast<LoadInst>(I).isVolatile() || cast<LoadInst>(I).isAtomic())) ||
          (isa<StoreInst>(I) && cast<StoreInst>(I).isVolatile()) || deviceFence(I))
        Volatile.push_back(&I);
  callBefore(M, Symbols, "__ferry_emu.lockstep", lockstepFunction(), Volatile);
}

/// Whether \p I is a barrier of the work-group or the wave (NVVM's or
/// AMDGPU's), after which a lane's group-memory accesses need no lockstep.
bool isBarrierCall(const Instruction &I) {
  const auto *C = dyn_cast<CallBase>(&I);
  const Function *F = C ? C->getCalledFunction() : nullptr;
  if (!F)
    return false;
  const StringRef N = F->getName();
  return N.starts_with("llvm.nvvm.barrier") || N == "llvm.nvvm.bar.warp.sync" ||
         N == "llvm.amdgcn.s.barrier" || N == "llvm.amdgcn.wave.barrier";
}

/// Whether \p I starts a device printf (AMDGPU's buffer record, NVVM's
/// vprintf).
bool isPrintfCall(const Instruction &I) {
  const auto *C = dyn_cast<CallBase>(&I);
  const Function *F = C ? C->getCalledFunction() : nullptr;
  return F && (F->getName() == "__printf_alloc" || F->getName() == "vprintf");
}

/// Plain loads of group memory that a lane may reach after a store to it,
/// and stores after a load, with no barrier between, wait for the other
/// lanes of their wave first (waveStepFunction, Scheduler.h): a wave's
/// lanes take them in lockstep, as on the GPU, where warp-synchronous code
/// exchanges values without __syncwarp. Accesses right after a barrier (a tiled loop's reads of the
/// tiles it stored before the barrier) need none and stay as fast as
/// before. So does each device printf: a wave's lines come statement by
/// statement, each in lane order, as a GPU prints them. After
/// wrapGroupOffsets, whose InferAddressSpaces finds the group accesses of
/// flat pointers.
void addWaveSteps(Module &M, std::map<std::string, void *> &Symbols) {
  // Per block: whether a store (bit 0) or a load (bit 1) of group memory
  // may have come since the last barrier; a forward fixed point. (Stores
  // after stores need no step: lanes storing to one address in one step
  // leave either value on a GPU too.)
  enum : unsigned { Store = 1, Load = 2 };
  auto Access = [](const Instruction &I) -> unsigned {
    if (const auto *L = dyn_cast<LoadInst>(&I))
      return L->isSimple() && L->getPointerAddressSpace() == 3 ? Load : 0;
    if (const auto *S = dyn_cast<StoreInst>(&I))
      return S->isSimple() && S->getPointerAddressSpace() == 3 ? Store : 0;
    return 0;
  };
  SmallVector<Instruction *, 16> Steps;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    // A function a kernel calls may be entered after any access.
    const unsigned EntryState = F.getCallingConv() == CallingConv::AMDGPU_KERNEL ||
                                        F.getCallingConv() == CallingConv::PTX_Kernel
                                    ? 0
                                    : Store | Load;
    DenseMap<BasicBlock *, unsigned> In;
    auto Through = [&](BasicBlock &BB, unsigned State, bool Collect) {
      for (Instruction &I : BB) {
        if (isBarrierCall(I)) {
          State = 0;
          continue;
        }
        if (Collect && isPrintfCall(I)) {
          Steps.push_back(&I);
          continue;
        }
        const unsigned A = Access(I);
        if (!A)
          continue;
        if (Collect && (State & (A == Load ? Store : Load)))
          Steps.push_back(&I);
        State |= A;
      }
      return State;
    };
    SmallVector<BasicBlock *, 16> Work = {&F.getEntryBlock()};
    In[&F.getEntryBlock()] = EntryState;
    while (!Work.empty()) {
      BasicBlock *BB = Work.pop_back_val();
      const unsigned Out = Through(*BB, In[BB], false);
      for (BasicBlock *Succ : successors(BB)) {
        auto [It, New] = In.try_emplace(Succ, Out);
        if (New || (It->second | Out) != It->second) {
          It->second |= Out;
          Work.push_back(Succ);
        }
      }
    }
    for (BasicBlock &BB : F)
      if (auto It = In.find(&BB); It != In.end())
        Through(BB, It->second, true);
  }
  callBefore(M, Symbols, "__ferry_emu.wave_step", waveStepFunction(), Steps);
}

/// A new call site: "WHAT in 'function' (block B) #id"; returns its id.
uint32_t addSite(ProgramImpl &P, const std::string &What, const Instruction &I) {
  const uint32_t Id = uint32_t(P.Sites.size());
  std::string Site = What + " in '" + I.getFunction()->getName().str() + "'";
  if (I.getParent()->hasName())
    Site += " (block " + I.getParent()->getName().str() + ")";
  P.Sites.push_back(Site + " #" + std::to_string(Id));
  return Id;
}

/// Device intrinsics become runtime calls: `__ferry_emu.<name>(i32 site,
/// args...)`, i1 widened to i32.
/// Calls the scheduler's runtime functions replace: intrinsics, and the
/// device-library and CUDA service functions the emulator models.
bool isModelledCall(const Function &Callee) {
  const StringRef Name = Callee.getName();
  if (Name.starts_with("llvm.nvvm.") || Name.starts_with("llvm.amdgcn.") || Name == "llvm.trap" ||
      Name == "llvm.readsteadycounter")
    return true;
  return Callee.isDeclaration() &&
         (Name.starts_with("__ockl_wgred_") || Name == "__printf_alloc" || Name == "vprintf" ||
          Name == "__assertfail");
}

/// The element type and count of fragment register type \p Reg; \p Int:
/// the element type the intrinsic's name says an i32 register holds (S8/U8:
/// four, S32 and TF32: one), or F32 for none (an i32 is two bf16).
std::pair<MatrixElem, unsigned> fragmentRegister(Type *Reg, MatrixElem Int = MatrixElem::F32) {
  if (Reg->isFloatTy())
    return {MatrixElem::F32, 1};
  if (Reg->isDoubleTy())
    return {MatrixElem::F64, 1};
  if (Reg->isIntegerTy(32) && Int != MatrixElem::F32)
    return {Int, Int == MatrixElem::S32 || Int == MatrixElem::TF32 ? 1u : 4u};
  if (Reg->isIntegerTy(32)) // two bf16
    return {MatrixElem::BF16, 2};
  auto *V = cast<FixedVectorType>(Reg);
  return {V->getElementType()->isHalfTy() ? MatrixElem::F16 : MatrixElem::BF16,
          unsigned(V->getNumElements())};
}

/// The values of a tensor-core call the runtime gets packed, their byte
/// offsets in the packed buffer, the memory operand and the leading
/// dimension (nullptr until one is known).
struct MatrixOperands {
  SmallVector<Value *, 32> Values;
  SmallVector<int, 32> Offsets;
  Value *Mem = nullptr;
  Value *Ld = nullptr;
};

/// Sorts \p CI's arguments: the memory operand, a strided load's or store's
/// leading dimension (its last value), and the values to pack.
Error collectMatrixOperands(CallInst &CI, const MatrixOp &Op,
                            MatrixOperands &O) {
  Type *Ptr = PointerType::get(CI.getContext(), 0);
  const bool Strided = StringRef(Op.Name).contains(".stride.");
  O.Mem = ConstantPointerNull::get(cast<PointerType>(Ptr));
  const bool Move = Op.Kind == MatrixKind::LdMatrix || Op.Kind == MatrixKind::StMatrix;
  for (Value *A : CI.args()) {
    // ldmatrix / stmatrix: each lane's row address travels to the
    // rendezvous with its registers.
    if (A->getType()->isPointerTy() && Move)
      O.Values.push_back(
          IRBuilder<>(&CI).CreatePointerBitCastOrAddrSpaceCast(A, Ptr));
    else if (A->getType()->isPointerTy())
      O.Mem = A;
    else
      O.Values.push_back(A);
  }
  if (Move && (O.Values.empty() || !O.Values[0]->getType()->isPointerTy() ||
               O.Values.size() !=
                   (Op.Kind == MatrixKind::StMatrix ? 1 + Op.Matrices : 1)))
    return fail("unexpected signature of '" + Op.Name + "'");
  if (Strided && (Op.Kind == MatrixKind::Load || Op.Kind == MatrixKind::Store))
    O.Ld = O.Values.pop_back_val();
  int Offset = 0;
  const DataLayout &DL = CI.getModule()->getDataLayout();
  for (Value *V : O.Values) {
    O.Offsets.push_back(Offset);
    Offset += int(DL.getTypeStoreSize(V->getType()));
  }
  return Error::success();
}

/// The elements a fragment of the registers \p S holds.
unsigned fragmentSlots(StructType *S, MatrixElem Int) {
  return unsigned(S->getNumElements()) *
         fragmentRegister(S->getElementType(0), Int).second;
}

/// A WMMA load: the loaded operand's elements, and the default leading
/// dimension, the columns (rows when column-major).
Error describeMatrixLoad(CallInst &CI, MatrixOp &Op, MatrixOperands &O,
                         MatrixElem IntAB, MatrixElem IntCD) {
  auto *Ret = dyn_cast<StructType>(CI.getType());
  // A fragment of one register (f64 A and B) is returned bare.
  Type *Reg = Ret ? Ret->getElementType(0) : CI.getType();
  if (Reg->isVoidTy())
    return fail("unexpected signature of '" + Op.Name + "'");
  const MatrixElem Int = Op.Operand == 'c' ? IntCD : IntAB;
  const MatrixElem E = fragmentRegister(Reg, Int).first;
  const unsigned Slots =
      Ret ? fragmentSlots(Ret, Int) : fragmentRegister(Reg, Int).second;
  if (Op.Operand == 'a' || Op.Operand == 'b')
    Op.AB = E, (Op.Operand == 'a' ? Op.SlotsA : Op.SlotsB) = Slots;
  else
    Op.C = E, Op.SlotsC = Slots;
  if (!O.Ld)
    O.Ld = ConstantInt::get(Type::getInt32Ty(CI.getContext()),
                            Op.Operand == 'a'   ? (Op.ColMajor ? Op.M : Op.K)
                            : Op.Operand == 'b' ? (Op.ColMajor ? Op.K : Op.N)
                                                : (Op.ColMajor ? Op.M : Op.N));
  return Error::success();
}

/// A WMMA store: the stored elements, and the default leading dimension.
Error describeMatrixStore(CallInst &CI, MatrixOp &Op, MatrixOperands &O,
                          MatrixElem IntCD) {
  if (O.Values.empty())
    return fail("unexpected signature of '" + Op.Name + "'");
  auto [E, Per] = fragmentRegister(O.Values[0]->getType(), IntCD);
  Op.D = E;
  Op.SlotsD = unsigned(O.Values.size()) * Per;
  if (!O.Ld)
    O.Ld = ConstantInt::get(Type::getInt32Ty(CI.getContext()),
                            Op.ColMajor ? Op.M : Op.N);
  return Error::success();
}

/// A WMMA mma or an mma.sync: each operand's elements and where B and C
/// start among the values.
Error describeMatrixProduct(CallInst &CI, MatrixOp &Op, const MatrixOperands &O,
                            MatrixElem IntAB, MatrixElem IntCD) {
  auto *Ret = dyn_cast<StructType>(CI.getType());
  if (!Ret || O.Values.empty())
    return fail("unexpected signature of '" + Op.Name + "'");
  auto [AB, Per] = fragmentRegister(O.Values[0]->getType(), IntAB);
  Op.AB = AB;
  const bool Sync = Op.Kind == MatrixKind::MmaSync;
  // mma.sync: A has K/2 elements per lane and B K/4, two 16-bit ones or
  // one tf32 per register.
  const unsigned RegsA = Sync                    ? Op.K / 2 / Per
                         : AB == MatrixElem::F16 ? 8
                                                 : Op.M * Op.K / 32 / Per;
  const unsigned RegsB = Sync                    ? Op.K / 4 / Per
                         : AB == MatrixElem::F16 ? 8
                                                 : Op.K * Op.N / 32 / Per;
  if (O.Values.size() <= RegsA + RegsB)
    return fail("unexpected signature of '" + Op.Name + "'");
  Op.SlotsA = RegsA * Per;
  Op.SlotsB = RegsB * Per;
  auto [CE, CPer] = fragmentRegister(O.Values[RegsA + RegsB]->getType(), IntCD);
  Op.C = CE;
  Op.SlotsC = unsigned(O.Values.size() - RegsA - RegsB) * CPer;
  Op.D = fragmentRegister(Ret->getElementType(0), IntCD).first;
  Op.SlotsD = fragmentSlots(Ret, IntCD);
  Op.OffsetB = O.Offsets[RegsA];
  Op.OffsetC = O.Offsets[RegsA + RegsB];
  return Error::success();
}

/// AMDGPU's MFMA (A, B, C, cbsz, abid, blgp) and WMMA (A, B, C; iu8: sign
/// A, A, sign B, B, C, clamp): where each operand starts.
Error placeAMDMatrixOperands(MatrixOp &Op, const MatrixOperands &O) {
  const SmallVector<int, 32> &Offsets = O.Offsets;
  if (Op.Kind == MatrixKind::Mfma && O.Values.size() == 6) {
    Op.OffsetB = Offsets[1], Op.OffsetC = Offsets[2],
    Op.OffsetMods = Offsets[3];
  } else if (Op.Kind == MatrixKind::Wmma && O.Values.size() == 6) {
    Op.OffsetSignA = Offsets[0], Op.OffsetA = Offsets[1];
    Op.OffsetSignB = Offsets[2], Op.OffsetB = Offsets[3],
    Op.OffsetC = Offsets[4];
    Op.OffsetClamp = Offsets[5];
  } else if (Op.Kind == MatrixKind::Wmma && O.Values.size() == 3) {
    Op.OffsetB = Offsets[1], Op.OffsetC = Offsets[2];
  } else {
    return fail("unexpected signature of '" + Op.Name + "'");
  }
  return Error::success();
}

/// \p Op completed from \p CI's types: each operand's element type and
/// count, where it starts, and a WMMA load's or store's leading dimension.
Error describeMatrixCall(CallInst &CI, MatrixOp &Op, MatrixOperands &O) {
  // The integer element types the name gives (NVVM s8/u8 WMMA).
  const bool IntWmma = Op.C == MatrixElem::S32 && Op.Kind != MatrixKind::Mfma &&
                       Op.Kind != MatrixKind::Wmma;
  // tf32 A and B: one element per i32 register.
  const bool TF32 = Op.AB == MatrixElem::TF32 && Op.Kind != MatrixKind::Mfma;
  const MatrixElem IntAB = IntWmma || TF32 ? Op.AB : MatrixElem::F32,
                   IntCD = IntWmma ? MatrixElem::S32 : MatrixElem::F32;
  switch (Op.Kind) {
  case MatrixKind::Load:
    return describeMatrixLoad(CI, Op, O, IntAB, IntCD);
  case MatrixKind::Store:
    return describeMatrixStore(CI, Op, O, IntCD);
  case MatrixKind::WarpMma:
  case MatrixKind::MmaSync:
    return describeMatrixProduct(CI, Op, O, IntAB, IntCD);
  case MatrixKind::Mfma:
  case MatrixKind::Wmma:
    return placeAMDMatrixOperands(Op, O);
  default:
    return Error::success();
  }
}

/// Replaces \p CI by the call of `__ferry_emu.matrix` for \p Op: the values
/// stored into a private buffer, the result loaded from another, the
/// leading dimension 0 where none is known.
void emitMatrixCall(CallInst &CI, const MatrixOp &Op, const MatrixOperands &O,
                    ProgramImpl &P, std::map<std::string, void *> &Symbols) {
  LLVMContext &Ctx = CI.getContext();
  Type *I32 = Type::getInt32Ty(Ctx), *Ptr = PointerType::get(Ctx, 0);
  Value *Ld = O.Ld ? O.Ld : ConstantInt::get(I32, 0);
  const uint32_t Id = registerMatrixOp(Op);
  const uint32_t Site = addSite(P, StringRef(Op.Name).substr(5).str(), CI);
  IRBuilder<> Entry(&*CI.getFunction()->getEntryBlock().getFirstInsertionPt());
  IRBuilder<> B(&CI);
  Value *In = ConstantPointerNull::get(cast<PointerType>(Ptr));
  if (!O.Values.empty()) {
    SmallVector<Type *, 32> Types;
    for (Value *V : O.Values)
      Types.push_back(V->getType());
    StructType *Packed = StructType::get(Ctx, Types, /*isPacked=*/true);
    AllocaInst *Buffer = Entry.CreateAlloca(Packed);
    for (unsigned I = 0; I < O.Values.size(); ++I)
      B.CreateAlignedStore(O.Values[I], B.CreateStructGEP(Packed, Buffer, I),
                           Align(1));
    In = B.CreateAddrSpaceCast(Buffer, Ptr);
  }
  Value *Out = ConstantPointerNull::get(cast<PointerType>(Ptr));
  AllocaInst *Result = nullptr;
  if (!CI.getType()->isVoidTy()) {
    Result = Entry.CreateAlloca(CI.getType());
    // Stored first, so that checking mode sees the result as initialised.
    B.CreateStore(Constant::getNullValue(CI.getType()), Result);
    Out = B.CreateAddrSpaceCast(Result, Ptr);
  }
  FunctionCallee Fn = CI.getModule()->getOrInsertFunction(
      "__ferry_emu.matrix",
      FunctionType::get(Type::getVoidTy(Ctx), {I32, I32, Ptr, Ptr, Ptr, I32}, false));
  Symbols["__ferry_emu.matrix"] = matrixFunction();
  B.CreateCall(Fn, {B.getInt32(Site), B.getInt32(Id), In, Out,
                    B.CreatePointerBitCastOrAddrSpaceCast(O.Mem, Ptr), Ld});
  if (Result)
    CI.replaceAllUsesWith(B.CreateLoad(CI.getType(), Result));
  CI.eraseFromParent();
}

/// A tensor-core intrinsic becomes `__ferry_emu.matrix(site, op, in, out,
/// mem, ld)` (Matrix.h): its value operands packed into a private buffer,
/// its result loaded from another.
Error lowerMatrixCall(CallInst &CI, MatrixOp Op, ProgramImpl &P,
                      std::map<std::string, void *> &Symbols) {
  MatrixOperands O;
  if (Error E = collectMatrixOperands(CI, Op, O))
    return E;
  if (Error E = describeMatrixCall(CI, Op, O))
    return E;
  emitMatrixCall(CI, Op, O, P, Symbols);
  return Error::success();
}

/// Branch hints (`__builtin_expect`, `__builtin_expect_with_probability`)
/// are only hints: the host's code generator cannot select
/// `llvm.expect.with.probability` (LLVM's optimization pipeline lowers it
/// to branch weights, and the translated IR the emulator runs has not been
/// through it), so each becomes its value.
void dropBranchHints(Module &M) {
  for (Function &F : M)
    if (F.getIntrinsicID() == Intrinsic::expect ||
        F.getIntrinsicID() == Intrinsic::expect_with_probability)
      for (User *U : make_early_inc_range(F.users()))
        if (auto *CI = dyn_cast<CallInst>(U); CI && CI->getCalledFunction() == &F) {
          CI->replaceAllUsesWith(CI->getArgOperand(0));
          CI->eraseFromParent();
        }
}

/// Non-temporal hints (CUDA's __ldcs/__stcs, `ld.global.cs`): the host's
/// caches need none, and LLVM 19's x86 code generation crashes on a
/// non-temporal load narrower than 32 bits (a bf16 `__ldcs`).
void dropNontemporalHints(Module &M) {
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (isa<LoadInst>(I) || isa<StoreInst>(I))
        I.setMetadata(LLVMContext::MD_nontemporal, nullptr);
}

/// Integer division and remainder by zero, and INT_MIN / -1: a GPU computes
/// a value (AMDGPU and NVIDIA expand division into instructions that do not
/// trap), the host's divide instruction traps (SIGFPE). As the hardware
/// answers: x / 0 all ones (-1 signed), x % 0 x, INT_MIN / -1 INT_MIN,
/// INT_MIN % -1 0.
void guardIntegerDivision(Module &M) {
  for (Function &F : M)
    for (Instruction &I : make_early_inc_range(instructions(F))) {
      auto *Div = dyn_cast<BinaryOperator>(&I);
      if (!Div || (Div->getOpcode() != Instruction::UDiv && Div->getOpcode() != Instruction::SDiv &&
                   Div->getOpcode() != Instruction::URem && Div->getOpcode() != Instruction::SRem))
        continue;
      Value *X = Div->getOperand(0), *D = Div->getOperand(1);
      const bool Signed = Div->getOpcode() == Instruction::SDiv ||
                          Div->getOpcode() == Instruction::SRem;
      if (auto *C = dyn_cast<ConstantInt>(D); C && !C->isZero() && !(Signed && C->isMinusOne()))
        continue; // a divisor that cannot trap
      IRBuilder<> B(Div);
      Type *T = Div->getType();
      Value *Zero = B.CreateICmpEQ(D, Constant::getNullValue(T));
      Value *Unsafe = Zero;
      if (Signed) {
        const unsigned Bits = T->getScalarSizeInBits();
        Value *Min = B.CreateICmpEQ(X, ConstantInt::get(T, APInt::getSignedMinValue(Bits)));
        Unsafe = B.CreateOr(Zero, B.CreateAnd(Min, B.CreateICmpEQ(D, Constant::getAllOnesValue(T))));
      }
      // (x / 1 and x % 1 are INT_MIN / -1's and INT_MIN % -1's answers.)
      Value *Safe = B.CreateSelect(Unsafe, ConstantInt::get(T, 1), D);
      Value *Q = B.CreateBinOp(Div->getOpcode(), X, Safe);
      const bool Quotient = Div->getOpcode() == Instruction::UDiv ||
                            Div->getOpcode() == Instruction::SDiv;
      Value *Result =
          B.CreateSelect(Zero, Quotient ? Constant::getAllOnesValue(T) : X, Q, Div->getName());
      Div->replaceAllUsesWith(Result);
      Div->eraseFromParent();
    }
}

/// The calls of \p M the emulator models (isModelledCall), in order.
SmallVector<CallInst *, 64> modelledCalls(Module &M) {
  SmallVector<CallInst *, 64> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *CI = dyn_cast<CallInst>(&I))
        if (Function *Callee = CI->getCalledFunction())
          if (isModelledCall(*Callee))
            Calls.push_back(CI);
  return Calls;
}

/// Inline PTX: the templates the emulator knows become calls; other asm
/// is translated by the translator's PTX front end into NVVM-level IR
/// (plain instructions and llvm.nvvm.* calls, which the runtime models).
/// \p Translated says whether any function was.
Error lowerInlineAsm(Module &M, std::map<std::string, void *> &Symbols,
                     bool &Translated) {
  SmallVector<CallInst *, 64> Asm;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *CI = dyn_cast<CallInst>(&I); CI && CI->isInlineAsm())
        Asm.push_back(CI);
  SetVector<Function *> ToTranslate;
  for (CallInst *CI : Asm) {
    const auto *IA = cast<InlineAsm>(CI->getCalledOperand());
    // The translator's normalization, so both sides name templates alike.
    const std::string Text = normalizePTX(IA->getAsmString());
    void *Address = laneAsmFunction(Text);
    if (!Address)
      Address = ptxAsmFunction(Text);
    if (!Address) {
      ToTranslate.insert(CI->getFunction());
      continue;
    }
    const std::string Symbol = "__ferry_emu.asm." + std::to_string(uintptr_t(Address));
    Symbols[Symbol] = Address;
    FunctionCallee Fn = M.getOrInsertFunction(Symbol, CI->getFunctionType());
    IRBuilder<> B(CI);
    SmallVector<Value *, 4> Args(CI->args());
    CallInst *New = B.CreateCall(Fn, Args);
    CI->replaceAllUsesWith(New);
    CI->eraseFromParent();
  }
  for (Function *F : ToTranslate) {
    SmallVector<std::pair<CallInst *, std::string>, 2> Errors;
    translateInlinePTX(*F, Errors);
    if (!Errors.empty())
      return fail("the emulator does not run the inline assembly \"" +
                  oneLinePTX(cast<InlineAsm>(Errors[0].first->getCalledOperand())->getAsmString()) +
                  "\" (in '" + F->getName() + "'): " + Errors[0].second);
  }
  Translated = !ToTranslate.empty();
  return Error::success();
}

/// __ldg and friends (`llvm.nvvm.ldg.global.*`, `ldu`): an ordinary load.
void lowerReadOnlyLoad(CallInst &CI) {
  IRBuilder<> B(&CI);
  Align A(1);
  if (auto *C = dyn_cast<ConstantInt>(CI.getArgOperand(1)))
    A = Align(std::max<uint64_t>(1, C->getZExtValue()));
  LoadInst *L = B.CreateAlignedLoad(CI.getType(), CI.getArgOperand(0), A);
  CI.replaceAllUsesWith(L);
  CI.eraseFromParent();
}

/// A call of the runtime's version of \p CI's callee (runtimeFunction),
/// with the call's site first and i1 values passed as i32.
Error lowerRuntimeCall(CallInst &CI, ProgramImpl &P,
                       std::map<std::string, void *> &Symbols) {
  Module &M = *CI.getModule();
  Type *I32 = Type::getInt32Ty(M.getContext());
  const std::string Name = CI.getCalledFunction()->getName().str();
  void *Address = runtimeFunction(Name);
  if (!Address)
    return fail("the emulator does not model '" + Name + "' (called in '" +
                CI.getFunction()->getName() + "')");
  IRBuilder<> B(&CI);
  SmallVector<Type *, 6> Params{I32};
  const uint32_t Site = addSite(
      P, StringRef(Name).starts_with("llvm.") ? Name.substr(5) : Name, CI);
  SmallVector<Value *, 6> Args{B.getInt32(Site)};
  for (Value *A : CI.args()) {
    if (A->getType()->isIntegerTy(1))
      A = B.CreateZExt(A, I32);
    Params.push_back(A->getType());
    Args.push_back(A);
  }
  Type *Ret = CI.getType()->isIntegerTy(1) ? I32 : CI.getType();
  const std::string Symbol = "__ferry_emu." + Name;
  FunctionCallee Fn =
      M.getOrInsertFunction(Symbol, FunctionType::get(Ret, Params, false));
  Symbols[Symbol] = Address;
  CallInst *New = B.CreateCall(Fn, Args);
  Value *Result = New;
  if (CI.getType()->isIntegerTy(1))
    Result = B.CreateTrunc(New, CI.getType());
  if (!CI.getType()->isVoidTy())
    CI.replaceAllUsesWith(Result);
  CI.eraseFromParent();
  return Error::success();
}

/// AMDGPU's math intrinsics that the translation emits (`rcp.approx.ftz.f32`
/// of cuda_fp16.hpp's __hdiv and hrcp, hsqrt, hrsqrt, sin.approx): the
/// operations they approximate, in the operand's type. False for others.
bool lowerAmdgpuMath(CallInst &CI) {
  const StringRef Name = CI.getCalledFunction()->getName();
  if (!Name.starts_with("llvm.amdgcn."))
    return false;
  const StringRef Op = Name.drop_front(12).split('.').first;
  if (Op == "sched") { // sched.barrier, sched.group.barrier: scheduling hints
    CI.eraseFromParent();
    return true;
  }
  if (CI.arg_size() != 1 || !CI.getType()->isFPOrFPVectorTy())
    return false;
  IRBuilder<> B(&CI);
  Value *X = CI.getArgOperand(0);
  Type *Ty = CI.getType();
  Value *R = nullptr;
  if (Op == "rcp")
    R = B.CreateFDiv(ConstantFP::get(Ty, 1.0), X);
  else if (Op == "sqrt")
    R = B.CreateUnaryIntrinsic(Intrinsic::sqrt, X);
  else if (Op == "rsq")
    R = B.CreateFDiv(ConstantFP::get(Ty, 1.0), B.CreateUnaryIntrinsic(Intrinsic::sqrt, X));
  else if (Op == "sin" || Op == "cos") // of revolutions
    R = B.CreateUnaryIntrinsic(Op == "sin" ? Intrinsic::sin : Intrinsic::cos,
                               B.CreateFMul(X, ConstantFP::get(Ty, 2 * numbers::pi)));
  else
    return false;
  CI.replaceAllUsesWith(R);
  CI.eraseFromParent();
  return true;
}

/// One modelled call: a load, a matrix operation, AMDGPU math or a runtime
/// call.
Error lowerModelledCall(CallInst &CI, ProgramImpl &P,
                        std::map<std::string, void *> &Symbols) {
  const std::string Name = CI.getCalledFunction()->getName().str();
  if (StringRef(Name).starts_with("llvm.nvvm.ldg.global.") ||
      StringRef(Name).starts_with("llvm.nvvm.ldu.global.")) {
    lowerReadOnlyLoad(CI);
    return Error::success();
  }
  if (lowerAmdgpuMath(CI))
    return Error::success();
  if (MatrixOp Op; parseMatrixIntrinsic(Name, Op))
    return lowerMatrixCall(CI, Op, P, Symbols);
  return lowerRuntimeCall(CI, P, Symbols);
}

/// The calls the emulator models become calls of its runtime (or plain
/// loads); inline PTX becomes calls or is translated first.
Error lowerIntrinsics(Module &M, ProgramImpl &P,
                      std::map<std::string, void *> &Symbols) {
  dropBranchHints(M);
  dropNontemporalHints(M);
  guardIntegerDivision(M);
  SmallVector<CallInst *, 64> Calls = modelledCalls(M);
  bool Translated = false;
  if (Error E = lowerInlineAsm(M, Symbols, Translated))
    return E;
  // The translation may have removed blocks: collect the calls again.
  if (Translated)
    Calls = modelledCalls(M);
  for (CallInst *CI : Calls)
    if (Error E = lowerModelledCall(*CI, P, Symbols))
      return E;
  for (Function &F : make_early_inc_range(M))
    if (F.isDeclaration() && F.use_empty() &&
        (F.getName().starts_with("llvm.nvvm.") || F.getName().starts_with("llvm.amdgcn.")))
      F.eraseFromParent();
  return Error::success();
}

/// Checking mode: every load, store and atomic through a group-memory
/// pointer is preceded by a check of its range.
/// Bounds checking (Options::BoundsCheck): every access whose pointer is not
/// visibly group memory, a private alloca or an argument's own memory is
/// checked by `__ferry_emu.check_global(site, ptr, bytes)` against the
/// launch's memory (emu_check_global); memcpy and memset check both ends.
/// The module's variables are listed in `__ferry_emu.globals` ({ptr, i64}
/// pairs), which Program::create reads back after the JIT.
/// Whether \p V visibly points to a work-item's own or its group's memory:
/// an alloca, a by-value argument's bytes, group (3) or private (5) memory.
/// Bounds and race checking leave such accesses alone.
bool visiblyPrivate(Value *V) {
  const Value *U = getUnderlyingObject(V, 16);
  if (isa<AllocaInst>(U))
    return true;
  if (const auto *A = dyn_cast<Argument>(U))
    return A->hasByValAttr() || A->hasByRefAttr();
  const unsigned AS = V->getType()->getPointerAddressSpace();
  return AS == 3 || AS == 5;
}

void addGlobalChecks(Module &M, ProgramImpl &P, std::map<std::string, void *> &Symbols) {
  LLVMContext &Ctx = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  Type *Ptr = PointerType::get(Ctx, 0), *I64 = Type::getInt64Ty(Ctx);
  FunctionCallee Check = M.getOrInsertFunction(
      "__ferry_emu.check_global",
      FunctionType::get(Type::getVoidTy(Ctx), {Type::getInt32Ty(Ctx), Ptr, I64}, false));
  Symbols["__ferry_emu.check_global"] = globalCheckFunction();
  // operator new and delete (CUDA device code has them) are the heap's too.
  for (const char *Name : {"malloc", "_Znwm", "_Znam", "free", "_ZdlPv", "_ZdaPv", "_ZdlPvm",
                           "_ZdaPvm"})
    if (Function *F = M.getFunction(Name); F && F->isDeclaration())
      Symbols[Name] = heapFunction(StringRef(Name) == "free" || StringRef(Name).starts_with("_Zd"));
  SmallVector<Constant *, 16> Table;
  StructType *Entry = StructType::get(Ctx, {Ptr, I64});
  for (GlobalVariable &G : M.globals())
    if (!G.isDeclaration() && G.getAddressSpace() != 3 && !G.getName().starts_with("llvm."))
      Table.push_back(ConstantStruct::get(
          Entry, {ConstantExpr::getPointerBitCastOrAddrSpaceCast(&G, Ptr),
                  ConstantInt::get(I64, DL.getTypeAllocSize(G.getValueType()))}));
  auto *TableTy = ArrayType::get(Entry, Table.size());
  new GlobalVariable(M, TableTy, /*isConstant=*/true, GlobalValue::ExternalLinkage,
                     ConstantArray::get(TableTy, Table), "__ferry_emu.globals");
  new GlobalVariable(M, I64, true, GlobalValue::ExternalLinkage,
                     ConstantInt::get(I64, Table.size()), "__ferry_emu.globals.count");
  SmallVector<std::tuple<Instruction *, Value *, Value *>, 64> Accesses;
  for (Function &F : M) {
    if (F.isDeclaration() || F.getName().starts_with("__ferry_emu."))
      continue;
    for (Instruction &I : instructions(F)) {
      auto Bytes = [&](Type *T) { return ConstantInt::get(I64, DL.getTypeStoreSize(T)); };
      if (auto *L = dyn_cast<LoadInst>(&I))
        Accesses.push_back({&I, L->getPointerOperand(), Bytes(L->getType())});
      else if (auto *S = dyn_cast<StoreInst>(&I))
        Accesses.push_back({&I, S->getPointerOperand(), Bytes(S->getValueOperand()->getType())});
      else if (auto *A = dyn_cast<AtomicRMWInst>(&I))
        Accesses.push_back({&I, A->getPointerOperand(), Bytes(A->getValOperand()->getType())});
      else if (auto *C = dyn_cast<AtomicCmpXchgInst>(&I))
        Accesses.push_back({&I, C->getPointerOperand(), Bytes(C->getNewValOperand()->getType())});
      else if (auto *MI = dyn_cast<MemIntrinsic>(&I)) {
        Accesses.push_back({&I, MI->getDest(), MI->getLength()});
        if (auto *MT = dyn_cast<MemTransferInst>(MI))
          Accesses.push_back({&I, MT->getSource(), MI->getLength()});
      }
    }
  }
  for (auto &[I, Pointer, Bytes] : Accesses) {
    if (visiblyPrivate(Pointer))
      continue;
    IRBuilder<> B(I);
    const uint32_t Site = addSite(P, "global memory access", *I);
    B.CreateCall(Check, {B.getInt32(Site), B.CreatePointerBitCastOrAddrSpaceCast(Pointer, Ptr),
                         B.CreateZExtOrTrunc(Bytes, I64)});
  }
}

/// What race checking instruments: an access of Bytes at Pointer, or a
/// device-scope release (no Pointer).
struct RacePoint {
  Instruction *I;
  Value *Pointer = nullptr, *Bytes = nullptr;
  bool Write = false;
};

/// Device or system scope: the default (system) and "agent" scopes, with
/// or without "-one-as".
bool deviceScope(LLVMContext &Ctx, SyncScope::ID Id) {
  if (Id == SyncScope::System)
    return true;
  SmallVector<StringRef, 8> Names;
  Ctx.getSyncScopeNames(Names);
  return Id < Names.size() && Names[Id].starts_with("agent");
}

bool releases(AtomicOrdering O) {
  return O == AtomicOrdering::Release || O == AtomicOrdering::AcquireRelease ||
         O == AtomicOrdering::SequentiallyConsistent;
}

/// The non-atomic accesses and the device-scope releases of \p M's
/// functions (not the emulator's own), in order.
SmallVector<RacePoint, 64> racePoints(Module &M) {
  LLVMContext &Ctx = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  Type *I64 = Type::getInt64Ty(Ctx);
  auto Size = [&](Type *T) {
    return ConstantInt::get(I64, DL.getTypeStoreSize(T));
  };
  SmallVector<RacePoint, 64> Points;
  for (Function &F : M) {
    if (F.isDeclaration() || F.getName().starts_with("__ferry_emu."))
      continue;
    for (Instruction &I : instructions(F)) {
      // (Volatile accesses are strong in PTX's memory model, as relaxed
      // ones are: CUDA's flags and ordered vector accesses, no data race.)
      if (auto *L = dyn_cast<LoadInst>(&I)) {
        if (!L->isAtomic() && !L->isVolatile())
          Points.push_back({&I, L->getPointerOperand(), Size(L->getType()), false});
      } else if (auto *St = dyn_cast<StoreInst>(&I)) {
        if (!St->isAtomic() && !St->isVolatile())
          Points.push_back({&I, St->getPointerOperand(),
                            Size(St->getValueOperand()->getType()), true});
      } else if (auto *MI = dyn_cast<MemIntrinsic>(&I)) {
        Points.push_back({&I, MI->getDest(), MI->getLength(), true});
        if (auto *MT = dyn_cast<MemTransferInst>(MI))
          Points.push_back({&I, MT->getSource(), MI->getLength(), false});
      } else if (auto *Fe = dyn_cast<FenceInst>(&I)) {
        if (deviceScope(Ctx, Fe->getSyncScopeID()) &&
            releases(Fe->getOrdering()))
          Points.push_back({&I});
      } else if (auto *A = dyn_cast<AtomicRMWInst>(&I)) {
        if (deviceScope(Ctx, A->getSyncScopeID()) && releases(A->getOrdering()))
          Points.push_back({&I});
      } else if (auto *C = dyn_cast<AtomicCmpXchgInst>(&I)) {
        if (deviceScope(Ctx, C->getSyncScopeID()) &&
            releases(C->getSuccessOrdering()))
          Points.push_back({&I});
      }
    }
  }
  return Points;
}

/// Race checking (Options::RaceCheck): `__ferry_emu.race(site, ptr, bytes,
/// write)` before each plain (not atomic, not volatile) load and after each such store
/// whose pointer is not visibly private or group memory, both ends of
/// memcpy and memset's destination; `__ferry_emu.race_release(site)` before
/// each fence of device or system scope and each atomic read-modify-write
/// that releases.
void addRaceChecks(Module &M, ProgramImpl &P,
                   std::map<std::string, void *> &Symbols) {
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::get(Ctx, 0), *I64 = Type::getInt64Ty(Ctx),
       *I32 = Type::getInt32Ty(Ctx);
  FunctionCallee Access = M.getOrInsertFunction(
      "__ferry_emu.race",
      FunctionType::get(Type::getVoidTy(Ctx), {I32, Ptr, I64, I32}, false));
  FunctionCallee Release = M.getOrInsertFunction(
      "__ferry_emu.race_release",
      FunctionType::get(Type::getVoidTy(Ctx), {I32}, false));
  Symbols["__ferry_emu.race"] = raceAccessFunction();
  Symbols["__ferry_emu.race_release"] = raceReleaseFunction();
  for (const RacePoint &Pt : racePoints(M)) {
    // Writes are checked after they happen (a write of the value the last
    // writer left is no race), reads and releases before.
    IRBuilder<> B(Pt.Write ? Pt.I->getNextNode() : Pt.I);
    if (!Pt.Pointer) {
      B.CreateCall(Release, {B.getInt32(addSite(P, "release", *Pt.I))});
      continue;
    }
    if (visiblyPrivate(Pt.Pointer))
      continue;
    const uint32_t Site = addSite(P, Pt.Write ? "global store" : "global load", *Pt.I);
    B.CreateCall(Access, {B.getInt32(Site), B.CreatePointerBitCastOrAddrSpaceCast(Pt.Pointer, Ptr),
                          B.CreateZExtOrTrunc(Pt.Bytes, I64), B.getInt32(Pt.Write)});
  }
}

void addGroupChecks(Module &M, ProgramImpl &P, std::map<std::string, void *> &Symbols) {
  LLVMContext &Ctx = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  FunctionCallee Check = M.getOrInsertFunction(
      "__ferry_emu.check_group",
      FunctionType::get(Type::getVoidTy(Ctx),
                        {Type::getInt32Ty(Ctx), PointerType::get(Ctx, 3), Type::getInt64Ty(Ctx)},
                        false));
  Symbols["__ferry_emu.check_group"] = groupCheckFunction();
  SmallVector<std::tuple<Instruction *, Value *, Type *>, 64> Accesses;
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      if (auto *L = dyn_cast<LoadInst>(&I))
        Accesses.push_back({&I, L->getPointerOperand(), L->getType()});
      else if (auto *S = dyn_cast<StoreInst>(&I))
        Accesses.push_back({&I, S->getPointerOperand(), S->getValueOperand()->getType()});
      else if (auto *A = dyn_cast<AtomicRMWInst>(&I))
        Accesses.push_back({&I, A->getPointerOperand(), A->getValOperand()->getType()});
      else if (auto *C = dyn_cast<AtomicCmpXchgInst>(&I))
        Accesses.push_back({&I, C->getPointerOperand(), C->getNewValOperand()->getType()});
    }
  for (auto &[I, Ptr, Ty] : Accesses) {
    if (Ptr->getType()->getPointerAddressSpace() != 3)
      continue;
    IRBuilder<> B(I);
    const uint32_t Site = addSite(P, "group memory access", *I);
    B.CreateCall(Check, {B.getInt32(Site), Ptr, B.getInt64(DL.getTypeStoreSize(Ty))});
  }
}

/// A frame's bytes: its static allocas' plus FrameOverhead for spills and
/// the return address.
uint64_t frameBytes(Function &F, const DataLayout &DL) {
  constexpr uint64_t FrameOverhead = 256;
  uint64_t Bytes = FrameOverhead;
  for (Instruction &I : instructions(F))
    if (auto *A = dyn_cast<AllocaInst>(&I); A && A->isStaticAlloca())
      Bytes += alignTo(DL.getTypeAllocSize(A->getAllocatedType()) *
                           cast<ConstantInt>(A->getArraySize())->getZExtValue(),
                       A->getAlign());
  return Bytes;
}

/// Each defined function's stack need, callees before callers
/// (scc_iterator's order): its frame plus its deepest callee's outside its
/// own cycle. \p Recursive gets the functions on a cycle.
std::map<const Function *, uint64_t>
stackNeeds(Module &M, SmallPtrSetImpl<const Function *> &Recursive) {
  const DataLayout &DL = M.getDataLayout();
  CallGraph CG(M);
  std::map<const Function *, uint64_t> Need;
  for (auto I = scc_begin(&CG); !I.isAtEnd(); ++I) {
    SmallPtrSet<const Function *, 4> InScc;
    for (CallGraphNode *N : *I)
      if (N->getFunction())
        InScc.insert(N->getFunction());
    for (CallGraphNode *N : *I) {
      Function *F = N->getFunction();
      if (!F || F->isDeclaration())
        continue;
      if (I.hasCycle())
        Recursive.insert(F);
      uint64_t Deepest = 0;
      for (const auto &[Call, Callee] : *N)
        if (const Function *C = Callee->getFunction(); C && !InScc.count(C))
          Deepest = std::max(Deepest, Need[C]);
      Need[F] = frameBytes(*F, DL) + Deepest;
    }
  }
  return Need;
}

/// Work-items run on stacks of WorkItemStackBytes (Scheduler.h), and a
/// frame past the end would write over other memory. Calls of
/// `__ferry_emu.stack_check(site, bytes)` (emu_stack_check) make every way
/// past the end a failed launch that names the call instead: at a kernel's
/// entry with the bytes of its deepest path of calls that recursion does not
/// make unbounded; at the entry of each recursive function and each function
/// whose address is taken (reached through pointers, which no static path
/// counts) with its own (a kernel's need, with its by-value arguments, is
/// left in \p KernelNeed for its entry); before each alloca of a size known
/// only at run time with that size.
void addStackChecks(Module &M, ArrayRef<Function *> Kernels, ProgramImpl &P,
                    std::map<std::string, void *> &Symbols,
                    std::map<const Function *, uint64_t> &KernelNeed) {
  LLVMContext &Ctx = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  Type *I64 = Type::getInt64Ty(Ctx);
  FunctionCallee Check = M.getOrInsertFunction(
      "__ferry_emu.stack_check",
      FunctionType::get(Type::getVoidTy(Ctx), {Type::getInt32Ty(Ctx), I64},
                        false));
  Symbols["__ferry_emu.stack_check"] = stackCheckFunction();
  SmallPtrSet<const Function *, 8> Recursive;
  std::map<const Function *, uint64_t> Need = stackNeeds(M, Recursive);
  for (Function &F : M) {
    if (F.isDeclaration() || F.getName().starts_with("__ferry_emu."))
      continue;
    if (is_contained(Kernels, &F)) {
      // Checked by the entry (addEntry), before the call copies the kernel's
      // by-value arguments onto the stack.
      uint64_t Bytes = Need[&F];
      for (Argument &A : F.args())
        if (A.hasByValAttr())
          Bytes += alignTo(DL.getTypeAllocSize(A.getParamByValType()), 16);
      KernelNeed[&F] = Bytes;
    } else if (Recursive.count(&F) || F.hasAddressTaken()) {
      IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
      CallInst *C = B.CreateCall(Check, {B.getInt32(0), B.getInt64(Need[&F])});
      C->setArgOperand(0, B.getInt32(addSite(P, "the stack of '" + F.getName().str() + "'", *C)));
    }
    for (Instruction &I : make_early_inc_range(instructions(F)))
      if (auto *A = dyn_cast<AllocaInst>(&I); A && !A->isStaticAlloca()) {
        IRBuilder<> B(A);
        Value *Bytes = B.CreateMul(B.CreateZExtOrTrunc(A->getArraySize(), I64),
                                   B.getInt64(DL.getTypeAllocSize(A->getAllocatedType())));
        CallInst *C = B.CreateCall(Check, {B.getInt32(0), Bytes});
        C->setArgOperand(0, B.getInt32(addSite(P, "a dynamically sized alloca", *C)));
      }
  }
}

/// Checking mode for private memory: allocas start poisoned, stores (and
/// memset/memcpy destinations) unpoison, scalar loads are checked. Only
/// accesses whose pointer visibly comes from an alloca of the same function
/// are instrumented; a pointer passed to another function or stored to
/// memory is not followed, so its whole alloca counts as stored there (the
/// callee, or whoever loads the pointer, may initialise it).
void addPrivateChecks(Module &M, ProgramImpl &P, std::map<std::string, void *> &Symbols) {
  LLVMContext &Ctx = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  Type *Ptr = PointerType::get(Ctx, 0), *I64 = Type::getInt64Ty(Ctx),
       *I32 = Type::getInt32Ty(Ctx), *Void = Type::getVoidTy(Ctx);
  FunctionCallee Poison =
      M.getOrInsertFunction("__ferry_emu.poison", FunctionType::get(Void, {Ptr, I64}, false));
  FunctionCallee Unpoison =
      M.getOrInsertFunction("__ferry_emu.unpoison", FunctionType::get(Void, {Ptr, I64}, false));
  FunctionCallee CheckInit = M.getOrInsertFunction(
      "__ferry_emu.check_init", FunctionType::get(Void, {I32, Ptr, I64}, false));
  Symbols["__ferry_emu.poison"] = poisonFunction();
  Symbols["__ferry_emu.unpoison"] = unpoisonFunction();
  Symbols["__ferry_emu.check_init"] = checkInitFunction();
  auto Private = [](Value *V) { return isa<AllocaInst>(getUnderlyingObject(V, 16)); };
  auto Flat = [&](IRBuilder<> &B, Value *V) {
    return V->getType()->getPointerAddressSpace() ? B.CreateAddrSpaceCast(V, Ptr) : V;
  };
  // An alloca whose address \p I passes to a call or stores: unpoisoned
  // whole before it.
  auto escapes = [&](Instruction *I) {
    SmallVector<Value *, 4> Pointers;
    if (auto *S = dyn_cast<StoreInst>(I))
      Pointers.push_back(S->getValueOperand());
    else if (auto *C = dyn_cast<CallBase>(I);
             C && !C->isLifetimeStartOrEnd() && !isa<MemIntrinsic>(C) &&
             !(C->getCalledFunction() &&
               C->getCalledFunction()->getName().starts_with("__ferry_emu.")))
      Pointers.append(C->arg_begin(), C->arg_end());
    for (Value *V : Pointers) {
      auto *A = V->getType()->isPointerTy()
                    ? dyn_cast<AllocaInst>(getUnderlyingObject(V, 16))
                    : nullptr;
      if (!A || !A->isStaticAlloca() || A->getAllocatedType()->isEmptyTy())
        continue;
      IRBuilder<> B(I);
      B.CreateCall(Unpoison, {A, B.getInt64(DL.getTypeAllocSize(A->getAllocatedType()))});
    }
  };
  for (Function &F : M) {
    if (F.isDeclaration() || F.getName().starts_with("__ferry_emu."))
      continue;
    SmallVector<Instruction *, 32> Work;
    for (Instruction &I : instructions(F))
      Work.push_back(&I);
    for (Instruction *I : Work) {
      if (auto *A = dyn_cast<AllocaInst>(I)) {
        if (!A->isStaticAlloca() || A->getAllocatedType()->isEmptyTy())
          continue;
        IRBuilder<> B(A->getNextNode());
        B.CreateCall(Poison, {A, B.getInt64(DL.getTypeAllocSize(A->getAllocatedType()))});
      } else if (isa<CallBase>(I) || isa<StoreInst>(I)) {
        escapes(I);
      }
      if (auto *S = dyn_cast<StoreInst>(I); S && Private(S->getPointerOperand())) {
        IRBuilder<> B(S);
        B.CreateCall(Unpoison, {Flat(B, S->getPointerOperand()),
                                B.getInt64(DL.getTypeStoreSize(S->getValueOperand()->getType()))});
      } else if (auto *MI = dyn_cast<MemIntrinsic>(I); MI && Private(MI->getDest())) {
        IRBuilder<> B(MI);
        B.CreateCall(Unpoison,
                     {Flat(B, MI->getDest()), B.CreateZExtOrTrunc(MI->getLength(), I64)});
      } else if (auto *L = dyn_cast<LoadInst>(I);
                 L && L->getType()->isSingleValueType() && Private(L->getPointerOperand())) {
        IRBuilder<> B(L);
        const uint32_t Site = addSite(P, "private memory read", *L);
        B.CreateCall(CheckInit, {B.getInt32(Site), Flat(B, L->getPointerOperand()),
                                 B.getInt64(DL.getTypeStoreSize(L->getType()))});
      }
    }
  }
}

/// Private allocas in a non-zero address space move to the default one,
/// aligned to 16 bytes at least: AMD GPUs access private memory at any
/// alignment, and code claims more than the alloca's own (clang gives a
/// `reinterpret_cast<uint4 *>(p)[r]` through a pointer uint4's 16), which
/// the host's aligned vector moves would fault on.
void lowerPrivateAllocas(Module &M) {
  SmallVector<AllocaInst *, 16> Allocas;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *A = dyn_cast<AllocaInst>(&I); A && A->getAddressSpace() != 0)
        Allocas.push_back(A);
  for (AllocaInst *A : Allocas) {
    IRBuilder<> B(A);
    AllocaInst *New = B.CreateAlloca(A->getAllocatedType(), 0, A->getArraySize());
    New->setAlignment(std::max(A->getAlign(), Align(16)));
    New->takeName(A);
    Value *Cast = B.CreateAddrSpaceCast(New, A->getType());
    A->replaceAllUsesWith(Cast);
    A->eraseFromParent();
  }
}

/// `void __ferry_emu.entry.K(ptr args)`: loads each argument from the value
/// args[i] points to (byval and byref aggregates are passed by address).
/// The function the scheduler calls for kernel \p K: its arguments from an
/// array of pointers to them, after a stack check (addStackChecks) of
/// \p StackNeed bytes.
void addEntry(Module &M, Function &K, uint64_t StackNeed, ProgramImpl &P) {
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::get(Ctx, 0);
  Function *E = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), {Ptr}, false),
                                 GlobalValue::ExternalLinkage, "__ferry_emu.entry." + K.getName(),
                                 M);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", E));
  if (Function *Check = M.getFunction("__ferry_emu.stack_check")) {
    CallInst *C = B.CreateCall(Check, {B.getInt32(0), B.getInt64(StackNeed)});
    C->setArgOperand(0, B.getInt32(addSite(P, "the stack of kernel '" + K.getName().str() + "'", *C)));
  }
  SmallVector<Value *, 8> Args;
  for (Argument &A : K.args()) {
    Value *Slot = B.CreateLoad(Ptr, B.CreateConstGEP1_64(Ptr, E->getArg(0), A.getArgNo()));
    if (A.hasByValAttr() || A.hasByRefAttr())
      Args.push_back(B.CreateAddrSpaceCast(Slot, A.getType()));
    else
      Args.push_back(B.CreateLoad(A.getType(), Slot));
  }
  B.CreateCall(&K, Args);
  B.CreateRetVoid();
}

/// AMDGPU: the kernels' descriptors of the code object, whose metadata gives
/// the kernarg layout; none for NVVM or without a code object.
Expected<std::map<std::string, SymbolInfo>>
kernelMetadata(const Options &Opts) {
  std::map<std::string, SymbolInfo> Meta;
  if (Opts.Kind != Dialect::AMDGPU || Opts.CodeObject.empty())
    return Meta;
  ImageIndex Index;
  std::string E =
      indexImage(Opts.CodeObject.data(), Opts.CodeObject.size(), Index);
  if (!E.empty())
    return fail("the code object of the module: " + E);
  for (SymbolInfo &S : Index.Symbols)
    if (S.Kind == FERRY_SYMBOL_KERNEL)
      Meta[S.Name] = S;
  return Meta;
}

/// Device printf's format strings, as the code object's amdhsa.printf.
Error readPrintfFormats(Module &M, ProgramImpl &P) {
  NamedMDNode *Formats = M.getNamedMetadata("llvm.printf.fmts");
  if (!Formats)
    return Error::success();
  std::vector<std::string> Entries;
  for (MDNode *N : Formats->operands())
    if (N->getNumOperands())
      if (auto *S = dyn_cast<MDString>(N->getOperand(0)))
        Entries.push_back(S->getString().str());
  if (std::string E = P.PrintfFormats.add(Entries); !E.empty())
    return fail("the module's llvm.printf.fmts: " + E);
  return Error::success();
}

/// The translation's code object version (LLVM's default, 5, without the
/// flag).
unsigned codeObjectVersion(const Module &M) {
  if (auto *V = mdconst::extract_or_null<ConstantInt>(
          M.getModuleFlag("amdhsa_code_object_version")))
    return unsigned(V->getZExtValue() / 100);
  return 5;
}

/// The kernarg layout comes from the code object and the code from the IR:
/// both must describe the same parameters (a damaged or mismatched object
/// would fill arguments the kernel does not read as they are).
Error checkKernargSizes(const Function &F, const SymbolInfo &Meta,
                        const KernelInfo &K) {
  std::vector<uint64_t> MetaSizes;
  for (const KernelArgDesc &A : Meta.Args)
    if (!isHiddenArg(A))
      MetaSizes.push_back(A.Size);
  std::vector<uint64_t> IRSizes;
  for (const auto &[Bytes, IsPointer] : K.Params)
    IRSizes.push_back(Bytes);
  if (MetaSizes == IRSizes)
    return Error::success();
  auto List = [](const std::vector<uint64_t> &V) {
    std::string S;
    for (uint64_t X : V)
      S += (S.empty() ? "" : ", ") + std::to_string(X);
    return "(" + S + ")";
  };
  return fail("the code object's metadata gives kernel '" + F.getName() + "' " +
              std::to_string(MetaSizes.size()) + " arguments of " +
              List(MetaSizes) + " bytes, its translated IR " +
              std::to_string(IRSizes.size()) + " of " + List(IRSizes) +
              ": they are not of one build");
}

/// The kernels' parameters, in the device's data layout, and where the
/// code object describes them its metadata with the hidden arguments
/// completed.
Error describeKernels(const Module &M, ArrayRef<Function *> KernelFns,
                      const std::map<std::string, SymbolInfo> &Meta,
                      ProgramImpl &P) {
  const unsigned CodeObjectVersion = codeObjectVersion(M);
  for (Function *F : KernelFns) {
    KernelInfo &K = P.Kernels[F->getName().str()];
    for (Argument &A : F->args()) {
      Type *T = A.hasByValAttr()   ? A.getParamByValType()
                : A.hasByRefAttr() ? A.getParamByRefType()
                                   : A.getType();
      K.Params.push_back({uint32_t(M.getDataLayout().getTypeAllocSize(T)),
                          A.getType()->isPointerTy() && !A.hasByValAttr() &&
                              !A.hasByRefAttr()});
    }
    auto It = Meta.find(F->getName().str());
    if (It == Meta.end())
      continue;
    if (Error E = checkKernargSizes(*F, It->second, K))
      return E;
    K.Meta = It->second;
    K.HasMeta = true;
    K.ImplicitOffset = completeHiddenArgs(K.Meta, CodeObjectVersion);
  }
  return Error::success();
}

/// The sizes of \p M's global variables (not group memory) and the names
/// of its external functions, for the checks and the symbol lookups.
void recordDefinitions(const Module &M, ProgramImpl &P) {
  for (const GlobalVariable &G : M.globals())
    if (!G.isDeclaration() && G.getAddressSpace() != 3)
      P.GlobalSizes[G.getName().str()] =
          M.getDataLayout().getTypeAllocSize(G.getValueType());
  for (const Function &F : M)
    if (!F.isDeclaration() && F.hasExternalLinkage() && !F.getName().starts_with("__ferry_emu."))
      P.FunctionNames.insert(F.getName().str());
}

/// Group memory, the modelled calls and private memory become the
/// emulator's, with the checks \p P's options ask for; \p Symbols gets the
/// runtime functions the module now calls, \p KernelStack each kernel's
/// stack.
Error lowerForEmulator(Module &M, ArrayRef<Function *> KernelFns,
                       ProgramImpl &P, std::map<std::string, void *> &Symbols,
                       std::map<const Function *, uint64_t> &KernelStack) {
  LLVMContext &Ctx = M.getContext();
  FunctionCallee Shared = M.getOrInsertFunction(
      "__ferry_emu.shared", FunctionType::get(PointerType::get(Ctx, 0),
                                              {Type::getInt64Ty(Ctx)}, false));
  Symbols["__ferry_emu.shared"] = sharedMemoryFunction();
  if (Error E = lowerGroupMemory(M, P, Shared))
    return E;
  wrapGroupOffsets(M);
  addWaveSteps(M, Symbols);
  addLockstepPoints(M, Symbols);
  if (Error E = lowerIntrinsics(M, P, Symbols))
    return E;
  lowerPrivateAllocas(M);
  addStackChecks(M, KernelFns, P, Symbols, KernelStack);
  const Options &Opts = P.Opts;
  if (Opts.Check || Opts.BoundsCheck)
    addGlobalChecks(M, P, Symbols);
  if (Opts.Check) {
    addGroupChecks(M, P, Symbols);
    addPrivateChecks(M, P, Symbols);
  }
  if (Opts.RaceCheck)
    addRaceChecks(M, P, Symbols);
  return Error::success();
}

/// Device math on the host's libm; device-library functions it does not
/// have are named here rather than left for the JIT to miss.
Error resolveDeviceMath(Module &M, std::map<std::string, void *> &Symbols) {
  std::string Missing;
  for (Function &F : M) {
    if (!F.isDeclaration() || F.isIntrinsic() || F.use_empty() ||
        F.getName().starts_with("__ferry_emu."))
      continue;
    if (void *Address = mathFunction(F.getName().str()))
      Symbols[F.getName().str()] = Address;
    else if (F.getName().starts_with("__nv_") || F.getName().starts_with("__ocml_") ||
             F.getName().starts_with("__ockl_"))
      Missing += (Missing.empty() ? "'" : ", '") + F.getName().str() + "'";
  }
  if (!Missing.empty())
    return fail("the emulator has no host version of the device functions " + Missing);
  return Error::success();
}

/// The module as host code: C calling conventions, no device CPU, an entry
/// per kernel, the host's triple and data layout \p DL.
Error retargetToHost(Module &M, ArrayRef<Function *> KernelFns,
                     std::map<const Function *, uint64_t> &KernelStack,
                     ProgramImpl &P, const Triple &HostTriple,
                     const DataLayout &DL) {
  for (Function &F : M) {
    F.setCallingConv(CallingConv::C);
    for (const char *A : {"target-cpu", "target-features", "tune-cpu"})
      F.removeFnAttr(A);
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        CB->setCallingConv(CallingConv::C);
  }
  for (Function *F : KernelFns)
    addEntry(M, *F, KernelStack[F], P);
  if (NamedMDNode *A = M.getNamedMetadata("nvvm.annotations"))
    A->eraseFromParent();
  M.setTargetTriple(HostTriple.str());
  M.setDataLayout(DL);
  std::string Broken;
  raw_string_ostream OS(Broken);
  if (verifyModule(M, &OS))
    return fail("internal error: the retargeted module is invalid: " + Broken);
  return Error::success();
}

/// Process symbols the JIT may resolve: C math functions of the host, not
/// its C++ functions and C++ runtime (__dynamic_cast, __cxa_throw, ...):
/// called with device data they would crash the program instead of the
/// load failing with a name.
bool hostSymbolAllowed(const orc::SymbolStringPtr &Name) {
  const StringRef N = *Name;
  return !N.starts_with("_Z") && !N.starts_with("__cxa_") &&
         N != "__dynamic_cast" && !N.starts_with("_Unwind_") &&
         !N.starts_with("__gxx_");
}

/// Compiles \p M in a JIT of \p P's own, in a context of its own, with
/// \p Symbols (and the compiler runtime's functions) defined.
Error startJIT(Module &M, orc::JITTargetMachineBuilder Builder,
               const std::map<std::string, void *> &Symbols, ProgramImpl &P) {
  SmallString<0> Bitcode;
  raw_svector_ostream BC(Bitcode);
  WriteBitcodeToFile(M, BC);
  auto TSCtx = std::make_unique<LLVMContext>();
  TSCtx->setDiagnosticHandlerCallBack([](const DiagnosticInfo *, void *) {});
  auto Parsed = parseBitcodeFile(MemoryBufferRef(Bitcode.str(), "ferry-emu"), *TSCtx);
  if (!Parsed)
    return Parsed.takeError();
  auto JIT = orc::LLJITBuilder()
                 .setJITTargetMachineBuilder(std::move(Builder))
                 .create();
  if (!JIT)
    return JIT.takeError();
  P.JIT = std::move(*JIT);
  orc::SymbolMap Map;
  // Before the process's own: the host's libgcc may lack the bfloat16 ones.
  for (auto &[Name, Address] : compilerRuntimeFunctions())
    Map[P.JIT->mangleAndIntern(Name)] = {orc::ExecutorAddr::fromPtr(Address),
                                         JITSymbolFlags::Exported};
  for (auto &[Name, Address] : Symbols)
    Map[P.JIT->mangleAndIntern(Name)] = {orc::ExecutorAddr::fromPtr(Address),
                                         JITSymbolFlags::Exported};
  if (Error E =
          P.JIT->getMainJITDylib().define(orc::absoluteSymbols(std::move(Map))))
    return E;
  auto Gen = orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      P.JIT->getDataLayout().getGlobalPrefix(), hostSymbolAllowed);
  if (!Gen)
    return Gen.takeError();
  P.JIT->getMainJITDylib().addGenerator(std::move(*Gen));
  return P.JIT->addIRModule(
      orc::ThreadSafeModule(std::move(*Parsed), std::move(TSCtx)));
}

/// The JIT's addresses of the globals' table (for the checks) and of the
/// kernels' entries.
Error findEntries(ProgramImpl &P) {
  if (P.Opts.Check || P.Opts.BoundsCheck) {
    auto Table = P.JIT->lookup("__ferry_emu.globals");
    auto Count = P.JIT->lookup("__ferry_emu.globals.count");
    if (!Table)
      return Table.takeError();
    if (!Count)
      return Count.takeError();
    const auto *Entries = Table->toPtr<const std::pair<const void *, uint64_t> *>();
    P.GlobalRanges.assign(Entries, Entries + *Count->toPtr<const uint64_t *>());
  }
  for (auto &[Name, K] : P.Kernels) {
    auto Entry = P.JIT->lookup("__ferry_emu.entry." + Name);
    if (!Entry)
      return Entry.takeError();
    K.Entry = Entry->toPtr<void (*)(void *const *)>();
  }
  return Error::success();
}

} // namespace

Expected<std::unique_ptr<Program>> Program::create(std::unique_ptr<Module> M,
                                                   const Options &Opts) {
  static const bool Initialized = [] {
    InitializeNativeTarget();
    InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)Initialized;
  auto P = std::make_unique<ProgramImpl>();
  P->Opts = Opts;
  Expected<std::map<std::string, SymbolInfo>> Meta = kernelMetadata(Opts);
  if (!Meta)
    return Meta.takeError();
  if (Error E = readPrintfFormats(*M, *P))
    return std::move(E);
  SmallVector<Function *, 8> KernelFns;
  for (Function &F : *M)
    if (isKernel(F, Opts.Kind))
      KernelFns.push_back(&F);
  if (KernelFns.empty())
    return fail("the module has no kernels");
  auto Builder = orc::JITTargetMachineBuilder::detectHost();
  if (!Builder)
    return Builder.takeError();
  auto DL = Builder->getDefaultDataLayoutForTarget();
  if (!DL)
    return DL.takeError();
  if (Error E = describeKernels(*M, KernelFns, *Meta, *P))
    return std::move(E);
  recordDefinitions(*M, *P);
  std::map<std::string, void *> Symbols;
  std::map<const Function *, uint64_t> KernelStack;
  if (Error E = lowerForEmulator(*M, KernelFns, *P, Symbols, KernelStack))
    return std::move(E);
  if (Error E = resolveDeviceMath(*M, Symbols))
    return std::move(E);
  if (Error E = retargetToHost(*M, KernelFns, KernelStack, *P,
                               Builder->getTargetTriple(), *DL))
    return std::move(E);
  if (Error E = startJIT(*M, std::move(*Builder), Symbols, *P))
    return std::move(E);
  if (Error E = findEntries(*P))
    return std::move(E);
  return std::unique_ptr<Program>(std::move(P));
}

} // namespace emu
} // namespace ferry

//===-- C ABI ----------------------------------------------------------------===//

namespace {
struct Holder {
  std::unique_ptr<LLVMContext> Ctx;
  std::unique_ptr<ferry::emu::Program> P;
};

void copyError(const std::string &What, char *Error, size_t Size) {
  if (Error && Size) {
    std::snprintf(Error, Size, "%s", What.c_str());
  }
}
/// Image \p I of a program (the first the kernels', the others libraries),
/// parsed in \p Ctx; nullptr with \p Why on failure. Ferry's packages carry
/// a digest that catches damage before this (ferry/ImageDigest.h); bitcode
/// handed to the porting API does not, and LLVM's reader crashes on some
/// damage: it reads in a recovery context, and a crash leaves \p Ctx
/// released in whatever state the reader left it.
std::unique_ptr<Module> parseImage(const void *Bitcode, size_t Size, size_t I,
                                   std::unique_ptr<LLVMContext> &Ctx,
                                   std::string &Why) {
  Expected<std::unique_ptr<Module>> Part = std::unique_ptr<Module>();
  static std::once_flag Once;
  std::call_once(Once, [] { CrashRecoveryContext::Enable(); });
  CrashRecoveryContext CRC;
  if (!CRC.RunSafely([&] {
        Part = parseBitcodeFile(
            MemoryBufferRef(StringRef(static_cast<const char *>(Bitcode), Size),
                            I ? "library" : "image"),
            *Ctx);
      })) {
    (void)Ctx.release();
    Why = "the emulated image is damaged bitcode: LLVM's bitcode reader failed "
          "on it "
          "(signal " +
          std::to_string(CRC.RetCode > 128 ? CRC.RetCode - 128 : CRC.RetCode) +
          ")";
    return nullptr;
  }
  if (!Part) {
    Why = "the emulated image is not bitcode: " + toString(Part.takeError());
    return nullptr;
  }
  return std::move(*Part);
}

/// Links another translation unit's image \p Part into \p M: what M calls,
/// and every function Part defines: other code may reach those through
/// their addresses (ferry_module_symbol). Its variables come only when used
/// (translation units of one program may each hold a device copy of the
/// same host variable). Returns why not, or "".
std::string linkImage(Module &M, std::unique_ptr<Module> Part) {
  for (Function &F : *Part)
    if (!F.isDeclaration() && F.hasExternalLinkage() &&
        !M.getNamedValue(F.getName()))
      Function::Create(F.getFunctionType(), GlobalValue::ExternalLinkage,
                       F.getName(), M);
  if (Linker::linkModules(M, std::move(Part), Linker::Flags::LinkOnlyNeeded))
    return "cannot link the emulated images of the program's translation units "
           "(a "
           "function defined twice?)";
  return "";
}

/// Why the linked images \p M of \p Count images cannot run: a function
/// called that none defines, or bitcode that parses but is not valid IR (a
/// damaged image the reader accepted: the verifier's first line); or "".
std::string checkLinkedImage(const Module &M, size_t Count) {
  for (const Function &F : M)
    if (F.isDeclaration() && !F.isIntrinsic() && !F.use_empty() &&
        !F.getName().starts_with("__") && !F.getName().starts_with("llvm."))
      return "the emulated image calls '" + F.getName().str() +
             "', which no image of the program defines (" +
             std::to_string(Count) + " image(s) searched)";
  std::string Broken;
  raw_string_ostream BrokenOS(Broken);
  if (verifyModule(M, &BrokenOS))
    return "the emulated image is not valid IR: " +
           StringRef(Broken).split('\n').first.str();
  return "";
}

/// The options of an AMDGPU image: FERRY_EMU_CHECK=1 checks memory;
/// FERRY_EMU_RACES=1 checks writes by two work-items, reads against writes
/// across work-groups, =all reads against writes within a group too.
ferry::emu::Options imageOptions(const char *Arch, const void *CodeObject,
                                 size_t CodeObjectSize) {
  ferry::emu::Options O;
  O.Kind = ferry::emu::Dialect::AMDGPU;
  O.Arch = Arch;
  const char *Check = std::getenv("FERRY_EMU_CHECK");
  O.Check = Check && *Check && std::strcmp(Check, "0") != 0;
  const char *Races = std::getenv("FERRY_EMU_RACES");
  O.RaceCheck = Races && *Races && std::strcmp(Races, "0") != 0;
  O.RaceCheckReads = O.RaceCheck && std::strcmp(Races, "all") == 0;
  O.CodeObject.assign(static_cast<const char *>(CodeObject), CodeObjectSize);
  return O;
}
} // namespace

extern "C" int ferry_emu_load(const void *Bitcode, size_t BitcodeSize, const char *Arch,
                              const void *CodeObject, size_t CodeObjectSize, void **Out,
                              char *Error, size_t ErrorSize) {
  return ferry_emu_load_linked(&Bitcode, &BitcodeSize, 1, Arch, CodeObject, CodeObjectSize, Out,
                               Error, ErrorSize);
}

extern "C" int ferry_emu_load_linked(const void *const *Bitcodes, const size_t *Sizes,
                                     size_t Count, const char *Arch, const void *CodeObject,
                                     size_t CodeObjectSize, void **Out, char *Error,
                                     size_t ErrorSize) {
  if (!Count) {
    copyError("ferry_emu_load_linked: no image to load (count is 0)", Error, ErrorSize);
    return 1;
  }
  auto Ctx = std::make_unique<LLVMContext>();
  // Programs are silent: LLVM's warnings about the image stay here.
  Ctx->setDiagnosticHandlerCallBack([](const DiagnosticInfo *, void *) {});
  std::unique_ptr<Module> M;
  std::string Why;
  for (size_t I = 0; I < Count && Why.empty(); ++I) {
    std::unique_ptr<Module> Part =
        parseImage(Bitcodes[I], Sizes[I], I, Ctx, Why);
    if (!Part)
      break;
    if (!I)
      M = std::move(Part);
    else
      Why = linkImage(*M, std::move(Part));
  }
  if (Why.empty())
    Why = checkLinkedImage(*M, Count);
  if (!Why.empty()) {
    copyError(Why, Error, ErrorSize);
    return 1;
  }
  auto P = ferry::emu::Program::create(
      std::move(M), imageOptions(Arch, CodeObject, CodeObjectSize));
  if (!P) {
    copyError(toString(P.takeError()), Error, ErrorSize);
    return 1;
  }
  // The parsed module's context lives as long as the program.
  *Out = new Holder{std::move(Ctx), std::move(*P)};
  return 0;
}

extern "C" void ferry_emu_unload(void *Program) { delete static_cast<Holder *>(Program); }

extern "C" int ferry_emu_has_kernel(void *Program, const char *Kernel) {
  for (const std::string &K : static_cast<Holder *>(Program)->P->kernels())
    if (K == Kernel)
      return 1;
  return 0;
}

extern "C" int ferry_emu_launch(void *Program, const char *Kernel, const uint32_t Grid[3],
                                const uint32_t Block[3], uint32_t DynamicShared,
                                void *const *Args, const uint64_t *Memory,
                                size_t MemoryCount, char *Error, size_t ErrorSize) {
  ferry::emu::Program &P = *static_cast<Holder *>(Program)->P;
  auto Params = P.parameters(Kernel);
  if (!Params) {
    copyError(toString(Params.takeError()), Error, ErrorSize);
    return 1;
  }
  ferry::emu::Launch L;
  std::copy(Grid, Grid + 3, L.Grid);
  std::copy(Block, Block + 3, L.Block);
  L.DynamicShared = DynamicShared;
  std::vector<const void *> Values(Args, Args + Params->size());
  std::vector<std::pair<const void *, uint64_t>> Reachable;
  if (Memory) {
    for (size_t I = 0; I < MemoryCount; ++I)
      Reachable.push_back({reinterpret_cast<const void *>(Memory[2 * I]), Memory[2 * I + 1]});
    L.Memory = &Reachable;
  }
  if (llvm::Error E = P.run(Kernel, L, Values)) {
    copyError(toString(std::move(E)), Error, ErrorSize);
    return 1;
  }
  return 0;
}

extern "C" int ferry_emu_symbol(void *Program, const char *Name, uint64_t *Address,
                                uint64_t *Size) {
  auto S = static_cast<Holder *>(Program)->P->symbol(Name);
  if (!S) {
    consumeError(S.takeError());
    return 1;
  }
  *Address = S->first;
  *Size = S->second;
  return 0;
}
