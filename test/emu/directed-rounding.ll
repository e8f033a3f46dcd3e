; Directed-rounding libdevice functions (f64 mul/div/rcp/sqrt, f32 div/rcp/
; sqrt/fma): the emulator's NVVM reference computes them with the host FPU in
; that rounding mode, the translations for gfx90a and gfx1100 in software;
; results are stored as bits, so the three must agree bit for bit. The
; operands are scaled so that products and quotients also overflow and
; underflow into subnormals.
; RUN: %ferry-emu-check %s --spec=%S/Inputs/directed-rounding.spec
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @directed(ptr %xs, ptr %ys, ptr %fs, ptr %gs, ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %px = getelementptr double, ptr %xs, i64 %i
  %x0 = load double, ptr %px
  %py = getelementptr double, ptr %ys, i64 %i
  %y0 = load double, ptr %py
  %pf = getelementptr float, ptr %fs, i64 %i
  %f0 = load float, ptr %pf
  %pg = getelementptr float, ptr %gs, i64 %i
  %g0 = load float, ptr %pg
  ; Spread the exponents: thread t scales by 2^(37 t - 1180) (doubles) and
  ; 2^(5 t - 160) (floats), and makes odd threads negative.
  %e = mul i32 %t, 37
  %ed = sub i32 %e, 1180
  %x1 = call double @llvm.ldexp.f64.i32(double %x0, i32 %ed)
  %odd = and i32 %t, 1
  %neg = icmp ne i32 %odd, 0
  %xn = fneg double %x1
  %x = select i1 %neg, double %xn, double %x1
  %y = fadd double %y0, 0.1
  %e5 = mul i32 %t, 5
  %ef = sub i32 %e5, 160
  %f1 = call float @llvm.ldexp.f32.i32(float %f0, i32 %ef)
  %fn = fneg float %f1
  %f = select i1 %neg, float %fn, float %f1
  %g = fadd float %g0, 0.25
  %base = mul i64 %i, 16
  %r0 = call double @__nv_dmul_rd(double %x, double %y)
  %b0 = bitcast double %r0 to i64
  %o0 = add i64 %base, 0
  %p0 = getelementptr i64, ptr %out, i64 %o0
  store i64 %b0, ptr %p0
  %r1 = call double @__nv_dmul_ru(double %x, double %y)
  %b1 = bitcast double %r1 to i64
  %o1 = add i64 %base, 1
  %p1 = getelementptr i64, ptr %out, i64 %o1
  store i64 %b1, ptr %p1
  %r2 = call double @__nv_ddiv_rz(double %x, double %y)
  %b2 = bitcast double %r2 to i64
  %o2 = add i64 %base, 2
  %p2 = getelementptr i64, ptr %out, i64 %o2
  store i64 %b2, ptr %p2
  %r3 = call double @__nv_ddiv_ru(double %x, double %y)
  %b3 = bitcast double %r3 to i64
  %o3 = add i64 %base, 3
  %p3 = getelementptr i64, ptr %out, i64 %o3
  store i64 %b3, ptr %p3
  %r4 = call double @__nv_drcp_rd(double %x)
  %b4 = bitcast double %r4 to i64
  %o4 = add i64 %base, 4
  %p4 = getelementptr i64, ptr %out, i64 %o4
  store i64 %b4, ptr %p4
  %r5 = call double @__nv_dsqrt_ru(double %x)
  %b5 = bitcast double %r5 to i64
  %o5 = add i64 %base, 5
  %p5 = getelementptr i64, ptr %out, i64 %o5
  store i64 %b5, ptr %p5
  %r6 = call double @__nv_dsqrt_rz(double %x)
  %b6 = bitcast double %r6 to i64
  %o6 = add i64 %base, 6
  %p6 = getelementptr i64, ptr %out, i64 %o6
  store i64 %b6, ptr %p6
  %r7 = call double @__nv_dmul_rz(double %x, double %y)
  %b7 = bitcast double %r7 to i64
  %o7 = add i64 %base, 7
  %p7 = getelementptr i64, ptr %out, i64 %o7
  store i64 %b7, ptr %p7
  %r8 = call float @__nv_fdiv_rd(float %f, float %g)
  %b8 = bitcast float %r8 to i32
  %w8 = zext i32 %b8 to i64
  %o8 = add i64 %base, 8
  %p8 = getelementptr i64, ptr %out, i64 %o8
  store i64 %w8, ptr %p8
  %r9 = call float @__nv_fdiv_ru(float %f, float %g)
  %b9 = bitcast float %r9 to i32
  %w9 = zext i32 %b9 to i64
  %o9 = add i64 %base, 9
  %p9 = getelementptr i64, ptr %out, i64 %o9
  store i64 %w9, ptr %p9
  %r10 = call float @__nv_frcp_rz(float %f)
  %b10 = bitcast float %r10 to i32
  %w10 = zext i32 %b10 to i64
  %o10 = add i64 %base, 10
  %p10 = getelementptr i64, ptr %out, i64 %o10
  store i64 %w10, ptr %p10
  %r11 = call float @__nv_fsqrt_rd(float %f)
  %b11 = bitcast float %r11 to i32
  %w11 = zext i32 %b11 to i64
  %o11 = add i64 %base, 11
  %p11 = getelementptr i64, ptr %out, i64 %o11
  store i64 %w11, ptr %p11
  %r12 = call float @__nv_fsqrt_ru(float %f)
  %b12 = bitcast float %r12 to i32
  %w12 = zext i32 %b12 to i64
  %o12 = add i64 %base, 12
  %p12 = getelementptr i64, ptr %out, i64 %o12
  store i64 %w12, ptr %p12
  %r13 = call float @__nv_fmaf_ieee_rz(float %f, float %g, float %g)
  %b13 = bitcast float %r13 to i32
  %w13 = zext i32 %b13 to i64
  %o13 = add i64 %base, 13
  %p13 = getelementptr i64, ptr %out, i64 %o13
  store i64 %w13, ptr %p13
  %r14 = call float @__nv_fmaf_ieee_ru(float %f, float %g, float %g)
  %b14 = bitcast float %r14 to i32
  %w14 = zext i32 %b14 to i64
  %o14 = add i64 %base, 14
  %p14 = getelementptr i64, ptr %out, i64 %o14
  store i64 %w14, ptr %p14
  %r15 = call float @__nv_frcp_ru(float %f)
  %b15 = bitcast float %r15 to i32
  %w15 = zext i32 %b15 to i64
  %o15 = add i64 %base, 15
  %p15 = getelementptr i64, ptr %out, i64 %o15
  store i64 %w15, ptr %p15
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare double @llvm.ldexp.f64.i32(double, i32)
declare float @llvm.ldexp.f32.i32(float, i32)
declare double @__nv_dmul_rd(double, double)
declare double @__nv_dmul_ru(double, double)
declare double @__nv_ddiv_rz(double, double)
declare double @__nv_ddiv_ru(double, double)
declare double @__nv_drcp_rd(double)
declare double @__nv_dsqrt_ru(double)
declare double @__nv_dsqrt_rz(double)
declare double @__nv_dmul_rz(double, double)
declare float @__nv_fdiv_rd(float, float)
declare float @__nv_fdiv_ru(float, float)
declare float @__nv_frcp_rz(float)
declare float @__nv_fsqrt_rd(float)
declare float @__nv_fsqrt_ru(float)
declare float @__nv_fmaf_ieee_rz(float, float, float)
declare float @__nv_fmaf_ieee_ru(float, float, float)
declare float @__nv_frcp_ru(float)
!nvvm.annotations = !{!0}
!0 = !{ptr @directed, !"kernel", i32 1}
