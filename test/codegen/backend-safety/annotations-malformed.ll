; Malformed !nvvm.annotations entries (LLVM 19's NVVMIntrRange reads past the
; end of one without its value and crashes) are refused on every target,
; before anything reads them.
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx1100 -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s --emit=ll -o /dev/null 2>&1 | %FileCheck %s
; CHECK: error: {{.*}}annotations-malformed.ll: in function 'k': !nvvm.annotations entry for 'k' is malformed: key 'maxntidx' has no value
; CHECK: error: {{.*}}annotations-malformed.ll: in function 'k2': !nvvm.annotations entry for 'k2' is malformed: operand 1 is not a key string
; CHECK: error: {{.*}}annotations-malformed.ll: in function 'k3': !nvvm.annotations entry for 'k3' is malformed: the value of key 'kernel' is not an integer constant
; CHECK: error: {{.*}}annotations-malformed.ll: !nvvm.annotations entry 5 is empty (expected a function or variable followed by key and value pairs)

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %q) {
  store i32 1, ptr %q
  ret void
}
define void @k2(ptr %q) {
  ret void
}
define void @k3(ptr %q) {
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @k, !"maxntidx"}
!2 = !{ptr @k2, i32 1, i32 1}
!3 = !{ptr @k3, !"kernel", !"yes"}
!4 = !{null, !"kernel", i32 1}
!5 = !{}
