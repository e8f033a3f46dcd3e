//===- PTXTranslator.h - Inline PTX to NVVM-level IR -----------*- C++ -*-===//
///
/// \file
/// Translates one inline-PTX call (PTXParser.h gives the grammar) into IR of
/// the NVVM dialect: plain LLVM instructions where PTX has an exact IR
/// equivalent, and `llvm.nvvm.*` calls for warp operations, special
/// registers and approximate or directed-rounding arithmetic, which the
/// NVVMIntrinsics.def rows then lower for the target (and which the
/// emulator runs natively for the NVVM reference). Registers, asm outputs
/// and the carry flag live in allocas that PromoteMemToReg removes; guards
/// (`@p`) and branches become control flow.
///
/// Instruction handlers are rows of PTXInstructions.def, grouped by family
/// (PTXIntegerOps.cpp, PTXFloatOps.cpp, PTXMemoryOps.cpp, PTXWarpOps.cpp,
/// PTXVideoOps.cpp).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PASSES_PTXTRANSLATOR_H
#define FERRY_PASSES_PTXTRANSLATOR_H

#include "PTXParser.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/IRBuilder.h"

#include <string>

namespace ferry {

/// A PTX type suffix: .u32, .s16, .b64, .f32, .f16x2, .bf16, .pred, ...
struct PTXType {
  enum Kind { Unsigned, Signed, Bits, Float, Pred, Invalid };
  Kind K = Invalid;
  unsigned Width = 0; ///< of one element
  unsigned Lanes = 1; ///< 2 for .f16x2 / .bf16x2
  bool BF16 = false;

  static PTXType parse(llvm::StringRef Suffix);
  bool valid() const { return K != Invalid; }
  bool isInt() const { return K == Unsigned || K == Signed || K == Bits; }
  bool isSigned() const { return K == Signed; }
  /// The IR type an operand of this type is read as.
  llvm::Type *irType(llvm::LLVMContext &Ctx) const;
};

class PTXTranslator {
public:
  explicit PTXTranslator(llvm::CallInst &CI);

  /// Emits the translation before the call and returns the value that
  /// replaces it (nullptr for void asm) in \p Result. Returns an error
  /// message (naming the instruction) instead when the asm is outside the
  /// subset; nothing is emitted then.
  std::string run(llvm::Value *&Result);
  /// The llvm.nvvm.* calls emitted.
  llvm::ArrayRef<llvm::CallInst *> nvvmCalls() const { return NVVMCalls; }

  // --- for instruction handlers ---
  llvm::IRBuilder<> B;
  llvm::CallInst &CI;

  /// Records why the current instruction cannot be translated; returns
  /// false so that handlers can `return T.fail(...)`.
  bool fail(const llvm::Twine &Why);
  /// Reads \p Op as a \p Ty (registers and asm operands are converted
  /// bit-for-bit, widened or narrowed as PTX's relaxed type rules allow);
  /// nullptr after fail().
  llvm::Value *read(const PTXOperand &Op, llvm::Type *Ty);
  llvm::Value *read(const PTXStatement &S, unsigned I, llvm::Type *Ty);
  /// Writes \p V to register or output \p Op (a `_` sink ignores it).
  bool write(const PTXOperand &Op, llvm::Value *V);
  /// The pointer an `[addr]` operand denotes, in address space \p AS.
  llvm::Value *address(const PTXOperand &Op, unsigned AS);
  /// The carry flag CC.CF (false before any .cc instruction).
  llvm::Value *carry();
  void setCarry(llvm::Value *CF);
  /// Calls `llvm.nvvm.<Name>` (declared with the given type if needed).
  llvm::Value *callNVVM(llvm::StringRef Name, llvm::Type *Ret,
                        llvm::ArrayRef<llvm::Value *> Args);
  /// Whether the asm sits in a kernel (where `exit` is a return).
  bool inKernel() const;
  /// Ends the current block with `ret void` and continues in a new,
  /// unreachable one.
  void emitReturn();

private:
  struct Register {
    llvm::AllocaInst *Slot;
    llvm::Type *Ty;
  };
  /// The steps of run(). Numbers the asm operands: outputs (\p RetTypes,
  /// each a slot), then inputs; a tied input starts its output's value.
  /// Returns an error message or "".
  std::string bindOperands(const llvm::InlineAsm &Asm,
                           llvm::SmallVectorImpl<llvm::Type *> &RetTypes);
  /// Translates \p Stmts; false after fail(), or for a branch to a label
  /// no statement defines.
  bool statements(llvm::ArrayRef<PTXStatement> Stmts);
  /// The value replacing the call: the outputs loaded (a struct of them for
  /// several), or nullptr for none.
  llvm::Value *outputValue(llvm::ArrayRef<llvm::Type *> RetTypes);
  /// The blocks of the translation, Entry first, in creation order.
  llvm::SmallVector<llvm::BasicBlock *, 8> createdBlocks();
  /// Erases what the translation emitted; returns its error message.
  std::string discard(llvm::ArrayRef<llvm::BasicBlock *> Created);
  /// Moves the translation before the call: its instructions for
  /// \p StraightLine code, else its blocks between the call's and a new
  /// block that starts after the call.
  void splice(bool StraightLine);
  bool statement(const PTXStatement &S);
  bool declare(const PTXStatement &S);
  /// Label \p S: its block, entered from the one before.
  bool defineLabel(const PTXStatement &S);
  /// \p S under its guard: a bra branches to its label or on, any other
  /// instruction runs in a block of its own that the false guard skips.
  bool guardedInstruction(const PTXStatement &S);
  /// \p S without its guard: bra, or its row's handler.
  bool instruction(const PTXStatement &S);
  llvm::Value *coerce(llvm::Value *V, llvm::Type *Ty);
  llvm::Value *immediate(llvm::StringRef Text, llvm::Type *Ty);
  llvm::Value *special(llvm::StringRef Name, llvm::Type *Ty);
  llvm::Value *reservedSharedMemory(llvm::StringRef Which, llvm::Type *Ty);
  llvm::AllocaInst *slot(llvm::Type *Ty, const llvm::Twine &Name);
  llvm::BasicBlock *labelBlock(llvm::StringRef Name);

  llvm::StringMap<Register> Regs;
  /// The block of each label, branched to or defined.
  llvm::StringMap<llvm::BasicBlock *> Labels;
  /// The labels defined (a label may end the asm: its block stays empty).
  llvm::StringSet<> DefinedLabels;
  /// $N -> output slot (outputs) or argument (inputs).
  llvm::SmallVector<llvm::AllocaInst *, 4> OutputSlots;
  llvm::SmallVector<llvm::Value *, 8> Operands;
  llvm::SmallVector<llvm::AllocaInst *, 16> Slots;
  llvm::SmallVector<llvm::CallInst *, 4> NVVMCalls;
  llvm::AllocaInst *CarrySlot = nullptr;
  llvm::BasicBlock *Entry = nullptr;
  std::string Error;
  const PTXStatement *Current = nullptr;
};

using PTXHandler = bool (*)(PTXTranslator &, const PTXStatement &, int);

#define FERRY_PTX(OPCODE, HANDLER, ARG)                                        \
  bool HANDLER(PTXTranslator &, const PTXStatement &, int);
#include "PTXInstructions.def"

/// `cp.async.mbarrier.arrive{.noinc}` (PTXBarrierOps.cpp), for ptxCpAsync.
bool ptxCpAsyncMbarrierArrive(PTXTranslator &T, const PTXStatement &S);

/// The opcodes the translator knows (the first word of each row), for the
/// documentation and its test.
llvm::SmallVector<llvm::StringRef, 0> ptxOpcodes();

/// Translates every inline-asm call of \p F to NVVM-level IR; the calls that
/// use PTX outside the subset are left alone, with the error in \p Errors.
/// The llvm.nvvm.* calls created are added to \p Created (if given).
/// Returns whether anything changed.
bool translateInlinePTX(
    llvm::Function &F,
    llvm::SmallVectorImpl<std::pair<llvm::CallInst *, std::string>> &Errors,
    llvm::SmallVectorImpl<llvm::CallInst *> *Created = nullptr);

} // namespace ferry

#endif
