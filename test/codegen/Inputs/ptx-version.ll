; A kernel whose inline PTX (bmsk) needs PTX ISA 7.6, in a module clang made
; for CUDA 12.5 (+ptx85); ptx-version.test rewrites the feature.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr addrspace(1) %out, i32 %a, i32 %b) #0 {
  %m = call i32 asm "bmsk.clamp.b32 $0, $1, $2;", "=r,r,r"(i32 %a, i32 %b)
  store i32 %m, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx85,+sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
