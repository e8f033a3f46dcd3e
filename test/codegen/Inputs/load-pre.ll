; A load that is redundant on one path only: O2/O3's GVN makes it a phi
; (load PRE), O1 (EarlyCSE, no GVN) leaves it in the join block.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @k(ptr addrspace(1) %p, ptr addrspace(1) %out, i32 %c) {
entry:
  %cond = icmp eq i32 %c, 0
  br i1 %cond, label %a, label %join
a:
  %x = load i32, ptr addrspace(1) %p, align 4
  %g = getelementptr i32, ptr addrspace(1) %out, i64 1
  store i32 %x, ptr addrspace(1) %g, align 4
  br label %join
join:
  %y = load i32, ptr addrspace(1) %p, align 4
  store i32 %y, ptr addrspace(1) %out, align 4
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
