; What slips past Ferry's checks and makes LLVM give up (here an x86
; intrinsic in device code: "Cannot select") comes back as an error naming
; the stage, with a normal exit status instead of an abort; with stage dumps
; on, the error says where they are.
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s -DT=gfx90a
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx1100 -o /dev/null 2>&1 | %FileCheck %s -DT=gfx1100
; RUN: %not %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o /dev/null 2>&1 | %FileCheck %s -DT=sm_80
; RUN: rm -rf %t.dumps
; RUN: %not %ferry-translate %s --emit=ptx --cuda-arch=sm_80 --dump-dir=%t.dumps -o /dev/null 2>&1 | %FileCheck %s --check-prefix=DUMPS
; RUN: ls %t.dumps | %FileCheck %s --check-prefix=FILES
; CHECK: ferry-translate: error: {{.*}}fatal-error-handler.ll: LLVM failed in code generation for [[T]] instead of reporting an error (a Ferry bug: please report it with the input): Cannot select: intrinsic %llvm.x86.sse2.pause (FERRY_DUMP_DIR=<dir> keeps the stages so far)
; CHECK-NOT: PLEASE submit a bug report
; DUMPS: error: {{.*}}: Cannot select: intrinsic %llvm.x86.sse2.pause (the stages so far are in '{{.*}}dumps')
; FILES: fatal-error-handler.sm_80.optimized.ll

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %q) {
  call void @llvm.x86.sse2.pause()
  store i32 1, ptr %q
  ret void
}
declare void @llvm.x86.sse2.pause()

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
