; ldmatrix and stmatrix that the PTX ISA leaves undefined fail the launch
; with the reason instead of reading or writing stray memory: a row address
; that is not 16-byte aligned, one outside the work-group's shared memory
; (a generic pointer to global memory), and a warp of 16 lanes (.aligned:
; every lane of the warp takes part).
; RUN: %not %ferry-emu-check %s --spec=%S/Inputs/ldmatrix-errors.spec --reference-only 2>&1 | %FileCheck %s
; CHECK: ferry-emu-check: misaligned: ferry-emu: kernel 'misaligned': ldmatrix: the row address of lane 0 is not 16-byte aligned at nvvm.ldmatrix.sync.aligned.m8n8.x1.b16.p3 in 'misaligned' #{{[0-9]+}}
; CHECK: ferry-emu-check: global_rows: ferry-emu: kernel 'global_rows': stmatrix: the row address of lane 0 is outside the work-group's shared memory at nvvm.stmatrix.sync.aligned.m8n8.x2.b16.p0 in 'global_rows' #{{[0-9]+}}
; CHECK: ferry-emu-check: half_warp: ferry-emu: kernel 'half_warp': ldmatrix with 16 of 32 lanes of the warp at the call (.aligned: every lane takes part) at nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3 in 'half_warp' #{{[0-9]+}}
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@sh = internal addrspace(3) global [512 x i16] zeroinitializer, align 16

; Lane l addresses row l at 8 bytes past a 16-byte boundary.
define void @misaligned(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %e = mul i32 %t, 8
  %i = add i32 %e, 4
  %row = getelementptr i16, ptr addrspace(3) @sh, i32 %i
  %r = call i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16.p3(ptr addrspace(3) %row)
  %p = getelementptr i32, ptr %out, i32 %t
  store i32 %r, ptr %p
  ret void
}

; Rows in the kernel's global buffer.
define void @global_rows(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %e = mul i32 %t, 8
  %row = getelementptr i16, ptr %out, i32 %e
  call void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x2.b16.p0(ptr %row, i32 %t, i32 %t)
  ret void
}

define void @half_warp(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %e = mul i32 %t, 8
  %row = getelementptr i16, ptr addrspace(3) @sh, i32 %e
  %r = call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3(ptr addrspace(3) %row)
  %r0 = extractvalue { i32, i32, i32, i32 } %r, 0
  %p = getelementptr i32, ptr %out, i32 %t
  store i32 %r0, ptr %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16.p3(ptr addrspace(3))
declare { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3(ptr addrspace(3))
declare void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x2.b16.p0(ptr, i32, i32)
!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @misaligned, !"kernel", i32 1}
!1 = !{ptr @global_rows, !"kernel", i32 1}
!2 = !{ptr @half_warp, !"kernel", i32 1}
