// Included by spellings.cuh with "": found beside it. PTX special registers
// with one `%`, as gardenia's LaneId() writes them; `%%` and operands stay.
#pragma once

__device__ __forceinline__ unsigned laneId() {
  unsigned ret;
  asm("mov.u32 %0, %laneid;" : "=r"(ret));
  return ret;
}

__device__ __forceinline__ unsigned lanesBelow() {
  unsigned mask, count;
  asm volatile("mov.u32 %0, %%lanemask_lt;" : "=r"(mask));
  asm("popc.b32 %0, %1;" : "=r"(count) : "r"(mask));
  return count;
}
