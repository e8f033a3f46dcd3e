; Input of test/codegen/loop-rerolling-remainder.test: 4x runtime-unrolled
; loops as clang's NVPTX pipeline leaves them (the epilogue form: a bypass
; for trip counts below 4, the main loop to n & -4, a join that skips or
; enters a remainder loop of n & 3 iterations marked unroll-disabled).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Copy 0 uses x = (i << 3) | lane (the KV-cache stores' shape); the
; remainder loop computes its own x from its i: merged.
define void @derived_remainder(ptr %a, ptr %b, i32 %n, i32 %l) #0 {
entry:
  %lane = and i32 %l, 7
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %pre, label %exit

pre:
  %rem = and i32 %n, 3
  %small = icmp ult i32 %n, 4
  br i1 %small, label %join, label %ph

ph:
  %N = and i32 %n, 2147483644
  br label %L

L:
  %i = phi i32 [ 0, %ph ], [ %i.next, %L ]
  %cnt = phi i32 [ 0, %ph ], [ %cnt.next, %L ]
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
  br i1 %done, label %join, label %L, !llvm.loop !10

join:
  %i.join = phi i32 [ 0, %pre ], [ %i.next, %L ]
  %none = icmp eq i32 %rem, 0
  br i1 %none, label %exit, label %R

R:
  %ri = phi i32 [ %i.join, %join ], [ %ri.next, %R ]
  %rc = phi i32 [ 0, %join ], [ %rc.next, %R ]
  %rs = shl i32 %ri, 3
  %rx = or disjoint i32 %rs, %lane
  %rpa = getelementptr inbounds i32, ptr %a, i32 %rx
  %rv = load i32, ptr %rpa, align 4
  %rw = add i32 %rv, 1
  %rpb = getelementptr inbounds i32, ptr %b, i32 %rx
  store i32 %rw, ptr %rpb, align 4
  %ri.next = add nuw i32 %ri, 1
  %rc.next = add i32 %rc, 1
  %rdone = icmp eq i32 %rc.next, %rem
  br i1 %rdone, label %exit, label %R, !llvm.loop !12

exit:
  ret void
}

; Copy j uses i | j; the remainder loop uses its i: merged.
define void @direct_remainder(ptr %a, ptr %b, i32 %n, i32 %l) #0 {
entry:
  %unused = and i32 %l, 7
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %pre, label %exit

pre:
  %rem = and i32 %n, 3
  %small = icmp ult i32 %n, 4
  br i1 %small, label %join, label %ph

ph:
  %N = and i32 %n, 2147483644
  br label %L

L:
  %i = phi i32 [ 0, %ph ], [ %i.next, %L ]
  %cnt = phi i32 [ 0, %ph ], [ %cnt.next, %L ]
  %pa0 = getelementptr inbounds i32, ptr %a, i32 %i
  %v0 = load i32, ptr %pa0, align 4
  %w0 = add i32 %v0, 1
  %pb0 = getelementptr inbounds i32, ptr %b, i32 %i
  store i32 %w0, ptr %pb0, align 4
  %x1 = or disjoint i32 %i, 1
  %pa1 = getelementptr inbounds i32, ptr %a, i32 %x1
  %v1 = load i32, ptr %pa1, align 4
  %w1 = add i32 %v1, 1
  %pb1 = getelementptr inbounds i32, ptr %b, i32 %x1
  store i32 %w1, ptr %pb1, align 4
  %x2 = or disjoint i32 %i, 2
  %pa2 = getelementptr inbounds i32, ptr %a, i32 %x2
  %v2 = load i32, ptr %pa2, align 4
  %w2 = add i32 %v2, 1
  %pb2 = getelementptr inbounds i32, ptr %b, i32 %x2
  store i32 %w2, ptr %pb2, align 4
  %x3 = or disjoint i32 %i, 3
  %pa3 = getelementptr inbounds i32, ptr %a, i32 %x3
  %v3 = load i32, ptr %pa3, align 4
  %w3 = add i32 %v3, 1
  %pb3 = getelementptr inbounds i32, ptr %b, i32 %x3
  store i32 %w3, ptr %pb3, align 4
  %i.next = add nuw i32 %i, 4
  %cnt.next = add i32 %cnt, 4
  %done = icmp eq i32 %cnt.next, %N
  br i1 %done, label %join, label %L, !llvm.loop !10

join:
  %i.join = phi i32 [ 0, %pre ], [ %i.next, %L ]
  %none = icmp eq i32 %rem, 0
  br i1 %none, label %exit, label %R

R:
  %ri = phi i32 [ %i.join, %join ], [ %ri.next, %R ]
  %rc = phi i32 [ 0, %join ], [ %rc.next, %R ]
  %rpa = getelementptr inbounds i32, ptr %a, i32 %ri
  %rv = load i32, ptr %rpa, align 4
  %rw = add i32 %rv, 1
  %rpb = getelementptr inbounds i32, ptr %b, i32 %ri
  store i32 %rw, ptr %rpb, align 4
  %ri.next = add nuw i32 %ri, 1
  %rc.next = add i32 %rc, 1
  %rdone = icmp eq i32 %rc.next, %rem
  br i1 %rdone, label %exit, label %R, !llvm.loop !12

exit:
  ret void
}

; The remainder adds 2 where the body adds 1: the main loop is rolled,
; the remainder loop stays.
define void @remainder_differs(ptr %a, ptr %b, i32 %n, i32 %l) #0 {
entry:
  %unused = and i32 %l, 7
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %pre, label %exit

pre:
  %rem = and i32 %n, 3
  %small = icmp ult i32 %n, 4
  br i1 %small, label %join, label %ph

ph:
  %N = and i32 %n, 2147483644
  br label %L

L:
  %i = phi i32 [ 0, %ph ], [ %i.next, %L ]
  %cnt = phi i32 [ 0, %ph ], [ %cnt.next, %L ]
  %pa0 = getelementptr inbounds i32, ptr %a, i32 %i
  %v0 = load i32, ptr %pa0, align 4
  %w0 = add i32 %v0, 1
  %pb0 = getelementptr inbounds i32, ptr %b, i32 %i
  store i32 %w0, ptr %pb0, align 4
  %x1 = or disjoint i32 %i, 1
  %pa1 = getelementptr inbounds i32, ptr %a, i32 %x1
  %v1 = load i32, ptr %pa1, align 4
  %w1 = add i32 %v1, 1
  %pb1 = getelementptr inbounds i32, ptr %b, i32 %x1
  store i32 %w1, ptr %pb1, align 4
  %x2 = or disjoint i32 %i, 2
  %pa2 = getelementptr inbounds i32, ptr %a, i32 %x2
  %v2 = load i32, ptr %pa2, align 4
  %w2 = add i32 %v2, 1
  %pb2 = getelementptr inbounds i32, ptr %b, i32 %x2
  store i32 %w2, ptr %pb2, align 4
  %x3 = or disjoint i32 %i, 3
  %pa3 = getelementptr inbounds i32, ptr %a, i32 %x3
  %v3 = load i32, ptr %pa3, align 4
  %w3 = add i32 %v3, 1
  %pb3 = getelementptr inbounds i32, ptr %b, i32 %x3
  store i32 %w3, ptr %pb3, align 4
  %i.next = add nuw i32 %i, 4
  %cnt.next = add i32 %cnt, 4
  %done = icmp eq i32 %cnt.next, %N
  br i1 %done, label %join, label %L, !llvm.loop !10

join:
  %i.join = phi i32 [ 0, %pre ], [ %i.next, %L ]
  %none = icmp eq i32 %rem, 0
  br i1 %none, label %exit, label %R

R:
  %ri = phi i32 [ %i.join, %join ], [ %ri.next, %R ]
  %rc = phi i32 [ 0, %join ], [ %rc.next, %R ]
  %rpa = getelementptr inbounds i32, ptr %a, i32 %ri
  %rv = load i32, ptr %rpa, align 4
  %rw = add i32 %rv, 2
  %rpb = getelementptr inbounds i32, ptr %b, i32 %ri
  store i32 %rw, ptr %rpb, align 4
  %ri.next = add nuw i32 %ri, 1
  %rc.next = add i32 %rc, 1
  %rdone = icmp eq i32 %rc.next, %rem
  br i1 %rdone, label %exit, label %R, !llvm.loop !12

exit:
  ret void
}

!nvvm.annotations = !{!1, !2, !3}
!1 = !{ptr @derived_remainder, !"kernel", i32 1}
!2 = !{ptr @direct_remainder, !"kernel", i32 1}
!3 = !{ptr @remainder_differs, !"kernel", i32 1}
attributes #0 = { mustprogress nofree norecurse nosync nounwind "target-cpu"="sm_80" "target-features"="+ptx85,+sm_80" "uniform-work-group-size"="true" }
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 5]}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
!12 = distinct !{!12, !13}
!13 = !{!"llvm.loop.unroll.disable"}
