; mma.sync m16n8k16 and m16n8k8 (llvm.nvvm.mma.m16n8k{16,8}.row.col.*) under
; the emulator's NVVM model and translated (MFMA / WMMA after moving the
; fragments into their layout when the whole wave is at the call, FMAs
; across the warp in the PTX fragment layout otherwise) for gfx90a, gfx942
; and gfx1100. @known: A all ones and each B
; register its lane number, so D[i][j] = sum over k of lane(k, j) =
; 64j + 24 with lane(k, j) = 4j + (k%8)/2, and D slot s of lane l is
; column 2(l%4) + (s&1) (PTX ISA, "Matrix Fragments for mma.m16n8k16").
; The other kernels compare random fragments with every type pair and
; m16n8k8, in whole waves (block 64: MFMA on wave64) and in warps alone in
; their wave (block 32: the FMA fallback on wave64).
; RUN: %ferry-emu-check %s --spec=%S/Inputs/mma-sync.spec --reference-only --print | %FileCheck %s
; RUN: %ferry-emu-check %s --spec=%S/Inputs/mma-sync.spec --arch=gfx90a,gfx942,gfx1100 2>&1 | %count 0
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: known arg1: 2.400000e+01 8.800000e+01 2.400000e+01 8.800000e+01 1.520000e+02 2.160000e+02 1.520000e+02 2.160000e+02 2.800000e+02 3.440000e+02 2.800000e+02 3.440000e+02 4.080000e+02 4.720000e+02 4.080000e+02 4.720000e+02 2.400000e+01 8.800000e+01
define void @known(ptr %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %h = uitofp i32 %t to half
  %b0 = insertelement <2 x half> poison, half %h, i64 0
  %b = insertelement <2 x half> %b0, half %h, i64 1
  %one = bitcast i32 1006648320 to <2 x half>
  %r = call { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f32(<2 x half> %one, <2 x half> %one, <2 x half> %one, <2 x half> %one, <2 x half> %b, <2 x half> %b, float 0.0, float 0.0, float 0.0, float 0.0)
  %i = zext i32 %t to i64
  %p = getelementptr [4 x float], ptr %d, i64 %i
  store { float, float, float, float } %r, ptr %p
  ret void
}

; Fragments of each lane from memory: A 4 registers, B 2, C 4 floats.
define void @f32_f32(ptr %a, ptr %b, ptr %c, ptr %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %pa = getelementptr [4 x <2 x half>], ptr %a, i64 %i
  %pb = getelementptr [2 x <2 x half>], ptr %b, i64 %i
  %pc = getelementptr [4 x float], ptr %c, i64 %i
  %va = load [4 x <2 x half>], ptr %pa
  %vb = load [2 x <2 x half>], ptr %pb
  %vc = load [4 x float], ptr %pc
  %a0 = extractvalue [4 x <2 x half>] %va, 0
  %a1 = extractvalue [4 x <2 x half>] %va, 1
  %a2 = extractvalue [4 x <2 x half>] %va, 2
  %a3 = extractvalue [4 x <2 x half>] %va, 3
  %b0 = extractvalue [2 x <2 x half>] %vb, 0
  %b1 = extractvalue [2 x <2 x half>] %vb, 1
  %c0 = extractvalue [4 x float] %vc, 0
  %c1 = extractvalue [4 x float] %vc, 1
  %c2 = extractvalue [4 x float] %vc, 2
  %c3 = extractvalue [4 x float] %vc, 3
  %r = call { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f32(<2 x half> %a0, <2 x half> %a1, <2 x half> %a2, <2 x half> %a3, <2 x half> %b0, <2 x half> %b1, float %c0, float %c1, float %c2, float %c3)
  %pd = getelementptr [4 x float], ptr %d, i64 %i
  store { float, float, float, float } %r, ptr %pd
  ret void
}

; f16 accumulators: C 2 half pairs, D rounded to f16.
define void @f16_f16(ptr %a, ptr %b, ptr %c, ptr %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %pa = getelementptr [4 x <2 x half>], ptr %a, i64 %i
  %pb = getelementptr [2 x <2 x half>], ptr %b, i64 %i
  %pc = getelementptr [2 x <2 x half>], ptr %c, i64 %i
  %va = load [4 x <2 x half>], ptr %pa
  %vb = load [2 x <2 x half>], ptr %pb
  %vc = load [2 x <2 x half>], ptr %pc
  %a0 = extractvalue [4 x <2 x half>] %va, 0
  %a1 = extractvalue [4 x <2 x half>] %va, 1
  %a2 = extractvalue [4 x <2 x half>] %va, 2
  %a3 = extractvalue [4 x <2 x half>] %va, 3
  %b0 = extractvalue [2 x <2 x half>] %vb, 0
  %b1 = extractvalue [2 x <2 x half>] %vb, 1
  %c0 = extractvalue [2 x <2 x half>] %vc, 0
  %c1 = extractvalue [2 x <2 x half>] %vc, 1
  %r = call { <2 x half>, <2 x half> } @llvm.nvvm.mma.m16n8k16.row.col.f16.f16(<2 x half> %a0, <2 x half> %a1, <2 x half> %a2, <2 x half> %a3, <2 x half> %b0, <2 x half> %b1, <2 x half> %c0, <2 x half> %c1)
  %pd = getelementptr [2 x <2 x half>], ptr %d, i64 %i
  store { <2 x half>, <2 x half> } %r, ptr %pd
  ret void
}

; bf16 inputs (two per i32 register), f32 accumulators.
define void @bf16(ptr %a, ptr %b, ptr %c, ptr %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %pa = getelementptr [4 x i32], ptr %a, i64 %i
  %pb = getelementptr [2 x i32], ptr %b, i64 %i
  %pc = getelementptr [4 x float], ptr %c, i64 %i
  %va = load [4 x i32], ptr %pa
  %vb = load [2 x i32], ptr %pb
  %vc = load [4 x float], ptr %pc
  %a0 = extractvalue [4 x i32] %va, 0
  %a1 = extractvalue [4 x i32] %va, 1
  %a2 = extractvalue [4 x i32] %va, 2
  %a3 = extractvalue [4 x i32] %va, 3
  %b0 = extractvalue [2 x i32] %vb, 0
  %b1 = extractvalue [2 x i32] %vb, 1
  %c0 = extractvalue [4 x float] %vc, 0
  %c1 = extractvalue [4 x float] %vc, 1
  %c2 = extractvalue [4 x float] %vc, 2
  %c3 = extractvalue [4 x float] %vc, 3
  %r = call { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.bf16(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %b0, i32 %b1, float %c0, float %c1, float %c2, float %c3)
  %pd = getelementptr [4 x float], ptr %d, i64 %i
  store { float, float, float, float } %r, ptr %pd
  ret void
}

; m16n8k8: A 2 registers, B 1 (the first half in k of m16n8k16's layout).
define void @k8_f16(ptr %a, ptr %b, ptr %c, ptr %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %pa = getelementptr [2 x <2 x half>], ptr %a, i64 %i
  %pb = getelementptr <2 x half>, ptr %b, i64 %i
  %pc = getelementptr [4 x float], ptr %c, i64 %i
  %va = load [2 x <2 x half>], ptr %pa
  %b0 = load <2 x half>, ptr %pb
  %vc = load [4 x float], ptr %pc
  %a0 = extractvalue [2 x <2 x half>] %va, 0
  %a1 = extractvalue [2 x <2 x half>] %va, 1
  %c0 = extractvalue [4 x float] %vc, 0
  %c1 = extractvalue [4 x float] %vc, 1
  %c2 = extractvalue [4 x float] %vc, 2
  %c3 = extractvalue [4 x float] %vc, 3
  %r = call { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.f32.f32(<2 x half> %a0, <2 x half> %a1, <2 x half> %b0, float %c0, float %c1, float %c2, float %c3)
  %pd = getelementptr [4 x float], ptr %d, i64 %i
  store { float, float, float, float } %r, ptr %pd
  ret void
}

define void @k8_bf16(ptr %a, ptr %b, ptr %c, ptr %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %pa = getelementptr [2 x i32], ptr %a, i64 %i
  %pb = getelementptr i32, ptr %b, i64 %i
  %pc = getelementptr [4 x float], ptr %c, i64 %i
  %va = load [2 x i32], ptr %pa
  %b0 = load i32, ptr %pb
  %vc = load [4 x float], ptr %pc
  %a0 = extractvalue [2 x i32] %va, 0
  %a1 = extractvalue [2 x i32] %va, 1
  %c0 = extractvalue [4 x float] %vc, 0
  %c1 = extractvalue [4 x float] %vc, 1
  %c2 = extractvalue [4 x float] %vc, 2
  %c3 = extractvalue [4 x float] %vc, 3
  %r = call { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.bf16(i32 %a0, i32 %a1, i32 %b0, float %c0, float %c1, float %c2, float %c3)
  %pd = getelementptr [4 x float], ptr %d, i64 %i
  store { float, float, float, float } %r, ptr %pd
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f32(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, float, float, float, float)
declare { <2 x half>, <2 x half> } @llvm.nvvm.mma.m16n8k16.row.col.f16.f16(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>)
declare { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.bf16(i32, i32, i32, i32, i32, i32, float, float, float, float)
declare { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.f32.f32(<2 x half>, <2 x half>, <2 x half>, float, float, float, float)
declare { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.bf16(i32, i32, i32, float, float, float, float)

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5}
!0 = !{ptr @known, !"kernel", i32 1}
!1 = !{ptr @f32_f32, !"kernel", i32 1}
!2 = !{ptr @f16_f16, !"kernel", i32 1}
!3 = !{ptr @bf16, !"kernel", i32 1}
!4 = !{ptr @k8_f16, !"kernel", i32 1}
!5 = !{ptr @k8_bf16, !"kernel", i32 1}
