//===- DeviceServices.cpp - Device printf, assert and malloc on AMDGPU ----===//
///
/// \file
/// CUDA's device printf is `i32 vprintf(ptr format, ptr args)`: the arguments
/// are packed into a buffer, each at its natural alignment (int 4 bytes;
/// long, double and pointers 8; float already promoted to double). Its
/// AMDGPU translation is the buffered printf of the ROCm device libraries:
/// the arguments are read back from that buffer by the conversions of the
/// (constant) format string, then LLVM's `emitAMDGPUPrintfCall` writes one
/// record per call into the dispatch's printf buffer (`__printf_alloc`,
/// `hidden_printf_buffer`) and lists the format string under
/// `llvm.printf.fmts`, which the backend emits as the code object's
/// `amdhsa.printf`. The runtime prints the records when the kernel's queue
/// completes (docs/runtime.md, "Device printf").
///
/// `malloc` and `free` go to Ferry's device heap (DeviceHeap.cpp).
///
/// `__assertfail(message, file, line, function, charSize)` prints CUDA's
/// message ("file:line: function: block: [x,y,z], thread: [x,y,z] Assertion
/// `message` failed.") the same way and traps, which stops the dispatch; the
/// runtime reports the fault after printing the buffer.
///
//===----------------------------------------------------------------------===//
#include "DeviceHeap.h"
#include "ModuleHelpers.h"
#include "TranslationPasses.h"
#include "Untranslatable.h"

#include "ferry/PrintfFormat.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/AMDGPUEmitPrintf.h"
#include "llvm/Transforms/Utils/Local.h"

#define DEBUG_TYPE "ferry-device-services"

using namespace llvm;

namespace ferry {

namespace {

/// The value of one argument of a vprintf buffer, as emitAMDGPUPrintfCall
/// wants it: integers and doubles by value, strings as pointers.
Value *loadArgument(IRBuilder<> &B, Value *Buffer, uint64_t Offset, PrintfArg Kind) {
  Type *Ty = Kind == PrintfArg::Int32    ? B.getInt32Ty()
             : Kind == PrintfArg::Double ? B.getDoubleTy()
             : Kind == PrintfArg::String ? static_cast<Type *>(B.getPtrTy())
                                         : B.getInt64Ty();
  Value *At = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Buffer, Offset);
  return B.CreateAlignedLoad(Ty, At, Align(cudaPrintfSize(Kind)));
}

/// \p Format in double quotes, its control characters escaped as in C, so
/// that a diagnostic stays on one line.
std::string quoted(StringRef Format) {
  std::string Out = "\"";
  for (char C : Format) {
    if (C == '\n')
      Out += "\\n";
    else if (C == '\t')
      Out += "\\t";
    else if (C == '"' || C == '\\')
      Out += std::string("\\") + C;
    else if (isPrint(C))
      Out += C;
    else
      Out += "\\x" + utohexstr(uint8_t(C), /*LowerCase=*/true, /*Width=*/2);
  }
  return Out + "\"";
}

/// Replaces \p Call by the code \p Emit produces, which may add blocks: the
/// call's block is split there and \p Emit starts at the end of the head.
Value *emitInPlace(CallBase &Call, function_ref<Value *(IRBuilder<> &)> Emit) {
  BasicBlock *Head = Call.getParent();
  BasicBlock *Tail = Head->splitBasicBlock(&Call, Head->getName() + ".printf.done");
  Head->getTerminator()->eraseFromParent();
  IRBuilder<> B(Head);
  B.SetCurrentDebugLocation(Call.getDebugLoc());
  Value *Result = Emit(B);
  B.CreateBr(Tail);
  return Result;
}

/// vprintf(format, buffer) -> a buffered printf record; false (after a
/// diagnostic) when the arguments cannot be laid out.
bool lowerVprintf(CallBase &Call) {
  Value *Format = spilledValue(Call.getArgOperand(0));
  Value *Buffer = Call.getArgOperand(1);
  StringRef Text;
  if (!getConstantStringInfo(Format, Text)) {
    reportUntranslatable(Call, "device printf with a format string that is not a "
                               "constant: its arguments cannot be decoded");
    return false;
  }
  SmallVector<std::pair<uint64_t, PrintfArg>, 8> Layout;
  uint64_t Offset = 0;
  auto Place = [&](PrintfArg Kind) {
    const unsigned Size = cudaPrintfSize(Kind);
    Offset = alignTo(Offset, Size);
    Layout.push_back({Offset, Kind});
    Offset += Size;
  };
  size_t Pos = 0;
  PrintfConversion C;
  bool Malformed = false;
  while (nextPrintfConversion(std::string_view(Text.data(), Text.size()), Pos, C, Malformed)) {
    for (unsigned I = 0; I < C.Stars; ++I)
      Place(PrintfArg::Int32);
    Place(C.Arg);
  }
  if (Malformed) {
    reportUntranslatable(Call, "device printf format " + quoted(Text) +
                                   " has a malformed conversion '" +
                                   StringRef(C.Text.data(), C.Text.size()) + "'");
    return false;
  }
  if (!Layout.empty() && isa<ConstantPointerNull>(Buffer)) {
    reportUntranslatable(Call, "device printf format " + quoted(Text) +
                                   " has conversions but the call passes no arguments");
    return false;
  }
  Value *Printed = emitInPlace(Call, [&](IRBuilder<> &B) {
    SmallVector<Value *, 8> Args{Format};
    for (auto [At, Kind] : Layout)
      Args.push_back(loadArgument(B, Buffer, At, Kind));
    Value *Status = emitAMDGPUPrintfCall(B, Args, /*isBuffered=*/true);
    // vprintf returns the number of arguments, or a negative value when the
    // buffer is full (the buffered form returns 0 or -1).
    return B.CreateSelect(B.CreateICmpEQ(Status, B.getInt32(0)),
                          B.getInt32(Layout.size()), B.getInt32(-1));
  });
  Call.replaceAllUsesWith(Printed);
  Call.eraseFromParent();
  return true;
}

/// __assertfail(message, file, line, function, charSize) -> CUDA's message,
/// then a trap.
void lowerAssertfail(CallBase &Call) {
  Module &M = *Call.getModule();
  Value *Message = Call.getArgOperand(0), *File = Call.getArgOperand(1),
        *Line = Call.getArgOperand(2), *Function = Call.getArgOperand(3);
  Instruction *After = Call.getNextNode();
  emitInPlace(Call, [&](IRBuilder<> &B) {
    // A constant in the constant address space, as clang emits literals.
    Constant *Format = B.CreateGlobalString(
        "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n",
        "__ferry_assert_format", /*AddressSpace=*/4, &M);
    Value *Flat = B.CreateAddrSpaceCast(Format, B.getPtrTy());
    auto Id = [&](Intrinsic::ID I) { return B.CreateIntrinsic(I, {}, {}); };
    Value *Args[] = {Flat,
                     File,
                     B.CreateZExtOrTrunc(Line, B.getInt32Ty()),
                     Function,
                     Id(Intrinsic::amdgcn_workgroup_id_x),
                     Id(Intrinsic::amdgcn_workgroup_id_y),
                     Id(Intrinsic::amdgcn_workgroup_id_z),
                     Id(Intrinsic::amdgcn_workitem_id_x),
                     Id(Intrinsic::amdgcn_workitem_id_y),
                     Id(Intrinsic::amdgcn_workitem_id_z),
                     Message};
    emitAMDGPUPrintfCall(B, Args, /*isBuffered=*/true);
    B.CreateIntrinsic(Intrinsic::trap, {}, {});
    return nullptr;
  });
  Call.eraseFromParent();
  // Nothing after the trap runs.
  if (After && !After->isTerminator())
    changeToUnreachable(After);
}

} // namespace

PreservedAnalyses DeviceServicesPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<CallBase *, 8> Printfs, Asserts;
  for (Function &F : M) {
    if (!F.isDeclaration())
      continue;
    const bool Printf = F.getName() == "vprintf";
    if (!Printf && F.getName() != "__assertfail")
      continue;
    for (User *U : F.users())
      if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledFunction() == &F)
        (Printf ? Printfs : Asserts).push_back(CB);
  }
  const bool Heap = lowerDeviceHeap(M);
  if (!Printfs.empty()) {
    Function *Vprintf = Printfs.front()->getCalledFunction();
    // A printf wrapper (a device function that passes its parameter to
    // printf as the format, Kokkos::printf, a logging helper) is inlined
    // into its callers, whose format is then the constant they pass: the
    // buffered printf needs the format at compile time.
    inlineParameterWrappers(*Vprintf, 0);
    Printfs.clear();
    for (User *U : Vprintf->users())
      if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledFunction() == Vprintf)
        Printfs.push_back(CB);
  }
  if (Printfs.empty() && Asserts.empty())
    return Heap ? PreservedAnalyses::none() : PreservedAnalyses::all();
  for (CallBase *Call : Printfs)
    lowerVprintf(*Call);
  for (CallBase *Call : Asserts)
    lowerAssertfail(*Call);
  for (StringRef Name : {"vprintf", "__assertfail"})
    if (Function *F = M.getFunction(Name); F && F->use_empty())
      F->eraseFromParent();
  return PreservedAnalyses::none();
}

} // namespace ferry
