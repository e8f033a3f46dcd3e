; AMDGPU IR with a global constructor and destructor of a device variable
; (what HIP code with dynamic initialization compiles to): llc turns them
; into the kernels amdgcn.device.init and amdgcn.device.fini.
target triple = "amdgcn-amd-amdhsa"

@llvm.global_ctors = appending addrspace(1) global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @init, ptr null }]
@llvm.global_dtors = appending addrspace(1) global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @fini, ptr null }]
@g = protected addrspace(1) global i32 0

define internal void @init() {
  store volatile i32 1, ptr addrspace(1) @g
  ret void
}

define internal void @fini() {
  store volatile i32 0, ptr addrspace(1) @g
  ret void
}

define protected amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %v = load i32, ptr addrspace(1) @g
  store i32 %v, ptr addrspace(1) %p
  ret void
}
