; Directed-rounding f64 fma (__nv_fma_rd/ru/rz), which the translation runs in
; the hardware rounding mode (a strictfp helper around llvm.set.rounding):
; the emulator's NVVM reference computes it with the host FPU in that mode,
; the translations for gfx90a and gfx1100 through the helper; results are
; compared as bits. Exponents spread over the whole range, so that the
; products and sums overflow, underflow into subnormals and cancel.
; RUN: %ferry-emu-check %s --spec=%S/Inputs/directed-fma-f64.spec
; RUN: %ferry-translate %s --offload-arch=gfx1100 -o - | %FileCheck %s
; CHECK: define internal double @__ferry_fma_rd_f64(double %0, double %1, double %2) #[[A:[0-9]+]]
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @llvm.set.rounding(i32 3)
; CHECK-NEXT: call double @llvm.experimental.constrained.fma.f64(double %0, double %1, double %2, metadata !"round.dynamic", metadata !"fpexcept.ignore")
; CHECK-NEXT: call void @llvm.set.rounding(i32 1)
; CHECK: define internal double @__ferry_fma_ru_f64({{.*}}
; CHECK: call void @llvm.set.rounding(i32 2)
; CHECK: define internal double @__ferry_fma_rz_f64({{.*}}
; CHECK: call void @llvm.set.rounding(i32 0)
; CHECK: attributes #[[A]] = { noinline nounwind strictfp
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @fma64(ptr %xs, ptr %ys, ptr %zs, ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %px = getelementptr double, ptr %xs, i64 %i
  %x0 = load double, ptr %px
  %py = getelementptr double, ptr %ys, i64 %i
  %y0 = load double, ptr %py
  %pz = getelementptr double, ptr %zs, i64 %i
  %z0 = load double, ptr %pz
  ; x scaled by 2^(37 t - 1180), odd threads negative; z by 2^(37 t - 1177).
  %e = mul i32 %t, 37
  %ex = sub i32 %e, 1180
  %ez = sub i32 %e, 1177
  %x1 = call double @llvm.ldexp.f64.i32(double %x0, i32 %ex)
  %odd = and i32 %t, 1
  %neg = icmp ne i32 %odd, 0
  %xn = fneg double %x1
  %x = select i1 %neg, double %xn, double %x1
  %y = fadd double %y0, 0.1
  %z = call double @llvm.ldexp.f64.i32(double %z0, i32 %ez)
  %zn = fneg double %z
  ; Near-cancellation: c = -(x*y) rounded, plus a little.
  %xy = fmul double %x, %y
  %cn = fneg double %xy
  %tiny = fmul double %z, 0x3CB0000000000000
  %c = fadd double %cn, %tiny
  %base = mul i64 %i, 6
  %r0 = call double @__nv_fma_rd(double %x, double %y, double %z)
  %r1 = call double @__nv_fma_ru(double %x, double %y, double %z)
  %r2 = call double @__nv_fma_rz(double %x, double %y, double %z)
  %r3 = call double @__nv_fma_rd(double %x, double %y, double %zn)
  %r4 = call double @__nv_fma_ru(double %x, double %y, double %c)
  %r5 = call double @__nv_fma_rz(double %x, double %y, double %c)
  call void @put(ptr %out, i64 %base, i64 0, double %r0)
  call void @put(ptr %out, i64 %base, i64 1, double %r1)
  call void @put(ptr %out, i64 %base, i64 2, double %r2)
  call void @put(ptr %out, i64 %base, i64 3, double %r3)
  call void @put(ptr %out, i64 %base, i64 4, double %r4)
  call void @put(ptr %out, i64 %base, i64 5, double %r5)
  ret void
}

define internal void @put(ptr %out, i64 %base, i64 %k, double %v) {
  %bits = bitcast double %v to i64
  %o = add i64 %base, %k
  %p = getelementptr i64, ptr %out, i64 %o
  store i64 %bits, ptr %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare double @llvm.ldexp.f64.i32(double, i32)
declare double @__nv_fma_rd(double, double, double)
declare double @__nv_fma_ru(double, double, double)
declare double @__nv_fma_rz(double, double, double)
!nvvm.annotations = !{!0}
!0 = !{ptr @fma64, !"kernel", i32 1}
