//===- PTXMemoryOps.cpp - Memory instructions of PTX ----------------------===//
///
/// \file
/// ld/ldu/st with state spaces (.global .shared .local .const .param,
/// generic), cache qualifiers (.nc .ca .cg .cs .lu .cv .wb .wt, L2 hints;
/// .cs/.lu become !nontemporal, .cv/.volatile volatile), memory orders
/// (.relaxed .acquire .release with .cta/.gpu/.sys scopes) and vector widths
/// (.v2/.v4); atom and red; cvta; prefetch (dropped: a hint); fence and
/// membar. Scopes map as the translator's atomics do: cta -> workgroup,
/// gpu/cluster -> agent, sys -> system. Texture and surface instructions
/// are diagnosed: they read through texture or surface objects, which
/// Ferry's runtime does not create.
///
//===----------------------------------------------------------------------===//
#include "PTXTranslator.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace ferry {
namespace {

std::optional<SyncScope::ID> scopeOf(LLVMContext &Ctx, StringRef W) {
  if (W == "cta")
    return Ctx.getOrInsertSyncScopeID("workgroup");
  if (W == "gpu" || W == "cluster" || W == "gl")
    return Ctx.getOrInsertSyncScopeID("agent");
  if (W == "sys")
    return SyncScope::System;
  return std::nullopt;
}

unsigned spaceOf(StringRef W) {
  return StringSwitch<unsigned>(W)
      .Case("global", 1)
      .Case("shared", 3)
      .Case("local", 5)
      .Case("const", 4)
      .Case("param", 0) // kernel parameters are read through generic pointers
      .Default(~0u);
}

/// The qualifiers of ld/st/atom/red.
struct Access {
  unsigned AS = 0;
  std::optional<SyncScope::ID> Scope;
  AtomicOrdering Ord = AtomicOrdering::NotAtomic;
  bool Volatile = false, NonTemporal = false;
  unsigned Vector = 1;
  PTXType Ty;
  StringRef AtomicOp;
};

bool decode(PTXTranslator &T, const PTXStatement &S, Access &A) {
  LLVMContext &Ctx = T.B.getContext();
  const bool IsAtomic = S.Parts[0] == "atom" || S.Parts[0] == "red";
  for (StringRef W : ArrayRef<StringRef>(S.Parts).drop_front()) {
    if (unsigned AS = spaceOf(W); AS != ~0u)
      A.AS = AS;
    else if (W == "nc" || W == "ca" || W == "cg" || W == "wb" || W == "wt" ||
             W.starts_with("L1::") || W.starts_with("L2::") || W == "weak")
      ; // cache policy hints
    else if (W == "cs" || W == "lu")
      A.NonTemporal = true;
    else if (W == "cv" || W == "volatile")
      A.Volatile = true;
    else if (IsAtomic && W == "noftz")
      ; // atom.add.noftz.f16/.bf16: subnormals kept, as the IR's fadd keeps them
    else if (W == "relaxed")
      A.Ord = AtomicOrdering::Monotonic;
    else if (W == "acquire")
      A.Ord = AtomicOrdering::Acquire;
    else if (W == "release")
      A.Ord = AtomicOrdering::Release;
    else if (W == "acq_rel")
      A.Ord = AtomicOrdering::AcquireRelease;
    else if (auto Sc = scopeOf(Ctx, W))
      A.Scope = Sc;
    else if (W == "v2" || W == "v4" || W == "v8")
      A.Vector = W[1] - '0';
    else if (PTXType Ty = PTXType::parse(W); Ty.valid())
      A.Ty = Ty;
    else if (IsAtomic && A.AtomicOp.empty())
      A.AtomicOp = W;
    else
      return T.fail("unknown qualifier ." + W);
  }
  if (!A.Ty.valid() || A.Ty.K == PTXType::Pred || A.Ty.Width > 64)
    return T.fail("missing or unsupported type");
  return true;
}

void annotate(Instruction *I, const Access &A, LLVMContext &Ctx) {
  if (A.NonTemporal)
    I->setMetadata(LLVMContext::MD_nontemporal,
                   MDNode::get(Ctx, ConstantAsMetadata::get(
                                        ConstantInt::get(Type::getInt32Ty(Ctx), 1))));
}

} // namespace

/// ld (0) / st (1): a scalar or .v2/.v4 vector of the type; 8-bit values
/// travel in wider registers (zero- or sign-extended by the type).
bool ptxLoadStore(PTXTranslator &T, const PTXStatement &S, int Store) {
  IRBuilder<> &B = T.B;
  Access A;
  if (!decode(T, S, A))
    return false;
  if (S.Operands.size() != 2)
    return T.fail("ld/st take two operands");
  Type *ElemTy = A.Ty.irType(B.getContext());
  const unsigned Bytes = A.Ty.Width * A.Ty.Lanes / 8;
  const PTXOperand &Addr = S.Operands[Store ? 0 : 1];
  const PTXOperand &Val = S.Operands[Store ? 1 : 0];
  if ((A.Vector > 1) != (Val.K == PTXOperand::Vector) ||
      (A.Vector > 1 && Val.Elements.size() != A.Vector))
    return T.fail("the vector width does not match the operand");
  Value *Ptr = T.address(Addr, A.AS);
  if (!Ptr)
    return false;
  Type *AccessTy = A.Vector > 1 ? FixedVectorType::get(ElemTy, A.Vector) : ElemTy;
  const Align Al(uint64_t(Bytes) * A.Vector);
  auto Atomic = [&](auto *I) {
    if (A.Ord != AtomicOrdering::NotAtomic) {
      if (A.Vector > 1)
        return false;
      I->setAtomic(A.Ord, A.Scope.value_or(SyncScope::System));
    }
    annotate(I, A, B.getContext());
    return true;
  };
  // An ordered vector access (`ld.acquire.gpu.v2.u32`, CUB's tile states):
  // LLVM has no vector atomics, so a volatile access (strong, element-wise
  // single-copy atomic on AMDGPU) with the order as a fence after an
  // acquiring load, before a releasing store.
  const SyncScope::ID FenceScope = A.Scope.value_or(SyncScope::System);
  auto Acquires = [](AtomicOrdering O) {
    return O == AtomicOrdering::Acquire || O == AtomicOrdering::AcquireRelease ||
           O == AtomicOrdering::SequentiallyConsistent;
  };
  auto Releases = [](AtomicOrdering O) {
    return O == AtomicOrdering::Release || O == AtomicOrdering::AcquireRelease ||
           O == AtomicOrdering::SequentiallyConsistent;
  };
  if (!Store) {
    LoadInst *L = B.CreateAlignedLoad(AccessTy, Ptr, Al, A.Volatile);
    if (!Atomic(L)) { // an ordered vector load
      L->setVolatile(true);
      if (Acquires(A.Ord))
        B.CreateFence(AtomicOrdering::Acquire, FenceScope);
    }
    auto Widen = [&](Value *V) {
      return A.Ty.Width == 8 ? (A.Ty.isSigned() ? B.CreateSExt(V, B.getInt32Ty())
                                                : B.CreateZExt(V, B.getInt32Ty()))
                             : V;
    };
    if (A.Vector == 1)
      return T.write(Val, Widen(L));
    for (unsigned I = 0; I < A.Vector; ++I)
      if (!T.write(Val.Elements[I], Widen(B.CreateExtractElement(L, I))))
        return false;
    return true;
  }
  Value *V;
  if (A.Vector == 1) {
    V = T.read(Val, ElemTy);
    if (!V)
      return false;
  } else {
    V = PoisonValue::get(AccessTy);
    for (unsigned I = 0; I < A.Vector; ++I) {
      Value *E = T.read(Val.Elements[I], ElemTy);
      if (!E)
        return false;
      V = B.CreateInsertElement(V, E, I);
    }
  }
  if (A.Ord != AtomicOrdering::NotAtomic && A.Vector > 1 && Releases(A.Ord))
    B.CreateFence(AtomicOrdering::Release, FenceScope);
  StoreInst *St = B.CreateAlignedStore(V, Ptr, Al, A.Volatile);
  if (!Atomic(St)) // an ordered vector store
    St->setVolatile(true);
  return true;
}

/// atom/red of a vector (sm_90: CUDA's atomicAdd on float2 and float4,
/// `atom.add.v2.f32 {d0, d1}, [a], {b0, b1}`): the add of floats only, each
/// element an atomic of its own, as the PTX ISA gives them (the vector as a
/// whole is not one atomic access).
static bool vectorAtomicAdd(PTXTranslator &T, const PTXStatement &S, const Access &A, int IsRed) {
  IRBuilder<> &B = T.B;
  LLVMContext &Ctx = B.getContext();
  if (A.AtomicOp != "add" || A.Ty.K != PTXType::Float || A.Ty.Width > 32 ||
      (A.Ty.Width == 32 && A.Vector > 4))
    return T.fail("vector atomics are translated for add of .v2/.v4.f32 and of .v2/.v4/.v8 "
                  ".f16, .bf16, .f16x2 and .bf16x2");
  const unsigned First = IsRed ? 0 : 1;
  if (S.Operands.size() != First + 2)
    return T.fail("atom takes d, [a], b; red [a], b");
  const PTXOperand &Val = S.Operands[First + 1];
  if (Val.K != PTXOperand::Vector || Val.Elements.size() != A.Vector ||
      (!IsRed && (S.Operands[0].K != PTXOperand::Vector ||
                  S.Operands[0].Elements.size() != A.Vector)))
    return T.fail("the vector width does not match the operands");
  Type *Ty = A.Ty.irType(Ctx);
  Value *Ptr = T.address(S.Operands[First], A.AS);
  if (!Ptr)
    return false;
  AtomicOrdering Ord = A.Ord == AtomicOrdering::NotAtomic ? AtomicOrdering::Monotonic : A.Ord;
  SyncScope::ID Sc = A.Scope.value_or(Ctx.getOrInsertSyncScopeID("agent"));
  const unsigned Bytes = A.Ty.Width * A.Ty.Lanes / 8;
  for (unsigned I = 0; I < A.Vector; ++I) {
    Value *V = T.read(Val.Elements[I], Ty);
    if (!V)
      return false;
    Value *At = I ? B.CreateConstGEP1_32(B.getInt8Ty(), Ptr, I * Bytes) : Ptr;
    Value *R = B.CreateAtomicRMW(AtomicRMWInst::FAdd, At, V, Align(Bytes), Ord, Sc);
    if (!IsRed && !T.write(S.Operands[0].Elements[I], R))
      return false;
  }
  return true;
}

/// atom (0): atom.<sem>.<scope>.<space>.<op>.<type> d, [a], b (, c for
/// cas); red (1): the same without a result.
bool ptxAtomic(PTXTranslator &T, const PTXStatement &S, int IsRed) {
  IRBuilder<> &B = T.B;
  LLVMContext &Ctx = B.getContext();
  Access A;
  if (!decode(T, S, A))
    return false;
  // 16-bit floats (.f16, .bf16 and their pairs .f16x2, .bf16x2) have add
  // only: CUDA's atomicAdd on __half and __nv_bfloat16.
  const bool HalfAdd = A.Ty.K == PTXType::Float && A.Ty.Width == 16 && A.AtomicOp == "add";
  if (A.Vector != 1)
    return vectorAtomicAdd(T, S, A, IsRed);
  if ((A.Ty.Width < 32 && !HalfAdd) || (A.Ty.Lanes != 1 && !HalfAdd))
    return T.fail("atomics are translated for 32- and 64-bit scalars and the adds of "
                  ".f16, .f16x2, .bf16 and .bf16x2 (and their .v2/.v4/.v8 vectors, and of "
                  ".v2/.v4.f32)");
  const unsigned First = IsRed ? 0 : 1;
  if (S.Operands.size() < First + 2)
    return T.fail("missing operands");
  Type *Ty = A.Ty.irType(Ctx);
  Value *Ptr = T.address(S.Operands[First], A.AS);
  Value *V = Ptr ? T.read(S, First + 1, Ty) : nullptr;
  if (!V)
    return false;
  AtomicOrdering Ord = A.Ord == AtomicOrdering::NotAtomic ? AtomicOrdering::Monotonic : A.Ord;
  SyncScope::ID Sc = A.Scope.value_or(Ctx.getOrInsertSyncScopeID("agent"));
  const Align Al(A.Ty.Width * A.Ty.Lanes / 8);
  Value *R;
  if (A.AtomicOp == "cas") {
    if (IsRed)
      return T.fail("red has no cas");
    Value *New = T.read(S, First + 2, Ty);
    if (!New)
      return false;
    AtomicOrdering Fail = Ord == AtomicOrdering::AcquireRelease ? AtomicOrdering::Acquire
                          : Ord == AtomicOrdering::Release     ? AtomicOrdering::Monotonic
                                                               : Ord;
    R = B.CreateExtractValue(B.CreateAtomicCmpXchg(Ptr, V, New, Al, Ord, Fail, Sc), 0);
  } else {
    const bool FP = Ty->isFPOrFPVectorTy();
    const bool Signed = A.Ty.isSigned();
    std::optional<AtomicRMWInst::BinOp> Op =
        StringSwitch<std::optional<AtomicRMWInst::BinOp>>(A.AtomicOp)
            .Case("add", FP ? AtomicRMWInst::FAdd : AtomicRMWInst::Add)
            .Case("exch", AtomicRMWInst::Xchg)
            .Case("and", AtomicRMWInst::And)
            .Case("or", AtomicRMWInst::Or)
            .Case("xor", AtomicRMWInst::Xor)
            .Case("min", FP ? AtomicRMWInst::FMin : Signed ? AtomicRMWInst::Min : AtomicRMWInst::UMin)
            .Case("max", FP ? AtomicRMWInst::FMax : Signed ? AtomicRMWInst::Max : AtomicRMWInst::UMax)
            .Case("inc", AtomicRMWInst::UIncWrap)
            .Case("dec", AtomicRMWInst::UDecWrap)
            .Default(std::nullopt);
    if (!Op)
      return T.fail("unknown atomic operation ." + A.AtomicOp);
    R = B.CreateAtomicRMW(*Op, Ptr, V, Al, Ord, Sc);
  }
  return IsRed ? true : T.write(S.Operands[0], R);
}

/// cvta.to.<space>.u64/.u32 d, a (generic -> space) and cvta.<space> d, a.
bool ptxCvta(PTXTranslator &T, const PTXStatement &S, int) {
  IRBuilder<> &B = T.B;
  const bool ToSpace = S.Parts.size() == 4 && S.Parts[1] == "to";
  StringRef Space = ToSpace ? S.Parts[2] : (S.Parts.size() == 3 ? S.Parts[1] : "");
  unsigned AS = spaceOf(Space);
  if (AS == ~0u || AS == 0 || S.Operands.size() != 2)
    return T.fail("malformed cvta");
  PTXType Ty = PTXType::parse(S.Parts.back());
  if (!Ty.isInt() || (Ty.Width != 32 && Ty.Width != 64))
    return T.fail("cvta takes .u32 or .u64");
  const DataLayout &DL = T.CI.getModule()->getDataLayout();
  // The integer is read at the pointer width of its space and returned at
  // the instruction's width.
  unsigned FromAS = ToSpace ? 0 : AS, ToAS = ToSpace ? AS : 0;
  Type *FromInt = B.getIntNTy(DL.getPointerSizeInBits(FromAS));
  Value *X = T.read(S, 1, B.getIntNTy(Ty.Width));
  if (!X)
    return false;
  Value *P = B.CreateIntToPtr(B.CreateZExtOrTrunc(X, FromInt), B.getPtrTy(FromAS));
  Value *Q = B.CreateAddrSpaceCast(P, B.getPtrTy(ToAS));
  return T.write(S.Operands[0], B.CreatePtrToInt(Q, B.getIntNTy(Ty.Width)));
}

/// cp.async (sm_80, cuda_pipeline.h's __pipeline_memcpy_async, CUTLASS):
/// `cp.async.{ca,cg}.shared{::cta}.global{.L2::...} [d], [s], cp-size{,
/// src-size}{, policy}` copies at once: src-size bytes of s (cp-size when
/// absent), the rest of cp-size zeroed, which is one schedule of the
/// asynchronous copy; `cp.async.commit_group`, `cp.async.wait_group n` and
/// `cp.async.wait_all` have nothing left to wait for, and
/// `cp.async.mbarrier.arrive` is PTXBarrierOps.cpp's. The bulk (TMA) forms
/// are refused.
bool ptxCpAsync(PTXTranslator &T, const PTXStatement &S, int) {
  IRBuilder<> &B = T.B;
  if (S.Parts.size() < 3 || S.Parts[1] != "async")
    return T.fail("cp is translated as cp.async only");
  const StringRef Form = S.Parts[2];
  if (Form == "commit_group" || Form == "wait_group" || Form == "wait_all")
    return true; // every copy is complete where it was issued
  if (Form == "mbarrier" && S.Parts.size() > 3 && S.Parts[3] == "arrive")
    return ptxCpAsyncMbarrierArrive(T, S);
  if (Form != "ca" && Form != "cg")
    return T.fail("cp.async." + Form +
                  " is not translated (translated: cp.async.ca and .cg to shared memory, "
                  "commit_group, wait_group, wait_all)");
  if (!hasPart(S, "global") || !(hasPart(S, "shared") || hasPart(S, "shared::cta")))
    return T.fail("cp.async copies from .global to .shared");
  if (S.Operands.size() < 3 || S.Operands[0].K != PTXOperand::Address ||
      S.Operands[1].K != PTXOperand::Address)
    return T.fail("cp.async takes [dst], [src], cp-size");
  Value *Dst = T.address(S.Operands[0], 3), *Src = T.address(S.Operands[1], 1);
  Value *CpSize = Dst && Src ? T.read(S, 2, B.getInt32Ty()) : nullptr;
  if (!CpSize)
    return false;
  // src-size, where given (an integer operand: the cache policy is .b64 and
  // comes with .L2::cache_hint only).
  Value *SrcSize = CpSize;
  if (S.Operands.size() > 3 && !(hasPart(S, "L2::cache_hint") && S.Operands.size() == 4))
    if (!(SrcSize = T.read(S, 3, B.getInt32Ty())))
      return false;
  Value *Copied = B.CreateIntrinsic(Intrinsic::umin, {B.getInt32Ty()}, {SrcSize, CpSize});
  B.CreateMemCpy(Dst, Align(4), Src, Align(4), Copied);
  if (SrcSize != CpSize)
    B.CreateMemSet(B.CreateGEP(B.getInt8Ty(), Dst, Copied), B.getInt8(0),
                   B.CreateSub(CpSize, Copied), Align(1));
  return true;
}

/// prefetch / prefetchu: a hint, dropped.
bool ptxPrefetch(PTXTranslator &T, const PTXStatement &S, int) {
  if (S.Operands.size() != 1 || S.Operands[0].K != PTXOperand::Address)
    return T.fail("prefetch takes an address");
  return true;
}

/// fence (0) and membar (1): fence.{sc,acq_rel}.<scope>, membar.<scope>.
bool ptxFence(PTXTranslator &T, const PTXStatement &S, int) {
  LLVMContext &Ctx = T.B.getContext();
  AtomicOrdering Ord = AtomicOrdering::SequentiallyConsistent;
  std::optional<SyncScope::ID> Scope;
  for (StringRef W : ArrayRef<StringRef>(S.Parts).drop_front()) {
    if (W == "acq_rel")
      Ord = AtomicOrdering::AcquireRelease;
    else if (W == "sc")
      Ord = AtomicOrdering::SequentiallyConsistent;
    else if (!(Scope = scopeOf(Ctx, W)))
      return T.fail("unknown qualifier ." + W);
  }
  if (!Scope || !S.Operands.empty())
    return T.fail("a fence needs a scope");
  T.B.CreateFence(Ord, *Scope);
  return true;
}

/// tex tld4 txq suld sust sured suq istypep: refused with the reason.
bool ptxTextureSurface(PTXTranslator &T, const PTXStatement &S, int) {
  return T.fail(S.Parts[0] + " is not translated: textures and surfaces need texture or surface "
                             "objects, which Ferry's runtime does not create (read the data "
                             "through a pointer instead)");
}

} // namespace ferry
