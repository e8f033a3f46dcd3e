; libdevice functions the emulator used to lack (__nv_fma, ...) run under
; the emulator in NVVM, and agree with their translations for gfx90a and
; gfx1100 (ocml functions, software directed rounding, IR sequences).
; RUN: %ferry-emu-check %s --spec=%S/Inputs/libdevice-math.spec
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @math(ptr %xs, ptr %ys, ptr %d, ptr %f, ptr %l) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %px = getelementptr double, ptr %xs, i64 %i
  %x = load double, ptr %px
  %py = getelementptr float, ptr %ys, i64 %i
  %y = load float, ptr %py
  %base = mul i64 %i, 8
  %small = fdiv double %x, 128.0
  %d0 = call double @__nv_fma(double %x, double %x, double 0.1)
  %d1 = call double @__nv_sinpi(double %small)
  %d2 = call double @__nv_erfinv(double %small)
  %d3 = call double @__nv_normcdf(double %small)
  %d4 = call double @__nv_dadd_rd(double %x, double 0.1)
  %d5 = call double @__nv_rnorm3d(double %x, double 1.5, double 2.0)
  %d6 = call double @__nv_powi(double %small, i32 3)
  %d7 = call double @__nv_rcbrt(double %x)
  %f0 = call float @__nv_fmaf(float %y, float %y, float 0.5)
  %f1 = call float @__nv_cospif(float %y)
  %f2 = call float @__nv_fmul_rz(float %y, float 1.25)
  %f3 = call float @__nv_erfcxf(float %y)
  %l0 = call i64 @__nv_double2ll_rd(double %d0)
  %l1 = call i32 @__nv_isinfd(double %d7)
  %l1w = zext i32 %l1 to i64
  %l2 = call i64 @__nv_llmax(i64 %l0, i64 -5)
  %ds = getelementptr double, ptr %d, i64 %base
  store double %d0, ptr %ds
  %ds1 = getelementptr double, ptr %ds, i64 1
  store double %d1, ptr %ds1
  %ds2 = getelementptr double, ptr %ds, i64 2
  store double %d2, ptr %ds2
  %ds3 = getelementptr double, ptr %ds, i64 3
  store double %d3, ptr %ds3
  %ds4 = getelementptr double, ptr %ds, i64 4
  store double %d4, ptr %ds4
  %ds5 = getelementptr double, ptr %ds, i64 5
  store double %d5, ptr %ds5
  %ds6 = getelementptr double, ptr %ds, i64 6
  store double %d6, ptr %ds6
  %ds7 = getelementptr double, ptr %ds, i64 7
  store double %d7, ptr %ds7
  %fs = getelementptr float, ptr %f, i64 %base
  store float %f0, ptr %fs
  %fs1 = getelementptr float, ptr %fs, i64 1
  store float %f1, ptr %fs1
  %fs2 = getelementptr float, ptr %fs, i64 2
  store float %f2, ptr %fs2
  %fs3 = getelementptr float, ptr %fs, i64 3
  store float %f3, ptr %fs3
  %ls = getelementptr i64, ptr %l, i64 %base
  store i64 %l0, ptr %ls
  %ls1 = getelementptr i64, ptr %ls, i64 1
  store i64 %l1w, ptr %ls1
  %ls2 = getelementptr i64, ptr %ls, i64 2
  store i64 %l2, ptr %ls2
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare double @__nv_fma(double, double, double)
declare double @__nv_sinpi(double)
declare double @__nv_erfinv(double)
declare double @__nv_normcdf(double)
declare double @__nv_dadd_rd(double, double)
declare double @__nv_rnorm3d(double, double, double)
declare double @__nv_powi(double, i32)
declare double @__nv_rcbrt(double)
declare float @__nv_fmaf(float, float, float)
declare float @__nv_cospif(float)
declare float @__nv_fmul_rz(float, float)
declare float @__nv_erfcxf(float)
declare i64 @__nv_double2ll_rd(double)
declare i32 @__nv_isinfd(double)
declare i64 @__nv_llmax(i64, i64)

!nvvm.annotations = !{!0}
!0 = !{ptr @math, !"kernel", i32 1}
