//===- ImageFuzzer.cpp - libFuzzer target: the runtime's image readers ----===//
///
/// \file
/// Gives arbitrary bytes to what reads device images without LLVM: the
/// symbol index (`indexImage`: HSA code objects with their msgpack metadata,
/// PTX text, OffloadBinary packages, host ELF files with a .llvm.offloading
/// section; what `ferry-info --image` and the backends use), the image
/// registry (`ferry_register_images`' reader), the CUDA backend's PTX scanner
/// and function-address table writer (every input read as PTX text) and,
/// for every kernel the
/// index finds, the kernarg builder of the HSA backend and the emulator with
/// arguments of the sizes the metadata claims. Errors are expected; a crash,
/// a sanitizer report or a read outside the input is a finding.
///
//===----------------------------------------------------------------------===//
#include "core/ImageRegistry.h"
#include "core/SymbolIndex.h"
#include "cuda/PtxFunctionTable.h"
#include "hsa/KernelArgs.h"

#include <cstdint>
#include <cstring>
#include <vector>

namespace {

/// Feeds every kernel of \p Index (and of its embedded images) to the
/// kernarg builder, with argument values as large as the metadata says.
void fillEveryKernel(const ferry::ImageIndex &Index, unsigned Depth = 0) {
  if (Depth > 4)
    return;
  for (const ferry::SymbolInfo &S : Index.Symbols) {
    if (S.Kind != FERRY_SYMBOL_KERNEL || S.Args.size() > 256)
      continue;
    // One value per explicit argument, exactly as large as the metadata
    // says (a launch passes no more); kernels with larger arguments than a
    // launch could pass are left out.
    std::vector<std::vector<uint8_t>> Storage;
    std::vector<void *> Values;
    bool Passable = true;
    for (const ferry::KernelArgDesc &A : S.Args) {
      if (ferry::isHiddenArg(A))
        continue;
      if (A.Size > 1 << 16) {
        Passable = false;
        break;
      }
      Storage.emplace_back(A.Size, 0x5a);
    }
    if (!Passable)
      continue;
    for (std::vector<uint8_t> &V : Storage)
      Values.push_back(V.data());
    ferry::DispatchGeometry G;
    std::vector<uint8_t> Kernarg;
    (void)ferry::fillKernargs(S, Values.data(), G, Kernarg);
  }
  for (const ferry::ImageIndex &Sub : Index.Embedded)
    fillEveryKernel(Sub, Depth + 1);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 1 << 20)
    return -1;
  // An exact-size copy, so that reading past the end is an ASan report.
  std::vector<unsigned char> Bytes(Data, Data + Size);
  const unsigned char *P = Bytes.empty() ? nullptr : Bytes.data();

  ferry::ImageIndex Index;
  if (ferry::indexImage(P, Size, Index).empty())
    fillEveryKernel(Index);

  std::vector<ferry::DeviceImageRef> Images;
  if (ferry::parseOffloadPackage(P, Size, Images).empty())
    for (const ferry::DeviceImageRef &I : Images) {
      ferry::ImageIndex Sub;
      (void)ferry::indexImage(I.Data, I.Size, Sub);
    }
  (void)ferry::elfTruncation(P, Size);

  ferry::PtxScan Scan;
  if (ferry::scanPtx(std::string_view(reinterpret_cast<const char *>(P), Size), Scan).empty())
    (void)ferry::functionAddressTable(Scan);
  return 0;
}
