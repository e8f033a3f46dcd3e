; The counter's increment and exit test sit in copy 1's first block (which
; dominates the latch), after copy 1's first instruction. Rolling makes that block dead and DeleteDeadBlocks
; replaces the exit test with poison: the latch branches on poison.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @ctl_dead(ptr %a, ptr %b, i32 %n) #0 {
entry:
  %N = and i32 %n, -2
  %pos = icmp sgt i32 %N, 0
  br i1 %pos, label %H, label %exit

H:
  %i = phi i32 [ 0, %entry ], [ %i.next, %L ]
  %cnt = phi i32 [ 0, %entry ], [ %cnt.next, %L ]
  %pa0 = getelementptr inbounds i32, ptr %a, i32 %i
  %x0 = load i32, ptr %pa0, align 4
  %c0 = icmp sgt i32 %x0, 0
  br i1 %c0, label %T0, label %B1

T0:
  %pb0 = getelementptr inbounds i32, ptr %b, i32 %i
  store i32 %x0, ptr %pb0, align 4
  br label %B1

B1:
  %i1 = or disjoint i32 %i, 1
  %pa1 = getelementptr inbounds i32, ptr %a, i32 %i1
  %x1 = load i32, ptr %pa1, align 4
  %cnt.next = add i32 %cnt, 2
  %done = icmp eq i32 %cnt.next, %N
  %c1 = icmp sgt i32 %x1, 0
  br i1 %c1, label %T1, label %L

T1:
  %pb1 = getelementptr inbounds i32, ptr %b, i32 %i1
  store i32 %x1, ptr %pb1, align 4
  br label %L

L:
  %i.next = add nuw nsw i32 %i, 2
  br i1 %done, label %exit, label %H, !llvm.loop !10

exit:
  ret void
}

!nvvm.annotations = !{!1}
!1 = !{ptr @ctl_dead, !"kernel", i32 1}
attributes #0 = { mustprogress nofree norecurse nosync nounwind "target-cpu"="sm_80" "target-features"="+ptx85,+sm_80" "uniform-work-group-size"="true" }
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 5]}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
