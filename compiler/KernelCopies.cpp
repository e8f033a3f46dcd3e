//===- KernelCopies.cpp - Identical kernels compiled once -----------------===//
///
/// \file
/// Templated CUDA libraries instantiate one kernel template for types that
/// are the same in code: cub's radix sort gives 46 kernels for six key and
/// value types, of which 17 are, as IR, another kernel under another name
/// (the scans of the digit counts do not depend on the key type at all).
/// AMDGPU code generation is where a module's time goes (the schedulers'
/// alias analysis above all), so each such kernel is compiled once:
///
/// - removeKernelCopies, on the linked module before optimization (which
///   then runs once per kernel too) and again after it (where inlining
///   made more kernels equal), compares the kernels
///   (SameFunction: position by position, instruction by instruction; the
///   constants, attributes and metadata must be the same, the
///   workgroup-memory variables that only one of the two kernels uses may
///   differ by name if they agree in type, alignment and initial value),
///   and removes the later of two equal kernels, with the workgroup-memory
///   variables only it used;
/// - code generation compiles the rest;
/// - addKernelCopies then writes each copy into the assembly as its
///   original's text under the copy's name: the code (its local labels
///   renamed), the kernel descriptor (`.amdhsa_kernel`), the resource
///   summary the function table reads (FunctionTable.h) and the kernel's
///   entry in the code object metadata, through llvm::msgpack.
///
/// The copy therefore runs its original's instructions, which compute what
/// its own would: both are the same function, and workgroup memory belongs
/// to one launch, so where the original's variables lie in it is nothing
/// the copy's caller can see. The radix sort's translation for gfx90a
/// takes about 18 % less CPU (bench/README.md), each kernel's disassembly,
/// its metadata entry and the function table the same as without copies
/// (the code objects differ in the order of symbols and metadata entries).
///
//===----------------------------------------------------------------------===//
#include "KernelCopies.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace llvm;

static cl::opt<bool> KernelCopies(
    "ferry-kernel-copies", cl::init(true),
    cl::desc("Compile an AMDGPU kernel that is the same function as an earlier kernel of "
             "its module once: its code, descriptor and metadata are the earlier one's"));

namespace ferry {

namespace {

constexpr unsigned LocalAddressSpace = 3; // AMDGPU workgroup memory (LDS)

bool isSymbolChar(char C) { return isAlnum(C) || C == '_' || C == '.' || C == '$'; }

/// A name assembly writes without quotes and that has no '.': the text
/// rewriting below finds it as one part of a dotted token (`.text.NAME`,
/// `NAME.kd`).
bool isPlainName(StringRef Name) {
  return !Name.empty() && !isDigit(Name.front()) &&
         all_of(Name, [](char C) { return isAlnum(C) || C == '_' || C == '$'; });
}

/// The one function whose instructions use \p GV, directly or through
/// constant expressions; null if there is none or more than one, or if
/// anything but an instruction or a constant expression uses it.
const Function *soleUser(const GlobalVariable &GV) {
  const Function *Only = nullptr;
  SmallVector<const Value *, 8> Work{&GV};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const User *U : V->users()) {
      if (const auto *I = dyn_cast<Instruction>(U)) {
        if (Only && Only != I->getFunction())
          return nullptr;
        Only = I->getFunction();
      } else if (isa<ConstantExpr>(U) || isa<ConstantAggregate>(U)) {
        Work.push_back(U);
      } else {
        return nullptr;
      }
    }
  }
  return Only;
}

/// Workgroup memory of \p F alone, which a launch of \p F starts with
/// undefined.
bool isOwnWorkgroupMemory(const GlobalVariable &GV, const Function &F) {
  return GV.getAddressSpace() == LocalAddressSpace && GV.hasInitializer() &&
         isa<UndefValue>(GV.getInitializer()) && !GV.isConstant() && !GV.isThreadLocal() &&
         !GV.hasSection() && !GV.hasMetadata() && soleUser(GV) == &F;
}

/// Whether two functions compute the same thing, compared position by
/// position.
class SameFunction {
public:
  SameFunction(const Function &L, const Function &R) : L(L), R(R) {}

  bool run() {
    if (!sameHeader())
      return false;
    for (auto [A, B] : zip(L.args(), R.args()))
      Values[&A] = &B;
    if (L.size() != R.size())
      return false;
    for (auto [BA, BB] : zip(L, R)) {
      if (BA.size() != BB.size())
        return false;
      Values[&BA] = &BB;
      for (auto [IA, IB] : zip(BA, BB))
        Values[&IA] = &IB;
    }
    for (auto [BA, BB] : zip(L, R))
      for (auto [IA, IB] : zip(BA, BB))
        if (!sameInstruction(IA, IB))
          return false;
    return true;
  }

private:
  bool sameHeader() {
    return L.getFunctionType() == R.getFunctionType() &&
           L.getAttributes() == R.getAttributes() &&
           L.getCallingConv() == R.getCallingConv() && L.getLinkage() == R.getLinkage() &&
           L.getVisibility() == R.getVisibility() &&
           L.getUnnamedAddr() == R.getUnnamedAddr() && L.hasComdat() == R.hasComdat() &&
           L.getSection() == R.getSection() && L.getAlign() == R.getAlign() && !L.hasGC() &&
           !R.hasGC() && !L.hasPersonalityFn() && !R.hasPersonalityFn() &&
           !L.hasPrefixData() && !R.hasPrefixData() && !L.hasPrologueData() &&
           !R.hasPrologueData() && sameAttachments(L, R);
  }

  template <typename T> bool sameAttachments(const T &A, const T &B) {
    SmallVector<std::pair<unsigned, MDNode *>, 4> MA, MB;
    A.getAllMetadata(MA);
    B.getAllMetadata(MB);
    if (MA.size() != MB.size())
      return false;
    for (auto [EA, EB] : zip(MA, MB))
      if (EA.first != EB.first || !sameMetadata(EA.second, EB.second))
        return false;
    return true;
  }

  bool sameInstruction(const Instruction &A, const Instruction &B) {
    if (!A.isSameOperationAs(&B) ||
        A.getRawSubclassOptionalData() != B.getRawSubclassOptionalData())
      return false;
    if (const auto *GA = dyn_cast<GetElementPtrInst>(&A))
      if (GA->getSourceElementType() != cast<GetElementPtrInst>(B).getSourceElementType())
        return false;
    if (const auto *CA = dyn_cast<CallBase>(&A))
      if (CA->getFunctionType() != cast<CallBase>(B).getFunctionType())
        return false;
    for (unsigned I = 0, N = A.getNumOperands(); I < N; ++I)
      if (!sameValue(A.getOperand(I), B.getOperand(I)))
        return false;
    if (const auto *PA = dyn_cast<PHINode>(&A))
      for (unsigned I = 0, N = PA->getNumIncomingValues(); I < N; ++I)
        if (!sameValue(PA->getIncomingBlock(I), cast<PHINode>(B).getIncomingBlock(I)))
          return false;
    return sameAttachments(A, B);
  }

  bool sameValue(const Value *A, const Value *B) {
    if (auto It = Values.find(A); It != Values.end())
      return It->second == B;
    if (isa<Argument, Instruction, BasicBlock>(A))
      return false;
    if (const auto *CA = dyn_cast<Constant>(A)) {
      const auto *CB = dyn_cast<Constant>(B);
      return CB && sameConstant(CA, CB);
    }
    if (const auto *MA = dyn_cast<MetadataAsValue>(A)) {
      const auto *MB = dyn_cast<MetadataAsValue>(B);
      return MB && sameMetadata(MA->getMetadata(), MB->getMetadata());
    }
    return A == B; // inline assembly: uniqued by its text and type
  }

  bool sameConstant(const Constant *A, const Constant *B) {
    if (A == B)
      return true;
    if (A->getType() != B->getType())
      return false;
    if (const auto *GA = dyn_cast<GlobalVariable>(A)) {
      const auto *GB = dyn_cast<GlobalVariable>(B);
      return GB && sameOwnMemory(*GA, *GB);
    }
    if (const auto *EA = dyn_cast<ConstantExpr>(A)) {
      const auto *EB = dyn_cast<ConstantExpr>(B);
      if (!EB || EA->getOpcode() != EB->getOpcode() ||
          EA->getRawSubclassOptionalData() != EB->getRawSubclassOptionalData())
        return false;
      if (const auto *GA = dyn_cast<GEPOperator>(EA)) {
        const auto *GB = cast<GEPOperator>(EB);
        if (GA->getSourceElementType() != GB->getSourceElementType() ||
            GA->getInRange() != GB->getInRange())
          return false;
      } else if (!EA->isCast() && !Instruction::isBinaryOp(EA->getOpcode())) {
        return false; // vector shuffles and the like: only where identical
      }
    } else if (!isa<ConstantAggregate>(A) || !isa<ConstantAggregate>(B)) {
      return false;
    }
    if (A->getNumOperands() != B->getNumOperands())
      return false;
    for (unsigned I = 0, N = A->getNumOperands(); I < N; ++I)
      if (!sameConstant(cast<Constant>(A->getOperand(I)), cast<Constant>(B->getOperand(I))))
        return false;
    return true;
  }

  /// Two variables of workgroup memory that only L resp. R use, paired
  /// one to one.
  bool sameOwnMemory(const GlobalVariable &A, const GlobalVariable &B) {
    if (auto It = Memory.find(&A); It != Memory.end())
      return It->second == &B;
    if (MemoryTaken.contains(&B) || A.getValueType() != B.getValueType() ||
        A.getAlign() != B.getAlign() || A.getAttributes() != B.getAttributes() ||
        A.getInitializer() != B.getInitializer() || !isOwnWorkgroupMemory(A, L) ||
        !isOwnWorkgroupMemory(B, R))
      return false;
    Memory[&A] = &B;
    MemoryTaken.insert(&B);
    return true;
  }

  bool sameMetadata(const Metadata *A, const Metadata *B) {
    if (A == B)
      return true;
    if (!A || !B)
      return false;
    if (const auto *CA = dyn_cast<ConstantAsMetadata>(A)) {
      const auto *CB = dyn_cast<ConstantAsMetadata>(B);
      return CB && sameConstant(CA->getValue(), CB->getValue());
    }
    if (const auto *LA = dyn_cast<LocalAsMetadata>(A)) {
      const auto *LB = dyn_cast<LocalAsMetadata>(B);
      return LB && sameValue(LA->getValue(), LB->getValue());
    }
    // Tuples only (loop properties, alias scopes): the distinct ones are
    // one function's own (`!llvm.loop`), compared by content; a pair under
    // comparison counts as the same, which closes their self-references.
    const auto *NA = dyn_cast<MDTuple>(A);
    const auto *NB = dyn_cast<MDTuple>(B);
    if (!NA || !NB || NA->isDistinct() != NB->isDistinct() ||
        NA->getNumOperands() != NB->getNumOperands())
      return false;
    if (!Nodes.insert({NA, NB}).second)
      return true;
    for (unsigned I = 0, N = NA->getNumOperands(); I < N; ++I)
      if (!sameMetadata(NA->getOperand(I), NB->getOperand(I)))
        return false;
    return true;
  }

  const Function &L, &R;
  /// L's arguments, blocks and instructions to R's at the same positions.
  DenseMap<const Value *, const Value *> Values;
  DenseMap<const GlobalVariable *, const GlobalVariable *> Memory;
  DenseSet<const GlobalVariable *> MemoryTaken;
  DenseSet<std::pair<const MDNode *, const MDNode *>> Nodes;
};

/// What equal functions share: their type, and their opcodes in order.
hash_code shapeOf(const Function &F) {
  hash_code H = hash_value(F.getFunctionType());
  for (const BasicBlock &BB : F) {
    H = hash_combine(H, BB.size());
    for (const Instruction &I : BB)
      H = hash_combine(H, I.getOpcode());
  }
  return H;
}

/// Erases kernel \p F and the workgroup memory only it used.
void eraseKernel(Function &F) {
  SmallVector<GlobalVariable *, 4> Own;
  for (GlobalVariable &GV : F.getParent()->globals())
    if (isOwnWorkgroupMemory(GV, F))
      Own.push_back(&GV);
  F.eraseFromParent();
  for (GlobalVariable *GV : Own) {
    GV->removeDeadConstantUsers();
    if (GV->use_empty())
      GV->eraseFromParent();
  }
}

Error fail(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(),
                           "cannot copy identical kernels in the assembly: " + Message);
}

bool isSectionDirective(StringRef Line) {
  Line = Line.trim();
  return Line == ".text" || Line.starts_with(".section");
}

/// The text of function \p Name in \p Lines: the section directive in
/// force at LLVM's "-- Begin function" comment, the lines from that comment
/// to the "-- End function" comment, and the resource summary after them
/// (the `.AMDGPU.csdata` lines); and the index of the line after it.
Expected<std::pair<std::string, size_t>> functionText(ArrayRef<StringRef> Lines,
                                                      StringRef Name) {
  std::string Begin = ("; -- Begin function " + Name).str();
  auto Start = find_if(Lines, [&](StringRef Line) { return Line.ends_with(Begin); });
  if (Start == Lines.end())
    return fail("no code of kernel '" + Name + "'");
  auto Section = std::find_if(std::make_reverse_iterator(Start), Lines.rend(),
                              isSectionDirective);
  if (Section == Lines.rend())
    return fail("no section directive before kernel '" + Name + "'");
  size_t First = Start - Lines.begin(), End = First;
  while (End < Lines.size() && Lines[End].trim() != "; -- End function")
    ++End;
  if (End == Lines.size())
    return fail("the code of kernel '" + Name + "' does not end");
  ++End;
  if (End < Lines.size() && Lines[End].trim().starts_with(".section\t.AMDGPU.csdata")) {
    ++End;
    while (End < Lines.size() && Lines[End].trim().starts_with(";"))
      ++End;
  }
  std::string Text = Section->str();
  for (StringRef Line : Lines.slice(First, End - First))
    (Text += '\n') += Line;
  return std::make_pair(std::move(Text), End);
}

/// \p Text (an original's lines) with \p Original renamed \p Copy, also as
/// a dotted part (`.text.NAME`, `NAME.kd`), and the local labels it defines
/// given the suffix \p Suffix.
std::string renameFunctionText(StringRef Text, StringRef Original, StringRef Copy,
                               StringRef Suffix) {
  StringSet<> Labels;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef Line : Lines)
    if (Line.starts_with(".L") && Line.contains(':'))
      Labels.insert(Line.split(':').first);
  std::string Out;
  Out.reserve(Text.size() + Text.size() / 8);
  for (size_t I = 0; I < Text.size();) {
    if (!isSymbolChar(Text[I])) {
      Out += Text[I++];
      continue;
    }
    size_t J = I;
    while (J < Text.size() && isSymbolChar(Text[J]))
      ++J;
    StringRef Token = Text.slice(I, J);
    I = J;
    if (Labels.contains(Token)) {
      (Out += Token) += Suffix;
      continue;
    }
    SmallVector<StringRef, 4> Parts;
    Token.split(Parts, '.');
    for (auto [K, Part] : enumerate(Parts))
      (Out += K ? "." : "") += Part == Original ? Copy : Part;
  }
  return Out;
}

/// A copy of \p N whose maps and arrays are its own.
msgpack::DocNode copyNode(msgpack::Document &Doc, msgpack::DocNode N) {
  if (N.isMap()) {
    msgpack::MapDocNode Copy = Doc.getMapNode();
    for (auto &[Key, Value] : N.getMap())
      Copy[Key] = copyNode(Doc, Value);
    return Copy;
  }
  if (N.isArray()) {
    msgpack::ArrayDocNode Copy = Doc.getArrayNode();
    for (msgpack::DocNode &E : N.getArray())
      Copy.push_back(copyNode(Doc, E));
    return Copy;
  }
  return N;
}

/// The metadata text between `.amdgpu_metadata` and `.end_amdgpu_metadata`
/// with an entry in amdhsa.kernels for each copy.
Expected<std::string> addMetadataEntries(StringRef YAML, ArrayRef<KernelCopy> Copies) {
  msgpack::Document Doc;
  if (!Doc.fromYAML(YAML))
    return fail("its metadata does not parse");
  msgpack::DocNode &Kernels = Doc.getRoot().getMap()["amdhsa.kernels"];
  if (!Kernels.isArray())
    return fail("its metadata lists no kernels");
  StringMap<msgpack::DocNode> ByName;
  for (msgpack::DocNode &K : Kernels.getArray())
    if (K.isMap() && K.getMap()[".name"].isString())
      ByName[K.getMap()[".name"].getString()] = K;
  for (const KernelCopy &C : Copies) {
    auto It = ByName.find(C.Original);
    if (It == ByName.end())
      return fail("no metadata for kernel '" + C.Original + "'");
    msgpack::MapDocNode Entry = copyNode(Doc, It->second).getMap();
    Entry[".name"] = Doc.getNode(C.Name, /*Copy=*/true);
    Entry[".symbol"] = Doc.getNode(C.Name + ".kd", /*Copy=*/true);
    Kernels.getArray().push_back(Entry);
  }
  std::string Out;
  raw_string_ostream OS(Out);
  Doc.toYAML(OS);
  return Out;
}

} // namespace

std::vector<KernelCopy> removeKernelCopies(Module &M) {
  std::vector<KernelCopy> Copies;
  if (!KernelCopies || M.getNamedMetadata("llvm.dbg.cu"))
    return Copies;
  DenseMap<hash_code, SmallVector<Function *, 2>> Originals;
  SmallVector<Function *, 8> Removed;
  for (Function &F : M) {
    if (F.isDeclaration() || F.getCallingConv() != CallingConv::AMDGPU_KERNEL ||
        !F.use_empty() || !isPlainName(F.getName()))
      continue;
    SmallVector<Function *, 2> &Candidates = Originals[shapeOf(F)];
    auto It = find_if(Candidates, [&](Function *O) { return SameFunction(*O, F).run(); });
    if (It == Candidates.end()) {
      Candidates.push_back(&F);
      continue;
    }
    Copies.push_back({F.getName().str(), (*It)->getName().str()});
    Removed.push_back(&F);
  }
  for (Function *F : Removed)
    eraseKernel(*F);
  return Copies;
}

void mergeKernelCopies(std::vector<KernelCopy> &Earlier, std::vector<KernelCopy> Later) {
  StringMap<std::string> OriginalOf;
  for (const KernelCopy &C : Later)
    OriginalOf[C.Name] = C.Original;
  for (KernelCopy &C : Earlier)
    if (auto It = OriginalOf.find(C.Original); It != OriginalOf.end())
      C.Original = It->second;
  llvm::append_range(Earlier, std::move(Later));
}

Error addKernelCopies(std::string &Asm, ArrayRef<KernelCopy> Copies) {
  if (Copies.empty())
    return Error::success();
  SmallVector<StringRef, 0> Lines;
  StringRef(Asm).split(Lines, '\n');
  // Each original's copies go right after its lines, in the order given.
  std::map<size_t, std::string> After; // line index -> text inserted before it
  for (auto [I, C] : enumerate(Copies)) {
    Expected<std::pair<std::string, size_t>> Original = functionText(Lines, C.Original);
    if (!Original)
      return Original.takeError();
    After[Original->second] +=
        renameFunctionText(Original->first, C.Original, C.Name,
                           (".ferry.copy" + Twine(I)).str()) +
        "\n";
  }
  auto MetaBegin = find_if(Lines, [](StringRef L) { return L.trim() == ".amdgpu_metadata"; });
  auto MetaEnd = find_if(Lines, [](StringRef L) { return L.trim() == ".end_amdgpu_metadata"; });
  if (MetaBegin == Lines.end() || MetaEnd <= MetaBegin)
    return fail("it has no code object metadata");
  size_t MB = MetaBegin - Lines.begin(), ME = MetaEnd - Lines.begin();
  Expected<std::string> Metadata = addMetadataEntries(
      join(ArrayRef(Lines).slice(MB + 1, ME - MB - 1), "\n"), Copies);
  if (!Metadata)
    return Metadata.takeError();
  std::string Out;
  Out.reserve(Asm.size() * 3 / 2);
  for (size_t I = 0; I < Lines.size(); ++I) {
    if (auto It = After.find(I); It != After.end())
      Out += It->second;
    if (I > MB && I < ME) {
      if (I == MB + 1)
        Out += *Metadata;
      continue;
    }
    Out += Lines[I];
    if (I + 1 < Lines.size())
      Out += '\n';
  }
  Asm = std::move(Out);
  return Error::success();
}

} // namespace ferry
