; Map §6a: NVVM math, bit and conversion intrinsics, one function per row.
; round = round-half-even (cvt.rni); conversions saturate with NaN -> 0;
; sin/cos.approx take revolutions on AMDGPU; .rn arithmetic is never fused.
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx90a>' -S %s | %FileCheck %s
; CHECK-NOT: call {{.*}}@llvm.nvvm
; CHECK-NOT: contract

; CHECK-LABEL: define float @round_f(
; CHECK-NEXT:  [[V0:%.*]] = call float @llvm.roundeven.f32(float %x)
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define double @floor_d(
; CHECK-NEXT:  [[V0:%.*]] = call double @llvm.floor.f64(double %x)
; CHECK-NEXT:  ret double [[V0]]

; CHECK-LABEL: define float @fabs_ftz(
; CHECK-NEXT:  [[V0:%.*]] = call float @llvm.fabs.f32(float %x)
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define float @saturate(
; CHECK-NEXT:  [[V0:%.*]] = call float @llvm.minnum.f32(float %x, float 1.000000e+00)
; CHECK-NEXT:  [[V1:%.*]] = fcmp ogt float %x, 0.000000e+00
; CHECK-NEXT:  [[V2:%.*]] = select i1 [[V1]], float [[V0]], float 0.000000e+00
; CHECK-NEXT:  ret float [[V2]]

; CHECK-LABEL: define float @fmin(
; CHECK-NEXT:  [[V0:%.*]] = call float @llvm.minnum.f32(float %a, float %b)
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define float @fmax_nan(
; CHECK-NEXT:  [[V0:%.*]] = call float @llvm.maximum.f32(float %a, float %b)
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define double @fma_rn(
; CHECK-NEXT:  [[V0:%.*]] = call double @llvm.fma.f64(double %a, double %b, double %c)
; CHECK-NEXT:  ret double [[V0]]

; CHECK-LABEL: define float @add_rn(
; CHECK-NEXT:  [[V0:%.*]] = fadd float %a, %b
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define double @mul_rn(
; CHECK-NEXT:  [[V0:%.*]] = fmul double %a, %b
; CHECK-NEXT:  ret double [[V0]]

; CHECK-LABEL: define float @div_rn(
; CHECK-NEXT:  [[V0:%.*]] = fdiv float %a, %b
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define float @div_approx(
; CHECK-NEXT:  [[V0:%.*]] = fdiv float %a, %b, !fpmath
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define float @rcp_rn(
; CHECK-NEXT:  [[V0:%.*]] = fdiv float 1.000000e+00, %a
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define double @rcp_approx_d(
; CHECK-NEXT:  [[V0:%.*]] = call double @llvm.amdgcn.rcp.f64(double %a)
; CHECK-NEXT:  ret double [[V0]]

; CHECK-LABEL: define float @sqrt_rn(
; CHECK-NEXT:  [[V0:%.*]] = call float @llvm.sqrt.f32(float %a)
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define float @sqrt_approx(
; CHECK-NEXT:  [[V0:%.*]] = call float @llvm.amdgcn.sqrt.f32(float %a)
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define float @rsqrt_approx(
; CHECK-NEXT:  [[V0:%.*]] = call float @llvm.amdgcn.rsq.f32(float %a)
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define float @ex2(
; CHECK-NEXT:  [[V0:%.*]] = call float @llvm.exp2.f32(float %a)
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define double @lg2_d(
; CHECK-NEXT:  [[V0:%.*]] = call double @__ocml_log2_f64(double %a)
; CHECK-NEXT:  ret double [[V0]]

; CHECK-LABEL: define float @sin_approx(
; CHECK-NEXT:  [[V0:%.*]] = fmul float %a, 0x3FC45F3060000000
; CHECK-NEXT:  [[V1:%.*]] = call float @llvm.amdgcn.sin.f32(float [[V0]])
; CHECK-NEXT:  ret float [[V1]]

; CHECK-LABEL: define float @tanh_approx(
; CHECK-NEXT:  [[V0:%.*]] = call float @__ocml_tanh_f32(float %a)
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define i32 @f2i_rz(
; CHECK-NEXT:  [[V0:%.*]] = call float @llvm.trunc.f32(float %a)
; CHECK-NEXT:  [[V1:%.*]] = call i32 @llvm.fptosi.sat.i32.f32(float [[V0]])
; CHECK-NEXT:  ret i32 [[V1]]

; CHECK-LABEL: define i64 @d2ull_rm(
; CHECK-NEXT:  [[V0:%.*]] = call double @llvm.floor.f64(double %a)
; CHECK-NEXT:  [[V1:%.*]] = call i64 @llvm.fptoui.sat.i64.f64(double [[V0]])
; CHECK-NEXT:  ret i64 [[V1]]

; CHECK-LABEL: define float @i2f_rn(
; CHECK-NEXT:  [[V0:%.*]] = sitofp i32 %a to float
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define double @ull2d_rn(
; CHECK-NEXT:  [[V0:%.*]] = uitofp i64 %a to double
; CHECK-NEXT:  ret double [[V0]]

; CHECK-LABEL: define float @d2f_rn(
; CHECK-NEXT:  [[V0:%.*]] = fptrunc double %a to float
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define i16 @f2h_rn(
; CHECK-NEXT:  [[V0:%.*]] = fptrunc float %a to half
; CHECK-NEXT:  [[V1:%.*]] = bitcast half [[V0]] to i16
; CHECK-NEXT:  ret i16 [[V1]]

; CHECK-LABEL: define i32 @d2i_hi(
; CHECK-NEXT:  [[V0:%.*]] = bitcast double %a to i64
; CHECK-NEXT:  [[V1:%.*]] = lshr i64 [[V0]], 32
; CHECK-NEXT:  [[V2:%.*]] = trunc i64 [[V1]] to i32
; CHECK-NEXT:  ret i32 [[V2]]

; CHECK-LABEL: define double @lohi(
; CHECK-NEXT:  [[V0:%.*]] = zext i32 %l to i64
; CHECK-NEXT:  [[V1:%.*]] = zext i32 %h to i64
; CHECK-NEXT:  [[V2:%.*]] = shl i64 [[V1]], 32
; CHECK-NEXT:  [[V3:%.*]] = or i64 [[V0]], [[V2]]
; CHECK-NEXT:  [[V4:%.*]] = bitcast i64 [[V3]] to double
; CHECK-NEXT:  ret double [[V4]]

; CHECK-LABEL: define float @bitcast_i2f(
; CHECK-NEXT:  [[V0:%.*]] = bitcast i32 %a to float
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define i32 @mulhi_ui(
; CHECK-NEXT:  [[V0:%.*]] = zext i32 %a to i64
; CHECK-NEXT:  [[V1:%.*]] = zext i32 %b to i64
; CHECK-NEXT:  [[V2:%.*]] = mul i64 [[V0]], [[V1]]
; CHECK-NEXT:  [[V3:%.*]] = lshr i64 [[V2]], 32
; CHECK-NEXT:  [[V4:%.*]] = trunc i64 [[V3]] to i32
; CHECK-NEXT:  ret i32 [[V4]]

; CHECK-LABEL: define i64 @mulhi_ll(
; CHECK-NEXT:  [[V0:%.*]] = sext i64 %a to i128
; CHECK-NEXT:  [[V1:%.*]] = sext i64 %b to i128
; CHECK-NEXT:  [[V2:%.*]] = mul i128 [[V0]], [[V1]]
; CHECK-NEXT:  [[V3:%.*]] = lshr i128 [[V2]], 64
; CHECK-NEXT:  [[V4:%.*]] = trunc i128 [[V3]] to i64
; CHECK-NEXT:  ret i64 [[V4]]

; CHECK-LABEL: define i32 @mul24(
; CHECK-NEXT:  [[V0:%.*]] = call i32 @llvm.amdgcn.mul.i24.i32(i32 %a, i32 %b)
; CHECK-NEXT:  ret i32 [[V0]]

; CHECK-LABEL: define i32 @sad_ui(
; CHECK-NEXT:  [[V0:%.*]] = icmp ugt i32 %a, %b
; CHECK-NEXT:  [[V1:%.*]] = sub i32 %a, %b
; CHECK-NEXT:  [[V2:%.*]] = sub i32 %b, %a
; CHECK-NEXT:  [[V3:%.*]] = select i1 [[V0]], i32 [[V1]], i32 [[V2]]
; CHECK-NEXT:  [[V4:%.*]] = add i32 [[V3]], %c
; CHECK-NEXT:  ret i32 [[V4]]

; CHECK-LABEL: define i64 @rotate_b64(
; CHECK-NEXT:  [[V0:%.*]] = zext i32 %n to i64
; CHECK-NEXT:  [[V1:%.*]] = call i64 @llvm.fshl.i64(i64 %a, i64 %a, i64 [[V0]])
; CHECK-NEXT:  ret i64 [[V1]]

; CHECK-LABEL: define i64 @rotate_right(
; CHECK-NEXT:  [[V0:%.*]] = zext i32 %n to i64
; CHECK-NEXT:  [[V1:%.*]] = call i64 @llvm.fshr.i64(i64 %a, i64 %a, i64 [[V0]])
; CHECK-NEXT:  ret i64 [[V1]]

; CHECK-LABEL: define i64 @swap(
; CHECK-NEXT:  [[V0:%.*]] = call i64 @llvm.fshl.i64(i64 %a, i64 %a, i64 32)
; CHECK-NEXT:  ret i64 [[V0]]

; CHECK-LABEL: define half @fma_relu_f16(
; CHECK-NEXT:  [[V0:%.*]] = call half @llvm.fma.f16(half %a, half %b, half %c)
; CHECK-NEXT:  [[V1:%.*]] = call half @llvm.maxnum.f16(half [[V0]], half 0xH0000)
; CHECK-NEXT:  ret half [[V1]]

; CHECK: !{float 2.500000e+00}

target triple = "nvptx64-nvidia-cuda"
define float @round_f(float %x) { %r = call float @llvm.nvvm.round.f(float %x) ret float %r }
define double @floor_d(double %x) { %r = call double @llvm.nvvm.floor.d(double %x) ret double %r }
define float @fabs_ftz(float %x) { %r = call float @llvm.nvvm.fabs.ftz.f(float %x) ret float %r }
define float @saturate(float %x) { %r = call float @llvm.nvvm.saturate.f(float %x) ret float %r }
define float @fmin(float %a, float %b) { %r = call float @llvm.nvvm.fmin.f(float %a, float %b) ret float %r }
define float @fmax_nan(float %a, float %b) { %r = call float @llvm.nvvm.fmax.nan.f(float %a, float %b) ret float %r }
define double @fma_rn(double %a, double %b, double %c) { %r = call double @llvm.nvvm.fma.rn.d(double %a, double %b, double %c) ret double %r }
define float @add_rn(float %a, float %b) { %r = call float @llvm.nvvm.add.rn.f(float %a, float %b) ret float %r }
define double @mul_rn(double %a, double %b) { %r = call double @llvm.nvvm.mul.rn.d(double %a, double %b) ret double %r }
define float @div_rn(float %a, float %b) { %r = call float @llvm.nvvm.div.rn.f(float %a, float %b) ret float %r }
define float @div_approx(float %a, float %b) { %r = call float @llvm.nvvm.div.approx.f(float %a, float %b) ret float %r }
define float @rcp_rn(float %a) { %r = call float @llvm.nvvm.rcp.rn.f(float %a) ret float %r }
define double @rcp_approx_d(double %a) { %r = call double @llvm.nvvm.rcp.approx.ftz.d(double %a) ret double %r }
define float @sqrt_rn(float %a) { %r = call float @llvm.nvvm.sqrt.rn.f(float %a) ret float %r }
define float @sqrt_approx(float %a) { %r = call float @llvm.nvvm.sqrt.approx.f(float %a) ret float %r }
define float @rsqrt_approx(float %a) { %r = call float @llvm.nvvm.rsqrt.approx.f(float %a) ret float %r }
define float @ex2(float %a) { %r = call float @llvm.nvvm.ex2.approx.ftz.f(float %a) ret float %r }
define double @lg2_d(double %a) { %r = call double @llvm.nvvm.lg2.approx.d(double %a) ret double %r }
define float @sin_approx(float %a) { %r = call float @llvm.nvvm.sin.approx.f(float %a) ret float %r }
define float @tanh_approx(float %a) { %r = call float @llvm.nvvm.tanh.approx.f32(float %a) ret float %r }
define i32 @f2i_rz(float %a) { %r = call i32 @llvm.nvvm.f2i.rz(float %a) ret i32 %r }
define i64 @d2ull_rm(double %a) { %r = call i64 @llvm.nvvm.d2ull.rm(double %a) ret i64 %r }
define float @i2f_rn(i32 %a) { %r = call float @llvm.nvvm.i2f.rn(i32 %a) ret float %r }
define double @ull2d_rn(i64 %a) { %r = call double @llvm.nvvm.ull2d.rn(i64 %a) ret double %r }
define float @d2f_rn(double %a) { %r = call float @llvm.nvvm.d2f.rn(double %a) ret float %r }
define i16 @f2h_rn(float %a) { %r = call i16 @llvm.nvvm.f2h.rn(float %a) ret i16 %r }
define i32 @d2i_hi(double %a) { %r = call i32 @llvm.nvvm.d2i.hi(double %a) ret i32 %r }
define double @lohi(i32 %l, i32 %h) { %r = call double @llvm.nvvm.lohi.i2d(i32 %l, i32 %h) ret double %r }
define float @bitcast_i2f(i32 %a) { %r = call float @llvm.nvvm.bitcast.i2f(i32 %a) ret float %r }
define i32 @mulhi_ui(i32 %a, i32 %b) { %r = call i32 @llvm.nvvm.mulhi.ui(i32 %a, i32 %b) ret i32 %r }
define i64 @mulhi_ll(i64 %a, i64 %b) { %r = call i64 @llvm.nvvm.mulhi.ll(i64 %a, i64 %b) ret i64 %r }
define i32 @mul24(i32 %a, i32 %b) { %r = call i32 @llvm.nvvm.mul24.i(i32 %a, i32 %b) ret i32 %r }
define i32 @sad_ui(i32 %a, i32 %b, i32 %c) { %r = call i32 @llvm.nvvm.sad.ui(i32 %a, i32 %b, i32 %c) ret i32 %r }
define i64 @rotate_b64(i64 %a, i32 %n) { %r = call i64 @llvm.nvvm.rotate.b64(i64 %a, i32 %n) ret i64 %r }
define i64 @rotate_right(i64 %a, i32 %n) { %r = call i64 @llvm.nvvm.rotate.right.b64(i64 %a, i32 %n) ret i64 %r }
define i64 @swap(i64 %a) { %r = call i64 @llvm.nvvm.swap.lo.hi.b64(i64 %a) ret i64 %r }
define half @fma_relu_f16(half %a, half %b, half %c) { %r = call half @llvm.nvvm.fma.rn.relu.f16(half %a, half %b, half %c) ret half %r }
declare float @llvm.nvvm.round.f(float)
declare double @llvm.nvvm.floor.d(double)
declare float @llvm.nvvm.fabs.ftz.f(float)
declare float @llvm.nvvm.saturate.f(float)
declare float @llvm.nvvm.fmin.f(float, float)
declare float @llvm.nvvm.fmax.nan.f(float, float)
declare double @llvm.nvvm.fma.rn.d(double, double, double)
declare float @llvm.nvvm.add.rn.f(float, float)
declare double @llvm.nvvm.mul.rn.d(double, double)
declare float @llvm.nvvm.div.rn.f(float, float)
declare float @llvm.nvvm.div.approx.f(float, float)
declare float @llvm.nvvm.rcp.rn.f(float)
declare double @llvm.nvvm.rcp.approx.ftz.d(double)
declare float @llvm.nvvm.sqrt.rn.f(float)
declare float @llvm.nvvm.sqrt.approx.f(float)
declare float @llvm.nvvm.rsqrt.approx.f(float)
declare float @llvm.nvvm.ex2.approx.ftz.f(float)
declare double @llvm.nvvm.lg2.approx.d(double)
declare float @llvm.nvvm.sin.approx.f(float)
declare float @llvm.nvvm.tanh.approx.f32(float)
declare i32 @llvm.nvvm.f2i.rz(float)
declare i64 @llvm.nvvm.d2ull.rm(double)
declare float @llvm.nvvm.i2f.rn(i32)
declare double @llvm.nvvm.ull2d.rn(i64)
declare float @llvm.nvvm.d2f.rn(double)
declare i16 @llvm.nvvm.f2h.rn(float)
declare i32 @llvm.nvvm.d2i.hi(double)
declare double @llvm.nvvm.lohi.i2d(i32, i32)
declare float @llvm.nvvm.bitcast.i2f(i32)
declare i32 @llvm.nvvm.mulhi.ui(i32, i32)
declare i64 @llvm.nvvm.mulhi.ll(i64, i64)
declare i32 @llvm.nvvm.mul24.i(i32, i32)
declare i32 @llvm.nvvm.sad.ui(i32, i32, i32)
declare i64 @llvm.nvvm.rotate.b64(i64, i32)
declare i64 @llvm.nvvm.rotate.right.b64(i64, i32)
declare i64 @llvm.nvvm.swap.lo.hi.b64(i64)
declare half @llvm.nvvm.fma.rn.relu.f16(half, half, half)
