; A kernel calling a device function defined in another image (a library).
target triple = "nvptx64-nvidia-cuda"
define void @uses_library(ptr %p) {
  %v = call float @library_fn(float 1.0)
  store float %v, ptr %p
  ret void
}
declare float @library_fn(float)
!nvvm.annotations = !{!0}
!0 = !{ptr @uses_library, !"kernel", i32 1}
