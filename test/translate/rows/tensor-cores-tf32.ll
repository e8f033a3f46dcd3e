; Map §9, tf32 tensor cores. WMMA m16n16k8 loads and stores address each
; lane's elements in the m16n16k8 layout (A and B: 4 elements per lane);
; the mma clears the low 13 mantissa bits of every A and B element (the
; top 19 bits are what NVIDIA's tensor cores read) and calls one helper:
; on gfx942 v_mfma_f32_16x16x8_xf32 per warp when the whole wave is there,
; FMAs across the warp otherwise; on gfx90a, gfx1100 and gfx1030 FMAs
; only. mma.sync m16n8k8 and m16n8k4 tf32 move the PTX-layout fragments
; into the m16n16k8 layout around the same MFMA on gfx942 (N and K padded
; with zeros), FMAs across the warp otherwise.
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx90a>' -S %s | %FileCheck %s --check-prefixes=CHECK,NOXF32
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx942>' -S %s | %FileCheck %s --check-prefixes=CHECK,XF32
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx1100>' -S %s | %FileCheck %s --check-prefixes=CHECK,NOXF32
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx1030>' -S %s | %FileCheck %s --check-prefixes=CHECK,NOXF32
; CHECK-NOT: call {{.*}}@llvm.nvvm

target triple = "nvptx64-nvidia-cuda"

; A row-major without a stride: 4 i32 loads per lane, leading dimension 8.
; CHECK-LABEL: define {{.*}} @load_a(
; CHECK:         mul i64 {{%.*}}, 8
; CHECK-COUNT-4: load i32
; CHECK:         ret { i32, i32, i32, i32 }
define { i32, i32, i32, i32 } @load_a(ptr %p) {
  %r = call { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k8.load.a.row.tf32.p0(ptr %p)
  ret { i32, i32, i32, i32 } %r
}

; B column-major with a stride, in group memory.
; CHECK-LABEL: define {{.*}} @load_b(
; CHECK:         sext i32 %ld to i64
; CHECK-COUNT-4: load i32, ptr addrspace(3)
; CHECK:         ret { i32, i32, i32, i32 }
define { i32, i32, i32, i32 } @load_b(ptr addrspace(3) %p, i32 %ld) {
  %r = call { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k8.load.b.col.stride.tf32.p3(ptr addrspace(3) %p, i32 %ld)
  ret { i32, i32, i32, i32 } %r
}

; C and D: 8 f32 per lane, leading dimension 16 without a stride.
; CHECK-LABEL: define {{.*}} @load_c(
; CHECK:         mul i64 {{%.*}}, 16
; CHECK-COUNT-8: load float
define { float, float, float, float, float, float, float, float } @load_c(ptr addrspace(1) %p) {
  %r = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.load.c.col.f32.p1(ptr addrspace(1) %p)
  ret { float, float, float, float, float, float, float, float } %r
}

; CHECK-LABEL: define void @store_d(
; CHECK-COUNT-8: store float
; CHECK-NEXT:    ret void
define void @store_d(ptr %p, float %d, i32 %ld) {
  call void @llvm.nvvm.wmma.m16n16k8.store.d.row.stride.f32.p0(ptr %p, float %d, float %d, float %d, float %d, float %d, float %d, float %d, float %d, i32 %ld)
  ret void
}

; The mma truncates A and B (8 elements per lane) before the helper.
; CHECK-LABEL: define {{.*}} @mma(
; CHECK-COUNT-8: and i32 {{%.*}}, -8192
; XF32:          call <8 x float> @__ferry_wmma_m16n16k8_tf32_mfma_emu32(<4 x float>
; NOXF32:        call <8 x float> @__ferry_wmma_m16n16k8_tf32_fma_{{emu32|w32}}(<4 x float>
define { float, float, float, float, float, float, float, float } @mma(i32 %a, i32 %b, float %c) {
  %r = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.mma.row.col.tf32(i32 %a, i32 %a, i32 %a, i32 %a, i32 %b, i32 %b, i32 %b, i32 %b, float %c, float %c, float %c, float %c, float %c, float %c, float %c, float %c)
  ret { float, float, float, float, float, float, float, float } %r
}

; mma.sync m16n8k8: A 4 registers, B 2, one tf32 each.
; CHECK-LABEL: define {{.*}} @mma_sync_k8(
; CHECK-COUNT-6: and i32 {{%.*}}, -8192
; XF32:          call <4 x float> @__ferry_mma_m16n8k8_tf32_mfma_emu32(<4 x float>
; NOXF32:        call <4 x float> @__ferry_mma_m16n8k8_tf32_fma_{{emu32|w32}}(<4 x float>
define { float, float, float, float } @mma_sync_k8(i32 %a, i32 %b, float %c) {
  %r = call { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.tf32(i32 %a, i32 %a, i32 %a, i32 %a, i32 %b, i32 %b, float %c, float %c, float %c, float %c)
  ret { float, float, float, float } %r
}

; mma.sync m16n8k4: A 2 registers, B 1.
; CHECK-LABEL: define {{.*}} @mma_sync_k4(
; CHECK-COUNT-3: and i32 {{%.*}}, -8192
; XF32:          call <4 x float> @__ferry_mma_m16n8k4_tf32_mfma_emu32(<2 x float>
; NOXF32:        call <4 x float> @__ferry_mma_m16n8k4_tf32_fma_{{emu32|w32}}(<2 x float>
define { float, float, float, float } @mma_sync_k4(i32 %a, i32 %b, float %c) {
  %r = call { float, float, float, float } @llvm.nvvm.mma.m16n8k4.row.col.tf32(i32 %a, i32 %a, i32 %b, float %c, float %c, float %c, float %c)
  ret { float, float, float, float } %r
}

; f2tf32.rna: half a tf32 ulp added to the bits, the low 13 bits cleared; a
; NaN kept.
; CHECK-LABEL: define i32 @to_tf32(
; CHECK:         [[BITS:%.*]] = bitcast float %x to i32
; CHECK:         [[UP:%.*]] = add i32 [[BITS]], 4096
; CHECK:         [[R:%.*]] = and i32 [[UP]], -8192
; CHECK:         [[NAN:%.*]] = fcmp uno float %x, %x
; CHECK:         select i1 [[NAN]], i32 [[BITS]], i32 [[R]]
define i32 @to_tf32(float %x) {
  %r = call i32 @llvm.nvvm.f2tf32.rna(float %x)
  ret i32 %r
}

; The helpers. gfx942, whole wave: each lane sends the half of A and B
; (2 slots each) and of C (4) the partner's MFMA needs, the wave runs one
; xf32 MFMA per warp, and the rows come back; partial waves and the other
; targets: 64 FMAs per lane (8 results, k 0-7).
; XF32-LABEL:  define internal <8 x float> @__ferry_wmma_m16n16k8_tf32_mfma_emu32(
; XF32:          call i64 @llvm.amdgcn.ballot.i64(i1 true)
; XF32:        mfma:
; XF32-COUNT-2:  call <4 x float> @llvm.amdgcn.mfma.f32.16x16x8.xf32(<2 x float>
; XF32:        lanes:
; XF32-COUNT-64: call float @llvm.fma.f32(
; NOXF32-LABEL: define internal <8 x float> @__ferry_wmma_m16n16k8_tf32_fma_
; NOXF32-NOT:    mfma
; NOXF32-COUNT-64: call float @llvm.fma.f32(
; NOXF32:        ret <8 x float>

declare { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k8.load.a.row.tf32.p0(ptr)
declare { i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k8.load.b.col.stride.tf32.p3(ptr addrspace(3), i32)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.load.c.col.f32.p1(ptr addrspace(1))
declare void @llvm.nvvm.wmma.m16n16k8.store.d.row.stride.f32.p0(ptr, float, float, float, float, float, float, float, float, i32)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.mma.row.col.tf32(i32, i32, i32, i32, i32, i32, i32, i32, float, float, float, float, float, float, float, float)
declare { float, float, float, float } @llvm.nvvm.mma.m16n8k8.row.col.tf32(i32, i32, i32, i32, i32, i32, float, float, float, float)
declare { float, float, float, float } @llvm.nvvm.mma.m16n8k4.row.col.tf32(i32, i32, i32, float, float, float, float)
declare i32 @llvm.nvvm.f2tf32.rna(float)
