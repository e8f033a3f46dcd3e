; f16/bf16 conversions in every rounding mode PTX has (cvt from f32, f64
; and integers; the f16x2/bf16x2 packing forms; .relu, .satfinite) and the
; NVVM conversion intrinsics; ../half-rounding.test lowers this module and
; runs it on the host against a reference that rounds by searching the
; table of all finite f16/bf16 values (half-rounding-check.cpp). Every
; function returns the result's bits zero-extended to i32.
define i32 @cvt_rn_f16_f32(float %a) {
  %r = call i16 asm "cvt.rn.f16.f32 $0, $1;", "=h,f"(float %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rz_f16_f32(float %a) {
  %r = call i16 asm "cvt.rz.f16.f32 $0, $1;", "=h,f"(float %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rm_f16_f32(float %a) {
  %r = call i16 asm "cvt.rm.f16.f32 $0, $1;", "=h,f"(float %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rp_f16_f32(float %a) {
  %r = call i16 asm "cvt.rp.f16.f32 $0, $1;", "=h,f"(float %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rn_f16_f64(double %a) {
  %r = call i16 asm "cvt.rn.f16.f64 $0, $1;", "=h,d"(double %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rz_f16_f64(double %a) {
  %r = call i16 asm "cvt.rz.f16.f64 $0, $1;", "=h,d"(double %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rm_f16_f64(double %a) {
  %r = call i16 asm "cvt.rm.f16.f64 $0, $1;", "=h,d"(double %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rp_f16_f64(double %a) {
  %r = call i16 asm "cvt.rp.f16.f64 $0, $1;", "=h,d"(double %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rn_bf16_f32(float %a) {
  %r = call i16 asm "cvt.rn.bf16.f32 $0, $1;", "=h,f"(float %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rz_bf16_f32(float %a) {
  %r = call i16 asm "cvt.rz.bf16.f32 $0, $1;", "=h,f"(float %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rm_bf16_f32(float %a) {
  %r = call i16 asm "cvt.rm.bf16.f32 $0, $1;", "=h,f"(float %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rp_bf16_f32(float %a) {
  %r = call i16 asm "cvt.rp.bf16.f32 $0, $1;", "=h,f"(float %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rn_bf16_f64(double %a) {
  %r = call i16 asm "cvt.rn.bf16.f64 $0, $1;", "=h,d"(double %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rz_bf16_f64(double %a) {
  %r = call i16 asm "cvt.rz.bf16.f64 $0, $1;", "=h,d"(double %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rm_bf16_f64(double %a) {
  %r = call i16 asm "cvt.rm.bf16.f64 $0, $1;", "=h,d"(double %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rp_bf16_f64(double %a) {
  %r = call i16 asm "cvt.rp.bf16.f64 $0, $1;", "=h,d"(double %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rn_satfinite_f16_f32(float %a) {
  %r = call i16 asm "cvt.rn.satfinite.f16.f32 $0, $1;", "=h,f"(float %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rp_satfinite_f16_f32(float %a) {
  %r = call i16 asm "cvt.rp.satfinite.f16.f32 $0, $1;", "=h,f"(float %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rz_relu_bf16_f32(float %a) {
  %r = call i16 asm "cvt.rz.relu.bf16.f32 $0, $1;", "=h,f"(float %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rn_relu_satfinite_f16_f32(float %a) {
  %r = call i16 asm "cvt.rn.relu.satfinite.f16.f32 $0, $1;", "=h,f"(float %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rm_satfinite_bf16_f64(double %a) {
  %r = call i16 asm "cvt.rm.satfinite.bf16.f64 $0, $1;", "=h,d"(double %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rz_f16_s32(i32 %a) {
  %r = call i16 asm "cvt.rz.f16.s32 $0, $1;", "=h,r"(i32 %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rm_f16_u32(i32 %a) {
  %r = call i16 asm "cvt.rm.f16.u32 $0, $1;", "=h,r"(i32 %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rp_f16_s64(i64 %a) {
  %r = call i16 asm "cvt.rp.f16.s64 $0, $1;", "=h,l"(i64 %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rz_bf16_u64(i64 %a) {
  %r = call i16 asm "cvt.rz.bf16.u64 $0, $1;", "=h,l"(i64 %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rm_bf16_s32(i32 %a) {
  %r = call i16 asm "cvt.rm.bf16.s32 $0, $1;", "=h,r"(i32 %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rp_bf16_s64(i64 %a) {
  %r = call i16 asm "cvt.rp.bf16.s64 $0, $1;", "=h,l"(i64 %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rn_bf16_s64(i64 %a) {
  %r = call i16 asm "cvt.rn.bf16.s64 $0, $1;", "=h,l"(i64 %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rn_f16_u64(i64 %a) {
  %r = call i16 asm "cvt.rn.f16.u64 $0, $1;", "=h,l"(i64 %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rn_bf16_u32(i32 %a) {
  %r = call i16 asm "cvt.rn.bf16.u32 $0, $1;", "=h,r"(i32 %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @cvt_rz_f16x2(float %a, float %b) {
  %r = call i32 asm "cvt.rz.f16x2.f32 $0, $1, $2;", "=r,f,f"(float %a, float %b)
  ret i32 %r
}
define i32 @cvt_rn_relu_satfinite_f16x2(float %a, float %b) {
  %r = call i32 asm "cvt.rn.relu.satfinite.f16x2.f32 $0, $1, $2;", "=r,f,f"(float %a, float %b)
  ret i32 %r
}
define i32 @cvt_rz_satfinite_bf16x2(float %a, float %b) {
  %r = call i32 asm "cvt.rz.satfinite.bf16x2.f32 $0, $1, $2;", "=r,f,f"(float %a, float %b)
  ret i32 %r
}
define i32 @cvt_rn_relu_bf16x2(float %a, float %b) {
  %r = call i32 asm "cvt.rn.relu.bf16x2.f32 $0, $1, $2;", "=r,f,f"(float %a, float %b)
  ret i32 %r
}
define i32 @nv_ff2f16x2_rn(float %a, float %b) {
  %r = call <2 x half> @llvm.nvvm.ff2f16x2.rn(float %a, float %b)
  %z = bitcast <2 x half> %r to i32
  ret i32 %z
}
define i32 @nv_ff2bf16x2_rn(float %a, float %b) {
  %r = call <2 x bfloat> @llvm.nvvm.ff2bf16x2.rn(float %a, float %b)
  %z = bitcast <2 x bfloat> %r to i32
  ret i32 %z
}
define i32 @nv_ff2f16x2_rn_relu(float %a, float %b) {
  %r = call <2 x half> @llvm.nvvm.ff2f16x2.rn.relu(float %a, float %b)
  %z = bitcast <2 x half> %r to i32
  ret i32 %z
}
define i32 @nv_ff2bf16x2_rn_relu(float %a, float %b) {
  %r = call <2 x bfloat> @llvm.nvvm.ff2bf16x2.rn.relu(float %a, float %b)
  %z = bitcast <2 x bfloat> %r to i32
  ret i32 %z
}
define i32 @nv_ff2f16x2_rz(float %a, float %b) {
  %r = call <2 x half> @llvm.nvvm.ff2f16x2.rz(float %a, float %b)
  %z = bitcast <2 x half> %r to i32
  ret i32 %z
}
define i32 @nv_ff2bf16x2_rz(float %a, float %b) {
  %r = call <2 x bfloat> @llvm.nvvm.ff2bf16x2.rz(float %a, float %b)
  %z = bitcast <2 x bfloat> %r to i32
  ret i32 %z
}
define i32 @nv_ff2f16x2_rz_relu(float %a, float %b) {
  %r = call <2 x half> @llvm.nvvm.ff2f16x2.rz.relu(float %a, float %b)
  %z = bitcast <2 x half> %r to i32
  ret i32 %z
}
define i32 @nv_ff2bf16x2_rz_relu(float %a, float %b) {
  %r = call <2 x bfloat> @llvm.nvvm.ff2bf16x2.rz.relu(float %a, float %b)
  %z = bitcast <2 x bfloat> %r to i32
  ret i32 %z
}
define i32 @nv_f2bf16_rn(float %a) {
  %r = call bfloat @llvm.nvvm.f2bf16.rn(float %a)
  %b = bitcast bfloat %r to i16
  %z = zext i16 %b to i32
  ret i32 %z
}
define i32 @nv_f2bf16_rn_relu(float %a) {
  %r = call bfloat @llvm.nvvm.f2bf16.rn.relu(float %a)
  %b = bitcast bfloat %r to i16
  %z = zext i16 %b to i32
  ret i32 %z
}
define i32 @nv_f2bf16_rz(float %a) {
  %r = call bfloat @llvm.nvvm.f2bf16.rz(float %a)
  %b = bitcast bfloat %r to i16
  %z = zext i16 %b to i32
  ret i32 %z
}
define i32 @nv_f2bf16_rz_relu(float %a) {
  %r = call bfloat @llvm.nvvm.f2bf16.rz.relu(float %a)
  %b = bitcast bfloat %r to i16
  %z = zext i16 %b to i32
  ret i32 %z
}
define i32 @nv_f2h_rn(float %a) {
  %r = call i16 @llvm.nvvm.f2h.rn(float %a)
  %z = zext i16 %r to i32
  ret i32 %z
}
define i32 @nv_abs_bf16x2(i32 %a) {
  %v = bitcast i32 %a to <2 x bfloat>
  %r = call <2 x bfloat> @llvm.nvvm.abs.bf16x2(<2 x bfloat> %v)
  %z = bitcast <2 x bfloat> %r to i32
  ret i32 %z
}
define i32 @nv_neg_bf16x2(i32 %a) {
  %v = bitcast i32 %a to <2 x bfloat>
  %r = call <2 x bfloat> @llvm.nvvm.neg.bf16x2(<2 x bfloat> %v)
  %z = bitcast <2 x bfloat> %r to i32
  ret i32 %z
}
declare <2 x half> @llvm.nvvm.ff2f16x2.rn(float, float)
declare <2 x bfloat> @llvm.nvvm.ff2bf16x2.rn(float, float)
declare <2 x half> @llvm.nvvm.ff2f16x2.rn.relu(float, float)
declare <2 x bfloat> @llvm.nvvm.ff2bf16x2.rn.relu(float, float)
declare <2 x half> @llvm.nvvm.ff2f16x2.rz(float, float)
declare <2 x bfloat> @llvm.nvvm.ff2bf16x2.rz(float, float)
declare <2 x half> @llvm.nvvm.ff2f16x2.rz.relu(float, float)
declare <2 x bfloat> @llvm.nvvm.ff2bf16x2.rz.relu(float, float)
declare bfloat @llvm.nvvm.f2bf16.rn(float)
declare bfloat @llvm.nvvm.f2bf16.rn.relu(float)
declare bfloat @llvm.nvvm.f2bf16.rz(float)
declare bfloat @llvm.nvvm.f2bf16.rz.relu(float)
declare i16 @llvm.nvvm.f2h.rn(float)
declare <2 x bfloat> @llvm.nvvm.abs.bf16x2(<2 x bfloat>)
declare <2 x bfloat> @llvm.nvvm.neg.bf16x2(<2 x bfloat>)
