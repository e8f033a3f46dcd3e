//===- FakeDeviceMemory.h - Device memory in host buffers -------*- C++ -*-===//
///
/// \file
/// A DeviceMemory for the present-table tests (PresentTableTest,
/// SectionGroupsTest): blocks are host buffers, filled with garbage when
/// allocated, and it counts what the table asks of it: allocations,
/// releases and the bytes copied each way.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_TEST_UNITTESTS_FAKEDEVICEMEMORY_H
#define FERRY_TEST_UNITTESTS_FAKEDEVICEMEMORY_H

#include "core/PresentTable.h"

#include <cstddef>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ferry {

class FakeDeviceMemory final : public DeviceMemory {
public:
  ferry_status allocate(size_t Bytes, void **Out) override {
    auto Buf = std::make_unique<std::vector<char>>(Bytes, 'G'); // garbage
    *Out = Buf->data();
    Live[*Out] = std::move(Buf);
    ++Allocations;
    return FERRY_SUCCESS;
  }
  ferry_status release(void *Dev) override {
    Live.erase(Dev);
    ++Releases;
    return FERRY_SUCCESS;
  }
  ferry_status toDevice(void *Dev, const void *Host, size_t Bytes) override {
    std::memcpy(Dev, Host, Bytes);
    ToDevice += Bytes;
    return FERRY_SUCCESS;
  }
  ferry_status fromDevice(void *Host, const void *Dev, size_t Bytes) override {
    std::memcpy(Host, Dev, Bytes);
    FromDevice += Bytes;
    return FERRY_SUCCESS;
  }
  ferry_status zero(void *Dev, size_t Bytes) override {
    std::memset(Dev, 0, Bytes);
    return FERRY_SUCCESS;
  }
  std::string name() const override { return "fake device 0"; }

  std::map<void *, std::unique_ptr<std::vector<char>>> Live; ///< the blocks
  int Allocations = 0, Releases = 0;
  size_t ToDevice = 0, FromDevice = 0; ///< bytes
};

} // namespace ferry

#endif
