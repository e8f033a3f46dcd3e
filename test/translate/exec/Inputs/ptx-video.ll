; Video instructions with lane selectors, masks, secondary operations and
; saturation, and prmt in every mode; ../ptx-video.test lowers this module
; and runs it on the host against references written from the PTX ISA
; (ptx-video-check.cpp).
define i32 @prmt_f4e(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "prmt.b32.f4e $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @prmt_b4e(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "prmt.b32.b4e $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @prmt_rc8(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "prmt.b32.rc8 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @prmt_ecl(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "prmt.b32.ecl $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @prmt_ecr(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "prmt.b32.ecr $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @prmt_rc16(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "prmt.b32.rc16 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @prmt_default(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "prmt.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vavrg4_s(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vavrg4.s32.s32.s32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vavrg2_s_sat(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vavrg2.u32.s32.s32.sat $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vadd4_sel_mask(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vadd4.s32.s32.u32.sat $0.b310, $1.b7362, $2.b0415, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vsub2_mask(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vsub2.s32.s32.s32.sat $0.h0, $1.h10, $2.h32, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vmin2_add(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vmin2.s32.u32.u32.add $0.h10, $1.h00, $2.h22, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vmin4_add_mask(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vmin4.s32.u32.u32.add $0.b20, $1.b0000, $2.b2222, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vabsdiff4_add(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vabsdiff4.u32.u32.u32.add $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vsub4_add_s(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vsub4.s32.s32.s32.add $0.b321, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vmax4_mixed(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vmax4.u32.s32.u32.sat $0.b3210, $1.b4567, $2.b1032, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vset2_merge(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vset2.s32.u32.lt $0.h1, $1.h20, $2.h13, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vset4_add(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vset4.u32.s32.ne.add $0.b31, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vadd_sel(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vadd.s32.u32.s32.sat $0, $1.b0, $2.h0;", "=r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}
define i32 @vsub_h1(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vsub.s32.s32.u32.sat $0, $1.h1, $2.h1;", "=r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}
define i32 @vadd_u_sat(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vadd.u32.s32.s32.sat $0, $1, $2;", "=r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}
define i32 @vabsdiff_merge(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vabsdiff.s32.s32.s32.sat $0.h0, $1.b0, $2.b2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vmin_add(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vmin.s32.s32.s32.sat.add $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vmax_max(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vmax.u32.u32.s32.max $0, $1.b3, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vsub_min_u(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vsub.u32.u32.u32.min $0, $1.h0, $2.b1, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vset_merge(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vset.u32.s32.ge $0.b2, $1, $2.b1, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vset_add(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vset.s32.s32.lt.add $0, $1.h1, $2.h0, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vmax_b3_sat(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vmax.s32.s32.s32.sat $0.b3, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vshl_clamp_sat(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vshl.u32.u32.u32.sat.clamp $0, $1, $2.b0;", "=r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}
define i32 @vshl_wrap_h1(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vshl.s32.s32.u32.wrap $0, $1.h1, $2;", "=r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}
define i32 @vshr_s_clamp(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vshr.s32.s32.u32.clamp $0, $1, $2.b1;", "=r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}
define i32 @vshr_u_wrap_add(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vshr.u32.u32.u32.wrap.add $0, $1.h0, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vshl_merge_b2(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vshl.s32.s32.u32.sat.clamp $0.b2, $1.b1, $2.b0, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vshl_s_sat_max(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vshl.s32.s32.u32.sat.clamp.max $0, $1, $2.h0, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vmad_u(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vmad.u32.u32.u32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vmad_u_sat_shr15(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vmad.u32.u32.u32.sat.shr15 $0, $1.h0, $2.h1, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vmad_s_sat_negc(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vmad.s32.s32.u32.sat $0, $1, $2, -$3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vmad_negprod_sat(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vmad.s32.u32.u32.sat $0, -$1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vmad_negb_shr7(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vmad.s32.s32.s32.shr7 $0, $1.b1, -$2.h1, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vmad_negab_sat(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vmad.u32.u32.u32.sat $0, -$1.b2, -$2.b3, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vmad_po_s_sat_shr7(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vmad.s32.u32.s32.po.sat.shr7 $0, $1.h1, $2.b0, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vmad_po_u(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vmad.u32.u32.u32.po $0, $1, $2.h0, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vmad_u_negc(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vmad.s32.u32.u32 $0, $1, $2, -$3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vmad_regs(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "{ .reg .u32 x, y, z; mov.u32 x, $1; mov.u32 y, $2; mov.u32 z, $3; vmad.s32.s32.s32.sat.shr15 $0, -x, y.h0, z; }", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
