; A device-function library whose functions are reached through pointers
; (their addresses are in @ops): indirect functions.
target triple = "nvptx64-nvidia-cuda"
@ops = addrspace(1) global [2 x ptr] [ptr @twice, ptr @plus_one]
define float @twice(float %x) {
  %r = fmul float %x, 2.0
  ret float %r
}
define float @plus_one(float %x) {
  %r = fadd float %x, 1.0
  ret float %r
}
define float @direct_only(float %x) {
  %r = fadd float %x, 3.0
  ret float %r
}
