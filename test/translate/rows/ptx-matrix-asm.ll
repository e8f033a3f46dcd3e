; Inline PTX tensor-core instructions become the llvm.nvvm.mma / wmma calls
; clang emits for the same shapes and share their lowering: mma.sync
; m16n8k16 and m16n8k8 (f16 with f16/f32 accumulators, bf16 with f32),
; m16n8k8 and m16n8k4 with tf32, and wmma load/mma/store of m16n16k16 and
; of m16n16k8 with tf32, with state spaces and strides; cvt.rna.tf32.f32 becomes llvm.nvvm.f2tf32.rna.
; RUN: %opt-ferry -passes='ferry-lower-ptx-asm<arch=gfx90a>' -S %s | %FileCheck %s --check-prefixes=CHECK,EMU,NOXF32
; RUN: %opt-ferry -passes='ferry-lower-ptx-asm<arch=gfx942>' -S %s | %FileCheck %s --check-prefixes=TF32,XF32
; RUN: %opt-ferry -passes='ferry-lower-ptx-asm<arch=gfx1100>' -S %s | %FileCheck %s --check-prefixes=CHECK,W32,NOXF32
; CHECK-NOT: call {{.*}} asm
; CHECK-NOT: call {{.*}} @llvm.nvvm

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define { float, float, float, float } @mma_f32(
; CHECK:         bitcast i32 %a0 to <2 x half>
; EMU:           call <4 x float> @__ferry_mma_m16n8k16_f16_mfma_emu32(<8 x half>
; W32:           call <4 x float> @__ferry_mma_m16n8k16_f16_wmma_w32(<8 x half>
define { float, float, float, float } @mma_f32(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %b0, i32 %b1, float %c0, float %c1, float %c2, float %c3) {
  %r = call { float, float, float, float } asm sideeffect "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {$0,$1,$2,$3}, {$4,$5,$6,$7}, {$8,$9}, {$10,$11,$12,$13};", "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f"(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %b0, i32 %b1, float %c0, float %c1, float %c2, float %c3)
  ret { float, float, float, float } %r
}

; f16 accumulators in two registers each way; the result is rounded to f16.
; CHECK-LABEL: define { i32, i32 } @mma_f16(
; CHECK:         fpext half {{.*}} to float
; EMU:           call <4 x float> @__ferry_mma_m16n8k16_f16_mfma_emu32(
; CHECK:         fptrunc float {{.*}} to half
define { i32, i32 } @mma_f16(i32 %a, i32 %b, i32 %c) {
  %r = call { i32, i32 } asm "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {$0,$1}, {$2,$2,$2,$2}, {$3,$3}, {$4,$4};", "=r,=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret { i32, i32 } %r
}

; m16n8k8 with bf16: A two registers, B one.
; CHECK-LABEL: define { float, float, float, float } @mma_k8_bf16(
; EMU:           call <4 x float> @__ferry_mma_m16n8k8_bf16_mfma_emu32(<4 x i16>
; W32:           call <4 x float> @__ferry_mma_m16n8k8_bf16_wmma_w32(<4 x i16>
define { float, float, float, float } @mma_k8_bf16(i32 %a, i32 %b, float %c) {
  %r = call { float, float, float, float } asm "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {$0,$1,$2,$3}, {$4,$4}, {$5}, {$6,$6,$6,$6};", "=f,=f,=f,=f,r,r,f"(i32 %a, i32 %b, float %c)
  ret { float, float, float, float } %r
}

; tf32: one element per register, the low 13 mantissa bits cleared.
; CHECK-LABEL: define { float, float, float, float } @mma_tf32_k8(
; TF32-LABEL:  define { float, float, float, float } @mma_tf32_k8(
; CHECK-COUNT-6: and i32 {{%.*}}, -8192
; XF32:          call <4 x float> @__ferry_mma_m16n8k8_tf32_mfma_emu32(<4 x float>
; NOXF32:        call <4 x float> @__ferry_mma_m16n8k8_tf32_fma_{{emu32|w32}}(<4 x float>
define { float, float, float, float } @mma_tf32_k8(i32 %a, i32 %b, float %c) {
  %r = call { float, float, float, float } asm "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {$0,$1,$2,$3}, {$4,$4,$4,$4}, {$5,$5}, {$6,$6,$6,$6};", "=f,=f,=f,=f,r,r,f"(i32 %a, i32 %b, float %c)
  ret { float, float, float, float } %r
}

; CHECK-LABEL: define { float, float, float, float } @mma_tf32_k4(
; TF32-LABEL:  define { float, float, float, float } @mma_tf32_k4(
; XF32:          call <4 x float> @__ferry_mma_m16n8k4_tf32_mfma_emu32(<2 x float>
; NOXF32:        call <4 x float> @__ferry_mma_m16n8k4_tf32_fma_{{emu32|w32}}(<2 x float>
define { float, float, float, float } @mma_tf32_k4(i32 %a, i32 %b, float %c) {
  %r = call { float, float, float, float } asm "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 {$0,$1,$2,$3}, {$4,$4}, {$5}, {$6,$6,$6,$6};", "=f,=f,=f,=f,r,r,f"(i32 %a, i32 %b, float %c)
  ret { float, float, float, float } %r
}

; cvt.rna.tf32.f32 as CUDA's __float_to_tf32 writes it (a scoped .b32
; register moved to an f32 output); .satfinite turns an infinite result
; into the largest finite tf32 (0x7F7FE000) of its sign.
; CHECK-LABEL: define float @to_tf32(
; CHECK:         add i32 {{%.*}}, 4096
; CHECK:         and i32 {{%.*}}, -8192
define float @to_tf32(float %x) {
  %r = call float asm "{\0A  .reg .b32 __$$1;\0A   cvt.rna.tf32.f32 __$$1, $1;\0A   mov.b32 $0, __$$1;\0A}\0A", "=f,f"(float %x)
  ret float %r
}
; CHECK-LABEL: define i32 @to_tf32_satfinite(
; CHECK:         and i32 {{%.*}}, -8192
; CHECK:         icmp eq i32 {{%.*}}, 2139095040
; CHECK:         or i32 {{%.*}}, 2139086848
define i32 @to_tf32_satfinite(float %x) {
  %r = call i32 asm "cvt.rna.satfinite.tf32.f32 $0, $1;", "=r,f"(float %x)
  ret i32 %r
}

; wmma in asm: a load from shared memory with a stride, the product, a
; store to global memory without one (leading dimension 16).
; CHECK-LABEL: define void @wmma_asm(
; CHECK:         load half, ptr addrspace(3)
; EMU:           call <8 x float> @__ferry_wmma_m16n16k16_f16_mfma_emu32(
; W32:           call <8 x float> @__ferry_wmma_m16n16k16_f16_wmma_w32(
; CHECK:         mul i64 {{.*}}, 16
; CHECK:         store float {{.*}}, ptr addrspace(1)
define void @wmma_asm(ptr addrspace(3) %s, ptr addrspace(1) %g, i32 %ld) {
  %a = call { i32, i32, i32, i32, i32, i32, i32, i32 } asm "wmma.load.a.sync.aligned.row.m16n16k16.shared.f16 {$0,$1,$2,$3,$4,$5,$6,$7}, [$8], $9;", "=r,=r,=r,=r,=r,=r,=r,=r,r,r"(ptr addrspace(3) %s, i32 %ld)
  %a0 = extractvalue { i32, i32, i32, i32, i32, i32, i32, i32 } %a, 0
  %d = call { float, float, float, float, float, float, float, float } asm "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {$0,$1,$2,$3,$4,$5,$6,$7}, {$8,$8,$8,$8,$8,$8,$8,$8}, {$8,$8,$8,$8,$8,$8,$8,$8}, {$9,$9,$9,$9,$9,$9,$9,$9};", "=f,=f,=f,=f,=f,=f,=f,=f,r,f"(i32 %a0, float 0.0)
  %d0 = extractvalue { float, float, float, float, float, float, float, float } %d, 0
  call void asm sideeffect "wmma.store.d.sync.aligned.col.m16n16k16.global.f32 [$0], {$1,$1,$1,$1,$1,$1,$1,$1};", "l,f"(ptr addrspace(1) %g, float %d0)
  ret void
}

; wmma m16n16k8 with tf32 in asm: A from global memory with a stride (4
; registers of f32 bits), the product on truncated inputs (the xf32 MFMA on
; gfx942), D stored to shared memory row-major (leading dimension 16).
; CHECK-LABEL: define void @wmma_tf32_asm(
; TF32-LABEL:  define void @wmma_tf32_asm(
; CHECK-COUNT-4: load i32, ptr addrspace(1)
; CHECK:         and i32 {{%.*}}, -8192
; XF32:          call <8 x float> @__ferry_wmma_m16n16k8_tf32_mfma_emu32(<4 x float>
; NOXF32:        call <8 x float> @__ferry_wmma_m16n16k8_tf32_fma_{{emu32|w32}}(<4 x float>
; CHECK:         mul i64 {{.*}}, 16
; CHECK:         store float {{.*}}, ptr addrspace(3)
define void @wmma_tf32_asm(ptr addrspace(1) %g, ptr addrspace(3) %s, i32 %ld) {
  %a = call { i32, i32, i32, i32 } asm "wmma.load.a.sync.aligned.row.m16n16k8.global.tf32 {$0,$1,$2,$3}, [$4], $5;", "=r,=r,=r,=r,l,r"(ptr addrspace(1) %g, i32 %ld)
  %a0 = extractvalue { i32, i32, i32, i32 } %a, 0
  %d = call { float, float, float, float, float, float, float, float } asm "wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32 {$0,$1,$2,$3,$4,$5,$6,$7}, {$8,$8,$8,$8}, {$8,$8,$8,$8}, {$9,$9,$9,$9,$9,$9,$9,$9};", "=f,=f,=f,=f,=f,=f,=f,=f,r,f"(i32 %a0, float 0.0)
  %d0 = extractvalue { float, float, float, float, float, float, float, float } %d, 0
  call void asm sideeffect "wmma.store.d.sync.aligned.row.m16n16k8.shared.f32 [$0], {$1,$1,$1,$1,$1,$1,$1,$1};", "r,f"(ptr addrspace(3) %s, float %d0)
  ret void
}
