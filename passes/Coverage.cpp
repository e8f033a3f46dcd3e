//===- Coverage.cpp - What the translation tables cover -------------------===//
///
/// \file
/// Prints, as Markdown, every llvm.nvvm.* intrinsic LLVM 19 knows and every
/// function of CUDA 13's libdevice, each as translated (and to what) or
/// diagnosed (and why). Generated from the same tables the passes use, so the
/// document cannot drift from the code: docs/translation-coverage.md is this
/// output, and a lit test checks that it is up to date.
///
//===----------------------------------------------------------------------===//
#include "Coverage.h"

#include "IntrinsicLowering.h"
#include "TranslationPasses.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ferry {
namespace {

/// What each intrinsic handler produces, for readers of the table.
const StringMap<StringRef> &handlerDescriptions() {
  static const StringMap<StringRef> Map = {
      {"lowerWorkItemId", "`llvm.amdgcn.workitem.id.*`"},
      {"lowerWorkGroupId", "`llvm.amdgcn.workgroup.id.*`"},
      {"lowerBlockDim", "u16 load: COV5 implicit args +12/14/16, COV4 dispatch packet +4/6/8"},
      {"lowerGridDim", "COV5 implicit args +0/4/8; COV4 grid size / block size"},
      {"lowerConstant", "a constant"},
      {"lowerLaneId", "lane in the CUDA warp (`mbcnt`, `& 31` on wave64)"},
      {"lowerLaneMask", "mask arithmetic on the warp lane"},
      {"lowerWarpId", "flat thread id >> 5"},
      {"lowerClock", "`llvm.readcyclecounter`"},
      {"lowerGlobalTimer", "`llvm.readsteadycounter` x 10 ns"},
      {"lowerGridId", "`llvm.amdgcn.dispatch.id`"},
      {"lowerBlockBarrier", "workgroup release fence, `s.barrier`, acquire fence"},
      {"lowerBarrierReduce", "`__ockl_wgred_{add,and,or}_i32`"},
      {"lowerWarpBarrier", "wavefront fences around `wave.barrier`"},
      {"lowerFence", "`fence` with the matching scope"},
      {"lowerFenceFlags", "`fence`, scope decoded from the flags"},
      {"lowerClusterBarrier", "cluster of one block: workgroup fence / barrier"},
      {"lowerShuffle", "`ds.bpermute` with PTX lane selection (EMU32 / wave32)"},
      {"lowerShuffleLibNVVM", "`ds.bpermute`, mode decoded"},
      {"lowerVote", "32-bit ballot of the warp (ballot.i64 slice on wave64)"},
      {"lowerVoteLibNVVM", "ballot, mode decoded"},
      {"lowerActiveMask", "ballot(true) of the warp"},
      {"lowerMatchAny", "per-warp election loop (`__ferry_match_any_*`)"},
      {"lowerMatchAll", "compare with the first lane of the mask"},
      {"lowerRedux", "per-lane loop over the active lanes (`__ferry_redux_*`)"},
      {"lowerAtomicIntrinsic", "`atomicrmw uinc_wrap/udec_wrap` agent monotonic"},
      {"lowerScopedAtomic", "`atomicrmw`/`cmpxchg` monotonic, cta=workgroup, sys=system"},
      {"lowerInvariantLoad", "`load` from addrspace(1) with `!invariant.load`"},
      {"lowerPointerCast", "`addrspacecast`"},
      {"lowerIsSpace", "`llvm.amdgcn.is.shared` / `is.private`"},
      {"lowerUnaryFP", "the LLVM intrinsic (`round` = `roundeven`)"},
      {"lowerNegate", "`fneg`"},
      {"lowerSaturate", "clamp to [0,1], NaN to 0"},
      {"lowerMinMax", "`minnum`/`maxnum` (`.nan`: `minimum`/`maximum`)"},
      {"lowerFma", "`llvm.fma` (+relu/sat)"},
      {"lowerBinaryFP", "`fadd`/`fmul`/`fdiv` without fast-math flags"},
      {"lowerReciprocal", "`fdiv 1.0, x`"},
      {"lowerApproxDivide", "`fdiv` with `!fpmath 2.5`"},
      {"lowerAMDGCNUnary", "`llvm.amdgcn.{rcp,sqrt,rsq}`"},
      {"lowerAMDGCNBinary", "`llvm.amdgcn.mul.{i24,u24}`"},
      {"lowerExp2Log2", "`llvm.exp2`/`llvm.log2` (f64: ocml)"},
      {"lowerSinCosApprox", "`llvm.amdgcn.sin/cos(x / 2pi)`"},
      {"lowerTanhApprox", "`__ocml_tanh_f32`"},
      {"lowerFPToInt", "round, then `fpto[su]i.sat`"},
      {"lowerIntToFP", "`[su]itofp`; directed modes moved one ulp by an exact comparison"},
      {"lowerFPTrunc", "`fptrunc`; directed modes moved one ulp by an exact comparison; .relu on the rounded value (NaN to the canonical NaN)"},
      {"lowerFPTruncPair", "two `fptrunc`s packed, the first operand in the upper element; .rz moved one ulp by an exact comparison; .relu (NaN to the canonical NaN)"},
      {"lowerToTF32", "integer rounding of the bits (NaN kept)"},
      {"lowerDoubleWord", "`bitcast` through i64"},
      {"lowerBitcast", "`bitcast`"},
      {"lowerIdentity", "the operand"},
      {"lowerMulHi", "double-width `mul`, high half"},
      {"lowerSad", "|a-b|+c"},
      {"lowerPermute", "byte permutation in IR"},
      {"lowerFindNthSet", "a loop over the set bits (`__ferry_fns`)"},
      {"lowerRotate", "`llvm.fshl`/`llvm.fshr`"},
      {"lowerDirectedRounding", "directed rounding: add/sub/mul/fma in the hardware rounding mode (a strictfp helper, inline in code generation; f32 where subnormals are kept), else the round-to-nearest result moved one ulp by the sign of an exact residual"},
      {"lowerNanosleep", "`s.sleep` loop (`__ferry_nanosleep`)"},
      {"lowerDrop", "nothing (a hint)"},
      {"lowerCpAsync", "the copy at once: `memcpy` of src_size bytes (all without `.s`), the rest zeroed"},
      {"lowerCpAsyncWait", "nothing: every copy completed where it was issued"},
      {"lowerCompilerMessage", "a translator diagnostic"},
      {"lowerWmmaLoad", "per-lane loads into the target's fragment layout (MFMA / WMMA operand layout)"},
      {"lowerWmmaStore", "per-lane stores from the target's fragment layout"},
      {"lowerWmmaMma", "`mfma.f32.16x16x16{f16,bf16.1k}` / `mfma.i32.16x16x16i8` (gfx90a) / `mfma.i32.16x16x32.i8` / `mfma.f32.16x16x8.xf32` (gfx94x) per warp of a whole wave (i8: signed only; tf32: inputs truncated to 19 bits), `wmma.{f32.16x16x16.{f16,bf16},i32.16x16x16.iu8}` (gfx11); multiply-adds across the warp otherwise"},
      {"lowerTallWideMma", "FMAs across the warp (lane l: a line of the long operand and of C)"},
      {"lowerDmma", "f64 FMAs across the warp, k ascending (`__ferry_dmma_m8n8k4_f64_*`)"},
      {"lowerMatrixMove", "row addresses from the lanes holding them (`ds.bpermute` within the warp), 32-bit LDS loads or stores (two 16-bit with `.trans`)"},
      {"lowerMmaSync", "fragments permuted into the WMMA layout (N, K padded; tf32: m16n16k8), then the WMMA product on MFMA / WMMA (whole waves); FMAs across the warp in the PTX layout otherwise"},
  };
  return Map;
}

/// Escapes '|' for Markdown tables.
std::string cell(StringRef S) {
  std::string Out;
  for (char C : S) {
    if (C == '|')
      Out += "\\|";
    else
      Out += C;
  }
  return Out;
}

} // namespace

void printCoverage(raw_ostream &OS) {
  OS << "# Translation coverage\n\n"
        "Generated by `ferry-translate --print-coverage` from the tables the "
        "translator uses (`passes/NVVMIntrinsics.def`, `passes/Libdevice.def`); "
        "`test/translate/coverage.test` fails when this file is out of date.\n\n";

  std::vector<std::string> Names;
  for (unsigned ID = 1; ID < Intrinsic::num_intrinsics; ++ID) {
    StringRef Name = Intrinsic::getBaseName(Intrinsic::ID(ID));
    if (Name.starts_with("llvm.nvvm."))
      Names.push_back(Name.str());
  }
  unsigned Mapped = 0, Rejected = 0, Unlisted = 0;
  std::string Rows;
  raw_string_ostream RS(Rows);
  for (const std::string &Name : Names) {
    const IntrinsicRow *Row = findIntrinsicRow(Name);
    // `@name`, as IR spells the intrinsic: some names end in what looks
    // like a file extension (`.ll` of long long).
    RS << "| `@" << Name << "` | ";
    if (Row && Row->Handler) {
      ++Mapped;
      auto It = handlerDescriptions().find(Row->HandlerName);
      RS << "translated | "
         << cell(It != handlerDescriptions().end() ? It->second : Row->HandlerName)
         << " |\n";
    } else if (Row) {
      ++Rejected;
      RS << "diagnosed | " << cell(Row->Reason) << " |\n";
    } else {
      ++Unlisted;
      RS << "diagnosed | no AMDGPU translation (final checker) |\n";
    }
  }
  OS << "## NVVM intrinsics of LLVM 19 (" << Names.size() << ")\n\n"
     << Mapped << " translated, " << Rejected + Unlisted
     << " diagnosed. Lowerings that depend on the warp strategy are given for "
        "both wave32 (gfx10+) and EMU32 (wave64).\n\n"
     << "| intrinsic (`@name` as in IR) | status | AMDGPU |\n|---|---|---|\n"
     << Rows << "\n";

  static const char *const Libdevice[] = {
#define FERRY_LIBDEVICE_FUNCTION(NAME) NAME,
#include "LibdeviceFunctions.def"
  };
  unsigned NvMapped = 0;
  std::string NvRows;
  raw_string_ostream NS(NvRows);
  for (const char *Name : Libdevice) {
    std::string Target;
    bool Ok = isLibdeviceFunctionMapped(Name, &Target);
    NvMapped += Ok;
    NS << "| `" << Name << "` | " << (Ok ? "translated" : "diagnosed") << " | "
       << cell(Target.empty() ? "no row" : Target) << " |\n";
  }
  OS << "## libdevice functions of CUDA 13.0 (" << std::size(Libdevice) << ")\n\n"
     << NvMapped << " translated, " << std::size(Libdevice) - NvMapped
     << " diagnosed.\n\n"
     << "| function | status | AMDGPU |\n|---|---|---|\n"
     << NvRows;
}

} // namespace ferry
