; NVVM's own calling conventions compile everywhere: ptx_kernel is a kernel
; and ptx_device is C (AMDGPU used to abort on it).
; RUN: %ferry-translate %s --emit=ll --offload-arch=gfx90a -o - | %FileCheck %s
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o %t.gfx90a.hsaco
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx1100 -o %t.gfx1100.hsaco
; RUN: %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o - | %FileCheck %s --check-prefix=PTX
; CHECK: define internal void @f(
; CHECK: define protected amdgpu_kernel void @k(
; CHECK: call void @f(
; PTX: .func f(
; PTX: .entry k(
; PTX: call.uni
; PTX-NEXT: f,

target triple = "nvptx64-nvidia-cuda"

define internal ptx_device void @f(ptr %q) noinline {
  store volatile i32 3, ptr %q
  ret void
}

define ptx_kernel void @k(ptr %q) {
  call ptx_device void @f(ptr %q)
  ret void
}
