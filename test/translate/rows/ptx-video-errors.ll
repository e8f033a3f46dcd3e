; prmt and video instructions outside what the PTX ISA defines, or outside
; the translated subset, are diagnosed one error per asm call, naming the
; instruction and the offending modifier, selector or operand.
; RUN: %not %ferry-translate %s -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s -o /dev/null 2>&1 | %count 19
target triple = "nvptx64-nvidia-cuda"

; CHECK-DAG: in function 'prmt_mode': inline PTX cannot be translated: instruction 'prmt.b32.f8e $0, $1, $1, $1': unknown prmt mode .f8e (.f4e .b4e .rc8 .ecl .ecr .rc16)
define i32 @prmt_mode(i32 %a) {
  %r = call i32 asm "prmt.b32.f8e $0, $1, $1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'simd_selector': inline PTX cannot be translated: instruction 'vadd4.u32.u32.u32 $0, $1.b3218, $1, $1': the lane selector .b3218 of vadd4 (.bxyzw with x..w in 0-7)
define i32 @simd_selector(i32 %a) {
  %r = call i32 asm "vadd4.u32.u32.u32 $0, $1.b3218, $1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'simd_mask': inline PTX cannot be translated: instruction 'vmax2.u32.u32.u32 $0.h01, $1, $1, $1': the destination mask .h01 of vmax2
define i32 @simd_mask(i32 %a) {
  %r = call i32 asm "vmax2.u32.u32.u32 $0.h01, $1, $1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'sat_add': inline PTX cannot be translated: instruction 'vsub4.s32.s32.s32.sat.add $0, $1, $1, $1': saturation cannot be used with the accumulate operation .add
define i32 @sat_add(i32 %a) {
  %r = call i32 asm "vsub4.s32.s32.s32.sat.add $0, $1, $1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'scalar_selector': inline PTX cannot be translated: instruction 'vmin.s32.s32.s32 $0, $1.h2, $1': the operand selector .h2 of vmin (.b0-.b3, .h0, .h1)
define i32 @scalar_selector(i32 %a) {
  %r = call i32 asm "vmin.s32.s32.s32 $0, $1.h2, $1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'scalar_c': inline PTX cannot be translated: instruction 'vadd.s32.s32.s32 $0, $1, $1, $1': vadd takes d, a, b (c needs a secondary operation or a destination selector)
define i32 @scalar_c(i32 %a) {
  %r = call i32 asm "vadd.s32.s32.s32 $0, $1, $1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'video_type': inline PTX cannot be translated: instruction 'vabsdiff.s32.s16.s32 $0, $1, $1': video instructions take .u32 or .s32 operands, not .s16
define i32 @video_type(i32 %a) {
  %r = call i32 asm "vabsdiff.s32.s16.s32 $0, $1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'vmad_po_negated': inline PTX cannot be translated: instruction 'vmad.u32.u32.u32.po $0, $1, -$1, $1': the source operands of vmad.po cannot be negated
define i32 @vmad_po_negated(i32 %a) {
  %r = call i32 asm "vmad.u32.u32.u32.po $0, $1, -$1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'vmad_two_negations': inline PTX cannot be translated: instruction 'vmad.s32.s32.s32 $0, -$1, $1, -$1': vmad negates either the product (a*b) or c, not both
define i32 @vmad_two_negations(i32 %a) {
  %r = call i32 asm "vmad.s32.s32.s32 $0, -$1, $1, -$1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'vmad_unsigned_minus_c': inline PTX cannot be translated: instruction 'vmad.s32.u32.u32.shr7 $0, $1, $1, -$1': vmad of an unsigned product minus c with .shr7: the PTX ISA reads c as unsigned in its description but sign-extends it in its pseudocode
define i32 @vmad_unsigned_minus_c(i32 %a) {
  %r = call i32 asm "vmad.s32.u32.u32.shr7 $0, $1, $1, -$1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'vmad_scales': inline PTX cannot be translated: instruction 'vmad.s32.s32.s32.shr7.shr15 $0, $1, $1, $1': vmad takes one scale, .shr7 or .shr15
define i32 @vmad_scales(i32 %a) {
  %r = call i32 asm "vmad.s32.s32.s32.shr7.shr15 $0, $1, $1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'vmad_dsel': inline PTX cannot be translated: instruction 'vmad.s32.s32.s32 $0.h1, $1, $1, $1': vmad takes no destination selector
define i32 @vmad_dsel(i32 %a) {
  %r = call i32 asm "vmad.s32.s32.s32 $0.h1, $1, $1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'vmad_modifier': inline PTX cannot be translated: instruction 'vmad.s32.s32.s32.add $0, $1, $1, $1': unknown modifier .add of vmad
define i32 @vmad_modifier(i32 %a) {
  %r = call i32 asm "vmad.s32.s32.s32.add $0, $1, $1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'minus_elsewhere': inline PTX cannot be translated: instruction 'add.s32 $0, -$1, 1': the minus sign before '$1' belongs to vmad only
define i32 @minus_elsewhere(i32 %a) {
  %r = call i32 asm "add.s32 $0, -$1, 1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'minus_destination': inline PTX cannot be translated: instruction 'vmad.s32.s32.s32 -$0, $1, $1, $1': the destination '-$0' cannot be negated
define i32 @minus_destination(i32 %a) {
  %r = call i32 asm "vmad.s32.s32.s32 -$0, $1, $1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'shift_mode': inline PTX cannot be translated: instruction 'vshl.u32.u32.u32 $0, $1, $1': vshl needs one shift mode, .clamp or .wrap
define i32 @shift_mode(i32 %a) {
  %r = call i32 asm "vshl.u32.u32.u32 $0, $1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'shift_signed_amount': inline PTX cannot be translated: instruction 'vshr.u32.u32.s32.wrap $0, $1, $1': the shift amount of vshr is .u32, not .s32
define i32 @shift_signed_amount(i32 %a) {
  %r = call i32 asm "vshr.u32.u32.s32.wrap $0, $1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'selector_elsewhere': inline PTX cannot be translated: instruction 'add.u32 $0, $1.b0, 1': the lane selector .b0 of '$1.b0' belongs to video instructions only
define i32 @selector_elsewhere(i32 %a) {
  %r = call i32 asm "add.u32 $0, $1.b0, 1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'vset_cmp': inline PTX cannot be translated: instruction 'vset2.u32.u32 $0, $1, $1, $1': vset needs a comparison
define i32 @vset_cmp(i32 %a) {
  %r = call i32 asm "vset2.u32.u32 $0, $1, $1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}
