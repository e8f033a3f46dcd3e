; prmt in every mode and video instructions with selectors, masks and
; secondary operations and vmad (negations, .po, scales, .sat) run in the emulator's NVVM reference through the
; translator's PTX front end and, translated, on gfx90a (EMU32) and gfx1100
; (wave32): the three agree bit for bit on generated operands (spread over
; all 32 bits by odd multipliers). The values themselves are checked against
; the PTX ISA by test/translate/exec/ptx-video.test and
; test/translate/rows/ptx-video.ll.
; RUN: %ferry-emu-check %s --spec=%S/Inputs/ptx-asm-video.spec
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @video(ptr %as, ptr %bs, ptr %cs, ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %pa = getelementptr i32, ptr %as, i64 %i
  %a0 = load i32, ptr %pa
  %a = mul i32 %a0, -1640531535
  %pb = getelementptr i32, ptr %bs, i64 %i
  %b0 = load i32, ptr %pb
  %b = mul i32 %b0, -2048144777
  %pc = getelementptr i32, ptr %cs, i64 %i
  %c0 = load i32, ptr %pc
  %c = mul i32 %c0, -1028477379
  %r0 = call i32 asm "prmt.b32.f4e $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  %r1 = call i32 asm "prmt.b32.b4e $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  %r2 = call i32 asm "prmt.b32.ecl $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  %r3 = call i32 asm "prmt.b32.rc16 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  %r4 = call i32 asm "vadd4.s32.s32.u32.sat $0.b310, $1.b7362, $2.b0415, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  %r5 = call i32 asm "vabsdiff4.u32.u32.u32.add $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  %r6 = call i32 asm "vavrg2.s32.s32.s32 $0.h1, $1.h31, $2.h02, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  %r7 = call i32 asm "vset2.u32.s32.gt.add $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  %r8 = call i32 asm "vmin.s32.s32.s32.sat.add $0, $1.b1, $2.h1, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  %r9 = call i32 asm "vsub.u32.s32.u32.sat $0.h1, $1, $2.b3, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  %r10 = call i32 asm "vset.s32.u32.le.max $0, $1.h0, $2.h0, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  %r11 = call i32 asm "vmax.s32.u32.s32 $0, $1, $2;", "=r,r,r"(i32 %a, i32 %b)
  %r12 = call i32 asm "vmad.s32.s32.u32.sat $0, $1, $2, -$3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  %r13 = call i32 asm "vmad.u32.u32.u32.shr15 $0, $1.h0, $2.h1, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  %r14 = call i32 asm "vmad.s32.u32.s32.po.sat.shr7 $0, $1.b2, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  %r15 = call i32 asm "vmad.s32.u32.u32.sat $0, -$1, $2.h1, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  %base = mul i64 %i, 16
  %rs = insertvalue [16 x i32] poison, i32 %r0, 0
  %rs1 = insertvalue [16 x i32] %rs, i32 %r1, 1
  %rs2 = insertvalue [16 x i32] %rs1, i32 %r2, 2
  %rs3 = insertvalue [16 x i32] %rs2, i32 %r3, 3
  %rs4 = insertvalue [16 x i32] %rs3, i32 %r4, 4
  %rs5 = insertvalue [16 x i32] %rs4, i32 %r5, 5
  %rs6 = insertvalue [16 x i32] %rs5, i32 %r6, 6
  %rs7 = insertvalue [16 x i32] %rs6, i32 %r7, 7
  %rs8 = insertvalue [16 x i32] %rs7, i32 %r8, 8
  %rs9 = insertvalue [16 x i32] %rs8, i32 %r9, 9
  %rs10 = insertvalue [16 x i32] %rs9, i32 %r10, 10
  %rs11 = insertvalue [16 x i32] %rs10, i32 %r11, 11
  %rs12 = insertvalue [16 x i32] %rs11, i32 %r12, 12
  %rs13 = insertvalue [16 x i32] %rs12, i32 %r13, 13
  %rs14 = insertvalue [16 x i32] %rs13, i32 %r14, 14
  %rs15 = insertvalue [16 x i32] %rs14, i32 %r15, 15
  %po = getelementptr i32, ptr %out, i64 %base
  store [16 x i32] %rs15, ptr %po
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
!nvvm.annotations = !{!0}
!0 = !{ptr @video, !"kernel", i32 1}
