// Lists the device images the runtime received from the program's
// constructors, and checks that each AMD image is an ELF code object.
#include "ferry/runtime.h"

#include <cstdio>
#include <cstring>

int main() {
  size_t n = ferry_image_count();
  std::printf("%zu images\n", n);
  for (size_t i = 0; i < n; ++i) {
    ferry_image_info info;
    if (ferry_get_image_info(i, &info) != FERRY_SUCCESS)
      return 1;
    bool elf = info.size > 4 && std::memcmp(info.data, "\x7f" "ELF", 4) == 0;
    std::printf("%s %s %s %s\n", info.kind, info.triple, info.arch,
                elf ? "elf" : "not-elf");
  }
  ferry_image_info none;
  return ferry_get_image_info(n, &none) == FERRY_ERROR_INVALID ? 0 : 1;
}
