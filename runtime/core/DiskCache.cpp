//===- DiskCache.cpp - The runtime's files in Ferry's cache directory -----===//
#include "core/DiskCache.h"

#include "core/Env.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>

namespace ferry {

std::string runtimeCacheDir(const char *Sub) {
  static std::mutex Mutex;
  static std::map<std::string, std::string> Dirs;
  std::lock_guard<std::mutex> Lock(Mutex);
  auto [It, Fresh] = Dirs.try_emplace(Sub);
  if (!Fresh)
    return It->second;
  if (envString("FERRY_CACHE") == std::optional<std::string>("0"))
    return "";
  std::string D;
  if (auto Env = envString("FERRY_CACHE_DIR"))
    D = *Env;
  else if (auto Xdg = envString("XDG_CACHE_HOME"); Xdg && !Xdg->empty())
    D = *Xdg + "/ferry";
  else if (auto Home = envString("HOME"))
    D = *Home + "/.cache/ferry";
  else
    return "";
  D += "/";
  D += Sub;
  std::error_code EC;
  std::filesystem::create_directories(D, EC);
  if (!EC)
    It->second = D;
  return It->second;
}

std::string Fnv1a::hex() const {
  char Text[17];
  std::snprintf(Text, sizeof Text, "%016llx", static_cast<unsigned long long>(Hash));
  return Text;
}

bool readCacheFile(const std::string &Path, std::vector<char> &Out) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return false;
  Out.assign(std::istreambuf_iterator<char>(In), std::istreambuf_iterator<char>());
  return !Out.empty();
}

void writeCacheFile(const std::string &Path, const std::vector<char> &Bytes) {
  const std::string Temporary = Path + ".tmp" + std::to_string(::getpid());
  {
    std::ofstream Out(Temporary, std::ios::binary);
    if (!Out || !Out.write(Bytes.data(), std::streamsize(Bytes.size())))
      return (void)std::remove(Temporary.c_str());
  }
  if (std::rename(Temporary.c_str(), Path.c_str()) != 0)
    std::remove(Temporary.c_str());
}

std::string fileIdentity(const std::string &Path) {
  struct stat S;
  if (::stat(Path.c_str(), &S) != 0)
    return "";
  return std::to_string(S.st_size) + ":" +
         std::to_string(static_cast<long long>(S.st_mtim.tv_sec) * 1000000000ll +
                        S.st_mtim.tv_nsec);
}

} // namespace ferry
