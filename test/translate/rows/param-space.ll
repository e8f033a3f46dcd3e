; NVPTX's kernel-parameter space (addrspace(101)), as NVPTXLowerArgs writes
; it: a byval parameter cast to it and read through it (loads, address
; arithmetic, copies, casts back) reads the parameter's memory through the
; generic pointer it was cast from (NVVM sweep F1: AMDGPU's instruction
; selection gave up on the load). Passing such a pointer to a function or
; storing through it is refused naming the function.
; RUN: %ferry-translate %s --emit=ll --offload-arch=gfx90a -o - | %FileCheck %s
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null
; RUN: %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o /dev/null
; RUN: %ferry-emu-check --print --spec=%S/Inputs/param-space.spec %S/Inputs/param-space-run.ll | %FileCheck %s --check-prefix=EMU
; RUN: cat %s %S/Inputs/param-space-refused.ll > %t.ll
; RUN: %not %ferry-translate %t.ll --emit=ll --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s --check-prefix=REFUSED
; CHECK-LABEL: define protected amdgpu_kernel void @k(ptr addrspace(4) byref(%struct.S) align 4 %s,
; CHECK-NOT: addrspace(101)
; CHECK: %s.flat = addrspacecast ptr addrspace(4) %s to ptr
; CHECK: %q = getelementptr inbounds i8, ptr %s.flat, i64 4
; CHECK: load i32, ptr %q, align 4
; CHECK: call void @llvm.memcpy.p0.p0.i64(ptr {{.*}}, ptr {{.*}}%s.flat, i64 8, i1 false)
; CHECK-LABEL: define protected amdgpu_kernel void @from_intrinsic(
; CHECK-NOT: addrspace(101)
; CHECK: ret void
; EMU: [gfx90a] k arg2: 7 10
; EMU: [gfx1100] k arg2: 7 10
; REFUSED: error: {{.*}}: in function 'f': parameter 1 of 'f' is a pointer into the kernel-parameter space (ptr addrspace(101)), which Ferry does not translate across calls; pass a generic pointer
; REFUSED: error: {{.*}}: in function 'writes': a pointer into the kernel-parameter space (addrspace(101)) is used by 'store i32 1, ptr addrspace(101) %p, align 4': Ferry translates loads, copies, address computations and casts of such pointers (the parameter space is read-only)

target triple = "nvptx64-nvidia-cuda"

%struct.S = type { i32, i32 }

define void @k(ptr byval(%struct.S) align 4 %s, ptr %out) {
  %p = addrspacecast ptr %s to ptr addrspace(101)
  %q = getelementptr inbounds i8, ptr addrspace(101) %p, i64 4
  %v = load i32, ptr addrspace(101) %q, align 4
  store i32 %v, ptr %out
  %copy = alloca %struct.S, align 4
  call void @llvm.memcpy.p0.p101.i64(ptr %copy, ptr addrspace(101) %p, i64 8, i1 false)
  %back = addrspacecast ptr addrspace(101) %p to ptr
  %w = load i32, ptr %back
  %c = load i32, ptr %copy
  %sum = add i32 %w, %c
  %out1 = getelementptr i32, ptr %out, i64 1
  store i32 %sum, ptr %out1
  ret void
}

define void @from_intrinsic(ptr byval(%struct.S) align 4 %s, ptr %out) {
  %p = call ptr addrspace(101) @llvm.nvvm.ptr.gen.to.param.p101.p0(ptr %s)
  %v = load i32, ptr addrspace(101) %p, align 4
  store i32 %v, ptr %out
  ret void
}

declare void @llvm.memcpy.p0.p101.i64(ptr, ptr addrspace(101), i64, i1)
declare ptr addrspace(101) @llvm.nvvm.ptr.gen.to.param.p101.p0(ptr)

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @from_intrinsic, !"kernel", i32 1}
