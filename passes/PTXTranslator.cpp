//===- PTXTranslator.cpp - Inline PTX to NVVM-level IR --------------------===//
///
/// \file
/// The translator's core: operands, registers, guards, labels and branches,
/// the asm call's outputs, and the dispatch of each instruction to its row
/// in PTXInstructions.def.
///
//===----------------------------------------------------------------------===//
#include "PTXTranslator.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

namespace ferry {

namespace {
struct PTXRow {
  StringRef Opcode;
  PTXHandler Fn;
  int Arg;
};
const PTXRow Rows[] = {
#define FERRY_PTX(OPCODE, HANDLER, ARG) {OPCODE, &HANDLER, int(ARG)},
#include "PTXInstructions.def"
};
} // namespace

SmallVector<StringRef, 0> ptxOpcodes() {
  SmallVector<StringRef, 0> Out;
  for (const PTXRow &R : Rows)
    if (Out.empty() || Out.back() != R.Opcode)
      Out.push_back(R.Opcode);
  return Out;
}

PTXType PTXType::parse(StringRef S) {
  PTXType T;
  if (S == "pred") {
    T.K = Pred;
    T.Width = 1;
    return T;
  }
  if (S.consume_back("x2"))
    T.Lanes = 2;
  if (S.consume_front("bf")) {
    T.K = Float;
    T.BF16 = true;
  } else if (S.consume_front("f")) {
    T.K = Float;
  } else if (S.consume_front("u")) {
    T.K = Unsigned;
  } else if (S.consume_front("s")) {
    T.K = Signed;
  } else if (S.consume_front("b")) {
    T.K = Bits;
  } else {
    return PTXType();
  }
  if (S.getAsInteger(10, T.Width) ||
      !(T.Width == 8 || T.Width == 16 || T.Width == 32 || T.Width == 64 ||
        T.Width == 128) ||
      (T.BF16 && T.Width != 16) || (T.K == Float && T.Width < 16) ||
      (T.Lanes == 2 && !(T.K == Float && T.Width == 16)))
    return PTXType();
  return T;
}

Type *PTXType::irType(LLVMContext &Ctx) const {
  Type *E;
  switch (K) {
  case Pred:
    return Type::getInt1Ty(Ctx);
  case Float:
    E = Width == 16 ? (BF16 ? Type::getBFloatTy(Ctx) : Type::getHalfTy(Ctx))
        : Width == 32 ? Type::getFloatTy(Ctx)
                      : Type::getDoubleTy(Ctx);
    break;
  case Invalid:
    return nullptr;
  default:
    E = Type::getIntNTy(Ctx, Width);
  }
  return Lanes == 2 ? FixedVectorType::get(E, 2) : E;
}

PTXTranslator::PTXTranslator(CallInst &CI) : B(CI.getContext()), CI(CI) {}

bool PTXTranslator::fail(const Twine &Why) {
  if (Error.empty())
    Error = Why.str();
  return false;
}

AllocaInst *PTXTranslator::slot(Type *Ty, const Twine &Name) {
  BasicBlock &EntryBB = CI.getFunction()->getEntryBlock();
  IRBuilder<> EB(&EntryBB, EntryBB.getFirstInsertionPt());
  const DataLayout &DL = CI.getModule()->getDataLayout();
  AllocaInst *A = EB.CreateAlloca(Ty, DL.getAllocaAddrSpace(), nullptr, Name);
  Slots.push_back(A);
  return A;
}

Value *PTXTranslator::coerce(Value *V, Type *Ty) {
  Type *From = V->getType();
  if (From == Ty)
    return V;
  if (Ty->isIntegerTy(1)) {
    if (From->isIntegerTy())
      return B.CreateICmpNE(V, ConstantInt::get(From, 0));
    return nullptr;
  }
  if (From->isIntegerTy(1))
    return coerce(B.CreateZExt(V, B.getIntNTy(std::max(8u, unsigned(Ty->getScalarSizeInBits() *
                                                                    (Ty->isVectorTy() ? 2 : 1))))),
                  Ty);
  const DataLayout &DL = CI.getModule()->getDataLayout();
  auto Bits = [&](Type *T) { return unsigned(DL.getTypeSizeInBits(T)); };
  // Pointers travel as integers of their width.
  if (From->isPointerTy()) {
    V = B.CreatePtrToInt(V, B.getIntNTy(Bits(From)));
    return coerce(V, Ty);
  }
  if (Ty->isPointerTy()) {
    Value *I = coerce(V, B.getIntNTy(Bits(Ty)));
    return I ? B.CreateIntToPtr(I, Ty) : nullptr;
  }
  if (!From->isIntOrIntVectorTy() && !From->isFPOrFPVectorTy())
    return nullptr;
  if (!Ty->isIntOrIntVectorTy() && !Ty->isFPOrFPVectorTy())
    return nullptr;
  if (Bits(From) == Bits(Ty))
    return B.CreateBitCast(V, Ty);
  // Different widths: through integers (zero-extended or truncated).
  Value *I = B.CreateBitCast(V, B.getIntNTy(Bits(From)));
  I = B.CreateZExtOrTrunc(I, B.getIntNTy(Bits(Ty)));
  return B.CreateBitCast(I, Ty);
}

Value *PTXTranslator::immediate(StringRef Text, Type *Ty) {
  StringRef T = Text;
  if (T.starts_with("0f") || T.starts_with("0F") || T.starts_with("0d") ||
      T.starts_with("0D")) {
    const bool Double = T[1] == 'd' || T[1] == 'D';
    uint64_t Bits;
    if (T.drop_front(2).getAsInteger(16, Bits))
      return nullptr;
    APFloat F = Double ? APFloat(bit_cast<double>(Bits))
                       : APFloat(bit_cast<float>(uint32_t(Bits)));
    if (Ty->isFloatingPointTy()) {
      bool LosesInfo;
      F.convert(Ty->getFltSemantics(), APFloat::rmNearestTiesToEven, &LosesInfo);
      return ConstantFP::get(Ty, F);
    }
    return coerce(ConstantFP::get(B.getContext(), F), Ty);
  }
  if (T.contains('.') ||
      ((T.contains('e') || T.contains('E')) && !T.starts_with_insensitive("0x"))) {
    double D;
    if (T.getAsDouble(D) || !Ty->isFloatingPointTy())
      return nullptr;
    return ConstantFP::get(Ty, D);
  }
  T.consume_back("U");
  T.consume_back("u");
  APInt V;
  bool Neg = T.consume_front("-");
  T.consume_front("+");
  unsigned Radix = 10;
  if (T.starts_with("0x") || T.starts_with("0X")) {
    Radix = 16;
    T = T.drop_front(2);
  } else if (T.starts_with("0b") || T.starts_with("0B")) {
    Radix = 2;
    T = T.drop_front(2);
  } else if (T.size() > 1 && T.starts_with("0")) {
    Radix = 8;
    T = T.drop_front();
  }
  if (T.getAsInteger(Radix, V))
    return nullptr;
  uint64_t U = V.getZExtValue();
  if (Neg)
    U = -U;
  if (Ty->isIntegerTy())
    return ConstantInt::get(Ty, U, /*IsSigned=*/false);
  if (Ty->isFloatingPointTy())
    return ConstantFP::get(Ty, Neg ? -double(V.getZExtValue()) : double(V.getZExtValue()));
  return coerce(ConstantInt::get(B.getInt64Ty(), U), Ty);
}

/// %reserved_smem_offset_<Which>: a 1 KiB group-memory area per work-group
/// that Ferry provides in place of the driver's reserved shared memory;
/// offsets are in the shared window (what cvta.shared expects).
Value *PTXTranslator::reservedSharedMemory(StringRef Which, Type *Ty) {
  constexpr unsigned Size = 1024;
  Module &M = *CI.getModule();
  auto *ArrTy = ArrayType::get(B.getInt8Ty(), Size);
  GlobalVariable *G = M.getGlobalVariable("__ferry_reserved_smem", true);
  if (!G) {
    G = new GlobalVariable(M, ArrTy, false, GlobalValue::InternalLinkage, UndefValue::get(ArrTy),
                           "__ferry_reserved_smem", nullptr, GlobalValue::NotThreadLocal, 3);
    G->setAlignment(Align(16));
  }
  Value *Base = B.CreatePtrToInt(G, B.getInt32Ty());
  unsigned Off = StringSwitch<unsigned>(Which)
                     .Case("begin", 0)
                     .Case("0", 0)
                     .Case("1", Size / 2)
                     .Case("end", Size)
                     .Case("cap", ~0u)
                     .Default(~1u);
  if (Off == ~0u)
    return coerce(B.getInt32(Size), Ty);
  if (Off == ~1u)
    return nullptr;
  return coerce(B.CreateAdd(Base, B.getInt32(Off)), Ty);
}

/// The NVVM special-register intrinsics mov can read.
Value *PTXTranslator::special(StringRef Name, Type *Ty) {
  Type *I32 = B.getInt32Ty(), *I64 = B.getInt64Ty();
  StringRef Reg = Name.starts_with("%") ? Name.drop_front() : Name; // without %
  // %tid.x -> tid.x; %lanemask_lt -> lanemask.lt
  std::string Intr = StringSwitch<std::string>(Reg)
                         .Cases("tid.x", "tid.y", "tid.z", Reg.str())
                         .Cases("ntid.x", "ntid.y", "ntid.z", Reg.str())
                         .Cases("ctaid.x", "ctaid.y", "ctaid.z", Reg.str())
                         .Cases("nctaid.x", "nctaid.y", "nctaid.z", Reg.str())
                         .Cases("laneid", "warpsize", "clock", "clock64", Reg.str())
                         // (cuda::ptx::get_sreg_warpid and its siblings.)
                         .Cases("warpid", "nwarpid", "gridid", Reg.str())
                         .Case("globaltimer", "globaltimer")
                         .Case("lanemask_eq", "lanemask.eq")
                         .Case("lanemask_lt", "lanemask.lt")
                         .Case("lanemask_le", "lanemask.le")
                         .Case("lanemask_gt", "lanemask.gt")
                         .Case("lanemask_ge", "lanemask.ge")
                         .Default("");
  if (Reg == "WARP_SZ")
    Intr = "warpsize";
  if (!Intr.empty()) {
    Type *RT = (Intr == "clock64" || Intr == "globaltimer" || Intr == "gridid") ? I64 : I32;
    return coerce(callNVVM(("read.ptx.sreg." + Intr), RT, {}), Ty);
  }
  if (Reg == "globaltimer_lo" || Reg == "globaltimer_hi") {
    Value *T = callNVVM("read.ptx.sreg.globaltimer", I64, {});
    if (Reg.ends_with("hi"))
      T = B.CreateLShr(T, 32);
    return coerce(B.CreateTrunc(T, I32), Ty);
  }
  // %envreg1/%envreg2: the driver's grid workspace of a cooperative launch,
  // which CUDA's cooperative groups read for this_grid(). Ferry has no
  // cooperative launch, so it is null, as a non-cooperative launch has it
  // on NVIDIA: this_grid() is not valid and its sync() traps (CUDA's abort).
  if (Reg == "envreg1" || Reg == "envreg2")
    return coerce(B.getInt32(0), Ty);
  // %reserved_smem_*: Ferry's area in place of the driver's.
  if (Reg.consume_front("reserved_smem_offset_"))
    return reservedSharedMemory(Reg, Ty);
  return nullptr;
}

Value *PTXTranslator::read(const PTXOperand &Op, Type *Ty) {
  if (!Op.Selector.empty())
    return fail("the lane selector ." + Op.Selector + " of '" + Op.Text +
                "' belongs to video instructions only"),
           nullptr;
  if (Op.Minus)
    return fail("the minus sign before '" + Op.Text + "' belongs to vmad only"), nullptr;
  switch (Op.K) {
  case PTXOperand::AsmOperand: {
    if (Op.Number >= Operands.size())
      return fail("operand " + Op.Text + " does not exist"), nullptr;
    Value *V = Operands[Op.Number];
    if (auto *A = dyn_cast<AllocaInst>(V);
        A && Op.Number < OutputSlots.size() && OutputSlots[Op.Number] == A)
      V = B.CreateLoad(A->getAllocatedType(), A);
    Value *R = coerce(V, Ty);
    if (!R)
      fail("operand " + Op.Text + " cannot be read as the instruction's type");
    return R;
  }
  case PTXOperand::Register: {
    if (auto It = Regs.find(Op.Text); It != Regs.end()) {
      Value *V = B.CreateLoad(It->second.Ty, It->second.Slot);
      if (Op.Negated)
        V = B.CreateNot(V);
      Value *R = coerce(V, Ty);
      if (!R)
        fail("register " + Op.Text + " cannot be read as the instruction's type");
      return R;
    }
    // Special registers: %tid.x and the like, and WARP_SZ (PTX's name for
    // the warp size, which CUDA's half and bf16 shuffles read).
    if (StringRef(Op.Text).starts_with("%") || Op.Text == "WARP_SZ")
      if (Value *S = special(Op.Text, Ty))
        return S;
    return fail("'" + Op.Text + "' is not a declared register or a special "
                "register Ferry translates"),
           nullptr;
  }
  case PTXOperand::Immediate: {
    Value *V = immediate(Op.Text, Ty);
    if (!V)
      fail("malformed immediate '" + Op.Text + "'");
    return V;
  }
  default:
    return fail("operand '" + Op.Text + "' where a scalar is expected"), nullptr;
  }
}

Value *PTXTranslator::read(const PTXStatement &S, unsigned I, Type *Ty) {
  if (I >= S.Operands.size())
    return fail("missing operand " + Twine(I + 1)), nullptr;
  return read(S.Operands[I], Ty);
}

bool PTXTranslator::write(const PTXOperand &Op, Value *V) {
  if (!Op.Selector.empty())
    return fail("the lane mask ." + Op.Selector + " of '" + Op.Text +
                "' belongs to video instructions only");
  if (Op.Minus)
    return fail("the destination '-" + Op.Text + "' cannot be negated");
  if (Op.K == PTXOperand::Register && Op.Text == "_")
    return true;
  AllocaInst *Slot = nullptr;
  if (Op.K == PTXOperand::AsmOperand) {
    if (Op.Number >= OutputSlots.size() || !OutputSlots[Op.Number])
      return fail("operand " + Op.Text + " is written but is not an output");
    Slot = OutputSlots[Op.Number];
  } else if (Op.K == PTXOperand::Register) {
    auto It = Regs.find(Op.Text);
    if (It == Regs.end())
      return fail("'" + Op.Text + "' is written but not declared");
    Slot = It->second.Slot;
  } else {
    return fail("operand '" + Op.Text + "' cannot be written");
  }
  Value *C = coerce(V, Slot->getAllocatedType());
  if (!C)
    return fail("the result cannot be stored in " + Op.Text);
  B.CreateStore(C, Slot);
  return true;
}

Value *PTXTranslator::address(const PTXOperand &Op, unsigned AS) {
  if (Op.K != PTXOperand::Address || Op.Elements.empty())
    return fail("'" + Op.Text + "' is not an address Ferry translates"), nullptr;
  Type *PtrTy = B.getPtrTy(AS);
  const PTXOperand &Base = Op.Elements.front();
  Value *P;
  if (Base.K == PTXOperand::Immediate) {
    Value *I = immediate(Base.Text, B.getInt64Ty());
    if (!I)
      return fail("malformed address '" + Op.Text + "'"), nullptr;
    P = B.CreateIntToPtr(I, PtrTy);
  } else {
    // A pointer operand keeps its provenance; an integer is an address in
    // the instruction's state space (a window offset for .shared/.local).
    Value *Raw = nullptr;
    if (Base.K == PTXOperand::AsmOperand && Base.Number < Operands.size() &&
        !(Base.Number < OutputSlots.size() && OutputSlots[Base.Number]))
      Raw = Operands[Base.Number];
    if (Raw && Raw->getType()->isPointerTy()) {
      P = Raw->getType()->getPointerAddressSpace() == AS
              ? Raw
              : B.CreateAddrSpaceCast(Raw, PtrTy);
    } else {
      const unsigned Bits = CI.getModule()->getDataLayout().getPointerSizeInBits(AS);
      Value *I = read(Base, B.getIntNTy(Bits));
      if (!I)
        return nullptr;
      P = B.CreateIntToPtr(I, PtrTy);
    }
  }
  return Op.Offset ? B.CreateConstGEP1_64(B.getInt8Ty(), P, Op.Offset) : P;
}

Value *PTXTranslator::carry() {
  if (!CarrySlot)
    return B.getFalse();
  return B.CreateLoad(B.getInt1Ty(), CarrySlot);
}

void PTXTranslator::setCarry(Value *CF) {
  if (!CarrySlot) {
    CarrySlot = slot(B.getInt1Ty(), "ptx.cc");
    IRBuilder<> EB(CarrySlot->getNextNode());
    EB.CreateStore(EB.getFalse(), CarrySlot);
  }
  B.CreateStore(CF, CarrySlot);
}

Value *PTXTranslator::callNVVM(StringRef Name, Type *Ret, ArrayRef<Value *> Args) {
  SmallVector<Type *, 4> Params;
  for (Value *A : Args)
    Params.push_back(A->getType());
  FunctionCallee F = CI.getModule()->getOrInsertFunction(
      ("llvm.nvvm." + Name).str(), FunctionType::get(Ret, Params, false));
  CallInst *Call = B.CreateCall(F, Args);
  NVVMCalls.push_back(Call);
  if (auto *Fn = dyn_cast<Function>(F.getCallee()))
    if (Fn->isConvergent())
      Call->setConvergent();
  return Call;
}

bool PTXTranslator::inKernel() const {
  const Function &F = *CI.getFunction();
  if (F.getCallingConv() == CallingConv::PTX_Kernel ||
      F.getCallingConv() == CallingConv::AMDGPU_KERNEL)
    return true;
  if (NamedMDNode *A = F.getParent()->getNamedMetadata("nvvm.annotations"))
    for (MDNode *N : A->operands())
      if (N->getNumOperands() >= 3 &&
          mdconst::dyn_extract_or_null<Function>(N->getOperand(0)) == &F)
        for (unsigned I = 1; I + 1 < N->getNumOperands(); I += 2)
          if (auto *K = dyn_cast<MDString>(N->getOperand(I));
              K && K->getString() == "kernel")
            return true;
  return false;
}

void PTXTranslator::emitReturn() {
  B.CreateRetVoid();
  B.SetInsertPoint(BasicBlock::Create(B.getContext(), "ptx.dead", CI.getFunction()));
}

BasicBlock *PTXTranslator::labelBlock(StringRef Name) {
  BasicBlock *&BB = Labels[Name];
  if (!BB)
    BB = BasicBlock::Create(B.getContext(), "ptx." + Name, CI.getFunction());
  return BB;
}

bool PTXTranslator::declare(const PTXStatement &S) {
  PTXType T = PTXType::parse(StringRef(S.Opcode).drop_front());
  if (!T.valid())
    return fail("register type '" + S.Opcode + "'");
  // Registers hold bits: predicates are i1, everything else an integer of
  // the declared width.
  Type *Ty = T.K == PTXType::Pred ? B.getInt1Ty() : B.getIntNTy(T.Width * T.Lanes);
  for (const PTXOperand &O : S.Operands) {
    if (O.Text.empty() || O.Text == "_")
      return fail("malformed register name in '" + S.Text + "'");
    Regs[O.Text] = {slot(Ty, "ptx." + O.Text), Ty};
  }
  return true;
}

/// Whether bra \p S names one label.
static bool isWellFormedBranch(const PTXStatement &S) {
  return S.Operands.size() == 1 && S.Operands[0].K == PTXOperand::Register;
}

bool PTXTranslator::defineLabel(const PTXStatement &S) {
  if (!DefinedLabels.insert(S.Opcode).second)
    return fail("label '" + S.Opcode + "' is defined twice");
  BasicBlock *BB = labelBlock(S.Opcode);
  B.CreateBr(BB);
  B.SetInsertPoint(BB);
  return true;
}

bool PTXTranslator::guardedInstruction(const PTXStatement &S) {
  PTXOperand G;
  G.K = PTXOperand::Register;
  G.Text = S.Guard;
  Value *P = read(G, B.getInt1Ty());
  if (!P)
    return false;
  LLVMContext &Ctx = B.getContext();
  Function *F = CI.getFunction();
  if (S.Parts[0] == "bra") {
    if (!isWellFormedBranch(S))
      return fail("malformed branch");
    BasicBlock *Next = BasicBlock::Create(Ctx, "ptx.next", F);
    BasicBlock *Target = labelBlock(S.Operands[0].Text);
    if (S.GuardNegated)
      B.CreateCondBr(P, Next, Target);
    else
      B.CreateCondBr(P, Target, Next);
    B.SetInsertPoint(Next);
    return true;
  }
  BasicBlock *Then = BasicBlock::Create(Ctx, "ptx.then", F);
  BasicBlock *Join = BasicBlock::Create(Ctx, "ptx.join", F);
  if (S.GuardNegated)
    B.CreateCondBr(P, Join, Then);
  else
    B.CreateCondBr(P, Then, Join);
  B.SetInsertPoint(Then);
  if (!instruction(S))
    return false;
  B.CreateBr(Join);
  B.SetInsertPoint(Join);
  return true;
}

bool PTXTranslator::instruction(const PTXStatement &S) {
  if (S.Parts[0] == "bra") {
    if (!isWellFormedBranch(S))
      return fail("malformed branch");
    B.CreateBr(labelBlock(S.Operands[0].Text));
    B.SetInsertPoint(BasicBlock::Create(B.getContext(), "ptx.dead", CI.getFunction()));
    return true;
  }
  const PTXRow *Row = nullptr;
  for (const PTXRow &R : Rows)
    if (R.Opcode == S.Parts[0]) {
      Row = &R;
      break;
    }
  if (!Row)
    return fail("unknown instruction");
  if (!Row->Fn(*this, S, Row->Arg))
    return fail("unsupported form");
  return true;
}

bool PTXTranslator::statement(const PTXStatement &S) {
  Current = &S;
  switch (S.K) {
  case PTXStatement::RegDecl:
    return declare(S);
  case PTXStatement::Label:
    return defineLabel(S);
  case PTXStatement::Instruction:
    break;
  }
  return S.Guard.empty() ? instruction(S) : guardedInstruction(S);
}

std::string PTXTranslator::bindOperands(const InlineAsm &Asm,
                                        SmallVectorImpl<Type *> &RetTypes) {
  unsigned Arg = 0, Ret = 0;
  if (auto *STy = dyn_cast<StructType>(CI.getType()))
    RetTypes.append(STy->element_begin(), STy->element_end());
  else if (!CI.getType()->isVoidTy())
    RetTypes.push_back(CI.getType());
  SmallVector<std::pair<unsigned, Value *>, 2> Ties;
  for (const InlineAsm::ConstraintInfo &C : Asm.ParseConstraints()) {
    if (C.Type == InlineAsm::isClobber)
      continue;
    if (C.Type == InlineAsm::isOutput) {
      if (C.isIndirect)
        return "indirect (memory) asm outputs are not translated";
      AllocaInst *A = slot(RetTypes[Ret++], "ptx.out");
      OutputSlots.push_back(A);
      Operands.push_back(A);
      continue;
    }
    if (C.Type == InlineAsm::isInput && Arg < CI.arg_size()) {
      Value *V = CI.getArgOperand(Arg++);
      // A tied input ("0": what clang makes of "+r") names its output.
      unsigned Tied;
      if (!C.Codes.empty() && !StringRef(C.Codes[0]).getAsInteger(10, Tied) &&
          Tied < OutputSlots.size() && OutputSlots[Tied])
        Ties.push_back({Tied, V});
      Operands.push_back(V);
      OutputSlots.push_back(nullptr);
    }
  }
  for (auto &[Out, V] : Ties) {
    Value *C = coerce(V, OutputSlots[Out]->getAllocatedType());
    if (C)
      B.CreateStore(C, OutputSlots[Out]);
  }
  return "";
}

bool PTXTranslator::statements(ArrayRef<PTXStatement> Stmts) {
  for (const PTXStatement &S : Stmts)
    if (!statement(S))
      return false;
  for (auto &[Name, BB] : Labels)
    if (!DefinedLabels.count(Name)) {
      Current = nullptr;
      return fail("branch to the undefined label '" + Name + "'");
    }
  return true;
}

Value *PTXTranslator::outputValue(ArrayRef<Type *> RetTypes) {
  if (RetTypes.empty())
    return nullptr;
  if (RetTypes.size() == 1 && !isa<StructType>(CI.getType()))
    return B.CreateLoad(RetTypes[0], OutputSlots[0]);
  Value *R = PoisonValue::get(CI.getType());
  unsigned I = 0;
  for (AllocaInst *A : OutputSlots)
    if (A)
      R = B.CreateInsertValue(R, B.CreateLoad(A->getAllocatedType(), A), I++);
  return R;
}

SmallVector<BasicBlock *, 8> PTXTranslator::createdBlocks() {
  SmallVector<BasicBlock *, 8> Created;
  bool Seen = false;
  for (BasicBlock &BB : *CI.getFunction()) {
    if (&BB == Entry)
      Seen = true;
    if (Seen)
      Created.push_back(&BB);
  }
  return Created;
}

std::string PTXTranslator::discard(ArrayRef<BasicBlock *> Created) {
  for (BasicBlock *BB : Created)
    BB->dropAllReferences();
  for (BasicBlock *BB : Created)
    BB->eraseFromParent();
  for (AllocaInst *A : Slots) {
    while (!A->use_empty())
      cast<Instruction>(A->user_back())->eraseFromParent();
    A->eraseFromParent();
  }
  if (Current && Current->K == PTXStatement::Instruction)
    return "instruction '" + Current->Text + "': " + Error;
  return Error;
}

void PTXTranslator::splice(bool StraightLine) {
  if (StraightLine) {
    // Straight-line code: it moves before the call.
    for (Instruction &I : make_early_inc_range(*Entry))
      I.moveBefore(&CI);
    Entry->eraseFromParent();
    return;
  }
  // Control flow: [head] -> ptx.start ... -> [tail starting after the call].
  BasicBlock *Head = CI.getParent();
  BasicBlock *Tail = SplitBlock(Head, CI.getNextNode());
  Head->getTerminator()->eraseFromParent();
  BranchInst::Create(Entry, Head);
  B.CreateBr(Tail);
  MergeBlockIntoPredecessor(Entry);
}

std::string PTXTranslator::run(Value *&Result) {
  auto *Asm = cast<InlineAsm>(CI.getCalledOperand());
  SmallVector<PTXStatement, 16> Stmts;
  if (std::string Err = parsePTX(Asm->getAsmString(), Stmts); !Err.empty())
    return "cannot parse inline PTX: " + Err;
  if (Stmts.empty() && !CI.getType()->isVoidTy())
    return "empty inline PTX with outputs";
  Entry = BasicBlock::Create(CI.getContext(), "ptx.start", CI.getFunction());
  B.SetInsertPoint(Entry);
  B.SetCurrentDebugLocation(CI.getDebugLoc());
  SmallVector<Type *, 4> RetTypes;
  if (std::string Err = bindOperands(*Asm, RetTypes); !Err.empty())
    return Err;
  const bool Ok = statements(Stmts);
  Value *R = Ok ? outputValue(RetTypes) : nullptr;
  // The blocks of the translation, in creation order.
  SmallVector<BasicBlock *, 8> Created = createdBlocks();
  if (!Ok)
    return discard(Created);
  splice(Created.size() == 1);
  Result = R;
  return "";
}

bool translateInlinePTX(Function &F,
                        SmallVectorImpl<std::pair<CallInst *, std::string>> &Errors,
                        SmallVectorImpl<CallInst *> *Created) {
  SmallVector<CallInst *, 8> Calls;
  for (Instruction &I : instructions(F))
    if (auto *CI = dyn_cast<CallInst>(&I); CI && CI->isInlineAsm())
      Calls.push_back(CI);
  if (Calls.empty())
    return false;
  bool Changed = false;
  SmallVector<AllocaInst *, 32> NewSlots;
  for (CallInst *CI : Calls) {
    PTXTranslator T(*CI);
    Value *R = nullptr;
    std::string Err = T.run(R);
    if (!Err.empty()) {
      Errors.push_back({CI, std::move(Err)});
      continue;
    }
    if (R)
      CI->replaceAllUsesWith(R);
    CI->eraseFromParent();
    if (Created)
      Created->append(T.nvvmCalls().begin(), T.nvvmCalls().end());
    Changed = true;
  }
  if (!Changed)
    return false;
  // Promote the translation's slots (named ptx.*) to SSA values.
  removeUnreachableBlocks(F);
  for (Instruction &I : F.getEntryBlock())
    if (auto *A = dyn_cast<AllocaInst>(&I);
        A && A->getName().starts_with("ptx.") && isAllocaPromotable(A))
      NewSlots.push_back(A);
  if (!NewSlots.empty()) {
    DominatorTree DT(F);
    PromoteMemToReg(NewSlots, DT);
  }
  return true;
}

} // namespace ferry
