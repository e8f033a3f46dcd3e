; Textures and surfaces stay diagnosed, in inline PTX (tex, tld4, txq, suld,
; sust, sured, suq, istypep) and as NVVM intrinsics: Ferry's runtime
; creates no texture or surface objects. One error per use, naming the
; instruction or intrinsic, the reason, the function and, with debug
; information, the source line.
; RUN: %not %ferry-translate %s -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %s -o /dev/null 2>&1 | %count 10
target triple = "nvptx64-nvidia-cuda"

; CHECK-DAG: k.cu:12:5: in function 'tex2d': inline PTX cannot be translated: instruction 'tex.2d.v4.f32.f32 {$0, $1, $2, $3}, [$4, {$5, $6}]': tex is not translated: textures and surfaces need texture or surface objects, which Ferry's runtime does not create (read the data through a pointer instead)
define float @tex2d(i64 %t, float %x, float %y) !dbg !5 {
  %r = call { float, float, float, float } asm "tex.2d.v4.f32.f32 {$0, $1, $2, $3}, [$4, {$5, $6}];", "=f,=f,=f,=f,l,f,f"(i64 %t, float %x, float %y), !dbg !8
  %v = extractvalue { float, float, float, float } %r, 0
  ret float %v
}
; CHECK-DAG: in function 'tld4': inline PTX cannot be translated: instruction 'tld4.r.2d.v4.f32.f32 {$0, $1, $2, $3}, [$4, {$5, $6}]': tld4 is not translated
define float @tld4(i64 %t, float %x, float %y) {
  %r = call { float, float, float, float } asm "tld4.r.2d.v4.f32.f32 {$0, $1, $2, $3}, [$4, {$5, $6}];", "=f,=f,=f,=f,l,f,f"(i64 %t, float %x, float %y)
  %v = extractvalue { float, float, float, float } %r, 0
  ret float %v
}
; CHECK-DAG: in function 'txq': inline PTX cannot be translated: instruction 'txq.width.b32 $0, [$1]': txq is not translated
define i32 @txq(i64 %t) {
  %r = call i32 asm "txq.width.b32 $0, [$1];", "=r,l"(i64 %t)
  ret i32 %r
}
; CHECK-DAG: in function 'suld': inline PTX cannot be translated: instruction 'suld.b.1d.b32.trap {$0}, [$1, {$2}]': suld is not translated
define i32 @suld(i64 %s, i32 %x) {
  %r = call i32 asm "suld.b.1d.b32.trap {$0}, [$1, {$2}];", "=r,l,r"(i64 %s, i32 %x)
  ret i32 %r
}
; CHECK-DAG: in function 'sust': inline PTX cannot be translated: instruction 'sust.b.2d.b32.trap [$0, {$1, $2}], {$3}': sust is not translated
define void @sust(i64 %s, i32 %x, i32 %y, i32 %v) {
  call void asm sideeffect "sust.b.2d.b32.trap [$0, {$1, $2}], {$3};", "l,r,r,r"(i64 %s, i32 %x, i32 %y, i32 %v)
  ret void
}
; CHECK-DAG: in function 'sured': inline PTX cannot be translated: instruction 'sured.b.add.1d.u32.trap [$0, {$1}], $2': sured is not translated
define void @sured(i64 %s, i32 %x, i32 %v) {
  call void asm sideeffect "sured.b.add.1d.u32.trap [$0, {$1}], $2;", "l,r,r"(i64 %s, i32 %x, i32 %v)
  ret void
}
; CHECK-DAG: in function 'suq': inline PTX cannot be translated: instruction 'suq.width.b32 $0, [$1]': suq is not translated
define i32 @suq(i64 %s) {
  %r = call i32 asm "suq.width.b32 $0, [$1];", "=r,l"(i64 %s)
  ret i32 %r
}
; CHECK-DAG: in function 'istypep': inline PTX cannot be translated: instruction 'istypep.texref p, $1': istypep is not translated
define i32 @istypep(i64 %t) {
  %r = call i32 asm "{ .reg .pred p; istypep.texref p, $1; selp.u32 $0, 1, 0, p; }", "=r,l"(i64 %t)
  ret i32 %r
}
; CHECK-DAG: k.cu:20:7: in function 'tex_intrinsic': 'llvm.nvvm.tex.unified.1d.v4f32.s32' cannot be translated to AMDGPU: textures need texture objects, which Ferry's runtime does not create
define float @tex_intrinsic(i64 %t, i32 %x) !dbg !9 {
  %r = call { float, float, float, float } @llvm.nvvm.tex.unified.1d.v4f32.s32(i64 %t, i32 %x), !dbg !10
  %v = extractvalue { float, float, float, float } %r, 0
  ret float %v
}
; CHECK-DAG: in function 'suld_intrinsic': 'llvm.nvvm.suld.1d.i32.trap' cannot be translated to AMDGPU: surfaces need surface objects, which Ferry's runtime does not create
define i32 @suld_intrinsic(i64 %s, i32 %x) {
  %r = call i32 @llvm.nvvm.suld.1d.i32.trap(i64 %s, i32 %x)
  ret i32 %r
}
; CHECK-NOT: at line
declare { float, float, float, float } @llvm.nvvm.tex.unified.1d.v4f32.s32(i64, i32)
declare i32 @llvm.nvvm.suld.1d.i32.trap(i64, i32)
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !2, emissionKind: FullDebug)
!2 = !DIFile(filename: "k.cu", directory: "/src")
!5 = distinct !DISubprogram(name: "tex2d", scope: !2, file: !2, line: 10, type: !6, unit: !1, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 12, column: 5, scope: !5)
!9 = distinct !DISubprogram(name: "tex_intrinsic", scope: !2, file: !2, line: 18, type: !6, unit: !1, spFlags: DISPFlagDefinition)
!10 = !DILocation(line: 20, column: 7, scope: !9)
