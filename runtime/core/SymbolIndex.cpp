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
#include <iterator>
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

const msgpack::object *mapValue(const msgpack::object &Map, const char *Key) {
  for (uint32_t I = 0; I < Map.via.map.size; ++I) {
    const msgpack::object_kv &KV = Map.via.map.ptr[I];
    if (KV.key.type == msgpack::type::STR &&
        std::string(KV.key.via.str.ptr, KV.key.via.str.size) == Key)
      return &KV.val;
  }
  return nullptr;
}

uint64_t mapUInt(const msgpack::object &Map, const char *Key) {
  const msgpack::object *V = mapValue(Map, Key);
  return V && V->type == msgpack::type::POSITIVE_INTEGER ? V->via.u64 : 0;
}

std::string mapString(const msgpack::object &Map, const char *Key) {
  const msgpack::object *V = mapValue(Map, Key);
  return V && V->type == msgpack::type::STR ? std::string(V->via.str.ptr, V->via.str.size)
                                           : std::string();
}

bool mapBool(const msgpack::object &Map, const char *Key) {
  const msgpack::object *V = mapValue(Map, Key);
  return V && V->type == msgpack::type::BOOLEAN && V->via.boolean;
}

/// "" or what is wrong with kernel argument \p A, read from metadata map
/// \p Arg, of a kernel whose kernarg segment has \p SegmentBytes: the
/// fields AMDGPUUsage requires, with values a dispatch can fill. Damaged
/// metadata is refused here instead of steering fillKernargs's copies.
std::string argumentProblem(const msgpack::object &Arg, const KernelArgDesc &A,
                            uint64_t SegmentBytes) {
  for (const char *Key : {".offset", ".size"}) {
    const msgpack::object *V = mapValue(Arg, Key);
    if (!V || V->type != msgpack::type::POSITIVE_INTEGER)
      return std::string("has no ") + Key + " (an unsigned integer)";
  }
  const msgpack::object *Kind = mapValue(Arg, ".value_kind");
  if (!Kind || Kind->type != msgpack::type::STR)
    return "has no .value_kind (a string)";
  static const char *const Explicit[] = {"by_value", "global_buffer", "dynamic_shared_pointer",
                                         "sampler",  "image",         "pipe",
                                         "queue"};
  const bool Hidden = A.ValueKind.rfind("hidden_", 0) == 0;
  if (!Hidden && std::find_if(std::begin(Explicit), std::end(Explicit), [&](const char *E) {
                   return A.ValueKind == E;
                 }) == std::end(Explicit))
    return "has the unknown .value_kind '" + A.ValueKind + "'";
  if (A.Size == 0)
    return "has .size 0";
  if ((A.ValueKind == "global_buffer" || A.ValueKind == "dynamic_shared_pointer") && A.Size != 8)
    return "is a pointer (" + A.ValueKind + ") of " + std::to_string(A.Size) + " bytes";
  if (A.Size > SegmentBytes || A.Offset > SegmentBytes - A.Size)
    return "at offset " + std::to_string(A.Offset) + " (" + std::to_string(A.Size) +
           " bytes) lies past the " + std::to_string(SegmentBytes) + "-byte kernarg segment";
  return "";
}

/// "" or which two arguments of \p Args share kernarg bytes.
std::string overlappingArguments(const std::vector<KernelArgDesc> &Args) {
  std::vector<size_t> Order(Args.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::sort(Order.begin(), Order.end(),
            [&](size_t L, size_t R) { return Args[L].Offset < Args[R].Offset; });
  for (size_t I = 1; I < Order.size(); ++I) {
    const KernelArgDesc &P = Args[Order[I - 1]], &N = Args[Order[I]];
    if (P.Offset + P.Size > N.Offset)
      return "arguments " + std::to_string(Order[I - 1]) + " and " + std::to_string(Order[I]) +
             " overlap (offsets " + std::to_string(P.Offset) + " and " +
             std::to_string(N.Offset) + ")";
  }
  return "";
}

/// Whether every key of map \p Map is a string (AMDGPUUsage's maps have
/// nothing else; another key is damage that hides the field it was).
bool keysAreStrings(const msgpack::object &Map) {
  for (uint32_t I = 0; I < Map.via.map.size; ++I)
    if (Map.via.map.ptr[I].key.type != msgpack::type::STR)
      return false;
  return true;
}

/// The strings of array \p Key of \p Map; false if it is absent or holds
/// something else.
bool mapStrings(const msgpack::object &Map, const char *Key, std::vector<std::string> &Out) {
  const msgpack::object *V = mapValue(Map, Key);
  if (!V || V->type != msgpack::type::ARRAY)
    return false;
  for (uint32_t I = 0; I < V->via.array.size; ++I) {
    const msgpack::object &S = V->via.array.ptr[I];
    if (S.type != msgpack::type::STR)
      return false;
    Out.emplace_back(S.via.str.ptr, S.via.str.size);
  }
  return true;
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
        if (mapValue(Root, "amdhsa.printf") && !mapStrings(Root, "amdhsa.printf", Out.PrintfFormats))
          return "the AMDGPU metadata's amdhsa.printf is not an array of strings";
        const msgpack::object *Kernels = mapValue(Root, "amdhsa.kernels");
        if (!Kernels || Kernels->type != msgpack::type::ARRAY)
          return "the AMDGPU metadata note has no amdhsa.kernels array";
        for (uint32_t I = 0; I < Kernels->via.array.size; ++I) {
          const msgpack::object &K = Kernels->via.array.ptr[I];
          if (K.type != msgpack::type::MAP)
            return "the AMDGPU metadata's kernel " + std::to_string(I) + " is not a map";
          // The fields AMDGPUUsage requires of every kernel: damage to the
          // note's structure (a map header written into a string) makes
          // some of them go missing or change type, where reading them as 0
          // would steer dispatches.
          for (const char *Key :
               {".kernarg_segment_size", ".kernarg_segment_align", ".group_segment_fixed_size",
                ".private_segment_fixed_size", ".wavefront_size", ".sgpr_count", ".vgpr_count",
                ".max_flat_workgroup_size"}) {
            const msgpack::object *V = mapValue(K, Key);
            if (!V || V->type != msgpack::type::POSITIVE_INTEGER)
              return "the AMDGPU metadata of kernel " + std::to_string(I) + " ('" +
                     mapString(K, ".name") + "') has no " + Key + " (an unsigned integer)";
          }
          for (const char *Key : {".name", ".symbol"})
            if (const msgpack::object *V = mapValue(K, Key);
                !V || V->type != msgpack::type::STR || !V->via.str.size)
              return "the AMDGPU metadata of kernel " + std::to_string(I) + " has no " + Key +
                     " (a string)";
          if (!keysAreStrings(K))
            return "the AMDGPU metadata of kernel '" + mapString(K, ".name") +
                   "' has a key that is not a string";
          if (const msgpack::object *A = mapValue(K, ".args"); A && A->type != msgpack::type::ARRAY)
            return "the AMDGPU metadata of kernel '" + mapString(K, ".name") +
                   "' has .args that is not an array";
          else if (!A && mapUInt(K, ".kernarg_segment_size"))
            return "the AMDGPU metadata of kernel '" + mapString(K, ".name") + "' has a " +
                   std::to_string(mapUInt(K, ".kernarg_segment_size")) +
                   "-byte kernarg segment but no .args";
          SymbolInfo S;
          S.VGPRs = mapUInt(K, ".vgpr_count");
          S.SGPRs = mapUInt(K, ".sgpr_count");
          S.AGPRs = mapUInt(K, ".agpr_count");
          S.LDS = mapUInt(K, ".group_segment_fixed_size");
          S.Scratch = mapUInt(K, ".private_segment_fixed_size");
          S.DynamicStack = mapBool(K, ".uses_dynamic_stack");
          S.Wave = mapUInt(K, ".wavefront_size");
          S.KernargSize = mapUInt(K, ".kernarg_segment_size");
          S.KernargAlign = mapUInt(K, ".kernarg_segment_align");
          S.MaxFlatWorkGroupSize = mapUInt(K, ".max_flat_workgroup_size");
          if (const msgpack::object *Args = mapValue(K, ".args");
              Args && Args->type == msgpack::type::ARRAY) {
            for (uint32_t A = 0; A < Args->via.array.size; ++A) {
              const msgpack::object &Arg = Args->via.array.ptr[A];
              if (Arg.type != msgpack::type::MAP || !keysAreStrings(Arg))
                return "kernel argument " + std::to_string(A) + " of " +
                       mapString(K, ".name") + " is not a map with string keys";
              S.Args.push_back({mapUInt(Arg, ".offset"), mapUInt(Arg, ".size"),
                                mapString(Arg, ".value_kind")});
              if (std::string Why = argumentProblem(Arg, S.Args.back(), S.KernargSize);
                  !Why.empty())
                return "the AMDGPU metadata of kernel '" + mapString(K, ".name") +
                       "': argument " + std::to_string(A) + " " + Why;
            }
            if (std::string Why = overlappingArguments(S.Args); !Why.empty())
              return "the AMDGPU metadata of kernel '" + mapString(K, ".name") + "': " + Why;
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

/// Reads one table (a MessagePack map) of .ferry.functions into \p Out.
/// Returns "" or what is wrong with it.
std::string readFunctionTable(const msgpack::object &Root, unsigned Table, ImageIndex &Out) {
  if (Root.type != msgpack::type::MAP)
    return "not a map";
  const msgpack::object *Version = mapValue(Root, "version");
  if (!Version || Version->type != msgpack::type::POSITIVE_INTEGER)
    return "no version";
  if (Version->via.u64 != FunctionTableVersion) {
    Out.FunctionsNote = "table " + std::to_string(Table) + " has version " +
                        std::to_string(Version->via.u64) + ", this runtime reads version " +
                        std::to_string(FunctionTableVersion);
    return "";
  }
  const msgpack::object *List = mapValue(Root, "functions");
  if (!List || List->type != msgpack::type::ARRAY)
    return "no functions array";
  for (uint32_t I = 0; I < List->via.array.size; ++I) {
    const msgpack::object &F = List->via.array.ptr[I];
    const std::string Where = "function " + std::to_string(I);
    if (F.type != msgpack::type::MAP)
      return Where + " is not a map";
    FunctionRecord R;
    R.Name = mapString(F, "name");
    if (R.Name.empty())
      return Where + " has no name";
    const std::string Kind = mapString(F, "kind");
    if (Kind != "kernel" && Kind != "function")
      return "function '" + R.Name + "' has kind '" + Kind + "' (expected kernel or function)";
    R.Kernel = Kind == "kernel";
    R.Local = mapBool(F, "local");
    for (const char *Key : {"vgpr", "sgpr", "agpr", "scratch", "lds", "param_count"}) {
      const msgpack::object *V = mapValue(F, Key);
      if (!V || V->type != msgpack::type::POSITIVE_INTEGER)
        return "function '" + R.Name + "' has no " + Key + " count";
    }
    R.VGPRs = mapUInt(F, "vgpr");
    R.SGPRs = mapUInt(F, "sgpr");
    R.AGPRs = mapUInt(F, "agpr");
    R.Scratch = mapUInt(F, "scratch");
    R.LDS = mapUInt(F, "lds");
    R.CallsUnknown = mapBool(F, "calls_unknown");
    R.ReturnType = mapString(F, "return_type");
    R.IndirectCalls = mapUInt(F, "indirect_calls");
    R.AddressTaken = mapBool(F, "address_taken");
    if (!mapStrings(F, "params", R.Params) || R.Params.size() != mapUInt(F, "param_count"))
      return "function '" + R.Name + "' has no params array of param_count types";
    if (!mapStrings(F, "callees", R.Callees))
      return "function '" + R.Name + "' has no callees array of names";
    R.Table = Table;
    Out.Functions.push_back(std::move(R));
  }
  return "";
}

/// Calls \p Read with the data of every section named \p Wanted; "" or what
/// is wrong: unreadable names or data, or \p Read's error.
template <typename ReadFn>
std::string forEachSection(Elf *E, const char *Wanted, ReadFn Read) {
  size_t ShStrNdx;
  if (elf_getshdrstrndx(E, &ShStrNdx))
    return "unreadable section names";
  Elf_Scn *Scn = nullptr;
  while ((Scn = elf_nextscn(E, Scn))) {
    GElf_Shdr Shdr;
    if (!gelf_getshdr(Scn, &Shdr))
      continue;
    const char *Name = elf_strptr(E, ShStrNdx, Shdr.sh_name);
    if (!Name || std::strcmp(Name, Wanted))
      continue;
    Elf_Data *Data = elf_getdata(Scn, nullptr);
    if (!Data)
      return std::string("unreadable ") + Wanted + " section";
    if (std::string Error = Read(*Data); !Error.empty())
      return Error;
  }
  return "";
}

/// Reads the .ferry.functions section, if there is one: a sequence of
/// tables. Returns "" or what is wrong with it.
std::string readFunctionTables(Elf *E, ImageIndex &Out) {
  bool Found = false;
  unsigned Table = 0; // counted across sections, should there be several
  std::string Error = forEachSection(E, ".ferry.functions", [&](const Elf_Data &Data) {
    Found = true;
    const char *Bytes = static_cast<const char *>(Data.d_buf);
    // Bounds for hostile input: no count may exceed the section's size.
    const size_t Most = std::max<size_t>(Data.d_size, 1);
    const msgpack::unpack_limit Limit(Most, Most, Most, Most, Most, 16);
    size_t Offset = 0;
    for (; Offset < Data.d_size; ++Table) {
      const size_t Start = Offset;
      std::string Problem;
      try {
        msgpack::object_handle H =
            msgpack::unpack(Bytes, Data.d_size, Offset, nullptr, nullptr, Limit);
        Problem = readFunctionTable(H.get(), Table, Out);
      } catch (const std::exception &X) {
        Problem = std::string("not MessagePack (") + X.what() + ")";
      }
      if (!Problem.empty())
        return "malformed .ferry.functions section: table " + std::to_string(Table) +
               " at offset " + std::to_string(Start) + ": " + Problem;
    }
    return std::string();
  });
  if (Error.empty() && !Found)
    Out.FunctionsNote = "no .ferry.functions section";
  return Error;
}

/// Functions their image takes the address of (callable through pointers)
/// get the indirect kind.
void markIndirectFunctions(ImageIndex &Out) {
  for (SymbolInfo &S : Out.Symbols)
    if (S.Kind == FERRY_SYMBOL_FUNCTION)
      for (const FunctionRecord &F : Out.Functions)
        if (F.Name == S.Name && !F.Local && F.AddressTaken)
          S.Kind = FERRY_SYMBOL_INDIRECT_FUNCTION;
}

/// Another compiler's object has no `.ferry.functions`: its functions and
/// what the relocations say of them. A reference from code (R_AMDGPU_REL32_LO,
/// the `s_getpc`/`s_add` pair of a call or of an address taken in code) to a
/// function is listed as a callee; one from data (a table of pointers) makes
/// the function address-taken. Kernels get the metadata's resources;
/// device functions have none to read (HasResources false). What the
/// assembler resolved itself (calls between functions of one section that
/// are not global, every call of a linked code object) leaves no trace.
void functionsFromRelocations(Elf *E, const std::vector<GElf_Sym> &Syms, Elf_Scn *SymScn,
                              size_t StrIndex,
                              const std::map<std::string, SymbolInfo> &Resources,
                              ImageIndex &Out) {
  constexpr unsigned R_AMDGPU_ABS64_ = 3, R_AMDGPU_REL32_LO_ = 10;
  auto NameOf = [&](size_t I) -> std::string {
    if (I >= Syms.size())
      return "";
    const char *N = elf_strptr(E, StrIndex, Syms[I].st_name);
    return N ? N : "";
  };
  std::map<std::string, FunctionRecord> Records;
  for (size_t I = 0; I < Syms.size(); ++I)
    if (GELF_ST_TYPE(Syms[I].st_info) == STT_FUNC && Syms[I].st_shndx != SHN_UNDEF) {
      FunctionRecord R;
      R.Name = NameOf(I);
      if (R.Name.empty())
        continue;
      R.Local = GELF_ST_BIND(Syms[I].st_info) == STB_LOCAL;
      if (auto It = Resources.find(R.Name); It != Resources.end()) {
        R.Kernel = true;
        R.VGPRs = It->second.VGPRs, R.SGPRs = It->second.SGPRs, R.AGPRs = It->second.AGPRs;
        R.Scratch = It->second.Scratch, R.LDS = It->second.LDS;
      } else {
        R.HasResources = false;
      }
      Records[R.Name] = std::move(R);
    }
  Elf_Scn *Scn = nullptr;
  while ((Scn = elf_nextscn(E, Scn))) {
    GElf_Shdr Rel;
    if (!gelf_getshdr(Scn, &Rel) || Rel.sh_type != SHT_RELA || !Rel.sh_entsize ||
        elf_getscn(E, Rel.sh_link) != SymScn)
      continue;
    Elf_Scn *Target = elf_getscn(E, Rel.sh_info);
    GElf_Shdr TargetShdr;
    if (!Target || !gelf_getshdr(Target, &TargetShdr))
      continue;
    const bool Code = TargetShdr.sh_flags & SHF_EXECINSTR;
    Elf_Data *Data = elf_getdata(Scn, nullptr);
    if (!Data)
      continue;
    for (size_t I = 0; I < Rel.sh_size / Rel.sh_entsize; ++I) {
      GElf_Rela R;
      if (!gelf_getrela(Data, int(I), &R))
        continue;
      const size_t SymIndex = GELF_R_SYM(R.r_info);
      const unsigned Type = unsigned(GELF_R_TYPE(R.r_info));
      if (SymIndex >= Syms.size())
        continue;
      const GElf_Sym &To = Syms[SymIndex];
      const bool Function = GELF_ST_TYPE(To.st_info) == STT_FUNC ||
                            (To.st_shndx == SHN_UNDEF && GELF_ST_TYPE(To.st_info) == STT_NOTYPE);
      const std::string Callee = NameOf(SymIndex);
      if (!Function || Callee.empty())
        continue;
      if (!Code) {
        if (Type == R_AMDGPU_ABS64_)
          if (auto It = Records.find(Callee); It != Records.end())
            It->second.AddressTaken = true;
        continue;
      }
      if (Type != R_AMDGPU_REL32_LO_)
        continue;
      // The function whose code holds the reference.
      for (size_t F = 0; F < Syms.size(); ++F)
        if (GELF_ST_TYPE(Syms[F].st_info) == STT_FUNC && Syms[F].st_shndx == Rel.sh_info &&
            R.r_offset >= Syms[F].st_value && R.r_offset < Syms[F].st_value + Syms[F].st_size)
          if (auto It = Records.find(NameOf(F)); It != Records.end()) {
            It->second.Callees.push_back(Callee);
            It->second.CallsUnknown |= !Records.count(Callee);
          }
    }
  }
  for (auto &[Name, R] : Records) {
    std::sort(R.Callees.begin(), R.Callees.end());
    R.Callees.erase(std::unique(R.Callees.begin(), R.Callees.end()), R.Callees.end());
    Out.Functions.push_back(std::move(R));
  }
  if (!Out.Functions.empty())
    Out.FunctionsNote = "no .ferry.functions section: functions and calls from the symbols and "
                        "relocations (kernels' resources from the metadata)";
}

std::string indexCodeObject(Elf *E, ImageIndex &Out) {
  Out.Format = "hsa-code-object";
  std::map<std::string, SymbolInfo> Resources;
  if (std::string Error = readMetadata(E, Out, Resources); !Error.empty())
    return Error;
  if (std::string Error = readFunctionTables(E, Out); !Error.empty())
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
        S.KernargAlign = R.KernargAlign, S.DynamicStack = R.DynamicStack;
        S.MaxFlatWorkGroupSize = R.MaxFlatWorkGroupSize;
        S.Args = std::move(R.Args);
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
  if (Out.Functions.empty() && Out.FunctionsNote == "no .ferry.functions section")
    functionsFromRelocations(E, Syms, SymScn, Shdr.sh_link, Resources, Out);
  markIndirectFunctions(Out);
  return "";
}

/// An NVIDIA cubin (ptxas's output): kernels are global functions marked
/// as entries (STO_CUDA_ENTRY in st_other), other global functions device
/// functions, global objects variables. Resources are the driver's (none).
std::string indexCubin(Elf *E, ImageIndex &Out) {
  Out.Format = "cubin";
  constexpr unsigned char STO_CUDA_ENTRY = 0x10;
  Elf_Scn *Scn = nullptr;
  while ((Scn = elf_nextscn(E, Scn))) {
    GElf_Shdr Shdr;
    if (!gelf_getshdr(Scn, &Shdr) || Shdr.sh_type != SHT_SYMTAB)
      continue;
    Elf_Data *Data = elf_getdata(Scn, nullptr);
    if (!Data || !Shdr.sh_entsize)
      return "unreadable symbol table";
    for (size_t I = 0, N = Shdr.sh_size / Shdr.sh_entsize; I < N; ++I) {
      GElf_Sym Sym;
      if (!gelf_getsym(Data, int(I), &Sym) || Sym.st_shndx == SHN_UNDEF ||
          GELF_ST_BIND(Sym.st_info) == STB_LOCAL)
        continue;
      const char *Name = elf_strptr(E, Shdr.sh_link, Sym.st_name);
      if (!Name || !*Name)
        continue;
      const int Type = GELF_ST_TYPE(Sym.st_info);
      if (Type != STT_FUNC && Type != STT_OBJECT)
        continue;
      SymbolInfo S;
      S.Name = Name;
      S.Size = Sym.st_size;
      S.Offset = Sym.st_value;
      S.Kind = Type == STT_OBJECT                 ? FERRY_SYMBOL_VARIABLE
               : (Sym.st_other & STO_CUDA_ENTRY) ? FERRY_SYMBOL_KERNEL
                                                  : FERRY_SYMBOL_FUNCTION;
      Out.Symbols.push_back(std::move(S));
    }
    return "";
  }
  return "the cubin has no symbol table";
}

SymbolInfo symbol(std::string Name, ferry_symbol_kind Kind) {
  SymbolInfo S;
  S.Name = std::move(Name);
  S.Kind = Kind;
  return S;
}

/// PTX text without its comments (`//` to the end of the line, `/* */`).
std::string withoutComments(const std::string &S) {
  std::string Out;
  Out.reserve(S.size());
  for (size_t I = 0; I < S.size();) {
    if (S.compare(I, 2, "//") == 0) {
      I = S.find('\n', I);
      if (I == std::string::npos)
        break;
    } else if (S.compare(I, 2, "/*") == 0) {
      const size_t End = S.find("*/", I + 2);
      I = End == std::string::npos ? S.size() : End + 2;
      Out += ' ';
    } else {
      Out += S[I++];
    }
  }
  return Out;
}

/// The types of a PTX parameter list ("(.param .b64 k_param_0, .param .align
/// 4 .b8 s[12])" gives ".b64", ".b8[12]").
std::vector<std::string> ptxParamTypes(const std::string &List) {
  static const std::regex Param(R"(\.param\s+(?:\.align\s+\d+\s+)?(?:\.ptr\s+[^\s]+\s+)?(\.\w+)\s+[\w$]+(\[\d*\])?)");
  std::vector<std::string> Types;
  for (auto I = std::sregex_iterator(List.begin(), List.end(), Param); I != std::sregex_iterator();
       ++I)
    Types.push_back((*I)[1].str() + (*I)[2].str());
  return Types;
}

/// The call graph and prototypes of PTX functions and kernels (the
/// resources are ptxas's and the driver's to decide: none here): each
/// definition's `call` instructions, direct (a function name) or indirect
/// (a register).
void ptxFunctions(const std::string &Text, ImageIndex &Out) {
  const std::string S = withoutComments(Text);
  static const std::regex Def(
      R"((\.visible\s+|\.weak\s+|\.extern\s+)?(\.entry|\.func)\s+(\([^)]*\)\s*)?([\w$]+)\s*(\([^)]*\))?)");
  static const std::regex Call(R"(\bcall(?:\.uni)?\s+(?:\([^)]*\)\s*,\s*)?(%?[\w$]+))");
  std::set<std::string> Defined;
  std::vector<FunctionRecord> Found;
  for (auto I = std::sregex_iterator(S.begin(), S.end(), Def); I != std::sregex_iterator(); ++I) {
    const std::smatch &M = *I;
    // A definition has a body: the first of `{` and `;` after the header.
    size_t At = size_t(M.position(0) + M.length(0));
    const size_t Open = S.find_first_of("{;", At);
    if (Open == std::string::npos || S[Open] == ';' || M[1].str().rfind(".extern", 0) == 0)
      continue;
    size_t Close = Open, Depth = 0;
    for (; Close < S.size(); ++Close)
      if (S[Close] == '{')
        ++Depth;
      else if (S[Close] == '}' && --Depth == 0)
        break;
    FunctionRecord R;
    R.Name = M[4];
    R.Kernel = M[2] == ".entry";
    R.Local = !M[1].matched;
    const std::vector<std::string> Ret = ptxParamTypes(M[3]);
    R.ReturnType = Ret.empty() ? "void" : Ret.front();
    R.Params = ptxParamTypes(M[5]);
    const std::string Body = S.substr(Open, Close - Open);
    for (auto C = std::sregex_iterator(Body.begin(), Body.end(), Call);
         C != std::sregex_iterator(); ++C) {
      const std::string Target = (*C)[1];
      if (Target[0] == '%')
        ++R.IndirectCalls;
      else
        R.Callees.push_back(Target);
    }
    std::sort(R.Callees.begin(), R.Callees.end());
    R.Callees.erase(std::unique(R.Callees.begin(), R.Callees.end()), R.Callees.end());
    if (Defined.insert(R.Name).second)
      Found.push_back(std::move(R));
  }
  // Addresses taken: a function moved into a register or named in a
  // variable's initializer.
  std::set<std::string> Taken;
  static const std::regex Mov(R"(\bmov\.[\w.]+\s+%[\w$]+\s*,\s*([A-Za-z_$][\w$]*)\s*;)");
  static const std::regex Init(R"(=\s*\{([^}]*)\})");
  static const std::regex Word(R"([A-Za-z_$][\w$]*)");
  for (auto I = std::sregex_iterator(S.begin(), S.end(), Mov); I != std::sregex_iterator(); ++I)
    Taken.insert((*I)[1]);
  for (auto I = std::sregex_iterator(S.begin(), S.end(), Init); I != std::sregex_iterator(); ++I) {
    const std::string List = (*I)[1];
    for (auto W = std::sregex_iterator(List.begin(), List.end(), Word);
         W != std::sregex_iterator(); ++W)
      Taken.insert((*W)[0]);
  }
  for (FunctionRecord &R : Found) {
    R.CallsUnknown = R.IndirectCalls > 0;
    for (const std::string &C : R.Callees)
      R.CallsUnknown |= !Defined.count(C);
    R.AddressTaken = !R.Kernel && Taken.count(R.Name);
  }
  std::sort(Found.begin(), Found.end(),
            [](const FunctionRecord &A, const FunctionRecord &B) { return A.Name < B.Name; });
  Out.Functions = std::move(Found);
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
  ptxFunctions(S, Out);
  markIndirectFunctions(Out);
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

/// The packages ferry-nvcc embeds in CUDA programs (runtime/cudart/
/// CudaRuntime.h): each a 16-byte header ("FERRYCU1", the size) and
/// OffloadBinary entries, 8-byte aligned one after the other in \p Section.
std::string indexCudaPackages(const Elf_Data &Data, const char *Section, ImageIndex &Out) {
  const auto *Bytes = static_cast<const unsigned char *>(Data.d_buf);
  for (size_t Off = 0; Off + 16 <= Data.d_size;) {
    if (std::memcmp(Bytes + Off, CudaPackageMagic, sizeof CudaPackageMagic) != 0) {
      static const unsigned char Zeros[8] = {};
      if (std::memcmp(Bytes + Off, Zeros, 8) == 0) { // padding between files
        Off += 8;
        continue;
      }
      return std::string(Section) + ": a fat binary at offset " + std::to_string(Off) +
             " that ferry-nvcc did not build";
    }
    uint64_t Size = 0;
    for (int Byte = 7; Byte >= 0; --Byte)
      Size = Size << 8 | Bytes[Off + 8 + Byte];
    if (Size > Data.d_size - Off - 16)
      return std::string(Section) + ": the package at offset " + std::to_string(Off) +
             " is cut short";
    if (std::string Error = indexPackage(Bytes + Off + 16, Size, Out); !Error.empty())
      return std::string(Section) + ": " + Error;
    Off += (16 + Size + 7) / 8 * 8;
  }
  return "";
}

std::string indexExecutable(Elf *E, ImageIndex &Out) {
  Out.Format = "host-elf";
  if (std::string Error = forEachSection(E, ".llvm.offloading", [&](const Elf_Data &Data) {
        if (std::string Error =
                indexPackage(static_cast<const unsigned char *>(Data.d_buf), Data.d_size, Out);
            !Error.empty())
          return ".llvm.offloading: " + Error;
        return std::string();
      });
      !Error.empty())
    return Error;
  // CUDA programs built by ferry-nvcc: each file's package where clang puts
  // a GPU binary, and the device link's package of relocatable code.
  for (const char *Section : {".nv_fatbin", ".ferry_cuda_package"})
    if (std::string Error = forEachSection(
            E, Section, [&](const Elf_Data &Data) { return indexCudaPackages(Data, Section, Out); });
        !Error.empty())
      return Error;
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
    constexpr unsigned EM_CUDA_ = 190;
    return Ehdr.e_machine == EM_AMDGPU_ ? indexCodeObject(H.E, Out)
           : Ehdr.e_machine == EM_CUDA_ ? indexCubin(H.E, Out)
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

const FunctionRecord *findFunction(const ImageIndex &Index, const std::string &Name,
                                   unsigned Table) {
  const FunctionRecord *Other = nullptr;
  for (const FunctionRecord &F : Index.Functions) {
    if (F.Name != Name)
      continue;
    if (F.Table == Table)
      return &F;
    if (!F.Local && !Other)
      Other = &F;
  }
  return Other;
}

std::string resolveLinkedResources(ImageIndex &Index) {
  for (SymbolInfo &S : Index.Symbols) {
    if (S.Kind != FERRY_SYMBOL_KERNEL)
      continue;
    const FunctionRecord *K = nullptr;
    for (const FunctionRecord &F : Index.Functions)
      if (F.Kernel && F.Name == S.Name)
        K = &F;
    if (!K)
      continue;
    // Every function the kernel reaches; those of other tables were linked
    // in after the kernel was compiled.
    std::vector<const FunctionRecord *> Work{K}, Seen{K};
    uint64_t LibraryScratch = 0;
    while (!Work.empty()) {
      const FunctionRecord *F = Work.back();
      Work.pop_back();
      for (const std::string &Name : F->Callees) {
        const FunctionRecord *C = findFunction(Index, Name, F->Table);
        if (!C || std::find(Seen.begin(), Seen.end(), C) != Seen.end())
          continue;
        Seen.push_back(C);
        Work.push_back(C);
        if (C->Table == K->Table)
          continue;
        const std::pair<const char *, std::pair<uint64_t, uint64_t>> Registers[] = {
            {"VGPRs", {C->VGPRs, K->VGPRs}},
            {"SGPRs", {C->SGPRs, K->SGPRs}},
            {"AGPRs", {C->AGPRs, K->AGPRs}}};
        for (const auto &[What, Counts] : Registers)
          if (Counts.first > Counts.second)
            return "kernel '" + K->Name + "' was compiled for " +
                   std::to_string(Counts.second) + " " + What + ", but library function '" +
                   C->Name + "' it calls uses " + std::to_string(Counts.first) +
                   ": rebuild the library so that it uses fewer, or link it into the "
                   "kernel's image at compile time";
        LibraryScratch = std::max(LibraryScratch, C->Scratch);
      }
    }
    // A kernel that reaches an indirect call may call, through a pointer,
    // any function another object of the link takes the address of: each
    // must fit the registers the kernel was compiled for, and its stack
    // joins the kernel's.
    const bool Indirect = std::any_of(Seen.begin(), Seen.end(), [](const FunctionRecord *F) {
      return F->IndirectCalls > 0;
    });
    for (const FunctionRecord &C : Index.Functions) {
      if (!Indirect || !C.AddressTaken || C.Local || C.Kernel || C.Table == K->Table)
        continue;
      const std::pair<const char *, std::pair<uint64_t, uint64_t>> Registers[] = {
          {"VGPRs", {C.VGPRs, K->VGPRs}}, {"SGPRs", {C.SGPRs, K->SGPRs}},
          {"AGPRs", {C.AGPRs, K->AGPRs}}};
      for (const auto &[What, Counts] : Registers)
        if (Counts.first > Counts.second)
          return "kernel '" + K->Name + "' calls through function pointers and was compiled "
                 "for " + std::to_string(Counts.second) + " " + What +
                 ", but library function '" + C.Name +
                 "', whose address its library takes, uses " + std::to_string(Counts.first) +
                 ": rebuild the library so that it uses fewer, or link it into the kernel's "
                 "image at compile time";
      LibraryScratch = std::max(LibraryScratch, C.Scratch);
    }
    S.Scratch += LibraryScratch;
  }
  return "";
}

bool isAMDGPUElf(const void *Data, size_t Size) {
  constexpr uint16_t EM_AMDGPU_ = 224;
  uint16_t Machine = 0;
  if (!Data || Size < 20 || std::memcmp(Data, "\x7f"
                                               "ELF",
                                        4) != 0)
    return false;
  std::memcpy(&Machine, static_cast<const char *>(Data) + 18, 2);
  return Machine == EM_AMDGPU_;
}

std::string amdgpuObjectTarget(const void *Data, size_t Size) {
  if (!isAMDGPUElf(Data, Size))
    return "";
  ImageIndex Index;
  if (!indexImage(Data, Size, Index).empty())
    return "";
  return Index.Target;
}

std::string targetProcessor(const std::string &TargetID) {
  std::string Id = TargetID;
  if (size_t Dash = Id.rfind("--"); Dash != std::string::npos)
    Id = Id.substr(Dash + 2);
  return Id.substr(0, Id.find(':'));
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
