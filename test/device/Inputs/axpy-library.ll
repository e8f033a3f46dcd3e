; A device-function library: a*x + y with libdevice's fmaf.
target triple = "nvptx64-nvidia-cuda"
define float @axpy_element(float %a, float %x, float %y) noinline {
  %r = call float @__nv_fmaf(float %a, float %x, float %y)
  ret float %r
}
declare float @__nv_fmaf(float, float, float)
