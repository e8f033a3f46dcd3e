; A kernel that calls a device function of its own, a function defined in
; another image, and a function pointer.
target triple = "nvptx64-nvidia-cuda"
define internal float @twice(float %x) noinline {
  %r = fmul float %x, 2.0
  ret float %r
}
declare float @from_library(float, i32)
define void @mix(ptr %p, ptr %fn) {
  %v = load float, ptr %p
  %a = call float @twice(float %v)
  %b = call float @from_library(float %a, i32 3)
  %c = call float %fn(float %b)
  store float %c, ptr %p
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @mix, !"kernel", i32 1}
