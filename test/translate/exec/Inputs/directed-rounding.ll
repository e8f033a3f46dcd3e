; Directed rounding (.rz/.rm/.rp, _rz/_rd/_ru) of f32/f64 mul, div, rcp, sqrt,
; f32 fma, add, sub and the NVVM conversions; ../directed-rounding.test lowers this
; module and runs it on the host against the FPU in each rounding mode
; (directed-rounding-check.cpp).
define double @dmul_rz(double %a0, double %a1) {
  %r = call double @__nv_dmul_rz(double %a0, double %a1)
  ret double %r
}
define double @ddiv_rz(double %a0, double %a1) {
  %r = call double @__nv_ddiv_rz(double %a0, double %a1)
  ret double %r
}
define double @drcp_rz(double %a0) {
  %r = call double @__nv_drcp_rz(double %a0)
  ret double %r
}
define double @dsqrt_rz(double %a0) {
  %r = call double @__nv_dsqrt_rz(double %a0)
  ret double %r
}
define float @fdiv_rz(float %a0, float %a1) {
  %r = call float @__nv_fdiv_rz(float %a0, float %a1)
  ret float %r
}
define float @frcp_rz(float %a0) {
  %r = call float @__nv_frcp_rz(float %a0)
  ret float %r
}
define float @fsqrt_rz(float %a0) {
  %r = call float @__nv_fsqrt_rz(float %a0)
  ret float %r
}
define float @fmaf_ieee_rz(float %a0, float %a1, float %a2) {
  %r = call float @__nv_fmaf_ieee_rz(float %a0, float %a1, float %a2)
  ret float %r
}
define double @nv_mul_rz_d(double %a0, double %a1) {
  %r = call double @llvm.nvvm.mul.rz.d(double %a0, double %a1)
  ret double %r
}
define double @nv_div_rz_d(double %a0, double %a1) {
  %r = call double @llvm.nvvm.div.rz.d(double %a0, double %a1)
  ret double %r
}
define float @nv_div_rz_ftz_f(float %a0, float %a1) {
  %r = call float @llvm.nvvm.div.rz.ftz.f(float %a0, float %a1)
  ret float %r
}
define float @nv_rcp_rz_f(float %a0) {
  %r = call float @llvm.nvvm.rcp.rz.f(float %a0)
  ret float %r
}
define double @nv_rcp_rz_d(double %a0) {
  %r = call double @llvm.nvvm.rcp.rz.d(double %a0)
  ret double %r
}
define float @nv_sqrt_rz_f(float %a0) {
  %r = call float @llvm.nvvm.sqrt.rz.f(float %a0)
  ret float %r
}
define double @nv_sqrt_rz_d(double %a0) {
  %r = call double @llvm.nvvm.sqrt.rz.d(double %a0)
  ret double %r
}
define float @nv_d2f_rz(double %a0) {
  %r = call float @llvm.nvvm.d2f.rz(double %a0)
  ret float %r
}
define float @nv_i2f_rz(i32 %a0) {
  %r = call float @llvm.nvvm.i2f.rz(i32 %a0)
  ret float %r
}
define float @nv_ui2f_rz(i32 %a0) {
  %r = call float @llvm.nvvm.ui2f.rz(i32 %a0)
  ret float %r
}
define float @nv_ll2f_rz(i64 %a0) {
  %r = call float @llvm.nvvm.ll2f.rz(i64 %a0)
  ret float %r
}
define double @nv_ull2d_rz(i64 %a0) {
  %r = call double @llvm.nvvm.ull2d.rz(i64 %a0)
  ret double %r
}
define double @nv_ll2d_rz(i64 %a0) {
  %r = call double @llvm.nvvm.ll2d.rz(i64 %a0)
  ret double %r
}
define double @dmul_rd(double %a0, double %a1) {
  %r = call double @__nv_dmul_rd(double %a0, double %a1)
  ret double %r
}
define double @ddiv_rd(double %a0, double %a1) {
  %r = call double @__nv_ddiv_rd(double %a0, double %a1)
  ret double %r
}
define double @drcp_rd(double %a0) {
  %r = call double @__nv_drcp_rd(double %a0)
  ret double %r
}
define double @dsqrt_rd(double %a0) {
  %r = call double @__nv_dsqrt_rd(double %a0)
  ret double %r
}
define float @fdiv_rd(float %a0, float %a1) {
  %r = call float @__nv_fdiv_rd(float %a0, float %a1)
  ret float %r
}
define float @frcp_rd(float %a0) {
  %r = call float @__nv_frcp_rd(float %a0)
  ret float %r
}
define float @fsqrt_rd(float %a0) {
  %r = call float @__nv_fsqrt_rd(float %a0)
  ret float %r
}
define float @fmaf_ieee_rd(float %a0, float %a1, float %a2) {
  %r = call float @__nv_fmaf_ieee_rd(float %a0, float %a1, float %a2)
  ret float %r
}
define double @nv_mul_rm_d(double %a0, double %a1) {
  %r = call double @llvm.nvvm.mul.rm.d(double %a0, double %a1)
  ret double %r
}
define double @nv_div_rm_d(double %a0, double %a1) {
  %r = call double @llvm.nvvm.div.rm.d(double %a0, double %a1)
  ret double %r
}
define float @nv_div_rm_ftz_f(float %a0, float %a1) {
  %r = call float @llvm.nvvm.div.rm.ftz.f(float %a0, float %a1)
  ret float %r
}
define float @nv_rcp_rm_f(float %a0) {
  %r = call float @llvm.nvvm.rcp.rm.f(float %a0)
  ret float %r
}
define double @nv_rcp_rm_d(double %a0) {
  %r = call double @llvm.nvvm.rcp.rm.d(double %a0)
  ret double %r
}
define float @nv_sqrt_rm_f(float %a0) {
  %r = call float @llvm.nvvm.sqrt.rm.f(float %a0)
  ret float %r
}
define double @nv_sqrt_rm_d(double %a0) {
  %r = call double @llvm.nvvm.sqrt.rm.d(double %a0)
  ret double %r
}
define float @nv_d2f_rm(double %a0) {
  %r = call float @llvm.nvvm.d2f.rm(double %a0)
  ret float %r
}
define float @nv_i2f_rm(i32 %a0) {
  %r = call float @llvm.nvvm.i2f.rm(i32 %a0)
  ret float %r
}
define float @nv_ui2f_rm(i32 %a0) {
  %r = call float @llvm.nvvm.ui2f.rm(i32 %a0)
  ret float %r
}
define float @nv_ll2f_rm(i64 %a0) {
  %r = call float @llvm.nvvm.ll2f.rm(i64 %a0)
  ret float %r
}
define double @nv_ull2d_rm(i64 %a0) {
  %r = call double @llvm.nvvm.ull2d.rm(i64 %a0)
  ret double %r
}
define double @nv_ll2d_rm(i64 %a0) {
  %r = call double @llvm.nvvm.ll2d.rm(i64 %a0)
  ret double %r
}
define double @dmul_ru(double %a0, double %a1) {
  %r = call double @__nv_dmul_ru(double %a0, double %a1)
  ret double %r
}
define double @ddiv_ru(double %a0, double %a1) {
  %r = call double @__nv_ddiv_ru(double %a0, double %a1)
  ret double %r
}
define double @drcp_ru(double %a0) {
  %r = call double @__nv_drcp_ru(double %a0)
  ret double %r
}
define double @dsqrt_ru(double %a0) {
  %r = call double @__nv_dsqrt_ru(double %a0)
  ret double %r
}
define float @fdiv_ru(float %a0, float %a1) {
  %r = call float @__nv_fdiv_ru(float %a0, float %a1)
  ret float %r
}
define float @frcp_ru(float %a0) {
  %r = call float @__nv_frcp_ru(float %a0)
  ret float %r
}
define float @fsqrt_ru(float %a0) {
  %r = call float @__nv_fsqrt_ru(float %a0)
  ret float %r
}
define float @fmaf_ieee_ru(float %a0, float %a1, float %a2) {
  %r = call float @__nv_fmaf_ieee_ru(float %a0, float %a1, float %a2)
  ret float %r
}
define double @nv_mul_rp_d(double %a0, double %a1) {
  %r = call double @llvm.nvvm.mul.rp.d(double %a0, double %a1)
  ret double %r
}
define double @nv_div_rp_d(double %a0, double %a1) {
  %r = call double @llvm.nvvm.div.rp.d(double %a0, double %a1)
  ret double %r
}
define float @nv_div_rp_ftz_f(float %a0, float %a1) {
  %r = call float @llvm.nvvm.div.rp.ftz.f(float %a0, float %a1)
  ret float %r
}
define float @nv_rcp_rp_f(float %a0) {
  %r = call float @llvm.nvvm.rcp.rp.f(float %a0)
  ret float %r
}
define double @nv_rcp_rp_d(double %a0) {
  %r = call double @llvm.nvvm.rcp.rp.d(double %a0)
  ret double %r
}
define float @nv_sqrt_rp_f(float %a0) {
  %r = call float @llvm.nvvm.sqrt.rp.f(float %a0)
  ret float %r
}
define double @nv_sqrt_rp_d(double %a0) {
  %r = call double @llvm.nvvm.sqrt.rp.d(double %a0)
  ret double %r
}
define float @nv_d2f_rp(double %a0) {
  %r = call float @llvm.nvvm.d2f.rp(double %a0)
  ret float %r
}
define float @nv_i2f_rp(i32 %a0) {
  %r = call float @llvm.nvvm.i2f.rp(i32 %a0)
  ret float %r
}
define float @nv_ui2f_rp(i32 %a0) {
  %r = call float @llvm.nvvm.ui2f.rp(i32 %a0)
  ret float %r
}
define float @nv_ll2f_rp(i64 %a0) {
  %r = call float @llvm.nvvm.ll2f.rp(i64 %a0)
  ret float %r
}
define double @nv_ull2d_rp(i64 %a0) {
  %r = call double @llvm.nvvm.ull2d.rp(i64 %a0)
  ret double %r
}
define double @nv_ll2d_rp(i64 %a0) {
  %r = call double @llvm.nvvm.ll2d.rp(i64 %a0)
  ret double %r
}
declare double @__nv_ddiv_rd(double, double)
declare double @__nv_ddiv_ru(double, double)
declare double @__nv_ddiv_rz(double, double)
declare double @__nv_dmul_rd(double, double)
declare double @__nv_dmul_ru(double, double)
declare double @__nv_dmul_rz(double, double)
declare double @__nv_drcp_rd(double)
declare double @__nv_drcp_ru(double)
declare double @__nv_drcp_rz(double)
declare double @__nv_dsqrt_rd(double)
declare double @__nv_dsqrt_ru(double)
declare double @__nv_dsqrt_rz(double)
declare double @llvm.nvvm.div.rm.d(double, double)
declare double @llvm.nvvm.div.rp.d(double, double)
declare double @llvm.nvvm.div.rz.d(double, double)
declare double @llvm.nvvm.ll2d.rm(i64)
declare double @llvm.nvvm.ll2d.rp(i64)
declare double @llvm.nvvm.ll2d.rz(i64)
declare double @llvm.nvvm.mul.rm.d(double, double)
declare double @llvm.nvvm.mul.rp.d(double, double)
declare double @llvm.nvvm.mul.rz.d(double, double)
declare double @llvm.nvvm.rcp.rm.d(double)
declare double @llvm.nvvm.rcp.rp.d(double)
declare double @llvm.nvvm.rcp.rz.d(double)
declare double @llvm.nvvm.sqrt.rm.d(double)
declare double @llvm.nvvm.sqrt.rp.d(double)
declare double @llvm.nvvm.sqrt.rz.d(double)
declare double @llvm.nvvm.ull2d.rm(i64)
declare double @llvm.nvvm.ull2d.rp(i64)
declare double @llvm.nvvm.ull2d.rz(i64)
declare float @__nv_fdiv_rd(float, float)
declare float @__nv_fdiv_ru(float, float)
declare float @__nv_fdiv_rz(float, float)
declare float @__nv_fmaf_ieee_rd(float, float, float)
declare float @__nv_fmaf_ieee_ru(float, float, float)
declare float @__nv_fmaf_ieee_rz(float, float, float)
declare float @__nv_frcp_rd(float)
declare float @__nv_frcp_ru(float)
declare float @__nv_frcp_rz(float)
declare float @__nv_fsqrt_rd(float)
declare float @__nv_fsqrt_ru(float)
declare float @__nv_fsqrt_rz(float)
declare float @llvm.nvvm.d2f.rm(double)
declare float @llvm.nvvm.d2f.rp(double)
declare float @llvm.nvvm.d2f.rz(double)
declare float @llvm.nvvm.div.rm.ftz.f(float, float)
declare float @llvm.nvvm.div.rp.ftz.f(float, float)
declare float @llvm.nvvm.div.rz.ftz.f(float, float)
declare float @llvm.nvvm.i2f.rm(i32)
declare float @llvm.nvvm.i2f.rp(i32)
declare float @llvm.nvvm.i2f.rz(i32)
declare float @llvm.nvvm.ll2f.rm(i64)
declare float @llvm.nvvm.ll2f.rp(i64)
declare float @llvm.nvvm.ll2f.rz(i64)
declare float @llvm.nvvm.rcp.rm.f(float)
declare float @llvm.nvvm.rcp.rp.f(float)
declare float @llvm.nvvm.rcp.rz.f(float)
declare float @llvm.nvvm.sqrt.rm.f(float)
declare float @llvm.nvvm.sqrt.rp.f(float)
declare float @llvm.nvvm.sqrt.rz.f(float)
declare float @llvm.nvvm.ui2f.rm(i32)
declare float @llvm.nvvm.ui2f.rp(i32)
declare float @llvm.nvvm.ui2f.rz(i32)
define float @fadd_rz(float %a0, float %a1) {
  %r = call float @__nv_fadd_rz(float %a0, float %a1)
  ret float %r
}
declare float @__nv_fadd_rz(float, float)
define float @fsub_rz(float %a0, float %a1) {
  %r = call float @__nv_fsub_rz(float %a0, float %a1)
  ret float %r
}
declare float @__nv_fsub_rz(float, float)
define float @fmul_rz(float %a0, float %a1) {
  %r = call float @__nv_fmul_rz(float %a0, float %a1)
  ret float %r
}
declare float @__nv_fmul_rz(float, float)
define float @fadd_rd(float %a0, float %a1) {
  %r = call float @__nv_fadd_rd(float %a0, float %a1)
  ret float %r
}
declare float @__nv_fadd_rd(float, float)
define float @fsub_rd(float %a0, float %a1) {
  %r = call float @__nv_fsub_rd(float %a0, float %a1)
  ret float %r
}
declare float @__nv_fsub_rd(float, float)
define float @fmul_rd(float %a0, float %a1) {
  %r = call float @__nv_fmul_rd(float %a0, float %a1)
  ret float %r
}
declare float @__nv_fmul_rd(float, float)
define float @fadd_ru(float %a0, float %a1) {
  %r = call float @__nv_fadd_ru(float %a0, float %a1)
  ret float %r
}
declare float @__nv_fadd_ru(float, float)
define float @fsub_ru(float %a0, float %a1) {
  %r = call float @__nv_fsub_ru(float %a0, float %a1)
  ret float %r
}
declare float @__nv_fsub_ru(float, float)
define float @fmul_ru(float %a0, float %a1) {
  %r = call float @__nv_fmul_ru(float %a0, float %a1)
  ret float %r
}
declare float @__nv_fmul_ru(float, float)
