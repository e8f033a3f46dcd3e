; A kernel called from device code (here a kernel calling itself, which the
; translator fuzzer produced; -O0 keeps the call): PTX cannot call an .entry
; and AMDGPU's code generation aborts with "invalid call to entry function".
; Refused for both, naming the caller and the kernel.
; RUN: %not %ferry-translate %s -O0 --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s -O0 --emit=ptx --cuda-arch=sm_80 -o /dev/null 2>&1 | %FileCheck %s
; CHECK-DAG: error: {{.*}}kernel-call.ll: in function 'k': call of kernel 'k': a kernel cannot be called from device code (launch it, or call a device function that both use)
; CHECK-DAG: error: {{.*}}kernel-call.ll: in function 'f': call of kernel 'k': a kernel cannot be called from device code

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %p, i32 %n) {
  store i32 %n, ptr %p
  %c = icmp sgt i32 %n, 0
  br i1 %c, label %again, label %done
again:
  %m = sub i32 %n, 1
  call void @k(ptr %p, i32 %m)
  br label %done
done:
  ret void
}

define void @f(ptr %p) {
  call void @k(ptr %p, i32 1)
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
