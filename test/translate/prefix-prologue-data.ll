; A function with prefix or prologue data is refused, naming it: GPU code
; has room for neither (AMDGPU's assembler aborted the process with
; "undefined .align directive"; NVPTX wrote PTX with data outside any
; function).
; RUN: %not %ferry-translate %s --emit=obj -o /dev/null 2>&1 | %FileCheck %s --check-prefix=PREFIX
; RUN: %not %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o /dev/null 2>&1 | %FileCheck %s --check-prefix=PREFIX
; PREFIX: ferry-translate: error: {{.*}}: function 'k' has prefix data, which GPU code cannot hold
; RUN: sed 's/prefix i32 123//' %s > %t.ll
; RUN: %not %ferry-translate %t.ll --emit=obj -o /dev/null 2>&1 | %FileCheck %s --check-prefix=PROLOGUE
; PROLOGUE: ferry-translate: error: {{.*}}: function 'k2' has prologue data, which GPU code cannot hold

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %p) prefix i32 123 {
  store i32 1, ptr %p
  ret void
}

define void @k2(ptr %p) prologue i8 144 {
  store i32 2, ptr %p
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @k2, !"kernel", i32 1}
