; Inline PTX outside the subset: exactly one error per distinct asm error,
; naming the instruction and why, on one line (multi-line templates are
; joined), with the source line of the asm's debug location when there is
; one; the same error at other asm calls of the module is counted in it
; (a header's asm inlined into thousands of places gave thousands of lines).
; RUN: %not %ferry-translate %s -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s -o /dev/null 2>&1 | %count 8
target triple = "nvptx64-nvidia-cuda"

; cvt to tf32 with .rn or .rz (sm_90; LLVM 19 has no intrinsic for them).
; CHECK-DAG: in function 'cvt_rn_tf32': {{.*}}: cvt.rn to .tf32 is not translated (translated: cvt.rna{.satfinite}.tf32.f32)
define i32 @cvt_rn_tf32(float %x) {
  %r = call i32 asm "cvt.rn.tf32.f32 $0, $1;", "=r,f"(float %x)
  ret i32 %r
}
; CHECK-DAG: in function 'undeclared': inline PTX cannot be translated: instruction 'add.u32 $0, r9, 1': 'r9' is not a declared register or a special register Ferry translates (in asm "{ add.u32 $0, r9, 1; }")
define i32 @undeclared() {
  %r = call i32 asm "{\0A\09add.u32 $0, r9, 1;\0A}", "=r"()
  ret i32 %r
}
; CHECK-DAG: in function 'no_label': inline PTX cannot be translated: branch to the undefined label 'L_nowhere'
define void @no_label() {
  call void asm sideeffect "bra L_nowhere;", ""()
  ret void
}
; A label defined twice in a row (its block was still empty: once branched to
; itself, invalid IR).
; CHECK-DAG: in function 'label_twice': inline PTX cannot be translated: label 'L' is defined twice (in asm "{ L: L: add.u32 $0, $1, 1; }")
define i32 @label_twice(i32 %a) {
  %r = call i32 asm "{\0AL:\0AL:\0A\09add.u32 $0, $1, 1;\0A}", "=r,r"(i32 %a)
  ret i32 %r
}
; CHECK-DAG: in function 'directive': inline PTX cannot be translated: cannot parse inline PTX: the directive '.shared' (only .reg is translated)
define void @directive() {
  call void asm sideeffect ".shared .u32 x; ", ""()
  ret void
}
; CHECK-DAG: in function 'half_div': inline PTX cannot be translated: instruction 'div.rn.f16 $0, $1, $1': div is translated for .f32 and .f64
define i16 @half_div(i16 %a) {
  %r = call i16 asm "div.rn.f16 $0, $1, $1;", "=h,h"(i16 %a)
  ret i16 %r
}
; With debug information the error starts with the asm's file and line.
; CHECK-DAG: k.cu:7:3: in function 'located': inline PTX cannot be translated: instruction 'mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32 $0': mma shape m8n8k4 with types .f32.f16.f16.f32 has no AMDGPU translation
define i32 @located() !dbg !5 {
  %r = call i32 asm "mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32 $0;", "=r"(), !dbg !8
  ret i32 %r
}
; CHECK-NOT: at line
!llvm.module.flags = !{!0}
; The same untranslatable asm in three places: one error, at the first.
; CHECK-DAG: in function 'repeated_a': inline PTX cannot be translated: instruction 'applypriority.global.L2::evict_normal [$0], 128': unknown instruction (in asm "applypriority.global.L2::evict_normal [$0], 128;"); and 2 more asm calls of the module with it
; CHECK-NOT: in function 'repeated_b'
define void @repeated_a(ptr addrspace(1) %p) {
  call void asm sideeffect "applypriority.global.L2::evict_normal [$0], 128;", "l"(ptr addrspace(1) %p)
  call void asm sideeffect "applypriority.global.L2::evict_normal [$0], 128;", "l"(ptr addrspace(1) %p)
  ret void
}
define void @repeated_b(ptr addrspace(1) %p) {
  call void asm sideeffect "applypriority.global.L2::evict_normal [$0], 128;", "l"(ptr addrspace(1) %p)
  ret void
}

!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !2, emissionKind: FullDebug)
!2 = !DIFile(filename: "k.cu", directory: "/src")
!5 = distinct !DISubprogram(name: "located", scope: !2, file: !2, line: 5, type: !6, unit: !1, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 7, column: 3, scope: !5)
