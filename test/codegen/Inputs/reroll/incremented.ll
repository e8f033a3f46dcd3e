; A 4x runtime-unrolled sum whose body uses the already-incremented
; counter: copy j reads a[i | (j+1)], the last copy a[i + 4] through the
; increment itself. Rolled, the body reads a[i + 1] through i's new increment,
; and the loop's exit value of i is that increment's.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @incremented(ptr %a, ptr %out, i32 %n) #0 {
entry:
  %N = and i32 %n, -4
  %pos = icmp sgt i32 %N, 0
  br i1 %pos, label %L, label %exit

L:
  %i = phi i32 [ 0, %entry ], [ %i.next, %L ]
  %sum = phi i32 [ 0, %entry ], [ %s3, %L ]
  %cnt = phi i32 [ 0, %entry ], [ %cnt.next, %L ]
  %i1 = or disjoint i32 %i, 1
  %p0 = getelementptr inbounds i32, ptr %a, i32 %i1
  %v0 = load i32, ptr %p0, align 4
  %s0 = add i32 %sum, %v0
  %i2 = or disjoint i32 %i, 2
  %p1 = getelementptr inbounds i32, ptr %a, i32 %i2
  %v1 = load i32, ptr %p1, align 4
  %s1 = add i32 %s0, %v1
  %i3 = or disjoint i32 %i, 3
  %p2 = getelementptr inbounds i32, ptr %a, i32 %i3
  %v2 = load i32, ptr %p2, align 4
  %s2 = add i32 %s1, %v2
  %i.next = add nuw nsw i32 %i, 4
  %p3 = getelementptr inbounds i32, ptr %a, i32 %i.next
  %v3 = load i32, ptr %p3, align 4
  %s3 = add i32 %s2, %v3
  %cnt.next = add i32 %cnt, 4
  %done = icmp eq i32 %cnt.next, %N
  br i1 %done, label %exit, label %L, !llvm.loop !10

exit:
  %r = phi i32 [ 0, %entry ], [ %s3, %L ]
  %last = phi i32 [ 0, %entry ], [ %i.next, %L ]
  store i32 %r, ptr %out, align 4
  %out1 = getelementptr inbounds i32, ptr %out, i32 1
  store i32 %last, ptr %out1, align 4
  ret void
}

!nvvm.annotations = !{!1}
!1 = !{ptr @incremented, !"kernel", i32 1}
attributes #0 = { mustprogress nofree norecurse nosync nounwind "target-cpu"="sm_80" "target-features"="+ptx85,+sm_80" "uniform-work-group-size"="true" }
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 5]}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
