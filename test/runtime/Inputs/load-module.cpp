// Loads the code object FILE (linked with the libraries after it; an
// argument bitcode:PATH is the translated IR of the object before it, for the
// emulated devices) with ferry_module_load on the selected device and says
// whether it loaded, and if not, why (ferry_last_error).
#include "ferry/runtime.h"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  // FILE, then the device-function libraries it is linked with; an argument
  // "bitcode:PATH" is the translated IR of the object before it.
  std::vector<std::string> Files;
  std::vector<const char *> Kinds;
  std::vector<ferry_image_desc> Images;
  for (int I = 1; I < argc; ++I) {
    std::string Path = argv[I];
    const bool Bitcode = Path.rfind("bitcode:", 0) == 0;
    Kinds.push_back(Bitcode ? "bitcode" : "object");
    std::ifstream In(Bitcode ? Path.substr(8) : Path, std::ios::binary);
    Files.emplace_back((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
  }
  for (size_t I = 0; I < Files.size(); ++I)
    Images.push_back({Kinds[I], Files[I].data(), Files[I].size()});
  ferry_module M = nullptr;
  ferry_status S = ferry_module_load(Images.data(), Images.size(), &M);
  if (S == FERRY_SUCCESS)
    std::printf("load: ok\n");
  else
    std::printf("load: refused: %s\n", ferry_last_error());
  if (M)
    ferry_module_unload(M);
  return S == FERRY_SUCCESS ? 0 : 1;
}
