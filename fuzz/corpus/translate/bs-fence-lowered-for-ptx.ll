; fence instructions compile for every target: NVPTX (which cannot select
; `fence` in LLVM 19) gets membar at the fence's scope, a single-thread
; fence disappears; AMDGPU keeps the fences with its own scopes.
; RUN: %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o - | %FileCheck %s --check-prefix=PTX
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o %t.gfx90a.hsaco
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx1100 -o %t.gfx1100.hsaco
; PTX-LABEL: .entry k(
; PTX:      st.volatile.global.u32
; PTX-NEXT: membar.sys;
; PTX-NEXT: membar.cta;
; PTX-NEXT: membar.gl;
; PTX-NEXT: membar.gl;
; PTX-NEXT: mov.b32
; PTX-NEXT: st.volatile.global.u32
; PTX-NEXT: ret;

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %p) {
  store volatile i32 1, ptr %p
  fence seq_cst
  fence syncscope("block") acq_rel
  fence syncscope("device") release
  fence syncscope("cluster") acquire
  fence syncscope("singlethread") seq_cst
  store volatile i32 2, ptr %p
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
