; Inline PTX of CUDA headers and libraries, and libdevice's directed-rounding
; conversions; ../ptx-values.test lowers this module and runs it on the host
; against references written from the PTX ISA (ptx-values-check.cpp).
define i32 @dp4a_ss(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "dp4a.s32.s32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @dp4a_us(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "dp4a.u32.s32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @dp2a_hi(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "dp2a.hi.s32.u32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}
define i32 @vmax4_s(i32 %a, i32 %b) {
  %r = call i32 asm "vmax4.s32.s32.s32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 0)
  ret i32 %r
}
define i32 @vavrg2_u(i32 %a, i32 %b) {
  %r = call i32 asm "vavrg2.u32.u32.u32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 0)
  ret i32 %r
}
define i32 @vavrg4_s(i32 %a, i32 %b) {
  %r = call i32 asm "vavrg4.s32.s32.s32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 0)
  ret i32 %r
}
define i32 @vabsdiff4_u(i32 %a, i32 %b) {
  %r = call i32 asm "vabsdiff4.u32.u32.u32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 0)
  ret i32 %r
}
define i32 @vadd4_sat(i32 %a, i32 %b) {
  %r = call i32 asm "vadd4.s32.s32.s32.sat $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 0)
  ret i32 %r
}
define i32 @vset4_lt(i32 %a, i32 %b) {
  %r = call i32 asm "vset4.u32.u32.lt $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 0)
  ret i32 %r
}
define i32 @bmsk_clamp(i32 %a, i32 %b) {
  %r = call i32 asm "bmsk.clamp.b32 $0, $1, $2;", "=r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}
define i32 @bmsk_wrap(i32 %a, i32 %b) {
  %r = call i32 asm "bmsk.wrap.b32 $0, $1, $2;", "=r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}
define i32 @shr_s(i32 %a, i32 %b) {
  %r = call i32 asm "shr.s32 $0, $1, $2;", "=r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}
define i32 @shl_b(i32 %a, i32 %b) {
  %r = call i32 asm "shl.b32 $0, $1, $2;", "=r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}
define i32 @bfind_s(i32 %a) {
  %r = call i32 asm "bfind.s32 $0, $1;", "=r,r"(i32 %a)
  ret i32 %r
}
define i32 @mul24_hi(i32 %a, i32 %b) {
  %r = call i32 asm "mul24.hi.s32 $0, $1, $2;", "=r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}
; A cub-style predicated add: the shuffle's predicate is emulated by hand
; here (no warp on the host): r = a + (p ? b : 0) with p = a > b.
define i32 @predicated_add(i32 %a, i32 %b) {
  %r = call i32 asm "{ .reg .u32 r0; .reg .pred p; setp.gt.s32 p, $1, $2; mov.u32 r0, $1; @p add.u32 r0, r0, $2; mov.u32 $0, r0; }", "=r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}
; A loop with a label and a guarded branch: the population count, bit by bit.
define i32 @loop_popc(i32 %a) {
  %r = call i32 asm "{ .reg .u32 x, n, t; .reg .pred z; mov.u32 x, $1; mov.u32 n, 0; L_top: setp.eq.u32 z, x, 0; @z bra L_done; and.b32 t, x, 1; add.u32 n, n, t; shr.u32 x, x, 1; bra L_top; L_done: mov.u32 $0, n; }", "=r,r"(i32 %a)
  ret i32 %r
}
define i32 @pack_unpack(i32 %a) {
  %r = call i32 asm "{ .reg .b16 lo, hi; mov.b32 {lo, hi}, $1; mov.b32 $0, {hi, lo}; }", "=r,r"(i32 %a)
  ret i32 %r
}
define float @cvt_rz_f32_s32(i32 %a) {
  %r = call float asm "cvt.rz.f32.s32 $0, $1;", "=f,r"(i32 %a)
  ret float %r
}
define float @cvt_rm_f32_u64(i64 %a) {
  %r = call float asm "cvt.rm.f32.u64 $0, $1;", "=f,l"(i64 %a)
  ret float %r
}
define i16 @cvt_rzi_s16_f16(i16 %h) {
  %r = call i16 asm "cvt.rzi.s16.f16 $0, $1;", "=h,h"(i16 %h)
  ret i16 %r
}
define i16 @cvt_rn_f16_s32(i32 %a) {
  %r = call i16 asm "cvt.rn.f16.s32 $0, $1;", "=h,r"(i32 %a)
  ret i16 %r
}
define float @cvt_rmi_f32(float %a) {
  %r = call float asm "cvt.rmi.f32.f32 $0, $1;", "=f,f"(float %a)
  ret float %r
}
define i32 @add_f16x2(i32 %a, i32 %b) {
  %r = call i32 asm "{ add.f16x2 $0, $1, $2; }", "=r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}
define i32 @cvt_bf16x2(float %a, float %b) {
  %r = call i32 asm "cvt.rn.bf16x2.f32 $0, $1, $2;", "=r,f,f"(float %a, float %b)
  ret i32 %r
}
define float @int2float_rd(i32 %a) {
  %r = call float @__nv_int2float_rd(i32 %a)
  ret float %r
}
define float @int2float_ru(i32 %a) {
  %r = call float @__nv_int2float_ru(i32 %a)
  ret float %r
}
define float @uint2float_rz(i32 %a) {
  %r = call float @__nv_uint2float_rz(i32 %a)
  ret float %r
}
define double @ll2double_rd(i64 %a) {
  %r = call double @__nv_ll2double_rd(i64 %a)
  ret double %r
}
define double @ll2double_rz(i64 %a) {
  %r = call double @__nv_ll2double_rz(i64 %a)
  ret double %r
}
define double @ull2double_ru(i64 %a) {
  %r = call double @__nv_ull2double_ru(i64 %a)
  ret double %r
}
define float @ll2float_ru(i64 %a) {
  %r = call float @__nv_ll2float_ru(i64 %a)
  ret float %r
}
define float @double2float_rd(double %a) {
  %r = call float @__nv_double2float_rd(double %a)
  ret float %r
}
define float @double2float_rz(double %a) {
  %r = call float @__nv_double2float_rz(double %a)
  ret float %r
}
declare float @__nv_int2float_rd(i32)
declare float @__nv_int2float_ru(i32)
declare float @__nv_uint2float_rz(i32)
declare double @__nv_ll2double_rd(i64)
declare double @__nv_ll2double_rz(i64)
declare double @__nv_ull2double_ru(i64)
declare float @__nv_ll2float_ru(i64)
declare float @__nv_double2float_rd(double)
declare float @__nv_double2float_rz(double)
