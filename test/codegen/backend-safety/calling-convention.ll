; Calling conventions other than C, fast, cold and the kernels' abort AMDGPU
; code generation (NVPTX ignores them): refused on both, at the function and
; at the call.
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s -DT=AMDGPU
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx1100 -o /dev/null 2>&1 | %FileCheck %s -DT=AMDGPU
; RUN: %not %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o /dev/null 2>&1 | %FileCheck %s -DT=NVPTX
; CHECK-DAG: error: {{.*}}calling-convention.ll: in function 'f': the function has calling convention 'x86_stdcallcc', which [[T]] code generation does not support (only C, fast, cold and kernels)
; CHECK-DAG: error: {{.*}}calling-convention.ll: in function 'k': call to 'f' with calling convention 'x86_stdcallcc', which [[T]] code generation does not support (only C, fast, cold and kernels)

target triple = "nvptx64-nvidia-cuda"

define x86_stdcallcc void @f(ptr %q) noinline {
  store volatile i32 3, ptr %q
  ret void
}

define void @k(ptr %q) {
  call x86_stdcallcc void @f(ptr %q)
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
