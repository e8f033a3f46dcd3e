; Inline-PTX warp operations (cub's predicated shfl.sync.down add, a ballot
; block, %laneid, redux) run in the emulator's NVVM reference through the
; translator's PTX front end; the values are the ones the PTX ISA gives
; (64 threads: two warps), and gfx90a (EMU32) and gfx1100 (wave32) agree.
; RUN: %ferry-emu-check %s --spec=%S/Inputs/ptx-asm-warp.spec --print | %FileCheck %s
; RUN: %ferry-emu-check %s --spec=%S/Inputs/ptx-asm-warp.spec
; Lanes 0-15 add lane+16, lanes 16-31 are out of range (own value only).
; CHECK: warp_asm arg1: 16 18 20 22 24 26 28 30 32 34 36 38 40 42 44 46 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 80 82 84 86 88 90 92 94 96 98 100 102 104 106 108 110 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
; CHECK: warp_asm arg2: -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766 -1431655766
; CHECK: warp_asm arg3: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
; CHECK: warp_asm arg4: 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 63 63 63 63 63 63 63 63 63 63 63 63 63 63 63 63 63 63 63 63 63 63 63 63 63 63 63 63 63 63 63 63
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @warp_asm(ptr %sum, ptr %ballot, ptr %lane, ptr %redux) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  ; One step of cub's WarpReduce: add the value 16 lanes down when in range.
  %s = call i32 asm "{ .reg .u32 r0; .reg .pred p; shfl.sync.down.b32 r0|p, $1, $2, $3, $4; @p add.u32 r0, r0, $1; mov.u32 $0, r0; }", "=r,r,r,r,r"(i32 %t, i32 16, i32 31, i32 -1)
  %p0 = getelementptr i32, ptr %sum, i64 %i
  store i32 %s, ptr %p0
  %odd = and i32 %t, 1
  %b = call i32 asm "{ .reg .pred q; setp.ne.u32 q, $1, 0; vote.sync.ballot.b32 $0, q, 0xffffffff; }", "=r,r"(i32 %odd)
  %p1 = getelementptr i32, ptr %ballot, i64 %i
  store i32 %b, ptr %p1
  %l = call i32 asm "mov.u32 $0, %laneid;", "=r"()
  %p2 = getelementptr i32, ptr %lane, i64 %i
  store i32 %l, ptr %p2
  %r = call i32 asm "redux.sync.max.u32 $0, $1, $2;", "=r,r,r"(i32 %t, i32 -1)
  %p3 = getelementptr i32, ptr %redux, i64 %i
  store i32 %r, ptr %p3
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
!nvvm.annotations = !{!0}
!0 = !{ptr @warp_asm, !"kernel", i32 1}
