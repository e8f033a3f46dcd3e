; Checking mode (--check, FERRY_EMU_CHECK=1 for the emulated devices): a
; group-memory access outside the work-group's allocation fails the launch,
; naming the kernel, the access and the offset; accesses inside it pass.
; RUN: %not %ferry-emu-check %s --spec=%S/Inputs/checking-mode.spec --reference-only --check 2>&1 | %FileCheck %s
; RUN: %ferry-emu-check %s --spec=%S/Inputs/checking-mode-ok.spec --check 2>&1 | %count 0
; CHECK: ferry-emu-check: shift_left: ferry-emu: kernel 'shift_left': out-of-bounds group memory access: 4 bytes at offset 256 of a 256-byte group allocation, by work-item (63,0,0) of work-group ({{[0-9]+}},0,0) at group memory access in 'shift_left' (block entry) #{{[0-9]+}}
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [64 x i32] undef, align 4

; tile[t + 1] = t: the last work-item writes one element past the array.
define void @shift_left(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = add i32 %t, 1
  %i = zext i32 %n to i64
  %p = getelementptr [64 x i32], ptr addrspace(3) @tile, i64 0, i64 %i
  store i32 %t, ptr addrspace(3) %p
  ret void
}

; tile[t] = t: in bounds.
define void @in_bounds(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr [64 x i32], ptr addrspace(3) @tile, i64 0, i64 %i
  store i32 %t, ptr addrspace(3) %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @shift_left, !"kernel", i32 1}
!1 = !{ptr @in_bounds, !"kernel", i32 1}
