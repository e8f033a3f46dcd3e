//===- DeviceHeap.cpp - Device malloc and free on AMDGPU ------------------===//
///
/// \file
/// CUDA device code allocates with `malloc`/`free` (and `new`/`delete`,
/// which clang leaves as calls of the C++ operators) from a per-context heap of 8 MiB by default. The
/// ROCm 5.2.3 device libraries' allocator (`__ockl_dm_alloc`) asks the host
/// for memory through hostcall, which needs a host-side service thread that
/// only the HIP runtime provides, so the translation brings its own heap:
/// a zero-initialized device variable of the module (the code object's
/// .bss, allocated by the loader, kept across the module's launches) and a
/// lock-free allocator in IR:
///
/// - a block is a power of two of at least 32 bytes: a 16-byte header (its
///   size class, and the free list's link while it is free) and the caller's
///   bytes, 16-byte aligned as CUDA guarantees;
/// - `malloc` pops a block of its class from that class's free list, or
///   carves a new one from the heap with an atomic add; it returns NULL when
///   the heap is exhausted (as CUDA does) and for 0 bytes;
/// - `free` pushes the block on its class's list; NULL, and pointers that
///   are not in the heap, are ignored;
/// - each list head is a 32-bit block index (0: empty) and a 32-bit tag
///   that every update increments, so that a compare-and-swap cannot succeed
///   on a head that was popped and pushed again meanwhile (ABA).
///
/// `-mllvm -ferry-device-heap-mib=N` sets the heap's size (CUDA:
/// cudaLimitMallocHeapSize).
///
//===----------------------------------------------------------------------===//
#include "DeviceHeap.h"
#include "Untranslatable.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static cl::opt<unsigned>
    HeapMiB("ferry-device-heap-mib",
            cl::desc("Size of the device heap of translated device malloc, in MiB (8, as "
                     "CUDA's default)"),
            cl::init(8));

namespace ferry {

namespace {

/// The allocator; HEAP is the heap's size in bytes.
constexpr const char *Allocator = R"IR(
@__ferry_heap = internal addrspace(1) global [HEAP x i8] zeroinitializer, align 16
@__ferry_heap_used = internal addrspace(1) global i64 0, align 8
@__ferry_heap_lists = internal addrspace(1) global [48 x i64] zeroinitializer, align 8

define linkonce_odr hidden ptr @__ferry_malloc(i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  %huge = icmp ugt i64 %n, 140737488355328
  %refuse = or i1 %empty, %huge
  br i1 %refuse, label %fail, label %classify
classify:
  %need = add i64 %n, 15
  %lz = call i64 @llvm.ctlz.i64(i64 %need, i1 false)
  %log = sub i64 64, %lz
  %small = icmp ult i64 %log, 5
  %class = select i1 %small, i64 5, i64 %log
  %head = getelementptr inbounds [48 x i64], ptr addrspace(1) @__ferry_heap_lists, i64 0, i64 %class
  br label %pop
pop:
  %h = load atomic i64, ptr addrspace(1) %head syncscope("agent") acquire, align 8
  %index1 = and i64 %h, 4294967295
  %none = icmp eq i64 %index1, 0
  br i1 %none, label %carve, label %take
take:
  %index = sub i64 %index1, 1
  %offset = shl i64 %index, 4
  %block = getelementptr inbounds i8, ptr addrspace(1) @__ferry_heap, i64 %offset
  %link = getelementptr inbounds i8, ptr addrspace(1) %block, i64 8
  %next = load atomic i64, ptr addrspace(1) %link syncscope("agent") monotonic, align 8
  %tag = lshr i64 %h, 32
  %tag.next = add i64 %tag, 1
  %tag.bits = shl i64 %tag.next, 32
  %next.index = and i64 %next, 4294967295
  %h.new = or i64 %tag.bits, %next.index
  %swap = cmpxchg ptr addrspace(1) %head, i64 %h, i64 %h.new syncscope("agent") acquire monotonic, align 8
  %popped = extractvalue { i64, i1 } %swap, 1
  br i1 %popped, label %give, label %pop
give:
  %user = getelementptr inbounds i8, ptr addrspace(1) %block, i64 16
  %user.flat = addrspacecast ptr addrspace(1) %user to ptr
  ret ptr %user.flat
carve:
  %bytes = shl i64 1, %class
  %at = atomicrmw add ptr addrspace(1) @__ferry_heap_used, i64 %bytes syncscope("agent") monotonic, align 8
  %end = add i64 %at, %bytes
  %fits = icmp ule i64 %end, HEAP
  br i1 %fits, label %new, label %fail
new:
  %fresh = getelementptr inbounds i8, ptr addrspace(1) @__ferry_heap, i64 %at
  store i64 %class, ptr addrspace(1) %fresh, align 16
  %fresh.user = getelementptr inbounds i8, ptr addrspace(1) %fresh, i64 16
  %fresh.flat = addrspacecast ptr addrspace(1) %fresh.user to ptr
  ret ptr %fresh.flat
fail:
  ret ptr null
}

define linkonce_odr hidden void @__ferry_free(ptr %p) {
entry:
  %global = addrspacecast ptr %p to ptr addrspace(1)
  %address = ptrtoint ptr addrspace(1) %global to i64
  %base = ptrtoint ptr addrspace(1) @__ferry_heap to i64
  %offset.user = sub i64 %address, %base
  %in = icmp ult i64 %offset.user, HEAP
  %aligned.bits = and i64 %offset.user, 15
  %aligned = icmp eq i64 %aligned.bits, 0
  %past.header = icmp uge i64 %offset.user, 16
  %ok1 = and i1 %in, %aligned
  %ok = and i1 %ok1, %past.header
  br i1 %ok, label %find, label %done
find:
  %offset = sub i64 %offset.user, 16
  %block = getelementptr inbounds i8, ptr addrspace(1) @__ferry_heap, i64 %offset
  %class = load i64, ptr addrspace(1) %block, align 16
  %valid = icmp ult i64 %class, 48
  br i1 %valid, label %prepare, label %done
prepare:
  %head = getelementptr inbounds [48 x i64], ptr addrspace(1) @__ferry_heap_lists, i64 0, i64 %class
  %link = getelementptr inbounds i8, ptr addrspace(1) %block, i64 8
  %index = lshr i64 %offset, 4
  %index1 = add i64 %index, 1
  br label %push
push:
  %h = load atomic i64, ptr addrspace(1) %head syncscope("agent") monotonic, align 8
  %h.index = and i64 %h, 4294967295
  store atomic i64 %h.index, ptr addrspace(1) %link syncscope("agent") monotonic, align 8
  %tag = lshr i64 %h, 32
  %tag.next = add i64 %tag, 1
  %tag.bits = shl i64 %tag.next, 32
  %h.new = or i64 %tag.bits, %index1
  %swap = cmpxchg ptr addrspace(1) %head, i64 %h, i64 %h.new syncscope("agent") release monotonic, align 8
  %pushed = extractvalue { i64, i1 } %swap, 1
  br i1 %pushed, label %done, label %push
done:
  ret void
}

declare i64 @llvm.ctlz.i64(i64, i1)
)IR";

/// The allocation functions of CUDA device code and which of Ferry's they
/// become: C's, and C++'s operator new/delete (plain, array, sized,
/// nothrow), which clang leaves as calls.
struct HeapFunction {
  const char *Name;
  bool Allocates;
};
constexpr HeapFunction HeapFunctions[] = {
    {"malloc", true},       {"_Znwm", true},       {"_Znam", true},
    {"_ZnwmRKSt9nothrow_t", true}, {"_ZnamRKSt9nothrow_t", true},
    {"free", false},        {"_ZdlPv", false},     {"_ZdaPv", false},
    {"_ZdlPvm", false},     {"_ZdaPvm", false},
};

/// Whether \p F, as declared, takes what \p H's first argument is (a size
/// or a pointer) first and returns a pointer (allocations) or nothing.
bool hasHeapSignature(const Function &F, const HeapFunction &H) {
  FunctionType *T = F.getFunctionType();
  if (T->getNumParams() == 0)
    return false;
  Type *First = T->getParamType(0);
  return H.Allocates ? First->isIntegerTy(64) && T->getReturnType()->isPointerTy()
                     : First->isPointerTy() && T->getReturnType()->isVoidTy();
}

/// Calls of the allocation functions of \p Used (with C's signatures) become
/// calls of \p Malloc / \p Free; functions declared otherwise are reported.
void redirectCalls(ArrayRef<std::pair<Function *, const HeapFunction *>> Used,
                   FunctionCallee Malloc, FunctionCallee Free) {
  for (auto [F, H] : Used) {
    if (!hasHeapSignature(*F, *H)) {
      for (User *U : F->users())
        if (auto *I = dyn_cast<Instruction>(U))
          reportUntranslatable(*I, "'" + F->getName() +
                                       "' is declared with a type other than the C library's");
      continue;
    }
    for (User *U : make_early_inc_range(F->users())) {
      auto *Call = dyn_cast<CallInst>(U);
      if (!Call || Call->getCalledFunction() != F) {
        if (auto *I = dyn_cast<Instruction>(U))
          reportUntranslatable(*I, "the address of '" + F->getName() +
                                       "' is taken: device allocation functions can only be called");
        continue;
      }
      CallInst *New = CallInst::Create(H->Allocates ? Malloc : Free, {Call->getArgOperand(0)}, "",
                                       Call->getIterator());
      New->setDebugLoc(Call->getDebugLoc());
      New->takeName(Call);
      if (H->Allocates)
        Call->replaceAllUsesWith(New);
      Call->eraseFromParent();
    }
    if (F->use_empty())
      F->eraseFromParent();
  }
}

/// The declared allocation functions \p M calls (\p CxxOnly: the C++
/// operators only).
SmallVector<std::pair<Function *, const HeapFunction *>, 4> usedHeapFunctions(Module &M,
                                                                              bool CxxOnly) {
  SmallVector<std::pair<Function *, const HeapFunction *>, 4> Used;
  for (const HeapFunction &H : HeapFunctions)
    if (Function *F = M.getFunction(H.Name);
        F && F->isDeclaration() && !F->use_empty() && !(CxxOnly && !StringRef(H.Name).starts_with("_Z")))
      Used.push_back({F, &H});
  return Used;
}

} // namespace

bool lowerCxxAllocationToC(Module &M) {
  auto Used = usedHeapFunctions(M, /*CxxOnly=*/true);
  if (Used.empty())
    return false;
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::get(Ctx, 0);
  FunctionCallee Malloc =
      M.getOrInsertFunction("malloc", FunctionType::get(Ptr, {Type::getInt64Ty(Ctx)}, false));
  FunctionCallee Free =
      M.getOrInsertFunction("free", FunctionType::get(Type::getVoidTy(Ctx), {Ptr}, false));
  redirectCalls(Used, Malloc, Free);
  return true;
}

bool lowerDeviceHeap(Module &M) {
  auto Used = usedHeapFunctions(M, /*CxxOnly=*/false);
  if (Used.empty())
    return false;
  std::string Source = (Twine("target datalayout = \"") + M.getDataLayoutStr() +
                        "\"\ntarget triple = \"" + M.getTargetTriple() + "\"\n" + Allocator)
                           .str();
  const std::string Heap = std::to_string(uint64_t(HeapMiB) << 20);
  for (size_t At; (At = Source.find("HEAP")) != std::string::npos;)
    Source.replace(At, 4, Heap);
  SMDiagnostic Err;
  // Text IR has named values, which a context that discards them (clang's,
  // in the plugin) refuses to read: they are kept while it parses.
  LLVMContext &Ctx = M.getContext();
  const bool Discarding = Ctx.shouldDiscardValueNames();
  Ctx.setDiscardValueNames(false);
  std::unique_ptr<Module> Library = parseAssemblyString(Source, Err, Ctx);
  Ctx.setDiscardValueNames(Discarding);
  if (!Library) {
    std::string Message;
    raw_string_ostream OS(Message);
    Err.print("ferry-device-heap", OS);
    M.getContext().emitError("internal error: Ferry's device heap does not parse: " + Message);
    return false;
  }
  FunctionCallee Malloc = M.getOrInsertFunction(
      "__ferry_malloc", Library->getFunction("__ferry_malloc")->getFunctionType());
  FunctionCallee Free = M.getOrInsertFunction(
      "__ferry_free", Library->getFunction("__ferry_free")->getFunctionType());
  redirectCalls(Used, Malloc, Free);
  if (Linker::linkModules(M, std::move(Library), Linker::LinkOnlyNeeded))
    M.getContext().emitError("internal error: cannot link Ferry's device heap");
  return true;
}

} // namespace ferry
