; f16/bf16 forms the PTX ISA does not define are diagnosed, one error per
; asm call, naming the instruction and why: directed rounding of f16/bf16
; arithmetic (PTX rounds it .rn only), .rm/.rp packing conversions (PTX's
; cvt.{f16x2,bf16x2}.f32 rounds .rn or .rz), and .relu/.satfinite on
; destinations other than f16/bf16.
; RUN: %not %ferry-translate %s -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s -o /dev/null 2>&1 | %count 6
target triple = "nvptx64-nvidia-cuda"

; CHECK-DAG: in function 'add_rz_f16': inline PTX cannot be translated: instruction 'add.rz.f16 $0, $1, $1': the PTX ISA defines .rz for f32/f64 arithmetic only (f16, bf16 and their pairs round .rn)
define i16 @add_rz_f16(i16 %a) {
  %r = call i16 asm "add.rz.f16 $0, $1, $1;", "=h,h"(i16 %a)
  ret i16 %r
}
; CHECK-DAG: in function 'fma_rm_bf16x2': inline PTX cannot be translated: instruction 'fma.rm.bf16x2 $0, $1, $1, $1': the PTX ISA defines .rm for f32/f64 arithmetic only (f16, bf16 and their pairs round .rn)
define i32 @fma_rm_bf16x2(i32 %a) {
  %r = call i32 asm "fma.rm.bf16x2 $0, $1, $1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'pack_rp': inline PTX cannot be translated: instruction 'cvt.rp.f16x2.f32 $0, $1, $1': cvt.{f16x2,bf16x2}.f32 rounds .rn or .rz (the PTX ISA has no .rp for it)
define i32 @pack_rp(float %a) {
  %r = call i32 asm "cvt.rp.f16x2.f32 $0, $1, $1;", "=r,f"(float %a)
  ret i32 %r
}
; CHECK-DAG: in function 'pack_f64': inline PTX cannot be translated: instruction 'cvt.rn.bf16x2.f64 $0, $1, $1': only cvt.{f16x2,bf16x2}.f32 packs
define i32 @pack_f64(double %a) {
  %r = call i32 asm "cvt.rn.bf16x2.f64 $0, $1, $1;", "=r,d"(double %a)
  ret i32 %r
}
; CHECK-DAG: in function 'satfinite_f32': inline PTX cannot be translated: instruction 'cvt.rn.satfinite.f32.f64 $0, $1': .satfinite applies to f16, bf16, f16x2 and bf16x2 destinations
define float @satfinite_f32(double %a) {
  %r = call float asm "cvt.rn.satfinite.f32.f64 $0, $1;", "=f,d"(double %a)
  ret float %r
}
; CHECK-DAG: in function 'relu_int': inline PTX cannot be translated: instruction 'cvt.relu.s32.s16 $0, $1': .relu applies to f16, bf16, f16x2 and bf16x2 destinations
define i32 @relu_int(i16 %a) {
  %r = call i32 asm "cvt.relu.s32.s16 $0, $1;", "=r,h"(i16 %a)
  ret i32 %r
}
