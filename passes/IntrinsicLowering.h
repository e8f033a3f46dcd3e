//===- IntrinsicLowering.h - Lowering one NVVM call ------------*- C++ -*-===//
///
/// \file
/// The context a row of NVVMIntrinsics.def is lowered in: the call, a builder
/// placed before it, the target, and a way to fail with a diagnostic that
/// names the intrinsic, the function and the source location. Handlers are
/// small functions `Value *(IntrinsicLowering &, int Arg)`: they return the
/// replacement of the call's value (nullptr for void calls).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_INTRINSICLOWERING_H
#define FERRY_PASSES_INTRINSICLOWERING_H

#include "TranslateTarget.h"
#include "Untranslatable.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

namespace ferry {

class IntrinsicLowering {
public:
  IntrinsicLowering(llvm::CallInst &CI, llvm::StringRef Name,
                    const TranslateTarget &T)
      : CI(CI), B(&CI), T(T), Name(Name) {}

  llvm::CallInst &CI;
  llvm::IRBuilder<> B;
  const TranslateTarget &T;
  llvm::StringRef Name; ///< the NVVM name, e.g. "llvm.nvvm.shfl.sync.down.i32"

  llvm::Value *arg(unsigned I) const { return CI.getArgOperand(I); }
  llvm::Type *retType() const { return CI.getType(); }
  llvm::Module &module() const { return *CI.getModule(); }
  llvm::LLVMContext &ctx() const { return CI.getContext(); }

  /// Reports that this call cannot be translated, and why. Returns nullptr
  /// so that handlers can `return L.fail(...)`.
  llvm::Value *fail(const llvm::Twine &Why);
  bool failed() const { return Failed; }

  /// Replaces the call by \p Result (nullptr for void calls) and erases it.
  /// After a failure the call's users get poison: the error is reported and
  /// the module will not be emitted.
  void replaceCall(llvm::Value *Result);

  /// The constant value of argument \p I, or std::nullopt.
  std::optional<uint64_t> constArg(unsigned I) const;

  /// Declares (once) and calls a device-library function.
  llvm::Value *callLibrary(llvm::StringRef Fn, llvm::Type *Ret,
                           llvm::ArrayRef<llvm::Value *> Args);

  /// Loads a \p Ty at byte \p Offset of the code object v5 implicit kernel
  /// arguments (or, with \p DispatchPacket, of the HSA dispatch packet).
  llvm::Value *loadKernelState(unsigned Offset, llvm::Type *Ty,
                               bool DispatchPacket);

private:
  bool Failed = false;
};

using IntrinsicHandler = llvm::Value *(*)(IntrinsicLowering &, int);

/// The Arg of lowerDirectedRounding rows that are not IR opcodes (those
/// give FAdd, FSub, FMul, FDiv).
enum DirectedOperation { DirectedFma = 0, DirectedSqrt = -1, DirectedReciprocal = -2 };

/// The handlers, grouped by family (one .cpp per family).
#define FERRY_NVVM(NAME, HANDLER, ARG)                                         \
  llvm::Value *HANDLER(IntrinsicLowering &, int);
#define FERRY_NVVM_PREFIX(PREFIX, HANDLER, ARG)                                \
  llvm::Value *HANDLER(IntrinsicLowering &, int);
#define FERRY_NVVM_REJECT_WITH(PREFIX, DIAGNOSE, WHY)                          \
  llvm::Value *DIAGNOSE(IntrinsicLowering &, int);
#include "NVVMIntrinsics.def"

/// A row of the table: what handles an llvm.nvvm.* name, or why nothing
/// does. Prefix rows decode the rest of the name themselves.
struct IntrinsicRow {
  llvm::StringRef Name;
  IntrinsicHandler Handler; ///< nullptr: rejected with Reason
  llvm::StringRef HandlerName;
  int Arg;
  llvm::StringRef Reason;
  bool IsPrefix;
  /// Rejected rows: reports the error, saying more than Reason; nullptr:
  /// Reason is the message.
  IntrinsicHandler Diagnose = nullptr;
};

/// The row for \p Name (exact rows first, then the longest prefix row), or
/// nullptr when the name is not in the table.
const IntrinsicRow *findIntrinsicRow(llvm::StringRef Name);
/// Every row, for the coverage table.
llvm::ArrayRef<IntrinsicRow> intrinsicRows();

/// Lowers every direct call of \p F with \p Lower (which replaces the call,
/// typically through IntrinsicLowering::replaceCall), then erases \p F when
/// nothing uses it any more. Returns whether any call was lowered.
bool lowerDirectCalls(llvm::Function &F, llvm::function_ref<void(llvm::CallInst &)> Lower);

} // namespace ferry

#endif
