; NVVM with a __managed__ variable (annotated "ferry.managed", as
; ferry-nvcc's header makes it) whose initial value is a pointer, not plain
; data.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@x = addrspace(1) externally_initialized global i32 0, align 4
@p = addrspace(1) externally_initialized global ptr addrspacecast (ptr addrspace(1) @x to ptr), align 8
@.str = private unnamed_addr constant [14 x i8] c"ferry.managed\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr addrspacecast (ptr addrspace(1) @p to ptr), ptr @.str, ptr null, i32 0, ptr null }], section "llvm.metadata"

define ptx_kernel void @k(ptr %out) {
  %v = load ptr, ptr addrspacecast (ptr addrspace(1) @p to ptr), align 8
  store ptr %v, ptr %out, align 8
  ret void
}
