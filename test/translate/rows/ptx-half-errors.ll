; f16/bf16 forms the PTX ISA does not define are diagnosed, one error per
; asm call, naming the instruction and why: directed rounding of f16/bf16
; arithmetic (PTX rounds it .rn only), .rm/.rp packing conversions (PTX's
; cvt.{f16x2,bf16x2}.f32 rounds .rn or .rz), and .relu/.satfinite on
; destinations other than f16/bf16. 16-bit float atomics other than add,
; and set with an unknown comparison or lanes its destination cannot hold.
; RUN: %not %ferry-translate %s -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s -o /dev/null 2>&1 | %count 9
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
; CHECK-DAG: in function 'atom_min_f16': inline PTX cannot be translated: instruction 'atom.min.noftz.f16 $0, [$1], $2': atomics are translated for 32- and 64-bit scalars and the adds of .f16, .f16x2, .bf16 and .bf16x2 (and their .v2/.v4/.v8 vectors, and of .v2/.v4.f32)
define i16 @atom_min_f16(ptr %p, i16 %v) {
  %r = call i16 asm sideeffect "atom.min.noftz.f16 $0, [$1], $2;", "=h,l,h,~{memory}"(ptr %p, i16 %v)
  ret i16 %r
}
; CHECK-DAG: in function 'set_bad_cmp': inline PTX cannot be translated: instruction 'set.sideways.f32.f32 $0, $1, $1': unknown comparison .sideways
define float @set_bad_cmp(float %a) {
  %r = call float asm "set.sideways.f32.f32 $0, $1, $1;", "=f,f"(float %a)
  ret float %r
}
; CHECK-DAG: in function 'set_lanes': inline PTX cannot be translated: instruction 'set.eq.f32.f16x2 $0, $1, $1': set .f32 from .f16x2: the lanes differ
define float @set_lanes(i32 %a) {
  %r = call float asm "set.eq.f32.f16x2 $0, $1, $1;", "=f,r"(i32 %a)
  ret float %r
}
