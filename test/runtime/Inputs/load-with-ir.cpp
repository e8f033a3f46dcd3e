// Loads the code object OBJECT with its translated IR BITCODE (what an
// emulated AMD device runs) with ferry_module_load and says whether it
// loaded, and if not, why (ferry_last_error).
#include "ferry/runtime.h"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

static std::string readFile(const char *Path) {
  std::ifstream In(Path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
}

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  const std::string Object = readFile(argv[1]), Bitcode = readFile(argv[2]);
  ferry_image_desc Images[] = {{"object", Object.data(), Object.size()},
                               {"bitcode", Bitcode.data(), Bitcode.size()}};
  ferry_module M = nullptr;
  ferry_status S = ferry_module_load(Images, 2, &M);
  if (S == FERRY_SUCCESS)
    std::printf("load: ok\n");
  else
    std::printf("load: refused: %s\n", ferry_last_error());
  if (M)
    ferry_module_unload(M);
  return S == FERRY_SUCCESS ? 0 : 1;
}
