; The folded remainder test `skip || !c`: matchRemainder checks that the
; header's branch on c is the body's first instruction, but not that the
; remainder's first block (Start, the join's successor) is the image of the
; block that branch enters (X). Here the loop runs X (g += 1) then, if c2, Y
; (h += 1); layout puts Y first, so Start is Y's image RY and the remainder
; runs only h += 1 (RX is reached from elsewhere, which keeps it alive through
; SimplifyCFG). After merging, the last iteration also does g += 1.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @folded_start(ptr %g, ptr %h, i32 %n, i32 %flag) #0 {
entry:
  %c = icmp sgt i32 %flag, 0
  %c2 = icmp sgt i32 %flag, 5
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %pre0, label %side

side:
  %q = icmp eq i32 %n, -5
  br i1 %q, label %RX, label %exit

pre0:
  %odd = and i32 %n, 1
  %small = icmp eq i32 %n, 1
  br i1 %small, label %join, label %ph

ph:
  %N = and i32 %n, -2
  br label %H

H:
  %i = phi i32 [ 0, %ph ], [ %i.next, %L ]
  %cnt = phi i32 [ 0, %ph ], [ %cnt.next, %L ]
  br i1 %c, label %X0, label %H1

Y0:
  %y0 = atomicrmw add ptr %h, i32 1 monotonic, align 4
  br label %H1

X0:
  %x0 = atomicrmw add ptr %g, i32 1 monotonic, align 4
  br i1 %c2, label %Y0, label %H1

H1:
  %i1 = or disjoint i32 %i, 1
  br i1 %c, label %X1, label %L

Y1:
  %y1 = atomicrmw add ptr %h, i32 1 monotonic, align 4
  br label %L

X1:
  %x1 = atomicrmw add ptr %g, i32 1 monotonic, align 4
  br i1 %c2, label %Y1, label %L

L:
  %i.next = add nuw nsw i32 %i1, 1
  %cnt.next = add i32 %cnt, 2
  %done = icmp eq i32 %cnt.next, %N
  br i1 %done, label %join, label %H, !llvm.loop !10

join:
  %e = icmp eq i32 %odd, 0
  %nc = xor i1 %c, true
  %skip = or i1 %e, %nc
  br i1 %skip, label %exit, label %RY

RY:
  %y2 = atomicrmw add ptr %h, i32 1 monotonic, align 4
  br label %exit

RX:
  %x2 = atomicrmw add ptr %g, i32 1 monotonic, align 4
  br i1 %c2, label %RY, label %exit

exit:
  ret void
}

!nvvm.annotations = !{!1}
!1 = !{ptr @folded_start, !"kernel", i32 1}
attributes #0 = { mustprogress nofree norecurse nosync nounwind "target-cpu"="sm_80" "target-features"="+ptx85,+sm_80" "uniform-work-group-size"="true" }
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 5]}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
