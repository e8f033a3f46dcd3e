; prmt in every mode and the video instructions with their selectors, masks,
; secondary operations and .sat: with constant operands (a = 0x8001ff7f,
; b = 0x12f48090, c = 0xdeadbeef unless a prmt selector is given) the
; translation folds to the value the PTX ISA's pseudocode gives (computed
; independently of Ferry; ../exec/ptx-video.test checks random operands).
; RUN: %opt-ferry -passes='ferry-lower-ptx-asm<arch=gfx90a>,instcombine' -S %s | %FileCheck %s
; CHECK-NOT: asm
target triple = "nvptx64-nvidia-cuda"

; prmt.b32.f4e: 0x908001ff
; CHECK-LABEL: define i32 @prmt_f4e(
; CHECK-NEXT:    ret i32 -1870659073
define i32 @prmt_f4e() {
  %r = call i32 asm "prmt.b32.f4e $0, $1, $2, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 1)
  ret i32 %r
}

; prmt.b32.b4e: 0x127fff01
; CHECK-LABEL: define i32 @prmt_b4e(
; CHECK-NEXT:    ret i32 310378241
define i32 @prmt_b4e() {
  %r = call i32 asm "prmt.b32.b4e $0, $1, $2, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 2)
  ret i32 %r
}

; prmt.b32.rc8: 0x80808080
; CHECK-LABEL: define i32 @prmt_rc8(
; CHECK-NEXT:    ret i32 -2139062144
define i32 @prmt_rc8() {
  %r = call i32 asm "prmt.b32.rc8 $0, $1, $2, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 3)
  ret i32 %r
}

; prmt.b32.ecl: 0x8001ffff
; CHECK-LABEL: define i32 @prmt_ecl(
; CHECK-NEXT:    ret i32 -2147352577
define i32 @prmt_ecl() {
  %r = call i32 asm "prmt.b32.ecl $0, $1, $2, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 1)
  ret i32 %r
}

; prmt.b32.ecr: 0x0101ff7f
; CHECK-LABEL: define i32 @prmt_ecr(
; CHECK-NEXT:    ret i32 16908159
define i32 @prmt_ecr() {
  %r = call i32 asm "prmt.b32.ecr $0, $1, $2, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 2)
  ret i32 %r
}

; prmt.b32.rc16: 0x80018001
; CHECK-LABEL: define i32 @prmt_rc16(
; CHECK-NEXT:    ret i32 -2147385343
define i32 @prmt_rc16() {
  %r = call i32 asm "prmt.b32.rc16 $0, $1, $2, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 1)
  ret i32 %r
}

; prmt.b32: 0xff00ff7f
; CHECK-LABEL: define i32 @prmt_sign(
; CHECK-NEXT:    ret i32 -16711809
define i32 @prmt_sign() {
  %r = call i32 asm "prmt.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 39088)
  ret i32 %r
}

; vadd4.s32.s32.u32.sat: 0x7fad7f7f
; CHECK-LABEL: define i32 @vadd4_sel(
; CHECK-NEXT:    ret i32 2142076799
define i32 @vadd4_sel() {
  %r = call i32 asm "vadd4.s32.s32.u32.sat $0.b310, $1.b7362, $2.b0415, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vsub4.s32.s32.s32.add: 0xdeadbfd8
; CHECK-LABEL: define i32 @vsub4_add(
; CHECK-NEXT:    ret i32 -559038504
define i32 @vsub4_add() {
  %r = call i32 asm "vsub4.s32.s32.s32.add $0, $1, $2, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vavrg4.s32.s32.s32: 0xc9fabf08
; CHECK-LABEL: define i32 @vavrg4_neg(
; CHECK-NEXT:    ret i32 -906313976
define i32 @vavrg4_neg() {
  %r = call i32 asm "vavrg4.s32.s32.s32 $0, $1, $2, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vabsdiff4.u32.u32.u32.add: 0xdeadc0e0
; CHECK-LABEL: define i32 @vabsdiff4_sad(
; CHECK-NEXT:    ret i32 -559038240
define i32 @vabsdiff4_sad() {
  %r = call i32 asm "vabsdiff4.u32.u32.u32.add $0, $1, $2, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vmin4.u32.u32.u32: 0xde0180ef
; CHECK-LABEL: define i32 @vmin4_mask(
; CHECK-NEXT:    ret i32 -570326801
define i32 @vmin4_mask() {
  %r = call i32 asm "vmin4.u32.u32.u32 $0.b21, $1, $2, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vmax4.s32.s32.s32: 0x7fff01f4
; CHECK-LABEL: define i32 @vmax4_sel(
; CHECK-NEXT:    ret i32 2147418612
define i32 @vmax4_sel() {
  %r = call i32 asm "vmax4.s32.s32.s32 $0, $1.b0123, $2.b6666, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vset4.s32.u32.ge: 0x00adbe00
; CHECK-LABEL: define i32 @vset4_ge(
; CHECK-NEXT:    ret i32 11386368
define i32 @vset4_ge() {
  %r = call i32 asm "vset4.s32.u32.ge $0.b30, $1, $2, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vadd2.u32.s32.s32.sat: 0x00000000
; CHECK-LABEL: define i32 @vadd2_sat(
; CHECK-NEXT:    ret i32 0
define i32 @vadd2_sat() {
  %r = call i32 asm "vadd2.u32.s32.s32.sat $0, $1, $2, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vsub2.s32.s32.s32.sat: 0xdead7eef
; CHECK-LABEL: define i32 @vsub2_mask(
; CHECK-NEXT:    ret i32 -559055121
define i32 @vsub2_mask() {
  %r = call i32 asm "vsub2.s32.s32.s32.sat $0.h0, $1.h10, $2.h32, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vavrg2.s32.s32.u32: 0x893a0049
; CHECK-LABEL: define i32 @vavrg2_sel(
; CHECK-NEXT:    ret i32 -1992687543
define i32 @vavrg2_sel() {
  %r = call i32 asm "vavrg2.s32.s32.u32 $0, $1.h31, $2.h02, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vabsdiff2.s32.s32.s32.add: 0xdeae51e2
; CHECK-LABEL: define i32 @vabsdiff2_add(
; CHECK-NEXT:    ret i32 -559001118
define i32 @vabsdiff2_add() {
  %r = call i32 asm "vabsdiff2.s32.s32.s32.add $0.h1, $1, $2, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vmin2.s32.u32.u32.add: 0xdeaec00f
; CHECK-LABEL: define i32 @vmin2_add(
; CHECK-NEXT:    ret i32 -558972913
define i32 @vmin2_add() {
  %r = call i32 asm "vmin2.s32.u32.u32.add $0.h10, $1.h00, $2.h22, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vmax2.u32.u32.u32: 0x8001ff7f
; CHECK-LABEL: define i32 @vmax2_u(
; CHECK-NEXT:    ret i32 -2147352705
define i32 @vmax2_u() {
  %r = call i32 asm "vmax2.u32.u32.u32 $0, $1, $2, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vset2.s32.u32.lt: 0x0001beef
; CHECK-LABEL: define i32 @vset2_lt(
; CHECK-NEXT:    ret i32 114415
define i32 @vset2_lt() {
  %r = call i32 asm "vset2.s32.u32.lt $0.h1, $1.h20, $2.h13, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vadd.s32.u32.s32.sat: 0xffff810f
; CHECK-LABEL: define i32 @vadd_b0_h0(
; CHECK-NEXT:    ret i32 -32497
define i32 @vadd_b0_h0() {
  %r = call i32 asm "vadd.s32.u32.s32.sat $0, $1.b0, $2.h0;", "=r,r,r"(i32 -2147352705, i32 318013584)
  ret i32 %r
}

; vsub.u32.s32.u32.sat: 0x00000000
; CHECK-LABEL: define i32 @vsub_h1_u(
; CHECK-NEXT:    ret i32 0
define i32 @vsub_h1_u() {
  %r = call i32 asm "vsub.u32.s32.u32.sat $0, $1.h1, $2.h1;", "=r,r,r"(i32 -2147352705, i32 318013584)
  ret i32 %r
}

; vabsdiff.s32.s32.s32.sat: 0xdead008b
; CHECK-LABEL: define i32 @vabsdiff_merge(
; CHECK-NEXT:    ret i32 -559087477
define i32 @vabsdiff_merge() {
  %r = call i32 asm "vabsdiff.s32.s32.s32.sat $0.h0, $1.b0, $2.b2, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vmin.s32.s32.s32.sat.add: 0x5eafbe6e
; CHECK-LABEL: define i32 @vmin_add(
; CHECK-NEXT:    ret i32 1588575854
define i32 @vmin_add() {
  %r = call i32 asm "vmin.s32.s32.s32.sat.add $0, $1, $2, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vmax.u32.u32.s32.max: 0xdeadbeef
; CHECK-LABEL: define i32 @vmax_max(
; CHECK-NEXT:    ret i32 -559038737
define i32 @vmax_max() {
  %r = call i32 asm "vmax.u32.u32.s32.max $0, $1.b3, $2, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vset.u32.s32.ge: 0xde01beef
; CHECK-LABEL: define i32 @vset_b2(
; CHECK-NEXT:    ret i32 -570310929
define i32 @vset_b2() {
  %r = call i32 asm "vset.u32.s32.ge $0.b2, $1, $2.b1, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}


; vmad.s32.s32.u32.sat with -c: 0x80000000 (the product minus c saturates)
; CHECK-LABEL: define i32 @vmad_negc_sat(
; CHECK-NEXT:    ret i32 -2147483648
define i32 @vmad_negc_sat() {
  %r = call i32 asm "vmad.s32.s32.u32.sat $0, $1, $2, -$3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vmad.u32.u32.u32.shr15 of the low half-words: 0x0002bdf9
; CHECK-LABEL: define i32 @vmad_shr15(
; CHECK-NEXT:    ret i32 179705
define i32 @vmad_shr15() {
  %r = call i32 asm "vmad.u32.u32.u32.shr15 $0, $1.h0, $2.h0, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vmad.u32.u32.s32.po.sat.shr7 (plus one, c sign-extended): 0x2580739c
; CHECK-LABEL: define i32 @vmad_po(
; CHECK-NEXT:    ret i32 629175196
define i32 @vmad_po() {
  %r = call i32 asm "vmad.u32.u32.s32.po.sat.shr7 $0, $1.b1, $2, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}

; vmad.s32.u32.u32 with -a: -(32769 * 144) + c = 0xde65be5f
; CHECK-LABEL: define i32 @vmad_neg_product(
; CHECK-NEXT:    ret i32 -563757473
define i32 @vmad_neg_product() {
  %r = call i32 asm "vmad.s32.u32.u32 $0, -$1.h1, $2.b0, $3;", "=r,r,r,r"(i32 -2147352705, i32 318013584, i32 -559038737)
  ret i32 %r
}
