// Hands the runtime a damaged package: it must refuse it with a message
// that names the problem and the offset, and register nothing.
#include "ferry/runtime.h"

#include <cstdio>
#include <cstring>

int main() {
  unsigned char bad[64] = {0x10, 0xFF, 0x10, 0xAD, 1, 0, 0, 0};
  bad[8] = 200; // size beyond the buffer
  if (ferry_register_images(bad, sizeof bad) != FERRY_ERROR_INVALID)
    return 1;
  unsigned char magic[16] = {'n', 'o', 't', 'a', 'p', 'k', 'g'};
  if (ferry_register_images(magic, sizeof magic) != FERRY_ERROR_INVALID)
    return 1;
  return ferry_image_count() == 0 ? 0 : 1;
}
