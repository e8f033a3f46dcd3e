; The function table (.ferry.functions) writes a numbered struct type (an
; identified struct without a name) as its body, also inside another struct
; or an array: LLVM's Type::print writes its address, which made -O0 code
; objects differ from run to run.
; RUN: %ferry-translate %s -O0 --offload-arch=gfx90a --emit=obj -o %t.o
; RUN: %ferry-info --image %t.o | %FileCheck %s
; CHECK:     FUNCTION NAME
; CHECK-DAG: function array {{.*}} [2 x { double, double }] (double)
; CHECK-DAG: function packed {{.*}} <{ i32, { double, double } }> (i32)
; CHECK-DAG: function pair {{.*}} { double, double } (double)
; CHECK-NOT: type 0x

target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%0 = type { double, double }
%1 = type <{ i32, %0 }>

define internal %0 @pair(double %x) noinline {
  %a = insertvalue %0 poison, double %x, 0
  %b = insertvalue %0 %a, double %x, 1
  ret %0 %b
}

define internal %1 @packed(i32 %x) noinline {
  %a = insertvalue %1 poison, i32 %x, 0
  ret %1 %a
}

define internal [2 x %0] @array(double %x) noinline {
  %p = call %0 @pair(double %x)
  %a = insertvalue [2 x %0] poison, %0 %p, 0
  ret [2 x %0] %a
}

define void @k(ptr %out, double %x) {
  %p = call %0 @pair(double %x)
  %v = extractvalue %0 %p, 0
  store double %v, ptr %out
  %q = call %1 @packed(i32 1)
  %a = call [2 x %0] @array(double %x)
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
