//===- ParallelForTest.cpp - ferry_parallel_for on the host backend -------===//
#include "ferry/runtime.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <vector>

namespace {

const ferry_region Region = {"ParallelForTest.cpp:1", "ParallelForTest.cpp", 1, 1, 0};

struct Closure {
  std::atomic<int> *Hits;
};

void markChunk(const void *C, int64_t Begin, int64_t End, void *) {
  auto *Cl = static_cast<const Closure *>(C);
  for (int64_t I = Begin; I < End; ++I)
    Cl->Hits[I].fetch_add(1);
}

void sumChunk(const void *, int64_t Begin, int64_t End, void *Partial) {
  for (int64_t I = Begin; I < End; ++I)
    *static_cast<long *>(Partial) += I;
}
void initSum(void *P) { *static_cast<long *>(P) = 0; }
void combineSum(void *D, const void *S) {
  *static_cast<long *>(D) += *static_cast<const long *>(S);
}

} // namespace

TEST(ParallelFor, EveryIterationOnce) {
  std::vector<std::atomic<int>> Hits(10007);
  Closure C{Hits.data()};
  ASSERT_EQ(ferry_parallel_for(&Region, &C, sizeof C, int64_t(Hits.size()),
                               markChunk, nullptr, nullptr),
            FERRY_SUCCESS);
  for (auto &H : Hits)
    ASSERT_EQ(H.load(), 1);
}

TEST(ParallelFor, ReductionCombinesAllChunks) {
  const ferry_reduction Sum = {sizeof(long), alignof(long), initSum, combineSum};
  long Result = -1;
  ASSERT_EQ(ferry_parallel_for(&Region, nullptr, 0, 100000, sumChunk, &Sum,
                               &Result),
            FERRY_SUCCESS);
  EXPECT_EQ(Result, 100000L * 99999 / 2);
}

TEST(ParallelFor, EmptyLoopStillInitializesTheReduction) {
  const ferry_reduction Sum = {sizeof(long), alignof(long), initSum, combineSum};
  long Result = 42;
  ASSERT_EQ(ferry_parallel_for(&Region, nullptr, 0, 0, sumChunk, &Sum, &Result),
            FERRY_SUCCESS);
  EXPECT_EQ(Result, 0);
}

TEST(ParallelFor, InvalidArguments) {
  EXPECT_EQ(ferry_parallel_for(nullptr, nullptr, 0, 1, markChunk, nullptr, nullptr),
            FERRY_ERROR_INVALID);
  const ferry_reduction Sum = {sizeof(long), alignof(long), initSum, combineSum};
  EXPECT_EQ(ferry_parallel_for(&Region, nullptr, 0, 1, sumChunk, &Sum, nullptr),
            FERRY_ERROR_INVALID);
}
