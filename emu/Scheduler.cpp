//===- Scheduler.cpp - Work-items as fibers, work-groups as rendezvous ----===//
///
/// \file
/// See Scheduler.h. The runtime functions that replace device intrinsics
/// (RuntimeFunctions.def names them) are at the end: lane-local ones answer
/// at once, the others rendezvous. Each takes the call site's id first (the
/// module preparation adds it); i1 values travel as i32.
///
//===----------------------------------------------------------------------===//
#include "Scheduler.h"
#include "Matrix.h"

#include "core/DevicePrintf.h"
#include "core/HostFaults.h"

#include <boost/context/fiber.hpp>
#include <boost/context/fixedsize_stack.hpp>

#include <signal.h>
#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <unordered_set>

namespace ctx = boost::context;

namespace ferry {
namespace emu {

const char *opName(Op O) {
  switch (O) {
  case Op::None: return "none";
  case Op::Barrier: return "barrier";
  case Op::BarrierPopc: return "barrier.popc";
  case Op::BarrierAnd: return "barrier.and";
  case Op::BarrierOr: return "barrier.or";
  case Op::BarrierAdd: return "wgred.add";
  case Op::BarrierAndBits: return "wgred.and";
  case Op::BarrierOrBits: return "wgred.or";
  case Op::ShflUp: return "shfl.up";
  case Op::ShflDown: return "shfl.down";
  case Op::ShflBfly: return "shfl.bfly";
  case Op::ShflIdx: return "shfl.idx";
  case Op::Ballot: return "vote.ballot";
  case Op::VoteAny: return "vote.any";
  case Op::VoteAll: return "vote.all";
  case Op::VoteUni: return "vote.uni";
  case Op::ActiveMask: return "activemask";
  case Op::WarpSync: return "bar.warp.sync";
  case Op::ReduxAdd: return "redux.add";
  case Op::ReduxUMin: return "redux.umin";
  case Op::ReduxUMax: return "redux.umax";
  case Op::ReduxMin: return "redux.min";
  case Op::ReduxMax: return "redux.max";
  case Op::ReduxAnd: return "redux.and";
  case Op::ReduxOr: return "redux.or";
  case Op::ReduxXor: return "redux.xor";
  case Op::MatchAny: return "match.any";
  case Op::Bpermute: return "ds.bpermute";
  case Op::AmdBallot: return "ballot";
  case Op::ReadLane: return "readlane";
  case Op::ReadFirstLane: return "readfirstlane";
  case Op::WaveBarrier: return "wave.barrier";
  case Op::Matrix: return "matrix product";
  }
  return "?";
}

namespace {

/// Fiber stacks come from a per-thread pool: a launch of many work-groups
/// allocates them once per thread, not once per work-item. The lowest
/// address of the last stack handed out is kept for the work-item that gets
/// it (Lane::StackLow, for emu_stack_check).
struct PooledStack {
  static thread_local std::vector<ctx::stack_context> Free;
  static thread_local uintptr_t LastLow;
  ctx::stack_context allocate() {
    ctx::stack_context S;
    if (!Free.empty()) {
      S = Free.back();
      Free.pop_back();
    } else {
      S = ctx::fixedsize_stack(WorkItemStackBytes).allocate();
    }
    LastLow = reinterpret_cast<uintptr_t>(S.sp) - S.size;
    return S;
  }
  void deallocate(ctx::stack_context &S) noexcept { Free.push_back(S); }
};
thread_local std::vector<ctx::stack_context> PooledStack::Free;
thread_local uintptr_t PooledStack::LastLow = 0;

/// What a suspended work-item waits for: nothing (runnable), a barrier, a
/// collective operation, or (Step) its wave's other lanes to reach their
/// next group-memory access (emu_wave_step).
enum class Wait : uint8_t { None, Barrier, Collective, Step };

struct Lane {
  uint32_t Id[3] = {0, 0, 0};
  uint32_t Linear = 0, InWave = 0, Wave = 0;
  ctx::fiber Fiber;     ///< the work-item, while it is suspended
  ctx::fiber Scheduler; ///< the scheduler, while the work-item runs
  bool Done = false;
  Wait W = Wait::None;
  uint32_t Site = 0;
  Op O = Op::None;
  uint64_t In = 0, Mask = 0, Out = 0;
  uint32_t B = 0, C = 0;
  uintptr_t StackLow = 0; ///< the lowest address of the work-item's stack
  uint32_t Fences = 0;    ///< race checking: device-scope releases so far
};

/// A work-group's memory, below 4 GiB where the host allows it
/// (MAP_32BIT): CUDA programs keep shared-window addresses in 32-bit
/// registers (`__cvta_generic_to_shared` for ldmatrix, ld.shared, ...) and
/// AMDGPU's LDS pointers are 32-bit, so both dialects truncate the
/// emulator's group-memory addresses; low ones survive that. Each thread
/// keeps one mapping for the groups it runs one after another, grown when
/// a launch needs more. It starts at a multiple of 64 KiB, an AMD GPU's
/// whole LDS, as a GPU's group memory starts at offset 0: a variable laid
/// out at offset 0 has any alignment its program asks for
/// (`__shared__ __align__(16 * 1024)`, which a page did not give).
class GroupMemory {
public:
  GroupMemory() = default;
  GroupMemory(const GroupMemory &) = delete;
  GroupMemory &operator=(const GroupMemory &) = delete;
  ~GroupMemory() {
    if (Mapping)
      munmap(Mapping, Mapped);
  }
  /// \p Bytes zeroed bytes, valid until the next call.
  uint8_t *zeroed(size_t Bytes) {
    constexpr size_t Align = 0x10000;
    if (Bytes > Capacity) {
      if (Mapping)
        munmap(Mapping, Mapped);
      const size_t Rounded = (Bytes + Align - 1) & ~(Align - 1);
      const size_t Size = Rounded + Align;
      void *P = MAP_FAILED;
#ifdef MAP_32BIT
      P = mmap(nullptr, Size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1,
               0);
#endif
      // Anywhere else: 32-bit addresses of it do not work, all else does.
      if (P == MAP_FAILED)
        P = mmap(nullptr, Size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (P == MAP_FAILED)
        std::abort();
      Mapping = static_cast<uint8_t *>(P);
      Mapped = Size;
      Base = reinterpret_cast<uint8_t *>((reinterpret_cast<uintptr_t>(P) + Align - 1) &
                                         ~uintptr_t(Align - 1));
      Capacity = Rounded;
    }
    if (Bytes)
      std::memset(Base, 0, Bytes);
    return Base;
  }

private:
  uint8_t *Mapping = nullptr; ///< what mmap gave, Mapped bytes
  size_t Mapped = 0;
  uint8_t *Base = nullptr;    ///< its first 64 KiB boundary
  size_t Capacity = 0;
};

/// The running group's memory: [Data, Data + Size).
struct GroupSpan {
  uint8_t *Data = nullptr;
  size_t Size = 0;
  uint8_t *data() const { return Data; }
  size_t size() const { return Size; }
};

struct Group {
  const Dispatch *D = nullptr;
  uint32_t Id[3] = {0, 0, 0};
  uint64_t Linear = 0;   ///< the group's number in the grid
  uint32_t Barriers = 0; ///< barriers the group has met (race checking)
  /// Cross-lane operations each wave has met (race checking: a warp sync
  /// orders the accesses of its lanes).
  std::vector<uint32_t> WaveSyncs;
  std::vector<Lane> Lanes;
  GroupSpan Shared;
  std::string Error; ///< set by a runtime function: the launch fails
};

thread_local Group *CurGroup = nullptr;
thread_local Lane *CurLane = nullptr;

/// Back to the scheduler until it resumes this work-item.
void suspend() {
  Lane &L = *CurLane;
  L.Scheduler = std::move(L.Scheduler).resume();
}

uint64_t rendezvous(Wait W, uint32_t Site, Op O, uint64_t In, uint32_t B = 0, uint32_t C = 0,
                    uint64_t Mask = 0) {
  Lane &L = *CurLane;
  L.W = W;
  L.Site = Site;
  L.O = O;
  L.In = In;
  L.B = B;
  L.C = C;
  L.Mask = Mask;
  suspend();
  return L.Out;
}

std::string siteName(const Dispatch &D, uint32_t Site) {
  if (D.Sites && Site < D.Sites->size())
    return (*D.Sites)[Site];
  return "site " + std::to_string(Site);
}

bool masked(Op O) {
  switch (O) {
  case Op::ShflUp: case Op::ShflDown: case Op::ShflBfly: case Op::ShflIdx:
  case Op::Ballot: case Op::VoteAny: case Op::VoteAll: case Op::VoteUni: case Op::WarpSync:
  case Op::ReduxAdd: case Op::ReduxUMin: case Op::ReduxUMax: case Op::ReduxMin:
  case Op::ReduxMax: case Op::ReduxAnd: case Op::ReduxOr: case Op::ReduxXor:
  case Op::MatchAny:
    return true;
  default:
    return false;
  }
}

/// What a lane passes to a matrix product: its operands and its result.
struct MatrixBuffers {
  const uint8_t *In;
  uint8_t *Out;
};

/// A matrix product, ldmatrix or stmatrix (Op::Matrix, operation id in B)
/// for the lanes \p P.
void performMatrix(Group &G, const std::vector<Lane *> &P) {
  const unsigned Wave = G.D->WaveSize;
  std::vector<const uint8_t *> In(Wave, nullptr);
  std::vector<uint8_t *> Out(Wave, nullptr);
  for (Lane *L : P) {
    const auto *Buffers = reinterpret_cast<const MatrixBuffers *>(uintptr_t(L->In));
    In[L->InWave] = Buffers->In;
    Out[L->InWave] = Buffers->Out;
  }
  const MatrixOp &Op = matrixOp(P.front()->B);
  std::string E = Op.Kind == MatrixKind::LdMatrix || Op.Kind == MatrixKind::StMatrix
                      ? matrixMove(Op, Wave, In, Out, G.Shared.data(), G.Shared.size())
                      : matrixProduct(Op, Wave, In, Out);
  if (!E.empty() && G.Error.empty())
    G.Error = E + " at " + siteName(*G.D, P.front()->Site);
  for (Lane *L : P)
    L->W = Wait::None;
}

/// The starting value of the 32-bit reduction \p O (0 for other operations).
uint64_t reductionStart(Op O) {
  switch (O) {
  case Op::ReduxAnd: case Op::ReduxUMin:
    return 0xffffffffu;
  case Op::ReduxMin:
    return uint32_t(INT32_MAX);
  case Op::ReduxMax:
    return uint32_t(INT32_MIN);
  default:
    return 0;
  }
}

/// The 32-bit reduction \p O of the lanes \p P's values.
uint64_t reduce(const std::vector<Lane *> &P, Op O) {
  uint64_t Acc = reductionStart(O);
  for (Lane *L : P) {
    const uint32_t V = uint32_t(L->In);
    switch (O) {
    case Op::ReduxAdd: Acc = uint32_t(Acc + V); break;
    case Op::ReduxOr: Acc |= V; break;
    case Op::ReduxXor: Acc ^= V; break;
    case Op::ReduxAnd: Acc &= V; break;
    case Op::ReduxUMax: Acc = std::max<uint32_t>(uint32_t(Acc), V); break;
    case Op::ReduxUMin: Acc = std::min<uint32_t>(uint32_t(Acc), V); break;
    case Op::ReduxMax: Acc = uint32_t(std::max<int32_t>(int32_t(Acc), int32_t(V))); break;
    case Op::ReduxMin: Acc = uint32_t(std::min<int32_t>(int32_t(Acc), int32_t(V))); break;
    default: break;
    }
  }
  return Acc;
}

/// The lane whose value shuffle \p O gives \p L: PTX's source lane, or L
/// itself where that is out of its segment or of the wave of \p Wave lanes.
unsigned shuffleSource(const Lane &L, Op O, unsigned Wave) {
  const unsigned Me = L.InWave;
  // PTX: c packs the clamp (bits 0-4) and the segment mask (bits 8-12).
  const unsigned B = L.B & 31, CVal = L.C & 31, Seg = (L.C >> 8) & 31;
  const unsigned MaxLane = (Me & Seg) | (CVal & ~Seg), MinLane = Me & Seg;
  int J = Me;
  bool Ok;
  if (O == Op::ShflUp) {
    J = int(Me) - int(B);
    Ok = J >= int(MaxLane);
  } else if (O == Op::ShflDown) {
    J = Me + B;
    Ok = J <= int(MaxLane);
  } else if (O == Op::ShflBfly) {
    J = Me ^ B;
    Ok = J <= int(MaxLane);
  } else {
    J = MinLane | (B & ~Seg);
    Ok = J <= int(MaxLane);
  }
  return Ok && J >= 0 && J < int(Wave) ? unsigned(J) : Me;
}

/// One wave's lanes at a cross-lane operation, as every lane's result reads
/// them.
struct WaveLanes {
  const std::vector<Lane *> &P;
  Lane *ByLane[64] = {};
  uint64_t Present = 0; ///< the lanes that take part
  uint64_t Votes = 0;   ///< those whose value is not 0
  uint64_t Acc = 0;     ///< the reduction, for the Redux operations

  WaveLanes(const std::vector<Lane *> &P, Op O) : P(P), Acc(reduce(P, O)) {
    for (Lane *L : P) {
      ByLane[L->InWave] = L;
      Present |= uint64_t(1) << L->InWave;
      if (L->In)
        Votes |= uint64_t(1) << L->InWave;
    }
  }
  /// Lane \p Src's value, 0 where it does not take part.
  uint64_t value(unsigned Src) const {
    return ByLane[Src] ? ByLane[Src]->In : 0;
  }
  /// The lanes whose value equals \p L's (all 64 bits where L's B says so).
  uint64_t sameAs(const Lane &L) const {
    uint64_t Same = 0;
    for (Lane *Q : P)
      if (L.B ? Q->In == L.In : uint32_t(Q->In) == uint32_t(L.In))
        Same |= uint64_t(1) << Q->InWave;
    return Same;
  }
};

/// What the cross-lane operation \p O gives lane \p L of \p W.
uint64_t laneResult(const WaveLanes &W, const Lane &L, Op O, unsigned Wave) {
  switch (O) {
  case Op::ShflUp: case Op::ShflDown: case Op::ShflBfly: case Op::ShflIdx:
    return W.value(shuffleSource(L, O, Wave));
  case Op::Ballot:
    return W.Votes & L.Mask;
  case Op::AmdBallot:
    return W.Votes;
  case Op::VoteAny:
    return W.Votes != 0;
  case Op::VoteAll:
    return W.Votes == W.Present;
  case Op::VoteUni:
    return W.Votes == 0 || W.Votes == W.Present;
  case Op::ActiveMask:
    return W.Present;
  case Op::MatchAny:
    return W.sameAs(L);
  case Op::Bpermute:
    return W.value((L.B >> 2) & (Wave - 1));
  case Op::ReadLane:
    return W.value(L.B & (Wave - 1));
  case Op::ReadFirstLane:
    return W.P.front()->In;
  case Op::ReduxAdd: case Op::ReduxUMin: case Op::ReduxUMax: case Op::ReduxMin:
  case Op::ReduxMax: case Op::ReduxAnd: case Op::ReduxOr: case Op::ReduxXor:
    return W.Acc;
  default:
    return 0;
  }
}

/// Performs \p O for the lanes \p P (indices into G.Lanes, one wave).
void perform(Group &G, const std::vector<Lane *> &P, Op O) {
  if (O == Op::Matrix)
    return performMatrix(G, P);
  const WaveLanes W(P, O);
  for (Lane *L : P) {
    L->Out = laneResult(W, *L, O, G.D->WaveSize);
    L->W = Wait::None;
  }
}

/// One cross-lane operation whose lanes have all arrived; false if none.
bool resolveCollective(Group &G, std::string &Why) {
  const Dispatch &D = *G.D;
  const size_t Waves = (G.Lanes.size() + D.WaveSize - 1) / D.WaveSize;
  for (size_t W = 0; W < Waves; ++W) {
    const size_t Begin = W * D.WaveSize, End = std::min(G.Lanes.size(), Begin + D.WaveSize);
    // Lanes of a wave waiting at different sites of operations without a
    // member mask diverged: the site that comes first in the code runs
    // first, with the lanes there as its EXEC mask, as the hardware runs a
    // branch's side before the join (a ballot inside `if (tid != 0)`, then
    // a shuffle of the whole wave after it: lane 0, at the shuffle, went
    // first and alone). Sites are numbered in code order.
    uint32_t FirstSite = UINT32_MAX;
    for (size_t I = Begin; I < End; ++I)
      if (const Lane &L = G.Lanes[I];
          L.W == Wait::Collective && !(D.MaskedOps && masked(L.O)))
        FirstSite = std::min(FirstSite, L.Site);
    for (size_t I = Begin; I < End; ++I) {
      Lane &First = G.Lanes[I];
      if (First.W != Wait::Collective)
        continue;
      if (!(D.MaskedOps && masked(First.O)) && First.Site != FirstSite)
        continue;
      std::vector<Lane *> P;
      if (D.MaskedOps && masked(First.O)) {
        // The member mask names the lanes; lanes past the end of the block
        // do not exist and are left out. A lane must be in its own mask.
        if (!(First.Mask >> First.InWave & 1)) {
          char Hex[24];
          std::snprintf(Hex, sizeof Hex, "0x%llx", (unsigned long long)First.Mask);
          Why = "lane " + std::to_string(First.InWave) + " is not in the member mask " + Hex +
                " of " + opName(First.O) + " at " + siteName(D, First.Site);
          return false;
        }
        bool Ready = true;
        for (size_t J = Begin; J < End && Ready; ++J) {
          Lane &L = G.Lanes[J];
          if (!(First.Mask >> L.InWave & 1))
            continue;
          if (L.Done) {
            Why = "lane " + std::to_string(L.InWave) + " of the member mask of " +
                  opName(First.O) + " at " + siteName(D, First.Site) + " has exited";
            return false;
          }
          if (L.W != Wait::Collective || L.O != First.O || L.Mask != First.Mask) {
            Ready = false;
            break;
          }
          P.push_back(&L);
        }
        if (!Ready)
          continue;
      } else {
        // The lanes of the wave at this call site: its EXEC mask.
        for (size_t J = Begin; J < End; ++J) {
          Lane &L = G.Lanes[J];
          if (L.W == Wait::Collective && L.Site == First.Site)
            P.push_back(&L);
        }
      }
      if (P.empty())
        continue;
      perform(G, P, First.O);
      ++G.WaveSyncs[W];
      return true;
    }
  }
  return false;
}

/// Whether the live work-items of every wave wait at one barrier call
/// site. A wave whose work-items reach barriers at different sites (a
/// barrier in divergent control flow, which a compiler may create by
/// duplicating one) hangs or misbehaves on a GPU, so it is reported (\p Why)
/// even though the emulator could let the work-group meet.
bool convergedAtBarriers(const Group &G, std::string &Why) {
  const Dispatch &D = *G.D;
  for (size_t Begin = 0; Begin < G.Lanes.size(); Begin += D.WaveSize) {
    const size_t End = std::min(G.Lanes.size(), Begin + D.WaveSize);
    const Lane *First = nullptr;
    for (size_t I = Begin; I < End; ++I) {
      const Lane &L = G.Lanes[I];
      if (L.Done || L.W != Wait::Barrier)
        continue;
      if (!First) {
        First = &L;
      } else if (L.Site != First->Site) {
        Why = "the work-items of wave " + std::to_string(Begin / D.WaveSize) +
              " wait at two different barriers, " + siteName(D, First->Site) + " and " +
              siteName(D, L.Site) + ": a barrier in divergent control flow";
        return false;
      }
    }
  }
  return true;
}

bool resolveBarrier(Group &G, std::string &Why) {
  size_t Waiting = 0, Live = 0;
  for (Lane &L : G.Lanes)
    if (!L.Done) {
      ++Live;
      Waiting += L.W == Wait::Barrier;
    }
  if (!Live || Waiting != Live || !convergedAtBarriers(G, Why))
    return false;
  uint64_t Count = 0;
  uint32_t Sum = 0, AndBits = 0xffffffffu, OrBits = 0;
  bool All = true, Any = false;
  for (Lane &L : G.Lanes)
    if (!L.Done) {
      Count += L.In != 0;
      All &= L.In != 0;
      Any |= L.In != 0;
      Sum += uint32_t(L.In);
      AndBits &= uint32_t(L.In);
      OrBits |= uint32_t(L.In);
    }
  ++G.Barriers;
  for (Lane &L : G.Lanes)
    if (!L.Done) {
      switch (L.O) {
      case Op::BarrierPopc: L.Out = Count; break;
      case Op::BarrierAnd: L.Out = All; break;
      case Op::BarrierOr: L.Out = Any; break;
      case Op::BarrierAdd: L.Out = Sum; break;
      case Op::BarrierAndBits: L.Out = AndBits; break;
      case Op::BarrierOrBits: L.Out = OrBits; break;
      default: L.Out = 0; break;
      }
      L.W = Wait::None;
    }
  return true;
}

std::string deadlock(const Group &G, const std::string &Why) {
  const Dispatch &D = *G.D;
  std::map<std::string, unsigned> At;
  unsigned Exited = 0;
  for (const Lane &L : G.Lanes) {
    if (L.Done) {
      ++Exited;
      continue;
    }
    At[std::string(L.W == Wait::Barrier ? "barrier" : opName(L.O)) + " at " +
       siteName(D, L.Site)]++;
  }
  std::string S = "deadlock in kernel '" + D.Kernel + "', work-group (" +
                  std::to_string(G.Id[0]) + "," + std::to_string(G.Id[1]) + "," +
                  std::to_string(G.Id[2]) + "): the work-items can never meet";
  if (!Why.empty())
    S += " (" + Why + ")";
  S += ";";
  for (const auto &[Where, N] : At)
    S += " " + std::to_string(N) + " wait for " + Where + ";";
  S += " " + std::to_string(Exited) + " have exited";
  return S;
}

/// Runs each runnable work-item of \p G to its next suspension, a wave of
/// \p WaveSize at a time. A wave's lanes that stop before a group-memory
/// access (Wait::Step) are run again, one access each, until none does:
/// the lanes of a wave take their group-memory accesses in lockstep, as a
/// GPU's wave executes them, while the waves of the group still run one
/// after another between barriers (a missing barrier shows).
void runWaves(Group &G, uint32_t WaveSize) {
  const size_t N = G.Lanes.size();
  for (size_t W0 = 0; W0 < N && G.Error.empty(); W0 += WaveSize) {
    const size_t W1 = std::min(N, W0 + WaveSize);
    for (bool First = true, Stepped = true; Stepped && G.Error.empty(); First = false) {
      Stepped = false;
      for (size_t I = W0; I < W1; ++I) {
        Lane &L = G.Lanes[I];
        if (L.Done || !(L.W == Wait::Step || (First && L.W == Wait::None)))
          continue;
        L.W = Wait::None;
        CurLane = &L;
        L.Fiber = std::move(L.Fiber).resume();
        CurLane = nullptr;
        if (!G.Error.empty())
          break;
        Stepped |= L.W == Wait::Step;
      }
    }
  }
}

std::string runGroup(const Dispatch &D, const uint32_t Id[3], std::vector<ctx::fiber> &Leaked) {
  Group G;
  G.D = &D;
  std::copy(Id, Id + 3, G.Id);
  G.Linear = Id[0] + uint64_t(D.L.Grid[0]) * (Id[1] + uint64_t(D.L.Grid[1]) * Id[2]);
  static thread_local GroupMemory Memory;
  G.Shared = {Memory.zeroed(D.SharedBytes), D.SharedBytes};
  const uint32_t N = D.L.Block[0] * D.L.Block[1] * D.L.Block[2];
  G.Lanes.resize(N);
  G.WaveSyncs.assign((N + D.WaveSize - 1) / D.WaveSize, 0);
  CurGroup = &G;
  for (uint32_t I = 0; I < N; ++I) {
    Lane &L = G.Lanes[I];
    L.Linear = I;
    L.Id[0] = I % D.L.Block[0];
    L.Id[1] = I / D.L.Block[0] % D.L.Block[1];
    L.Id[2] = I / (D.L.Block[0] * D.L.Block[1]);
    L.InWave = I % D.WaveSize;
    L.Wave = I / D.WaveSize;
    L.Fiber = ctx::fiber(std::allocator_arg, PooledStack(),
                         [&L, &D](ctx::fiber &&Sched) {
                           L.Scheduler = std::move(Sched);
                           D.Entry(D.Args);
                           L.Done = true;
                           return std::move(L.Scheduler);
                         });
    L.StackLow = PooledStack::LastLow;
  }
  std::string Result;
  for (;;) {
    runWaves(G, D.WaveSize);
    if (!G.Error.empty()) {
      Result = "kernel '" + D.Kernel + "': " + G.Error;
      break;
    }
    if (std::all_of(G.Lanes.begin(), G.Lanes.end(), [](const Lane &L) { return L.Done; }))
      break;
    // Work-items that only let the others go first (emu_lockstep) go on.
    if (std::any_of(G.Lanes.begin(), G.Lanes.end(),
                    [](const Lane &L) { return !L.Done && L.W == Wait::None; }))
      continue;
    std::string Why;
    if (resolveCollective(G, Why) || resolveBarrier(G, Why))
      continue;
    Result = deadlock(G, Why);
    break;
  }
  // Work-items that cannot finish keep their stacks: their frames have no
  // unwind information to run them down with.
  for (Lane &L : G.Lanes)
    if (L.Fiber)
      Leaked.push_back(std::move(L.Fiber));
  CurGroup = nullptr;
  return Result;
}

/// Installs the handler of device faults (below), once.
void armDeviceFaults();

} // namespace

std::string runDispatch(const Dispatch &D) {
  const uint64_t Groups = uint64_t(D.L.Grid[0]) * D.L.Grid[1] * D.L.Grid[2];
  if (D.WaveSize == 0 || D.WaveSize > 64)
    return "wave size " + std::to_string(D.WaveSize) + " is not 1 to 64";
  armDeviceFaults();
  std::atomic<uint64_t> Next{0};
  std::atomic<bool> Failed{false};
  std::mutex Mutex;
  std::string Error;
  static std::mutex LeakMutex;
  // See runGroup; never destroyed, not even at exit.
  static auto *Leaked = new std::vector<ctx::fiber>;
  auto Worker = [&] {
    std::vector<ctx::fiber> Mine;
    for (uint64_t G; !Failed && (G = Next++) < Groups;) {
      const uint32_t Id[3] = {uint32_t(G % D.L.Grid[0]),
                              uint32_t(G / D.L.Grid[0] % D.L.Grid[1]),
                              uint32_t(G / (uint64_t(D.L.Grid[0]) * D.L.Grid[1]))};
      std::string E = runGroup(D, Id, Mine);
      if (!E.empty()) {
        std::lock_guard<std::mutex> Lock(Mutex);
        if (!Failed.exchange(true))
          Error = E;
      }
    }
    std::lock_guard<std::mutex> Lock(LeakMutex);
    for (ctx::fiber &F : Mine)
      Leaked->push_back(std::move(F));
  };
  unsigned Threads = D.Threads ? D.Threads : std::max(1u, std::thread::hardware_concurrency());
  Threads = unsigned(std::min<uint64_t>(Threads, Groups));
  std::vector<std::thread> Pool;
  for (unsigned T = 1; T < Threads; ++T)
    Pool.emplace_back(Worker);
  Worker();
  for (std::thread &T : Pool)
    T.join();
  return Error;
}

//===-- Runtime functions ------------------------------------------------===//

namespace {

const Dispatch &disp() { return *CurGroup->D; }
uint32_t fbits(float F) {
  uint32_t U;
  std::memcpy(&U, &F, 4);
  return U;
}
float bitsf(uint32_t U) {
  float F;
  std::memcpy(&F, &U, 4);
  return F;
}

void fail(uint32_t Site, const std::string &What) {
  if (CurGroup->Error.empty())
    CurGroup->Error = What + " at " + siteName(disp(), Site);
}

/// A checking-mode finding: the launch fails, naming the work-item, and the
/// work-item stops here (it is never resumed).
void failAndStop(uint32_t Site, const std::string &What) {
  auto Coords = [](const uint32_t Id[3]) {
    return "(" + std::to_string(Id[0]) + "," + std::to_string(Id[1]) + "," +
           std::to_string(Id[2]) + ")";
  };
  fail(Site, What + ", by work-item " + Coords(CurLane->Id) + " of work-group " +
                 Coords(CurGroup->Id));
  CurLane->W = Wait::Barrier;
  suspend();
}

/// Device faults: a SIGSEGV or SIGBUS raised by a work-item's code (a wild
/// pointer, an index far out of range, memory freed under the kernel)
/// fails the launch as a GPU's memory access fault would, naming the
/// kernel, the address and the work-item, rather than killing the process
/// without a word. The handler knows a work-item's fault by the stack it
/// runs on (the work-item's fiber stack: no alternate signal stack); any
/// other fault goes on to the handler that was there before. It never
/// returns to the faulting code: the work-item stops as failAndStop's do
/// (SA_NODEFER, so that the signal stays unblocked for the next one).
struct sigaction PreviousFault[2]; // SIGSEGV, SIGBUS

void onDeviceFault(int Signal, siginfo_t *Info, void *Context) {
  const int Index = Signal == SIGSEGV ? 0 : 1;
  const char Probe = 0;
  const auto Here = reinterpret_cast<uintptr_t>(&Probe);
  if (CurLane && CurGroup && Here >= CurLane->StackLow &&
      Here < CurLane->StackLow + WorkItemStackBytes) {
    // (A general protection fault, SI_KERNEL, has no address: a misaligned
    // vector access of the host's code, or a non-canonical address.)
    char Address[64];
    if (Signal == SIGSEGV && Info->si_code == SI_KERNEL)
      std::snprintf(Address, sizeof Address, "an unknown address (a protection fault)");
    else
      std::snprintf(Address, sizeof Address, "address %p", Info->si_addr);
    CurGroup->Error = std::string("memory access fault (") +
                      (Signal == SIGSEGV ? "SIGSEGV" : "SIGBUS") + ") at " + Address +
                      ": the kernel read or wrote memory that is not there (a wild or "
                      "uninitialized pointer, an index far out of range, memory freed while "
                      "it ran), by work-item (" +
                      std::to_string(CurLane->Id[0]) + "," + std::to_string(CurLane->Id[1]) +
                      "," + std::to_string(CurLane->Id[2]) + ") of work-group (" +
                      std::to_string(CurGroup->Id[0]) + "," + std::to_string(CurGroup->Id[1]) +
                      "," + std::to_string(CurGroup->Id[2]) + ")";
    CurLane->W = Wait::Barrier;
    suspend();
  }
  passFaultOn(PreviousFault[Index], Signal, Info, Context);
}

void armDeviceFaults() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    struct sigaction A = {};
    A.sa_sigaction = onDeviceFault;
    A.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&A.sa_mask);
    sigaction(SIGSEGV, &A, &PreviousFault[0]);
    sigaction(SIGBUS, &A, &PreviousFault[1]);
  });
}

} // namespace

extern "C" {

// Identity and geometry.
static uint32_t emu_tid_x(uint32_t) { return CurLane->Id[0]; }
static uint32_t emu_tid_y(uint32_t) { return CurLane->Id[1]; }
static uint32_t emu_tid_z(uint32_t) { return CurLane->Id[2]; }
static uint32_t emu_ntid_x(uint32_t) { return disp().L.Block[0]; }
static uint32_t emu_ntid_y(uint32_t) { return disp().L.Block[1]; }
static uint32_t emu_ntid_z(uint32_t) { return disp().L.Block[2]; }
static uint32_t emu_ctaid_x(uint32_t) { return CurGroup->Id[0]; }
static uint32_t emu_ctaid_y(uint32_t) { return CurGroup->Id[1]; }
static uint32_t emu_ctaid_z(uint32_t) { return CurGroup->Id[2]; }
static uint32_t emu_nctaid_x(uint32_t) { return disp().L.Grid[0]; }
static uint32_t emu_nctaid_y(uint32_t) { return disp().L.Grid[1]; }
static uint32_t emu_nctaid_z(uint32_t) { return disp().L.Grid[2]; }
static uint32_t emu_laneid(uint32_t) { return CurLane->InWave; }
static uint32_t emu_warpsize(uint32_t) { return disp().WaveSize; }
static uint64_t emu_clock64(uint32_t) {
  return uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
}
static uint32_t emu_clock(uint32_t S) { return uint32_t(emu_clock64(S)); }
/// llvm.readsteadycounter: AMD's constant 100 MHz counter (s_memrealtime),
/// which the translation of %globaltimer reads (x 10 ns). The host's JIT
/// would give 0.
static uint64_t emu_steady_counter(uint32_t) {
  return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count()) /
         10;
}

// Barriers and fences.
static void emu_barrier0(uint32_t S) { rendezvous(Wait::Barrier, S, Op::Barrier, 0); }
static void emu_barrier_sync(uint32_t S, uint32_t) { emu_barrier0(S); }
static uint32_t emu_barrier_popc(uint32_t S, uint32_t P) {
  return uint32_t(rendezvous(Wait::Barrier, S, Op::BarrierPopc, P != 0));
}
static uint32_t emu_barrier_and(uint32_t S, uint32_t P) {
  return uint32_t(rendezvous(Wait::Barrier, S, Op::BarrierAnd, P != 0));
}
static uint32_t emu_barrier_or(uint32_t S, uint32_t P) {
  return uint32_t(rendezvous(Wait::Barrier, S, Op::BarrierOr, P != 0));
}
static void emu_membar(uint32_t) { std::atomic_thread_fence(std::memory_order_seq_cst); }
static void emu_race_release(uint32_t);
/// membar.gl and membar.sys: a device-scope fence, a release for race
/// checking too.
static void emu_membar_device(uint32_t S) {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (disp().Races)
    emu_race_release(S);
}
static void emu_warp_sync(uint32_t S, uint32_t Mask) {
  rendezvous(Wait::Collective, S, Op::WarpSync, 0, 0, 0, Mask);
}

// Warp shuffles, votes, reductions.
#define SHFL(Name, O)                                                                         \
  static uint32_t emu_shfl_##Name##_i32(uint32_t S, uint32_t Mask, uint32_t V, uint32_t B,  \
                                        uint32_t C) {                                         \
    return uint32_t(rendezvous(Wait::Collective, S, O, V, B, C, Mask));                       \
  }                                                                                           \
  static float emu_shfl_##Name##_f32(uint32_t S, uint32_t Mask, float V, uint32_t B,          \
                                     uint32_t C) {                                            \
    return bitsf(uint32_t(rendezvous(Wait::Collective, S, O, fbits(V), B, C, Mask)));        \
  }
SHFL(up, Op::ShflUp)
SHFL(down, Op::ShflDown)
SHFL(bfly, Op::ShflBfly)
SHFL(idx, Op::ShflIdx)
#undef SHFL
static uint32_t emu_vote_ballot(uint32_t S, uint32_t Mask, uint32_t P) {
  return uint32_t(rendezvous(Wait::Collective, S, Op::Ballot, P != 0, 0, 0, Mask));
}
static uint32_t emu_vote_any(uint32_t S, uint32_t Mask, uint32_t P) {
  return uint32_t(rendezvous(Wait::Collective, S, Op::VoteAny, P != 0, 0, 0, Mask));
}
static uint32_t emu_vote_all(uint32_t S, uint32_t Mask, uint32_t P) {
  return uint32_t(rendezvous(Wait::Collective, S, Op::VoteAll, P != 0, 0, 0, Mask));
}
static uint32_t emu_vote_uni(uint32_t S, uint32_t Mask, uint32_t P) {
  return uint32_t(rendezvous(Wait::Collective, S, Op::VoteUni, P != 0, 0, 0, Mask));
}
static uint32_t emu_activemask(uint32_t S) {
  return uint32_t(rendezvous(Wait::Collective, S, Op::ActiveMask, 0));
}
#define REDUX(Name, O)                                                                        \
  static uint32_t emu_redux_##Name(uint32_t S, uint32_t V, uint32_t Mask) {                  \
    return uint32_t(rendezvous(Wait::Collective, S, O, V, 0, 0, Mask));                       \
  }
REDUX(add, Op::ReduxAdd)
REDUX(umin, Op::ReduxUMin)
REDUX(umax, Op::ReduxUMax)
REDUX(min, Op::ReduxMin)
REDUX(max, Op::ReduxMax)
REDUX(and, Op::ReduxAnd)
REDUX(or, Op::ReduxOr)
REDUX(xor, Op::ReduxXor)
#undef REDUX
static uint32_t emu_match_any_i32(uint32_t S, uint32_t Mask, uint32_t V) {
  return uint32_t(rendezvous(Wait::Collective, S, Op::MatchAny, V, 0, 0, Mask));
}
static uint32_t emu_match_any_i64(uint32_t S, uint32_t Mask, uint64_t V) {
  return uint32_t(rendezvous(Wait::Collective, S, Op::MatchAny, V, /*64-bit*/ 1, 0, Mask));
}

// NVVM atomics with their own intrinsics (the rest are LLVM atomics).
static uint32_t emu_atomic_inc(uint32_t, uint32_t *P, uint32_t Limit) {
  uint32_t Old = __atomic_load_n(P, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(P, &Old, Old >= Limit ? 0 : Old + 1, true,
                                      __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) {
  }
  return Old;
}
static uint32_t emu_atomic_dec(uint32_t, uint32_t *P, uint32_t Limit) {
  uint32_t Old = __atomic_load_n(P, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(P, &Old, (Old == 0 || Old > Limit) ? Limit : Old - 1,
                                      true, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) {
  }
  return Old;
}
static uint32_t emu_atomic_add_i32(uint32_t, uint32_t *P, uint32_t V) {
  return __atomic_fetch_add(P, V, __ATOMIC_SEQ_CST);
}
static uint32_t emu_atomic_exch_i32(uint32_t, uint32_t *P, uint32_t V) {
  return __atomic_exchange_n(P, V, __ATOMIC_SEQ_CST);
}

// AMDGPU.
static uint32_t emu_amd_workitem_x(uint32_t) { return CurLane->Id[0]; }
static uint32_t emu_amd_workitem_y(uint32_t) { return CurLane->Id[1]; }
static uint32_t emu_amd_workitem_z(uint32_t) { return CurLane->Id[2]; }
static uint32_t emu_amd_workgroup_x(uint32_t) { return CurGroup->Id[0]; }
static uint32_t emu_amd_workgroup_y(uint32_t) { return CurGroup->Id[1]; }
static uint32_t emu_amd_workgroup_z(uint32_t) { return CurGroup->Id[2]; }
/// What the segment pointers give when there is no segment: the launch
/// fails with a message, and the loads the kernel makes meanwhile read zeros.
alignas(16) static const uint8_t NoSegment[512] = {};

static const void *emu_amd_implicitarg_ptr(uint32_t S) {
  if (!disp().Kernarg) {
    failAndStop(S, "llvm.amdgcn.implicitarg.ptr without a kernarg segment (no code object)");
    return NoSegment;
  }
  return disp().Kernarg + disp().ImplicitOffset;
}
static const void *emu_amd_kernarg_ptr(uint32_t) { return disp().Kernarg; }
static const void *emu_amd_dispatch_ptr(uint32_t S) {
  if (!disp().Packet) {
    failAndStop(S, "llvm.amdgcn.dispatch.ptr without a dispatch packet (no code object)");
    return NoSegment;
  }
  return disp().Packet;
}
static void emu_amd_s_barrier(uint32_t S) { rendezvous(Wait::Barrier, S, Op::Barrier, 0); }
static void emu_amd_wave_barrier(uint32_t S) {
  rendezvous(Wait::Collective, S, Op::WaveBarrier, 0);
}
static void emu_amd_s_sleep(uint32_t, uint32_t) {}
static uint32_t emu_amd_bpermute(uint32_t S, uint32_t Addr, uint32_t V) {
  return uint32_t(rendezvous(Wait::Collective, S, Op::Bpermute, V, Addr));
}
static uint64_t emu_amd_ballot_i64(uint32_t S, uint32_t P) {
  return rendezvous(Wait::Collective, S, Op::AmdBallot, P != 0);
}
static uint32_t emu_amd_ballot_i32(uint32_t S, uint32_t P) {
  return uint32_t(rendezvous(Wait::Collective, S, Op::AmdBallot, P != 0));
}
/// v_perm_b32: each byte of the result chosen from the eight of {S0, S1}
/// (S1 the low word) by a selector byte; 8-11 give the sign of byte 1 or 3
/// of S1 or S0 spread over the byte, 12 zero, 13 and above 0xff.
static uint32_t emu_amd_perm(uint32_t, uint32_t S0, uint32_t S1, uint32_t Sel) {
  const uint64_t Data = (uint64_t(S0) << 32) | S1;
  uint32_t R = 0;
  for (unsigned I = 0; I < 4; ++I) {
    const unsigned K = (Sel >> (8 * I)) & 0xff;
    const uint32_t Byte = K < 8    ? uint32_t(Data >> (8 * K)) & 0xff
                          : K < 12 ? ((Data >> (16 * (K - 8) + 15)) & 1 ? 0xff : 0)
                          : K == 12 ? 0
                                    : 0xff;
    R |= Byte << (8 * I);
  }
  return R;
}
static uint32_t emu_amd_mbcnt_lo(uint32_t, uint32_t Mask, uint32_t Acc) {
  const unsigned L = CurLane->InWave;
  const uint32_t Below = L >= 32 ? 0xffffffffu : (uint32_t(1) << L) - 1;
  return Acc + uint32_t(__builtin_popcount(Mask & Below));
}
static uint32_t emu_amd_mbcnt_hi(uint32_t, uint32_t Mask, uint32_t Acc) {
  const unsigned L = CurLane->InWave;
  const uint32_t Below = L < 32 ? 0 : (uint32_t(1) << (L - 32)) - 1;
  return Acc + uint32_t(__builtin_popcount(Mask & Below));
}
static uint32_t emu_amd_inverse_ballot_i64(uint32_t, uint64_t Mask) {
  return uint32_t(Mask >> CurLane->InWave) & 1;
}
static uint32_t emu_amd_readfirstlane(uint32_t S, uint32_t V) {
  return uint32_t(rendezvous(Wait::Collective, S, Op::ReadFirstLane, V));
}
static uint32_t emu_amd_readlane(uint32_t S, uint32_t V, uint32_t Lane) {
  return uint32_t(rendezvous(Wait::Collective, S, Op::ReadLane, V, Lane));
}
static uint32_t emu_amd_mul_u24(uint32_t, uint32_t A, uint32_t B) {
  return (A & 0xffffffu) * (B & 0xffffffu);
}
/// v_mul_i32_i24: the low 24 bits of each operand, sign-extended.
static uint32_t emu_amd_mul_i24(uint32_t, uint32_t A, uint32_t B) {
  const int32_t SA = int32_t(A << 8) >> 8, SB = int32_t(B << 8) >> 8;
  return uint32_t(int64_t(SA) * SB); // the low 32 bits of the product
}
static uint64_t emu_amd_memtime(uint32_t S) { return emu_clock64(S); }
/// llvm.amdgcn.is.shared / is.private of a generic pointer (CUDA's
/// __isShared, __isLocal; cooperative_groups::memcpy_async asks): whether it
/// points into the work-group's group memory / the work-item's stack.
static uint32_t emu_amd_is_shared(uint32_t, const void *P) {
  const auto B = reinterpret_cast<uintptr_t>(P);
  const auto Shared = reinterpret_cast<uintptr_t>(CurGroup->Shared.data());
  return B >= Shared && B < Shared + CurGroup->Shared.size();
}
static uint32_t emu_amd_is_private(uint32_t, const void *P) {
  const auto B = reinterpret_cast<uintptr_t>(P);
  return B >= CurLane->StackLow && B < CurLane->StackLow + WorkItemStackBytes;
}

/// cvt.rna.tf32.f32: the nearer of the two tf32 values around the input (19
/// bits: the low 13 zero), the one away from zero on a tie; beyond the
/// largest tf32 the upper neighbour is infinity, weighed as 2^128. A NaN is
/// returned as it is.
static uint32_t emu_f2tf32_rna(uint32_t, float X) {
  uint32_t Bits;
  std::memcpy(&Bits, &X, 4);
  if (std::isnan(X) || std::isinf(X))
    return Bits;
  const uint32_t Low = Bits & 0xFFFFE000u, High = Low + 0x2000u;
  auto Magnitude = [](uint32_t B) {
    if ((B & 0x7FFFFFFFu) == 0x7F800000u)
      return std::ldexp(1.0, 128);
    float F;
    std::memcpy(&F, &B, 4);
    return std::fabs(double(F));
  };
  const double A = std::fabs(double(X));
  return A - Magnitude(Low) < Magnitude(High) - A ? Low : High;
}

// Device printf and assert. AMDGPU: the ROCm device libraries' allocator of
// the printf buffer, which the kernarg segment names; the runtime prints the
// records after the dispatch. NVVM: CUDA's vprintf prints at once.
static void *emu_printf_alloc(uint32_t S, uint32_t Size) {
  const Dispatch &D = disp();
  if (D.PrintfOffset < 0 || !D.Kernarg) {
    fail(S, "__printf_alloc in a kernel whose code object has no hidden_printf_buffer");
    return nullptr;
  }
  uint8_t *Buffer;
  std::memcpy(&Buffer, D.Kernarg + D.PrintfOffset, sizeof Buffer);
  if (!Buffer)
    return nullptr;
  auto *Used = reinterpret_cast<uint32_t *>(Buffer);
  const uint32_t Capacity = reinterpret_cast<const uint32_t *>(Buffer)[1];
  uint32_t Old = __atomic_load_n(Used, __ATOMIC_RELAXED);
  do {
    if (uint64_t(Old) + Size + PrintfBufferHeader > Capacity)
      return nullptr;
  } while (!__atomic_compare_exchange_n(Used, &Old, Old + Size, false, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED));
  return Buffer + PrintfBufferHeader + Old;
}

/// vprintf's buffer: each argument at its natural alignment.
class CudaPrintfArgs final : public PrintfArgSource {
public:
  explicit CudaPrintfArgs(const uint8_t *Buffer) : Buffer(Buffer) {}
  bool scalar(PrintfArg Kind, uint64_t &Bits) override {
    const unsigned Size = cudaPrintfSize(Kind);
    if (!Buffer)
      return false;
    Offset = (Offset + Size - 1) / Size * Size;
    Bits = 0;
    std::memcpy(&Bits, Buffer + Offset, Size);
    Offset += Size;
    ++Count;
    return true;
  }
  unsigned count() const { return Count; }
  bool string(std::string &Out) override {
    uint64_t Address;
    if (!scalar(PrintfArg::String, Address))
      return false;
    Out = Address ? reinterpret_cast<const char *>(uintptr_t(Address)) : "(null)";
    return true;
  }

private:
  const uint8_t *Buffer;
  uint64_t Offset = 0;
  unsigned Count = 0;
};

static uint32_t emu_vprintf(uint32_t, const char *Format, const uint8_t *Args) {
  CudaPrintfArgs Source(Args);
  std::string Out;
  const bool Complete = formatPrintf(Format, Source, Out);
  std::fwrite(Out.data(), 1, Out.size(), stdout);
  std::fflush(stdout);
  // CUDA: the number of arguments, or -1.
  return Complete ? Source.count() : uint32_t(-1);
}

static void emu_assertfail(uint32_t S, const char *Message, const char *File, uint32_t Line,
                           const char *Function, uint64_t) {
  std::printf("%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n", File,
              Line, Function, CurGroup->Id[0], CurGroup->Id[1], CurGroup->Id[2], CurLane->Id[0],
              CurLane->Id[1], CurLane->Id[2], Message);
  std::fflush(stdout);
  failAndStop(S, "device-side assertion `" + std::string(Message) + "` failed");
}

static void emu_trap(uint32_t S) {
  failAndStop(S, "the kernel trapped (a failed device assertion or __trap())");
}

static uint32_t emu_wgred_add(uint32_t S, uint32_t V) {
  return uint32_t(rendezvous(Wait::Barrier, S, Op::BarrierAdd, V));
}
static uint32_t emu_wgred_and(uint32_t S, uint32_t V) {
  return uint32_t(rendezvous(Wait::Barrier, S, Op::BarrierAndBits, V));
}
static uint32_t emu_wgred_or(uint32_t S, uint32_t V) {
  return uint32_t(rendezvous(Wait::Barrier, S, Op::BarrierOrBits, V));
}

/// Every tensor-core intrinsic (Matrix.h): loads and stores here, products
/// at a rendezvous of the wave's lanes at this call.
static void emu_matrix(uint32_t S, uint32_t Id, const uint8_t *In, uint8_t *Out, uint8_t *Mem,
                       int32_t Ld) {
  const MatrixOp &Op = matrixOp(Id);
  if (Op.Kind == MatrixKind::Load)
    return matrixLoad(Op, CurLane->InWave, Mem, Ld, Out);
  if (Op.Kind == MatrixKind::Store)
    return matrixStore(Op, CurLane->InWave, Mem, Ld, In);
  MatrixBuffers Buffers{In, Out};
  rendezvous(Wait::Collective, S, Op::Matrix, uint64_t(uintptr_t(&Buffers)), Id);
}

static void *emu_shared(uint64_t Offset) { return CurGroup->Shared.data() + Offset; }

static void emu_lockstep() {
  if (CurLane && CurGroup && CurGroup->Lanes.size() > 1)
    suspend(); // runnable: resumed after the other runnable work-items
}

static void emu_wave_step() {
  if (CurLane && CurGroup && CurGroup->Lanes.size() > 1 && CurGroup->D->WaveSize > 1) {
    CurLane->W = Wait::Step; // resumed when the wave's other lanes took a step
    suspend();
  }
}

/// Checking mode: an access of \p Bytes at \p P must lie in the group's
/// memory. Otherwise the launch fails and this work-item stops here.
static void emu_check_group(uint32_t S, const uint8_t *P, uint64_t Bytes) {
  const auto &M = CurGroup->Shared;
  const uint8_t *Begin = M.data(), *End = M.data() + M.size();
  if (P >= Begin && P + Bytes <= End)
    return;
  const long long Offset = (long long)(P - Begin);
  failAndStop(S, "out-of-bounds group memory access: " + std::to_string(Bytes) +
                     " bytes at offset " + std::to_string(Offset) + " of a " +
                     std::to_string(M.size()) + "-byte group allocation");
}

/// Bounds checking: the blocks device code has from malloc (CUDA's device
/// heap), start -> bytes.
std::mutex HeapMutex;
std::map<uintptr_t, uint64_t> HeapBlocks;

static void *emu_malloc(uint64_t Bytes) {
  void *P = std::malloc(Bytes);
  if (P) {
    std::lock_guard<std::mutex> Lock(HeapMutex);
    HeapBlocks[reinterpret_cast<uintptr_t>(P)] = Bytes;
  }
  return P;
}

static void emu_free(void *P, uint64_t) {
  {
    std::lock_guard<std::mutex> Lock(HeapMutex);
    HeapBlocks.erase(reinterpret_cast<uintptr_t>(P));
  }
  std::free(P);
}

bool inHeapBlock(uintptr_t B, uintptr_t E) {
  std::lock_guard<std::mutex> Lock(HeapMutex);
  auto It = HeapBlocks.upper_bound(B);
  return It != HeapBlocks.begin() && E <= std::prev(It)->first + std::prev(It)->second;
}

/// Race checking: two work-items of one launch conflict on a byte of
/// global memory when both write it (or, from two work-groups, or with
/// Dispatch::RaceReads, one reads it), neither access is atomic, and
/// nothing orders them: a barrier of their work-group
/// between them (the group's barrier count differs), or a device-scope
/// release (a fence, an atomic that releases) by the earlier one after its
/// access, which a consumer then acquires (the last-block pattern of grid
/// reductions; the acquire is assumed), or a cross-lane operation of their
/// wave (a warp sync). A write of the value the byte's last writer left is
/// no race (the redundant stores of gang-redundant code): the check runs
/// after each store. For each byte the last write and the last read are
/// kept.
struct RaceAccess {
  uint64_t Item = 0; ///< the work-item's number in the launch + 1; 0: none
  uint64_t Group = 0;
  uint32_t Barriers = 0, Fences = 0, Site = 0;
  uint32_t Wave = 0, WaveSyncs = 0; ///< the wave in the group, its syncs
  uint8_t Value = 0;                ///< a write: the byte it left
};
struct RaceCell {
  RaceAccess Write, Read;
};
} // extern "C"

struct RaceTable {
  static constexpr unsigned Shards = 64;
  struct Shard {
    std::mutex Mutex;
    std::unordered_map<uintptr_t, RaceCell> Cells;
  } Shard[Shards];
  /// Device-scope releases by work-item (those that made any).
  std::mutex FencesMutex;
  std::unordered_map<uint64_t, uint32_t> Fences;

  uint32_t fencesOf(uint64_t Item) {
    std::lock_guard<std::mutex> Lock(FencesMutex);
    auto It = Fences.find(Item);
    return It == Fences.end() ? 0 : It->second;
  }
};
std::shared_ptr<RaceTable> newRaceTable() { return std::make_shared<RaceTable>(); }

extern "C" {

/// The work-items of a work-group of the running launch.
static uint64_t itemsPerGroup() {
  const Dispatch &D = disp();
  return uint64_t(D.L.Block[0]) * D.L.Block[1] * D.L.Block[2];
}

/// The running work-item's number in the launch + 1 (RaceAccess::Item).
static uint64_t raceItem() { return CurGroup->Linear * itemsPerGroup() + CurLane->Linear + 1; }

/// "work-item (x,y,z) of work-group (a,b,c)" for a race access's numbers.
static std::string raceWho(uint64_t Item) {
  const Dispatch &D = disp();
  const uint64_t PerGroup = itemsPerGroup();
  const uint64_t Group = (Item - 1) / PerGroup, Lane = (Item - 1) % PerGroup;
  auto Coords = [](uint64_t N, const uint32_t Dim[3]) {
    return "(" + std::to_string(N % Dim[0]) + "," + std::to_string(N / Dim[0] % Dim[1]) + "," +
           std::to_string(N / (uint64_t(Dim[0]) * Dim[1])) + ")";
  };
  return "work-item " + Coords(Lane, D.L.Block) + " of work-group " + Coords(Group, D.L.Grid);
}

static void emu_race_access(uint32_t S, const uint8_t *P, uint64_t Bytes, uint32_t Write) {
  RaceTable *T = disp().Races;
  if (!T || !Bytes)
    return;
  const uintptr_t B = reinterpret_cast<uintptr_t>(P);
  // The work-item's own stack and its group's memory are not global memory
  // (both are reused by later work-items and groups at the same addresses).
  if (B >= CurLane->StackLow && B < CurLane->StackLow + WorkItemStackBytes)
    return;
  const auto Shared = reinterpret_cast<uintptr_t>(CurGroup->Shared.data());
  if (B >= Shared && B < Shared + CurGroup->Shared.size())
    return;
  const Dispatch &D = disp();
  RaceAccess Me{raceItem(),
                CurGroup->Linear,
                CurGroup->Barriers,
                CurLane->Fences,
                S,
                CurLane->Wave,
                CurGroup->WaveSyncs[CurLane->Wave]};
  auto Ordered = [&](const RaceAccess &A) {
    return !A.Item || A.Item == Me.Item ||
           (A.Group == Me.Group &&
            (A.Barriers != Me.Barriers || (A.Wave == Me.Wave && A.WaveSyncs != Me.WaveSyncs))) ||
           T->fencesOf(A.Item) > A.Fences;
  };
  std::string Found;
  for (uint64_t I = 0; I < Bytes && Found.empty(); ++I) {
    const uintptr_t Byte = B + I;
    auto &Shard = T->Shard[(Byte >> 6) % RaceTable::Shards];
    std::lock_guard<std::mutex> Lock(Shard.Mutex);
    RaceCell &C = Shard.Cells[Byte];
    // A read and a write within one work-group count with RaceReads only.
    auto Counts = [&](const RaceAccess &A, bool BothWrite) {
      return !Ordered(A) && (BothWrite || D.RaceReads || A.Group != Me.Group);
    };
    const uint8_t Now = *reinterpret_cast<const uint8_t *>(Byte);
    const RaceAccess *Other = nullptr;
    if (Counts(C.Write, Write) && !(Write && C.Write.Value == Now))
      Other = &C.Write;
    else if (Write && Counts(C.Read, false))
      Other = &C.Read;
    if (Other) {
      char Address[32];
      std::snprintf(Address, sizeof Address, "%#llx", (unsigned long long)Byte);
      Found = std::string("data race on global memory at ") + Address + ": " +
              raceWho(Other->Item) + (Other == &C.Write ? " wrote it" : " read it") + " at " +
              siteName(D, Other->Site) + ", and " + raceWho(Me.Item) +
              (Write ? " writes it" : " reads it") +
              " with no barrier or device-scope fence between them";
      break;
    }
    Me.Value = Now;
    (Write ? C.Write : C.Read) = Me;
  }
  if (!Found.empty())
    failAndStop(S, Found);
}

/// A device-scope release by the running work-item: its earlier accesses
/// are ordered before whatever acquires it.
static void emu_race_release(uint32_t) {
  RaceTable *T = disp().Races;
  if (!T)
    return;
  const uint64_t Item = raceItem();
  std::lock_guard<std::mutex> Lock(T->FencesMutex);
  T->Fences[Item] = ++CurLane->Fences;
}

/// Bounds checking: an access of \p Bytes at \p P must lie in the launch's
/// memory (Dispatch::Allowed), group memory, the work-item's stack or a
/// block of the device heap.
static void emu_check_global(uint32_t S, const uint8_t *P, uint64_t Bytes) {
  const auto *Allowed = disp().Allowed;
  if (!Allowed || !Bytes)
    return;
  const uintptr_t B = reinterpret_cast<uintptr_t>(P), E = B + Bytes;
  auto It = std::upper_bound(Allowed->begin(), Allowed->end(), std::make_pair(B, UINTPTR_MAX));
  if (It != Allowed->begin() && E <= std::prev(It)->second && E >= B)
    return;
  const auto &G = CurGroup->Shared;
  const auto Group = reinterpret_cast<uintptr_t>(G.data());
  if (B >= Group && E <= Group + G.size())
    return;
  if (B >= CurLane->StackLow && E <= CurLane->StackLow + WorkItemStackBytes)
    return;
  if (inHeapBlock(B, E))
    return;
  std::string Near;
  if (It != Allowed->begin()) {
    const auto &[Begin, End] = *std::prev(It);
    char Buffer[96];
    std::snprintf(Buffer, sizeof Buffer, " (%llu bytes past the end of the %llu-byte buffer at %#llx)",
                  (unsigned long long)(E - End), (unsigned long long)(End - Begin),
                  (unsigned long long)Begin);
    if (B >= Begin)
      Near = Buffer;
  }
  char Address[32];
  std::snprintf(Address, sizeof Address, "%#llx", (unsigned long long)B);
  failAndStop(S, "out-of-bounds global memory access: " + std::to_string(Bytes) + " bytes at " +
                     Address + ", in no buffer of the launch" + Near);
}

/// Before a frame of \p Need bytes is pushed where the stack may not hold
/// it (a recursive function's entry, a dynamically sized alloca, a
/// kernel's deepest static call path): the launch fails, naming the call,
/// instead of the work-item writing past its stack. StackReserve stays
/// free for the runtime functions the work-item calls (printf, this one).
static void emu_stack_check(uint32_t S, uint64_t Need) {
  const auto Here = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  const uintptr_t Low = CurLane->StackLow + StackReserve;
  if (Here > Low && Here - Low >= Need)
    return;
  failAndStop(S, "work-item stack overflow: " + std::to_string(Need) +
                     " more bytes of private memory needed where " +
                     std::to_string(Here > Low ? Here - Low : 0) + " of the emulated " +
                     std::to_string(WorkItemStackBytes / 1024) +
                     " KiB stack are left (recursion too deep or private arrays too large; AMD "
                     "GPUs give a work-item at most 128 KiB of private memory, 256 KiB on "
                     "GFX11 in wave32)");
}

} // extern "C"

namespace {
uint32_t asm_laneid() { return CurLane->InWave; }
uint32_t asm_lanemask_eq() { return uint32_t(1) << CurLane->InWave; }
uint32_t asm_lanemask_lt() { return (uint32_t(1) << CurLane->InWave) - 1; }
uint32_t asm_lanemask_le() { return asm_lanemask_lt() | asm_lanemask_eq(); }
uint32_t asm_lanemask_gt() { return ~asm_lanemask_le(); }
uint32_t asm_lanemask_ge() { return ~asm_lanemask_lt(); }
void asm_nanosleep(uint32_t) {}
} // namespace

void *laneAsmFunction(const std::string &N) {
  static const std::map<std::string, void *> Table = {
      {"mov.u32 $0,%laneid", reinterpret_cast<void *>(&asm_laneid)},
      {"mov.u32 $0,%lanemask_eq", reinterpret_cast<void *>(&asm_lanemask_eq)},
      {"mov.u32 $0,%lanemask_lt", reinterpret_cast<void *>(&asm_lanemask_lt)},
      {"mov.u32 $0,%lanemask_le", reinterpret_cast<void *>(&asm_lanemask_le)},
      {"mov.u32 $0,%lanemask_gt", reinterpret_cast<void *>(&asm_lanemask_gt)},
      {"mov.u32 $0,%lanemask_ge", reinterpret_cast<void *>(&asm_lanemask_ge)},
      {"nanosleep.u32 $0", reinterpret_cast<void *>(&asm_nanosleep)},
  };
  auto It = Table.find(N);
  return It == Table.end() ? nullptr : It->second;
}

namespace {
/// Private bytes allocated but never stored, per thread (each work-item's
/// stack has addresses of its own).
thread_local std::unordered_set<uintptr_t> Uninitialised;

void emu_poison(const uint8_t *P, uint64_t Bytes) {
  for (uint64_t I = 0; I < Bytes; ++I)
    Uninitialised.insert(uintptr_t(P + I));
}
void emu_unpoison(const uint8_t *P, uint64_t Bytes) {
  if (Uninitialised.empty())
    return;
  for (uint64_t I = 0; I < Bytes; ++I)
    Uninitialised.erase(uintptr_t(P + I));
}
void emu_check_init(uint32_t S, const uint8_t *P, uint64_t Bytes) {
  for (uint64_t I = 0; I < Bytes; ++I)
    if (Uninitialised.count(uintptr_t(P + I))) {
      failAndStop(S, "read of uninitialised private memory: " + std::to_string(Bytes) +
                         " bytes, byte " + std::to_string(I) + " never stored");
      return;
    }
}
} // namespace

void *globalCheckFunction() { return reinterpret_cast<void *>(&emu_check_global); }
void *raceAccessFunction() { return reinterpret_cast<void *>(&emu_race_access); }
void *raceReleaseFunction() { return reinterpret_cast<void *>(&emu_race_release); }
void *heapFunction(bool Free) {
  return Free ? reinterpret_cast<void *>(&emu_free) : reinterpret_cast<void *>(&emu_malloc);
}

void *stackCheckFunction() { return reinterpret_cast<void *>(&emu_stack_check); }

void *poisonFunction() { return reinterpret_cast<void *>(&emu_poison); }
void *unpoisonFunction() { return reinterpret_cast<void *>(&emu_unpoison); }
void *checkInitFunction() { return reinterpret_cast<void *>(&emu_check_init); }

void *matrixFunction() { return reinterpret_cast<void *>(&emu_matrix); }

void *sharedMemoryFunction() { return reinterpret_cast<void *>(&emu_shared); }
void *lockstepFunction() { return reinterpret_cast<void *>(&emu_lockstep); }
void *waveStepFunction() { return reinterpret_cast<void *>(&emu_wave_step); }
void *groupCheckFunction() { return reinterpret_cast<void *>(&emu_check_group); }

void *runtimeFunction(const std::string &Name) {
  static const std::map<std::string, void *> Table = {
#define FERRY_EMU_RUNTIME(NAME, FUNCTION) {NAME, reinterpret_cast<void *>(&FUNCTION)},
#include "RuntimeFunctions.def"
  };
  auto It = Table.find(Name);
  return It == Table.end() ? nullptr : It->second;
}

} // namespace emu
} // namespace ferry
