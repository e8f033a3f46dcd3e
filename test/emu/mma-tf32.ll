; tf32 tensor cores (WMMA m16n16k8, mma.sync m16n8k8 and m16n8k4) under the
; emulator's NVVM model (each A and B element read as its top 19 bits: the
; low 13 mantissa bits ignored, not rounded) and translated for gfx90a
; (FMAs), gfx942 (v_mfma_f32_16x16x8_xf32 when the whole wave is at the
; call, FMAs otherwise) and gfx1100 (FMAs).
; @known: mma.sync m16n8k8 with A all 0x3F801FFF (1.0 with the 13 low bits
; set: 1.0 read as tf32, 1.0 + 2^-10 if they were rounded) and each B
; register the bits of float(lane) | 0x1000, read as float(lane), so
; D[i][j] = sum over k of lane(k, j) = 32j + 12 with lane(k, j) = 4j + k%4,
; and D slot s of lane l is column 2(l%4) + (s&1) (PTX ISA, "Matrix
; Fragments for mma.m16n8k8", .tf32).
; @known_wmma: a warp writes A (16x8, all 0x3F801FFF) and B (8x16
; row-major, B[k][j] = j + floor(k/2) with the low bit of the f32 set) to
; memory, loads them with WMMA m16n16k8 and stores D = A*B + 0.25
; row-major: D[i][j] = 8j + 12.25 for every row i.
; The other kernels compare random fragments: WMMA row/col layouts with and
; without a stride, in whole waves (block 64: MFMA on gfx942) and in warps
; alone in their wave (block 32: the FMA fallback), and mma.sync m16n8k8
; and m16n8k4, and WMMA m16n16k8 written as inline PTX.
; RUN: %ferry-emu-check %s --spec=%S/Inputs/mma-tf32.spec --reference-only --print | %FileCheck %s
; RUN: %ferry-emu-check %s --spec=%S/Inputs/mma-tf32.spec --arch=gfx90a,gfx942,gfx1100 2>&1 | %count 0
; The corpus kernel tf32_low_bits (test/translate/corpus/src/wmma_tf32.cu):
; A = 1 + 2^-14 (e % 7), B[k][j] = (j + 1) + 2^-16 and C = 1 give
; D[i][j] = 8(j + 1) + 1 exactly (corpus.test compares the translations).
; RUN: %ferry-emu-check %S/../translate/corpus/nolib/wmma_tf32.ll --spec=%S/corpus.spec --reference-only --print | %FileCheck %s --check-prefix=CORPUS
; CORPUS: _Z13tf32_low_bitsPfS_S_ arg3: 9.000000e+00 1.700000e+01 2.500000e+01 3.300000e+01 4.100000e+01 4.900000e+01 5.700000e+01 6.500000e+01 7.300000e+01 8.100000e+01 8.900000e+01 9.700000e+01 1.050000e+02 1.130000e+02 1.210000e+02 1.290000e+02 9.000000e+00
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: known arg1: 1.200000e+01 4.400000e+01 1.200000e+01 4.400000e+01 7.600000e+01 1.080000e+02 7.600000e+01 1.080000e+02
; CHECK: known_wmma arg3: 1.225000e+01 2.025000e+01 2.825000e+01 3.625000e+01

define void @known(ptr %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %f = uitofp i32 %t to float
  %fb = bitcast float %f to i32
  %b = or i32 %fb, 4096
  %r = call { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.tf32(i32 1065361407, i32 1065361407, i32 1065361407, i32 1065361407, i32 %b, i32 %b, float 0.0, float 0.0, float 0.0, float 0.0)
  %i = zext i32 %t to i64
  %p = getelementptr [4 x float], ptr %d, i64 %i
  store { float, float, float, float } %r, ptr %p
  ret void
}

define void @known_wmma(ptr %a, ptr %b, ptr %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %fill
fill:
  %e = phi i32 [ %t, %0 ], [ %e.next, %fill ]
  %ie = zext i32 %e to i64
  %pa = getelementptr i32, ptr %a, i64 %ie
  store i32 1065361407, ptr %pa
  %k = lshr i32 %e, 4
  %j = and i32 %e, 15
  %k2 = lshr i32 %k, 1
  %v = add i32 %j, %k2
  %vf = uitofp i32 %v to float
  %vb = bitcast float %vf to i32
  %vs = or i32 %vb, 1
  %pb = getelementptr i32, ptr %b, i64 %ie
  store i32 %vs, ptr %pb
  %e.next = add i32 %e, 32
  %more = icmp ult i32 %e.next, 128
  br i1 %more, label %fill, label %done
done:
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  %fa = call { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k8.load.a.row.tf32.p0(ptr %a)
  %fb = call { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k8.load.b.row.tf32.p0(ptr %b)
  %a0 = extractvalue { i32, i32, i32, i32 } %fa, 0
  %a1 = extractvalue { i32, i32, i32, i32 } %fa, 1
  %a2 = extractvalue { i32, i32, i32, i32 } %fa, 2
  %a3 = extractvalue { i32, i32, i32, i32 } %fa, 3
  %b0 = extractvalue { i32, i32, i32, i32 } %fb, 0
  %b1 = extractvalue { i32, i32, i32, i32 } %fb, 1
  %b2 = extractvalue { i32, i32, i32, i32 } %fb, 2
  %b3 = extractvalue { i32, i32, i32, i32 } %fb, 3
  %r = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.mma.row.row.tf32(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %b0, i32 %b1, i32 %b2, i32 %b3, float 0.25, float 0.25, float 0.25, float 0.25, float 0.25, float 0.25, float 0.25, float 0.25)
  %d0 = extractvalue { float, float, float, float, float, float, float, float } %r, 0
  %d1 = extractvalue { float, float, float, float, float, float, float, float } %r, 1
  %d2 = extractvalue { float, float, float, float, float, float, float, float } %r, 2
  %d3 = extractvalue { float, float, float, float, float, float, float, float } %r, 3
  %d4 = extractvalue { float, float, float, float, float, float, float, float } %r, 4
  %d5 = extractvalue { float, float, float, float, float, float, float, float } %r, 5
  %d6 = extractvalue { float, float, float, float, float, float, float, float } %r, 6
  %d7 = extractvalue { float, float, float, float, float, float, float, float } %r, 7
  call void @llvm.nvvm.wmma.m16n16k8.store.d.row.f32.p0(ptr %d, float %d0, float %d1, float %d2, float %d3, float %d4, float %d5, float %d6, float %d7)
  ret void
}

; Random fragments from memory: each warp its own tiles.

define void @wmma_row_col(ptr %a, ptr %b, ptr %c, ptr %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %t, 5
  %w64 = zext i32 %w to i64
  %oa = mul i64 %w64, 128
  %oc = mul i64 %w64, 256
  %pa = getelementptr float, ptr %a, i64 %oa
  %pb = getelementptr float, ptr %b, i64 %oa
  %pc = getelementptr float, ptr %c, i64 %oc
  %pd = getelementptr float, ptr %d, i64 %oc
  %fa = call { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k8.load.a.row.tf32.p0(ptr %pa)
  %fb = call { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k8.load.b.col.tf32.p0(ptr %pb)
  %fc = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.load.c.row.f32.p0(ptr %pc)
  %a0 = extractvalue { i32, i32, i32, i32 } %fa, 0
  %a1 = extractvalue { i32, i32, i32, i32 } %fa, 1
  %a2 = extractvalue { i32, i32, i32, i32 } %fa, 2
  %a3 = extractvalue { i32, i32, i32, i32 } %fa, 3
  %b0 = extractvalue { i32, i32, i32, i32 } %fb, 0
  %b1 = extractvalue { i32, i32, i32, i32 } %fb, 1
  %b2 = extractvalue { i32, i32, i32, i32 } %fb, 2
  %b3 = extractvalue { i32, i32, i32, i32 } %fb, 3
  %c0 = extractvalue { float, float, float, float, float, float, float, float } %fc, 0
  %c1 = extractvalue { float, float, float, float, float, float, float, float } %fc, 1
  %c2 = extractvalue { float, float, float, float, float, float, float, float } %fc, 2
  %c3 = extractvalue { float, float, float, float, float, float, float, float } %fc, 3
  %c4 = extractvalue { float, float, float, float, float, float, float, float } %fc, 4
  %c5 = extractvalue { float, float, float, float, float, float, float, float } %fc, 5
  %c6 = extractvalue { float, float, float, float, float, float, float, float } %fc, 6
  %c7 = extractvalue { float, float, float, float, float, float, float, float } %fc, 7
  %r = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.mma.row.col.tf32(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %b0, i32 %b1, i32 %b2, i32 %b3, float %c0, float %c1, float %c2, float %c3, float %c4, float %c5, float %c6, float %c7)
  %d0 = extractvalue { float, float, float, float, float, float, float, float } %r, 0
  %d1 = extractvalue { float, float, float, float, float, float, float, float } %r, 1
  %d2 = extractvalue { float, float, float, float, float, float, float, float } %r, 2
  %d3 = extractvalue { float, float, float, float, float, float, float, float } %r, 3
  %d4 = extractvalue { float, float, float, float, float, float, float, float } %r, 4
  %d5 = extractvalue { float, float, float, float, float, float, float, float } %r, 5
  %d6 = extractvalue { float, float, float, float, float, float, float, float } %r, 6
  %d7 = extractvalue { float, float, float, float, float, float, float, float } %r, 7
  call void @llvm.nvvm.wmma.m16n16k8.store.d.row.f32.p0(ptr %pd, float %d0, float %d1, float %d2, float %d3, float %d4, float %d5, float %d6, float %d7)
  ret void
}

define void @wmma_col_row_stride(ptr %a, ptr %b, ptr %c, ptr %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %t, 5
  %w64 = zext i32 %w to i64
  %oa = mul i64 %w64, 128
  %oc = mul i64 %w64, 256
  %pa = getelementptr float, ptr %a, i64 %oa
  %pb = getelementptr float, ptr %b, i64 %oa
  %pc = getelementptr float, ptr %c, i64 %oc
  %pd = getelementptr float, ptr %d, i64 %oc
  %fa = call { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k8.load.a.col.stride.tf32.p0(ptr %pa, i32 16)
  %fb = call { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k8.load.b.row.stride.tf32.p0(ptr %pb, i32 16)
  %fc = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.load.c.col.stride.f32.p0(ptr %pc, i32 16)
  %a0 = extractvalue { i32, i32, i32, i32 } %fa, 0
  %a1 = extractvalue { i32, i32, i32, i32 } %fa, 1
  %a2 = extractvalue { i32, i32, i32, i32 } %fa, 2
  %a3 = extractvalue { i32, i32, i32, i32 } %fa, 3
  %b0 = extractvalue { i32, i32, i32, i32 } %fb, 0
  %b1 = extractvalue { i32, i32, i32, i32 } %fb, 1
  %b2 = extractvalue { i32, i32, i32, i32 } %fb, 2
  %b3 = extractvalue { i32, i32, i32, i32 } %fb, 3
  %c0 = extractvalue { float, float, float, float, float, float, float, float } %fc, 0
  %c1 = extractvalue { float, float, float, float, float, float, float, float } %fc, 1
  %c2 = extractvalue { float, float, float, float, float, float, float, float } %fc, 2
  %c3 = extractvalue { float, float, float, float, float, float, float, float } %fc, 3
  %c4 = extractvalue { float, float, float, float, float, float, float, float } %fc, 4
  %c5 = extractvalue { float, float, float, float, float, float, float, float } %fc, 5
  %c6 = extractvalue { float, float, float, float, float, float, float, float } %fc, 6
  %c7 = extractvalue { float, float, float, float, float, float, float, float } %fc, 7
  %r = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.mma.col.row.tf32(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %b0, i32 %b1, i32 %b2, i32 %b3, float %c0, float %c1, float %c2, float %c3, float %c4, float %c5, float %c6, float %c7)
  %d0 = extractvalue { float, float, float, float, float, float, float, float } %r, 0
  %d1 = extractvalue { float, float, float, float, float, float, float, float } %r, 1
  %d2 = extractvalue { float, float, float, float, float, float, float, float } %r, 2
  %d3 = extractvalue { float, float, float, float, float, float, float, float } %r, 3
  %d4 = extractvalue { float, float, float, float, float, float, float, float } %r, 4
  %d5 = extractvalue { float, float, float, float, float, float, float, float } %r, 5
  %d6 = extractvalue { float, float, float, float, float, float, float, float } %r, 6
  %d7 = extractvalue { float, float, float, float, float, float, float, float } %r, 7
  call void @llvm.nvvm.wmma.m16n16k8.store.d.col.stride.f32.p0(ptr %pd, float %d0, float %d1, float %d2, float %d3, float %d4, float %d5, float %d6, float %d7, i32 16)
  ret void
}

; mma.sync fragments of each lane from memory: m16n8k8 (A 4 registers, B 2)
; and m16n8k4 (A 2, B 1).

define void @sync_k8(ptr %a, ptr %b, ptr %c, ptr %d) {
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
  %r = call { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.tf32(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %b0, i32 %b1, float %c0, float %c1, float %c2, float %c3)
  %pd = getelementptr [4 x float], ptr %d, i64 %i
  store { float, float, float, float } %r, ptr %pd
  ret void
}

define void @sync_k4(ptr %a, ptr %b, ptr %c, ptr %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %pa = getelementptr [2 x i32], ptr %a, i64 %i
  %pb = getelementptr [1 x i32], ptr %b, i64 %i
  %pc = getelementptr [4 x float], ptr %c, i64 %i
  %va = load [2 x i32], ptr %pa
  %vb = load [1 x i32], ptr %pb
  %vc = load [4 x float], ptr %pc
  %a0 = extractvalue [2 x i32] %va, 0
  %a1 = extractvalue [2 x i32] %va, 1
  %b0 = extractvalue [1 x i32] %vb, 0
  %c0 = extractvalue [4 x float] %vc, 0
  %c1 = extractvalue [4 x float] %vc, 1
  %c2 = extractvalue [4 x float] %vc, 2
  %c3 = extractvalue [4 x float] %vc, 3
  %r = call { float, float, float, float } @llvm.nvvm.mma.m16n8k4.row.col.tf32(i32 %a0, i32 %a1, i32 %b0, float %c0, float %c1, float %c2, float %c3)
  %pd = getelementptr [4 x float], ptr %d, i64 %i
  store { float, float, float, float } %r, ptr %pd
  ret void
}

; WMMA m16n16k8 written as inline PTX (A row-major from global memory with
; a stride, B column-major, C and D row-major): the emulator's NVVM side
; runs it through the translator's PTX front end and its NVVM model.
define void @wmma_asm(ptr %a, ptr %b, ptr %c, ptr %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %t, 5
  %w64 = zext i32 %w to i64
  %oa = mul i64 %w64, 128
  %oc = mul i64 %w64, 256
  %pa = getelementptr float, ptr %a, i64 %oa
  %pb = getelementptr float, ptr %b, i64 %oa
  %pc = getelementptr float, ptr %c, i64 %oc
  %pd = getelementptr float, ptr %d, i64 %oc
  %ga = addrspacecast ptr %pa to ptr addrspace(1)
  %fa = call { i32, i32, i32, i32 } asm "wmma.load.a.sync.aligned.row.m16n16k8.global.tf32 {$0,$1,$2,$3}, [$4], $5;", "=r,=r,=r,=r,l,r"(ptr addrspace(1) %ga, i32 8)
  %fb = call { i32, i32, i32, i32 } asm "wmma.load.b.sync.aligned.col.m16n16k8.tf32 {$0,$1,$2,$3}, [$4];", "=r,=r,=r,=r,l"(ptr %pb)
  %fc = call { float, float, float, float, float, float, float, float } asm "wmma.load.c.sync.aligned.row.m16n16k8.f32 {$0,$1,$2,$3,$4,$5,$6,$7}, [$8];", "=f,=f,=f,=f,=f,=f,=f,=f,l"(ptr %pc)
  %a0 = extractvalue { i32, i32, i32, i32 } %fa, 0
  %a1 = extractvalue { i32, i32, i32, i32 } %fa, 1
  %a2 = extractvalue { i32, i32, i32, i32 } %fa, 2
  %a3 = extractvalue { i32, i32, i32, i32 } %fa, 3
  %b0 = extractvalue { i32, i32, i32, i32 } %fb, 0
  %b1 = extractvalue { i32, i32, i32, i32 } %fb, 1
  %b2 = extractvalue { i32, i32, i32, i32 } %fb, 2
  %b3 = extractvalue { i32, i32, i32, i32 } %fb, 3
  %c0 = extractvalue { float, float, float, float, float, float, float, float } %fc, 0
  %c1 = extractvalue { float, float, float, float, float, float, float, float } %fc, 1
  %c2 = extractvalue { float, float, float, float, float, float, float, float } %fc, 2
  %c3 = extractvalue { float, float, float, float, float, float, float, float } %fc, 3
  %c4 = extractvalue { float, float, float, float, float, float, float, float } %fc, 4
  %c5 = extractvalue { float, float, float, float, float, float, float, float } %fc, 5
  %c6 = extractvalue { float, float, float, float, float, float, float, float } %fc, 6
  %c7 = extractvalue { float, float, float, float, float, float, float, float } %fc, 7
  %r = call { float, float, float, float, float, float, float, float } asm "wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32 {$0,$1,$2,$3,$4,$5,$6,$7}, {$8,$9,$10,$11}, {$12,$13,$14,$15}, {$16,$17,$18,$19,$20,$21,$22,$23};", "=f,=f,=f,=f,=f,=f,=f,=f,r,r,r,r,r,r,r,r,f,f,f,f,f,f,f,f"(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %b0, i32 %b1, i32 %b2, i32 %b3, float %c0, float %c1, float %c2, float %c3, float %c4, float %c5, float %c6, float %c7)
  %d0 = extractvalue { float, float, float, float, float, float, float, float } %r, 0
  %d1 = extractvalue { float, float, float, float, float, float, float, float } %r, 1
  %d2 = extractvalue { float, float, float, float, float, float, float, float } %r, 2
  %d3 = extractvalue { float, float, float, float, float, float, float, float } %r, 3
  %d4 = extractvalue { float, float, float, float, float, float, float, float } %r, 4
  %d5 = extractvalue { float, float, float, float, float, float, float, float } %r, 5
  %d6 = extractvalue { float, float, float, float, float, float, float, float } %r, 6
  %d7 = extractvalue { float, float, float, float, float, float, float, float } %r, 7
  call void asm sideeffect "wmma.store.d.sync.aligned.row.m16n16k8.f32 [$0], {$1,$2,$3,$4,$5,$6,$7,$8};", "l,f,f,f,f,f,f,f,f"(ptr %pd, float %d0, float %d1, float %d2, float %d3, float %d4, float %d5, float %d6, float %d7)
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.bar.warp.sync(i32)
declare void @llvm.nvvm.wmma.m16n16k8.store.d.col.stride.f32.p0(ptr, float, float, float, float, float, float, float, float, i32)
declare void @llvm.nvvm.wmma.m16n16k8.store.d.row.f32.p0(ptr, float, float, float, float, float, float, float, float)
declare { float, float, float, float } @llvm.nvvm.mma.m16n8k4.row.col.tf32(i32, i32, i32, float, float, float, float)
declare { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.tf32(i32, i32, i32, i32, i32, i32, float, float, float, float)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.load.c.col.stride.f32.p0(ptr, i32)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.load.c.row.f32.p0(ptr)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.mma.col.row.tf32(i32, i32, i32, i32, i32, i32, i32, i32, float, float, float, float, float, float, float, float)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.mma.row.col.tf32(i32, i32, i32, i32, i32, i32, i32, i32, float, float, float, float, float, float, float, float)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.mma.row.row.tf32(i32, i32, i32, i32, i32, i32, i32, i32, float, float, float, float, float, float, float, float)
declare { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k8.load.a.col.stride.tf32.p0(ptr, i32)
declare { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k8.load.a.row.tf32.p0(ptr)
declare { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k8.load.b.col.tf32.p0(ptr)
declare { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k8.load.b.row.stride.tf32.p0(ptr, i32)
declare { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k8.load.b.row.tf32.p0(ptr)

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6}
!0 = !{ptr @known, !"kernel", i32 1}
!1 = !{ptr @known_wmma, !"kernel", i32 1}
!2 = !{ptr @wmma_row_col, !"kernel", i32 1}
!3 = !{ptr @wmma_col_row_stride, !"kernel", i32 1}
!4 = !{ptr @sync_k8, !"kernel", i32 1}
!5 = !{ptr @sync_k4, !"kernel", i32 1}
!6 = !{ptr @wmma_asm, !"kernel", i32 1}
