; Conversions between floating point and integers wider than 128 bits have
; no NVPTX lowering in LLVM 19 nor in Ferry: refused, naming the types
; (AMDGPU expands them).
; RUN: %not %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o /dev/null 2>&1 | %FileCheck %s
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o %t.gfx90a.hsaco
; CHECK: error: {{.*}}: in function 'k': 'sitofp' from i256 to double cannot be compiled for NVPTX: LLVM 19 has no library call for it and Ferry expands only scalar integers of up to 128 bits to or from half, float and double

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %p, ptr %q) {
  %x = load i256, ptr %p
  %d = sitofp i256 %x to double
  store double %d, ptr %q
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
