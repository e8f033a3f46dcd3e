#include <cstdlib>
bool debug() { return std::getenv("FERRY_DEBUG") != nullptr; }
