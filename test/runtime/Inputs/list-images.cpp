// Lists the device images the runtime received from the program's
// constructors, checks that each AMD image is an ELF code object, and lists
// each image's symbols as the runtime indexes them.
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
    const ferry_symbol *syms;
    size_t count;
    if (ferry_image_symbols(i, &syms, &count) != FERRY_SUCCESS)
      return 1;
    for (size_t s = 0; s < count; ++s)
      std::printf("  %d %s %llu\n", int(syms[s].kind), syms[s].name,
                  (unsigned long long)syms[s].size);
  }
  const ferry_symbol *syms;
  size_t count;
  if (ferry_image_symbols(n, &syms, &count) != FERRY_ERROR_INVALID)
    return 1;
  ferry_image_info none;
  return ferry_get_image_info(n, &none) == FERRY_ERROR_INVALID ? 0 : 1;
}
