; Global constructors and destructors: PTX has no load-time initialization
; (LLVM 19's NVPTX aborts), and on AMDGPU they would become
; amdgcn.device.init/fini kernels that Ferry's runtime does not launch (CUDA
; has no dynamic initialization of device variables): refused for both,
; naming each function.
; RUN: %not %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s --check-prefix=AMD
; RUN: %not %ferry-translate %s --emit=offload --offload-arch=gfx1100 -o /dev/null 2>&1 | %FileCheck %s --check-prefix=AMD
; AMD-DAG: error: {{.*}}global-structors.ll: in function 'init': global constructor (llvm.global_ctors) is not supported for AMDGPU: it would become an amdgcn.device.init kernel that Ferry's runtime does not run (CUDA has no dynamic initialization of device variables)
; AMD-DAG: error: {{.*}}global-structors.ll: in function 'fini': global destructor (llvm.global_dtors) is not supported for AMDGPU: it would become an amdgcn.device.fini kernel that Ferry's runtime does not run (CUDA has no dynamic finalization of device variables)
; CHECK-DAG: error: {{.*}}global-structors.ll: in function 'init': global constructor (llvm.global_ctors) cannot be compiled for NVPTX: PTX has no load-time initialization of device variables
; CHECK-DAG: error: {{.*}}global-structors.ll: in function 'fini': global destructor (llvm.global_dtors) cannot be compiled for NVPTX: PTX has no load-time finalization of device variables

target triple = "nvptx64-nvidia-cuda"

@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @init, ptr null }]
@llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @fini, ptr null }]
@g = addrspace(1) global i32 0

define internal void @init() {
  store volatile i32 1, ptr addrspace(1) @g
  ret void
}

define internal void @fini() {
  store volatile i32 0, ptr addrspace(1) @g
  ret void
}
