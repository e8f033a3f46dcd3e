; Conversions between 128-bit (and 96-bit) integers and floating point, which
; LLVM 19's NVPTX cannot compile; ferry-prepare-codegen-nvptx expands them
; and wide-int-fp.test runs the expansion on the host.
define double @s128_f64(i128 %x) {
  %r = sitofp i128 %x to double
  ret double %r
}
define double @u128_f64(i128 %x) {
  %r = uitofp i128 %x to double
  ret double %r
}
define float @s128_f32(i128 %x) {
  %r = sitofp i128 %x to float
  ret float %r
}
define float @u128_f32(i128 %x) {
  %r = uitofp i128 %x to float
  ret float %r
}
define half @u128_f16(i128 %x) {
  %r = uitofp i128 %x to half
  ret half %r
}
define double @s96_f64(i128 %x) {
  %t = trunc i128 %x to i96
  %r = sitofp i96 %t to double
  ret double %r
}
define i128 @f64_s128(double %x) {
  %r = fptosi double %x to i128
  ret i128 %r
}
define i128 @f64_u128(double %x) {
  %r = fptoui double %x to i128
  ret i128 %r
}
define i128 @f32_s128(float %x) {
  %r = fptosi float %x to i128
  ret i128 %r
}
define i128 @f64_u96(double %x) {
  %t = fptoui double %x to i96
  %r = zext i96 %t to i128
  ret i128 %r
}
