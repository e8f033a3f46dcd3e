//===- ImageRegistry.cpp - Device images known to the runtime -------------===//
///
/// \file
/// The OffloadBinary layout (LLVM 19, version 1), all little-endian:
///   header: magic 10 FF 10 AD, u32 version, u64 size, u64 entry offset,
///           u64 entry size
///   entry:  u16 image kind, u16 offload kind, u32 flags, u64 string offset,
///           u64 string count, u64 image offset, u64 image size
///   string: u64 key offset, u64 value offset (NUL-terminated strings)
/// Offsets are relative to the start of each binary; binaries follow each
/// other 8-byte aligned.
///
//===----------------------------------------------------------------------===//
#include "core/ImageRegistry.h"

#include "ferry/DeferredCompile.h"
#include "ferry/ImageDigest.h"
#include "ferry/PackageKeys.h"

#include <cstring>

namespace ferry {
namespace {

uint64_t read64(const unsigned char *P) {
  uint64_t V;
  std::memcpy(&V, P, 8);
  return V;
}
uint32_t read32(const unsigned char *P) {
  uint32_t V;
  std::memcpy(&V, P, 4);
  return V;
}
uint16_t read16(const unsigned char *P) {
  uint16_t V;
  std::memcpy(&V, P, 2);
  return V;
}

constexpr size_t HeaderSize = 32, EntrySize = 40, StringEntrySize = 16;

/// A NUL-terminated string at [Offset, Limit) of a binary, or nullptr.
const char *stringAt(const unsigned char *Base, uint64_t Offset, uint64_t Limit) {
  if (Offset >= Limit)
    return nullptr;
  const void *End = std::memchr(Base + Offset, 0, Limit - Offset);
  return End ? reinterpret_cast<const char *>(Base + Offset) : nullptr;
}

std::string at(size_t Offset, const std::string &What) {
  return "at offset " + std::to_string(Offset) + ": " + What;
}

} // namespace

const char *imageKindName(uint16_t Kind) {
  switch (Kind) {
  case 1:
    return "object";
  case 2:
    return "bitcode";
  case 3:
    return "cubin";
  case 4:
    return "fatbinary";
  case 5:
    return "ptx";
  default:
    return "unknown";
  }
}

uint16_t imageKindNumber(const char *Name) {
  for (uint16_t Kind = 1; Kind <= 5; ++Kind)
    if (!std::strcmp(imageKindName(Kind), Name))
      return Kind;
  return 0;
}

std::string parseOffloadPackage(const unsigned char *Data, size_t Size,
                                std::vector<DeviceImageRef> &Out) {
  if (!Data && Size)
    return "no data";
  size_t Pos = 0;
  std::vector<DeviceImageRef> Found;
  while (Pos < Size) {
    // Padding between 8-byte aligned binaries.
    if (Data[Pos] == 0) {
      ++Pos;
      continue;
    }
    if (Size - Pos < 4 || std::memcmp(Data + Pos, OffloadBinaryMagic, 4) != 0)
      return at(Pos, "not an offload binary (bad magic)");
    if (Size - Pos < HeaderSize)
      return at(Pos, "truncated offload binary: " + std::to_string(Size - Pos) +
                         " bytes left for a " + std::to_string(HeaderSize) + "-byte header");
    const unsigned char *B = Data + Pos;
    const uint32_t Version = read32(B + 4);
    const uint64_t BinSize = read64(B + 8), EntryOff = read64(B + 16),
                   EntryLen = read64(B + 24);
    if (Version != 1)
      return at(Pos, "unsupported offload binary version " + std::to_string(Version));
    if (BinSize < HeaderSize || BinSize > Size - Pos)
      return at(Pos, "binary size " + std::to_string(BinSize) + " exceeds the package");
    if (EntryLen < EntrySize || EntryOff > BinSize || EntryLen > BinSize - EntryOff)
      return at(Pos, "entry outside the binary");
    const unsigned char *E = B + EntryOff;
    DeviceImageRef Img;
    const char *Digest = nullptr;
    Img.Kind = read16(E);
    const uint64_t StrOff = read64(E + 8), NumStr = read64(E + 16),
                   ImgOff = read64(E + 24), ImgSize = read64(E + 32);
    if (ImgOff > BinSize || ImgSize > BinSize - ImgOff)
      return at(Pos, "image outside the binary");
    if (StrOff > BinSize || NumStr > (BinSize - StrOff) / StringEntrySize)
      return at(Pos, "string table outside the binary");
    for (uint64_t I = 0; I < NumStr; ++I) {
      const unsigned char *S = B + StrOff + I * StringEntrySize;
      const char *Key = stringAt(B, read64(S), BinSize);
      const char *Value = stringAt(B, read64(S + 8), BinSize);
      if (!Key || !Value)
        return at(Pos, "string outside the binary or not terminated");
      if (!std::strcmp(Key, "triple"))
        Img.Triple = Value;
      else if (!std::strcmp(Key, "arch"))
        Img.Arch = Value;
      else if (!std::strcmp(Key, "producer"))
        Img.Producer = Value;
      else if (!std::strcmp(Key, FERRY_DIGEST_KEY))
        Digest = Value;
      else if (!std::strcmp(Key, FERRY_DEFERRED_KEY))
        Img.Deferred = Value;
      else if (!std::strcmp(Key, FERRY_CUDA_ARCH_KEY))
        Img.CudaArch = Value;
      else if (!std::strcmp(Key, FERRY_COMPILED_FROM_KEY))
        Img.CompiledFrom = Value;
    }
    Img.Data = B + ImgOff;
    Img.Size = ImgSize;
    // Ferry's images carry a digest (ferry/ImageDigest.h): a damaged one is
    // refused here, before anything parses or runs it.
    if (Digest) {
      Img.Digest = Digest;
      char Actual[26];
      ferry_image_digest_text(Img.Data, Img.Size, Actual);
      if (std::strcmp(Digest, Actual) != 0)
        return at(Pos, "the " + std::string(imageKindName(Img.Kind)) + " image for '" + Img.Arch +
                           "' is damaged: its digest is " + Actual + ", the package says " +
                           Digest);
    }
    Found.push_back(std::move(Img));
    Pos += BinSize;
  }
  Out.insert(Out.end(), Found.begin(), Found.end());
  return "";
}

ImageRegistry &ImageRegistry::get() {
  static ImageRegistry *R = new ImageRegistry(); // outlives static destructors
  return *R;
}

std::string ImageRegistry::addPackage(const void *Data, size_t Size) {
  std::vector<DeviceImageRef> Parsed;
  std::string Error =
      parseOffloadPackage(static_cast<const unsigned char *>(Data), Size, Parsed);
  if (!Error.empty())
    return Error;
  std::lock_guard<std::mutex> Lock(Mutex);
  for (DeviceImageRef &I : Parsed) {
    I.Package = Packages;
    DeviceIR |= !I.Deferred.empty();
  }
  ++Packages;
  Images.insert(Images.end(), Parsed.begin(), Parsed.end());
  return "";
}

bool ImageRegistry::hasDeviceIR() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return DeviceIR;
}

void ImageRegistry::addCompiled(DeviceImageRef Ref, std::string Bytes) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Compiled.push_back(std::move(Bytes));
  Ref.Data = reinterpret_cast<const unsigned char *>(Compiled.back().data());
  Ref.Size = Compiled.back().size();
  Images.push_back(std::move(Ref));
}

size_t ImageRegistry::size() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Images.size();
}

const DeviceImageRef *ImageRegistry::image(size_t Index) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Index < Images.size() ? &Images[Index] : nullptr;
}

const DeviceImageRef *ImageRegistry::translatedIR(size_t Object, const std::string &Arch) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  for (size_t I = Object + 1; I < Images.size(); ++I) {
    const DeviceImageRef &Ref = Images[I];
    if (Ref.Package == Images[Object].Package && Ref.Deferred.empty() && Ref.Arch == Arch &&
        std::strcmp(imageKindName(Ref.Kind), "bitcode") == 0)
      return &Ref;
  }
  return nullptr;
}

} // namespace ferry
