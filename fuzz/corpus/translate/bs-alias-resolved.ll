; Aliases of device functions: calls through them call the aliasee; a
; local alias disappears, an exported one stays (PTX .alias).
; RUN: %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o - | %FileCheck %s
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o %t.gfx90a.hsaco
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx1100 -o %t.gfx1100.hsaco
; CHECK-LABEL: .entry k(
; CHECK:     call.uni (retval0),
; CHECK-NEXT: f,
; CHECK:     call.uni (retval0),
; CHECK-NEXT: f,
; CHECK: .alias exported, f;
; CHECK-NOT: local

target triple = "nvptx64-nvidia-cuda"

@exported = alias i32 (i32), ptr @f
@local = internal alias i32 (i32), ptr @f

define i32 @f(i32 %x) noinline {
  %y = add i32 %x, 1
  ret i32 %y
}

define void @k(ptr %q) {
  %v = call i32 @exported(i32 3)
  %w = call i32 @local(i32 %v)
  store i32 %w, ptr %q
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
