; A device function that passes its parameter as a barrier's id (CUDA 13's
; __barrier_sync(unsigned), which cooperative groups' thread_block::sync()
; calls; not inlined at -O0, its parameter spilled) is inlined into its
; callers, whose constant id 0 is the workgroup barrier. Was: "the barrier id
; is not a constant" (llm.c's global_norm built with -O0 -G). A wrapper no
; caller gives a constant, or one given another id, is still refused
; (diagnostics.ll).
; RUN: %ferry-translate %s --offload-arch=gfx90a -o - | %FileCheck %s

target triple = "nvptx64-nvidia-cuda"

define linkonce_odr void @_Z14__barrier_syncj(i32 %id) {
  %slot = alloca i32
  store i32 %id, ptr %slot
  %v = load i32, ptr %slot
  call void @llvm.nvvm.barrier.sync(i32 %v)
  ret void
}

define linkonce_odr void @block_sync() {
  call void @_Z14__barrier_syncj(i32 0)
  ret void
}

; CHECK-NOT: define {{.*}}@_Z14__barrier_syncj
; CHECK-LABEL: define {{.*}}void @block_sync(
; CHECK-NOT: call {{.*}}@_Z14__barrier_syncj
; CHECK: fence syncscope("workgroup") release
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire
; CHECK-LABEL: define {{.*}}amdgpu_kernel void @kernel(
define ptx_kernel void @kernel() {
  call void @block_sync()
  ret void
}

declare void @llvm.nvvm.barrier.sync(i32)
