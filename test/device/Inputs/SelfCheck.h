// What the self-checking device programs share: CHECK(cond, printf-format,
// ...) counts a failure and says what failed, prefixed by the program's
// name (SELF_CHECK_NAME, defined before including); slurp reads a file.
#ifndef FERRY_TEST_DEVICE_SELFCHECK_H
#define FERRY_TEST_DEVICE_SELFCHECK_H

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

static int failures = 0;
#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      std::fprintf(stderr, SELF_CHECK_NAME ": " __VA_ARGS__);                  \
      std::fputc('\n', stderr);                                                \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

static inline std::string slurp(const char *path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

#endif
