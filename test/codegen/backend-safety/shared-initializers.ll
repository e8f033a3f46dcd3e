; Shared memory starts undefined in every block. A zero initializer, which
; NVPTX drops, is dropped for AMDGPU too (AMDGPU refused it with
; "<unknown>:0: Gbl.0: unsupported initializer for address space"); any
; other value is refused on every target naming the variable (NVPTX stopped
; with a fatal error). NVVM sweep F4, F5.
; RUN: %ferry-translate %s --emit=ll --offload-arch=gfx90a -o - | %FileCheck %s --check-prefix=AMD
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx1100 -o /dev/null
; RUN: %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o - | %FileCheck %s --check-prefix=PTX
; RUN: sed 's/zeroinitializer/[i32 42, i32 0]/' %s > %t.ll
; RUN: %not %ferry-translate %t.ll --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s --check-prefix=VALUE
; RUN: %not %ferry-translate %t.ll --emit=ptx --cuda-arch=sm_80 -o /dev/null 2>&1 | %FileCheck %s --check-prefix=VALUE
; AMD: @buf = internal addrspace(3) global [2 x i32] undef
; PTX: .shared .align 4 .b8 buf[8];
; VALUE: error: {{.*}}: shared variable 'buf' (addrspace(3)) has an initial value, which shared memory cannot have (it is not initialized when a block starts); assign it in the kernel

target triple = "nvptx64-nvidia-cuda"

@buf = internal addrspace(3) global [2 x i32] zeroinitializer, align 4

define void @k(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr [2 x i32], ptr addrspace(3) @buf, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) @buf
  store i32 %v, ptr %out
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
