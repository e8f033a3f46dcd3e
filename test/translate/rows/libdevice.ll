; Map §6b: libdevice functions. One function per handler plus representative
; ocml and LLVM-intrinsic rows; ocml's pointer outputs go through an
; addrspace(5) slot; a linked __nv_ body is replaced, not kept.
; RUN: %opt-ferry -passes='ferry-lower-libdevice<arch=gfx90a>' -S %s | %FileCheck %s
; CHECK-NOT: call {{.*}}@__nv_
; CHECK-NOT: define {{.*}}@__nv_cosf

; CHECK-LABEL: define float @sinf(
; CHECK-NEXT:  [[V0:%.*]] = call float @__ocml_sin_f32(float %x)
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define double @pow(
; CHECK-NEXT:  [[V0:%.*]] = call double @__ocml_pow_f64(double %x, double %y)
; CHECK-NEXT:  ret double [[V0]]

; CHECK-LABEL: define float @expf(
; CHECK-NEXT:  [[V0:%.*]] = call float @llvm.exp.f32(float %x)
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define float @fmaf(
; CHECK-NEXT:  [[V0:%.*]] = call float @llvm.fma.f32(float %a, float %b, float %c)
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define float @ldexpf(
; CHECK-NEXT:  [[V0:%.*]] = call float @llvm.ldexp.f32.i32(float %x, i32 %e)
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define i32 @clzll(
; CHECK-NEXT:  [[V0:%.*]] = call i64 @llvm.ctlz.i64(i64 %x, i1 false)
; CHECK-NEXT:  [[V1:%.*]] = trunc i64 [[V0]] to i32
; CHECK-NEXT:  ret i32 [[V1]]

; CHECK-LABEL: define i32 @popc(
; CHECK-NEXT:  [[V0:%.*]] = call i32 @llvm.ctpop.i32(i32 %x)
; CHECK-NEXT:  ret i32 [[V0]]

; CHECK-LABEL: define i32 @ffs(
; CHECK-NEXT:  [[V0:%.*]] = call i32 @llvm.cttz.i32(i32 %x, i1 false)
; CHECK-NEXT:  [[V1:%.*]] = icmp eq i32 %x, 0
; CHECK-NEXT:  [[V2:%.*]] = add i32 [[V0]], 1
; CHECK-NEXT:  [[V3:%.*]] = select i1 [[V1]], i32 0, i32 [[V2]]
; CHECK-NEXT:  ret i32 [[V3]]

; CHECK-LABEL: define i32 @abs(
; CHECK-NEXT:  [[V0:%.*]] = call i32 @llvm.abs.i32(i32 %x, i1 false)
; CHECK-NEXT:  ret i32 [[V0]]

; CHECK-LABEL: define i64 @umul64hi(
; CHECK-NEXT:  [[V0:%.*]] = zext i64 %a to i128
; CHECK-NEXT:  [[V1:%.*]] = zext i64 %b to i128
; CHECK-NEXT:  [[V2:%.*]] = mul i128 [[V0]], [[V1]]
; CHECK-NEXT:  [[V3:%.*]] = lshr i128 [[V2]], 64
; CHECK-NEXT:  [[V4:%.*]] = trunc i128 [[V3]] to i64
; CHECK-NEXT:  ret i64 [[V4]]

; CHECK-LABEL: define i32 @umul24(
; CHECK-NEXT:  [[V0:%.*]] = call i32 @llvm.amdgcn.mul.u24.i32(i32 %a, i32 %b)
; CHECK-NEXT:  ret i32 [[V0]]

; CHECK-LABEL: define i32 @usad(
; CHECK-NEXT:  [[V0:%.*]] = icmp ugt i32 %a, %b
; CHECK-NEXT:  [[V1:%.*]] = sub i32 %a, %b
; CHECK-NEXT:  [[V2:%.*]] = sub i32 %b, %a
; CHECK-NEXT:  [[V3:%.*]] = select i1 [[V0]], i32 [[V1]], i32 [[V2]]
; CHECK-NEXT:  [[V4:%.*]] = add i32 [[V3]], %c
; CHECK-NEXT:  ret i32 [[V4]]

; CHECK-LABEL: define i32 @rhadd(
; CHECK-NEXT:  [[V0:%.*]] = sext i32 %a to i64
; CHECK-NEXT:  [[V1:%.*]] = sext i32 %b to i64
; CHECK-NEXT:  [[V2:%.*]] = add i64 [[V0]], [[V1]]
; CHECK-NEXT:  [[V3:%.*]] = add i64 [[V2]], 1
; CHECK-NEXT:  [[V4:%.*]] = ashr i64 [[V3]], 1
; CHECK-NEXT:  [[V5:%.*]] = trunc i64 [[V4]] to i32
; CHECK-NEXT:  ret i32 [[V5]]

; CHECK-LABEL: define i32 @byte_perm(
; CHECK-NEXT:  [[V0:%.*]] = zext i32 %a to i64
; CHECK-NEXT:  [[V1:%.*]] = zext i32 %b to i64
; CHECK-NEXT:  [[V2:%.*]] = shl i64 [[V1]], 32
; CHECK-NEXT:  [[V3:%.*]] = or i64 [[V0]], [[V2]]
; CHECK-NEXT:  [[V4:%.*]] = lshr i32 %s, 0
; CHECK-NEXT:  [[V5:%.*]] = and i32 [[V4]], 7
; CHECK-NEXT:  [[V6:%.*]] = shl i32 [[V5]], 3
; CHECK-NEXT:  [[V7:%.*]] = zext i32 [[V6]] to i64
; CHECK-NEXT:  [[V8:%.*]] = lshr i64 [[V3]], [[V7]]
; CHECK-NEXT:  [[V9:%.*]] = trunc i64 [[V8]] to i32
; CHECK-NEXT:  [[V10:%.*]] = and i32 [[V9]], 255
; CHECK-NEXT:  [[V11:%.*]] = shl i32 [[V10]], 0
; CHECK-NEXT:  [[V12:%.*]] = or i32 0, [[V11]]
; CHECK-NEXT:  [[V13:%.*]] = lshr i32 %s, 4
; CHECK-NEXT:  [[V14:%.*]] = and i32 [[V13]], 7
; CHECK-NEXT:  [[V15:%.*]] = shl i32 [[V14]], 3
; CHECK-NEXT:  [[V16:%.*]] = zext i32 [[V15]] to i64
; CHECK-NEXT:  [[V17:%.*]] = lshr i64 [[V3]], [[V16]]
; CHECK-NEXT:  [[V18:%.*]] = trunc i64 [[V17]] to i32
; CHECK-NEXT:  [[V19:%.*]] = and i32 [[V18]], 255
; CHECK-NEXT:  [[V20:%.*]] = shl i32 [[V19]], 8
; CHECK-NEXT:  [[V21:%.*]] = or i32 [[V12]], [[V20]]
; CHECK-NEXT:  [[V22:%.*]] = lshr i32 %s, 8
; CHECK-NEXT:  [[V23:%.*]] = and i32 [[V22]], 7
; CHECK-NEXT:  [[V24:%.*]] = shl i32 [[V23]], 3
; CHECK-NEXT:  [[V25:%.*]] = zext i32 [[V24]] to i64
; CHECK-NEXT:  [[V26:%.*]] = lshr i64 [[V3]], [[V25]]
; CHECK-NEXT:  [[V27:%.*]] = trunc i64 [[V26]] to i32
; CHECK-NEXT:  [[V28:%.*]] = and i32 [[V27]], 255
; CHECK-NEXT:  [[V29:%.*]] = shl i32 [[V28]], 16
; CHECK-NEXT:  [[V30:%.*]] = or i32 [[V21]], [[V29]]
; CHECK-NEXT:  [[V31:%.*]] = lshr i32 %s, 12
; CHECK-NEXT:  [[V32:%.*]] = and i32 [[V31]], 7
; CHECK-NEXT:  [[V33:%.*]] = shl i32 [[V32]], 3
; CHECK-NEXT:  [[V34:%.*]] = zext i32 [[V33]] to i64
; CHECK-NEXT:  [[V35:%.*]] = lshr i64 [[V3]], [[V34]]
; CHECK-NEXT:  [[V36:%.*]] = trunc i64 [[V35]] to i32
; CHECK-NEXT:  [[V37:%.*]] = and i32 [[V36]], 255
; CHECK-NEXT:  [[V38:%.*]] = shl i32 [[V37]], 24
; CHECK-NEXT:  [[V39:%.*]] = or i32 [[V30]], [[V38]]
; CHECK-NEXT:  ret i32 [[V39]]

; CHECK-LABEL: define i64 @llrintf(
; CHECK-NEXT:  [[V0:%.*]] = call float @llvm.roundeven.f32(float %x)
; CHECK-NEXT:  [[V1:%.*]] = call i64 @llvm.fptosi.sat.i64.f32(float [[V0]])
; CHECK-NEXT:  ret i64 [[V1]]

; CHECK-LABEL: define float @saturatef(
; CHECK-NEXT:  [[V0:%.*]] = call float @llvm.minnum.f32(float %x, float 1.000000e+00)
; CHECK-NEXT:  [[V1:%.*]] = fcmp ogt float %x, 0.000000e+00
; CHECK-NEXT:  [[V2:%.*]] = select i1 [[V1]], float [[V0]], float 0.000000e+00
; CHECK-NEXT:  ret float [[V2]]

; CHECK-LABEL: define i32 @isnanf(
; CHECK-NEXT:  [[V0:%.*]] = fcmp uno float %x, %x
; CHECK-NEXT:  [[V1:%.*]] = zext i1 [[V0]] to i32
; CHECK-NEXT:  ret i32 [[V1]]

; CHECK-LABEL: define i32 @isinfd(
; CHECK-NEXT:  [[V0:%.*]] = call double @llvm.fabs.f64(double %x)
; CHECK-NEXT:  [[V1:%.*]] = fcmp oeq double [[V0]], 0x7FF0000000000000
; CHECK-NEXT:  [[V2:%.*]] = zext i1 [[V1]] to i32
; CHECK-NEXT:  ret i32 [[V2]]

; CHECK-LABEL: define i32 @finitef(
; CHECK-NEXT:  [[V0:%.*]] = call float @llvm.fabs.f32(float %x)
; CHECK-NEXT:  [[V1:%.*]] = fcmp olt float [[V0]], 0x7FF0000000000000
; CHECK-NEXT:  [[V2:%.*]] = zext i1 [[V1]] to i32
; CHECK-NEXT:  ret i32 [[V2]]

; CHECK-LABEL: define i32 @signbitd(
; CHECK-NEXT:  [[V0:%.*]] = bitcast double %x to i64
; CHECK-NEXT:  [[V1:%.*]] = icmp slt i64 [[V0]], 0
; CHECK-NEXT:  [[V2:%.*]] = zext i1 [[V1]] to i32
; CHECK-NEXT:  ret i32 [[V2]]

; CHECK-LABEL: define float @nanf(
; CHECK-NEXT:  ret float 0x7FF8000000000000

; CHECK-LABEL: define double @dadd_rn(
; CHECK-NEXT:  [[V0:%.*]] = fadd double %a, %b
; CHECK-NEXT:  ret double [[V0]]

; CHECK-LABEL: define float @frcp_rn(
; CHECK-NEXT:  [[V0:%.*]] = fdiv float 1.000000e+00, %a
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define float @frsqrt_rn(
; CHECK-NEXT:  [[V0:%.*]] = call float @llvm.sqrt.f32(float %a)
; CHECK-NEXT:  [[V1:%.*]] = fdiv float 1.000000e+00, [[V0]]
; CHECK-NEXT:  ret float [[V1]]

; CHECK-LABEL: define float @fdividef(
; CHECK-NEXT:  [[V0:%.*]] = fdiv float %a, %b, !fpmath
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define double @rcp64h(
; CHECK-NEXT:  [[V0:%.*]] = call double @llvm.amdgcn.rcp.f64(double %a)
; CHECK-NEXT:  [[V1:%.*]] = bitcast double [[V0]] to i64
; CHECK-NEXT:  [[V2:%.*]] = and i64 [[V1]], -4294967296
; CHECK-NEXT:  [[V3:%.*]] = bitcast i64 [[V2]] to double
; CHECK-NEXT:  ret double [[V3]]

; CHECK-LABEL: define i32 @float2int_rd(
; CHECK-NEXT:  [[V0:%.*]] = call float @llvm.floor.f32(float %a)
; CHECK-NEXT:  [[V1:%.*]] = call i32 @llvm.fptosi.sat.i32.f32(float [[V0]])
; CHECK-NEXT:  ret i32 [[V1]]

; CHECK-LABEL: define i64 @double2ull_ru(
; CHECK-NEXT:  [[V0:%.*]] = call double @llvm.ceil.f64(double %a)
; CHECK-NEXT:  [[V1:%.*]] = call i64 @llvm.fptoui.sat.i64.f64(double [[V0]])
; CHECK-NEXT:  ret i64 [[V1]]

; CHECK-LABEL: define float @uint2float_rn(
; CHECK-NEXT:  [[V0:%.*]] = uitofp i32 %a to float
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define float @double2float_rn(
; CHECK-NEXT:  [[V0:%.*]] = fptrunc double %a to float
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define i16 @float2half_rn(
; CHECK-NEXT:  [[V0:%.*]] = fptrunc float %a to half
; CHECK-NEXT:  [[V1:%.*]] = bitcast half [[V0]] to i16
; CHECK-NEXT:  ret i16 [[V1]]

; CHECK-LABEL: define float @half2float(
; CHECK-NEXT:  [[V0:%.*]] = bitcast i16 %a to half
; CHECK-NEXT:  [[V1:%.*]] = fpext half [[V0]] to float
; CHECK-NEXT:  ret float [[V1]]

; CHECK-LABEL: define i32 @float_as_int(
; CHECK-NEXT:  [[V0:%.*]] = bitcast float %a to i32
; CHECK-NEXT:  ret i32 [[V0]]

; CHECK-LABEL: define double @hiloint2double(
; CHECK-NEXT:  [[V0:%.*]] = zext i32 %h to i64
; CHECK-NEXT:  [[V1:%.*]] = shl i64 [[V0]], 32
; CHECK-NEXT:  [[V2:%.*]] = zext i32 %l to i64
; CHECK-NEXT:  [[V3:%.*]] = or i64 [[V1]], [[V2]]
; CHECK-NEXT:  [[V4:%.*]] = bitcast i64 [[V3]] to double
; CHECK-NEXT:  ret double [[V4]]

; CHECK-LABEL: define i32 @double2loint(
; CHECK-NEXT:  [[V0:%.*]] = bitcast double %a to i64
; CHECK-NEXT:  [[V1:%.*]] = trunc i64 [[V0]] to i32
; CHECK-NEXT:  ret i32 [[V1]]

; CHECK-LABEL: define float @frexpf(
; CHECK-NEXT:  [[V0:%.*]] = call { float, i32 } @llvm.frexp.f32.i32(float %x)
; CHECK-NEXT:  [[V1:%.*]] = extractvalue { float, i32 } [[V0]], 1
; CHECK-NEXT:  store i32 [[V1]], ptr %e, align 4
; CHECK-NEXT:  [[V2:%.*]] = extractvalue { float, i32 } [[V0]], 0
; CHECK-NEXT:  ret float [[V2]]

; CHECK-LABEL: define void @sincosf(
; CHECK-NEXT:  %ocml.out = alloca float, align 4, addrspace(5)
; CHECK-NEXT:  [[V0:%.*]] = call float @__ocml_sincos_f32(float %x, ptr addrspace(5) %ocml.out)
; CHECK-NEXT:  [[V1:%.*]] = load float, ptr addrspace(5) %ocml.out, align 4
; CHECK-NEXT:  store float [[V0]], ptr %s, align 4
; CHECK-NEXT:  store float [[V1]], ptr %c, align 4
; CHECK-NEXT:  ret void

; CHECK-LABEL: define void @sincospi(
; CHECK-NEXT:  %ocml.out = alloca double, align 8, addrspace(5)
; CHECK-NEXT:  [[V0:%.*]] = call double @__ocml_sincospi_f64(double %x, ptr addrspace(5) %ocml.out)
; CHECK-NEXT:  [[V1:%.*]] = load double, ptr addrspace(5) %ocml.out, align 8
; CHECK-NEXT:  store double [[V0]], ptr %s, align 8
; CHECK-NEXT:  store double [[V1]], ptr %c, align 8
; CHECK-NEXT:  ret void

; CHECK-LABEL: define void @fast_sincosf(
; CHECK-NEXT:  [[V0:%.*]] = call float @__ocml_native_sin_f32(float %x)
; CHECK-NEXT:  [[V1:%.*]] = call float @__ocml_native_cos_f32(float %x)
; CHECK-NEXT:  store float [[V0]], ptr %s, align 4
; CHECK-NEXT:  store float [[V1]], ptr %c, align 4
; CHECK-NEXT:  ret void

; CHECK-LABEL: define double @modf(
; CHECK-NEXT:  %ocml.out = alloca double, align 8, addrspace(5)
; CHECK-NEXT:  [[V0:%.*]] = call double @__ocml_modf_f64(double %x, ptr addrspace(5) %ocml.out)
; CHECK-NEXT:  [[V1:%.*]] = load double, ptr addrspace(5) %ocml.out, align 8
; CHECK-NEXT:  store double [[V1]], ptr %i, align 8
; CHECK-NEXT:  ret double [[V0]]

; CHECK-LABEL: define float @remquof(
; CHECK-NEXT:  %ocml.out = alloca i32, align 4, addrspace(5)
; CHECK-NEXT:  [[V0:%.*]] = call float @__ocml_remquo_f32(float %x, float %y, ptr addrspace(5) %ocml.out)
; CHECK-NEXT:  [[V1:%.*]] = load i32, ptr addrspace(5) %ocml.out, align 4
; CHECK-NEXT:  store i32 [[V1]], ptr %q, align 4
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define float @fast_sinf(
; CHECK-NEXT:  [[V0:%.*]] = call float @__ocml_native_sin_f32(float %x)
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define float @norm3df(
; CHECK-NEXT:  [[V0:%.*]] = call float @__ocml_len3_f32(float %a, float %b, float %c)
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define float @normcdff(
; CHECK-NEXT:  [[V0:%.*]] = call float @__ocml_ncdf_f32(float %a)
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define float @powif(
; CHECK-NEXT:  [[V0:%.*]] = call float @__ocml_pown_f32(float %a, i32 %b)
; CHECK-NEXT:  ret float [[V0]]

; CHECK-LABEL: define double @roundd(
; CHECK-NEXT:  [[V0:%.*]] = call double @llvm.round.f64(double %a)
; CHECK-NEXT:  ret double [[V0]]



; norm/rnorm and jn/yn loop in helpers; directed add/mul/fma call a strictfp
; helper that runs them in the hardware rounding mode.
; CHECK-LABEL: define float @normf(
; CHECK-NEXT:    call float @__ferry_norm_f32(i32 %n, ptr %a)
; CHECK-LABEL: define double @jn(
; CHECK-NEXT:    call double @__ferry_jn_f64(i32 %n, double %x)
; CHECK-LABEL: define float @fadd_rz(
; CHECK-NEXT:    call float @__ferry_add_rz_f32(float %a, float %b)
; CHECK-LABEL: define float @cosf(
; CHECK-NEXT:  [[V0:%.*]] = call float @__ocml_cos_f32(float %x)
; CHECK-NEXT:  ret float [[V0]]
; CHECK-LABEL: define internal float @__ferry_norm_f32(
; CHECK:         call float @llvm.fma.f32(
; CHECK:         call float @llvm.sqrt.f32(
; CHECK-LABEL: define internal double @__ferry_jn_f64(
; CHECK:         call double @__ocml_j0_f64(double %1)
; CHECK:         call double @__ocml_j1_f64(double %1)

target triple = "nvptx64-nvidia-cuda"
define float @sinf(float %x) { %r = call float @__nv_sinf(float %x) ret float %r }
define double @pow(double %x, double %y) { %r = call double @__nv_pow(double %x, double %y) ret double %r }
define float @expf(float %x) { %r = call float @__nv_expf(float %x) ret float %r }
define float @fmaf(float %a, float %b, float %c) { %r = call float @__nv_fmaf(float %a, float %b, float %c) ret float %r }
define float @ldexpf(float %x, i32 %e) { %r = call float @__nv_ldexpf(float %x, i32 %e) ret float %r }
define i32 @clzll(i64 %x) { %r = call i32 @__nv_clzll(i64 %x) ret i32 %r }
define i32 @popc(i32 %x) { %r = call i32 @__nv_popc(i32 %x) ret i32 %r }
define i32 @ffs(i32 %x) { %r = call i32 @__nv_ffs(i32 %x) ret i32 %r }
define i32 @abs(i32 %x) { %r = call i32 @__nv_abs(i32 %x) ret i32 %r }
define i64 @umul64hi(i64 %a, i64 %b) { %r = call i64 @__nv_umul64hi(i64 %a, i64 %b) ret i64 %r }
define i32 @umul24(i32 %a, i32 %b) { %r = call i32 @__nv_umul24(i32 %a, i32 %b) ret i32 %r }
define i32 @usad(i32 %a, i32 %b, i32 %c) { %r = call i32 @__nv_usad(i32 %a, i32 %b, i32 %c) ret i32 %r }
define i32 @rhadd(i32 %a, i32 %b) { %r = call i32 @__nv_rhadd(i32 %a, i32 %b) ret i32 %r }
define i32 @byte_perm(i32 %a, i32 %b, i32 %s) { %r = call i32 @__nv_byte_perm(i32 %a, i32 %b, i32 %s) ret i32 %r }
define i64 @llrintf(float %x) { %r = call i64 @__nv_llrintf(float %x) ret i64 %r }
define float @saturatef(float %x) { %r = call float @__nv_saturatef(float %x) ret float %r }
define i32 @isnanf(float %x) { %r = call i32 @__nv_isnanf(float %x) ret i32 %r }
define i32 @isinfd(double %x) { %r = call i32 @__nv_isinfd(double %x) ret i32 %r }
define i32 @finitef(float %x) { %r = call i32 @__nv_finitef(float %x) ret i32 %r }
define i32 @signbitd(double %x) { %r = call i32 @__nv_signbitd(double %x) ret i32 %r }
define float @nanf(ptr %t) { %r = call float @__nv_nanf(ptr %t) ret float %r }
define double @dadd_rn(double %a, double %b) { %r = call double @__nv_dadd_rn(double %a, double %b) ret double %r }
define float @frcp_rn(float %a) { %r = call float @__nv_frcp_rn(float %a) ret float %r }
define float @frsqrt_rn(float %a) { %r = call float @__nv_frsqrt_rn(float %a) ret float %r }
define float @fdividef(float %a, float %b) { %r = call float @__nv_fast_fdividef(float %a, float %b) ret float %r }
define double @rcp64h(double %a) { %r = call double @__nv_rcp64h(double %a) ret double %r }
define i32 @float2int_rd(float %a) { %r = call i32 @__nv_float2int_rd(float %a) ret i32 %r }
define i64 @double2ull_ru(double %a) { %r = call i64 @__nv_double2ull_ru(double %a) ret i64 %r }
define float @uint2float_rn(i32 %a) { %r = call float @__nv_uint2float_rn(i32 %a) ret float %r }
define float @double2float_rn(double %a) { %r = call float @__nv_double2float_rn(double %a) ret float %r }
define i16 @float2half_rn(float %a) { %r = call i16 @__nv_float2half_rn(float %a) ret i16 %r }
define float @half2float(i16 %a) { %r = call float @__nv_half2float(i16 %a) ret float %r }
define i32 @float_as_int(float %a) { %r = call i32 @__nv_float_as_int(float %a) ret i32 %r }
define double @hiloint2double(i32 %h, i32 %l) { %r = call double @__nv_hiloint2double(i32 %h, i32 %l) ret double %r }
define i32 @double2loint(double %a) { %r = call i32 @__nv_double2loint(double %a) ret i32 %r }
define float @frexpf(float %x, ptr %e) { %r = call float @__nv_frexpf(float %x, ptr %e) ret float %r }
define void @sincosf(float %x, ptr %s, ptr %c) { call void @__nv_sincosf(float %x, ptr %s, ptr %c) ret void }
define void @sincospi(double %x, ptr %s, ptr %c) { call void @__nv_sincospi(double %x, ptr %s, ptr %c) ret void }
define void @fast_sincosf(float %x, ptr %s, ptr %c) { call void @__nv_fast_sincosf(float %x, ptr %s, ptr %c) ret void }
define double @modf(double %x, ptr %i) { %r = call double @__nv_modf(double %x, ptr %i) ret double %r }
define float @remquof(float %x, float %y, ptr %q) { %r = call float @__nv_remquof(float %x, float %y, ptr %q) ret float %r }
define float @fast_sinf(float %x) { %r = call float @__nv_fast_sinf(float %x) ret float %r }
define float @norm3df(float %a, float %b, float %c) { %r = call float @__nv_norm3df(float %a, float %b, float %c) ret float %r }
define float @normcdff(float %a) { %r = call float @__nv_normcdff(float %a) ret float %r }
define float @powif(float %a, i32 %b) { %r = call float @__nv_powif(float %a, i32 %b) ret float %r }
define double @roundd(double %a) { %r = call double @__nv_round(double %a) ret double %r }
define float @normf(i32 %n, ptr %a) { %r = call float @__nv_normf(i32 %n, ptr %a) ret float %r }
define double @jn(i32 %n, double %x) { %r = call double @__nv_jn(i32 %n, double %x) ret double %r }
define float @fadd_rz(float %a, float %b) { %r = call float @__nv_fadd_rz(float %a, float %b) ret float %r }
; A linked libdevice body is replaced, not kept.
define float @__nv_cosf(float %x) { %r = fmul float %x, 2.0 ret float %r }
define float @cosf(float %x) { %r = call float @__nv_cosf(float %x) ret float %r }
declare float @__nv_sinf(float)
declare double @__nv_pow(double, double)
declare float @__nv_expf(float)
declare float @__nv_fmaf(float, float, float)
declare float @__nv_ldexpf(float, i32)
declare i32 @__nv_clzll(i64)
declare i32 @__nv_popc(i32)
declare i32 @__nv_ffs(i32)
declare i32 @__nv_abs(i32)
declare i64 @__nv_umul64hi(i64, i64)
declare i32 @__nv_umul24(i32, i32)
declare i32 @__nv_usad(i32, i32, i32)
declare i32 @__nv_rhadd(i32, i32)
declare i32 @__nv_byte_perm(i32, i32, i32)
declare i64 @__nv_llrintf(float)
declare float @__nv_saturatef(float)
declare i32 @__nv_isnanf(float)
declare i32 @__nv_isinfd(double)
declare i32 @__nv_finitef(float)
declare i32 @__nv_signbitd(double)
declare float @__nv_nanf(ptr)
declare double @__nv_dadd_rn(double, double)
declare float @__nv_frcp_rn(float)
declare float @__nv_frsqrt_rn(float)
declare float @__nv_fast_fdividef(float, float)
declare double @__nv_rcp64h(double)
declare i32 @__nv_float2int_rd(float)
declare i64 @__nv_double2ull_ru(double)
declare float @__nv_uint2float_rn(i32)
declare float @__nv_double2float_rn(double)
declare i16 @__nv_float2half_rn(float)
declare float @__nv_half2float(i16)
declare i32 @__nv_float_as_int(float)
declare double @__nv_hiloint2double(i32, i32)
declare i32 @__nv_double2loint(double)
declare float @__nv_frexpf(float, ptr)
declare void @__nv_sincosf(float, ptr, ptr)
declare void @__nv_sincospi(double, ptr, ptr)
declare void @__nv_fast_sincosf(float, ptr, ptr)
declare double @__nv_modf(double, ptr)
declare float @__nv_remquof(float, float, ptr)
declare float @__nv_normf(i32, ptr)
declare double @__nv_jn(i32, double)
declare float @__nv_fast_sinf(float)
declare float @__nv_norm3df(float, float, float)
declare float @__nv_normcdff(float)
declare float @__nv_powif(float, i32)
declare double @__nv_round(double)
declare float @__nv_fadd_rz(float, float)
