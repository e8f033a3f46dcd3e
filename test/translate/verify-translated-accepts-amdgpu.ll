; A module with nothing NVVM left passes the checker unchanged.
; RUN: %opt-ferry -passes=ferry-verify-translated -S %s | %FileCheck %s
; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK:       call i32 @llvm.amdgcn.workitem.id.x()

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k() {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
