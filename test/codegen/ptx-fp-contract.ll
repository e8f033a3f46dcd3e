; Floating-point multiplies and adds in PTX: where the module allows
; contraction (clang's CUDA default -ffp-contract=fast puts `contract` on
; every operation), they are written `mul.f32`/`add.f32`, which ptxas may
; fuse into an fma, as nvcc's -fmad=true does; without it (-ffp-contract=off)
; `mul.rn.f32`/`add.rn.f32`, which ptxas must leave apart.
; RUN: %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o - | %FileCheck %s --check-prefix=FAST
; RUN: sed 's/ contract / /g' %s | %ferry-translate - --emit=ptx --cuda-arch=sm_80 -o - | %FileCheck %s --check-prefix=OFF
; FAST-LABEL: .entry dot(
; FAST: mul.f32
; FAST: fma.rn.f32
; FAST: add.f32
; FAST-NOT: {{(mul|add).rn.f32}}
; OFF-LABEL: .entry dot(
; OFF: mul.rn.f32
; OFF: add.rn.f32
; OFF: add.rn.f32
; OFF-NOT: fma

target triple = "nvptx64-nvidia-cuda"

define void @dot(ptr %a, ptr %b, ptr %o) {
  %x = load volatile float, ptr %a
  %y = load volatile float, ptr %b
  %m = fmul contract float %x, %y
  store volatile float %m, ptr %o
  %s = fadd contract float %m, %y
  store volatile float %s, ptr %o
  %t = fadd contract float %x, %y
  store volatile float %t, ptr %o
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @dot, !"kernel", i32 1}
