; An alias of a kernel cannot be emitted for NVPTX (LLVM 19 aborts): after
; uses are redirected to the kernel, an exported alias of it is refused.
; AMDGPU compiles it.
; RUN: %not %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o /dev/null 2>&1 | %FileCheck %s
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o %t.gfx90a.hsaco
; CHECK: error: {{.*}}alias-of-kernel.ll: alias 'k_alias' of 'k' cannot be compiled for NVPTX: PTX aliases name non-weak device-function definitions only (not kernels, variables or weak symbols)

target triple = "nvptx64-nvidia-cuda"

@k_alias = alias void (ptr), ptr @k

define void @k(ptr %q) {
  store i32 1, ptr %q
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @k_alias, !"kernel", i32 1}
