; Map §9, tensor cores. WMMA loads and stores address each lane's elements
; in the target's fragment layout; an m16n16k16 mma calls one helper per
; type: on gfx90a MFMA per warp when the whole wave is there (the halves
; swap fragment halves with ds.bpermute lane ^ 32), FMAs across the warp
; otherwise; on gfx1100 WMMA when the warp is whole (bf16: the half-warps
; swap halves of k, lane ^ 16); on gfx1030 FMAs only. mma.sync m16n8k16 and m16n8k8 run on the same
; matrix instructions when the whole wave is there: the PTX-layout
; fragments move into the WMMA layout (ds.bpermute, N and K padded with
; zeros) and D moves back; FMAs across the warp otherwise. f16 accumulators
; are widened and the result rounded once.
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx90a>' -S %s | %FileCheck %s --check-prefixes=CHECK,EMU,CDNA2
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx942>' -S %s | %FileCheck %s --check-prefixes=CHECK,EMU,CDNA3
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx1100>' -S %s | %FileCheck %s --check-prefixes=CHECK,W32
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx1030>' -S %s | %FileCheck %s --check-prefixes=CHECK,FMA
; CHECK-NOT: call {{.*}}@llvm.nvvm

target triple = "nvptx64-nvidia-cuda"

; A row-major with a stride: 16 half loads per lane (EMU32: 8, the other 8
; slots zero) at row * ld + col.
; CHECK-LABEL: define {{.*}} @load_a(
; CHECK:         [[LD:%.*]] = sext i32 %ld to i64
; CHECK:         getelementptr half, ptr %p
; CHECK:         load half
; EMU:           insertvalue {{.*}}, <2 x half> zeroinitializer, 4
; CHECK:         ret {
define { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @load_a(ptr %p, i32 %ld) {
  %r = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr %p, i32 %ld)
  ret { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %r
}

; Without a stride the leading dimension is 16; bf16 elements are i16 bits.
; CHECK-LABEL: define {{.*}} @load_b_bf16(
; CHECK:         mul i64 {{%.*}}, 16
; CHECK:         load i16
; CHECK:         ret { i32, i32, i32, i32 }
define { i32, i32, i32, i32 } @load_b_bf16(ptr addrspace(3) %p) {
  %r = call { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.load.b.col.bf16.p3(ptr addrspace(3) %p)
  ret { i32, i32, i32, i32 } %r
}

; CHECK-LABEL: define void @store_d(
; CHECK-COUNT-8: store float
; CHECK-NEXT:    ret void
define void @store_d(ptr addrspace(1) %p, float %d0, float %d1, float %d2, float %d3, float %d4, float %d5, float %d6, float %d7) {
  call void @llvm.nvvm.wmma.m16n16k16.store.d.col.stride.f32.p1(ptr addrspace(1) %p, float %d0, float %d1, float %d2, float %d3, float %d4, float %d5, float %d6, float %d7, i32 64)
  ret void
}

; CHECK-LABEL: define {{.*}} @mma_f16_f16(
; CHECK:         fpext half {{.*}} to float
; EMU:           call <8 x float> @__ferry_wmma_m16n16k16_f16_mfma_emu32(<16 x half>
; W32:           call <8 x float> @__ferry_wmma_m16n16k16_f16_wmma_w32(<16 x half>
; FMA:           call <8 x float> @__ferry_wmma_m16n16k16_f16_fma_w32(<16 x half>
; CHECK:         fptrunc float {{.*}} to half
define { <2 x half>, <2 x half>, <2 x half>, <2 x half> } @mma_f16_f16(<2 x half> %a, <2 x half> %b, <2 x half> %c) {
  %r = call { <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.mma.col.row.f16.f16(<2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %b, <2 x half> %b, <2 x half> %b, <2 x half> %b, <2 x half> %b, <2 x half> %b, <2 x half> %b, <2 x half> %b, <2 x half> %c, <2 x half> %c, <2 x half> %c, <2 x half> %c)
  ret { <2 x half>, <2 x half>, <2 x half>, <2 x half> } %r
}

; CHECK-LABEL: define {{.*}} @mma_bf16(
; EMU:           call <8 x float> @__ferry_wmma_m16n16k16_bf16_mfma_emu32(<8 x i16>
; W32:           call <8 x float> @__ferry_wmma_m16n16k16_bf16_wmma_w32(<8 x i16>
; FMA:           call <8 x float> @__ferry_wmma_m16n16k16_bf16_fma_w32(<8 x i16>
define { float, float, float, float, float, float, float, float } @mma_bf16(i32 %a, i32 %b, float %c) {
  %r = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.mma.row.row.bf16(i32 %a, i32 %a, i32 %a, i32 %a, i32 %b, i32 %b, i32 %b, i32 %b, float %c, float %c, float %c, float %c, float %c, float %c, float %c, float %c)
  ret { float, float, float, float, float, float, float, float } %r
}

; 8-bit integers: A/B fragments of eight i8 in two i32 (eight slots), int
; accumulators. Signed: MFMA i32_16x16x16i8 on gfx90a, i32_16x16x32_i8 on
; gfx942 (its lanes 0-31 read k 0-15, the rest are zero); WMMA iu8 on gfx11
; with the sign flags; integer multiply-adds across the warp otherwise
; (u8 on gfx9: MFMA's i8 is signed).
; CHECK-LABEL: define {{.*}} @load_a_s8(
; CHECK-COUNT-8: load i8
; CHECK:         ret { i32, i32 }
define { i32, i32 } @load_a_s8(ptr %p, i32 %ld) {
  %r = call { i32, i32 } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.s8.p0(ptr %p, i32 %ld)
  ret { i32, i32 } %r
}

; CHECK-LABEL: define void @store_d_s32(
; CHECK-COUNT-8: store i32
; CHECK-NEXT:    ret void
define void @store_d_s32(ptr %p, i32 %d) {
  call void @llvm.nvvm.wmma.m16n16k16.store.d.row.s32.p0(ptr %p, i32 %d, i32 %d, i32 %d, i32 %d, i32 %d, i32 %d, i32 %d, i32 %d)
  ret void
}

; CHECK-LABEL: define {{.*}} @mma_s8(
; EMU:           call <8 x i32> @__ferry_wmma_m16n16k16_s8_mfma_emu32(<8 x i8>
; W32:           call <8 x i32> @__ferry_wmma_m16n16k16_s8_wmma_w32(<8 x i8>
; FMA:           call <8 x i32> @__ferry_wmma_m16n16k16_s8_fma_w32(<8 x i8>
define { i32, i32, i32, i32, i32, i32, i32, i32 } @mma_s8(i32 %a, i32 %b, i32 %c) {
  %r = call { i32, i32, i32, i32, i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.mma.row.col.s8(i32 %a, i32 %a, i32 %b, i32 %b, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c)
  ret { i32, i32, i32, i32, i32, i32, i32, i32 } %r
}

; .satfinite: the sums clamped to i32: WMMA's clamp operand on gfx11, i64
; multiply-adds and a clamp across the warp elsewhere (MFMA cannot).
; CHECK-LABEL: define {{.*}} @mma_s8_sat(
; EMU:           call <8 x i32> @__ferry_wmma_m16n16k16_s8_sat_fma_emu32(<8 x i8>
; W32:           call <8 x i32> @__ferry_wmma_m16n16k16_s8_sat_wmma_w32(<8 x i8>
define { i32, i32, i32, i32, i32, i32, i32, i32 } @mma_s8_sat(i32 %a, i32 %b, i32 %c) {
  %r = call { i32, i32, i32, i32, i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.mma.row.row.s8.satfinite(i32 %a, i32 %a, i32 %b, i32 %b, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c)
  ret { i32, i32, i32, i32, i32, i32, i32, i32 } %r
}

; CHECK-LABEL: define {{.*}} @mma_u8(
; EMU:           call <8 x i32> @__ferry_wmma_m16n16k16_u8_fma_emu32(<8 x i8>
; W32:           call <8 x i32> @__ferry_wmma_m16n16k16_u8_wmma_w32(<8 x i8>
define { i32, i32, i32, i32, i32, i32, i32, i32 } @mma_u8(i32 %a, i32 %b, i32 %c) {
  %r = call { i32, i32, i32, i32, i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.mma.col.row.u8(i32 %a, i32 %a, i32 %b, i32 %b, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c)
  ret { i32, i32, i32, i32, i32, i32, i32, i32 } %r
}

; f64 m8n8k4: A and B one double per lane (returned bare), C two; the
; product is f64 FMAs across the warp on every target, k ascending.
; CHECK-LABEL: define double @load_a_f64(
; CHECK:         mul i64 {{.*}}, 8
; CHECK:         [[E:%.*]] = load double
; CHECK:         ret double
define double @load_a_f64(ptr %p) {
  %r = call double @llvm.nvvm.wmma.m8n8k4.load.a.col.f64.p0(ptr %p)
  ret double %r
}

; CHECK-LABEL: define {{.*}} @mma_f64(
; EMU:           call <2 x double> @__ferry_dmma_m8n8k4_f64_emu32(<1 x double>
; W32:           call <2 x double> @__ferry_dmma_m8n8k4_f64_w32(<1 x double>
; FMA:           call <2 x double> @__ferry_dmma_m8n8k4_f64_w32(<1 x double>
define { double, double } @mma_f64(double %a, double %b, double %c) {
  %r = call { double, double } @llvm.nvvm.wmma.m8n8k4.mma.row.col.rn.f64(double %a, double %b, double %c, double %c)
  ret { double, double } %r
}

; m32n8k16 and m8n32k16 (f16, bf16): lane l holds a line of the long
; operand and of C; FMAs across the warp on every target.
; CHECK-LABEL: define {{.*}} @load_b_m32n8k16(
; CHECK-COUNT-4: load half
; EMU:           insertvalue {{.*}}, <2 x half> zeroinitializer, 2
define { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @load_b_m32n8k16(ptr %p) {
  %r = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m32n8k16.load.b.col.f16.p0(ptr %p)
  ret { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %r
}

; CHECK-LABEL: define {{.*}} @mma_m8n32k16_bf16(
; EMU:           call <8 x float> @__ferry_wmma_m8n32k16_bf16_fma_emu32(<4 x i16> {{.*}}, <16 x i16>
; W32:           call <8 x float> @__ferry_wmma_m8n32k16_bf16_fma_w32(<4 x i16> {{.*}}, <16 x i16>
define { float, float, float, float, float, float, float, float } @mma_m8n32k16_bf16(i32 %a, i32 %b, float %c) {
  %r = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m8n32k16.mma.row.col.bf16(i32 %a, i32 %a, i32 %b, i32 %b, i32 %b, i32 %b, i32 %b, i32 %b, i32 %b, i32 %b, float %c, float %c, float %c, float %c, float %c, float %c, float %c, float %c)
  ret { float, float, float, float, float, float, float, float } %r
}

; CHECK-LABEL: define {{.*}} @mma_sync(
; EMU:           call <4 x float> @__ferry_mma_m16n8k16_f16_mfma_emu32(<8 x half> {{.*}}, <4 x half> {{.*}}, <4 x float>
; W32:           call <4 x float> @__ferry_mma_m16n8k16_f16_wmma_w32(<8 x half> {{.*}}, <4 x half> {{.*}}, <4 x float>
; FMA:           call <4 x float> @__ferry_mma_m16n8k16_f16_fma_w32(<8 x half> {{.*}}, <4 x half> {{.*}}, <4 x float>
define { float, float, float, float } @mma_sync(<2 x half> %a, <2 x half> %b, float %c) {
  %r = call { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f32(<2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %b, <2 x half> %b, float %c, float %c, float %c, float %c)
  ret { float, float, float, float } %r
}

; m16n8k8: A 2 registers, B 1; bf16 with f32 accumulators.
; CHECK-LABEL: define {{.*}} @mma_sync_k8_bf16(
; EMU:           call <4 x float> @__ferry_mma_m16n8k8_bf16_mfma_emu32(<4 x i16> {{.*}}, <2 x i16> {{.*}}, <4 x float>
; W32:           call <4 x float> @__ferry_mma_m16n8k8_bf16_wmma_w32(<4 x i16> {{.*}}, <2 x i16> {{.*}}, <4 x float>
; FMA:           call <4 x float> @__ferry_mma_m16n8k8_bf16_fma_w32(<4 x i16> {{.*}}, <2 x i16> {{.*}}, <4 x float>
define { float, float, float, float } @mma_sync_k8_bf16(i32 %a, i32 %b, float %c) {
  %r = call { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.bf16(i32 %a, i32 %a, i32 %b, float %c, float %c, float %c, float %c)
  ret { float, float, float, float } %r
}

; The helpers. EMU32: the whole-wave test, the swap with lane ^ 32 and one
; MFMA per warp; the FMA path otherwise.
; EMU-LABEL: define internal <8 x float> @__ferry_wmma_m16n16k16_f16_mfma_emu32(
; EMU:         [[W:%.*]] = call i64 @llvm.amdgcn.ballot.i64(i1 true)
; EMU-NEXT:    %whole.wave = icmp eq i64 [[W]], -1
; EMU-NEXT:    br i1 %whole.wave, label %mfma, label %lanes
; EMU:       mfma:
; EMU:         xor i32 {{%.*}}, 32
; EMU:         call i32 @llvm.amdgcn.ds.bpermute(
; EMU:         call <4 x float> @llvm.amdgcn.mfma.f32.16x16x16f16(<4 x half> {{.*}}, <4 x half> {{.*}}, <4 x float> {{.*}}, i32 0, i32 0, i32 0)
; EMU:         call <4 x float> @llvm.amdgcn.mfma.f32.16x16x16f16(
; EMU:       lanes:
; EMU:         call i32 @llvm.amdgcn.ds.bpermute(
; EMU:         call float @llvm.fma.f32(
; EMU-LABEL: define internal <8 x float> @__ferry_wmma_m16n16k16_bf16_mfma_emu32(
; EMU:         call <4 x float> @llvm.amdgcn.mfma.f32.16x16x16bf16.1k(<4 x i16>
; EMU-LABEL: define internal <8 x i32> @__ferry_wmma_m16n16k16_s8_mfma_emu32(
; EMU:       mfma:
; CDNA2:         call <4 x i32> @llvm.amdgcn.mfma.i32.16x16x16i8(i32 {{.*}}, i32 {{.*}}, <4 x i32>
; CDNA3:         call <4 x i32> @llvm.amdgcn.mfma.i32.16x16x32.i8(i64 {{.*}}, i64 {{.*}}, <4 x i32>
; EMU:       lanes:
; EMU:           sext i8 {{.*}} to i32
; EMU:           mul i32
; EMU-LABEL: define internal <8 x i32> @__ferry_wmma_m16n16k16_s8_sat_fma_emu32(
; EMU-NOT:       @llvm.amdgcn.mfma
; EMU:           call i64 @llvm.smax.i64({{.*}}, i64 -2147483648)
; EMU:           call i64 @llvm.smin.i64({{.*}}, i64 2147483647)
; EMU-LABEL: define internal <8 x i32> @__ferry_wmma_m16n16k16_u8_fma_emu32(
; EMU:           zext i8 {{.*}} to i32
; EMU-NOT:       @llvm.amdgcn.mfma
; W32-LABEL: define internal <8 x float> @__ferry_wmma_m16n16k16_f16_wmma_w32(
; W32:         [[W:%.*]] = call i32 @llvm.amdgcn.ballot.i32(i1 true)
; W32-NEXT:    %whole.wave = icmp eq i32 [[W]], -1
; W32:       wmma:
; W32-NOT:     ds.bpermute
; W32:         call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> {{.*}}, <16 x half> {{.*}}, <8 x float>
; W32:       lanes:
; W32-LABEL: define internal <8 x float> @__ferry_wmma_m16n16k16_bf16_wmma_w32(
; W32:         xor i32 {{%.*}}, 16
; W32:         call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.bf16.v8f32.v16i16(<16 x i16>
; W32-LABEL: define internal <8 x i32> @__ferry_wmma_m16n16k16_s8_wmma_w32(
; W32:         xor i32 {{%.*}}, 16
; W32:         call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v8i32.v4i32(i1 true, <4 x i32> {{.*}}, i1 true, <4 x i32> {{.*}}, <8 x i32> {{.*}}, i1 false)
; W32-LABEL: define internal <8 x i32> @__ferry_wmma_m16n16k16_s8_sat_wmma_w32(
; W32:         call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v8i32.v4i32(i1 true, <4 x i32> {{.*}}, i1 true, <4 x i32> {{.*}}, <8 x i32> {{.*}}, i1 true)
; W32-LABEL: define internal <8 x i32> @__ferry_wmma_m16n16k16_u8_wmma_w32(
; W32:         call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v8i32.v4i32(i1 false, <4 x i32> {{.*}}, i1 false,
; FMA-LABEL: define internal <8 x float> @__ferry_wmma_m16n16k16_f16_fma_w32(
; FMA-NOT:     br
; FMA:         call float @llvm.fma.f32(
; FMA-NOT:     @llvm.amdgcn.wmma
; CHECK-LABEL: define internal <2 x double> @__ferry_dmma_m8n8k4_f64_
; CHECK-NOT:     br
; CHECK-COUNT-4: call double @llvm.fma.f64(
; mma.sync (the k8 helper comes first in the output): the same whole-wave test, the fragments permuted into the
; WMMA layout, the matrix instruction, D permuted back; FMAs otherwise.
; EMU-LABEL: define internal <4 x float> @__ferry_mma_m16n8k8_bf16_mfma_emu32(
; EMU:         call <4 x float> @llvm.amdgcn.mfma.f32.16x16x16bf16.1k(
; EMU-LABEL: define internal <4 x float> @__ferry_mma_m16n8k16_f16_mfma_emu32(
; EMU:         %whole.wave = icmp eq i64 {{%.*}}, -1
; EMU:       mfma:
; EMU:         call i32 @llvm.amdgcn.ds.bpermute(
; EMU:         call <4 x float> @llvm.amdgcn.mfma.f32.16x16x16f16(
; EMU:         call <4 x float> @llvm.amdgcn.mfma.f32.16x16x16f16(
; EMU:         call i32 @llvm.amdgcn.ds.bpermute(
; EMU:       lanes:
; EMU:         call float @llvm.fma.f32(
; W32-LABEL: define internal <4 x float> @__ferry_mma_m16n8k8_bf16_wmma_w32(
; W32:         call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.bf16.v8f32.v16i16(
; W32-LABEL: define internal <4 x float> @__ferry_mma_m16n8k16_f16_wmma_w32(
; W32:         %whole.wave = icmp eq i32 {{%.*}}, -1
; W32:       wmma:
; W32:         call i32 @llvm.amdgcn.ds.bpermute(
; W32:         call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(
; W32:       lanes:
; W32:         call float @llvm.fma.f32(
; FMA-LABEL: define internal <4 x float> @__ferry_mma_m16n8k16_f16_fma_w32(
; FMA-NOT:     br
; FMA:         call i32 @llvm.amdgcn.ds.bpermute(
; FMA:         call float @llvm.fma.f32(

declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr, i32)
declare { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.load.b.col.bf16.p3(ptr addrspace(3))
declare void @llvm.nvvm.wmma.m16n16k16.store.d.col.stride.f32.p1(ptr addrspace(1), float, float, float, float, float, float, float, float, i32)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.mma.col.row.f16.f16(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.mma.row.row.bf16(i32, i32, i32, i32, i32, i32, i32, i32, float, float, float, float, float, float, float, float)
declare { i32, i32 } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.s8.p0(ptr, i32)
declare void @llvm.nvvm.wmma.m16n16k16.store.d.row.s32.p0(ptr, i32, i32, i32, i32, i32, i32, i32, i32)
declare { i32, i32, i32, i32, i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.mma.row.col.s8(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)
declare { i32, i32, i32, i32, i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.mma.row.row.s8.satfinite(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)
declare { i32, i32, i32, i32, i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.mma.col.row.u8(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)
declare double @llvm.nvvm.wmma.m8n8k4.load.a.col.f64.p0(ptr)
declare { double, double } @llvm.nvvm.wmma.m8n8k4.mma.row.col.rn.f64(double, double, double, double)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m32n8k16.load.b.col.f16.p0(ptr)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m8n32k16.mma.row.col.bf16(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, float, float, float, float, float, float, float, float)
declare { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.bf16(i32, i32, i32, float, float, float, float)
declare { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.f32.f32(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, float, float, float, float)
