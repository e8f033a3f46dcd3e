//===- ferry-info.cpp - What Ferry's runtime sees -------------------------===//
///
/// \file
/// `ferry-info` lists the runtime's backends and their devices (and why a
/// backend has none). `ferry-info --has=TYPE` prints nothing and exits 0 when
/// a usable device of TYPE (radeon, nvidia, host) exists, 1 otherwise; the
/// lit configuration uses it to detect GPUs. `ferry-info --image FILE` lists
/// what a device image defines: kernels with their resources, device
/// functions and variables, for HSA code objects, PTX, OffloadBinary
/// packages, and executables or objects with embedded images (the runtime's
/// own symbol index, no LLVM); anything else is refused with what is accepted.
/// For AMD code objects it also prints the `.ferry.functions` table: every
/// function's resources, whether it calls what Ferry cannot see, and its
/// prototype; `--callgraph` prints the call edges instead and `--json`
/// everything as JSON (docs/code-object-metadata.md).
/// `ferry-info --extract DIR FILE` writes the images embedded in an
/// executable, object or package to DIR as FILE.N.ARCH.{hsaco,ptx,cubin,bc}, one
/// per line printed, for llvm-readelf, llvm-objdump or ptxas.
///
//===----------------------------------------------------------------------===//
#include "core/SymbolIndex.h"
#include "ferry/runtime.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

#include <sys/stat.h>

static const char *const Usage =
    "usage: ferry-info [--has=radeon|nvidia|host | --image FILE [--callgraph | --json | --load] |\n"
    "                   --extract DIR FILE]\n";

static int usage() {
  std::fputs(Usage, stderr);
  return 2;
}

static const char *kindName(ferry_symbol_kind K) {
  switch (K) {
  case FERRY_SYMBOL_KERNEL:
    return "kernel";
  case FERRY_SYMBOL_FUNCTION:
    return "function";
  case FERRY_SYMBOL_VARIABLE:
    return "variable";
  case FERRY_SYMBOL_INDIRECT_FUNCTION:
    return "indirect";
  }
  return "?";
}

/// Host ELF files and OffloadBinary packages hold images rather than symbols.
static bool holdsImages(const ferry::ImageIndex &Index) {
  return Index.Format == "host-elf" || Index.Format == "offload-package";
}

static std::string prototype(const ferry::FunctionRecord &F) {
  std::string Out = F.ReturnType + " (";
  for (size_t I = 0; I < F.Params.size(); ++I)
    Out += (I ? ", " : "") + F.Params[I];
  return Out + ")";
}

static void printFunctions(const ferry::ImageIndex &Index, const std::string &Indent) {
  if (Index.Format == "ptx" && !Index.Functions.empty()) {
    // PTX: prototypes and calls; registers and stack are ptxas's and the
    // driver's to decide.
    std::printf("%s%-9s %-32s %-7s %s\n", Indent.c_str(), "FUNCTION", "NAME", "UNKNOWN",
                "PROTOTYPE");
    for (const ferry::FunctionRecord &F : Index.Functions)
      std::printf("%s%-9s %-32s %-7s %s\n", Indent.c_str(), F.Kernel ? "kernel" : "function",
                  F.Name.c_str(), F.CallsUnknown ? "calls" : "-", prototype(F).c_str());
    return;
  }
  if (Index.Format != "hsa-code-object")
    return;
  if (!Index.FunctionsNote.empty())
    std::printf("%sfunctions: %s\n", Indent.c_str(), Index.FunctionsNote.c_str());
  if (Index.Functions.empty())
    return;
  std::printf("%s%-9s %-32s %5s %5s %5s %7s %6s %-7s %s\n", Indent.c_str(), "FUNCTION", "NAME",
              "VGPR", "SGPR", "AGPR", "SCRATCH", "LDS", "UNKNOWN", "PROTOTYPE");
  for (const ferry::FunctionRecord &F : Index.Functions) {
    if (!F.HasResources) {
      std::printf("%s%-9s %-32s %5s %5s %5s %7s %6s %-7s %s\n", Indent.c_str(),
                  F.Kernel ? "kernel" : "function", F.Name.c_str(), "-", "-", "-", "-", "-",
                  F.CallsUnknown ? "calls" : "-", F.ReturnType.empty() ? "-" : prototype(F).c_str());
      continue;
    }
    std::printf("%s%-9s %-32s %5llu %5llu %5llu %7llu %6llu %-7s %s\n", Indent.c_str(),
                F.Kernel ? "kernel" : "function", F.Name.c_str(), (unsigned long long)F.VGPRs,
                (unsigned long long)F.SGPRs, (unsigned long long)F.AGPRs,
                (unsigned long long)F.Scratch, (unsigned long long)F.LDS,
                F.CallsUnknown ? "calls" : "-", F.ReturnType.empty() ? "-" : prototype(F).c_str());
  }
}

/// Embedded image \p I's processor (a CUDA program's AMD images: and the
/// sm_NN they were translated from), or what device IR that the runtime
/// compiles at first use (-fplugin-arg-ferry-jit) becomes.
static std::string imageLabel(const ferry::ImageIndex &Index, size_t I) {
  if (I >= Index.EmbeddedImages.size())
    return Index.EmbeddedArch[I];
  const ferry::DeviceImageRef &Image = Index.EmbeddedImages[I];
  if (!Image.Deferred.empty())
    return "device IR (" + Image.Deferred + ")";
  if (!Image.CudaArch.empty())
    return Index.EmbeddedArch[I] + " (from " + Image.CudaArch + ")";
  return Index.EmbeddedArch[I];
}

/// One line per call edge; a callee no table defines is marked undefined,
/// each indirect call site is an edge to <indirect>.
static void printCallGraph(const ferry::ImageIndex &Index, const std::string &Indent) {
  if (Index.Format != "hsa-code-object" && Index.Format != "ptx") {
    for (size_t I = 0; I < Index.Embedded.size(); ++I) {
      std::printf("%simage %zu: %s\n", Indent.c_str(), I, imageLabel(Index, I).c_str());
      printCallGraph(Index.Embedded[I], Indent + "  ");
    }
    return;
  }
  if (!Index.FunctionsNote.empty())
    std::printf("%sfunctions: %s\n", Indent.c_str(), Index.FunctionsNote.c_str());
  for (const ferry::FunctionRecord &F : Index.Functions) {
    for (const std::string &C : F.Callees)
      std::printf("%s%s -> %s%s\n", Indent.c_str(), F.Name.c_str(), C.c_str(),
                  ferry::findFunction(Index, C, F.Table) ? "" : " (undefined)");
    for (uint64_t I = 0; I < F.IndirectCalls; ++I)
      std::printf("%s%s -> <indirect>\n", Indent.c_str(), F.Name.c_str());
  }
}

static std::string json(const std::string &S) {
  std::string Out = "\"";
  for (unsigned char C : S) {
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += char(C);
    } else if (C < 0x20) {
      char Buf[8];
      std::snprintf(Buf, sizeof Buf, "\\u%04x", C);
      Out += Buf;
    } else {
      Out += char(C);
    }
  }
  return Out + "\"";
}

static std::string json(const std::vector<std::string> &List) {
  std::string Out = "[";
  for (size_t I = 0; I < List.size(); ++I)
    Out += (I ? ", " : "") + json(List[I]);
  return Out + "]";
}

static std::string json(const ferry::ImageIndex &Index) {
  auto N = [](uint64_t V) { return std::to_string(V); };
  std::string Out = "{\"format\": " + json(Index.Format) + ", \"target\": " + json(Index.Target);
  if (holdsImages(Index)) {
    Out += ", \"images\": [";
    for (size_t I = 0; I < Index.Embedded.size(); ++I)
      Out += std::string(I ? ", " : "") + "{\"arch\": " + json(Index.EmbeddedArch[I]) +
             (I < Index.EmbeddedImages.size() && !Index.EmbeddedImages[I].CudaArch.empty()
                  ? ", \"cuda_arch\": " + json(Index.EmbeddedImages[I].CudaArch)
                  : std::string()) +
             ", \"image\": " + json(Index.Embedded[I]) + "}";
    return Out + "]}";
  }
  Out += ", \"symbols\": [";
  for (size_t I = 0; I < Index.Symbols.size(); ++I) {
    const ferry::SymbolInfo &S = Index.Symbols[I];
    Out += std::string(I ? ", " : "") + "{\"name\": " + json(S.Name) +
           ", \"kind\": " + json(kindName(S.Kind)) + ", \"size\": " + N(S.Size) +
           ", \"offset\": " + N(S.Offset);
    if (S.Kind == FERRY_SYMBOL_KERNEL && Index.Format == "hsa-code-object")
      Out += ", \"vgpr\": " + N(S.VGPRs) + ", \"sgpr\": " + N(S.SGPRs) + ", \"agpr\": " +
             N(S.AGPRs) + ", \"lds\": " + N(S.LDS) + ", \"scratch\": " + N(S.Scratch) +
             ", \"wave\": " + N(S.Wave) + ", \"kernarg_size\": " + N(S.KernargSize);
    Out += "}";
  }
  Out += "]";
  if (Index.Format == "hsa-code-object" || Index.Format == "ptx") {
    Out += ", \"functions_note\": " + json(Index.FunctionsNote) + ", \"functions\": [";
    for (size_t I = 0; I < Index.Functions.size(); ++I) {
      const ferry::FunctionRecord &F = Index.Functions[I];
      Out += std::string(I ? ", " : "") + "{\"name\": " + json(F.Name) +
             ", \"kind\": " + json(F.Kernel ? "kernel" : "function") +
             ", \"local\": " + (F.Local ? "true" : "false") + ", \"table\": " + N(F.Table) +
             ", \"vgpr\": " + N(F.VGPRs) + ", \"sgpr\": " + N(F.SGPRs) +
             ", \"agpr\": " + N(F.AGPRs) + ", \"scratch\": " + N(F.Scratch) +
             ", \"lds\": " + N(F.LDS) +
             ", \"calls_unknown\": " + (F.CallsUnknown ? "true" : "false") +
             ", \"return_type\": " + json(F.ReturnType) + ", \"params\": " + json(F.Params) +
             ", \"param_count\": " + N(F.Params.size()) + ", \"callees\": " + json(F.Callees) +
             ", \"indirect_calls\": " + N(F.IndirectCalls) +
             ", \"address_taken\": " + (F.AddressTaken ? "true" : "false") + "}";
    }
    Out += "]";
  }
  return Out + "}";
}

static void printIndex(const ferry::ImageIndex &Index, const std::string &Indent) {
  std::printf("%sformat: %s\n", Indent.c_str(), Index.Format.c_str());
  if (!Index.Target.empty())
    std::printf("%starget: %s\n", Indent.c_str(), Index.Target.c_str());
  if (holdsImages(Index)) {
    std::printf("%simages: %zu\n", Indent.c_str(), Index.Embedded.size());
    for (size_t I = 0; I < Index.Embedded.size(); ++I) {
      std::printf("%simage %zu: %s\n", Indent.c_str(), I, imageLabel(Index, I).c_str());
      printIndex(Index.Embedded[I], Indent + "  ");
    }
    return;
  }
  const bool Resources = Index.Format == "hsa-code-object";
  std::printf("%s%-9s %-32s %8s", Indent.c_str(), "KIND", "NAME", "SIZE");
  if (Resources)
    std::printf(" %5s %5s %5s %6s %7s %4s %7s", "VGPR", "SGPR", "AGPR", "LDS", "SCRATCH",
                "WAVE", "KERNARG");
  std::printf("\n");
  for (const ferry::SymbolInfo &S : Index.Symbols) {
    // PTX gives no code sizes.
    if (Index.Format == "ptx" && S.Kind != FERRY_SYMBOL_VARIABLE)
      std::printf("%s%-9s %-32s %8s", Indent.c_str(), kindName(S.Kind), S.Name.c_str(), "-");
    else
      std::printf("%s%-9s %-32s %8llu", Indent.c_str(), kindName(S.Kind), S.Name.c_str(),
                  (unsigned long long)S.Size);
    if (Resources && S.Kind == FERRY_SYMBOL_KERNEL)
      std::printf(" %5llu %5llu %5llu %6llu %7llu %4llu %7llu", (unsigned long long)S.VGPRs,
                  (unsigned long long)S.SGPRs, (unsigned long long)S.AGPRs,
                  (unsigned long long)S.LDS, (unsigned long long)S.Scratch,
                  (unsigned long long)S.Wave, (unsigned long long)S.KernargSize);
    std::printf("\n");
  }
  printFunctions(Index, Indent);
}

/// Reads file \p Path into \p Bytes, or says why it cannot (a directory, a
/// missing or unreadable file) and returns false.
static bool readFile(const char *Path, std::string &Bytes) {
  struct stat St;
  if (::stat(Path, &St) != 0) {
    std::fprintf(stderr, "ferry-info: error: cannot open '%s': %s\n", Path,
                 std::strerror(errno));
    return false;
  }
  if (S_ISDIR(St.st_mode)) {
    std::fprintf(stderr, "ferry-info: error: '%s' is a directory, not an image file\n", Path);
    return false;
  }
  std::ifstream In(Path, std::ios::binary);
  if (!In) {
    std::fprintf(stderr, "ferry-info: error: cannot open '%s': %s\n", Path,
                 std::strerror(errno));
    return false;
  }
  try {
    Bytes.assign((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
  } catch (const std::ios_base::failure &X) {
    std::fprintf(stderr, "ferry-info: error: cannot read '%s': %s\n", Path, X.what());
    return false;
  }
  return true;
}

enum class View { Table, CallGraph, Json, Load };

/// --load: the image loaded on the selected device (ACC_DEVICE_TYPE), and
/// what its driver or code object says each kernel uses: for PTX the
/// registers and local memory ptxas gave it, which no file records.
static int showLoaded(const char *Path, const std::string &Bytes,
                      const ferry::ImageIndex &Index) {
  if (Index.Format != "ptx" && Index.Format != "hsa-code-object") {
    std::fprintf(stderr, "ferry-info: error: %s: --load takes a PTX image or a code object "
                 "(this is %s)\n", Path, Index.Format.c_str());
    return 1;
  }
  ferry_image_desc Image = {Index.Format == "ptx" ? "ptx" : "object", Bytes.data(),
                            Bytes.size()};
  ferry_module M = nullptr;
  if (ferry_module_load(&Image, 1, &M) != FERRY_SUCCESS) {
    std::fprintf(stderr, "ferry-info: error: %s: %s\n", Path, ferry_last_error());
    return 1;
  }
  ferry_device_desc Device;
  if (ferry_selected_device(&Device) == FERRY_SUCCESS)
    std::printf("image: %s, loaded on %s device %d (%s%s)\n", Path, Device.type, Device.number,
                Device.arch, Device.emulated ? ", emulated" : "");
  std::printf("%-9s %-32s %6s %6s %8s %8s %8s\n", "KIND", "NAME", "REGS", "SREGS", "PRIVATE",
              "SHARED", "MAXBLOCK");
  int Status = 0;
  for (const ferry::SymbolInfo &S : Index.Symbols) {
    if (S.Kind != FERRY_SYMBOL_KERNEL)
      continue;
    ferry_kernel K = nullptr;
    ferry_kernel_resources R;
    if (ferry_module_get_kernel(M, S.Name.c_str(), &K) != FERRY_SUCCESS ||
        ferry_kernel_get_resources(K, &R) != FERRY_SUCCESS) {
      std::fprintf(stderr, "ferry-info: error: %s: %s\n", S.Name.c_str(), ferry_last_error());
      Status = 1;
      continue;
    }
    std::printf("%-9s %-32s %6u %6u %8llu %8llu %8u\n", "kernel", S.Name.c_str(), R.registers,
                R.scalar_registers, (unsigned long long)R.private_bytes,
                (unsigned long long)R.shared_bytes, R.max_block_size);
  }
  ferry_module_unload(M);
  return Status;
}

static int showImage(const char *Path, View How) {
  std::string Bytes;
  if (!readFile(Path, Bytes))
    return 1;
  ferry::ImageIndex Index;
  std::string Error = ferry::indexImage(Bytes.data(), Bytes.size(), Index);
  if (!Error.empty()) {
    std::fprintf(stderr, "ferry-info: error: %s: %s\n", Path, Error.c_str());
    return 1;
  }
  if (How == View::Json) {
    std::printf("{\"image\": %s, \"index\": %s}\n", json(Path).c_str(), json(Index).c_str());
    return 0;
  }
  if (How == View::Load)
    return showLoaded(Path, Bytes, Index);
  std::printf("image: %s\n", Path);
  if (How == View::CallGraph)
    printCallGraph(Index, "");
  else
    printIndex(Index, "");
  return 0;
}

static int extractImages(const char *Dir, const char *Path) {
  std::string Bytes;
  if (!readFile(Path, Bytes))
    return 1;
  ferry::ImageIndex Index;
  std::string Error = ferry::indexImage(Bytes.data(), Bytes.size(), Index);
  if (Error.empty() && !holdsImages(Index))
    Error = "not an executable, object or package with embedded images (it is " +
            Index.Format + ")";
  else if (Error.empty() && Index.EmbeddedImages.empty())
    Error = "not an executable, object or package with embedded images (none found)";
  if (!Error.empty()) {
    std::fprintf(stderr, "ferry-info: error: %s: %s\n", Path, Error.c_str());
    return 1;
  }
  std::string Stem = Path;
  if (size_t Slash = Stem.rfind('/'); Slash != std::string::npos)
    Stem = Stem.substr(Slash + 1);
  for (size_t I = 0; I < Index.EmbeddedImages.size(); ++I) {
    const ferry::DeviceImageRef &Image = Index.EmbeddedImages[I];
    std::string Arch = Image.Deferred.empty() ? Image.Arch : "device-ir-" + Image.Deferred;
    for (char &C : Arch)
      if (C == ':' || C == '/')
        C = '_';
    const char *Ext = Image.Kind == 5 ? "ptx" : Image.Kind == 2 ? "bc" : Image.Kind == 3 ? "cubin" : "hsaco";
    std::string Out = std::string(Dir) + "/" + Stem + "." + std::to_string(I) + "." + Arch +
                      "." + Ext;
    std::ofstream File(Out, std::ios::binary);
    if (!File.write(reinterpret_cast<const char *>(Image.Data), std::streamsize(Image.Size))) {
      std::fprintf(stderr, "ferry-info: error: cannot write '%s': %s\n", Out.c_str(),
                   std::strerror(errno));
      return 1;
    }
    std::printf("%s\n", Out.c_str());
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 3 && std::strcmp(argv[1], "--image") == 0)
    return showImage(argv[2], View::Table);
  if (argc == 4 && std::strcmp(argv[1], "--image") == 0) {
    if (std::strcmp(argv[3], "--callgraph") == 0)
      return showImage(argv[2], View::CallGraph);
    if (std::strcmp(argv[3], "--json") == 0)
      return showImage(argv[2], View::Json);
    if (std::strcmp(argv[3], "--load") == 0)
      return showImage(argv[2], View::Load);
  }
  if (argc == 4 && std::strcmp(argv[1], "--extract") == 0)
    return extractImages(argv[2], argv[3]);
  if (argc > 2)
    return usage();
  if (argc == 2) {
    std::string Arg = argv[1];
    if (Arg == "--help" || Arg == "-h") {
      std::printf("%sLists Ferry's runtime backends and devices, or what a device image\n"
                  "(HSA code object, PTX, OffloadBinary package, executable or object\n"
                  "with embedded images) defines.\n",
                  Usage);
      return 0;
    }
    if (Arg.rfind("--has=", 0) != 0)
      return usage();
    std::string Type = Arg.substr(6);
    if (Type != "radeon" && Type != "nvidia" && Type != "host") {
      std::fprintf(stderr, "ferry-info: error: unknown device type '%s'\n",
                   Type.c_str());
      return 2;
    }
    for (size_t I = 0, N = ferry_backend_count(); I < N; ++I) {
      ferry_backend_info Info;
      if (ferry_get_backend_info(I, &Info) == FERRY_SUCCESS &&
          Type == Info.device_type && Info.num_devices > 0)
        return 0;
    }
    return 1;
  }
  std::printf("%-6s %-8s %-8s %s\n", "BACKEND", "TYPE", "DEVICES", "STATUS");
  for (size_t I = 0, N = ferry_backend_count(); I < N; ++I) {
    ferry_backend_info Info;
    if (ferry_get_backend_info(I, &Info) != FERRY_SUCCESS)
      continue;
    std::printf("%-7s %-8s %-8d %s\n", Info.name, Info.device_type,
                Info.num_devices, Info.status);
  }
  std::printf("compute regions run on: %s\n", ferry_selected_device_type());
  return 0;
}
