; Inline PTX whose operands cannot be parsed: an unterminated vector or
; address, an address offset that is not a constant, a malformed asm operand
; or operand, an empty operand, also as an element of a vector, an address
; or a setp pair. Each is one error naming the operand and the instruction,
; and the tool exits with an error, not a crash (%not fails on a signal).
; RUN: %not %ferry-translate %s -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s -o /dev/null 2>&1 | %count 11
target triple = "nvptx64-nvidia-cuda"

; The statement splitter keeps a ';' inside an open vector.
; CHECK-DAG: in function 'unterminated_vector': inline PTX cannot be translated: cannot parse inline PTX: an unterminated vector operand '{$1, $1;' in 'mov.b64 $0, {$1, $1;' (in asm "mov.b64 $0, {$1, $1;")
define i64 @unterminated_vector(i32 %a) {
  %r = call i64 asm "mov.b64 $0, {$1, $1;", "=l,r"(i32 %a)
  ret i64 %r
}
; CHECK-DAG: in function 'vector_trailing': inline PTX cannot be translated: cannot parse inline PTX: an unterminated vector operand '{$1, $1}x' in 'mov.b64 $0, {$1, $1}x' (in asm "mov.b64 $0, {$1, $1}x;")
define i64 @vector_trailing(i32 %a) {
  %r = call i64 asm "mov.b64 $0, {$1, $1}x;", "=l,r"(i32 %a)
  ret i64 %r
}
; CHECK-DAG: in function 'unterminated_address': inline PTX cannot be translated: cannot parse inline PTX: an unterminated address '[$1' in 'ld.global.u32 $0, [$1' (in asm "ld.global.u32 $0, [$1;")
define i32 @unterminated_address(ptr %p) {
  %r = call i32 asm "ld.global.u32 $0, [$1;", "=r,l"(ptr %p)
  ret i32 %r
}
; CHECK-DAG: in function 'offset_operand': inline PTX cannot be translated: cannot parse inline PTX: an address offset that is not a constant in '[$1+$2]' in 'ld.global.u32 $0, [$1+$2]' (in asm "ld.global.u32 $0, [$1+$2];")
define i32 @offset_operand(ptr %p, i64 %o) {
  %r = call i32 asm "ld.global.u32 $0, [$1+$2];", "=r,l,l"(ptr %p, i64 %o)
  ret i32 %r
}
; CHECK-DAG: in function 'offset_negative_name': inline PTX cannot be translated: cannot parse inline PTX: an address offset that is not a constant in '[$1-off]' in 'ld.global.u32 $0, [$1-off]' (in asm "ld.global.u32 $0, [$1-off];")
define i32 @offset_negative_name(ptr %p) {
  %r = call i32 asm "ld.global.u32 $0, [$1-off];", "=r,l"(ptr %p)
  ret i32 %r
}
; CHECK-DAG: in function 'malformed_asm_operand': inline PTX cannot be translated: cannot parse inline PTX: a malformed asm operand '$1x' in 'add.u32 $0, $1x, 1' (in asm "add.u32 $0, $1x, 1;")
define i32 @malformed_asm_operand(i32 %a) {
  %r = call i32 asm "add.u32 $0, $1x, 1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'malformed_operand': inline PTX cannot be translated: cannot parse inline PTX: a malformed operand 'a#b' in 'add.u32 $0, $1, a#b' (in asm "add.u32 $0, $1, a#b;")
define i32 @malformed_operand(i32 %a) {
  %r = call i32 asm "add.u32 $0, $1, a#b;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'malformed_base': inline PTX cannot be translated: cannot parse inline PTX: a malformed operand 'a#b' in 'ld.global.u32 $0, [a#b+4]' (in asm "ld.global.u32 $0, [a#b+4];")
define i32 @malformed_base() {
  %r = call i32 asm "ld.global.u32 $0, [a#b+4];", "=r"()
  ret i32 %r
}
; CHECK-DAG: in function 'malformed_pair_half': inline PTX cannot be translated: cannot parse inline PTX: a malformed operand 'a#b' in 'setp.eq.u32 p|a#b, $1, 1' (in asm "setp.eq.u32 p|a#b, $1, 1;")
define i32 @malformed_pair_half(i32 %a) {
  %r = call i32 asm "setp.eq.u32 p|a#b, $1, 1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'empty_operand': inline PTX cannot be translated: cannot parse inline PTX: an empty operand in 'add.u32 $0, , $1' (in asm "add.u32 $0, , $1;")
define i32 @empty_operand(i32 %a) {
  %r = call i32 asm "add.u32 $0, , $1;", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'empty_element': inline PTX cannot be translated: cannot parse inline PTX: an empty operand in 'mov.b64 $0, {$1, }' (in asm "mov.b64 $0, {$1, };")
define i64 @empty_element(i32 %a) {
  %r = call i64 asm "mov.b64 $0, {$1, };", "=l,r"(i32 %a)
  ret i64 %r
}
