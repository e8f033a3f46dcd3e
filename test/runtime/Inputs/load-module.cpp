// Loads the code object FILE with ferry_module_load on the selected device
// and says whether it loaded, and if not, why (ferry_last_error).
#include "ferry/runtime.h"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  std::ifstream In(argv[1], std::ios::binary);
  std::string Bytes((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
  ferry_image_desc Image = {"object", Bytes.data(), Bytes.size()};
  ferry_module M = nullptr;
  ferry_status S = ferry_module_load(&Image, 1, &M);
  if (S == FERRY_SUCCESS)
    std::printf("load: ok\n");
  else
    std::printf("load: refused: %s\n", ferry_last_error());
  if (M)
    ferry_module_unload(M);
  return S == FERRY_SUCCESS ? 0 : 1;
}
