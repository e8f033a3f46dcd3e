; Copy 0's load says !range [0,10) !noundef, copy 1's [0,100) !noundef.
; combineMetadataForCSE(..., DoesKMove=false) keeps copy 0's range on the
; rolled load (K "does not move"), although it now also loads copy 1's
; elements: the optimizer then drops copy 1's `x & 15` (x < 10 makes it x).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @meta_range(ptr %a, ptr %b, i32 %n) #0 {
entry:
  %N = and i32 %n, -2
  %pos = icmp sgt i32 %N, 0
  br i1 %pos, label %H, label %exit

H:
  %i = phi i32 [ 0, %entry ], [ %i.next, %H ]
  %cnt = phi i32 [ 0, %entry ], [ %cnt.next, %H ]
  %pa0 = getelementptr inbounds i32, ptr %a, i32 %i
  %x0 = load i32, ptr %pa0, align 4, !range !20, !noundef !22
  %v0 = and i32 %x0, 15
  %pb0 = getelementptr inbounds i32, ptr %b, i32 %i
  store i32 %v0, ptr %pb0, align 4
  %i1 = or disjoint i32 %i, 1
  %pa1 = getelementptr inbounds i32, ptr %a, i32 %i1
  %x1 = load i32, ptr %pa1, align 4, !range !21, !noundef !22
  %v1 = and i32 %x1, 15
  %pb1 = getelementptr inbounds i32, ptr %b, i32 %i1
  store i32 %v1, ptr %pb1, align 4
  %i.next = add nuw nsw i32 %i, 2
  %cnt.next = add i32 %cnt, 2
  %done = icmp eq i32 %cnt.next, %N
  br i1 %done, label %exit, label %H, !llvm.loop !10

exit:
  ret void
}

!nvvm.annotations = !{!1}
!1 = !{ptr @meta_range, !"kernel", i32 1}
!20 = !{i32 0, i32 10}
!21 = !{i32 0, i32 100}
!22 = !{}
attributes #0 = { mustprogress nofree norecurse nosync nounwind "target-cpu"="sm_80" "target-features"="+ptx85,+sm_80" "uniform-work-group-size"="true" }
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 5]}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
