; A variable the module declares and no one defines (another unit's `extern
; __device__` variable) is named like an undefined function, not in lld's
; words with temporary file names (NVVM sweep F11). Dynamic shared memory
; (an undefined shared variable) is not one.
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s
; CHECK: error: {{.*}}undefined-variables.ll: the code object would call undefined functions 'f' and use undefined variables 'gv' (define them, or build a relocatable object and link the device-function library at load time)
; CHECK-NOT: ld.lld

target triple = "nvptx64-nvidia-cuda"

@gv = external addrspace(1) global i32
@dyn = external addrspace(3) global [0 x i32]

declare i32 @f(i32)

define void @k(ptr %out) {
  %v = load i32, ptr addrspace(1) @gv
  %d = load i32, ptr addrspace(3) @dyn
  %s = add i32 %v, %d
  %r = call i32 @f(i32 %s)
  store i32 %r, ptr %out
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
