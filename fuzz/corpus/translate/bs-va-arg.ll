; va_arg has no AMDGPU lowering in LLVM 19 (instruction selection aborts):
; refused naming the function. NVPTX compiles it.
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx1100 -o /dev/null 2>&1 | %FileCheck %s
; RUN: %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o %t.ptx
; CHECK: error: {{.*}}va-arg.ll: in function 'next_int': 'va_arg' (reading a variadic argument) cannot be compiled for AMDGPU: LLVM 19 has no lowering for it

target triple = "nvptx64-nvidia-cuda"

define i32 @next_int(ptr %ap) noinline {
  %v = va_arg ptr %ap, i32
  ret i32 %v
}
