; A kernel returning an aggregate through an sret parameter (the AMDGPU
; translation used to end in "internal error: the translated module is
; invalid") is refused naming the kernel, on every target.
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx1100 -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s --emit=ll -o /dev/null 2>&1 | %FileCheck %s
; CHECK: error: {{.*}}sret-kernel.ll: in function 'make_pair': kernel 'make_pair' returns an aggregate through its 'sret' parameter 0; a kernel returns nothing (write the result through a pointer parameter)
; CHECK-NOT: internal error

target triple = "nvptx64-nvidia-cuda"

%Pair = type { i32, i32 }

define void @make_pair(ptr sret(%Pair) %r) {
  store i32 1, ptr %r
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @make_pair, !"kernel", i32 1}
