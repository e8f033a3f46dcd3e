; Parameter and result types LLVM 19's NVPTX argument lowering crashes on
; (segfaults): integer vectors wider than 64 bits, i128 arrays, 16-bit
; vectors of 2N elements with N not a power of two, i8 vectors of 4N
; elements likewise, fp128. Refused naming the function and the type; AMDGPU
; compiles them.
; RUN: %not %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o /dev/null 2>&1 | %FileCheck %s
; RUN: %ferry-translate %s --emit=obj --offload-arch=gfx90a -o %t.gfx90a.o
; RUN: %ferry-translate %s --emit=obj --offload-arch=gfx1100 -o %t.gfx1100.o
; CHECK-DAG: error: {{.*}}: in function 'wide': result of type '<7 x i128>': the NVPTX backend cannot pass vectors of integers wider than 64 bits
; CHECK-DAG: error: {{.*}}: in function 'wide': parameter 0 of type '<7 x i128>': the NVPTX backend cannot pass vectors of integers wider than 64 bits
; CHECK-DAG: error: {{.*}}: in function 'bf': parameter 0 of type '<100 x bfloat>': the NVPTX backend cannot pass vectors of an even number N of 16-bit elements where N/2 is not a power of two
; CHECK-DAG: error: {{.*}}: in function 'bytes': parameter 0 of type '<12 x i8>': the NVPTX backend cannot pass vectors of i8 whose length is a multiple of 4 but not 4 times a power of two
; CHECK-DAG: error: {{.*}}: in function 'arr': parameter 0 of type '[3 x i128]': the NVPTX backend cannot pass i128 elements of arrays
; CHECK-DAG: error: {{.*}}: in function 'call_v2i8': call to 'get_v2i8': result of type '<2 x i8>': the NVPTX backend cannot return <2 x i8> from a call
; CHECK-DAG: error: {{.*}}: in function 'quad': parameter 0 of type 'fp128': the NVPTX backend cannot pass floating-point values wider than 64 bits
; CHECK-NOT: 'fine'

target triple = "nvptx64-nvidia-cuda"

define <7 x i128> @wide(<7 x i128> %x) noinline {
  ret <7 x i128> %x
}
define void @bf(<100 x bfloat> %x, ptr %p) noinline {
  store <100 x bfloat> %x, ptr %p
  ret void
}
define void @bytes(<12 x i8> %x, ptr %p) noinline {
  store <12 x i8> %x, ptr %p
  ret void
}
define void @arr([3 x i128] %x, ptr %p) noinline {
  store [3 x i128] %x, ptr %p
  ret void
}
declare <2 x i8> @get_v2i8(i32)
define void @call_v2i8(ptr %p) noinline {
  %v = call <2 x i8> @get_v2i8(i32 1)
  store <2 x i8> %v, ptr %p
  ret void
}
define void @quad(fp128 %x, ptr %p) noinline {
  store fp128 %x, ptr %p
  ret void
}
; Neighbours that NVPTX passes fine.
define { i128, i128 } @fine(<8 x half> %a, <7 x half> %b, <16 x i8> %c, i128 %d, <2 x i8> %e, ptr %p) noinline {
  store <7 x half> %b, ptr %p
  %r = insertvalue { i128, i128 } undef, i128 %d, 0
  ret { i128, i128 } %r
}
