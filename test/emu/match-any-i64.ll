; match.any.sync.i64 compares all 64 bits: lanes whose values differ only in
; the high word are in different groups (the emulator did not model it).
; RUN: %ferry-emu-check %s --spec=%S/Inputs/match-any-i64.spec --print | %FileCheck %s
; RUN: %ferry-emu-check %s --spec=%S/Inputs/match-any-i64.spec
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @match64(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  ; low word: t % 2; high word: t % 4 >= 2
  %lo = and i64 %i, 1
  %hi = and i64 %i, 2
  %hishift = shl i64 %hi, 31
  %v = or i64 %lo, %hishift
  %m = call i32 @llvm.nvvm.match.any.sync.i64(i32 -1, i64 %v)
  %p = getelementptr i32, ptr %out, i64 %i
  store i32 %m, ptr %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.match.any.sync.i64(i32, i64)

!nvvm.annotations = !{!0}
!0 = !{ptr @match64, !"kernel", i32 1}
; Lanes 0, 4, 8, ... (0x11111111), 1, 5, ... (0x22222222), 2, 6, ...
; (0x44444444), 3, 7, ... (0x88888888).
; CHECK: match64 arg1: 286331153 572662306 1145324612 -2004318072 286331153 572662306 1145324612 -2004318072
