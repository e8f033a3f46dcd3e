//===- FunctionTable.cpp - The .ferry.functions section -------------------===//
///
/// \file
/// Implementation of the function table. The backend's summaries are the
/// numbers its resource-usage analysis computed (AMDGPUResourceUsageAnalysis,
/// not reachable from outside the target): for a function they include what
/// its callees use, as LLVM 19 prints them in verbose assembly after each
/// function:
///
///   .type   name,@function        ; opens the function
///   ; Function info:             ; or "; Kernel info:" for kernels
///   ; NumSgprs: 36
///   ; NumVgprs: 1
///   ; NumAgprs: 0                ; only on targets with AGPRs
///   ; ScratchSize: 0
///   ; LDSByteSize: 0 bytes/workgroup (compile time only)   ; kernels only
///
//===----------------------------------------------------------------------===//
#include "FunctionTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ferry {

namespace {

/// \p T as IR writes it, except that a struct without a name (a numbered
/// type, `%0 = type { double, double }`) is written as its body, also
/// within structs and arrays: Type::print writes such a struct's address,
/// which changes from run to run.
void printType(Type *T, raw_ostream &OS) {
  if (auto *ST = dyn_cast<StructType>(T); ST && !ST->hasName() && !ST->isOpaque()) {
    OS << (ST->isPacked() ? "<{" : "{");
    if (ST->getNumElements()) {
      OS << ' ';
      interleave(ST->elements(), OS, [&](Type *E) { printType(E, OS); }, ", ");
      OS << ' ';
    }
    OS << (ST->isPacked() ? "}>" : "}");
    return;
  }
  if (auto *AT = dyn_cast<ArrayType>(T)) {
    OS << '[' << AT->getNumElements() << " x ";
    printType(AT->getElementType(), OS);
    OS << ']';
    return;
  }
  T->print(OS);
}

std::string typeString(Type *T) {
  std::string S;
  raw_string_ostream OS(S);
  printType(T, OS);
  return S;
}

/// The symbol of a `.type NAME,@function` directive, unquoted; "" if
/// \p Line is not one.
StringRef typedFunction(StringRef Line) {
  Line = Line.trim();
  if (!Line.consume_front(".type") || !Line.ends_with(",@function"))
    return "";
  Line = Line.drop_back(StringRef(",@function").size()).trim();
  if (Line.size() >= 2 && Line.front() == '"' && Line.back() == '"')
    Line = Line.drop_front().drop_back();
  return Line;
}

} // namespace

std::vector<FunctionEntry> describeFunctions(const Module &M) {
  std::vector<FunctionEntry> Out;
  for (const Function &F : M) {
    if (F.isDeclaration())
      continue;
    FunctionEntry E;
    E.Name = F.getName().str();
    E.Kernel = F.getCallingConv() == CallingConv::AMDGPU_KERNEL;
    E.Local = F.hasLocalLinkage();
    E.AddressTaken = F.hasAddressTaken();
    E.ReturnType = typeString(F.getReturnType());
    for (Type *P : F.getFunctionType()->params())
      E.Params.push_back(typeString(P));
    for (const Instruction &I : instructions(F)) {
      const auto *Call = dyn_cast<CallBase>(&I);
      if (!Call || Call->isInlineAsm())
        continue;
      const auto *Callee =
          dyn_cast<Function>(Call->getCalledOperand()->stripPointerCasts());
      if (!Callee) {
        ++E.IndirectCalls;
        E.CallsUnknown = true;
        continue;
      }
      if (Callee->isIntrinsic())
        continue;
      E.Callees.push_back(Callee->getName().str());
      E.CallsUnknown |= Callee->isDeclaration();
    }
    llvm::sort(E.Callees);
    E.Callees.erase(std::unique(E.Callees.begin(), E.Callees.end()), E.Callees.end());
    Out.push_back(std::move(E));
  }
  llvm::sort(Out, [](const FunctionEntry &A, const FunctionEntry &B) {
    return A.Name < B.Name;
  });
  return Out;
}

Error readResourceSummaries(StringRef Asm, std::vector<FunctionEntry> &Functions) {
  StringMap<FunctionEntry *> ByName;
  for (FunctionEntry &E : Functions)
    ByName[E.Name] = &E;
  StringRef Current;           // the function whose code was last opened
  FunctionEntry *In = nullptr; // the function whose summary is being read
  SmallVector<StringRef, 0> Lines;
  Asm.split(Lines, '\n');
  for (StringRef Line : Lines) {
    if (StringRef Name = typedFunction(Line); !Name.empty()) {
      Current = Name;
      In = nullptr;
      continue;
    }
    StringRef Comment = Line.trim();
    if (!Comment.consume_front(";")) {
      In = nullptr;
      continue;
    }
    Comment = Comment.trim();
    if (Comment == "Function info:" || Comment == "Kernel info:") {
      auto It = ByName.find(Current);
      // Functions that code generation adds have no IR of their own to
      // describe; the table lists the module's.
      In = It == ByName.end() ? nullptr : It->second;
      if (In)
        In->HasResources = true;
      continue;
    }
    if (!In)
      continue;
    auto [Key, Value] = Comment.split(':');
    uint64_t N = 0;
    if (Value.trim().split(' ').first.getAsInteger(10, N))
      continue;
    if (Key == "NumSgprs")
      In->SGPRs = N;
    else if (Key == "NumVgprs")
      In->VGPRs = N;
    else if (Key == "NumAgprs")
      In->AGPRs = N;
    else if (Key == "ScratchSize")
      In->Scratch = N;
    else if (Key == "LDSByteSize")
      In->LDS = N;
  }
  for (const FunctionEntry &E : Functions)
    if (!E.HasResources)
      return createStringError(inconvertibleErrorCode(),
                               "the AMDGPU backend printed no resource usage for '%s'",
                               E.Name.c_str());
  return Error::success();
}

std::string encodeFunctionTable(ArrayRef<FunctionEntry> Functions, StringRef Target) {
  msgpack::Document Doc;
  msgpack::MapDocNode Root = Doc.getRoot().getMap(/*Convert=*/true);
  Root["version"] = Doc.getNode(uint64_t(FunctionsSectionVersion));
  Root["target"] = Doc.getNode(Target, /*Copy=*/true);
  msgpack::ArrayDocNode List = Root["functions"].getArray(/*Convert=*/true);
  for (const FunctionEntry &E : Functions) {
    msgpack::MapDocNode F = Doc.getMapNode();
    F["name"] = Doc.getNode(E.Name, /*Copy=*/true);
    F["kind"] = Doc.getNode(E.Kernel ? "kernel" : "function");
    F["local"] = Doc.getNode(E.Local);
    F["vgpr"] = Doc.getNode(E.VGPRs);
    F["sgpr"] = Doc.getNode(E.SGPRs);
    F["agpr"] = Doc.getNode(E.AGPRs);
    F["scratch"] = Doc.getNode(E.Scratch);
    F["lds"] = Doc.getNode(E.LDS);
    F["calls_unknown"] = Doc.getNode(E.CallsUnknown);
    F["return_type"] = Doc.getNode(E.ReturnType, /*Copy=*/true);
    F["param_count"] = Doc.getNode(uint64_t(E.Params.size()));
    msgpack::ArrayDocNode Params = F["params"].getArray(/*Convert=*/true);
    for (const std::string &P : E.Params)
      Params.push_back(Doc.getNode(P, /*Copy=*/true));
    msgpack::ArrayDocNode Callees = F["callees"].getArray(/*Convert=*/true);
    for (const std::string &C : E.Callees)
      Callees.push_back(Doc.getNode(C, /*Copy=*/true));
    F["indirect_calls"] = Doc.getNode(E.IndirectCalls);
    F["address_taken"] = Doc.getNode(E.AddressTaken);
    List.push_back(F);
  }
  std::string Blob;
  Doc.writeToBlob(Blob);
  return Blob;
}

std::string functionTableDirectives(StringRef Contents) {
  std::string Text;
  raw_string_ostream OS(Text);
  // No flags: not SHF_ALLOC, so loaders never map it; alignment 1, so a
  // linker concatenates the tables of its inputs without padding.
  OS << "\t.section\t\"" << FunctionsSectionName << "\",\"\",@progbits\n";
  for (size_t I = 0; I < Contents.size(); I += 32) {
    OS << "\t.byte\t";
    for (size_t J = I; J < std::min(Contents.size(), I + 32); ++J)
      OS << (J == I ? "" : ",") << unsigned(uint8_t(Contents[J]));
    OS << "\n";
  }
  return OS.str();
}

} // namespace ferry
