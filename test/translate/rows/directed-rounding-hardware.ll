; Directed add/sub/mul/fma run in the hardware rounding mode through a
; strictfp helper (passes/DirectedRounding.cpp): f64 always, f32 unless the
; operation (.ftz) or the function (nvptx-f32ftz) flushes subnormals, where
; the exact software sequence (in double) stays.
; RUN: %opt-ferry -passes=ferry-lower-nvvm-intrinsics -S %s | %FileCheck %s
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define float @fma_rm(
; CHECK-NEXT:    [[R:%.*]] = call float @__ferry_fma_rd_f32(float %a, float %b, float %c)
; CHECK-NEXT:    ret float [[R]]
define float @fma_rm(float %a, float %b, float %c) {
  %r = call float @llvm.nvvm.fma.rm.f(float %a, float %b, float %c)
  ret float %r
}

; CHECK-LABEL: define double @add_rz(
; CHECK-NEXT:    [[R:%.*]] = call double @__ferry_add_rz_f64(double %a, double %b)
define double @add_rz(double %a, double %b) {
  %r = call double @llvm.nvvm.add.rz.d(double %a, double %b)
  ret double %r
}

; CHECK-LABEL: define float @mul_rp_ftz(
; CHECK-NOT:     call float @__ferry_
; CHECK:         fmul double
define float @mul_rp_ftz(float %a, float %b) {
  %r = call float @llvm.nvvm.mul.rp.ftz.f(float %a, float %b)
  ret float %r
}

; CHECK-LABEL: define float @fma_rz_in_ftz_function(
; CHECK-NOT:     call float @__ferry_
; CHECK:         fpext float
define float @fma_rz_in_ftz_function(float %a, float %b, float %c) "nvptx-f32ftz"="true" {
  %r = call float @llvm.nvvm.fma.rz.f(float %a, float %b, float %c)
  ret float %r
}

; CHECK:       define internal float @__ferry_fma_rd_f32(float %0, float %1, float %2) #[[A:[0-9]+]]
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @llvm.set.rounding(i32 3)
; CHECK-NEXT:    [[R:%.*]] = call float @llvm.experimental.constrained.fma.f32(float %0, float %1, float %2, metadata !"round.dynamic", metadata !"fpexcept.ignore")
; CHECK-NEXT:    call void @llvm.set.rounding(i32 1)
; CHECK-NEXT:    ret float [[R]]
; CHECK-LABEL: define internal double @__ferry_add_rz_f64(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @llvm.set.rounding(i32 0)
; CHECK-NEXT:    call double @llvm.experimental.constrained.fadd.f64(
; CHECK-NEXT:    call void @llvm.set.rounding(i32 1)
; CHECK:       attributes #[[A]] = { noinline nounwind strictfp }

declare float @llvm.nvvm.fma.rm.f(float, float, float)
declare double @llvm.nvvm.add.rz.d(double, double)
declare float @llvm.nvvm.mul.rp.ftz.f(float, float)
declare float @llvm.nvvm.fma.rz.f(float, float, float)
