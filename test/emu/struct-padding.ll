; A by-value struct argument is laid out as C lays out the struct:
; `struct=f64:2.5,i32:3` is { double, int }, 16 bytes with the tail padding
; to the double's alignment (the spec used to give 12 bytes, which the
; launch refused as the wrong size).
; RUN: %ferry-emu-check %s --spec=%S/Inputs/struct-padding.spec --arch=gfx90a --print | %FileCheck %s
; CHECK: [gfx90a] scale arg2: 7.500000e+00
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%params = type { double, i32 }

; *out = p.x * p.n
define ptx_kernel void @scale(ptr byval(%params) align 8 %p, ptr %out) {
entry:
  %x = load double, ptr %p, align 8
  %np = getelementptr inbounds %params, ptr %p, i32 0, i32 1
  %n = load i32, ptr %np, align 8
  %nf = sitofp i32 %n to double
  %r = fmul double %x, %nf
  store double %r, ptr %out, align 8
  ret void
}
