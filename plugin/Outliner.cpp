//===- Outliner.cpp - Compute regions to device kernels -------------------===//
///
/// \file
/// See Outliner.h. The device module holds every region of the translation
/// unit, so each target is compiled once per translation unit.
///
//===----------------------------------------------------------------------===//
#include "Outliner.h"

#include "ClosureNames.h"
#include "ClosureUses.h"

#include "ComplexLibcalls.h"
#include "DeviceCodeChecker.h"
#include "Diagnostics.h"
#include "LongDouble.h"
#include "GangLevel.h"
#include "HostBranches.h"

#include "ferry/Cache.h"
#include "ferry/DeferredCompile.h"
#include "ferry/DeviceLink.h"
#include "ferry/DeviceTarget.h"
#include "ferry/Offload.h"
#include "ferry/PackageKeys.h"
#include "ferry/Translate.h"
#include "ferry/runtime.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

#include <dlfcn.h>

using namespace llvm;

namespace ferry {
namespace plugin {

const char *defaultTargets() { return FERRY_DEFAULT_TARGETS; }

/// A comma-separated list ("none": empty), each entry checked by \p Bad
/// (what is wrong with it, or ""); \p Empty is the complaint about no entry.
static bool parseList(StringRef List, std::vector<std::string> &Out, std::string &Error,
                      function_ref<std::string(StringRef)> Bad, StringRef Empty) {
  Out.clear();
  if (List == "none")
    return true;
  SmallVector<StringRef, 8> Parts;
  List.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef P : Parts) {
    P = P.trim();
    Error = Bad(P);
    if (!Error.empty())
      return false;
    Out.push_back(P.str());
  }
  if (Out.empty()) {
    Error = Empty.str();
    return false;
  }
  return true;
}

bool parseTargets(StringRef List, std::vector<std::string> &Targets, std::string &Error) {
  return parseList(
      List, Targets, Error,
      [](StringRef P) {
        return DeviceTarget::isProcessorName(P)
                   ? std::string()
                   : "'" + P.str() +
                         "' is not a target: name AMD processors as gfxNNN (with :xnack+/- or "
                         ":sramecc+/- if needed) and NVIDIA ones as sm_NN (PTX for that "
                         "architecture)";
      },
      "the target list is empty (write 'none' for host code only)");
}

const char *defaultCubins() { return "sm_80,sm_90"; }

bool parseCubins(StringRef List, std::vector<std::string> &Cubins, std::string &Error) {
  return parseList(
      List, Cubins, Error,
      [](StringRef P) {
        return smNumber(P) ? std::string()
                           : "'" + P.str() + "' is not an NVIDIA architecture (sm_80, sm_90, ...)";
      },
      "the list is empty (write 'none' for PTX only)");
}

namespace {

/// A warning of the pass, shown by clang as a backend plugin's
/// (`-Wbackend-plugin`).
class PluginWarning : public DiagnosticInfo {
public:
  explicit PluginWarning(std::string Message)
      : DiagnosticInfo(kind(), DS_Warning), Message(std::move(Message)) {}
  void print(DiagnosticPrinter &DP) const override { DP << Message; }

private:
  static int kind() {
    static const int K = getNextAvailablePluginDiagnosticKind();
    return K;
  }
  std::string Message;
};

const char *const SlotAnnotation = "ferry.device_region";

/// One region as <ferry/acc/acc.h> describes it.
struct Region {
  GlobalVariable *Slot = nullptr;
  Function *Chunk = nullptr, *Init = nullptr, *Combine = nullptr;
  uint64_t ClosureSize = 0, ClosureAlign = 1, PartialSize = 0, PartialAlign = 1;
  std::string Name = "region"; ///< "app.cpp:12 parallel loop"
  std::string Where;           ///< "app.cpp:12:3"
  std::string File;            ///< the construct's file as clang named it
  unsigned Line = 0, Column = 0;
  bool Sequential = false;     ///< FERRY_REGION_SEQ: one work-item
  /// FERRY_REGION_NESTED: one iteration per block, nested loops over it.
  bool Nested = false;
  bool WarpGangs = false; ///< FERRY_REGION_WARP_GANGS: a gang is a warp by default
  /// FERRY_REGION_WORKERS: a gang is a block of workers, each a warp.
  bool Workers = false;
  /// Why a region with nested loops runs one iteration per work-item.
  std::string NotNested;
  GlobalVariable *Descriptor = nullptr; ///< the construct's ferry_region
  /// A C region (ferry_acc_slot): its chunk calls a block's invoke function.
  bool FromC = false;
  std::vector<uint32_t> PointerOffsets;
  /// Per pointer: whether the region's code may read it (ClosureUses.h);
  /// one it never reads is not translated at launch.
  std::vector<bool> PointerRead;
  /// Host globals the region reads, by value: the host variable and the
  /// name of its device copy.
  std::vector<std::pair<GlobalVariable *, std::string>> Globals;
  std::string Kernel;
};

/// Non-constant host variables: passed to regions by value, through a
/// device variable of this name that the runtime fills before each launch.
bool passedByValue(const GlobalVariable &G) {
  return !(G.isConstant() && G.hasInitializer()) && !G.getName().starts_with("llvm.") &&
         !G.isThreadLocal();
}

std::string deviceGlobalName(const GlobalVariable &G, const Module &M) {
  std::string Name = "__ferry_global_";
  for (char C : G.getName())
    Name += isAlnum(C) || C == '_' ? C : '_';
  // The file is part of the name even for globals every file sees: each
  // file's images have their own device copy, so images linked together at
  // load time (routines across files) never define one twice.
  std::string Key = G.getName().str() + "@" + M.getSourceFileName();
  return Name + "_" + utohexstr(xxh3_64bits(Key) & 0xffffffff, true);
}

uint64_t constantInt(const Constant *C) {
  if (const auto *CI = dyn_cast_or_null<ConstantInt>(C))
    return CI->getZExtValue();
  return 0;
}

StringRef constantString(const Value *V) {
  if (const auto *GV = dyn_cast_or_null<GlobalVariable>(V->stripPointerCasts()))
    if (GV->hasInitializer())
      if (const auto *CDA = dyn_cast<ConstantDataArray>(GV->getInitializer()))
        if (CDA->isCString())
          return CDA->getAsCString();
  return {};
}

/// The slots named in llvm.global.annotations; their entries are removed
/// so that the host optimizer treats the slots like any variable.
/// The function a block literal of clang's blocks extension (in C:
/// `^(params) { ... }` with no captures, a constant global
/// `{isa, flags, reserved, invoke, descriptor}`) calls, or null.
Function *blockInvoke(Constant *C) {
  auto *Literal = dyn_cast<GlobalVariable>(C->stripPointerCasts());
  if (!Literal || !Literal->hasInitializer())
    return nullptr;
  auto *Fields = dyn_cast<ConstantStruct>(Literal->getInitializer());
  if (!Fields || Fields->getNumOperands() != 5)
    return nullptr;
  return dyn_cast<Function>(Fields->getOperand(3)->stripPointerCasts());
}

/// A C region's slot, `{kernel, chunk, init, combine, sizes..., region,
/// host chunk}` with block literals for chunk, init, combine and the host
/// chunk: each becomes a
/// function of acc.h's signature that calls the literal's invoke function
/// (whose first parameter, the literal, it never reads: nothing is
/// captured), and the slot holds those functions from now on, so that the
/// host launches them and the outliner clones them as for C++. Null when
/// the slot is not of that shape.
ConstantStruct *functionsOfBlocks(GlobalVariable &Slot, ConstantStruct &Init) {
  Module &M = *Slot.getParent();
  LLVMContext &Ctx = M.getContext();
  std::vector<Constant *> Fields;
  for (unsigned I = 0; I < Init.getNumOperands(); ++I)
    Fields.push_back(Init.getOperand(I));
  std::vector<GlobalVariable *> Literals;
  for (unsigned I : {1u, 2u, 3u, 9u}) {
    if (I >= Fields.size() || Fields[I]->isNullValue() ||
        isa<Function>(Fields[I]->stripPointerCasts()))
      continue;
    Function *Invoke = blockInvoke(Fields[I]);
    if (!Invoke || Invoke->arg_size() < 1)
      return nullptr;
    SmallVector<Type *, 4> Params;
    for (unsigned A = 1; A < Invoke->arg_size(); ++A)
      Params.push_back(Invoke->getArg(A)->getType());
    auto *Ty = FunctionType::get(Type::getVoidTy(Ctx), Params, false);
    Function *F = Function::Create(Ty, GlobalValue::InternalLinkage,
                                   Invoke->getName() + (I == 1   ? ".chunk"
                                                        : I == 2 ? ".init"
                                                        : I == 3 ? ".combine"
                                                                 : ".host_chunk"),
                                   M);
    F->copyAttributesFrom(Invoke);
    F->setAttributes(AttributeList()); // the invoke function's parameters differ
    IRBuilder<> IRB(BasicBlock::Create(Ctx, "", F));
    SmallVector<Value *, 5> Args{ConstantPointerNull::get(PointerType::get(Ctx, 0))};
    for (Argument &A : F->args())
      Args.push_back(&A);
    IRB.CreateCall(Invoke, Args);
    IRB.CreateRetVoid();
    Literals.push_back(cast<GlobalVariable>(Fields[I]->stripPointerCasts()));
    Fields[I] = F;
  }
  auto *New = cast<ConstantStruct>(ConstantStruct::get(Init.getType(), Fields));
  Slot.setInitializer(New);
  // The literals are unused now (they name _NSConcreteGlobalBlock, which
  // no library of a C program defines).
  for (GlobalVariable *L : Literals) {
    L->removeDeadConstantUsers(); // the slot's old initializer
    if (L->use_empty())
      L->eraseFromParent();
  }
  return New;
}

std::vector<Region> takeSlots(Module &M) {
  std::vector<Region> Regions;
  GlobalVariable *Annotations = M.getNamedGlobal("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return Regions;
  auto *Array = dyn_cast<ConstantArray>(Annotations->getInitializer());
  if (!Array)
    return Regions;
  std::vector<Constant *> Kept;
  for (Use &U : Array->operands()) {
    auto *Entry = cast<ConstantStruct>(U.get());
    auto *GV = dyn_cast<GlobalVariable>(Entry->getOperand(0)->stripPointerCasts());
    if (!GV || constantString(Entry->getOperand(1)) != SlotAnnotation || !GV->hasInitializer()) {
      Kept.push_back(Entry);
      continue;
    }
    auto *Init = dyn_cast<ConstantStruct>(GV->getInitializer());
    if (!Init || Init->getNumOperands() < 8 || Init->getNumOperands() > 10)
      continue;
    // A C region's slot (ferry_acc_slot) holds block literals and names
    // its region: the literals become the chunk, init and combine functions.
    if (Init->getNumOperands() >= 9) {
      Init = functionsOfBlocks(*GV, *Init);
      if (!Init)
        continue;
    }
    Region R;
    R.Slot = GV;
    if (Init->getNumOperands() >= 9) {
      R.Descriptor = dyn_cast<GlobalVariable>(Init->getOperand(8)->stripPointerCasts());
      R.FromC = true;
    }
    R.Chunk = dyn_cast<Function>(Init->getOperand(1)->stripPointerCasts());
    R.Init = dyn_cast<Function>(Init->getOperand(2)->stripPointerCasts());
    R.Combine = dyn_cast<Function>(Init->getOperand(3)->stripPointerCasts());
    R.ClosureSize = constantInt(Init->getOperand(4));
    R.ClosureAlign = std::max<uint64_t>(1, constantInt(Init->getOperand(5)));
    R.PartialSize = constantInt(Init->getOperand(6));
    R.PartialAlign = std::max<uint64_t>(1, constantInt(Init->getOperand(7)));
    if (R.Chunk && !R.Chunk->isDeclaration())
      Regions.push_back(R);
  }
  if (Kept.size() == Array->getNumOperands())
    return Regions;
  if (Kept.empty()) {
    Annotations->eraseFromParent();
  } else {
    auto *Ty = ArrayType::get(Array->getType()->getElementType(), Kept.size());
    auto *New = new GlobalVariable(M, Ty, false, GlobalValue::AppendingLinkage,
                                   ConstantArray::get(Ty, Kept), "", Annotations);
    New->setSection(Annotations->getSection());
    New->takeName(Annotations);
    Annotations->eraseFromParent();
  }
  return Regions;
}

void collectUsers(Value *V, SmallVectorImpl<Instruction *> &Out) {
  for (User *U : V->users()) {
    if (auto *I = dyn_cast<Instruction>(U))
      Out.push_back(I);
    else if (isa<ConstantExpr>(U))
      collectUsers(U, Out);
  }
}

/// Reads region \p R's descriptor \p GV (a ferry_region); false when it is
/// not one.
bool readRegion(Region &R, GlobalVariable &GV) {
  if (!GV.hasInitializer())
    return false;
  auto *Init = dyn_cast<ConstantStruct>(GV.getInitializer());
  if (!Init || Init->getNumOperands() < 4)
    return false;
  StringRef Name = constantString(Init->getOperand(0));
  StringRef File = constantString(Init->getOperand(1));
  if (Name.empty())
    return false;
  R.Name = Name.str();
  const uint64_t Flags = Init->getNumOperands() > 4 ? constantInt(Init->getOperand(4)) : 0;
  R.Sequential = Flags & 1;
  R.Nested = !R.Sequential && (Flags & 2);
  R.WarpGangs = Flags & 4;
  R.Workers = R.Nested && (Flags & 8);
  R.Descriptor = &GV;
  R.File = File.str();
  R.Line = unsigned(constantInt(Init->getOperand(2)));
  R.Column = unsigned(constantInt(Init->getOperand(3)));
  R.Where = sys::path::filename(File).str() + ":" + std::to_string(R.Line) + ":" +
            std::to_string(R.Column);
  return true;
}

/// The ferry_region of the construct: the one a C slot names, or the first
/// argument of the call of the function (a parallel_loop instantiation)
/// that reads the slot.
void findRegion(Region &R) {
  if (R.Descriptor) {
    readRegion(R, *R.Descriptor);
    return;
  }
  SmallVector<Instruction *, 4> Users;
  collectUsers(R.Slot, Users);
  for (Instruction *I : Users) {
    Function *Launcher = I->getFunction();
    for (User *U : Launcher->users()) {
      auto *Call = dyn_cast<CallBase>(U);
      if (!Call || Call->getCalledFunction() != Launcher || Call->arg_empty())
        continue;
      auto *GV = dyn_cast<GlobalVariable>(Call->getArgOperand(0)->stripPointerCasts());
      if (GV && readRegion(R, *GV))
        return;
    }
  }
}

void pointerOffsets(Type *T, uint64_t Base, const DataLayout &DL, std::vector<uint32_t> &Out) {
  if (T->isPointerTy()) {
    Out.push_back(uint32_t(Base));
  } else if (auto *ST = dyn_cast<StructType>(T)) {
    // deviceptr variables hold device addresses already.
    if (ST->isOpaque() ||
        (ST->hasName() && (ST->getName().starts_with("struct.ferry::acc::device_address") ||
                           ST->getName().starts_with("struct.ferry_device_address"))))
      return;
    const StructLayout *SL = DL.getStructLayout(ST);
    for (unsigned I = 0; I < ST->getNumElements(); ++I)
      pointerOffsets(ST->getElementType(I), Base + SL->getElementOffset(I), DL, Out);
  } else if (auto *AT = dyn_cast<ArrayType>(T)) {
    const uint64_t Size = DL.getTypeAllocSize(AT->getElementType());
    for (uint64_t I = 0; I < AT->getNumElements() && Out.size() < 4096; ++I)
      pointerOffsets(AT->getElementType(), Base + I * Size, DL, Out);
  }
}

/// The closure is loop_closure<I, Body>{body, lo, step}; the chunk reads lo
/// and step through GEPs of that struct type, whose first element is the
/// lambda's class with every capture. Its pointers (and references) are the
/// ones the runtime attaches.
void findPointerOffsets(Region &R, const DataLayout &DL) {
  for (Instruction &I : instructions(*R.Chunk)) {
    auto *GEP = dyn_cast<GetElementPtrInst>(&I);
    if (!GEP)
      continue;
    auto *ST = dyn_cast<StructType>(GEP->getSourceElementType());
    if (!ST || !ST->hasName() || ST->getNumElements() == 0)
      continue;
    if (ST->getName().starts_with("struct.ferry::acc::loop_closure")) {
      pointerOffsets(ST->getElementType(0), 0, DL, R.PointerOffsets);
      return;
    }
    // A C region's closure: every pointer field but the bounds.
    if (ST->getName().starts_with("struct.ferry_closure")) {
      pointerOffsets(ST, 0, DL, R.PointerOffsets);
      return;
    }
  }
  // A C chunk calls the block's invoke function, which reads the closure.
  if (!R.FromC)
    return;
  for (Instruction &I : instructions(*R.Chunk))
    if (auto *Call = dyn_cast<CallInst>(&I))
      if (Function *Callee = Call->getCalledFunction();
          Callee && !Callee->isDeclaration() && Callee != R.Chunk) {
        Region Body = R;
        Body.Chunk = Callee;
        Body.FromC = false;
        Body.PointerOffsets.clear();
        findPointerOffsets(Body, DL);
        R.PointerOffsets = std::move(Body.PointerOffsets);
        return;
      }
}

/// Which of \p R's closure pointers its code may read (all where the
/// closure's uses are not followed to the end).
void markReadPointers(Region &R, const DataLayout &DL) {
  R.PointerRead.assign(R.PointerOffsets.size(), true);
  if (!R.Chunk)
    return;
  std::optional<std::vector<std::pair<uint64_t, uint64_t>>> Reads = closureReads(*R.Chunk, DL);
  if (!Reads)
    return;
  const uint64_t Size = DL.getPointerSize();
  for (size_t I = 0; I < R.PointerOffsets.size(); ++I) {
    const uint64_t Begin = R.PointerOffsets[I], End = Begin + Size;
    R.PointerRead[I] = any_of(*Reads, [&](const std::pair<uint64_t, uint64_t> &Range) {
      return Range.first < End && Begin < Range.second;
    });
  }
}

/// The offsets of \p R's pointers its code may read, and their names
/// (ClosureNames.h; empty where not known).
std::vector<uint32_t> readPointerOffsets(const Region &R) {
  std::vector<uint32_t> Out;
  for (size_t I = 0; I < R.PointerOffsets.size(); ++I)
    if (R.PointerRead[I])
      Out.push_back(R.PointerOffsets[I]);
  return Out;
}

/// "__ferry_<file>_<line>_<construct>_<hash>". The hash tells template
/// instantiations apart; for a region local to this file it also covers the
/// file's path, so that two files of one name in different directories do
/// not define one kernel name twice. Regions of inline functions and
/// templates keep one name in every file that instantiates them.
std::string kernelName(const Region &R, const Module &M) {
  std::string Name = "__ferry_";
  for (char C : R.Name)
    Name += isAlnum(C) ? C : '_';
  std::string Key = R.Chunk->getName().str();
  if (R.Chunk->hasLocalLinkage())
    Key += "@" + M.getSourceFileName();
  return Name + "_" + utohexstr(xxh3_64bits(Key) & 0xffffffff, true);
}

/// `routine ... bind(g)`: the device's calls of a function go to `g`. A
/// lambda's call operator takes the closure's `this` before the parameters
/// a function of the same signature takes: binding one to the other goes
/// through a thunk that drops it (\c This > 0) or passes one (\c This < 0).
struct Binding {
  Function *To = nullptr;
  int This = 0;
};
/// In the order of the `routine` annotations: the device module's thunks are
/// created in this order, and the embedded image must not depend on pointers.
using Bindings = MapVector<const Function *, Binding>;

/// \p F's type without its first parameter (a closure's `this`), or null.
FunctionType *withoutThis(FunctionType *F) {
  if (F->getNumParams() == 0 || !F->getParamType(0)->isPointerTy())
    return nullptr;
  return FunctionType::get(F->getReturnType(), F->params().drop_front(), F->isVarArg());
}

/// How \p From (a lambda's call operator if \p FromLambda) binds to \p To
/// (one if \p ToLambda), or nothing when their parameters differ.
std::optional<Binding> bindingTo(const Function &From, bool FromLambda, Function &To,
                                 bool ToLambda) {
  FunctionType *F = From.getFunctionType(), *T = To.getFunctionType();
  if (FromLambda == ToLambda)
    return F == T ? std::optional<Binding>(Binding{&To, 0}) : std::nullopt;
  if (FromLambda)
    return withoutThis(F) == T ? std::optional<Binding>(Binding{&To, 1}) : std::nullopt;
  return withoutThis(T) == F ? std::optional<Binding>(Binding{&To, -1}) : std::nullopt;
}

/// What `bind(Target)` names for \p From: a symbol of that name (extern
/// "C", or a string naming the symbol), a lambda held by a variable of that
/// name (\p Lambdas, marked by the plugin), else the one function of
/// \p From's parameters whose (qualified or plain) name is \p Target.
std::optional<Binding> bindTarget(Module &M, StringRef Target, const Function &From,
                                  bool FromLambda, const StringMap<Function *> &Lambdas) {
  if (Function *G = M.getFunction(Target))
    return Binding{G, 0};
  if (Function *G = Lambdas.lookup(Target))
    return bindingTo(From, FromLambda, *G, /*ToLambda=*/true);
  for (Function &G : M) {
    if (G.isIntrinsic() || &G == &From)
      continue;
    std::optional<Binding> B = bindingTo(From, FromLambda, G, /*ToLambda=*/false);
    if (!B)
      continue;
    ItaniumPartialDemangler D;
    if (D.partialDemangle(G.getName().data()) || !D.isFunction())
      continue;
    std::unique_ptr<char, decltype(&std::free)> Qualified(D.getFunctionName(nullptr, nullptr),
                                                          &std::free);
    std::unique_ptr<char, decltype(&std::free)> Base(D.getFunctionBaseName(nullptr, nullptr),
                                                     &std::free);
    if ((Qualified && Target == Qualified.get()) || (Base && Target == Base.get()))
      return B;
    // A variable that holds a lambda in a function: its call operator,
    // "name::{lambda(...)#1}::operator()".
    if (Qualified && Base && StringRef(Base.get()) == "operator()" &&
        StringRef(Qualified.get()).starts_with((Target + "::{lambda(").str()))
      return B;
  }
  return std::nullopt;
}

/// A record the plugin leaves in `llvm.global.annotations`:
/// `annotate("ferry.KIND;key=value;...")` on \p Annotated (a function, or a
/// `used` variable \p Holder that holds an address: then \p Annotated is
/// what it holds).
struct FerryAnnotation {
  Value *Annotated = nullptr;
  GlobalVariable *Holder = nullptr;
  StringMap<std::string> Fields;
};

/// The records of kind \p Kind ("routine", "declare").
std::vector<FerryAnnotation> ferryAnnotations(Module &M, StringRef Kind) {
  std::vector<FerryAnnotation> Out;
  GlobalVariable *Annotations = M.getGlobalVariable("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return Out;
  auto *Array = dyn_cast<ConstantArray>(Annotations->getInitializer());
  if (!Array)
    return Out;
  const std::string Prefix = "ferry." + Kind.str() + ";";
  for (Use &U : Array->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(U.get());
    if (!Entry || Entry->getNumOperands() < 2)
      continue;
    auto *Text = dyn_cast<GlobalVariable>(Entry->getOperand(1)->stripPointerCasts());
    auto *Data = Text && Text->hasInitializer()
                     ? dyn_cast<ConstantDataSequential>(Text->getInitializer())
                     : nullptr;
    if (!Data || !Data->isCString() || !Data->getAsCString().starts_with(Prefix))
      continue;
    FerryAnnotation A;
    SmallVector<StringRef, 4> Fields;
    Data->getAsCString().drop_front(Prefix.size()).split(Fields, ';');
    for (StringRef F : Fields) {
      auto [Key, Value] = F.split('=');
      A.Fields[Key] = Value.str();
    }
    A.Annotated = Entry->getOperand(0)->stripPointerCasts();
    if (auto *Holder = dyn_cast<GlobalVariable>(A.Annotated);
        Holder && Holder->hasInitializer() && Holder->isConstant()) {
      A.Holder = Holder;
      A.Annotated = Holder->getInitializer()->stripPointerCasts();
    }
    Out.push_back(std::move(A));
  }
  return Out;
}

/// Reads the records the plugin leaves for `routine ... bind(...)`
/// (`annotate("ferry.routine;bind=NAME;at=FILE:LINE")` on the function, or
/// on a variable holding its address for the named form). Reports what
/// cannot be bound; returns false then.
bool readBindings(Module &M, Bindings &Out) {
  StringMap<Function *> Lambdas;
  for (FerryAnnotation &A : ferryAnnotations(M, "bindtarget"))
    if (auto *F = dyn_cast<Function>(A.Annotated))
      Lambdas[A.Fields["name"]] = F;
  bool Ok = true;
  for (FerryAnnotation &A : ferryAnnotations(M, "routine")) {
    StringRef Target = A.Fields["bind"], At = A.Fields["at"];
    if (Target.empty())
      continue;
    auto *From = dyn_cast<Function>(A.Annotated);
    if (!From) {
      M.getContext().emitError("ferry: " + At.str() +
                               ": OpenACC 'bind' applies to functions and lambdas; this "
                               "'routine' is followed by neither");
      Ok = false;
      continue;
    }
    const std::string Lambda = A.Fields.lookup("lambda");
    std::optional<Binding> To = bindTarget(M, Target, *From, !Lambda.empty(), Lambdas);
    if (!To) {
      M.getContext().emitError("ferry: " + At.str() + ": OpenACC 'routine' of " +
                               (Lambda.empty() ? "'" + demangle(From->getName()) + "'"
                                               : "the lambda '" + Lambda + "'") +
                               " binds it to '" + Target.str() +
                               "', but this translation unit defines no function or lambda of "
                               "that name and parameters");
      Ok = false;
      continue;
    }
    Out[From] = *To;
  }
  return Ok;
}

/// `declare` at namespace scope: for each variable, the record holding its
/// address (what the runtime translates into the device copy's address
/// before each launch), or none for `deviceptr` (passed by value as it is).
struct DeclaredGlobal {
  GlobalVariable *Record = nullptr;
  bool Deviceptr = false;
  /// The device variable holding its device address (the plugin's
  /// declaredRefSymbol: one name in every file that declares it).
  std::string Ref;
};
using DeclaredGlobals = DenseMap<const GlobalVariable *, DeclaredGlobal>;

DeclaredGlobals readDeclared(Module &M) {
  DeclaredGlobals Out;
  for (FerryAnnotation &A : ferryAnnotations(M, "declare"))
    if (auto *G = dyn_cast<GlobalVariable>(A.Annotated))
      Out[G] = {A.Holder, A.Fields["kind"] == "deviceptr", A.Fields["ref"]};
  return Out;
}

/// The device variable that holds the device address of declared \p G.
std::string declaredRefName(const GlobalVariable &G, const Module &M,
                            const DeclaredGlobals &Declared) {
  if (auto It = Declared.find(&G); It != Declared.end() && !It->second.Ref.empty())
    return It->second.Ref;
  return "__ferry_global_ref" + deviceGlobalName(G, M).substr(strlen("__ferry_global"));
}

/// Every global value the region functions reach, in a stable order; a
/// call of a bound function reaches what it is bound to instead.
SetVector<GlobalValue *> reachable(ArrayRef<Function *> Roots, const Bindings *Bind = nullptr) {
  SetVector<GlobalValue *> Seen;
  SmallVector<Value *, 32> Work(Roots.begin(), Roots.end());
  SmallPtrSet<const Constant *, 32> SeenConstants;
  auto Visit = [&](Value *V) {
    if (auto *F = dyn_cast<Function>(V); F && Bind)
      if (auto It = Bind->find(F); It != Bind->end())
        V = It->second.To;
    if (auto *GV = dyn_cast<GlobalValue>(V)) {
      if (Seen.insert(GV))
        Work.push_back(GV);
    } else if (auto *C = dyn_cast<Constant>(V)) {
      if (SeenConstants.insert(C).second)
        Work.push_back(C);
    }
  };
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    if (auto *F = dyn_cast<Function>(V)) {
      Seen.insert(F);
      if (Bind) // a bound root (an exported routine) reaches what it is bound to
        if (auto It = Bind->find(F); It != Bind->end())
          Visit(It->second.To);
      if (F->hasPersonalityFn())
        Visit(F->getPersonalityFn());
      // (Not what only the host runs: `if (acc_on_device(acc_device_host))`.)
      for (const BasicBlock *BB : deviceBlocks(*F))
        for (const Instruction &I : *BB)
          for (Value *Op : I.operands())
            Visit(Op);
    } else if (auto *GV = dyn_cast<GlobalVariable>(V)) {
      // Constants travel with the code; other variables stay host memory.
      if (GV->isConstant() && GV->hasInitializer())
        Visit(GV->getInitializer());
    } else if (auto *GA = dyn_cast<GlobalAlias>(V)) {
      Visit(GA->getAliasee());
    } else if (auto *C = dyn_cast<Constant>(V)) {
      for (Value *Op : C->operands())
        Visit(Op);
    }
  }
  return Seen;
}

/// A function of \p From's type in \p Dev that calls \p To, dropping
/// \p From's first argument (a closure's `this`, \p This > 0) or passing
/// the address of an empty closure of its own as \p To's (\p This < 0).
Function *bindThunk(Module &Dev, const Function &From, Function &To, int This) {
  Function *Thunk = Function::Create(From.getFunctionType(), GlobalValue::InternalLinkage,
                                     From.getName() + ".bind", &Dev);
  IRBuilder<> B(BasicBlock::Create(Dev.getContext(), "entry", Thunk));
  SmallVector<Value *, 4> Args;
  if (This < 0)
    Args.push_back(B.CreateAlloca(B.getInt8Ty(), nullptr, "closure"));
  for (Argument &A : Thunk->args())
    if (This <= 0 || A.getArgNo() > 0)
      Args.push_back(&A);
  CallInst *Call = B.CreateCall(&To, Args);
  if (Thunk->getReturnType()->isVoidTy())
    B.CreateRetVoid();
  else
    B.CreateRet(Call);
  return Thunk;
}

/// The device module, built in steps: declare what the regions reach →
/// bind the bound functions → clone the bodies → fill the wrappers → load
/// the declared globals' device addresses.
class DeviceModuleCloner {
public:
  DeviceModuleCloner(Module &M, ArrayRef<Function *> Roots, const Bindings &Bind,
                     const DeclaredGlobals &Declared)
      : M(M), Bind(Bind), Declared(Declared),
        Dev(std::make_unique<Module>("ferry.regions", M.getContext())) {
    Dev->setTargetTriple("nvptx64-nvidia-cuda");
    Dev->setDataLayout("e-i64:64-i128:128-v16:16-v32:32-n16:32:64");
    Needed = reachable(Roots, &Bind);
  }

  std::unique_ptr<Module> run() {
    for (GlobalValue *GV : Needed)
      declare(GV);
    for (GlobalValue *GV : Needed)
      if (auto *GA = dyn_cast<GlobalAlias>(GV))
        VMap[GA] = MapValue(GA->getAliaseeObject(), VMap);
    bindFunctions();
    for (GlobalValue *GV : Needed)
      cloneBody(GV);
    // The host's branches go with what only they use (reachable left it in
    // the host module).
    foldHostBranches(*Dev);
    for (auto [Wrapper, Target] : Wrappers)
      fillWrapper(*Wrapper, *Target);
    for (auto [Placeholder, Ref] : Refs)
      loadDeviceAddress(*Placeholder, *Ref);
    return std::move(Dev);
  }

private:
  void declare(GlobalValue *GV);
  void declareDeclaredGlobal(GlobalVariable &G);
  void bindFunctions();
  void cloneBody(GlobalValue *GV);
  void fillWrapper(Function &Wrapper, Function &Target);
  void loadDeviceAddress(GlobalVariable &Placeholder, GlobalVariable &Ref);

  Module &M;
  const Bindings &Bind;
  const DeclaredGlobals &Declared;
  std::unique_ptr<Module> Dev;
  SetVector<GlobalValue *> Needed;
  ValueToValueMapTy VMap;
  // Declared globals: a placeholder while cloning, then a load of the
  // device address from their `__ferry_global_ref_*` variable.
  SmallVector<std::pair<GlobalVariable *, GlobalVariable *>, 4> Refs;
  // Bound functions cloned for themselves, with what they call.
  SmallVector<std::pair<Function *, Function *>, 2> Wrappers;
};

/// Declare: \p GV's counterpart in the device module, in VMap.
void DeviceModuleCloner::declare(GlobalValue *GV) {
  if (auto *G = dyn_cast<GlobalVariable>(GV);
      G && Declared.count(G) && !Declared.lookup(G).Deviceptr) {
    declareDeclaredGlobal(*G);
    return;
  }
  if (auto *F = dyn_cast<Function>(GV)) {
    Function *NF = Function::Create(F->getFunctionType(), F->getLinkage(),
                                    F->getAddressSpace(), F->getName(), Dev.get());
    NF->copyAttributesFrom(F);
    NF->setPersonalityFn(nullptr);
    VMap[F] = NF;
  } else if (auto *G = dyn_cast<GlobalVariable>(GV); G && passedByValue(*G)) {
    // The device copy, in global memory, filled by the runtime at launch.
    auto *NG = new GlobalVariable(*Dev, G->getValueType(), false,
                                  GlobalValue::ExternalLinkage,
                                  Constant::getNullValue(G->getValueType()),
                                  deviceGlobalName(*G, M), nullptr,
                                  GlobalValue::NotThreadLocal, /*AddressSpace=*/1);
    NG->setAlignment(G->getAlign());
    VMap[G] = ConstantExpr::getAddrSpaceCast(NG, G->getType());
  } else if (auto *G = dyn_cast<GlobalVariable>(GV)) {
    auto *NG = new GlobalVariable(*Dev, G->getValueType(), G->isConstant(),
                                  GlobalValue::ExternalLinkage, nullptr, G->getName(),
                                  nullptr, G->getThreadLocalMode(), G->getAddressSpace());
    NG->setAlignment(G->getAlign());
    VMap[G] = NG;
  } else if (auto *GA = dyn_cast<GlobalAlias>(GV)) {
    // Aliases are resolved to what they name.
    VMap[GA] = nullptr;
  }
}

/// A declared global: its `__ferry_global_ref_*` variable and a
/// placeholder for the cloned code to use (loadDeviceAddress).
void DeviceModuleCloner::declareDeclaredGlobal(GlobalVariable &G) {
  // Weak: the images of other files that declare the variable define it
  // too, and one linked with them at load time has one.
  auto *Ref = new GlobalVariable(*Dev, PointerType::get(M.getContext(), 0), false,
                                 GlobalValue::WeakAnyLinkage,
                                 ConstantPointerNull::get(PointerType::get(M.getContext(), 0)),
                                 declaredRefName(G, M, Declared), nullptr,
                                 GlobalValue::NotThreadLocal, /*AddressSpace=*/1);
  Ref->setAlignment(Align(8));
  auto *Placeholder = new GlobalVariable(*Dev, G.getValueType(), false,
                                         GlobalValue::ExternalLinkage, nullptr,
                                         "__ferry_declared." + G.getName(), nullptr,
                                         GlobalValue::NotThreadLocal, G.getAddressSpace());
  VMap[&G] = Placeholder;
  Refs.push_back({Placeholder, Ref});
}

/// Calls of a bound function go to what it is bound to; a bound function
/// cloned for itself (a routine exported to other translation units) is a
/// wrapper that calls it.
void DeviceModuleCloner::bindFunctions() {
  for (auto [From, B] : Bind)
    if (VMap.count(B.To)) {
      Function *Target = cast<Function>(VMap[B.To]);
      if (B.This != 0)
        Target = bindThunk(*Dev, *From, *Target, B.This);
      if (auto It = VMap.find(From); It != VMap.end())
        Wrappers.push_back({cast<Function>(It->second), Target});
      VMap[From] = Target;
    }
}

/// Clone: the body of a function (not a bound one), the initializer of a
/// constant.
void DeviceModuleCloner::cloneBody(GlobalValue *GV) {
  if (auto *F = dyn_cast<Function>(GV); F && !F->isDeclaration() && !Bind.count(F)) {
    auto *NF = cast<Function>(VMap[F]);
    auto Dest = NF->arg_begin();
    for (Argument &A : F->args()) {
      Dest->setName(A.getName());
      VMap[&A] = &*Dest++;
    }
    SmallVector<ReturnInst *, 4> Returns;
    CloneFunctionInto(NF, F, VMap, CloneFunctionChangeType::DifferentModule, Returns);
    NF->setPersonalityFn(nullptr);
  } else if (auto *G = dyn_cast<GlobalVariable>(GV);
             G && G->isConstant() && G->hasInitializer()) {
    auto *NG = cast<GlobalVariable>(VMap[G]);
    NG->setInitializer(MapValue(G->getInitializer(), VMap));
    NG->setLinkage(GlobalValue::InternalLinkage);
  }
}

/// A bound function cloned for itself: a call of \p Target.
void DeviceModuleCloner::fillWrapper(Function &Wrapper, Function &Target) {
  IRBuilder<> B(BasicBlock::Create(M.getContext(), "entry", &Wrapper));
  SmallVector<Value *, 4> Args;
  for (Argument &A : Wrapper.args())
    Args.push_back(&A);
  CallInst *Call = B.CreateCall(&Target, Args);
  if (Wrapper.getReturnType()->isVoidTy())
    B.CreateRetVoid();
  else
    B.CreateRet(Call);
}

/// The uses of a declared global's \p Placeholder: a load of its device
/// address from \p Ref, once per function.
void DeviceModuleCloner::loadDeviceAddress(GlobalVariable &Placeholder, GlobalVariable &Ref) {
  convertUsersOfConstantsToInstructions({&Placeholder});
  DenseMap<Function *, Value *> Loaded;
  for (Use &U : make_early_inc_range(Placeholder.uses())) {
    auto *I = dyn_cast<Instruction>(U.getUser());
    if (!I)
      continue;
    Value *&Address = Loaded[I->getFunction()];
    if (!Address) {
      IRBuilder<> B(&*I->getFunction()->getEntryBlock().getFirstInsertionPt());
      Address = B.CreateLoad(PointerType::get(M.getContext(), 0), &Ref,
                             Placeholder.getName().drop_front(strlen("__ferry_declared.")) +
                                 ".device");
    }
    U.set(Address);
  }
  if (Placeholder.use_empty())
    Placeholder.eraseFromParent();
}

/// The device module: clones of what the regions reach, retargeted to NVVM.
std::unique_ptr<Module> cloneForDevice(Module &M, ArrayRef<Function *> Roots,
                                       const Bindings &Bind, const DeclaredGlobals &Declared) {
  return DeviceModuleCloner(M, Roots, Bind, Declared).run();
}

/// Device code cannot unwind: invokes become calls and landing pads go.
/// Host-specific attributes go; C math functions become libdevice's.
/// UBSan's static data (source locations, type descriptors) that only its
/// report calls use: device code loses those calls (stripSanitizerChecks),
/// so a region never reads it.
bool isSanitizerData(const GlobalVariable &G) {
  return !G.use_empty() && all_of(G.users(), [](const User *U) {
    auto *CB = dyn_cast<CallBase>(U);
    const Function *F = CB ? CB->getCalledFunction() : nullptr;
    return F && F->getName().starts_with("__ubsan_handle_");
  });
}

/// Removes the sanitizer checks' reports from device code: the calls of
/// UBSan's handlers (`__ubsan_handle_*`) and traps (`llvm.ubsantrap`, with
/// -fsanitize-trap), which clang inserts in the front end, before the
/// outliner copies the host code (ASan and TSan instrument later, the host
/// copy only). Device code runs uninstrumented, as in clang's CUDA and HIP
/// device compilations: GPUs have no handler runtime, and the emulated ones
/// would stop with SIGILL at a trap. A failure path that ended the program
/// keeps its `unreachable`: there the checked condition is assumed, as
/// without -fsanitize.
void stripSanitizerChecks(Function &F) {
  SmallVector<CallInst *, 8> Reports;
  for (Instruction &I : instructions(F))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (const Function *Callee = CI->getCalledFunction();
          Callee && (Callee->getName().starts_with("__ubsan_handle_") ||
                     Callee->getIntrinsicID() == Intrinsic::ubsantrap))
        Reports.push_back(CI);
  for (CallInst *CI : Reports)
    CI->eraseFromParent();
}

/// printf and glibc's __assert_fail in device code become CUDA's device
/// services: vprintf(format, buffer) with the (already promoted) variadic
/// arguments packed at their natural alignment, and __assertfail, which the
/// translation for AMD turns into records of the printf buffer.
void lowerDeviceServices(Module &Dev) {
  LLVMContext &Ctx = Dev.getContext();
  Type *Ptr = PointerType::get(Ctx, 0);
  if (Function *Printf = Dev.getFunction("printf"); Printf && Printf->isDeclaration()) {
    FunctionCallee Vprintf = Dev.getOrInsertFunction(
        "vprintf", FunctionType::get(Type::getInt32Ty(Ctx), {Ptr, Ptr}, false));
    for (User *U : make_early_inc_range(Printf->users())) {
      auto *CI = dyn_cast<CallInst>(U);
      if (!CI || CI->getCalledFunction() != Printf || CI->arg_size() == 0)
        continue;
      SmallVector<Type *, 8> Fields;
      for (unsigned I = 1; I < CI->arg_size(); ++I)
        Fields.push_back(CI->getArgOperand(I)->getType());
      Value *Buffer = ConstantPointerNull::get(cast<PointerType>(Ptr));
      IRBuilder<> B(CI);
      if (!Fields.empty()) {
        // Every field is 4 or 8 bytes after the default promotions: a
        // non-packed struct has CUDA's layout.
        StructType *Args = StructType::get(Ctx, Fields);
        IRBuilder<> Entry(&CI->getFunction()->getEntryBlock(),
                          CI->getFunction()->getEntryBlock().begin());
        AllocaInst *A = Entry.CreateAlloca(Args, nullptr, "printf.args");
        A->setAlignment(Align(8));
        for (unsigned I = 1; I < CI->arg_size(); ++I)
          B.CreateStore(CI->getArgOperand(I), B.CreateStructGEP(Args, A, I - 1));
        Buffer = A;
      }
      CallInst *New = B.CreateCall(Vprintf, {CI->getArgOperand(0), Buffer});
      CI->replaceAllUsesWith(New);
      CI->eraseFromParent();
    }
    if (Printf->use_empty())
      Printf->eraseFromParent();
  }
  if (Function *Fail = Dev.getFunction("__assert_fail"); Fail && Fail->isDeclaration()) {
    FunctionCallee Assertfail = Dev.getOrInsertFunction(
        "__assertfail", FunctionType::get(Type::getVoidTy(Ctx),
                                          {Ptr, Ptr, Type::getInt32Ty(Ctx), Ptr,
                                           Type::getInt64Ty(Ctx)},
                                          false));
    for (User *U : make_early_inc_range(Fail->users())) {
      auto *CI = dyn_cast<CallInst>(U);
      if (!CI || CI->getCalledFunction() != Fail || CI->arg_size() != 4)
        continue;
      IRBuilder<> B(CI);
      B.CreateCall(Assertfail, {CI->getArgOperand(0), CI->getArgOperand(1),
                                B.CreateZExtOrTrunc(CI->getArgOperand(2), B.getInt32Ty()),
                                CI->getArgOperand(3), B.getInt64(1)});
      CI->eraseFromParent();
    }
    if (Fail->use_empty())
      Fail->eraseFromParent();
  }
}

/// The C++ runtime's and libstdc++'s ways to throw (`__cxa_throw`,
/// `std::__throw_length_error`, ...), which library code reaches on its
/// error paths (a std::vector copied in a region allocates, and throws when
/// the size is impossible): device code cannot unwind, so each becomes a
/// trap, which ends the launch with an error, as an uncaught exception ends
/// a host program. What the region's own code throws is refused before this
/// (DeviceCodeChecker). So is C's `abort()` (a region's own, as GCC's
/// OpenACC tests call it on a failed check): the launch ends with an error
/// naming the region, and the program stops.
bool endsTheLaunch(StringRef Name) {
  if (Name == "abort")
    return true;
  if (Name.consume_front("_ZSt")) // std::__throw_*(...)
    return Name.ltrim("0123456789").starts_with("__throw_");
  return Name == "__cxa_throw" || Name == "__cxa_rethrow" || Name == "__cxa_bad_cast" ||
         Name == "__cxa_bad_typeid" || Name == "__cxa_throw_bad_array_new_length" ||
         Name == "__cxa_allocate_exception" || Name == "_ZSt9terminatev";
}

void lowerThrowsToTraps(Module &Dev) {
  for (Function &F : make_early_inc_range(Dev)) {
    if (!F.isDeclaration() || !endsTheLaunch(F.getName()))
      continue;
    for (User *U : make_early_inc_range(F.users())) {
      auto *CI = dyn_cast<CallInst>(U);
      if (!CI || CI->getCalledFunction() != &F)
        continue;
      IRBuilder<> B(CI);
      B.CreateIntrinsic(Intrinsic::trap, {}, {});
      if (!CI->getType()->isVoidTy())
        CI->replaceAllUsesWith(PoisonValue::get(CI->getType()));
      changeToUnreachable(CI);
    }
    if (F.use_empty())
      F.eraseFromParent();
  }
}

void prepareForDevice(Module &Dev) {
  for (Function &F : Dev) {
    for (const char *A : {"target-cpu", "target-features", "tune-cpu", "frame-pointer",
                          "no-builtins"})
      F.removeFnAttr(A);
    // The device library's loops are the kernels' bodies: always inlined, so
    // that the region's functions become direct calls and the closure stays
    // in the parameter space.
    if (F.getName().starts_with("__ferry_run_") || F.getName().starts_with("ferry_dev"))
      F.addFnAttr(Attribute::AlwaysInline);
    F.removeFnAttr(Attribute::UWTable);
    // As clang does for CUDA and HIP device code: every function may hold a
    // barrier or a cross-lane operation, so no transformation may make its
    // calls depend on more control flow (jump threading once duplicated a
    // guarded store's barrier into both paths of the guard).
    if (!F.isIntrinsic())
      F.addFnAttr(Attribute::Convergent);
    if (F.isDeclaration())
      continue;
    stripSanitizerChecks(F);
    SmallVector<InvokeInst *, 4> Invokes;
    for (BasicBlock &BB : F)
      if (auto *II = dyn_cast<InvokeInst>(BB.getTerminator()))
        Invokes.push_back(II);
    for (InvokeInst *II : Invokes)
      changeToCall(II);
    if (!Invokes.empty())
      removeUnreachableBlocks(F);
    F.setPersonalityFn(nullptr);
  }
  lowerDeviceServices(Dev);
  lowerThrowsToTraps(Dev);
  for (Function &F : make_early_inc_range(Dev)) {
    if (!F.isDeclaration() || F.isIntrinsic() || F.getName().starts_with("__nv_"))
      continue;
    const std::string Libdevice = libdeviceFunction(F.getName());
    if (Libdevice.empty())
      continue;
    if (Function *Existing = Dev.getFunction(Libdevice)) {
      F.replaceAllUsesWith(Existing);
      F.eraseFromParent();
    } else {
      F.setName(Libdevice);
    }
  }
}

std::string pluginDirectory() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&pluginDirectory), &Info) || !Info.dli_fname)
    return ".";
  return sys::path::parent_path(Info.dli_fname).str();
}

Error linkDeviceLibrary(Module &Dev, const std::string &Requested) {
  std::string Path = Requested;
  if (Path.empty()) {
    SmallString<256> P(pluginDirectory());
    sys::path::append(P, "ferry-device.bc");
    Path = std::string(P);
  }
  auto Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer)
    return createStringError(Buffer.getError(),
                             "cannot read Ferry's device library '%s': %s", Path.c_str(),
                             Buffer.getError().message().c_str());
  auto Lib = parseBitcodeFile((*Buffer)->getMemBufferRef(), Dev.getContext());
  if (!Lib)
    return createStringError(inconvertibleErrorCode(),
                             "Ferry's device library '%s' is not valid bitcode: %s",
                             Path.c_str(), toString(Lib.takeError()).c_str());
  if (Linker::linkModules(Dev, std::move(*Lib), Linker::Flags::LinkOnlyNeeded))
    return createStringError(inconvertibleErrorCode(),
                             "cannot link Ferry's device library '%s'", Path.c_str());
  return Error::success();
}

/// kernel(closure byval, i64 trip, ptr partials) calling the device library.
void emitKernel(Module &Dev, const Region &R, ValueToValueMapTy &VMap) {
  LLVMContext &Ctx = Dev.getContext();
  Type *Ptr = PointerType::get(Ctx, 0), *I64 = Type::getInt64Ty(Ctx),
       *I32 = Type::getInt32Ty(Ctx);
  Function *K = Function::Create(
      FunctionType::get(Type::getVoidTy(Ctx), {Ptr, I64, Ptr}, false),
      GlobalValue::ExternalLinkage, R.Kernel, Dev);
  K->addParamAttr(0, Attribute::getWithByValType(
                         Ctx, ArrayType::get(Type::getInt8Ty(Ctx), R.ClosureSize)));
  K->addParamAttr(0, Attribute::getWithAlignment(Ctx, Align(R.ClosureAlign)));
  K->getArg(0)->setName("closure");
  K->getArg(1)->setName("trip");
  K->getArg(2)->setName("partials");
  Dev.getOrInsertNamedMetadata("nvvm.annotations")
      ->addOperand(MDNode::get(Ctx, {ValueAsMetadata::get(K), MDString::get(Ctx, "kernel"),
                                     ConstantAsMetadata::get(ConstantInt::get(I32, 1))}));
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", K));
  Value *Chunk = VMap[R.Chunk];
  if (!R.Init || !R.Combine || !R.PartialSize) {
    FunctionCallee Run = Dev.getOrInsertFunction(
        R.Workers  ? "__ferry_run_worker_gang_loop"
        : R.Nested ? "__ferry_run_gang_loop"
                   : "__ferry_run_loop",
        Type::getVoidTy(Ctx), Ptr, I64,
        Ptr);
    B.CreateCall(Run, {K->getArg(0), K->getArg(1), Chunk});
  } else if (R.Nested) {
    const uint64_t Stride = (R.PartialSize + R.PartialAlign - 1) / R.PartialAlign * R.PartialAlign;
    Type *Buf = ArrayType::get(I32, (R.PartialSize + 3) / 4);
    AllocaInst *Mine = B.CreateAlloca(Buf, nullptr, "mine");
    Mine->setAlignment(Align(std::max<uint64_t>(4, R.PartialAlign)));
    FunctionCallee Run = Dev.getOrInsertFunction(R.Workers ? "__ferry_run_worker_gang_reduction"
                                                           : "__ferry_run_gang_reduction",
                                                 Type::getVoidTy(Ctx), Ptr, I64, Ptr, Ptr, Ptr,
                                                 Ptr, I32, I32);
    B.CreateCall(Run, {K->getArg(0), K->getArg(1), K->getArg(2), Chunk, VMap[R.Init], Mine,
                       B.getInt32(R.PartialSize), B.getInt32(Stride)});
  } else {
    const uint64_t Words = (R.PartialSize + 3) / 4;
    const uint64_t Stride = (R.PartialSize + R.PartialAlign - 1) / R.PartialAlign * R.PartialAlign;
    Type *Buf = ArrayType::get(I32, Words);
    const Align BufAlign(std::max<uint64_t>(4, R.PartialAlign));
    AllocaInst *Mine = B.CreateAlloca(Buf, nullptr, "mine");
    Mine->setAlignment(BufAlign);
    AllocaInst *Other = B.CreateAlloca(Buf, nullptr, "other");
    Other->setAlignment(BufAlign);
    auto *ScratchTy = ArrayType::get(I32, 32 * Words);
    auto *Scratch = new GlobalVariable(Dev, ScratchTy, false, GlobalValue::InternalLinkage,
                                       UndefValue::get(ScratchTy), R.Kernel + ".scratch",
                                       nullptr, GlobalValue::NotThreadLocal, 3);
    Scratch->setAlignment(Align(4));
    FunctionCallee Run = Dev.getOrInsertFunction(
        "__ferry_run_reduction", Type::getVoidTy(Ctx), Ptr, I64, Ptr, Ptr, Ptr, Ptr, Ptr, Ptr,
        PointerType::get(Ctx, 3), I32, I32, I32);
    B.CreateCall(Run, {K->getArg(0), K->getArg(1), K->getArg(2), Chunk, VMap[R.Init],
                       VMap[R.Combine], Mine, Other, Scratch, B.getInt32(Words),
                       B.getInt32(R.PartialSize), B.getInt32(Stride)});
  }
  B.CreateRetVoid();
}

/// The region runs one iteration per work-item after all: its descriptor
/// loses FERRY_REGION_NESTED, so that the runtime launches it that way.
void markNotNested(Region &R) {
  R.Nested = R.Workers = false;
  auto *Init = cast<ConstantStruct>(R.Descriptor->getInitializer());
  SmallVector<Constant *, 8> Ops;
  for (Use &U : Init->operands())
    Ops.push_back(cast<Constant>(U.get()));
  Ops[4] = ConstantInt::get(Ops[4]->getType(), constantInt(Ops[4]) & ~uint64_t(2 | 8));
  R.Descriptor->setInitializer(ConstantStruct::get(Init->getType(), Ops));
}

/// Everything but the kernels becomes internal, and what nothing uses goes.
void internalizeAndClean(Module &Dev, const StringSet<> &Kernels) {
  for (GlobalVariable &G : Dev.globals())
    if (!G.isDeclaration() && !G.getName().starts_with("llvm.") &&
        !G.getName().starts_with("__ferry_global_")) {
      G.setLinkage(GlobalValue::InternalLinkage);
      G.setVisibility(GlobalValue::DefaultVisibility);
      G.setComdat(nullptr);
    }
  for (Function &F : Dev)
    if (!F.isDeclaration() && !Kernels.contains(F.getName())) {
      F.setLinkage(GlobalValue::InternalLinkage);
      F.setVisibility(GlobalValue::DefaultVisibility);
      F.setComdat(nullptr);
    }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (Function &F : make_early_inc_range(Dev))
      if (F.use_empty() && !Kernels.contains(F.getName()) &&
          (F.isDeclaration() || F.hasLocalLinkage())) {
        F.eraseFromParent();
        Changed = true;
      }
    for (GlobalVariable &G : make_early_inc_range(Dev.globals())) {
      G.removeDeadConstantUsers();
      if (G.use_empty() && (G.isDeclaration() || G.hasLocalLinkage() ||
                            G.getName().starts_with("__ferry_global_"))) {
        G.eraseFromParent();
        Changed = true;
      }
    }
  }
}

/// Who calls \p F among the region functions (for messages).
std::string callerOf(const Function &F) {
  for (const User *U : F.users())
    if (const auto *I = dyn_cast<Instruction>(U))
      return I->getFunction()->getName().str();
  return {};
}

std::string demangled(StringRef Name) {
  std::string D = llvm::demangle(Name);
  return D.size() > 160 ? D.substr(0, 157) + "..." : D;
}

/// What the device module still needs from outside: intrinsics, libdevice,
/// and functions of other translation units (\p Imports: `routine`s, which
/// the device-code checks let through; the runtime links them at load time
/// and names any it cannot find). Anything else is reported, naming the
/// regions.
bool checkClosed(Module &Dev, Module &Host, ArrayRef<Region> Regions,
                 std::vector<std::string> &Imports) {
  std::string Where;
  for (const Region &R : Regions)
    Where += (Where.empty() ? "" : ", ") + R.Where + " '" + R.Name + "'";
  bool Ok = true;
  for (Function &F : Dev) {
    if (!F.isDeclaration() || F.getName().starts_with("__nv_") ||
        (F.isIntrinsic() && !F.getName().starts_with("llvm.x86.")))
      continue;
    if (!F.isIntrinsic() && !F.getName().starts_with("llvm.")) {
      Imports.push_back(F.getName().str());
      continue;
    }
    Host.getContext().emitError(
        "ferry: a compute region calls '" + demangled(F.getName()) + "'" +
        (callerOf(F).empty() ? "" : " (from '" + demangled(callerOf(F)) + "')") +
        ", which cannot run on a GPU (regions of this file: " + Where + ")");
    Ok = false;
  }
  for (GlobalVariable &G : Dev.globals()) {
    if (G.getName().starts_with("__ferry_global_")) {
      // Passed by value: a store would change a copy the host never sees
      // (Sema-level checks reject writes; this catches what they cannot see).
      SmallVector<const Value *, 8> Work{&G};
      SmallPtrSet<const Value *, 8> Seen;
      while (!Work.empty()) {
        const Value *V = Work.pop_back_val();
        for (const User *U : V->users()) {
          if (!Seen.insert(U).second)
            continue;
          if (const auto *St = dyn_cast<StoreInst>(U); St && St->getValueOperand() != V) {
            Host.getContext().emitError(
                "ferry: a compute region writes a global variable (" + G.getName().str() +
                "), which is host memory (regions of this file: " + Where + ")");
            Ok = false;
            Work.clear();
            break;
          }
          if (isa<ConstantExpr>(U) || isa<GetElementPtrInst>(U) || isa<AddrSpaceCastInst>(U) ||
              isa<BitCastInst>(U))
            Work.push_back(U);
        }
      }
      continue;
    }
    if (!G.isDeclaration())
      continue;
    Host.getContext().emitError("ferry: a compute region uses the global variable '" +
                                demangled(G.getName()) +
                                "', which is host memory (regions of this file: " + Where +
                                "); pass its value in a local variable");
    Ok = false;
  }
  return Ok;
}

/// The `-mllvm` options again, as clang applies them, after lld reset them.
void restoreBackendOptions(const std::vector<std::string> &Options) {
  if (Options.empty())
    return;
  std::vector<const char *> Args{"clang (LLVM option parsing)"};
  for (const std::string &O : Options)
    Args.push_back(O.c_str());
  Args.push_back(nullptr);
  cl::ResetAllOptionOccurrences();
  cl::ParseCommandLineOptions(int(Args.size() - 1), Args.data());
}

} // namespace

namespace {

/// What the pass finds in the host module: its regions (with their kernels'
/// names and the globals they pass), the `routine`s it exports, the roots of
/// its device code and what `routine bind` and `declare` say.
struct Collected {
  std::vector<Region> Regions;
  /// `routine` functions this file defines: exported from its device code,
  /// for the regions of other translation units.
  SmallVector<Function *, 4> Exports;
  Bindings Bind;
  DeclaredGlobals Declared;
  SmallPtrSet<const GlobalVariable *, 4> Untranslated; // declare deviceptr
  StringSet<> Kernels, RegionKernels;
  SmallVector<Function *, 16> Roots;
};

/// Collect: the regions of \p M's slots, the functions their device code
/// starts from and the globals it passes by value. False when the module
/// has nothing to outline, or no targets to outline it for (the slots stay
/// as they are), or after an error.
bool collect(Module &M, const OutlineOptions &Opts, Collected &C) {
  C.Regions = takeSlots(M);
  for (FerryAnnotation &A : ferryAnnotations(M, "routine"))
    if (auto *F = dyn_cast<Function>(A.Annotated);
        F && !F->isDeclaration() && F->getLinkage() == GlobalValue::ExternalLinkage &&
        !is_contained(C.Exports, F))
      C.Exports.push_back(F);
  if (C.Regions.empty() && C.Exports.empty())
    return false;
  // `routine ... bind` (device code only) and namespace-scope `declare`.
  if (Opts.deviceCode() && !readBindings(M, C.Bind))
    return false;
  C.Declared = readDeclared(M);
  std::vector<Region> &Regions = C.Regions;
  StringSet<> &Kernels = C.Kernels;
  SmallVector<Function *, 16> &Roots = C.Roots;
  const Bindings &Bind = C.Bind;
  const DeclaredGlobals &Declared = C.Declared;
  SmallPtrSet<const GlobalVariable *, 4> &Untranslated = C.Untranslated;
  for (Region &R : Regions) {
    findRegion(R);
    findPointerOffsets(R, M.getDataLayout());
    markReadPointers(R, M.getDataLayout());
    R.Kernel = kernelName(R, M);
    Kernels.insert(R.Kernel);
    SmallVector<Function *, 3> Own;
    for (Function *F : {R.Chunk, R.Init, R.Combine})
      if (F) {
        Roots.push_back(F);
        Own.push_back(F);
      }
    for (GlobalValue *GV : reachable(Own, &Bind)) {
      auto *G = dyn_cast<GlobalVariable>(GV);
      if (!G)
        continue;
      if (auto It = Declared.find(G); It != Declared.end()) {
        if (It->second.Deviceptr) {
          Untranslated.insert(G);
          R.Globals.push_back({G, deviceGlobalName(*G, M)});
        } else if (It->second.Record) {
          // The device copy's address, translated from the record's value.
          R.Globals.push_back({It->second.Record, declaredRefName(*G, M, Declared)});
        }
      } else if (passedByValue(*G) && !isSanitizerData(*G)) {
        R.Globals.push_back({G, deviceGlobalName(*G, M)});
      }
    }
  }
  if (!Opts.deviceCode())
    return false;
  C.RegionKernels = Kernels;
  for (Function *F : C.Exports) {
    Roots.push_back(F);
    Kernels.insert(F->getName()); // kept external, as kernels are
  }
  return true;
}

/// Build: the device module of the regions' kernels and the exported
/// routines, with Ferry's device library, checked; null after an error.
/// \p Imports receives the functions it leaves to other files' routines.
std::unique_ptr<Module> buildDeviceModule(Module &M, const OutlineOptions &Opts, Collected &C,
                                          std::vector<std::string> &Imports) {
  LLVMContext &Ctx = M.getContext();
  std::vector<Region> &Regions = C.Regions;
  const SmallVector<Function *, 16> &Roots = C.Roots;
  std::unique_ptr<Module> Dev = cloneForDevice(M, Roots, C.Bind, C.Declared);
  ValueToValueMapTy VMap;
  for (Function *F : Roots)
    VMap[F] = Dev->getFunction(F->getName());
  // Device code from here on (no unwinding): the gang-level preparation
  // inlines it.
  prepareForDevice(*Dev);
  for (Region &R : Regions) {
    // Nested loops spread over a block where the iteration's code allows;
    // elsewhere they run in order inside each work-item.
    auto &Chunk = *cast<Function>(VMap[R.Chunk]);
    if (R.Nested) {
      R.NotNested = prepareGangLevel(Chunk, R.Kernel + ".gang", R.Workers);
      if (!R.NotNested.empty())
        markNotNested(R);
    }
    if (!R.Nested)
      flattenInnerLevels(Chunk);
    emitKernel(*Dev, R, VMap);
  }
  defineComplexLibcalls(*Dev);
  if (Error E = linkDeviceLibrary(*Dev, Opts.DeviceLibrary)) {
    Ctx.emitError("ferry: " + toString(std::move(E)));
    return nullptr;
  }
  prepareForDevice(*Dev); // the library's functions too
  // Debug information travels with the host's version flag, or not at all.
  if (const Metadata *Version = M.getModuleFlag("Debug Info Version"))
    Dev->addModuleFlag(Module::Warning, "Debug Info Version",
                       mdconst::extract<ConstantInt>(Version)->getZExtValue());
  else
    StripDebugInfo(*Dev);
  internalizeAndClean(*Dev, C.Kernels);
  // `long double` computes in double on GPUs (LongDouble.h).
  if (std::string Why; !demoteLongDouble(*Dev, Why)) {
    Ctx.emitError("ferry: " + Why);
    return nullptr;
  }
  if (!checkClosed(*Dev, M, Regions, Imports))
    return nullptr;
  std::string Broken;
  raw_string_ostream OS(Broken);
  if (verifyModule(*Dev, &OS)) {
    Ctx.emitError("ferry: internal error: the device module of this file's regions is "
                  "invalid: " +
                  Broken);
    return nullptr;
  }

  return Dev;
}

/// Compile: the images of the device module for every target (through the
/// compile cache), registered with the runtime by \p M's constructor.
/// What one target's compilation gives: its images (region kernels, native
/// NVIDIA code, routines; then the translated IR for the emulated devices)
/// or the first error, with warnings for the host's diagnostics.
struct TargetImages {
  std::vector<DeviceImage> Images;
  std::vector<DeviceImage> TranslatedIR;
  std::vector<std::string> Warnings;
  std::string Error;
};

/// Compiles the device modules (as bitcode, named \p ModuleID; empty: none)
/// for \p T, in an LLVMContext of its own, so that several targets can
/// compile at once.
/// \p Imports: the kernels call routines of other files (AMD: a relocatable
/// object, linked with them at load time).
void compileTarget(const DeviceTarget &T, CompileCache &Cache, StringRef BackendContext,
                   const OutlineOptions &Opts, const std::string &Ptxas,
                   StringRef ModuleID, StringRef KernelBitcode, StringRef LibBitcode,
                   StringRef DevBitcode, bool Imports, TargetImages &Out) {
  LLVMContext Local;
  auto Compile = [&](StringRef Bitcode, ImageKind Kind, StringRef What,
                     std::vector<DeviceImage> &To) {
    Expected<std::string> Bytes = Cache.compileBitcode(
        T, Bitcode, [&] { return parseBitcodeFile(MemoryBufferRef(Bitcode, ModuleID), Local); },
        Kind, BackendContext);
    // (Only with -mllvm options, when the targets compile one at a time.)
    restoreBackendOptions(Opts.BackendOptions);
    if (!Bytes) {
      Out.Error = "ferry: cannot compile this file's " + What.str() + " for " + T.arch() +
                  ": " + toString(Bytes.takeError());
      return false;
    }
    To.push_back({Kind, T.triple().str(), T.arch(), std::move(*Bytes)});
    return true;
  };
  const bool AMD = T.vendor() == Vendor::AMD;
  if (!KernelBitcode.empty()) {
    if (!Compile(KernelBitcode, AMD && Imports ? ImageKind::Object : T.loadableKind(),
                 "compute regions", Out.Images))
      return;
    if (!AMD)
      addCubins(DeviceImage(Out.Images.back()), Cache, Opts.Cubins, Ptxas, Out.Images,
                Out.Warnings);
  }
  if (!LibBitcode.empty() &&
      !Compile(LibBitcode, AMD ? ImageKind::Object : T.loadableKind(), "routines", Out.Images))
    return;
  if (!DevBitcode.empty() && T.produces(ImageKind::TranslatedIR))
    Compile(DevBitcode, ImageKind::TranslatedIR, "compute regions", Out.TranslatedIR);
}

/// The images' modules: the regions' kernels with what they call (the
/// routines this file exports are private copies there), and, when the file
/// defines routines for others, a library of those routines alone, without
/// kernels, which the runtime links with the kernel images that call them.
/// Either is null where there is none.
std::pair<std::unique_ptr<Module>, std::unique_ptr<Module>> splitDeviceModule(const Module &Dev,
                                                                              const Collected &C) {
  std::unique_ptr<Module> KernelDev;
  if (!C.RegionKernels.empty()) {
    KernelDev = CloneModule(Dev);
    internalizeAndClean(*KernelDev, C.RegionKernels);
  }
  std::unique_ptr<Module> LibDev;
  if (!C.Exports.empty()) {
    LibDev = CloneModule(Dev);
    if (NamedMDNode *Annotations = LibDev->getNamedMetadata("nvvm.annotations"))
      LibDev->eraseNamedMetadata(Annotations);
    for (const auto &K : C.RegionKernels)
      if (Function *F = LibDev->getFunction(K.getKey()))
        F->eraseFromParent();
    StringSet<> ExportNames;
    for (Function *F : C.Exports)
      ExportNames.insert(F->getName());
    internalizeAndClean(*LibDev, ExportNames);
  }
  return {std::move(KernelDev), std::move(LibDev)};
}

clang::SourceLocation constructLocation(const Region &R, clang::SourceManager &SM);

/// A target's failure to compile the device code (\p Error): at the
/// construct of the region whose kernel it names, with the region's name
/// for the kernel's and, for a work-item's private memory over the
/// target's limit, where that memory comes from; else without a location.
void reportCompileError(LLVMContext &Ctx, const OutlineOptions &Opts, const Collected &C,
                        std::string Error) {
  for (const Region &R : C.Regions) {
    if (!explainRegionError(Error, R.Kernel, R.Name))
      continue;
    clang::SourceLocation Loc;
    if (Opts.Diagnostics && Opts.Sources)
      Loc = constructLocation(R, *Opts.Sources);
    if (Loc.isValid()) {
      report(*Opts.Diagnostics, Loc, Diag::RegionNotCompiled) << Error;
      return;
    }
    break;
  }
  Ctx.emitError(Error);
}

/// `jit`: the device modules themselves (\p KernelBitcode, \p LibBitcode),
/// which the runtime compiles for a device that none of the images runs on
/// (ferry/DeferredCompile.h); `device-link`: the same, with what ferry-link
/// compiles them for and where the regions are; appended to \p Images.
void deferDeviceIR(LLVMContext &Ctx, const OutlineOptions &Opts, const Collected &C,
                   const std::string &Triple, const std::string &KernelBitcode,
                   const std::string &LibBitcode, bool LinkedKernels,
                   std::vector<DeviceImage> &Images) {
  // The link compiles without this compile's LLVM options (ferry-clang++
  // keeps the images in the compile then, unless told -foffload-lto).
  if (Opts.DeviceLink && !Opts.BackendOptions.empty())
    Ctx.diagnose(PluginWarning("ferry: the -mllvm options of this compile do not reach its "
                               "device code, which is compiled when the program is linked "
                               "(-foffload-lto): -fno-offload-lto compiles it here with them"));
  // Where the link reports a region it cannot compile.
  std::vector<RegionSite> RegionSites;
  for (const Region &R : C.Regions)
    if (!R.Kernel.empty())
      RegionSites.push_back(
          {R.Kernel, R.Name, R.File + ":" + std::to_string(R.Line) + ":" + std::to_string(R.Column)});
  const std::string Sites = Opts.DeviceLink ? writeRegionSites(RegionSites) : "";
  auto Defer = [&](const std::string &Bitcode, const char *Role) {
    if ((!Opts.Jit && !Opts.DeviceLink) || Bitcode.empty())
      return;
    Images.push_back({ImageKind::DeviceIR, Triple, "", Bitcode, Role});
    if (Opts.DeviceLink)
      Images.back().Strings = {{FERRY_LINK_TARGETS_KEY, join(Opts.Targets, ",")},
                               {FERRY_LINK_CUBINS_KEY, join(Opts.Cubins, ",")},
                               {FERRY_LINK_EMBED_IR_KEY, Opts.EmbedIR ? "1" : "0"}};
    if (Opts.DeviceLink && StringRef(Role) != FERRY_DEFERRED_ROUTINES)
      Images.back().Strings.push_back({FERRY_LINK_REGIONS_KEY, Sites});
  };
  Defer(KernelBitcode, LinkedKernels ? FERRY_DEFERRED_LINKED_KERNELS : FERRY_DEFERRED_KERNELS);
  Defer(LibBitcode, FERRY_DEFERRED_ROUTINES);
}

bool compileImages(Module &M, const OutlineOptions &Opts, const Module &Dev, const Collected &C,
                   const std::vector<std::string> &Imports) {
  LLVMContext &Ctx = M.getContext();
  auto [KernelDev, LibDev] = splitDeviceModule(Dev, C);
  std::vector<std::unique_ptr<DeviceTarget>> Targets;
  // (With device-link the link compiles them: each is checked here all the
  // same, so that an unknown processor is this compile's error.)
  for (const std::string &T : Opts.Targets) {
    Expected<std::unique_ptr<DeviceTarget>> Target = DeviceTarget::create(T);
    if (!Target) {
      Ctx.emitError("ferry: cannot compile this file's compute regions for " + T + ": " +
                    toString(Target.takeError()));
      return false;
    }
    if (!Opts.DeviceLink)
      Targets.push_back(std::move(*Target));
  }
  // A code object when the image is complete; a relocatable object (AMD)
  // when the runtime links it with routines of other files at load time.
  // Through the compile cache the JIT API and ferry-translate use
  // (FERRY_CACHE_DIR, FERRY_CACHE=0): an unchanged file rebuilds without
  // compiling its regions again; the -mllvm options are part of the key.
  CompileCache Cache;
  const std::string BackendContext = join(Opts.BackendOptions, " ");
  // Each target compiles in an LLVMContext of its own, from the device
  // modules' bitcode, so that the targets can compile at once (below).
  auto ToBitcode = [](const Module *Part) {
    std::string Bitcode;
    if (Part) {
      raw_string_ostream OS(Bitcode);
      WriteBitcodeToFile(*Part, OS, /*ShouldPreserveUseListOrder=*/true);
    }
    return Bitcode;
  };
  const std::string KernelBitcode = ToBitcode(KernelDev.get());
  const std::string LibBitcode = ToBitcode(LibDev.get());
  // The translated IR the emulated devices run, when a target makes it.
  const bool TranslatedIR = Opts.EmbedIR && any_of(Targets, [](const auto &T) {
                              return T->produces(ImageKind::TranslatedIR);
                            });
  const std::string DevBitcode = ToBitcode(TranslatedIR ? &Dev : nullptr);
  const std::string Ptxas = Opts.Cubins.empty() || Targets.empty() ? "" : findPtxas();
  std::vector<TargetImages> Results(Targets.size());
  auto CompileTarget = [&](size_t I) {
    compileTarget(*Targets[I], Cache, BackendContext, Opts, Ptxas, Dev.getModuleIdentifier(),
                  KernelBitcode, LibBitcode, DevBitcode, !Imports.empty(), Results[I]);
  };
  // One thread per target, as many at once as the machine has threads (or
  // FERRY_COMPILE_THREADS): a file's five default targets take about the
  // time of the slowest. With -mllvm options one after the other: lld (AMD
  // targets) resets LLVM's options, which restoreBackendOptions then sets
  // again.
  unsigned Threads = unsigned(Targets.size());
  if (std::optional<std::string> Env = sys::Process::GetEnv("FERRY_COMPILE_THREADS")) {
    unsigned N;
    if (!StringRef(*Env).getAsInteger(10, N) && N > 0)
      Threads = std::min(Threads, N);
  }
  if (Threads > 1 && Opts.BackendOptions.empty()) {
    DefaultThreadPool Pool(hardware_concurrency(Threads));
    for (size_t I = 0; I != Targets.size(); ++I)
      Pool.async(CompileTarget, I);
    Pool.wait();
  } else {
    for (size_t I = 0; I != Targets.size(); ++I)
      CompileTarget(I);
  }
  std::vector<DeviceImage> Images;
  for (TargetImages &R : Results) {
    for (const std::string &W : R.Warnings)
      Ctx.diagnose(PluginWarning(W));
    if (!R.Error.empty()) {
      reportCompileError(Ctx, Opts, C, R.Error);
      return false;
    }
    std::move(R.Images.begin(), R.Images.end(), std::back_inserter(Images));
  }
  // The emulated AMD devices run the translated IR.
  for (TargetImages &R : Results)
    std::move(R.TranslatedIR.begin(), R.TranslatedIR.end(), std::back_inserter(Images));
  deferDeviceIR(Ctx, Opts, C, Dev.getTargetTriple(), KernelBitcode, LibBitcode, !Imports.empty(),
                Images);
  emitImageRegistration(M, packageImages(Images));
  return true;
}

/// Fill: region \p R's slot names its kernel, the offsets of the closure's
/// pointers and the globals it passes by value (\p Untranslated: those whose
/// pointers are not translated at launch).
/// The names of \p R's closure pointers (ClosureNames.h), as an array of
/// strings for its ferry_device_kernel; null where they are not known.
Constant *pointerNames(Module &M, const Region &R, const ClosureNames *Names) {
  LLVMContext &Ctx = M.getContext();
  auto *Ptr = PointerType::get(Ctx, 0);
  // (Matched on all the closure's pointers, kept for those translated.)
  std::vector<std::string> All =
      Names ? Names->namesFor(R.Name, R.PointerOffsets) : std::vector<std::string>();
  std::vector<std::string> Found;
  for (size_t I = 0; I < All.size(); ++I)
    if (R.PointerRead[I])
      Found.push_back(std::move(All[I]));
  if (Found.empty() || none_of(Found, [](const std::string &N) { return !N.empty(); }))
    return ConstantPointerNull::get(Ptr);
  std::vector<Constant *> Strings;
  for (const std::string &N : Found) {
    if (N.empty()) {
      Strings.push_back(ConstantPointerNull::get(Ptr));
      continue;
    }
    Constant *Data = ConstantDataArray::getString(Ctx, N);
    auto *GV = new GlobalVariable(M, Data->getType(), true, GlobalValue::PrivateLinkage, Data,
                                  "__ferry_pointer_name");
    GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    Strings.push_back(GV);
  }
  auto *ArrTy = ArrayType::get(Ptr, Strings.size());
  auto *GV = new GlobalVariable(M, ArrTy, true, GlobalValue::PrivateLinkage,
                                ConstantArray::get(ArrTy, Strings), "__ferry_pointer_names");
  GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  return GV;
}

/// How \p R's closure pointers are translated at launch
/// (FERRY_POINTER_*, one per pointer read), as an array for its
/// ferry_device_kernel; null where all are FERRY_POINTER_DATA.
Constant *pointerKinds(Module &M, const Region &R, const ClosureNames *Names) {
  auto *Null = ConstantPointerNull::get(PointerType::get(M.getContext(), 0));
  if (!Names)
    return Null;
  const std::vector<std::string> All = Names->namesFor(R.Name, R.PointerOffsets);
  std::vector<uint8_t> Kinds;
  for (size_t I = 0; I < All.size(); ++I)
    if (R.PointerRead[I])
      Kinds.push_back(Names->isFirstprivate(R.Name, All[I]) ? FERRY_POINTER_VALUE
                                                            : FERRY_POINTER_DATA);
  if (none_of(Kinds, [](uint8_t K) { return K != FERRY_POINTER_DATA; }))
    return Null;
  Constant *Data = ConstantDataArray::get(M.getContext(), ArrayRef<uint8_t>(Kinds));
  auto *GV = new GlobalVariable(M, Data->getType(), true, GlobalValue::PrivateLinkage, Data,
                                "__ferry_pointer_kinds");
  GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  return GV;
}

void fillSlot(Module &M, const Region &R,
              const SmallPtrSetImpl<const GlobalVariable *> &Untranslated,
              const ClosureNames *Names) {
  LLVMContext &Ctx = M.getContext();
  auto *Init = cast<ConstantStruct>(R.Slot->getInitializer());
  auto *KernelTy = cast<StructType>(Init->getOperand(0)->getType());
  Constant *NameData = ConstantDataArray::getString(Ctx, R.Kernel);
  auto *NameGV = new GlobalVariable(M, NameData->getType(), true, GlobalValue::PrivateLinkage,
                                    NameData, "__ferry_kernel_name");
  NameGV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  Constant *Offsets = ConstantPointerNull::get(PointerType::get(Ctx, 0));
  const std::vector<uint32_t> Read = readPointerOffsets(R);
  if (!Read.empty()) {
    Constant *Data = ConstantDataArray::get(Ctx, ArrayRef<uint32_t>(Read));
    auto *GV = new GlobalVariable(M, Data->getType(), true, GlobalValue::PrivateLinkage, Data,
                                  "__ferry_pointer_offsets");
    GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    GV->setAlignment(Align(4));
    Offsets = GV;
  }
  Constant *Globals = ConstantPointerNull::get(PointerType::get(Ctx, 0));
  if (!R.Globals.empty()) {
    // ferry_device_global {const void *host; const char *symbol; size_t size;
    //                      const uint32_t *pointer_offsets; size_t num_pointers;}
    Type *SizeTy = KernelTy->getElementType(2);
    auto *EntryTy = StructType::get(Ctx, {PointerType::get(Ctx, 0), PointerType::get(Ctx, 0),
                                          SizeTy, PointerType::get(Ctx, 0), SizeTy});
    std::vector<Constant *> Entries;
    for (auto &[G, Symbol] : R.Globals) {
      Constant *SymData = ConstantDataArray::getString(Ctx, Symbol);
      auto *SymGV = new GlobalVariable(M, SymData->getType(), true, GlobalValue::PrivateLinkage,
                                       SymData, "__ferry_global_name");
      SymGV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
      // Its pointers are translated at launch, as the closure's are.
      std::vector<uint32_t> GlobalPointers;
      if (!Untranslated.count(G))
        pointerOffsets(G->getValueType(), 0, M.getDataLayout(), GlobalPointers);
      Constant *PointersGV = ConstantPointerNull::get(PointerType::get(Ctx, 0));
      if (!GlobalPointers.empty()) {
        Constant *Data = ConstantDataArray::get(Ctx, ArrayRef<uint32_t>(GlobalPointers));
        auto *GV = new GlobalVariable(M, Data->getType(), true, GlobalValue::PrivateLinkage, Data,
                                      "__ferry_global_pointer_offsets");
        GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
        GV->setAlignment(Align(4));
        PointersGV = GV;
      }
      Entries.push_back(ConstantStruct::get(
          EntryTy, {G, SymGV,
                    ConstantInt::get(SizeTy, M.getDataLayout().getTypeAllocSize(G->getValueType())),
                    PointersGV, ConstantInt::get(SizeTy, GlobalPointers.size())}));
    }
    auto *ArrTy = ArrayType::get(EntryTy, Entries.size());
    auto *GV = new GlobalVariable(M, ArrTy, true, GlobalValue::PrivateLinkage,
                                  ConstantArray::get(ArrTy, Entries), "__ferry_globals");
    Globals = GV;
  }
  SmallVector<Constant *, 8> Ops;
  for (Use &U : Init->operands())
    Ops.push_back(cast<Constant>(U.get()));
  Ops[0] = ConstantStruct::get(
      KernelTy,
      {NameGV, Offsets, ConstantInt::get(KernelTy->getElementType(2), Read.size()),
       Globals, ConstantInt::get(KernelTy->getElementType(4), R.Globals.size()),
       pointerNames(M, R, Names), pointerKinds(M, R, Names)});
  R.Slot->setInitializer(ConstantStruct::get(Init->getType(), Ops));
}

/// Where clang's diagnostics place region \p R's construct; invalid where
/// the file is not one clang read (a `#line` name, say).
clang::SourceLocation constructLocation(const Region &R, clang::SourceManager &SM) {
  clang::OptionalFileEntryRef File = SM.getFileManager().getOptionalFileRef(R.File);
  return File ? SM.translateFileLineCol(*File, R.Line, R.Column) : clang::SourceLocation();
}

/// Report (-fplugin-arg-ferry-remarks): how region \p R was outlined, as a
/// clang remark at its construct.
void reportRegion(const Region &R, const OutlineOptions &Opts) {
  std::string For = join(Opts.Targets, ",") + (Opts.DeviceLink ? " when linked" : "");
  if (Opts.Jit)
    For += (For.empty() ? "" : " and ") + std::string("the device it runs on (jit)");
  std::string Text = "'" + R.Name + "': kernel " + R.Kernel + " for " + For + "; closure of " +
                     std::to_string(R.ClosureSize) + " bytes";
  const std::vector<uint32_t> Read = readPointerOffsets(R);
  if (!Read.empty()) {
    Text += ", pointers attached at offsets";
    for (uint32_t O : Read)
      Text += " " + std::to_string(O);
  }
  if (const size_t Unread = R.PointerOffsets.size() - Read.size())
    Text += ", " + std::to_string(Unread) +
            (Unread == 1 ? " pointer its code never reads, left as it is"
                         : " pointers its code never reads, left as they are");
  if (!R.Globals.empty()) {
    Text += ", globals passed by value:";
    for (auto &[G, Symbol] : R.Globals)
      Text += " " + demangled(G->getName());
  }
  Text += R.Sequential ? "; one work-item (iterations in order)"
          : R.Workers  ? "; one iteration per gang, a block of num_workers workers (4 by default; "
                         "times vector_length/32 above a warp) of one warp each: its worker loops "
                         "over the workers, their vector loops over a worker's 32 lanes, worker "
                         "code on lane 0 of each worker, gang code on one work-item; blocks to "
                         "cover the iterations up to 65536 (num_gangs)"
          : R.Nested && R.WarpGangs
              ? "; one iteration per gang of one warp (its nested loops reduce; 8 gangs "
                "per block) whose work-items share its nested loops, its other code on one "
                "work-item; blocks to cover the iterations up to 65536 (num_gangs)"
          : R.Nested ? "; one iteration per gang of a block of vector_length work-items "
                       "(128 by default) that share its nested loops, its other code on one "
                       "work-item; blocks to cover the iterations up to 65536 (num_gangs)"
                     : "; vector_length work-items per block (256 by default), blocks to "
                       "cover the iterations up to 65536 (num_gangs), grid-stride";
  if (!R.NotNested.empty())
    Text += "; its nested loops run in order inside each iteration because " + R.NotNested;
  Text += R.PartialSize ? "; reduction partials of " + std::to_string(R.PartialSize) +
                              " bytes combined per block, then on the host"
                        : "";
  clang::SourceLocation Loc;
  if (Opts.Diagnostics && Opts.Sources)
    Loc = constructLocation(R, *Opts.Sources);
  if (Loc.isValid())
    report(*Opts.Diagnostics, Loc, Diag::OutlinedRegion) << Text;
  else
    errs() << R.Where << ": remark: " << Text << "\n";
}

} // namespace

PreservedAnalyses OutlineRegionsPass::run(Module &M, ModuleAnalysisManager &) {
  Collected C;
  if (!collect(M, Opts, C))
    return PreservedAnalyses::none();
  std::vector<std::string> Imports;
  std::unique_ptr<Module> Dev = buildDeviceModule(M, Opts, C, Imports);
  if (!Dev || !compileImages(M, Opts, *Dev, C, Imports))
    return PreservedAnalyses::none();
  for (const Region &R : C.Regions) {
    fillSlot(M, R, C.Untranslated, Opts.Names.get());
    if (Opts.Remarks)
      reportRegion(R, Opts);
  }
  return PreservedAnalyses::none();
}

} // namespace plugin
} // namespace ferry
