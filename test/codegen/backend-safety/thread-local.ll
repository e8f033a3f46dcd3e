; A thread_local variable has no GPU lowering (both backends fail to select
; its address): refused at each use.
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s -DT=AMDGPU
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx1100 -o /dev/null 2>&1 | %FileCheck %s -DT=AMDGPU
; RUN: %not %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o /dev/null 2>&1 | %FileCheck %s -DT=NVPTX
; CHECK: error: {{.*}}thread-local.ll: in function 'k': thread-local variable 'counter' (thread_local, __thread) cannot be compiled for [[T]]: GPU threads have no thread-local storage

target triple = "nvptx64-nvidia-cuda"

@counter = thread_local addrspace(1) global i32 0

define void @k(ptr %q) {
  %v = load i32, ptr addrspace(1) @counter
  store i32 %v, ptr %q
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
