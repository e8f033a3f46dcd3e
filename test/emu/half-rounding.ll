; f16/bf16 conversions in directed modes and through f32 rounded to odd
; (cvt from f32, f64 and integers, .satfinite, .relu, the bf16x2 pack) run
; in the emulator's NVVM reference through the translator's PTX front end
; and, translated, on gfx90a (EMU32) and gfx1100 (wave32): the three agree
; bit for bit on values spread over both formats' ranges. The values
; themselves are checked against a table-search reference by
; test/translate/exec/half-rounding.test.
; RUN: %ferry-emu-check %s --spec=%S/Inputs/half-rounding.spec
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @half(ptr %xs, ptr %ds, ptr %ls, ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %px = getelementptr float, ptr %xs, i64 %i
  %x0 = load float, ptr %px
  %pd = getelementptr double, ptr %ds, i64 %i
  %d0 = load double, ptr %pd
  %pl = getelementptr i64, ptr %ls, i64 %i
  %l0 = load i64, ptr %pl
  ; Spread the exponents over both formats: 2^(3 t - 100), odd threads
  ; negative; integers shifted right by t.
  %e3 = mul i32 %t, 3
  %e = sub i32 %e3, 100
  %x1 = call float @llvm.ldexp.f32.i32(float %x0, i32 %e)
  %d1 = call double @llvm.ldexp.f64.i32(double %d0, i32 %e)
  %odd = and i32 %t, 1
  %neg = icmp ne i32 %odd, 0
  %xn = fneg float %x1
  %x = select i1 %neg, float %xn, float %x1
  %dn = fneg double %d1
  %d = select i1 %neg, double %dn, double %d1
  %l = lshr i64 %l0, %i
  %u = trunc i64 %l to i32
  %base = mul i64 %i, 12
  %r0 = call i16 asm "cvt.rz.f16.f32 $0, $1;", "=h,f"(float %x)
  %z0 = zext i16 %r0 to i32
  %o0 = add i64 %base, 0
  %p0 = getelementptr i32, ptr %out, i64 %o0
  store i32 %z0, ptr %p0
  %r1 = call i16 asm "cvt.rm.bf16.f32 $0, $1;", "=h,f"(float %x)
  %z1 = zext i16 %r1 to i32
  %o1 = add i64 %base, 1
  %p1 = getelementptr i32, ptr %out, i64 %o1
  store i32 %z1, ptr %p1
  %r2 = call i16 asm "cvt.rp.f16.f64 $0, $1;", "=h,d"(double %d)
  %z2 = zext i16 %r2 to i32
  %o2 = add i64 %base, 2
  %p2 = getelementptr i32, ptr %out, i64 %o2
  store i32 %z2, ptr %p2
  %r3 = call i16 asm "cvt.rn.bf16.f64 $0, $1;", "=h,d"(double %d)
  %z3 = zext i16 %r3 to i32
  %o3 = add i64 %base, 3
  %p3 = getelementptr i32, ptr %out, i64 %o3
  store i32 %z3, ptr %p3
  %r4 = call i16 asm "cvt.rz.bf16.f64 $0, $1;", "=h,d"(double %d)
  %z4 = zext i16 %r4 to i32
  %o4 = add i64 %base, 4
  %p4 = getelementptr i32, ptr %out, i64 %o4
  store i32 %z4, ptr %p4
  %r5 = call i16 asm "cvt.rn.satfinite.f16.f32 $0, $1;", "=h,f"(float %x)
  %z5 = zext i16 %r5 to i32
  %o5 = add i64 %base, 5
  %p5 = getelementptr i32, ptr %out, i64 %o5
  store i32 %z5, ptr %p5
  %r6 = call i16 asm "cvt.rz.relu.bf16.f32 $0, $1;", "=h,f"(float %x)
  %z6 = zext i16 %r6 to i32
  %o6 = add i64 %base, 6
  %p6 = getelementptr i32, ptr %out, i64 %o6
  store i32 %z6, ptr %p6
  %r7 = call i16 asm "cvt.rn.bf16.s64 $0, $1;", "=h,l"(i64 %l)
  %z7 = zext i16 %r7 to i32
  %o7 = add i64 %base, 7
  %p7 = getelementptr i32, ptr %out, i64 %o7
  store i32 %z7, ptr %p7
  %r8 = call i16 asm "cvt.rp.f16.u32 $0, $1;", "=h,r"(i32 %u)
  %z8 = zext i16 %r8 to i32
  %o8 = add i64 %base, 8
  %p8 = getelementptr i32, ptr %out, i64 %o8
  store i32 %z8, ptr %p8
  %r9 = call i16 asm "cvt.rm.bf16.u64 $0, $1;", "=h,l"(i64 %l)
  %z9 = zext i16 %r9 to i32
  %o9 = add i64 %base, 9
  %p9 = getelementptr i32, ptr %out, i64 %o9
  store i32 %z9, ptr %p9
  %r10 = call i32 asm "cvt.rz.satfinite.bf16x2.f32 $0, $1, $2;", "=r,f,f"(float %x, float %xn)
  %o10 = add i64 %base, 10
  %p10 = getelementptr i32, ptr %out, i64 %o10
  store i32 %r10, ptr %p10
  %r11 = call i32 asm "cvt.rn.relu.f16x2.f32 $0, $1, $2;", "=r,f,f"(float %xn, float %x)
  %o11 = add i64 %base, 11
  %p11 = getelementptr i32, ptr %out, i64 %o11
  store i32 %r11, ptr %p11
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.ldexp.f32.i32(float, i32)
declare double @llvm.ldexp.f64.i32(double, i32)
!nvvm.annotations = !{!0}
!0 = !{ptr @half, !"kernel", i32 1}
