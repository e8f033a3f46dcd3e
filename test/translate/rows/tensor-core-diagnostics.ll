; Tensor-core intrinsics outside the translated shapes and types: one error
; per call, naming the intrinsic, the shape, the types, the qualifiers and
; the target.
; RUN: %not %ferry-translate %s --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s -DARCH=gfx90a
; RUN: %not %ferry-translate %s --offload-arch=gfx1100 -o /dev/null 2>&1 | %FileCheck %s -DARCH=gfx1100
; RUN: %not %ferry-translate %s --offload-arch=gfx942 -o /dev/null 2>&1 | %count 8
target triple = "nvptx64-nvidia-cuda"

; CHECK-DAG: in function 'm8n32k16': 'llvm.nvvm.wmma.m8n32k16.mma.row.col.s8' cannot be translated to AMDGPU: WMMA shape m8n32k16 with types .s8 has no translation for [[ARCH]] (translated: m16n16k16
define void @m8n32k16(i32 %a, i32 %c) {
  %r = call { i32, i32, i32, i32, i32, i32, i32, i32 } @llvm.nvvm.wmma.m8n32k16.mma.row.col.s8(i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c)
  ret void
}
; CHECK-DAG: in function 'f64_rz': 'llvm.nvvm.wmma.m8n8k4.mma.row.col.rz.f64' cannot be translated to AMDGPU: WMMA shape m8n8k4 with types .f64 and .rz has no translation for [[ARCH]] (translated: m16n16k16 with f16 or bf16 inputs and f32 or f16 accumulators, or s8/u8 inputs and s32 accumulators; m16n16k8 with tf32 inputs and f32 accumulators; m32n8k16 and m8n32k16 with f16 or bf16 inputs; m8n8k4 f64 in .rn)
define void @f64_rz(double %a, double %c) {
  %r = call { double, double } @llvm.nvvm.wmma.m8n8k4.mma.row.col.rz.f64(double %a, double %a, double %c, double %c)
  ret void
}
; CHECK-DAG: in function 'f64_rm': 'llvm.nvvm.wmma.m8n8k4.mma.col.row.rm.f64' cannot be translated to AMDGPU: WMMA shape m8n8k4 with types .f64 and .rm has no translation for [[ARCH]]
define void @f64_rm(double %a, double %c) {
  %r = call { double, double } @llvm.nvvm.wmma.m8n8k4.mma.col.row.rm.f64(double %a, double %a, double %c, double %c)
  ret void
}
; CHECK-DAG: in function 'f16_satfinite': 'llvm.nvvm.wmma.m16n16k16.mma.col.col.f16.f32.satfinite' cannot be translated to AMDGPU: WMMA shape m16n16k16 with types .f16.f32 and .satfinite has no translation for [[ARCH]]
define void @f16_satfinite(<2 x half> %a, float %c) {
  %r = call { <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.mma.col.col.f16.f32.satfinite(<2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, float %c, float %c, float %c, float %c, float %c, float %c, float %c, float %c)
  ret void
}
; CHECK-DAG: in function 'b1': 'llvm.nvvm.wmma.m8n8k128.mma.xor.popc.row.col.b1' cannot be translated to AMDGPU: WMMA shape m8n8k128 with types .b1 and .xor .popc has no translation for [[ARCH]]
define void @b1(i32 %a, i32 %c) {
  %r = call { i32, i32 } @llvm.nvvm.wmma.m8n8k128.mma.xor.popc.row.col.b1(i32 %a, i32 %a, i32 %c, i32 %c)
  ret void
}
; CHECK-DAG: in function 'mma_s8': 'llvm.nvvm.mma.m16n8k32.row.col.s8' cannot be translated to AMDGPU: mma.sync shape m16n8k32 with types .s8 has no translation for [[ARCH]] (translated: m16n8k16 and m16n8k8 .row.col
define void @mma_s8(i32 %a, i32 %c) {
  %r = call { i32, i32, i32, i32 } @llvm.nvvm.mma.m16n8k32.row.col.s8(i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %c, i32 %c, i32 %c, i32 %c)
  ret void
}
; CHECK-DAG: in function 'mma_f64': 'llvm.nvvm.mma.m8n8k4.row.col.f64' cannot be translated to AMDGPU: mma.sync shape m8n8k4 with types .f64 has no translation for [[ARCH]]
define void @mma_f64(double %a, double %c) {
  %r = call { double, double } @llvm.nvvm.mma.m8n8k4.row.col.f64(double %a, double %a, double %c, double %c)
  ret void
}
; CHECK-DAG: in function 'mma_s8_satfinite': 'llvm.nvvm.mma.m16n8k16.row.col.satfinite.s8.u8' cannot be translated to AMDGPU: mma.sync shape m16n8k16 with types .s8.u8 and .satfinite has no translation for [[ARCH]]
define void @mma_s8_satfinite(i32 %a, i32 %c) {
  %r = call { i32, i32, i32, i32 } @llvm.nvvm.mma.m16n8k16.row.col.satfinite.s8.u8(i32 %a, i32 %a, i32 %a, i32 %c, i32 %c, i32 %c, i32 %c)
  ret void
}

declare { i32, i32, i32, i32, i32, i32, i32, i32 } @llvm.nvvm.wmma.m8n32k16.mma.row.col.s8(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)
declare { double, double } @llvm.nvvm.wmma.m8n8k4.mma.row.col.rz.f64(double, double, double, double)
declare { double, double } @llvm.nvvm.wmma.m8n8k4.mma.col.row.rm.f64(double, double, double, double)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.mma.col.col.f16.f32.satfinite(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, float, float, float, float, float, float, float, float)
declare { i32, i32 } @llvm.nvvm.wmma.m8n8k128.mma.xor.popc.row.col.b1(i32, i32, i32, i32)
declare { i32, i32, i32, i32 } @llvm.nvvm.mma.m16n8k32.row.col.s8(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)
declare { double, double } @llvm.nvvm.mma.m8n8k4.row.col.f64(double, double, double, double)
declare { i32, i32, i32, i32 } @llvm.nvvm.mma.m16n8k16.row.col.satfinite.s8.u8(i32, i32, i32, i32, i32, i32, i32)
