; The final checker, run from opt through the pass plugin, rejects every
; surviving llvm.nvvm.* call and inline asm, naming it, its function and its
; source location.
; RUN: %not %opt-ferry -passes=ferry-verify-translated -disable-output %s 2>&1 | %FileCheck %s
; CHECK: k.cu:7:3: in function 'k': NVVM intrinsic 'llvm.nvvm.read.ptx.sreg.tid.x' has no AMDGPU translation

target triple = "amdgcn-amd-amdhsa"

define void @k() !dbg !5 {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !8
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 5, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 7, column: 3, scope: !5)
