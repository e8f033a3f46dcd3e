; A parameter of a type with no size (an empty struct or array) stops LLVM's
; NVPTX backend ("Empty parameter types are not supported", a fatal error;
; NVVM sweep F5): refused naming the function and parameter. AMDGPU passes
; it (nothing).
; RUN: %not %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o /dev/null 2>&1 | %FileCheck %s
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null
; CHECK: error: {{.*}}: in function 'f': parameter 0 of type '%struct.A = type { [0 x float] }': the NVPTX backend cannot pass values of a type with no size (an empty struct or array)

target triple = "nvptx64-nvidia-cuda"

%struct.A = type { [0 x float] }

define i32 @f(%struct.A %a, i32 %b) {
  ret i32 %b
}

define void @k(ptr %out) {
  %r = call i32 @f(%struct.A zeroinitializer, i32 3)
  store i32 %r, ptr %out
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
