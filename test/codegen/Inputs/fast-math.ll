; A kernel compiled with CUDA's -use_fast_math: no infinities, no NaNs.
target triple = "nvptx64-nvidia-cuda"
define void @fast(ptr %p, float %x) #0 {
  %s = call float @__nv_sinf(float %x)
  store float %s, ptr %p
  ret void
}
declare float @__nv_sinf(float)
attributes #0 = { "no-infs-fp-math"="true" "no-nans-fp-math"="true" "unsafe-fp-math"="true" }
!nvvm.annotations = !{!0}
!0 = !{ptr @fast, !"kernel", i32 1}
