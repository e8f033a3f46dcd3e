; va_arg has no AMDGPU lowering in LLVM 19 (instruction selection aborts):
; refused naming the function. NVPTX compiles it, with 64-bit local
; pointers: LLVM 19 aborts on it with the 32-bit ones (nvptx-short-ptr) that
; other modules get (test ptx-shared-pointers.ll).
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx1100 -o /dev/null 2>&1 | %FileCheck %s
; RUN: %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o - | %FileCheck %s --check-prefix=PTX
; CHECK: error: {{.*}}va-arg.ll: in function 'next_int': 'va_arg' (reading a variadic argument) cannot be compiled for AMDGPU: LLVM 19 has no lowering for it
; PTX: ld.local.u32 %r{{[0-9]+}}, [%rd{{[0-9]+}}];

target triple = "nvptx64-nvidia-cuda"

define i32 @next_int(ptr %ap) noinline {
  %v = va_arg ptr %ap, i32
  ret i32 %v
}

define i32 @first_of(i32 %n, ...) noinline {
  %ap = alloca ptr
  call void @llvm.va_start(ptr %ap)
  %x = load ptr, ptr %ap
  %y = load i32, ptr %x
  call void @llvm.va_end(ptr %ap)
  ret i32 %y
}
declare void @llvm.va_start(ptr)
declare void @llvm.va_end(ptr)
