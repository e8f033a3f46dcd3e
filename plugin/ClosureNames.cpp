//===- ClosureNames.cpp - The variables behind a closure's pointers -------===//
///
/// \file
/// See ClosureNames.h.
///
//===----------------------------------------------------------------------===//
#include "ClosureNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "llvm/ADT/DenseMap.h"

#include <algorithm>

using namespace clang;
using namespace llvm;

namespace ferry {
namespace plugin {
namespace {

/// As many fields as the outliner lists at most (pointerOffsets).
constexpr size_t MaxPointers = 4096;

/// The pointer fields of an object of type \p T at \p Base, as the
/// outliner's pointerOffsets finds them in the IR type: pointers and
/// references, the vtable pointer of a dynamic class, through bases,
/// members and constant-size arrays; not `deviceptr` holders, whose values
/// are device addresses already.
void pointerFields(ASTContext &Ctx, QualType T, uint64_t Base, const std::string &Name,
                   ClosureNames::Layout &Out) {
  if (Out.size() >= MaxPointers)
    return;
  T = T.getCanonicalType();
  if (T->isPointerType() || T->isReferenceType() || T->isBlockPointerType() ||
      T->isObjCObjectPointerType()) {
    Out.emplace_back(uint32_t(Base), Name);
    return;
  }
  if (const ConstantArrayType *AT = Ctx.getAsConstantArrayType(T)) {
    const uint64_t Size = Ctx.getTypeSizeInChars(AT->getElementType()).getQuantity();
    const uint64_t N = AT->getSize().getZExtValue();
    for (uint64_t I = 0; I < N && Out.size() < MaxPointers; ++I)
      pointerFields(Ctx, AT->getElementType(), Base + I * Size,
                    Name + "[" + std::to_string(I) + "]", Out);
    return;
  }
  const auto *RT = T->getAs<RecordType>();
  const RecordDecl *RD = RT ? RT->getDecl()->getDefinition() : nullptr;
  if (!RD || RD->isUnion())
    return;
  const std::string TypeName = RD->getQualifiedNameAsString();
  if (TypeName == "ferry::acc::device_address" ||
      StringRef(TypeName).starts_with("ferry_device_address"))
    return;
  const ASTRecordLayout &L = Ctx.getASTRecordLayout(RD);
  if (const auto *CXX = dyn_cast<CXXRecordDecl>(RD)) {
    if (CXX->isDynamicClass() && !L.getPrimaryBase())
      Out.emplace_back(uint32_t(Base), Name + " (its vtable pointer)");
    for (const CXXBaseSpecifier &B : CXX->bases())
      if (const CXXRecordDecl *BD = B.getType()->getAsCXXRecordDecl(); BD && !B.isVirtual())
        pointerFields(Ctx, B.getType(), Base + L.getBaseClassOffset(BD).getQuantity(), Name,
                      Out);
  }
  for (const FieldDecl *F : RD->fields()) {
    if (F->isBitField() || F->isZeroSize(Ctx))
      continue;
    const uint64_t Offset = Ctx.toCharUnitsFromBits(L.getFieldOffset(F->getFieldIndex()))
                                .getQuantity();
    pointerFields(Ctx, F->getType(), Base + Offset, Name + "." + F->getNameAsString(), Out);
  }
}

} // namespace

void ClosureNames::add(StringRef Region, Layout L) {
  std::vector<Layout> &Known = Layouts[Region.str()];
  if (std::find(Known.begin(), Known.end(), L) == Known.end())
    Known.push_back(std::move(L));
}

void ClosureNames::addLambda(ASTContext &Ctx, StringRef Region, const LambdaExpr *Body) {
  const CXXRecordDecl *Class = Body->getLambdaClass();
  if (!Class || Class->isDependentType() || !Class->hasDefinition())
    return;
  DenseMap<const ValueDecl *, FieldDecl *> Captures;
  FieldDecl *This = nullptr;
  Class->getCaptureFields(Captures, This);
  DenseMap<const FieldDecl *, std::string> Names;
  for (const auto &[Var, Field] : Captures)
    Names[Field] = Var->getNameAsString();
  if (This)
    Names[This] = "this";
  const ASTRecordLayout &L = Ctx.getASTRecordLayout(Class);
  Layout Out;
  for (const FieldDecl *F : Class->fields()) {
    auto It = Names.find(F);
    if (It == Names.end())
      continue; // (a VLA's bound: no pointer)
    const uint64_t Offset = Ctx.toCharUnitsFromBits(L.getFieldOffset(F->getFieldIndex()))
                                .getQuantity();
    pointerFields(Ctx, F->getType(), Offset, It->second, Out);
  }
  add(Region, std::move(Out));
}

void ClosureNames::addStruct(ASTContext &Ctx, StringRef Region, const RecordDecl *RD) {
  RD = RD ? RD->getDefinition() : nullptr;
  if (!RD)
    return;
  const ASTRecordLayout &L = Ctx.getASTRecordLayout(RD);
  Layout Out;
  for (const FieldDecl *F : RD->fields()) {
    // CRegion.cpp names a field after its variable; a reference capture is
    // `__ferry_ref_<name>`; the rest of `__ferry_` is Ferry's own.
    StringRef Name = F->getName();
    const bool Own = !Name.consume_front("__ferry_ref_") && Name.starts_with("__ferry_");
    const uint64_t Offset = Ctx.toCharUnitsFromBits(L.getFieldOffset(F->getFieldIndex()))
                                .getQuantity();
    const size_t Before = Out.size();
    pointerFields(Ctx, F->getType(), Offset, Name.str(), Out);
    if (Own) // no variable of the program's
      for (size_t I = Before; I < Out.size(); ++I)
        Out[I].second.clear();
  }
  add(Region, std::move(Out));
}

std::vector<std::string> ClosureNames::namesFor(StringRef Region,
                                                ArrayRef<uint32_t> Offsets) const {
  auto It = Layouts.find(Region);
  if (It == Layouts.end())
    return {};
  std::vector<std::string> Names;
  for (const Layout &L : It->second) {
    if (L.size() != Offsets.size() ||
        !std::equal(L.begin(), L.end(), Offsets.begin(),
                    [](const auto &P, uint32_t O) { return P.first == O; }))
      continue;
    std::vector<std::string> These;
    for (const auto &P : L)
      These.push_back(P.second);
    if (!Names.empty() && Names != These)
      return {};
    Names = std::move(These);
  }
  return Names;
}

void ClosureNames::addFirstprivate(StringRef Region, StringRef Name) {
  Firstprivate.emplace(Region.str(), Name.str());
}

bool ClosureNames::isFirstprivate(StringRef Region, StringRef Name) const {
  return Firstprivate.count(std::make_pair(Region.str(), Name.str())) != 0;
}

} // namespace plugin
} // namespace ferry
