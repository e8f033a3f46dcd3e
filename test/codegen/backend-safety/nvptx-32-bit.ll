; 32-bit NVVM IR (the `nvptx` triple, or a datalayout with 32-bit pointers)
; is refused on every target: translated as 64-bit, its address arithmetic
; (a `getelementptr ptr, ptr %out, i32 %n` is 4n bytes there) and its folded
; sizes would silently change (NVVM sweep F6).
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o /dev/null 2>&1 | %FileCheck %s
; RUN: sed 's/^target triple.*$/target datalayout = "e-p:32:32-i64:64"/' %s > %t.ll
; RUN: %not %ferry-translate %t.ll --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s --check-prefix=LAYOUT
; CHECK: error: {{.*}}nvptx-32-bit.ll: module '{{.*}}nvptx-32-bit.ll' is 32-bit NVVM IR (target triple 'nvptx-nvidia-cuda'): Ferry translates 64-bit NVVM IR only (nvptx64-nvidia-cuda, 64-bit pointers); compile the device code for a 64-bit target
; LAYOUT: is 32-bit NVVM IR (its datalayout has 32-bit pointers)

target triple = "nvptx-nvidia-cuda"

define void @k(ptr %out, i32 %n) {
  %p = getelementptr ptr, ptr %out, i32 %n
  store ptr null, ptr %p
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
