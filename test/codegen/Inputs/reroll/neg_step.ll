; A 2x loop with remainder whose induction variable steps by -s per
; iteration (root i - s, increment i - 2s). The step -s has no IR value, so
; SCEVExpander creates `sub 0, %s` at the preheader's terminator; merging the
; remainder then enters the header from loop.entry too, which the preheader
; does not dominate.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @neg_step(ptr %a, ptr %out, i32 %n, i32 %s, i32 %base) #0 {
entry:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %pre0, label %exit

pre0:
  %s2 = shl i32 %s, 1
  %odd = and i32 %n, 1
  %small = icmp eq i32 %n, 1
  br i1 %small, label %join, label %ph

ph:
  %N = and i32 %n, -2
  br label %H

H:
  %i = phi i32 [ %base, %ph ], [ %i.next, %H ]
  %sum = phi i32 [ 0, %ph ], [ %sum1, %H ]
  %cnt = phi i32 [ 0, %ph ], [ %cnt.next, %H ]
  %p0 = getelementptr inbounds i32, ptr %a, i32 %i
  %x0 = load i32, ptr %p0, align 4
  %sum0 = add i32 %sum, %x0
  %i1 = sub i32 %i, %s
  %p1 = getelementptr inbounds i32, ptr %a, i32 %i1
  %x1 = load i32, ptr %p1, align 4
  %sum1 = add i32 %sum0, %x1
  %i.next = sub i32 %i, %s2
  %cnt.next = add i32 %cnt, 2
  %done = icmp eq i32 %cnt.next, %N
  br i1 %done, label %join, label %H, !llvm.loop !10

join:
  %sum.lcssa = phi i32 [ poison, %pre0 ], [ %sum1, %H ]
  %i.j = phi i32 [ %base, %pre0 ], [ %i.next, %H ]
  %sum.j = phi i32 [ 0, %pre0 ], [ %sum1, %H ]
  %e = icmp eq i32 %odd, 0
  br i1 %e, label %exit, label %R

R:
  %pr = getelementptr inbounds i32, ptr %a, i32 %i.j
  %xr = load i32, ptr %pr, align 4
  %sumr = add i32 %sum.j, %xr
  br label %exit

exit:
  %res = phi i32 [ 0, %entry ], [ %sum.lcssa, %join ], [ %sumr, %R ]
  store i32 %res, ptr %out, align 4
  ret void
}

!nvvm.annotations = !{!1}
!1 = !{ptr @neg_step, !"kernel", i32 1}
attributes #0 = { mustprogress nofree norecurse nosync nounwind "target-cpu"="sm_80" "target-features"="+ptx85,+sm_80" "uniform-work-group-size"="true" }
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 5]}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
