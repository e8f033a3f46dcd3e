; Input that is not valid IR is refused before anything reads it, with the
; verifier's first lines: NVVM intrinsics declared with a wrong operand list
; or result (they crashed the intrinsic lowering and the verifier). Both the
; AMDGPU translation and the PTX lowering check it.
; RUN: %not %ferry-translate %s -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o /dev/null 2>&1 | %FileCheck %s
; CHECK: ferry-translate: error: {{.*}}invalid-input.ll: module '{{.*}}invalid-input.ll' is not valid IR: Callsite was not defined with variable arguments!; ptr @llvm.nvvm.shfl.sync.idx.i32; {{.*}}; Intrinsic has incorrect return type!; ptr @llvm.nvvm.barrier0
; CHECK-NOT: LLVM failed
; CHECK-NOT: PLEASE submit

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32)
declare float @llvm.nvvm.cos.approx.f()
declare i64 @llvm.nvvm.barrier0()

define void @k(ptr %p) {
  %a = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 1, i32 2)
  %c = call float @llvm.nvvm.cos.approx.f()
  %b = call i64 @llvm.nvvm.barrier0()
  store i32 %a, ptr %p
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
