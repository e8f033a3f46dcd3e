; Input that is not NVVM IR is refused with the same message whatever is
; emitted (--emit=ptx used to compile an x86-64 module).
; RUN: %not %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s --emit=ll -o /dev/null 2>&1 | %FileCheck %s
; CHECK: error: {{.*}}target-triple.ll: module '{{.*}}target-triple.ll' has target triple 'x86_64-unknown-linux-gnu'; expected NVVM IR (nvptx64-nvidia-cuda)

target triple = "x86_64-unknown-linux-gnu"

define void @k(ptr %q) {
  store i32 1, ptr %q
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
