; AMDGPU device functions with parameters or results over 1 KiB are refused:
; passed element by element through registers and the stack, a
; <1024 x i64> parameter took LLVM 19 minutes to compile. Kernels (kernarg
; memory) and NVPTX (.param memory) are not affected.
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx1100 -o /dev/null 2>&1 | %FileCheck %s
; RUN: %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o %t.ptx
; CHECK: error: {{.*}}large-parameter.ll: in function 'twice': parameter 0 of type '<1024 x i64>': it is larger than 1024 bytes; AMDGPU passes it element by element through registers and the stack, which LLVM 19 compiles in time growing quadratically with its size (pass a pointer instead)
; CHECK-NOT: 'k'

target triple = "nvptx64-nvidia-cuda"

define void @twice(<1024 x i64> %x, ptr %p) noinline {
  %y = add <1024 x i64> %x, %x
  store <1024 x i64> %y, ptr %p
  ret void
}

define void @k(<1024 x i64> %x, ptr %p) {
  call void @twice(<1024 x i64> %x, ptr %p)
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
