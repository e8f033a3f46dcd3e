; Conversions between __int128 and floating point compile for every target:
; AMDGPU expands them itself, NVPTX (no library call in LLVM 19) gets Ferry's
; expansion into 64-bit conversions (translate/exec/wide-int-fp.test checks
; its values).
; RUN: %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o - | %FileCheck %s --check-prefix=PTX
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o %t.gfx90a.hsaco
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx1100 -o %t.gfx1100.hsaco
; PTX-LABEL: .entry k(
; PTX-NOT:   call
; PTX:       cvt.rn.f64.u64
; PTX:       cvt.rzi.u64.f64
; PTX-NOT:   call

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %p, ptr %q) {
  %x = load i128, ptr %p
  %d = sitofp i128 %x to double
  store double %d, ptr %q
  %y = fptoui double %d to i128
  store i128 %y, ptr %p
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
