; Arithmetic on fp128 (__float128) needs soft-float library calls neither GPU
; has: refused with the operation and its location (loads and stores of it
; are fine).
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s -DT=AMDGPU
; RUN: %not %ferry-translate %s --emit=hsaco --offload-arch=gfx1100 -o /dev/null 2>&1 | %FileCheck %s -DT=AMDGPU
; RUN: %not %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o /dev/null 2>&1 | %FileCheck %s -DT=NVPTX
; CHECK: error: {{.*}}float128.ll: quad.cu:12:9: in function 'k': 'fmul' on fp128 (__float128) cannot be compiled for [[T]]: it needs soft-float library calls the GPU has no library for
; CHECK-NOT: error

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %p, ptr %q) !dbg !5 {
  %x = load fp128, ptr %p, !dbg !8
  %y = fmul fp128 %x, %x, !dbg !8
  store fp128 %y, ptr %q, !dbg !8
  ret void, !dbg !8
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!nvvm.annotations = !{!4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "quad.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{ptr @k, !"kernel", i32 1}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 10, type: !6, scopeLine: 10, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 12, column: 9, scope: !5)
