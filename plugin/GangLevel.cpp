//===- GangLevel.cpp - A region's iterations on a whole gang -------------===//
///
/// \file
/// See GangLevel.h.
///
//===----------------------------------------------------------------------===//
#include "GangLevel.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/CodeExtractor.h"

using namespace llvm;

namespace ferry {
namespace plugin {
namespace {

/// The whole gang: what the guards of gang-level code synchronize.
constexpr int GangLevel = 3; // FERRY_LEVEL_WORKER | FERRY_LEVEL_VECTOR
/// A worker's vector lanes: what the guards of worker-level code synchronize.
constexpr int WorkerLevel = 2; // FERRY_LEVEL_VECTOR
/// Gangs in a block at most (the runtime's geometry for nested regions).
constexpr uint64_t GangsPerBlock = 8;
/// Workers in a block at most (warps of a block of 1024 work-items).
constexpr uint64_t WorkersPerBlock = 32;

bool isWorkerRounds(const Function *F) {
  return F && F->getName().starts_with("_ZN5ferry3acc13worker_rounds");
}
/// Group memory the arrays of an iteration may take in a block.
constexpr uint64_t MaxSharedBytes = 32 * 1024;

bool isInnerLoop(const Function *F) {
  return F && F->getName().starts_with("_ZN5ferry3acc10inner_loop");
}

bool isDeviceHelper(const Function *F) { return F && F->getName().starts_with("ferry_dev_"); }

/// A device helper that stops the kernel (a section reduction longer than
/// its private copies): no collective, any lane may call it.
bool stopsKernel(const Function *F) {
  return F && (F->getName() == "ferry_dev_section_too_long" ||
               F->getName() == "ferry_dev_loop_failed");
}

/// Device helpers that only say where the work-item is (the same answer on
/// every lane of a gang, or the lane's own): no gang must call them
/// together, and they write nothing. Their ferry_devw_* forms (a gang of
/// workers, useWorkerHelpers) too.
bool isPositionQuery(const Function *F) {
  if (!F)
    return false;
  StringRef Name = F->getName();
  if (!Name.consume_front("ferry_dev_"))
    Name.consume_front("ferry_devw_");
  return Name == "gang_id" || Name == "thread_id" || Name == "worker_id";
}

/// Whether \p F makes, directly or through its callees, a call that every
/// work-item of the gang must make together.
bool reachesCollective(Function *F) {
  SmallPtrSet<Function *, 16> Seen;
  SmallVector<Function *, 16> Work{F};
  while (!Work.empty()) {
    Function *G = Work.pop_back_val();
    if (!Seen.insert(G).second)
      continue;
    if (isInnerLoop(G) || (isDeviceHelper(G) && !isPositionQuery(G)))
      return true;
    for (Instruction &I : instructions(*G))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction())
          Work.push_back(Callee);
  }
  return false;
}

/// Whether the address of \p A leaves the instructions that only load from
/// and store to it (stored as a value, passed to a call, converted).
bool escapes(const AllocaInst &A) {
  SmallVector<const Value *, 8> Work{&A};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const User *U : V->users()) {
      if (!Seen.insert(U).second)
        continue;
      if (isa<LoadInst>(U))
        continue;
      if (const auto *SI = dyn_cast<StoreInst>(U)) {
        if (SI->getValueOperand() == V)
          return true;
        continue;
      }
      if (isa<GetElementPtrInst>(U) || isa<BitCastInst>(U) || isa<AddrSpaceCastInst>(U)) {
        Work.push_back(U);
        continue;
      }
      if (const auto *II = dyn_cast<IntrinsicInst>(U))
        if (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II))
          continue;
      return true;
    }
  }
  return false;
}

/// Objects of Ferry's and the standard library's plumbing (lambda closures,
/// reduction lists, tuples) that a nested loop receives by reference: each
/// work-item keeps its own.
bool isPlumbing(Type *T) {
  auto *ST = dyn_cast<StructType>(T);
  if (!ST || !ST->hasName())
    return false;
  StringRef N = ST->getName();
  return N.starts_with("class.anon") || N.starts_with("struct.ferry::") ||
         N.starts_with("class.ferry::") || N.starts_with("class.std::") ||
         N.starts_with("struct.std::");
}

/// Whether \p T holds an array (a region's `private` or `firstprivate`
/// array, captured by copy into its lambda).
bool holdsArray(Type *T) {
  if (T->isArrayTy())
    return true;
  if (auto *ST = dyn_cast<StructType>(T))
    for (Type *E : ST->elements()) {
      // Clang's padding in a packed struct: `[N x i8]`.
      if (ST->isPacked() && E->isArrayTy() && E->getArrayElementType()->isIntegerTy(8))
        continue;
      if (holdsArray(E))
        return true;
    }
  return false;
}

bool fitsBroadcast(Type *T) {
  return T->isVoidTy() || T->isPointerTy() || (T->isIntegerTy() && T->getIntegerBitWidth() <= 64) ||
         T->isHalfTy() || T->isFloatTy() || T->isDoubleTy();
}

std::string describe(const Instruction &I) {
  std::string S;
  raw_string_ostream OS(S);
  if (const auto *CB = dyn_cast<CallBase>(&I); CB && CB->getCalledFunction())
    OS << "a call of '" << demangle(CB->getCalledFunction()->getName()) << "'";
  else
    OS << "'" << I.getOpcodeName() << "'";
  if (const DebugLoc &L = I.getDebugLoc())
    OS << " at line " << L.getLine();
  return S;
}

/// The code of one level made single-lane: a region's chunk (gang level,
/// one copy of its arrays per gang of a block) or a worker loop's rounds
/// (worker level, one copy per worker of the block).
class GangLevelPreparation {
public:
  GangLevelPreparation(Function &Chunk, StringRef SharedName, int Level = GangLevel,
                       StringRef SlotFunction = "ferry_dev_gang_slot",
                       uint64_t Copies = GangsPerBlock)
      : Chunk(Chunk), SharedName(SharedName), Level(Level), SlotFunction(SlotFunction),
        Copies(Copies) {}

  /// What can be done without changing what the code means (inlining,
  /// simplification), then the analysis; a reason when it cannot be done.
  std::string analyze() {
    if (std::string Why = inlineIterationCode(); !Why.empty())
      return Why;
    if (std::string Why = outlineMarkedLoops(); !Why.empty())
      return Why;
    simplify();
    if (std::string Why = findShared(); !Why.empty())
      return Why;
    return findSideEffects();
  }

  /// The shared arrays to group memory, the guards around side effects,
  /// the barriers before nested loops.
  void apply() {
    syncBeforeNestedLoops();
    for (AllocaInst *A : Shared)
      moveToGroupMemory(*A);
    for (Instruction *I : Guarded)
      guard(*I);
  }

  std::string run() {
    if (std::string Why = analyze(); !Why.empty())
      return Why;
    apply();
    return {};
  }

private:
  Function &Chunk;
  std::string SharedName;
  int Level;
  StringRef SlotFunction;
  uint64_t Copies;
  SetVector<AllocaInst *> Shared;
  const DataLayout &DL = Chunk.getParent()->getDataLayout();
  uint64_t SharedBytes = 0;
  SmallVector<Instruction *, 16> Guarded;

  /// Everything the chunk calls, except the nested loops, inlined into it.
  std::string inlineIterationCode() {
    for (unsigned Budget = 4096;;) {
      CallBase *Next = nullptr;
      for (Instruction &I : instructions(Chunk))
        if (auto *CB = dyn_cast<CallBase>(&I))
          if (Function *F = CB->getCalledFunction();
              F && !F->isDeclaration() && !isInnerLoop(F) && !isWorkerRounds(F) && F != &Chunk &&
              !F->isVarArg()) {
            Next = CB;
            break;
          }
      if (!Next)
        return {};
      if (Budget-- == 0)
        return "its iterations' code is recursive";
      InlineFunctionInfo IFI;
      InlineResult R = InlineFunction(*Next, IFI);
      if (!R.isSuccess())
        return describe(*Next) + " cannot be inlined (" + R.getFailureReason() + ")";
    }
  }

  /// C's nested loops (CRegion.h): the code between each
  /// ferry_dev_inner_begin and its ferry_dev_inner_end becomes a function
  /// of its own, which the rest of this preparation takes for a nested loop
  /// as it takes acc.h's inner_loop. The variables declared in the loop
  /// (only used there) move with it: each work-item has its own.
  std::string outlineMarkedLoops() {
    for (unsigned N = 0;; ++N) {
      CallInst *Begin = findCall(Chunk, "ferry_dev_inner_begin");
      if (!Begin)
        return {};
      BasicBlock *Entry = Begin->getParent()->splitBasicBlock(Begin, "ferry.inner");
      // The region: what Entry reaches before the mark of its end.
      SetVector<BasicBlock *> Blocks;
      SmallVector<BasicBlock *, 16> Work{Entry};
      CallInst *End = nullptr;
      while (!Work.empty()) {
        BasicBlock *BB = Work.pop_back_val();
        if (!Blocks.insert(BB))
          continue;
        CallInst *Mark = nullptr;
        for (Instruction &I : *BB)
          if (auto *CI = dyn_cast<CallInst>(&I); CI && CI != Begin)
            if (Function *F = CI->getCalledFunction();
                F && (F->getName() == "ferry_dev_inner_end" ||
                      F->getName() == "ferry_dev_inner_begin")) {
              Mark = CI;
              break;
            }
        if (Mark) {
          if (End || Mark->getCalledFunction()->getName() != "ferry_dev_inner_end")
            return "a nested loop's marks do not pair up";
          End = Mark;
          continue; // split below: what follows it is outside
        }
        for (BasicBlock *Succ : successors(BB))
          Work.push_back(Succ);
      }
      if (!End)
        return "a nested loop has no end mark";
      BasicBlock *Exit = End->getParent()->splitBasicBlock(End, "ferry.inner.end");
      for (BasicBlock *BB : Blocks)
        for (BasicBlock *Pred : predecessors(BB))
          if (BB != Entry && !Blocks.count(Pred))
            return "a jump into a nested loop's code";
      sinkLocalAllocas(Blocks);
      Begin->eraseFromParent();
      End->eraseFromParent();
      CodeExtractorAnalysisCache Cache(Chunk);
      CodeExtractor Extractor(Blocks.getArrayRef(), /*DT=*/nullptr, /*AggregateArgs=*/false,
                              nullptr, nullptr, nullptr, /*AllowVarArgs=*/false,
                              /*AllowAlloca=*/true);
      Function *Loop = Extractor.isEligible() ? Extractor.extractCodeRegion(Cache) : nullptr;
      if (!Loop)
        return "a nested loop's code cannot be made a function of its own";
      (void)Exit;
      // acc.h's inner_loop, as isInnerLoop knows it.
      Loop->setName("_ZN5ferry3acc10inner_loop.c." + Chunk.getName() + "." + Twine(N));
      Loop->setLinkage(GlobalValue::InternalLinkage);
      // Its variables as static allocas again.
      BasicBlock &Front = Loop->getEntryBlock();
      SmallVector<AllocaInst *, 8> Allocas;
      for (BasicBlock &BB : *Loop)
        if (&BB != &Front)
          for (Instruction &I : BB)
            if (auto *A = dyn_cast<AllocaInst>(&I); A && isa<ConstantInt>(A->getArraySize()))
              Allocas.push_back(A);
      for (AllocaInst *A : Allocas)
        A->moveBefore(&*Front.getFirstInsertionPt());
    }
  }

  static CallInst *findCall(Function &F, StringRef Name) {
    for (Instruction &I : instructions(F))
      if (auto *CI = dyn_cast<CallInst>(&I))
        if (Function *Callee = CI->getCalledFunction(); Callee && Callee->getName() == Name)
          return CI;
    return nullptr;
  }

  /// Moves into \p Blocks the allocas of the chunk's entry that only they
  /// use (lifetime markers and debug records aside, which go).
  void sinkLocalAllocas(const SetVector<BasicBlock *> &Blocks) {
    SmallVector<AllocaInst *, 8> Local;
    for (Instruction &I : Chunk.getEntryBlock()) {
      auto *A = dyn_cast<AllocaInst>(&I);
      if (!A)
        continue;
      bool Inside = !A->use_empty();
      for (const User *U : A->users()) {
        const auto *UI = cast<Instruction>(U);
        if (const auto *II = dyn_cast<IntrinsicInst>(UI); II && II->isLifetimeStartOrEnd())
          continue;
        if (isa<DbgInfoIntrinsic>(UI))
          continue;
        if (!Blocks.count(const_cast<BasicBlock *>(UI->getParent())))
          Inside = false;
      }
      if (Inside)
        Local.push_back(A);
    }
    BasicBlock *Entry = Blocks[0];
    for (AllocaInst *A : Local) {
      SmallVector<Instruction *, 4> Drop;
      for (User *U : A->users())
        if (auto *UI = cast<Instruction>(U); !Blocks.count(UI->getParent()))
          Drop.push_back(UI);
      for (Instruction *I : Drop)
        I->eraseFromParent();
      SmallVector<DbgVariableIntrinsic *, 2> DbgUsers;
      SmallVector<DbgVariableRecord *, 2> Records;
      findDbgUsers(DbgUsers, A, &Records);
      for (DbgVariableIntrinsic *D : DbgUsers)
        D->eraseFromParent();
      for (DbgVariableRecord *R : Records)
        R->eraseFromParent();
      A->moveBefore(&*Entry->getFirstInsertionPt());
    }
  }

  /// Variables in registers where they can be: what remains in memory,
  /// and where each store goes, is then plain to see.
  void simplify() {
    PassBuilder PB;
    LoopAnalysisManager LAM;
    FunctionAnalysisManager FAM;
    CGSCCAnalysisManager CGAM;
    ModuleAnalysisManager MAM;
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
    FunctionPassManager FPM;
    FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
    FPM.addPass(EarlyCSEPass());
    FPM.addPass(InstCombinePass());
    FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
    FPM.run(Chunk, FAM);
  }

  bool isPrivate(const Value *Ptr) const {
    const auto *A = dyn_cast<AllocaInst>(getUnderlyingObject(Ptr, 0));
    return A && A->getFunction() == &Chunk && !Shared.count(const_cast<AllocaInst *>(A));
  }

  /// Every work-item runs the iteration's own code (loads are not
  /// guarded): one that reaches a nested loop first would write, in its
  /// share of the loop, what another still reads in the code before it (a
  /// `loop seq` summing a row, then a `loop vector` scaling it: wrong sums
  /// on GPUs). A barrier before each nested loop that such a load reaches,
  /// a load of the program's data (not the iteration's own variables, not
  /// the region's captures, which no loop writes).
  void syncBeforeNestedLoops() {
    SmallVector<Instruction *, 8> Reads;
    SmallVector<CallBase *, 8> Loops;
    for (Instruction &I : instructions(Chunk)) {
      if (auto *CB = dyn_cast<CallBase>(&I)) {
        if (Function *F = CB->getCalledFunction(); isInnerLoop(F) || isWorkerRounds(F))
          Loops.push_back(CB);
        continue;
      }
      const Value *Ptr = nullptr;
      if (auto *L = dyn_cast<LoadInst>(&I))
        Ptr = L->getPointerOperand();
      else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
        Ptr = RMW->getPointerOperand();
      else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
        Ptr = CX->getPointerOperand();
      const Value *Object = Ptr ? getUnderlyingObject(Ptr, 0) : nullptr;
      if (Object && !isPrivate(Ptr) && !isa<Argument>(Object))
        Reads.push_back(&I);
    }
    if (Reads.empty() || Loops.empty())
      return;
    for (CallBase *Loop : Loops)
      if (llvm::any_of(Reads, [&](Instruction *R) { return isPotentiallyReachable(R, Loop); })) {
        IRBuilder<> B(Loop);
        B.CreateCall(syncFunction(), {B.getInt32(Level)});
      }
  }

  /// ferry_dev_sync(level): the barrier of a level's lanes.
  FunctionCallee syncFunction() {
    Module &M = *Chunk.getParent();
    return M.getOrInsertFunction(
        "ferry_dev_sync", AttributeList().addFnAttribute(M.getContext(), Attribute::Convergent),
        Type::getVoidTy(M.getContext()), Type::getInt32Ty(M.getContext()));
  }

  /// Variables of the iteration that its nested loops use by reference.
  std::string findShared() {
    for (Instruction &I : instructions(Chunk)) {
      auto *A = dyn_cast<AllocaInst>(&I);
      if (!A || !escapes(*A))
        continue;
      Type *T = A->getAllocatedType();
      if (T->isArrayTy()) {
        if (!A->isStaticAlloca())
          return "a variable-length array of an iteration is used by a nested loop";
        Shared.insert(A);
        SharedBytes += DL.getTypeAllocSize(T) * Copies;
        if (SharedBytes > MaxSharedBytes)
          return "the arrays of an iteration that its nested loops use take more than " +
                 std::to_string(MaxSharedBytes / Copies) + " bytes";
      } else if (isPlumbing(T) && holdsArray(T) &&
                 cast<StructType>(T)->getName().starts_with("class.anon")) {
        // The work-items' copies of the region's lambda would each hold
        // their own copy of the array, where the gang needs one.
        return "an array captured by the region (private, firstprivate, or a local array) "
               "is used by its nested loops";
      } else if (T->isStructTy() && !isPlumbing(T)) {
        StringRef Name = cast<StructType>(T)->hasName() ? T->getStructName() : "";
        if (!Name.consume_front("struct."))
          Name.consume_front("class.");
        // (An unnamed one: a complex number, say.)
        return (Name.empty() ? std::string("an object (a struct or complex number)")
                             : "an object of type '" + Name.str() + "'") +
               " declared in an iteration is used by its nested loops (work-items share "
               "arrays of an iteration, not objects)";
      }
    }
    return {};
  }

  /// What the iteration's code writes outside its own variables.
  std::string findSideEffects() {
    for (Instruction &I : instructions(Chunk)) {
      bool Guard = false;
      if (auto *SI = dyn_cast<StoreInst>(&I)) {
        Guard = !isPrivate(SI->getPointerOperand());
      } else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
        Guard = !isPrivate(RMW->getPointerOperand());
      } else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
        Guard = !isPrivate(CX->getPointerOperand());
      } else if (isa<FenceInst>(I)) {
        Guard = true;
      } else if (auto *CB = dyn_cast<CallBase>(&I)) {
        Function *F = CB->getCalledFunction();
        if (!F)
          return "it makes an indirect call";
        if (isInnerLoop(F) || isWorkerRounds(F) || stopsKernel(F) || isPositionQuery(F))
          continue;
        if (isDeviceHelper(F))
          return describe(I) + " is outside a nested loop";
        if (auto *MI = dyn_cast<AnyMemIntrinsic>(CB)) {
          Guard = !isPrivate(MI->getRawDest());
        } else if (auto *II = dyn_cast<IntrinsicInst>(CB)) {
          Guard = II->mayWriteToMemory() && !II->isLifetimeStartOrEnd() &&
                  !isa<DbgInfoIntrinsic>(II) && !II->isAssumeLikeIntrinsic();
        } else if (CB->mayWriteToMemory()) {
          if (!F->isDeclaration() && reachesCollective(F))
            return describe(I) + ", which holds a nested loop, cannot be inlined";
          Guard = true;
        }
      }
      if (!Guard)
        continue;
      if (!fitsBroadcast(I.getType()))
        return describe(I) + " returns a value that cannot be broadcast to the gang";
      Guarded.push_back(&I);
    }
    return {};
  }

  /// One copy per gang of the block, the gang's own at its slot.
  void moveToGroupMemory(AllocaInst &A) {
    Module &M = *Chunk.getParent();
    auto *Ty = ArrayType::get(A.getAllocatedType(), Copies);
    auto *G = new GlobalVariable(M, Ty, false, GlobalValue::InternalLinkage,
                                 UndefValue::get(Ty), SharedName + "." + A.getName().str(),
                                 nullptr, GlobalValue::NotThreadLocal, /*AddressSpace=*/3);
    G->setAlignment(A.getAlign());
    IRBuilder<> B(&A);
    FunctionCallee Slot = M.getOrInsertFunction(SlotFunction, B.getInt32Ty());
    Value *Mine = B.CreateInBoundsGEP(Ty, G, {B.getInt32(0), B.CreateCall(Slot)});
    A.replaceAllUsesWith(B.CreateAddrSpaceCast(Mine, A.getType()));
    A.eraseFromParent();
  }

  Value *toWord(IRBuilder<> &B, Value *V) {
    Type *T = V->getType();
    if (T->isPointerTy())
      return B.CreatePtrToInt(V, B.getInt64Ty());
    if (T->isFloatingPointTy())
      V = B.CreateBitCast(V, B.getIntNTy(T->getPrimitiveSizeInBits()));
    return B.CreateZExt(V, B.getInt64Ty());
  }

  Value *fromWord(IRBuilder<> &B, Value *W, Type *T) {
    if (T->isPointerTy())
      return B.CreateIntToPtr(W, T);
    if (T->isFloatingPointTy())
      return B.CreateBitCast(B.CreateTrunc(W, B.getIntNTy(T->getPrimitiveSizeInBits())), T);
    return B.CreateTrunc(W, T);
  }

  /// `if (leader) I; [broadcast its value;] barrier;`
  void guard(Instruction &I) {
    Module &M = *Chunk.getParent();
    LLVMContext &Ctx = M.getContext();
    Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
    AttributeList Convergent =
        AttributeList().addFnAttribute(Ctx, Attribute::Convergent);
    FunctionCallee Leader = M.getOrInsertFunction("ferry_dev_leader", Convergent, I32, I32);
    FunctionCallee Sync = syncFunction();
    FunctionCallee Broadcast =
        M.getOrInsertFunction("ferry_dev_broadcast", Convergent, I64, I32, I64);
    BasicBlock *Before = I.getParent();
    BasicBlock *Single = Before->splitBasicBlock(&I, "gang.single");
    BasicBlock *After = Single->splitBasicBlock(I.getNextNode(), "gang.after");
    Before->getTerminator()->eraseFromParent();
    IRBuilder<> B(Before);
    Value *IsLeader = B.CreateICmpNE(B.CreateCall(Leader, {B.getInt32(Level)}), B.getInt32(0));
    B.CreateCondBr(IsLeader, Single, After);
    B.SetInsertPoint(After, After->getFirstInsertionPt());
    if (!I.getType()->isVoidTy() && !I.use_empty()) {
      PHINode *Phi = B.CreatePHI(I.getType(), 2);
      SmallVector<Use *, 4> Uses;
      for (Use &U : I.uses())
        Uses.push_back(&U);
      Phi->addIncoming(&I, Single);
      Phi->addIncoming(PoisonValue::get(I.getType()), Before);
      Value *Word = B.CreateCall(Broadcast, {B.getInt32(Level), toWord(B, Phi)});
      Value *Value = fromWord(B, Word, I.getType());
      for (Use *U : Uses)
        U->set(Value);
    }
    B.CreateCall(Sync, {B.getInt32(Level)});
  }
};

/// The functions \p Root reaches through defined functions (itself too).
SetVector<Function *> reachable(Function &Root) {
  SetVector<Function *> Seen;
  SmallVector<Function *, 16> Work{&Root};
  while (!Work.empty()) {
    Function *F = Work.pop_back_val();
    if (F->isDeclaration() || !Seen.insert(F))
      continue;
    for (Instruction &I : instructions(*F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction())
          Work.push_back(Callee);
  }
  return Seen;
}

/// Worker mode: every ferry_dev_* call of the region becomes the
/// ferry_devw_* function that reads the block as workers x vector lanes.
void useWorkerHelpers(Function &Chunk) {
  Module &M = *Chunk.getParent();
  for (Function *F : reachable(Chunk))
    for (Instruction &I : instructions(*F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction(); isDeviceHelper(Callee)) {
          std::string Name = ("ferry_devw_" + Callee->getName().drop_front(10)).str();
          FunctionCallee W = M.getOrInsertFunction(Name, Callee->getFunctionType(),
                                                   Callee->getAttributes());
          CB->setCalledFunction(W);
        }
}

} // namespace

std::string prepareGangLevel(Function &Chunk, StringRef SharedName, bool Workers) {
  if (!Workers)
    return GangLevelPreparation(Chunk, SharedName).run();
  // Worker loops first: their rounds are worker-single code of their own,
  // analyzed before anything changes what the region means.
  std::vector<std::unique_ptr<GangLevelPreparation>> Rounds;
  unsigned N = 0;
  for (Function *F : reachable(Chunk))
    if (isWorkerRounds(F)) {
      Rounds.push_back(std::make_unique<GangLevelPreparation>(
          *F, (SharedName + ".worker" + Twine(N++)).str(), WorkerLevel, "ferry_dev_worker_slot",
          WorkersPerBlock));
      if (std::string Why = Rounds.back()->analyze(); !Why.empty())
        return "in a worker loop, " + Why;
    }
  GangLevelPreparation Gang(Chunk, SharedName);
  if (std::string Why = Gang.analyze(); !Why.empty())
    return Why;
  Gang.apply();
  for (auto &R : Rounds)
    R->apply();
  useWorkerHelpers(Chunk);
  return {};
}

void flattenInnerLevels(Function &Chunk) {
  SmallPtrSet<Function *, 16> Seen;
  SmallVector<Function *, 16> Work{&Chunk};
  SmallVector<CallBase *, 8> Calls;
  while (!Work.empty()) {
    Function *F = Work.pop_back_val();
    if (!Seen.insert(F).second || F->isDeclaration())
      continue;
    for (Instruction &I : instructions(*F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction()) {
          if (isDeviceHelper(Callee))
            Calls.push_back(CB);
          else
            Work.push_back(Callee);
        }
  }
  for (CallBase *CB : Calls) {
    StringRef Name = CB->getCalledFunction()->getName();
    if (Name == "ferry_dev_lane")
      CB->replaceAllUsesWith(ConstantInt::get(CB->getType(), 0));
    else if (Name == "ferry_dev_width")
      CB->replaceAllUsesWith(ConstantInt::get(CB->getType(), 1));
    else if (!CB->getType()->isVoidTy()) // ferry_dev_loop_failed stays
      continue;
    else if (Name != "ferry_dev_sync" && Name != "ferry_dev_reduce" &&
             Name != "ferry_dev_reduce_scalar" && Name != "ferry_dev_inner_begin" &&
             Name != "ferry_dev_inner_end")
      continue;
    CB->eraseFromParent();
  }
}

} // namespace plugin
} // namespace ferry
