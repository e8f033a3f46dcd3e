//===- SymbolIndex.cpp - What an image defines ----------------------------===//
///
/// \file
/// Implementation of the symbol index.
///
//===----------------------------------------------------------------------===//
#include "core/SymbolIndex.h"

#include "core/ImageRegistry.h"

#define MSGPACK_NO_BOOST
#include <msgpack.hpp>

#include <gelf.h>
#include <libelf.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <tuple>
#include <map>
#include <regex>
#include <set>

namespace ferry {
namespace {

constexpr unsigned EM_AMDGPU_ = 224;
constexpr unsigned NT_AMDGPU_METADATA_ = 32;

/// Releases an Elf handle.
struct ElfHandle {
  Elf *E = nullptr;
  ~ElfHandle() {
    if (E)
      elf_end(E);
  }
};

uint64_t mapUInt(const msgpack::object &Map, const char *Key) {
  for (uint32_t I = 0; I < Map.via.map.size; ++I) {
    const msgpack::object_kv &KV = Map.via.map.ptr[I];
    if (KV.key.type == msgpack::type::STR &&
        std::string(KV.key.via.str.ptr, KV.key.via.str.size) == Key &&
        KV.val.type == msgpack::type::POSITIVE_INTEGER)
      return KV.val.via.u64;
  }
  return 0;
}

std::string mapString(const msgpack::object &Map, const char *Key) {
  for (uint32_t I = 0; I < Map.via.map.size; ++I) {
    const msgpack::object_kv &KV = Map.via.map.ptr[I];
    if (KV.key.type == msgpack::type::STR &&
        std::string(KV.key.via.str.ptr, KV.key.via.str.size) == Key &&
        KV.val.type == msgpack::type::STR)
      return std::string(KV.val.via.str.ptr, KV.val.via.str.size);
  }
  return "";
}

const msgpack::object *mapValue(const msgpack::object &Map, const char *Key) {
  for (uint32_t I = 0; I < Map.via.map.size; ++I) {
    const msgpack::object_kv &KV = Map.via.map.ptr[I];
    if (KV.key.type == msgpack::type::STR &&
        std::string(KV.key.via.str.ptr, KV.key.via.str.size) == Key)
      return &KV.val;
  }
  return nullptr;
}

/// Reads the AMDGPU metadata note: target and per-kernel resources. Returns
/// "" or what is wrong with the note; a code object without one is refused,
/// since its kernels' resources and arguments would be unknown.
std::string readMetadata(Elf *E, ImageIndex &Out,
                         std::map<std::string, SymbolInfo> &Resources) {
  Elf_Scn *Scn = nullptr;
  while ((Scn = elf_nextscn(E, Scn))) {
    GElf_Shdr Shdr;
    if (!gelf_getshdr(Scn, &Shdr) || Shdr.sh_type != SHT_NOTE)
      continue;
    Elf_Data *Data = elf_getdata(Scn, nullptr);
    size_t Offset = 0, NameOff, DescOff;
    GElf_Nhdr Note;
    while (Data && (Offset = gelf_getnote(Data, Offset, &Note, &NameOff, &DescOff)) > 0) {
      const char *Name = static_cast<const char *>(Data->d_buf) + NameOff;
      if (Note.n_type != NT_AMDGPU_METADATA_ || std::strncmp(Name, "AMDGPU", 6))
        continue;
      try {
        msgpack::object_handle H = msgpack::unpack(
            static_cast<const char *>(Data->d_buf) + DescOff, Note.n_descsz);
        const msgpack::object &Root = H.get();
        if (Root.type != msgpack::type::MAP)
          return "the AMDGPU metadata note is not a map";
        Out.Target = mapString(Root, "amdhsa.target");
        const msgpack::object *Kernels = mapValue(Root, "amdhsa.kernels");
        if (!Kernels || Kernels->type != msgpack::type::ARRAY)
          return "the AMDGPU metadata note has no amdhsa.kernels array";
        for (uint32_t I = 0; I < Kernels->via.array.size; ++I) {
          const msgpack::object &K = Kernels->via.array.ptr[I];
          if (K.type != msgpack::type::MAP)
            continue;
          SymbolInfo S;
          S.VGPRs = mapUInt(K, ".vgpr_count");
          S.SGPRs = mapUInt(K, ".sgpr_count");
          S.AGPRs = mapUInt(K, ".agpr_count");
          S.LDS = mapUInt(K, ".group_segment_fixed_size");
          S.Scratch = mapUInt(K, ".private_segment_fixed_size");
          S.Wave = mapUInt(K, ".wavefront_size");
          S.KernargSize = mapUInt(K, ".kernarg_segment_size");
          S.KernargAlign = mapUInt(K, ".kernarg_segment_align");
          if (const msgpack::object *Args = mapValue(K, ".args");
              Args && Args->type == msgpack::type::ARRAY) {
            for (uint32_t A = 0; A < Args->via.array.size; ++A) {
              const msgpack::object &Arg = Args->via.array.ptr[A];
              if (Arg.type != msgpack::type::MAP)
                return "kernel argument " + std::to_string(A) + " of " +
                       mapString(K, ".name") + " is not a map";
              S.Args.push_back({mapUInt(Arg, ".offset"), mapUInt(Arg, ".size"),
                                mapString(Arg, ".value_kind")});
            }
          }
          Resources[mapString(K, ".name")] = S;
        }
      } catch (const std::exception &X) {
        return std::string("malformed AMDGPU metadata note: ") + X.what();
      }
      return "";
    }
  }
  return "the code object has no AMDGPU metadata note (NT_AMDGPU_METADATA): its kernels' "
         "resources and arguments are unknown";
}

std::string indexCodeObject(Elf *E, ImageIndex &Out) {
  Out.Format = "hsa-code-object";
  std::map<std::string, SymbolInfo> Resources;
  if (std::string Error = readMetadata(E, Out, Resources); !Error.empty())
    return Error;
  // Prefer the full symbol table; fall back to the dynamic one.
  Elf_Scn *SymScn = nullptr, *Scn = nullptr;
  while ((Scn = elf_nextscn(E, Scn))) {
    GElf_Shdr Shdr;
    if (gelf_getshdr(Scn, &Shdr) &&
        (Shdr.sh_type == SHT_SYMTAB || (Shdr.sh_type == SHT_DYNSYM && !SymScn)))
      SymScn = Scn;
  }
  if (!SymScn)
    return "the code object has no symbol table";
  GElf_Shdr Shdr;
  gelf_getshdr(SymScn, &Shdr);
  Elf_Data *Data = elf_getdata(SymScn, nullptr);
  if (!Data || !Shdr.sh_entsize)
    return "unreadable symbol table";
  std::vector<GElf_Sym> Syms(Shdr.sh_size / Shdr.sh_entsize);
  std::map<std::string, uint64_t> Descriptors; ///< kernel -> its .kd's offset
  std::vector<std::pair<std::string, GElf_Sym>> Named;
  for (size_t I = 0; I < Syms.size(); ++I) {
    if (!gelf_getsym(Data, int(I), &Syms[I]))
      continue;
    const char *Name = elf_strptr(E, Shdr.sh_link, Syms[I].st_name);
    if (!Name || !*Name || Syms[I].st_shndx == SHN_UNDEF ||
        GELF_ST_BIND(Syms[I].st_info) == STB_LOCAL)
      continue;
    std::string N = Name;
    if (N.size() > 3 && N.compare(N.size() - 3, 3, ".kd") == 0)
      Descriptors[N.substr(0, N.size() - 3)] = Syms[I].st_value;
    Named.emplace_back(N, Syms[I]);
  }
  for (auto &[Name, Sym] : Named) {
    SymbolInfo S;
    S.Name = Name;
    S.Size = Sym.st_size;
    S.Offset = Sym.st_value;
    const int Type = GELF_ST_TYPE(Sym.st_info);
    if (Type == STT_FUNC) {
      if (auto D = Descriptors.find(Name); D != Descriptors.end()) {
        S.Kind = FERRY_SYMBOL_KERNEL;
        S.DescriptorOffset = D->second;
        auto It = Resources.find(Name);
        if (It == Resources.end())
          return "kernel '" + Name + "' is missing from the AMDGPU metadata note";
        SymbolInfo &R = It->second;
        S.VGPRs = R.VGPRs, S.SGPRs = R.SGPRs, S.AGPRs = R.AGPRs, S.LDS = R.LDS,
        S.Scratch = R.Scratch, S.Wave = R.Wave, S.KernargSize = R.KernargSize;
        S.KernargAlign = R.KernargAlign, S.Args = std::move(R.Args);
      } else {
        S.Kind = FERRY_SYMBOL_FUNCTION;
      }
    } else if (Type == STT_OBJECT) {
      if (Name.size() > 3 && Name.compare(Name.size() - 3, 3, ".kd") == 0)
        continue; // the kernel's descriptor, listed with the kernel
      S.Kind = FERRY_SYMBOL_VARIABLE;
    } else {
      continue;
    }
    Out.Symbols.push_back(std::move(S));
  }
  return "";
}

SymbolInfo symbol(std::string Name, ferry_symbol_kind Kind) {
  SymbolInfo S;
  S.Name = std::move(Name);
  S.Kind = Kind;
  return S;
}

std::string indexPTX(const char *Text, size_t Size, ImageIndex &Out) {
  Out.Format = "ptx";
  std::string S(Text, Size);
  std::smatch M;
  if (std::regex_search(S, M, std::regex(R"(\.target\s+(\w+))")))
    Out.Target = M[1];
  static const std::regex Entry(R"((?:\.visible|\.weak)\s+\.entry\s+([\w$]+)\s*\()");
  static const std::regex Func(
      R"((?:\.visible|\.weak)\s+\.func\s+(?:\([^)]*\)\s*)?([\w$]+)\s*\()");
  static const std::regex Var(
      R"((?:\.visible|\.weak)\s+\.(?:global|const)\s+(?:\.align\s+\d+\s+)?\.(?:[bsuf])(\d+)\s+([\w$]+)(?:\[(\d+)\])?)");
  for (auto I = std::sregex_iterator(S.begin(), S.end(), Entry); I != std::sregex_iterator(); ++I)
    Out.Symbols.push_back(symbol((*I)[1], FERRY_SYMBOL_KERNEL));
  // A function used before its definition is declared first: listed once.
  std::set<std::string> Functions;
  for (auto I = std::sregex_iterator(S.begin(), S.end(), Func); I != std::sregex_iterator(); ++I)
    if (Functions.insert((*I)[1]).second)
      Out.Symbols.push_back(symbol((*I)[1], FERRY_SYMBOL_FUNCTION));
  for (auto I = std::sregex_iterator(S.begin(), S.end(), Var); I != std::sregex_iterator(); ++I) {
    SymbolInfo Sym = symbol((*I)[2], FERRY_SYMBOL_VARIABLE);
    uint64_t Elem = std::stoull((*I)[1]) / 8;
    Sym.Size = (*I)[3].matched ? Elem * std::stoull((*I)[3]) : Elem;
    Out.Symbols.push_back(std::move(Sym));
  }
  return "";
}

/// Indexes every image of an OffloadBinary package into \p Out's embedded
/// images.
std::string indexPackage(const unsigned char *Data, size_t Size, ImageIndex &Out) {
  std::vector<DeviceImageRef> Images;
  if (std::string Error = parseOffloadPackage(Data, Size, Images); !Error.empty())
    return Error;
  for (const DeviceImageRef &I : Images) {
    ImageIndex Sub;
    if (std::string Error = indexImage(I.Data, I.Size, Sub); !Error.empty())
      return "embedded image for " + I.Arch + ": " + Error;
    Out.Embedded.push_back(std::move(Sub));
    Out.EmbeddedArch.push_back(I.Arch);
    Out.EmbeddedImages.push_back(I);
  }
  return "";
}

std::string indexExecutable(Elf *E, ImageIndex &Out) {
  Out.Format = "host-elf";
  size_t ShStrNdx;
  if (elf_getshdrstrndx(E, &ShStrNdx))
    return "unreadable section names";
  Elf_Scn *Scn = nullptr;
  while ((Scn = elf_nextscn(E, Scn))) {
    GElf_Shdr Shdr;
    if (!gelf_getshdr(Scn, &Shdr))
      continue;
    const char *Name = elf_strptr(E, ShStrNdx, Shdr.sh_name);
    if (!Name || std::strcmp(Name, ".llvm.offloading"))
      continue;
    Elf_Data *Data = elf_getdata(Scn, nullptr);
    if (!Data)
      return "unreadable .llvm.offloading section";
    if (std::string Error =
            indexPackage(static_cast<const unsigned char *>(Data->d_buf), Data->d_size, Out);
        !Error.empty())
      return ".llvm.offloading: " + Error;
  }
  return "";
}

/// Skips white space and PTX comments (// to the end of the line, /* */).
size_t skipBlank(const std::string &S, size_t I) {
  while (I < S.size()) {
    if (std::isspace(static_cast<unsigned char>(S[I]))) {
      ++I;
    } else if (S.compare(I, 2, "//") == 0) {
      I = S.find('\n', I);
      if (I == std::string::npos)
        return S.size();
    } else if (S.compare(I, 2, "/*") == 0) {
      I = S.find("*/", I + 2);
      if (I == std::string::npos)
        return S.size();
      I += 2;
    } else {
      break;
    }
  }
  return I;
}

/// PTX starts (after comments) with `.version MAJOR.MINOR` and then
/// `.target NAME`, as ptxas requires.
bool looksLikePTX(const char *Bytes, size_t Size) {
  static const std::regex Version(R"(\.version[ \t]+\d+\.\d+\s)");
  static const std::regex Target(R"(\.target[ \t]+\w+)");
  const std::string Head(Bytes, std::min<size_t>(Size, 4096));
  std::smatch M;
  size_t I = skipBlank(Head, 0);
  auto From = Head.begin() + std::ptrdiff_t(I);
  if (!std::regex_search(From, Head.end(), M, Version, std::regex_constants::match_continuous))
    return false;
  I = skipBlank(Head, I + size_t(M.length(0)));
  From = Head.begin() + std::ptrdiff_t(I);
  return std::regex_search(From, Head.end(), M, Target, std::regex_constants::match_continuous);
}

} // namespace

namespace {
template <class Ehdr, class Shdr> std::optional<int> truncation(const char *Data, size_t Size) {
  if (Size < sizeof(Ehdr))
    return -1;
  Ehdr H;
  std::memcpy(&H, Data, sizeof H);
  if (H.e_shnum && H.e_shentsize != sizeof(Shdr))
    return -1;
  if (H.e_shoff > Size || uint64_t(H.e_shnum) * H.e_shentsize > Size - H.e_shoff)
    return -1;
  for (unsigned I = 0; I < H.e_shnum; ++I) {
    Shdr S;
    std::memcpy(&S, Data + H.e_shoff + I * sizeof S, sizeof S);
    if (S.sh_type != SHT_NOBITS && (S.sh_offset > Size || S.sh_size > Size - S.sh_offset))
      return int(I);
  }
  return std::nullopt;
}
} // namespace

std::optional<int> elfTruncation(const void *Data, size_t Size) {
  const char *Bytes = static_cast<const char *>(Data);
  if (Size > EI_CLASS && Bytes[EI_CLASS] == ELFCLASS32)
    return truncation<Elf32_Ehdr, Elf32_Shdr>(Bytes, Size);
  return truncation<Elf64_Ehdr, Elf64_Shdr>(Bytes, Size);
}

namespace {
std::string indexAny(const void *Data, size_t Size, ImageIndex &Out) {
  const char *Bytes = static_cast<const char *>(Data);
  if (Size >= 4 && std::memcmp(Bytes, "\x7f" "ELF", 4) == 0) {
    elf_version(EV_CURRENT);
    ElfHandle H;
    H.E = elf_memory(const_cast<char *>(Bytes), Size);
    GElf_Ehdr Ehdr;
    if (!H.E || elf_kind(H.E) != ELF_K_ELF || !gelf_getehdr(H.E, &Ehdr)) {
      const int Error = elf_errno();
      return std::string("not a readable ELF file: ") +
             (Error ? elf_errmsg(Error) : "its header is cut short or malformed");
    }
    if (std::optional<int> Cut = elfTruncation(Data, Size))
      return "truncated ELF file: " +
             (*Cut < 0 ? std::string("the section headers lie")
                       : "section " + std::to_string(*Cut) + " lies") +
             " past its " + std::to_string(Size) + " bytes";
    return Ehdr.e_machine == EM_AMDGPU_ ? indexCodeObject(H.E, Out)
                                        : indexExecutable(H.E, Out);
  }
  if (Size >= 4 && std::memcmp(Bytes, OffloadBinaryMagic, 4) == 0) {
    Out.Format = "offload-package";
    return indexPackage(reinterpret_cast<const unsigned char *>(Bytes), Size, Out);
  }
  // LLVM bitcode (the translated IR the plugin embeds for the emulator):
  // listed as such; its symbols are the emulator's business.
  if (Size >= 4 && std::memcmp(Bytes, "BC\xC0\xDE", 4) == 0) {
    Out.Format = "llvm-bitcode";
    return "";
  }
  if (looksLikePTX(Bytes, Size))
    return indexPTX(Bytes, Size, Out);
  return UnknownImageFormat;
}
} // namespace

std::string indexImage(const void *Data, size_t Size, ImageIndex &Out) {
  std::string Error = indexAny(Data, Size, Out);
  // Kernels, then functions, then variables; by name within each kind.
  std::sort(Out.Symbols.begin(), Out.Symbols.end(),
            [](const SymbolInfo &A, const SymbolInfo &B) {
              return std::tie(A.Kind, A.Name) < std::tie(B.Kind, B.Name);
            });
  return Error;
}

std::string checkRunnable(const ImageIndex &Index) {
  for (const SymbolInfo &S : Index.Symbols)
    if (S.Kind == FERRY_SYMBOL_KERNEL &&
        (S.Name == "amdgcn.device.init" || S.Name == "amdgcn.device.fini"))
      return "the code object has a kernel '" + S.Name + "' (global " +
             (S.Name == "amdgcn.device.init" ? "constructors" : "destructors") +
             " of device variables), which Ferry does not run: build the device code "
             "without dynamic initialization of device variables";
  return "";
}

} // namespace ferry
