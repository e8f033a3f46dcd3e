; Private arrays and aggregates of 16 bytes or more are 16-aligned in PTX, as
; nvcc's local depot is: CUDA code reads a `float v[8][4]` through uint4
; (clang marks those accesses 16-aligned while the alloca keeps align 4), and
; the H200 stopped such a kernel with CUDA_ERROR_MISALIGNED_ADDRESS
; (cuda/private_vector_access.cu). A smaller array keeps its alignment.
; RUN: %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o - | %FileCheck %s
; CHECK-LABEL: .entry punned(
; CHECK: .local .align 16 .b8 __local_depot0[144];
; CHECK-LABEL: .entry small(
; CHECK: .local .align 4 .b8 __local_depot1[12];

target triple = "nvptx64-nvidia-cuda"

define void @punned(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %sel) {
  %pad = alloca [3 x float], align 4
  %v = alloca [8 x [4 x float]], align 4
  %p = getelementptr [3 x float], ptr %pad, i32 0, i32 %sel
  store volatile float 1.0, ptr %p, align 4
  %row = getelementptr [8 x [4 x float]], ptr %v, i32 0, i32 %sel
  %x = load <4 x i32>, ptr addrspace(1) %in, align 16
  store volatile <4 x i32> %x, ptr %row, align 16
  %y = load volatile <4 x i32>, ptr %row, align 16
  store <4 x i32> %y, ptr addrspace(1) %out, align 16
  ret void
}

define void @small(ptr addrspace(1) %out, i32 %sel) {
  %a = alloca [3 x float], align 4
  %p = getelementptr [3 x float], ptr %a, i32 0, i32 %sel
  store volatile float 1.0, ptr %p, align 4
  %q = load volatile float, ptr %p, align 4
  store float %q, ptr addrspace(1) %out, align 4
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @punned, !"kernel", i32 1}
!1 = !{ptr @small, !"kernel", i32 1}
