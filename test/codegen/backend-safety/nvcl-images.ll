; OpenCL image and sampler parameters (the nvcl annotations rdoimage,
; wroimage, rdwrimage, sampler) were ignored without a word (NVVM sweep F6):
; they are refused naming the kernel and the parameter.
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s
; CHECK: error: {{.*}}: in function 'k': parameter 1 of 'k' is an OpenCL image (!nvvm.annotations 'rdoimage'), which needs texture objects Ferry's runtime does not create
; CHECK: error: {{.*}}: in function 'k': parameter 2 of 'k' is an OpenCL sampler (!nvvm.annotations 'sampler'), which needs texture objects Ferry's runtime does not create

target triple = "nvptx64-unknown-nvcl"

define void @k(i64 %img, i64 %smp, ptr %out) {
  store i64 %img, ptr %out
  ret void
}

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @k, !"rdoimage", i32 0}
!2 = !{ptr @k, !"sampler", i32 1}
