//===- ComgrLink.cpp - Device-function libraries on AMD GPUs --------------===//
///
/// \file
/// comgr links like `ld.lld -shared`, which accepts undefined symbols, so
/// after linking Ferry checks the executable for undefined functions itself
/// and names them: a missing device function must fail at load time, not as
/// a fault on the GPU.
///
//===----------------------------------------------------------------------===//
#include "hsa/ComgrLink.h"

#include "core/Debug.h"
#include "core/DynamicLibrary.h"
#include "core/Env.h"
#include "core/SymbolIndex.h"

#include <amd_comgr.h>
#include <gelf.h>
#include <libelf.h>

#include <cstring>
#include <map>
#include <mutex>

namespace ferry {

#define FERRY_COMGR_SYMBOLS(X)                                                 \
  X(amd_comgr_status_string)                                                   \
  X(amd_comgr_create_data)                                                     \
  X(amd_comgr_release_data)                                                    \
  X(amd_comgr_set_data)                                                        \
  X(amd_comgr_set_data_name)                                                   \
  X(amd_comgr_get_data)                                                        \
  X(amd_comgr_create_data_set)                                                 \
  X(amd_comgr_destroy_data_set)                                                \
  X(amd_comgr_data_set_add)                                                    \
  X(amd_comgr_action_data_count)                                               \
  X(amd_comgr_action_data_get_data)                                            \
  X(amd_comgr_create_action_info)                                              \
  X(amd_comgr_destroy_action_info)                                             \
  X(amd_comgr_action_info_set_isa_name)                                        \
  X(amd_comgr_action_info_set_logging)                                         \
  X(amd_comgr_do_action)

struct ComgrLinker::Impl {
#define FERRY_DECLARE(Name) decltype(&::Name) Name = nullptr;
  FERRY_COMGR_SYMBOLS(FERRY_DECLARE)
#undef FERRY_DECLARE
  DynamicLibrary Lib;
  std::string Unavailable; ///< "" once loaded
  std::mutex Mutex;
  std::map<std::string, std::shared_ptr<const std::vector<char>>> Cache;

  Impl() {
    std::vector<std::string> Candidates;
    if (auto Override = envString("FERRY_COMGR_LIB"))
      Candidates.push_back(*Override);
    else
      Candidates = {"libamd_comgr.so.2", "/opt/rocm/lib/libamd_comgr.so.2"};
    if (!Lib.open(Candidates)) {
      Unavailable = "comgr not available (needed to link device-function libraries): " +
                    Lib.error();
      return;
    }
    bool Ok = true;
#define FERRY_LOAD(Name) Ok &= Lib.load(#Name, Name);
    FERRY_COMGR_SYMBOLS(FERRY_LOAD)
#undef FERRY_LOAD
    if (!Ok)
      Unavailable = "comgr unusable: " + Lib.error();
  }

  std::string describe(const char *Call, amd_comgr_status_t S) {
    const char *Text = nullptr;
    std::string Out = std::string(Call) + " failed (" + std::to_string(int(S));
    if (amd_comgr_status_string(S, &Text) == AMD_COMGR_STATUS_SUCCESS && Text)
      Out += std::string(": ") + Text;
    return Out + ")";
  }

  /// The bytes of \p Data.
  std::vector<char> bytes(amd_comgr_data_t Data) {
    size_t Size = 0;
    std::vector<char> Out;
    if (amd_comgr_get_data(Data, &Size, nullptr) != AMD_COMGR_STATUS_SUCCESS)
      return Out;
    Out.resize(Size);
    if (amd_comgr_get_data(Data, &Size, Out.data()) != AMD_COMGR_STATUS_SUCCESS)
      Out.clear();
    return Out;
  }

  std::string link(const std::vector<RelocatableImage> &Images, const std::string &Target,
                   std::vector<char> &Exe) {
    amd_comgr_data_set_t In{}, Result{};
    amd_comgr_action_info_t Info{};
    std::string Error;
    auto Check = [&](const char *Call, amd_comgr_status_t S) {
      if (S != AMD_COMGR_STATUS_SUCCESS && Error.empty())
        Error = describe(Call, S);
      return S == AMD_COMGR_STATUS_SUCCESS;
    };
    bool HaveIn = Check("amd_comgr_create_data_set", amd_comgr_create_data_set(&In));
    bool HaveResult =
        HaveIn && Check("amd_comgr_create_data_set", amd_comgr_create_data_set(&Result));
    bool HaveInfo = HaveResult && Check("amd_comgr_create_action_info",
                                        amd_comgr_create_action_info(&Info));
    for (size_t I = 0; HaveInfo && Error.empty() && I < Images.size(); ++I) {
      amd_comgr_data_t D;
      if (!Check("amd_comgr_create_data", amd_comgr_create_data(AMD_COMGR_DATA_KIND_RELOCATABLE, &D)))
        break;
      std::string Name = "image" + std::to_string(I) + ".o";
      Check("amd_comgr_set_data",
            amd_comgr_set_data(D, Images[I].Size, static_cast<const char *>(Images[I].Data)));
      Check("amd_comgr_set_data_name", amd_comgr_set_data_name(D, Name.c_str()));
      Check("amd_comgr_data_set_add", amd_comgr_data_set_add(In, D));
      amd_comgr_release_data(D);
    }
    if (HaveInfo && Error.empty() &&
        amd_comgr_action_info_set_isa_name(Info, Target.c_str()) != AMD_COMGR_STATUS_SUCCESS)
      Error = "this comgr (" + Lib.path() + ") does not know the target " + Target +
              "; link the device-function libraries into the kernel image at compile time "
              "(llvm-link the NVVM modules before ferry-translate)";
    if (HaveInfo && Error.empty() &&
        Check("amd_comgr_action_info_set_logging", amd_comgr_action_info_set_logging(Info, true))) {
      amd_comgr_status_t S = amd_comgr_do_action(
          AMD_COMGR_ACTION_LINK_RELOCATABLE_TO_EXECUTABLE, Info, In, Result);
      if (S != AMD_COMGR_STATUS_SUCCESS) {
        Error = describe("comgr's relocatable-to-executable link", S);
        size_t Logs = 0;
        amd_comgr_data_t Log;
        if (amd_comgr_action_data_count(Result, AMD_COMGR_DATA_KIND_LOG, &Logs) ==
                AMD_COMGR_STATUS_SUCCESS &&
            Logs && amd_comgr_action_data_get_data(Result, AMD_COMGR_DATA_KIND_LOG, 0, &Log) ==
                        AMD_COMGR_STATUS_SUCCESS) {
          std::vector<char> Text = bytes(Log);
          if (!Text.empty())
            Error += ":\n" + std::string(Text.begin(), Text.end());
          amd_comgr_release_data(Log);
        }
      } else {
        amd_comgr_data_t Out;
        if (Check("amd_comgr_action_data_get_data",
                  amd_comgr_action_data_get_data(Result, AMD_COMGR_DATA_KIND_EXECUTABLE, 0,
                                                 &Out))) {
          Exe = bytes(Out);
          amd_comgr_release_data(Out);
          if (Exe.empty())
            Error = "comgr returned an empty executable";
        }
      }
    }
    if (HaveInfo)
      amd_comgr_destroy_action_info(Info);
    if (HaveResult)
      amd_comgr_destroy_data_set(Result);
    if (HaveIn)
      amd_comgr_destroy_data_set(In);
    return Error;
  }
};

namespace {

/// "" if \p Data is a whole ELF relocatable object for AMDGPU.
std::string checkRelocatable(const void *Data, size_t Size) {
  constexpr unsigned EM_AMDGPU_ = 224;
  if (Size < sizeof(Elf64_Ehdr) || std::memcmp(Data, ELFMAG, SELFMAG) != 0)
    return "no ELF header";
  Elf64_Ehdr H;
  std::memcpy(&H, Data, sizeof H);
  if (H.e_ident[EI_CLASS] != ELFCLASS64 || H.e_machine != EM_AMDGPU_)
    return "not an AMDGPU ELF file";
  if (H.e_type != ET_REL)
    return "ELF type " + std::to_string(H.e_type) + ", expected a relocatable object";
  if (std::optional<int> Cut = elfTruncation(Data, Size))
    return "truncated (" +
           (*Cut < 0 ? std::string("section headers") : "section " + std::to_string(*Cut)) +
           " past its " + std::to_string(Size) + " bytes)";
  return "";
}

} // namespace

ComgrLinker::ComgrLinker() : P(std::make_unique<Impl>()) {}
ComgrLinker::~ComgrLinker() = default;

ComgrLinker &ComgrLinker::get() {
  static ComgrLinker Linker;
  return Linker;
}

std::string ComgrLinker::availability() { return P->Unavailable; }

std::string ComgrLinker::link(const std::vector<RelocatableImage> &Images,
                              const std::string &Target,
                              std::shared_ptr<const std::vector<char>> &Out) {
  if (!P->Unavailable.empty())
    return P->Unavailable;
  if (Images.empty())
    return "nothing to link";
  // The key: the target and every image's bytes (images are small; hashing
  // them would cost as much as comparing).
  std::string Key = Target;
  for (const RelocatableImage &I : Images) {
    Key += '\0' + std::to_string(I.Size) + ':';
    Key.append(static_cast<const char *>(I.Data), I.Size);
  }
  // comgr does not survive every malformed object: check them first.
  for (const RelocatableImage &I : Images)
    if (std::string Why = checkRelocatable(I.Data, I.Size); !Why.empty())
      return I.Name + " is not a relocatable AMDGPU object: " + Why;
  std::lock_guard<std::mutex> Lock(P->Mutex);
  if (auto It = P->Cache.find(Key); It != P->Cache.end()) {
    Out = It->second;
    return "";
  }
  auto Exe = std::make_shared<std::vector<char>>();
  std::string Error = P->link(Images, Target, *Exe);
  if (!Error.empty())
    return Error;
  std::vector<std::string> Missing = undefinedSymbols(Exe->data(), Exe->size());
  if (!Missing.empty()) {
    std::string Names, Searched;
    for (const std::string &M : Missing)
      Names += (Names.empty() ? "" : ", ") + M;
    for (const RelocatableImage &I : Images)
      Searched += (Searched.empty() ? "" : ", ") + I.Name;
    return "unresolved device function" + std::string(Missing.size() > 1 ? "s " : " ") + Names +
           " after linking for " + Target + " (images searched: " + Searched + ")";
  }
  debugf("hsa: linked %zu images for %s with comgr (%zu bytes)", Images.size(), Target.c_str(),
         Exe->size());
  P->Cache.emplace(std::move(Key), Exe);
  Out = std::move(Exe);
  return "";
}

std::vector<std::string> undefinedSymbols(const void *Data, size_t Size) {
  std::vector<std::string> Out;
  elf_version(EV_CURRENT);
  Elf *E = elf_memory(static_cast<char *>(const_cast<void *>(Data)), Size);
  if (!E)
    return Out;
  GElf_Ehdr Ehdr;
  const bool Dynamic = gelf_getehdr(E, &Ehdr) && Ehdr.e_type == ET_DYN;
  Elf_Scn *Scn = nullptr;
  while ((Scn = elf_nextscn(E, Scn))) {
    GElf_Shdr Shdr;
    // Shared objects: the dynamic symbols; relocatable objects: the table.
    if (!gelf_getshdr(Scn, &Shdr) || !Shdr.sh_entsize ||
        Shdr.sh_type != (Dynamic ? SHT_DYNSYM : SHT_SYMTAB))
      continue;
    Elf_Data *D = elf_getdata(Scn, nullptr);
    for (size_t I = 1; D && I < Shdr.sh_size / Shdr.sh_entsize; ++I) {
      GElf_Sym Sym;
      if (!gelf_getsym(D, int(I), &Sym) || Sym.st_shndx != SHN_UNDEF ||
          GELF_ST_BIND(Sym.st_info) == STB_WEAK)
        continue;
      if (const char *Name = elf_strptr(E, Shdr.sh_link, Sym.st_name); Name && *Name)
        Out.push_back(Name);
    }
  }
  elf_end(E);
  return Out;
}

} // namespace ferry
