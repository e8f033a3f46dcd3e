; LLVM 19's NVPTX selects atomic loads and stores only when monotonic
; ("Cannot select: AtomicLoad seq_cst" for std::atomic<int>::load()).
; Their stronger orderings become the monotonic access between membars:
; before a release (or stronger) access, after an acquire (or stronger) one.
; Read-modify-writes stay relaxed `atom`s, without membars, as LLVM 19 and
; nvcc emit CUDA's atomicAdd/atomicCAS (which clang marks seq_cst).
; RUN: %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o - | %FileCheck %s
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o %t.hsaco
; CHECK-LABEL: .entry k(
; CHECK:      membar.sys;
; CHECK:      ld.volatile.global.u32
; CHECK-NEXT: membar.sys;
; CHECK-NEXT: ld.volatile.global.u64
; CHECK-NEXT: membar.gl;
; CHECK-NEXT: membar.cta;
; CHECK-NEXT: st.volatile.global.u32
; CHECK-NEXT: membar.sys;
; CHECK-NEXT: st.volatile.global.u64
; CHECK-NEXT: membar.sys;
; CHECK-NEXT: atom.global.add.u32
; CHECK-NEXT: atom.global.cas.b64
; A monotonic access keeps no fence.
; CHECK-NEXT: ld.volatile.global.u32
; CHECK-NEXT: ret;

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %a = load atomic i32, ptr addrspace(1) %p seq_cst, align 4
  %b = load atomic i64, ptr addrspace(1) %q syncscope("device") acquire, align 8
  store atomic i32 %a, ptr addrspace(1) %p syncscope("block") release, align 4
  store atomic i64 %b, ptr addrspace(1) %q seq_cst, align 8
  %c = atomicrmw add ptr addrspace(1) %p, i32 1 seq_cst
  %d = cmpxchg ptr addrspace(1) %q, i64 %b, i64 7 seq_cst seq_cst
  %e = load atomic i32, ptr addrspace(1) %p monotonic, align 4
  store i32 %e, ptr addrspace(1) %p
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
