; A 4x runtime-unrolled copy loop whose index clang folded into
; x = (i << 3) | lane: copy 0 uses x, copy j recomputes it and uses
; x | 8*j. Rolled (derived_base): copy 0's x is recomputed from i as
; 8*i + lane (its `or disjoint` held only for i a multiple of 4), i steps
; by 1, and the recomputations go with the copies. Kept (derived_chain_used):
; copy 0 also stores its i << 3, which a rolled loop could not tell from the
; other copies' recomputations.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @derived_base(ptr %a, ptr %b, i32 %n, i32 %l) #0 {
entry:
  %lane = and i32 %l, 7
  %N = and i32 %n, -4
  %pos = icmp sgt i32 %N, 0
  br i1 %pos, label %L, label %exit

L:
  %i = phi i32 [ 0, %entry ], [ %i.next, %L ]
  %cnt = phi i32 [ 0, %entry ], [ %cnt.next, %L ]
  %s0 = shl i32 %i, 3
  %x0 = or disjoint i32 %s0, %lane
  %pa0 = getelementptr inbounds i32, ptr %a, i32 %x0
  %v0 = load i32, ptr %pa0, align 4
  %w0 = add i32 %v0, 1
  %pb0 = getelementptr inbounds i32, ptr %b, i32 %x0
  store i32 %w0, ptr %pb0, align 4
  %s1 = shl i32 %i, 3
  %y1 = or disjoint i32 %s1, %lane
  %x1 = or disjoint i32 %y1, 8
  %pa1 = getelementptr inbounds i32, ptr %a, i32 %x1
  %v1 = load i32, ptr %pa1, align 4
  %w1 = add i32 %v1, 1
  %pb1 = getelementptr inbounds i32, ptr %b, i32 %x1
  store i32 %w1, ptr %pb1, align 4
  %s2 = shl i32 %i, 3
  %y2 = or disjoint i32 %s2, %lane
  %x2 = or disjoint i32 %y2, 16
  %pa2 = getelementptr inbounds i32, ptr %a, i32 %x2
  %v2 = load i32, ptr %pa2, align 4
  %w2 = add i32 %v2, 1
  %pb2 = getelementptr inbounds i32, ptr %b, i32 %x2
  store i32 %w2, ptr %pb2, align 4
  %s3 = shl i32 %i, 3
  %y3 = or disjoint i32 %s3, %lane
  %x3 = or disjoint i32 %y3, 24
  %pa3 = getelementptr inbounds i32, ptr %a, i32 %x3
  %v3 = load i32, ptr %pa3, align 4
  %w3 = add i32 %v3, 1
  %pb3 = getelementptr inbounds i32, ptr %b, i32 %x3
  store i32 %w3, ptr %pb3, align 4
  %i.next = add nuw i32 %i, 4
  %cnt.next = add i32 %cnt, 4
  %done = icmp eq i32 %cnt.next, %N
  br i1 %done, label %exit, label %L, !llvm.loop !10

exit:
  ret void
}

define void @derived_chain_used(ptr %a, ptr %b, i32 %n, i32 %l) #0 {
entry:
  %lane = and i32 %l, 7
  %N = and i32 %n, -4
  %pos = icmp sgt i32 %N, 0
  br i1 %pos, label %L, label %exit

L:
  %i = phi i32 [ 0, %entry ], [ %i.next, %L ]
  %cnt = phi i32 [ 0, %entry ], [ %cnt.next, %L ]
  %s0 = shl i32 %i, 3
  %x0 = or disjoint i32 %s0, %lane
  %pa0 = getelementptr inbounds i32, ptr %a, i32 %x0
  %v0 = load i32, ptr %pa0, align 4
  %w0 = add i32 %v0, 1
  %pb0 = getelementptr inbounds i32, ptr %b, i32 %x0
  store i32 %w0, ptr %pb0, align 4
  %pc0 = getelementptr inbounds i32, ptr %b, i32 %lane
  store i32 %s0, ptr %pc0, align 4
  %s1 = shl i32 %i, 3
  %y1 = or disjoint i32 %s1, %lane
  %x1 = or disjoint i32 %y1, 8
  %pa1 = getelementptr inbounds i32, ptr %a, i32 %x1
  %v1 = load i32, ptr %pa1, align 4
  %w1 = add i32 %v1, 1
  %pb1 = getelementptr inbounds i32, ptr %b, i32 %x1
  store i32 %w1, ptr %pb1, align 4
  %s2 = shl i32 %i, 3
  %y2 = or disjoint i32 %s2, %lane
  %x2 = or disjoint i32 %y2, 16
  %pa2 = getelementptr inbounds i32, ptr %a, i32 %x2
  %v2 = load i32, ptr %pa2, align 4
  %w2 = add i32 %v2, 1
  %pb2 = getelementptr inbounds i32, ptr %b, i32 %x2
  store i32 %w2, ptr %pb2, align 4
  %s3 = shl i32 %i, 3
  %y3 = or disjoint i32 %s3, %lane
  %x3 = or disjoint i32 %y3, 24
  %pa3 = getelementptr inbounds i32, ptr %a, i32 %x3
  %v3 = load i32, ptr %pa3, align 4
  %w3 = add i32 %v3, 1
  %pb3 = getelementptr inbounds i32, ptr %b, i32 %x3
  store i32 %w3, ptr %pb3, align 4
  %i.next = add nuw i32 %i, 4
  %cnt.next = add i32 %cnt, 4
  %done = icmp eq i32 %cnt.next, %N
  br i1 %done, label %exit, label %L, !llvm.loop !10

exit:
  ret void
}

!nvvm.annotations = !{!1, !2}
!1 = !{ptr @derived_base, !"kernel", i32 1}
!2 = !{ptr @derived_chain_used, !"kernel", i32 1}
attributes #0 = { mustprogress nofree norecurse nosync nounwind "target-cpu"="sm_80" "target-features"="+ptx85,+sm_80" "uniform-work-group-size"="true" }
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 5]}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
