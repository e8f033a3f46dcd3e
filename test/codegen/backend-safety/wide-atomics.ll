; Atomic operations wider than 64 bits become libatomic calls in both
; backends (`__atomic_fetch_add_16`), which lld then could not find: refused
; naming the instruction's function (NVVM sweep F11).
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s -DT=AMDGPU
; RUN: %not %ferry-translate %s --emit=ptx --cuda-arch=sm_90 -o /dev/null 2>&1 | %FileCheck %s -DT=NVPTX
; CHECK: error: {{.*}}wide-atomics.ll: in function 'k': atomic 'atomicrmw' of i128 cannot be compiled for [[T]]: GPU atomic operations are at most 64 bits wide (LLVM would call libatomic, which device code does not have)
; CHECK: error: {{.*}}wide-atomics.ll: in function 'k': atomic 'cmpxchg' of i128 cannot be compiled for [[T]]
; CHECK: error: {{.*}}wide-atomics.ll: in function 'k': atomic 'load' of i128 cannot be compiled for [[T]]
; CHECK-NOT: error

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %old = atomicrmw add ptr addrspace(1) %p, i128 1 seq_cst
  %pair = cmpxchg ptr addrspace(1) %p, i128 %old, i128 0 seq_cst seq_cst
  %v = load atomic i128, ptr addrspace(1) %p monotonic, align 16
  store i128 %v, ptr addrspace(1) %q
  %w = atomicrmw add ptr addrspace(1) %q, i64 1 seq_cst
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
