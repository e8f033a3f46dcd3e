; (Run by param-space.ll on the emulator: the kernel there, without the
; intrinsic the NVVM reference does not model.)
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

declare void @llvm.memcpy.p0.p101.i64(ptr, ptr addrspace(101), i64, i1)

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
