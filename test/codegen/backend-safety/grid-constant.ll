; `grid_constant` with a list of parameter numbers, the form LLVM's NVPTX
; backend reads and MLIR's nvvm.grid_constant and CUDA's __grid_constant__
; write, is valid on every target (it was refused as "malformed"; NVVM sweep
; F3): the parameter is read-only, which its byval copy already honours. A
; list with anything but numbers is malformed.
; RUN: %ferry-translate %s --emit=hsaco --offload-arch=gfx90a -o /dev/null
; RUN: %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o - | %FileCheck %s --check-prefix=PTX
; RUN: sed 's/^!1 = !{i32 1}/!1 = !{!"one"}/' %s > %t.ll
; RUN: %not %ferry-translate %t.ll --emit=hsaco --offload-arch=gfx90a -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BAD
; PTX: .visible .entry k(
; BAD: error: {{.*}}: in function 'k': !nvvm.annotations entry for 'k' is malformed: the value of key 'grid_constant' is not a list of parameter numbers

target triple = "nvptx64-nvidia-cuda"

%struct.S = type { i32, i32 }

define void @k(ptr byval(%struct.S) align 4 %s, ptr %out) {
  %q = getelementptr inbounds i8, ptr %s, i64 4
  %v = load i32, ptr %q, align 4
  store i32 %v, ptr %out
  ret void
}

!nvvm.annotations = !{!0, !2}
!0 = !{ptr @k, !"grid_constant", !1}
!1 = !{i32 1}
!2 = !{ptr @k, !"kernel", i32 1}
