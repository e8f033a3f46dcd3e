; A byval kernel parameter that the kernel writes (or passes on) is copied to
; private memory with the parameter's alignment: the outlined region kernels
; take their closure as `byval([48 x i8]) align 16` (its __int128 fields are
; read with align 16); a copy aligned to 1 made every region of a program
; built with -fsanitize=alignment trap on the emulated devices.
; RUN: %opt-ferry -passes='nvvm-to-amdgpu<arch=gfx90a>' -S %s | %FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @run(ptr)

; CHECK-LABEL: define protected amdgpu_kernel void @k(
; CHECK-SAME:    ptr addrspace(4) byref([48 x i8]) align 16 %closure
; CHECK:         %closure.copy = alloca [48 x i8], align 16, addrspace(5)
; CHECK:         call void @llvm.memcpy.p0.p0.i64(ptr align 16 {{%.*}}, ptr align 16 %closure.flat, i64 48, i1 false)
define void @k(ptr byval([48 x i8]) align 16 %closure) {
  call void @run(ptr %closure)
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
