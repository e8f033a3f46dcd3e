//===- NvvmKernels.h - NVVM IR the compiler-side tests compile --*- C++ -*-===//
#ifndef FERRY_TEST_NVVMKERNELS_H
#define FERRY_TEST_NVVMKERNELS_H

/// The smallest kernel that is NVVM: it stores its thread's index.
inline constexpr char TidKernel[] = R"(
target triple = "nvptx64-nvidia-cuda"
define void @k(ptr %p) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %t, ptr %p
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
)";

#endif
