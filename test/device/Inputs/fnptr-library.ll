; A device-function library for indirect calls: two functions of one type,
; whose addresses kernels of other images call through.
target triple = "nvptx64-nvidia-cuda"
define float @twice(float %x) {
  %r = fmul float %x, 2.0
  ret float %r
}
define float @plus_one(float %x) {
  %r = fadd float %x, 1.0
  ret float %r
}
