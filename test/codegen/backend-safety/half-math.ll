; LLVM's math intrinsics on half and bfloat, scalars and vectors: neither
; libdevice nor NVPTX has them and AMDGPU has no tan ("no libcall available
; for ftan", "Cannot select: bf16 = ftan", NVPTX "Cannot select: f32 =
; fsin"; NVVM sweep F8, F9): each element is computed in float and rounded
; back, as CUDA's half functions do, on every target.
; RUN: %ferry-translate %s --emit=ll --offload-arch=gfx90a -o - | %FileCheck %s
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx1100 -o /dev/null
; RUN: %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o /dev/null
; CHECK-LABEL: define {{.*}} @k(
; CHECK: %[[H:.*]] = fpext half %{{.*}} to float
; CHECK: fptrunc float %{{.*}} to half
; CHECK-COUNT-2: fptrunc float %{{.*}} to bfloat
; CHECK-NOT: call {{.*}}@llvm.{{[a-z0-9]+}}.{{v2bf16|bf16|f16}}(

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %h, ptr %b, ptr %v) {
  %x = load half, ptr %h
  %t = call half @llvm.tan.f16(half %x)
  %s = call half @llvm.sin.f16(half %t)
  %p = call half @llvm.pow.f16(half %s, half %x)
  store half %p, ptr %h
  %y = load bfloat, ptr %b
  %e = call bfloat @llvm.tan.bf16(bfloat %y)
  store bfloat %e, ptr %b
  %w = load <2 x bfloat>, ptr %v
  %l = call <2 x bfloat> @llvm.log2.v2bf16(<2 x bfloat> %w)
  store <2 x bfloat> %l, ptr %v
  ret void
}
declare half @llvm.tan.f16(half)
declare half @llvm.sin.f16(half)
declare half @llvm.pow.f16(half, half)
declare bfloat @llvm.tan.bf16(bfloat)
declare <2 x bfloat> @llvm.log2.v2bf16(<2 x bfloat>)

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
