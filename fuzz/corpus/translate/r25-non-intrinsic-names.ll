; Names LLVM 19 does not know as intrinsics are not checked by its verifier:
; libNVVM's and CUDA's own (shfl.sync.i32, vote.sync, tanh.approx.f32, ...)
; must have their declared types, and a made-up name in a family the table
; covers by prefix ("llvm.nvvm.add.rn.rn.f") is not lowered as if it were
; one (its lowering read operands the call did not have: crashes and
; "translated module is invalid" internal errors).
; RUN: %not %ferry-translate %s -o /dev/null 2>&1 | %FileCheck %s
; CHECK-DAG: in function 'k': 'llvm.nvvm.tanh.approx.f32' cannot be translated to AMDGPU: 'llvm.nvvm.tanh.approx.f32' is declared as 'float ()'; its type is 'float (float)'
; CHECK-DAG: in function 'k': 'llvm.nvvm.shfl.sync.i32' cannot be translated to AMDGPU: 'llvm.nvvm.shfl.sync.i32' is declared as '{ i32, i1 } (i32, i32, i32, i32)'; its type is '{ i32, i1 } (i32, i32, i32, i32, i32)'
; CHECK-DAG: in function 'k': 'llvm.nvvm.vote.sync' cannot be translated to AMDGPU: 'llvm.nvvm.vote.sync' is declared as 'i64 (i32, i32, i1)'; its type is '{ i32, i1 } (i32, i32, i1)'
; CHECK-DAG: in function 'k': 'llvm.nvvm.add.rn.rn.f' cannot be translated to AMDGPU: 'llvm.nvvm.add.rn.rn.f' is not an NVVM intrinsic LLVM 19 or libNVVM knows
; CHECK-DAG: in function 'k': 'llvm.nvvm.mma.m16n8k8.row.col.f16.f32' cannot be translated to AMDGPU: 'llvm.nvvm.mma.m16n8k8.row.col.f16.f32' is declared as 'float ()'
; CHECK-NOT: internal error
; The right types translate.
; RUN: %ferry-translate %S/Inputs/non-intrinsic-signatures-ok.ll -o /dev/null

target triple = "nvptx64-nvidia-cuda"

declare float @llvm.nvvm.tanh.approx.f32()
declare { i32, i1 } @llvm.nvvm.shfl.sync.i32(i32, i32, i32, i32)
declare i64 @llvm.nvvm.vote.sync(i32, i32, i1)
declare float @llvm.nvvm.add.rn.rn.f(float)
declare float @llvm.nvvm.mma.m16n8k8.row.col.f16.f32()

define void @k(ptr %p) {
  %a = call float @llvm.nvvm.tanh.approx.f32()
  %b = call { i32, i1 } @llvm.nvvm.shfl.sync.i32(i32 -1, i32 1, i32 2, i32 31)
  %c = call i64 @llvm.nvvm.vote.sync(i32 -1, i32 1, i1 true)
  %d = call float @llvm.nvvm.add.rn.rn.f(float 1.0)
  %e = call float @llvm.nvvm.mma.m16n8k8.row.col.f16.f32()
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
