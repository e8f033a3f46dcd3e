; NVVM IR that names no PTX version (no "+ptxNN" target feature: MLIR,
; Numba, Triton and Julia give the version to their target machine instead)
; gets the processor's minimum, and where an instruction needs a newer one
; (nanosleep: PTX 6.3) it is compiled again for the newest version LLVM 19
; knows (NVVM sweep F7: "Cannot select: intrinsic %llvm.nvvm.nanosleep").
; A module that names its version keeps it.
; RUN: %ferry-translate %s --emit=ptx --cuda-arch=sm_70 -o - | %FileCheck %s --check-prefix=NEWEST
; RUN: sed 's/call void @llvm.nvvm.nanosleep(i32 100)//' %s | %ferry-translate - --emit=ptx --cuda-arch=sm_70 -o - | %FileCheck %s --check-prefix=MINIMUM
; RUN: sed 's/^attributes #0 = { nounwind }/attributes #0 = { nounwind "target-features"="+ptx64" }/' %s | %ferry-translate - --emit=ptx --cuda-arch=sm_70 -o - | %FileCheck %s --check-prefix=NAMED
; NEWEST: .version 8.5
; NEWEST: nanosleep.u32 100;
; MINIMUM: .version 6.0
; NAMED: .version 6.4

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %out) #0 {
  call void @llvm.nvvm.nanosleep(i32 100)
  store i32 1, ptr %out
  ret void
}
declare void @llvm.nvvm.nanosleep(i32)

attributes #0 = { nounwind }

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
