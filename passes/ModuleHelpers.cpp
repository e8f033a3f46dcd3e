//===- ModuleHelpers.cpp - Functions the translator adds to a module ------===//
///
/// \file
/// Implementation of getOrCreateHelper.
///
//===----------------------------------------------------------------------===//
#include "ModuleHelpers.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace ferry {

Function *getOrCreateHelper(Module &M, StringRef Name, FunctionType *Ty,
                            bool Convergent,
                            function_ref<void(Function &)> Build) {
  if (Function *F = M.getFunction(Name))
    return F;
  Function *F = Function::Create(Ty, GlobalValue::InternalLinkage, Name, M);
  F->addFnAttr(Attribute::AlwaysInline);
  F->addFnAttr(Attribute::NoUnwind);
  if (Convergent)
    F->addFnAttr(Attribute::Convergent);
  Build(*F);
  return F;
}

} // namespace ferry
