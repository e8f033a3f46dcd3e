#include <cstdlib>
// FERRY_NOT_READ is an enumerator here, not an environment variable.
enum { FERRY_NOT_READ = 1 };
bool debug() { return std::getenv("FERRY_DEBUG") != nullptr; }
bool secret() { return std::getenv("FERRY_SECRET") != nullptr; }
