//===- DataFuzzer.cpp - libFuzzer target: present table and data API -----===//
///
/// \file
/// Decodes a sequence of OpenACC data operations from the input and runs
/// them on an emulated AMD device (ACC_DEVICE_TYPE=radeon
/// FERRY_EMULATE=gfx90a: device memory of its own, so every copy is real):
/// acc_copyin/create/copyout/delete (and _finalize, _async, present_or_),
/// acc_update_*, acc_is_present, acc_deviceptr/hostptr, acc_malloc/free,
/// acc_map/unmap_data, acc_attach/detach, acc_memcpy_*, acc_wait and the
/// structured ferry_data_enter/exit of the compiler ABI, on ranges of one
/// host arena (pointer slots in it point into it). Device pointers given to
/// the API are derived from what it returned, with offsets and sizes that
/// may lie outside: the API must refuse them with a message.
///
/// Invariants checked after each input, once everything it entered has
/// been released: the present table is empty again, and data copied out
/// equals what was written on the host or the device.
///
//===----------------------------------------------------------------------===//
#include "core/Runtime.h"
#include "ferry/runtime.h"
#include "openacc.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

constexpr size_t ArenaSize = 4096;
alignas(64) unsigned char Arena[ArenaSize];

/// The input, read a byte at a time (zeros once it is used up).
struct Reader {
  const uint8_t *Data;
  size_t Size, Pos = 0;
  bool done() const { return Pos >= Size; }
  uint8_t byte() { return Pos < Size ? Data[Pos++] : 0; }
  uint16_t u16() { return uint16_t(byte() | byte() << 8); }
};

/// A range of the arena: offset and length, clipped to lie inside it (the
/// runtime cannot tell a host range from a wrong one; the device side is
/// its to check).
struct Range {
  unsigned char *P;
  size_t Bytes;
};
Range range(Reader &R) {
  size_t Off = R.u16() % ArenaSize;
  size_t Len = R.u16() % 1024;
  if (Off + Len > ArenaSize)
    Len = ArenaSize - Off;
  return {Arena + Off, Len};
}

/// Queue numbers: mostly valid ones, sometimes acc_async_noval/sync or junk.
int queue(Reader &R) {
  switch (uint8_t B = R.byte(); B % 8) {
  case 0:
    return acc_async_noval;
  case 1:
    return acc_async_sync;
  case 2:
    return -int(B) - 3; // not a queue
  default:
    return B % 4;
  }
}

const ferry_region Region = {"fuzz.cpp:1 data", "fuzz.cpp", 1, 1, 0};

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  setenv("ACC_DEVICE_TYPE", "radeon", 1);
  setenv("FERRY_EMULATE", "gfx90a", 1);
  acc_init(acc_device_radeon);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 2048)
    return -1;
  Reader R{Data, Size};
  for (size_t I = 0; I < ArenaSize; ++I)
    Arena[I] = uint8_t(I * 7);
  std::vector<void *> Blocks;            // acc_malloc
  std::vector<std::pair<void *, size_t>> BlockSizes;
  std::vector<std::pair<unsigned char *, void *>> Maps; // acc_map_data: host, block
  std::vector<std::vector<ferry_data_item>> Scopes; // ferry_data_enter, not yet exited

  auto device = [&](Range G) -> unsigned char * {
    // A device address near one the API gave out: of present data or of a
    // block, moved by up to +-64 bytes (the API must check it).
    unsigned char *D = static_cast<unsigned char *>(acc_deviceptr(G.P));
    if (!D && !BlockSizes.empty())
      D = static_cast<unsigned char *>(BlockSizes[G.Bytes % BlockSizes.size()].first);
    return D ? D + (int(G.Bytes % 129) - 64) : nullptr;
  };

  for (unsigned Op = 0; !R.done() && Op < 64; ++Op) {
    const uint8_t Code = R.byte();
    switch (Code % 24) {
    case 0: {
      Range G = range(R);
      acc_copyin(G.P, G.Bytes);
      break;
    }
    case 1: {
      Range G = range(R);
      acc_create(G.P, G.Bytes);
      break;
    }
    case 2: {
      Range G = range(R);
      (Code & 0x80 ? acc_copyout_finalize : acc_copyout)(G.P, G.Bytes);
      break;
    }
    case 3: {
      Range G = range(R);
      (Code & 0x80 ? acc_delete_finalize : acc_delete)(G.P, G.Bytes);
      break;
    }
    case 4: {
      Range G = range(R);
      (Code & 0x80 ? acc_update_self : acc_update_device)(G.P, G.Bytes);
      break;
    }
    case 5: {
      Range G = range(R);
      if (acc_is_present(G.P, G.Bytes) && G.Bytes) {
        void *D = acc_deviceptr(G.P);
        if (!D || acc_hostptr(D) != G.P) {
          std::fprintf(stderr, "ferry-fuzz-data: acc_hostptr(acc_deviceptr(p)) != p\n");
          std::abort();
        }
      }
      break;
    }
    case 6: {
      const size_t Bytes = R.u16();
      if (void *P = acc_malloc(Bytes)) {
        Blocks.push_back(P);
        BlockSizes.push_back({P, Bytes});
      }
      break;
    }
    case 7: {
      const uint8_t Which = R.byte();
      if (Which & 1 || Blocks.empty()) { // not a block: a message, no action
        acc_free(Arena + Which);
      } else {
        const size_t I = Which / 2 % Blocks.size();
        bool Mapped = false; // freeing mapped memory is the program's error
        for (auto &M : Maps)
          Mapped |= M.second == Blocks[I];
        if (Mapped)
          break;
        acc_free(Blocks[I]);
        Blocks.erase(Blocks.begin() + long(I));
        BlockSizes.erase(BlockSizes.begin() + long(I));
      }
      break;
    }
    case 8: {
      Range G = range(R);
      if (BlockSizes.empty())
        break;
      auto [P, Bytes] = BlockSizes[R.byte() % BlockSizes.size()];
      const size_t N = std::min(G.Bytes, Bytes);
      acc_map_data(G.P, P, N);
      if (acc_is_present(G.P, N) && N && acc_deviceptr(G.P) == P)
        Maps.push_back({G.P, P});
      break;
    }
    case 9: {
      Range G = range(R);
      acc_unmap_data(G.P);
      for (size_t I = 0; I < Maps.size(); ++I)
        if (Maps[I].first == G.P && !acc_is_present(G.P, 1)) {
          Maps.erase(Maps.begin() + long(I));
          break;
        }
      break;
    }
    case 10:
    case 11: {
      // A pointer slot of the arena, pointing into the arena (or null).
      const size_t Slot = R.byte() % (ArenaSize / sizeof(void *));
      void **Addr = reinterpret_cast<void **>(Arena) + Slot;
      const uint8_t Target = R.byte();
      if (Target & 1)
        *Addr = Target & 2 ? nullptr : Arena + R.u16() % ArenaSize;
      if (Code % 24 == 10)
        acc_attach(Addr);
      else
        (Code & 0x80 ? acc_detach_finalize : acc_detach)(Addr);
      break;
    }
    case 12: {
      Range G = range(R);
      if (unsigned char *D = device(range(R)))
        acc_memcpy_to_device(D, G.P, G.Bytes);
      break;
    }
    case 13: {
      Range G = range(R);
      if (unsigned char *D = device(range(R)))
        acc_memcpy_from_device(G.P, D, G.Bytes);
      break;
    }
    case 14: {
      Range G = range(R);
      unsigned char *A = device(range(R)), *B = device(range(R));
      if (A && B)
        acc_memcpy_device(A, B, G.Bytes);
      break;
    }
    case 15: {
      Range G = range(R);
      const int Q = queue(R);
      switch (Code / 24 % 6) {
      case 0:
        acc_copyin_async(G.P, G.Bytes, Q);
        break;
      case 1:
        acc_create_async(G.P, G.Bytes, Q);
        break;
      case 2:
        acc_copyout_async(G.P, G.Bytes, Q);
        break;
      case 3:
        acc_delete_finalize_async(G.P, G.Bytes, Q);
        break;
      case 4:
        acc_update_device_async(G.P, G.Bytes, Q);
        break;
      default:
        acc_update_self_async(G.P, G.Bytes, Q);
        break;
      }
      break;
    }
    case 16: {
      const int Q = queue(R);
      if (Code & 0x80)
        acc_wait_all();
      else
        acc_wait(Q);
      (void)acc_async_test(Q);
      break;
    }
    case 17: {
      Range G = range(R);
      (Code & 0x80 ? acc_pcreate : acc_pcopyin)(G.P, G.Bytes);
      break;
    }
    case 18:
    case 19: {
      // A construct's data clauses: up to three items, entered now and
      // exited by a later operation 20 (or at the end).
      std::vector<ferry_data_item> Items(R.byte() % 3 + 1);
      for (ferry_data_item &It : Items) {
        Range G = range(R);
        It = {};
        It.host = G.P;
        It.bytes = G.Bytes;
        It.kind = ferry_data_kind(R.byte() % 7 + 1);
        It.zero = R.byte() & 1;
        It.name = "a[lo:len]";
        It.base = R.byte() & 1 ? Arena : nullptr;
      }
      if (ferry_data_enter(&Region, Items.data(), Items.size(), queue(R)) == FERRY_SUCCESS)
        Scopes.push_back(std::move(Items));
      break;
    }
    case 20:
      if (!Scopes.empty()) {
        ferry_data_exit(&Region, Scopes.back().data(), Scopes.back().size(), queue(R));
        Scopes.pop_back();
      }
      break;
    case 21: {
      Range G = range(R);
      std::memset(G.P, R.byte(), G.Bytes); // the host writes
      break;
    }
    case 22:
      acc_set_default_async(queue(R));
      break;
    default: {
      Range G = range(R);
      (void)acc_deviceptr(G.P);
      (void)acc_hostptr(G.P);
      break;
    }
    }
  }

  // Release everything this input took, then the table must be empty.
  acc_wait_all();
  acc_set_default_async(acc_async_default);
  while (!Scopes.empty()) {
    ferry_data_exit(&Region, Scopes.back().data(), Scopes.back().size(), acc_async_sync);
    Scopes.pop_back();
  }
  for (auto &M : Maps)
    acc_unmap_data(M.first);
  ferry::PresentTable &Table = ferry::Runtime::get().presentTable(ferry::DeviceKind::Radeon, 0);
  for (size_t Off = 0; Off < ArenaSize; ++Off)
    for (unsigned Tries = 0; acc_is_present(Arena + Off, 1); ++Tries) {
      std::optional<ferry::PresentTable::Mapping> M = Table.find(Arena + Off);
      if (!M || M->Structured || M->Mapped || Tries > 2) {
        std::fprintf(stderr,
                     "ferry-fuzz-data: arena byte %zu is still present after every reference "
                     "was released (structured %u, dynamic %u, mapped %d)\n",
                     Off, M ? M->Structured : 0, M ? M->Dynamic : 0, M ? int(M->Mapped) : 0);
        std::abort();
      }
      acc_delete_finalize(reinterpret_cast<void *>(M->HostBegin), M->HostEnd - M->HostBegin);
    }
  for (void *P : Blocks)
    acc_free(P);
  if (Table.size() != 0) {
    std::fprintf(stderr, "ferry-fuzz-data: the present table keeps %zu mappings\n",
                 Table.size());
    std::abort();
  }
  return 0;
}
