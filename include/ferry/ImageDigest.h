/*===- ferry/ImageDigest.h - The digest of an embedded image -----*- C -*-===*\
|*                                                                            *|
|* Ferry's packages (.llvm.offloading, OffloadBinary entries) carry each      *|
|* image's digest under the string key "ferry-digest", as FERRY_DIGEST_PREFIX *|
|* and 16 lower-case hex digits. The runtime compares it before it reads an   *|
|* image, so a damaged image is refused instead of being parsed (LLVM's       *|
|* bitcode reader crashes on some damage) or run as something else. It       *|
|* detects accidents, not attacks: FNV-1a over 64-bit little-endian words     *|
|* (the last one zero-padded), then the length.                               *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef FERRY_IMAGEDIGEST_H
#define FERRY_IMAGEDIGEST_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define FERRY_DIGEST_KEY "ferry-digest"
#define FERRY_DIGEST_PREFIX "fnv1a64w:"

static inline uint64_t ferry_image_digest(const void *Data, size_t Size) {
  const unsigned char *P = (const unsigned char *)Data;
  uint64_t H = 0xcbf29ce484222325ull;
  size_t I = 0;
  for (; I + 8 <= Size; I += 8) {
    uint64_t W = 0;
    for (int B = 7; B >= 0; --B)
      W = (W << 8) | P[I + (size_t)B];
    H = (H ^ W) * 0x100000001b3ull;
  }
  if (I < Size) {
    uint64_t W = 0;
    for (size_t B = Size; B > I; --B)
      W = (W << 8) | P[B - 1];
    H = (H ^ W) * 0x100000001b3ull;
  }
  return (H ^ (uint64_t)Size) * 0x100000001b3ull;
}

/* Writes FERRY_DIGEST_PREFIX and the digest's hex digits to Out (at least 26
 * bytes), NUL-terminated. */
static inline void ferry_image_digest_text(const void *Data, size_t Size, char Out[26]) {
  static const char Hex[] = "0123456789abcdef";
  const uint64_t D = ferry_image_digest(Data, Size);
  memcpy(Out, FERRY_DIGEST_PREFIX, sizeof FERRY_DIGEST_PREFIX - 1);
  char *Digits = Out + sizeof FERRY_DIGEST_PREFIX - 1;
  for (int I = 0; I < 16; ++I)
    Digits[I] = Hex[(D >> (60 - 4 * I)) & 15];
  Digits[16] = '\0';
}

#endif
