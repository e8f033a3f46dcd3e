; A fence with a sync scope neither NVVM nor AMDGPU knows is refused with its
; source location (both backends abort on it).
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s -DT=AMDGPU
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx1100 -o /dev/null 2>&1 | %FileCheck %s -DT=AMDGPU
; RUN: %not %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o /dev/null 2>&1 | %FileCheck %s -DT=NVPTX
; CHECK: ferry-translate: error: {{.*}}fence-unknown-scope.ll: scopes.cu:7:3: in function 'k': 'fence' with sync scope 'unknown': [[T]] has no such scope (NVVM scopes are block, cluster, device and the system scope)

target triple = "nvptx64-nvidia-cuda"

define void @k() !dbg !5 {
  fence syncscope("unknown") seq_cst, !dbg !8
  ret void, !dbg !9
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!nvvm.annotations = !{!4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "scopes.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{ptr @k, !"kernel", i32 1}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 5, type: !6, scopeLine: 5, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 7, column: 3, scope: !5)
!9 = !DILocation(line: 8, column: 1, scope: !5)
