//===- CodeObjectStats.cpp - Per-kernel resources of a code object --------===//
///
/// \file
/// Implementation of the code object statistics. The occupancy limiter uses
/// the documented per-SIMD budgets (AMDGPUUsage): 512 VGPRs per lane on
/// gfx90a/gfx94x (unified with AGPRs, granule 8, at most 8 waves), 256 on
/// other gfx9 (granule 4, at most 10 waves), 1024 on gfx10+ in wave32
/// (granule 8/16, at most 16 waves, LDS 64 KiB per workgroup processor).
///
//===----------------------------------------------------------------------===//
#include "CodeObjectStats.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ferry {

Error readCodeObjectMetadata(StringRef CodeObject, msgpack::Document &Doc) {
  Expected<object::ELF64LEFile> ELF = object::ELF64LEFile::create(CodeObject);
  if (!ELF)
    return createStringError(inconvertibleErrorCode(),
                             "not an ELF code object: %s",
                             toString(ELF.takeError()).c_str());
  Expected<object::ELF64LEFile::Elf_Phdr_Range> Phdrs = ELF->program_headers();
  if (!Phdrs)
    return Phdrs.takeError();
  for (const auto &Phdr : *Phdrs) {
    if (Phdr.p_type != ELF::PT_NOTE)
      continue;
    Error Err = Error::success();
    for (const auto &Note : ELF->notes(Phdr, Err))
      if (Note.getName() == "AMDGPU" && Note.getType() == ELF::NT_AMDGPU_METADATA) {
        ArrayRef<uint8_t> Desc = Note.getDesc(Phdr.p_align);
        if (!Doc.readFromBlob(toStringRef(Desc), /*Multi=*/false))
          return createStringError(inconvertibleErrorCode(),
                                   "malformed AMDGPU metadata note");
        consumeError(std::move(Err));
        return Error::success();
      }
    if (Err)
      return Err;
  }
  return createStringError(inconvertibleErrorCode(),
                           "the code object has no AMDGPU metadata note");
}

namespace {

uint64_t field(msgpack::MapDocNode &Map, StringRef Key) {
  auto It = Map.find(Key);
  if (It == Map.end() || It->second.getKind() != msgpack::Type::UInt)
    return 0;
  return It->second.getUInt();
}

/// Waves per SIMD allowed by the register and LDS use, and which limits.
std::pair<unsigned, const char *> occupancy(StringRef Target, uint64_t VGPR,
                                            uint64_t AGPR, uint64_t LDS,
                                            uint64_t Wave, uint64_t MaxFlat) {
  StringRef Proc = Target.contains("--") ? Target.rsplit('-').second : Target;
  Proc = Proc.split(':').first;
  const bool Unified = Proc == "gfx90a" || Proc.starts_with("gfx94");
  const bool RDNA = Proc.starts_with("gfx1");
  unsigned Budget = Unified ? 512 : RDNA ? (Wave == 32 ? 1024 : 512) : 256;
  unsigned Granule = Unified || RDNA ? 8 : 4;
  unsigned MaxWaves = Unified ? 8 : RDNA ? 16 : 10;
  uint64_t Regs = Unified ? alignTo(VGPR, 4) + AGPR : VGPR;
  Regs = std::max<uint64_t>(alignTo(Regs, Granule), Granule);
  unsigned ByVGPR = unsigned(std::min<uint64_t>(MaxWaves, Budget / Regs));
  unsigned ByLDS = MaxWaves;
  if (LDS) {
    // Workgroups that fit in 64 KiB, times the waves each brings, per SIMD
    // (4 SIMDs per CU on gfx9; 2 per CU on RDNA).
    uint64_t Groups = (64 * 1024) / LDS;
    uint64_t WavesPerGroup = (std::max<uint64_t>(MaxFlat, 1) + Wave - 1) / Wave;
    ByLDS = unsigned(std::min<uint64_t>(MaxWaves, Groups * WavesPerGroup / (RDNA ? 2 : 4)));
  }
  if (ByLDS < ByVGPR)
    return {ByLDS, "LDS"};
  if (ByVGPR < MaxWaves)
    return {ByVGPR, "VGPRs"};
  return {MaxWaves, "none"};
}

} // namespace

Error printCodeObjectStats(StringRef CodeObject, raw_ostream &OS) {
  msgpack::Document Doc;
  if (Error E = readCodeObjectMetadata(CodeObject, Doc))
    return E;
  msgpack::MapDocNode Root = Doc.getRoot().getMap();
  StringRef Target;
  if (auto It = Root.find("amdhsa.target"); It != Root.end())
    Target = It->second.getString();
  OS << "code object " << Target << "\n";
  OS << format("  %-40s %5s %5s %5s %7s %7s %4s %s\n", (const char *)"kernel",
               (const char *)"VGPR", (const char *)"AGPR", (const char *)"SGPR",
               (const char *)"LDS", (const char *)"scratch", (const char *)"wave",
               (const char *)"occupancy (waves/SIMD, limiter)");
  auto It = Root.find("amdhsa.kernels");
  if (It == Root.end())
    return Error::success();
  for (msgpack::DocNode &K : It->second.getArray()) {
    msgpack::MapDocNode Map = K.getMap();
    StringRef Name;
    if (auto N = Map.find(".name"); N != Map.end())
      Name = N->second.getString();
    uint64_t VGPR = field(Map, ".vgpr_count"), AGPR = field(Map, ".agpr_count"),
             SGPR = field(Map, ".sgpr_count"),
             LDS = field(Map, ".group_segment_fixed_size"),
             Scratch = field(Map, ".private_segment_fixed_size"),
             Wave = field(Map, ".wavefront_size"),
             MaxFlat = field(Map, ".max_flat_workgroup_size");
    auto [Waves, Limiter] = occupancy(Target, VGPR, AGPR, LDS, Wave ? Wave : 64, MaxFlat);
    OS << format("  %-40s %5llu %5llu %5llu %7llu %7llu %4llu %u, %s\n",
                 Name.str().c_str(), (unsigned long long)VGPR,
                 (unsigned long long)AGPR, (unsigned long long)SGPR,
                 (unsigned long long)LDS, (unsigned long long)Scratch,
                 (unsigned long long)Wave, Waves, Limiter);
  }
  return Error::success();
}

} // namespace ferry
