; ldmatrix and stmatrix forms without a translation: one error per call,
; naming the intrinsic, the reason, the function. Shapes and types other
; than m8n8 .b16 (LLVM 19 has only those ldmatrix intrinsics; later LLVMs
; add m16n16 and m8n16 8-bit forms) go to the family's rejecting rows.
; RUN: %not %ferry-translate %s --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s --offload-arch=gfx90a -o /dev/null 2>&1 | %count 5
target triple = "nvptx64-nvidia-cuda"

; CHECK-DAG: in function 'ld_m16n16': 'llvm.nvvm.ldmatrix.sync.aligned.m16n16.x1.trans.b8.p3' cannot be translated to AMDGPU: ldmatrix shapes and types other than m8n8 with .b16 elements have no AMDGPU translation
define i32 @ld_m16n16(ptr addrspace(3) %p) {
  %r = call i32 @llvm.nvvm.ldmatrix.sync.aligned.m16n16.x1.trans.b8.p3(ptr addrspace(3) %p)
  ret i32 %r
}
; CHECK-DAG: in function 'st_m16n8': 'llvm.nvvm.stmatrix.sync.aligned.m16n8.x1.trans.b8.p3' cannot be translated to AMDGPU: stmatrix shapes and types other than m8n8 with .b16 elements have no AMDGPU translation
define void @st_m16n8(ptr addrspace(3) %p, i32 %a) {
  call void @llvm.nvvm.stmatrix.sync.aligned.m16n8.x1.trans.b8.p3(ptr addrspace(3) %p, i32 %a)
  ret void
}
; CHECK-DAG: in function 'st_x3': 'llvm.nvvm.stmatrix.sync.aligned.m8n8.x3.b16.p3' cannot be translated to AMDGPU: stmatrix forms other than m8n8.x1, .x2 and .x4 of .b16 (with or without .trans) have no AMDGPU translation
define void @st_x3(ptr addrspace(3) %p, i32 %a) {
  call void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x3.b16.p3(ptr addrspace(3) %p, i32 %a, i32 %a, i32 %a)
  ret void
}
; CHECK-DAG: in function 'st_global': 'llvm.nvvm.stmatrix.sync.aligned.m8n8.x1.b16.p1' cannot be translated to AMDGPU: stmatrix addresses shared memory; address space 1 has no translation
define void @st_global(ptr addrspace(1) %p, i32 %a) {
  call void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x1.b16.p1(ptr addrspace(1) %p, i32 %a)
  ret void
}
; CHECK-DAG: in function 'st_missing': 'llvm.nvvm.stmatrix.sync.aligned.m8n8.x2.b16.p3' cannot be translated to AMDGPU: stmatrix.x2 takes an address and 2 i32 registers
define void @st_missing(ptr addrspace(3) %p, i32 %a) {
  call void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x2.b16.p3(ptr addrspace(3) %p, i32 %a)
  ret void
}
declare i32 @llvm.nvvm.ldmatrix.sync.aligned.m16n16.x1.trans.b8.p3(ptr addrspace(3))
declare void @llvm.nvvm.stmatrix.sync.aligned.m16n8.x1.trans.b8.p3(ptr addrspace(3), i32)
declare void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x3.b16.p3(ptr addrspace(3), i32, i32, i32)
declare void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x1.b16.p1(ptr addrspace(1), i32)
declare void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x2.b16.p3(ptr addrspace(3), i32)
