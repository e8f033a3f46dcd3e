; An alloca moved to addrspace(5) takes its lifetime markers along: they are
; recreated on the private alloca, not left on the flat cast (which LLVM 19's
; InferAddressSpaces does not rewrite, and which kept AMDGPUPromoteAlloca from
; turning libdevice's Payne-Hanek array into a vector: LDS and scratch).
; RUN: %opt-ferry -passes='nvvm-to-amdgpu<arch=gfx90a>' -S %s | %FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define protected amdgpu_kernel void @k(
; CHECK:         %[[A:.*]] = alloca [7 x i32], align 4, addrspace(5)
; CHECK:         call void @llvm.lifetime.start.p5(i64 28, ptr addrspace(5) %[[A]])
; CHECK:         call void @llvm.lifetime.end.p5(i64 28, ptr addrspace(5) %[[A]])
; CHECK-NOT:     call void @llvm.lifetime.{{.*}}.p0(
define void @k(ptr %out, i32 %i) {
  %a = alloca [7 x i32], align 4
  call void @llvm.lifetime.start.p0(i64 28, ptr %a)
  %p = getelementptr [7 x i32], ptr %a, i32 0, i32 %i
  store i32 1, ptr %p
  %q = getelementptr [7 x i32], ptr %a, i32 0, i32 3
  %v = load i32, ptr %q
  store i32 %v, ptr %out
  call void @llvm.lifetime.end.p0(i64 28, ptr %a)
  ret void
}

declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
