; AMDGPU (LLVM 19) cannot select `uitofp`/`sitofp` of i1 to bfloat ("Cannot
; select: bf16 = uint_to_fp"; NVVM sweep F2): such conversions become selects
; of 1.0 (-1.0 signed) and 0.0, scalars and vectors; the results are checked
; on the emulator against NVVM semantics.
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx1100 -o /dev/null
; RUN: %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o /dev/null
; RUN: %ferry-emu-check --print --spec=%S/Inputs/bool-to-bfloat.spec %s | %FileCheck %s
; CHECK: [gfx90a] k arg1: 1.000000e+00 -1.000000e+00 0.000000e+00 0.000000e+00
; CHECK: [gfx1100] k arg1: 1.000000e+00 -1.000000e+00 0.000000e+00 0.000000e+00

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = icmp eq i32 %t, 0
  %u = uitofp i1 %b to bfloat
  %s = sitofp i1 %b to bfloat
  %v = insertelement <2 x i1> poison, i1 %b, i32 0
  %v2 = insertelement <2 x i1> %v, i1 %b, i32 1
  %vu = uitofp <2 x i1> %v2 to <2 x bfloat>
  %vu0 = extractelement <2 x bfloat> %vu, i32 1
  %sum = fadd bfloat %u, %vu0
  %half = fmul bfloat %sum, 0xR3F00
  %uf = fpext bfloat %half to float
  %sf = fpext bfloat %s to float
  %base = mul i32 %t, 2
  %p0 = getelementptr float, ptr %out, i32 %base
  store float %uf, ptr %p0
  %b1 = add i32 %base, 1
  %p1 = getelementptr float, ptr %out, i32 %b1
  store float %sf, ptr %p1
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
