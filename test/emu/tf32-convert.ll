; cvt.rna.tf32.f32 (llvm.nvvm.f2tf32.rna and the inline-PTX form, with
; .satfinite) under the emulator's NVVM model (the nearer of the two
; neighbouring tf32 values, away from zero on a tie, written without the
; translation's bit arithmetic) and translated for gfx90a and gfx1100.
; @known: one special input per lane (ties, carries into the exponent and to
; infinity, NaNs whose payload is in the 13 low bits, subnormals), the
; results checked bit for bit. @random: hashed bits (every class of input,
; exact ties) through the intrinsic and through both asm forms.
; RUN: %ferry-emu-check %s --spec=%S/Inputs/tf32-convert.spec --reference-only --print | %FileCheck %s
; RUN: %ferry-emu-check %s --spec=%S/Inputs/tf32-convert.spec --arch=gfx90a,gfx1100 2>&1 | %count 0
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Inputs, lane by lane: 0x3f800000 1.0; 0x3f800fff below the tie: down; 0x3f801000 the tie: away from zero; 0xbf801000 negative tie: away from zero; 0x3f801001 above the tie: up; 0x3ffff000 carry into the exponent; 0x7f7fefff largest tf32 below the tie; 0x7f7ff000 tie above the largest tf32: infinity; 0x7f800000 infinity; 0xff800000 minus infinity; 0x7fc00001 quiet NaN, kept; 0x7f800001 NaN with only low payload bits, kept; 0x7fffffff NaN with all bits set, kept; 0x00001000 subnormal tie: up; 0x00000fff subnormal below the tie: zero; 0x80000000 minus zero.
@inputs = internal addrspace(4) constant [16 x i32] [i32 1065353216, i32 1065357311, i32 1065357312, i32 -1082126336, i32 1065357313, i32 1073737728, i32 2139090943, i32 2139090944, i32 2139095040, i32 -8388608, i32 2143289345, i32 2139095041, i32 2147483647, i32 4096, i32 4095, i32 -2147483648]

; CHECK: known arg1: 1065353216 1065353216 1065361408 -1082122240 1065361408 1073741824 2139086848 2139095040 2139095040 -8388608 2143289345 2139095041 2147483647 8192 0 -2147483648
define void @known(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr [16 x i32], ptr addrspace(4) @inputs, i64 0, i64 %i
  %bits = load i32, ptr addrspace(4) %p
  %x = bitcast i32 %bits to float
  %r = call i32 @llvm.nvvm.f2tf32.rna(float %x)
  %q = getelementptr i32, ptr %out, i64 %i
  store i32 %r, ptr %q
  ret void
}

; Input g: a hash of the global index (every exponent, NaNs and infinities
; included), every fourth with its low 13 bits made an exact tie (0x1000).
define void @random(ptr %out, ptr %asm, ptr %sat) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = mul i32 %c, %n
  %g = add i32 %b, %t
  %i = zext i32 %g to i64
  %h0 = mul i32 %g, -1640531535
  %s0 = lshr i32 %h0, 15
  %h1 = xor i32 %h0, %s0
  %h2 = mul i32 %h1, -2048144777
  %s2 = lshr i32 %h2, 13
  %hash = xor i32 %h2, %s2
  %tie.bits = and i32 %hash, -8192
  %tie = or i32 %tie.bits, 4096
  %g4 = and i32 %g, 3
  %is.tie = icmp eq i32 %g4, 0
  %bits = select i1 %is.tie, i32 %tie, i32 %hash
  %x = bitcast i32 %bits to float
  %r = call i32 @llvm.nvvm.f2tf32.rna(float %x)
  %q = getelementptr i32, ptr %out, i64 %i
  store i32 %r, ptr %q
  %a = call float asm "{\0A  .reg .b32 __$$1;\0A   cvt.rna.tf32.f32 __$$1, $1;\0A   mov.b32 $0, __$$1;\0A}\0A", "=f,f"(float %x)
  %qa = getelementptr float, ptr %asm, i64 %i
  store float %a, ptr %qa
  %s = call i32 asm "cvt.rna.satfinite.tf32.f32 $0, $1;", "=r,f"(float %x)
  %qs = getelementptr i32, ptr %sat, i64 %i
  store i32 %s, ptr %qs
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.f2tf32.rna(float)

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @known, !"kernel", i32 1}
!1 = !{ptr @random, !"kernel", i32 1}
