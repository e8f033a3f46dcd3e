; Math that reaches the translation by C names and LLVM's intrinsics, not
; libdevice's (CCCL's cuda::std:: under nvcc's macros, `__builtin_*`):
; libdevice's functions, then ocml's. Was "Cannot select: f64 = fsin",
; "no libcall available for fexp", "undefined functions 'hypot'". A
; function the module defines under a C name is its own.
; RUN: %ferry-translate %s --offload-arch=gfx90a -o - | %FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define {{.*}}double @by_names(
; CHECK: call {{.*}}double @__ocml_sin_f64(
; CHECK: call {{.*}}double @__ocml_exp_f64(
; CHECK: call {{.*}}double @__ocml_pow_f64(
; CHECK: call {{.*}}double @__ocml_hypot_f64(
; CHECK: call {{.*}}double @__ocml_cbrt_f64(
; CHECK: call {{.*}}float @__ocml_sin_f32(
; CHECK: call {{.*}}double @llvm.roundeven.f64(
; CHECK: call {{.*}}double @mine(
define double @by_names(double %x, float %y) {
  %s = call double @llvm.sin.f64(double %x)
  %e = call double @llvm.exp.f64(double %s)
  %p = call double @llvm.pow.f64(double %e, double %x)
  %h = call double @hypot(double %p, double %x)
  %c = call double @cbrt(double %h)
  %f = call float @llvm.sin.f32(float %y)
  %fd = fpext float %f to double
  %r = call i64 @llvm.lrint.i64.f64(double %c)
  %rd = sitofp i64 %r to double
  %m = call double @mine(double %rd)
  %a = fadd double %m, %fd
  ret double %a
}

define double @mine(double %x) {
  ret double %x
}

declare double @llvm.sin.f64(double)
declare double @llvm.exp.f64(double)
declare double @llvm.pow.f64(double, double)
declare float @llvm.sin.f32(float)
declare i64 @llvm.lrint.i64.f64(double)
declare double @hypot(double, double)
declare double @cbrt(double)
