; The loop's copies compute `x + 1` with nsw, the remainder without. Merging
; the remainder keeps copy 0's flags (reroll() intersects flags and
; metadata over copies 1..k-1 only): for a[n-1] = INT_MAX the remainder
; stored (x+1 > x) = 0, the merged loop's `add nsw` lets the optimizer fold
; the compare to true and store 1.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @rem_flags(ptr %a, ptr %b, i32 %n) #0 {
entry:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %pre0, label %exit

pre0:
  %odd = and i32 %n, 1
  %small = icmp eq i32 %n, 1
  br i1 %small, label %join, label %ph

ph:
  %N = and i32 %n, 2147483646
  br label %H

H:
  %i = phi i32 [ 0, %ph ], [ %i.next, %H ]
  %cnt = phi i32 [ 0, %ph ], [ %cnt.next, %H ]
  %pa0 = getelementptr inbounds i32, ptr %a, i32 %i
  %x0 = load i32, ptr %pa0, align 4
  %t0 = add nsw i32 %x0, 1
  %c0 = icmp sgt i32 %t0, %x0
  %v0 = zext i1 %c0 to i32
  %pb0 = getelementptr inbounds i32, ptr %b, i32 %i
  store i32 %v0, ptr %pb0, align 4
  %i1 = or disjoint i32 %i, 1
  %pa1 = getelementptr inbounds i32, ptr %a, i32 %i1
  %x1 = load i32, ptr %pa1, align 4
  %t1 = add nsw i32 %x1, 1
  %c1 = icmp sgt i32 %t1, %x1
  %v1 = zext i1 %c1 to i32
  %pb1 = getelementptr inbounds i32, ptr %b, i32 %i1
  store i32 %v1, ptr %pb1, align 4
  %i.next = add nuw nsw i32 %i, 2
  %cnt.next = add i32 %cnt, 2
  %done = icmp eq i32 %cnt.next, %N
  br i1 %done, label %join, label %H, !llvm.loop !10

join:
  %i.j = phi i32 [ 0, %pre0 ], [ %i.next, %H ]
  %e = icmp eq i32 %odd, 0
  br i1 %e, label %exit, label %R

R:
  %pa2 = getelementptr inbounds i32, ptr %a, i32 %i.j
  %x2 = load i32, ptr %pa2, align 4
  %t2 = add i32 %x2, 1
  %c2 = icmp sgt i32 %t2, %x2
  %v2 = zext i1 %c2 to i32
  %pb2 = getelementptr inbounds i32, ptr %b, i32 %i.j
  store i32 %v2, ptr %pb2, align 4
  br label %exit

exit:
  ret void
}

!nvvm.annotations = !{!1}
!1 = !{ptr @rem_flags, !"kernel", i32 1}
attributes #0 = { mustprogress nofree norecurse nosync nounwind "target-cpu"="sm_80" "target-features"="+ptx85,+sm_80" "uniform-work-group-size"="true" }
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 5]}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
