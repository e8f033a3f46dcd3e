; Input of test/codegen/loop-rerolling.test: clang -O2 NVPTX output of three kernels
; (sum_partials: a 4x runtime-unrolled loop of one block; tile_rows: a 2x
; runtime-unrolled loop whose body branches; pragma_unrolled: `#pragma unroll 4`)
; and two made by hand from sum_partials that must stay unrolled.
; ModuleID = 'reroll.cu'
source_filename = "reroll.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite)
define dso_local void @_Z12sum_partialsPKfPfi(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %26

5:                                                ; preds = %3
  %6 = and i32 %2, 3
  %7 = icmp ult i32 %2, 4
  br i1 %7, label %10, label %8

8:                                                ; preds = %5
  %9 = and i32 %2, 2147483644
  br label %28

10:                                               ; preds = %28, %5
  %11 = phi float [ poison, %5 ], [ %50, %28 ]
  %12 = phi i32 [ 0, %5 ], [ %51, %28 ]
  %13 = phi float [ 0.000000e+00, %5 ], [ %50, %28 ]
  %14 = icmp eq i32 %6, 0
  br i1 %14, label %26, label %15

15:                                               ; preds = %10, %15
  %16 = phi i32 [ %23, %15 ], [ %12, %10 ]
  %17 = phi float [ %22, %15 ], [ %13, %10 ]
  %18 = phi i32 [ %24, %15 ], [ 0, %10 ]
  %19 = zext nneg i32 %16 to i64
  %20 = getelementptr inbounds float, ptr %0, i64 %19
  %21 = load float, ptr %20, align 4, !tbaa !10
  %22 = fadd contract float %17, %21
  %23 = add nuw nsw i32 %16, 1
  %24 = add i32 %18, 1
  %25 = icmp eq i32 %24, %6
  br i1 %25, label %26, label %15, !llvm.loop !14

26:                                               ; preds = %10, %15, %3
  %27 = phi float [ 0.000000e+00, %3 ], [ %11, %10 ], [ %22, %15 ]
  store float %27, ptr %1, align 4, !tbaa !10
  ret void

28:                                               ; preds = %28, %8
  %29 = phi i32 [ 0, %8 ], [ %51, %28 ]
  %30 = phi float [ 0.000000e+00, %8 ], [ %50, %28 ]
  %31 = phi i32 [ 0, %8 ], [ %52, %28 ]
  %32 = zext nneg i32 %29 to i64
  %33 = getelementptr inbounds float, ptr %0, i64 %32
  %34 = load float, ptr %33, align 4, !tbaa !10
  %35 = fadd contract float %30, %34
  %36 = or disjoint i32 %29, 1
  %37 = zext nneg i32 %36 to i64
  %38 = getelementptr inbounds float, ptr %0, i64 %37
  %39 = load float, ptr %38, align 4, !tbaa !10
  %40 = fadd contract float %35, %39
  %41 = or disjoint i32 %29, 2
  %42 = zext nneg i32 %41 to i64
  %43 = getelementptr inbounds float, ptr %0, i64 %42
  %44 = load float, ptr %43, align 4, !tbaa !10
  %45 = fadd contract float %40, %44
  %46 = or disjoint i32 %29, 3
  %47 = zext nneg i32 %46 to i64
  %48 = getelementptr inbounds float, ptr %0, i64 %47
  %49 = load float, ptr %48, align 4, !tbaa !10
  %50 = fadd contract float %45, %49
  %51 = add nuw nsw i32 %29, 4
  %52 = add i32 %31, 4
  %53 = icmp eq i32 %52, %9
  br i1 %53, label %10, label %28, !llvm.loop !16
}

; The third copy subtracts: the copies differ, the loop stays unrolled.
define dso_local void @mismatched_copies(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %26

5:                                                ; preds = %3
  %6 = and i32 %2, 3
  %7 = icmp ult i32 %2, 4
  br i1 %7, label %10, label %8

8:                                                ; preds = %5
  %9 = and i32 %2, 2147483644
  br label %28

10:                                               ; preds = %28, %5
  %11 = phi float [ poison, %5 ], [ %50, %28 ]
  %12 = phi i32 [ 0, %5 ], [ %51, %28 ]
  %13 = phi float [ 0.000000e+00, %5 ], [ %50, %28 ]
  %14 = icmp eq i32 %6, 0
  br i1 %14, label %26, label %15

15:                                               ; preds = %10, %15
  %16 = phi i32 [ %23, %15 ], [ %12, %10 ]
  %17 = phi float [ %22, %15 ], [ %13, %10 ]
  %18 = phi i32 [ %24, %15 ], [ 0, %10 ]
  %19 = zext nneg i32 %16 to i64
  %20 = getelementptr inbounds float, ptr %0, i64 %19
  %21 = load float, ptr %20, align 4, !tbaa !10
  %22 = fadd contract float %17, %21
  %23 = add nuw nsw i32 %16, 1
  %24 = add i32 %18, 1
  %25 = icmp eq i32 %24, %6
  br i1 %25, label %26, label %15, !llvm.loop !14

26:                                               ; preds = %10, %15, %3
  %27 = phi float [ 0.000000e+00, %3 ], [ %11, %10 ], [ %22, %15 ]
  store float %27, ptr %1, align 4, !tbaa !10
  ret void

28:                                               ; preds = %28, %8
  %29 = phi i32 [ 0, %8 ], [ %51, %28 ]
  %30 = phi float [ 0.000000e+00, %8 ], [ %50, %28 ]
  %31 = phi i32 [ 0, %8 ], [ %52, %28 ]
  %32 = zext nneg i32 %29 to i64
  %33 = getelementptr inbounds float, ptr %0, i64 %32
  %34 = load float, ptr %33, align 4, !tbaa !10
  %35 = fadd contract float %30, %34
  %36 = or disjoint i32 %29, 1
  %37 = zext nneg i32 %36 to i64
  %38 = getelementptr inbounds float, ptr %0, i64 %37
  %39 = load float, ptr %38, align 4, !tbaa !10
  %40 = fadd contract float %35, %39
  %41 = or disjoint i32 %29, 2
  %42 = zext nneg i32 %41 to i64
  %43 = getelementptr inbounds float, ptr %0, i64 %42
  %44 = load float, ptr %43, align 4, !tbaa !10
  %45 = fsub contract float %40, %44
  %46 = or disjoint i32 %29, 3
  %47 = zext nneg i32 %46 to i64
  %48 = getelementptr inbounds float, ptr %0, i64 %47
  %49 = load float, ptr %48, align 4, !tbaa !10
  %50 = fadd contract float %45, %49
  %51 = add nuw nsw i32 %29, 4
  %52 = add i32 %31, 4
  %53 = icmp eq i32 %52, %9
  br i1 %53, label %10, label %28, !llvm.loop !16
}

; Copy 0's sum leaves the loop: only the last copy's values may.
define dso_local void @copy0_used_after(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %26

5:                                                ; preds = %3
  %6 = and i32 %2, 3
  %7 = icmp ult i32 %2, 4
  br i1 %7, label %10, label %8

8:                                                ; preds = %5
  %9 = and i32 %2, 2147483644
  br label %28

10:                                               ; preds = %28, %5
  %11 = phi float [ poison, %5 ], [ %35, %28 ]
  %12 = phi i32 [ 0, %5 ], [ %51, %28 ]
  %13 = phi float [ 0.000000e+00, %5 ], [ %50, %28 ]
  %14 = icmp eq i32 %6, 0
  br i1 %14, label %26, label %15

15:                                               ; preds = %10, %15
  %16 = phi i32 [ %23, %15 ], [ %12, %10 ]
  %17 = phi float [ %22, %15 ], [ %13, %10 ]
  %18 = phi i32 [ %24, %15 ], [ 0, %10 ]
  %19 = zext nneg i32 %16 to i64
  %20 = getelementptr inbounds float, ptr %0, i64 %19
  %21 = load float, ptr %20, align 4, !tbaa !10
  %22 = fadd contract float %17, %21
  %23 = add nuw nsw i32 %16, 1
  %24 = add i32 %18, 1
  %25 = icmp eq i32 %24, %6
  br i1 %25, label %26, label %15, !llvm.loop !14

26:                                               ; preds = %10, %15, %3
  %27 = phi float [ 0.000000e+00, %3 ], [ %11, %10 ], [ %22, %15 ]
  store float %27, ptr %1, align 4, !tbaa !10
  ret void

28:                                               ; preds = %28, %8
  %29 = phi i32 [ 0, %8 ], [ %51, %28 ]
  %30 = phi float [ 0.000000e+00, %8 ], [ %50, %28 ]
  %31 = phi i32 [ 0, %8 ], [ %52, %28 ]
  %32 = zext nneg i32 %29 to i64
  %33 = getelementptr inbounds float, ptr %0, i64 %32
  %34 = load float, ptr %33, align 4, !tbaa !10
  %35 = fadd contract float %30, %34
  %36 = or disjoint i32 %29, 1
  %37 = zext nneg i32 %36 to i64
  %38 = getelementptr inbounds float, ptr %0, i64 %37
  %39 = load float, ptr %38, align 4, !tbaa !10
  %40 = fadd contract float %35, %39
  %41 = or disjoint i32 %29, 2
  %42 = zext nneg i32 %41 to i64
  %43 = getelementptr inbounds float, ptr %0, i64 %42
  %44 = load float, ptr %43, align 4, !tbaa !10
  %45 = fadd contract float %40, %44
  %46 = or disjoint i32 %29, 3
  %47 = zext nneg i32 %46 to i64
  %48 = getelementptr inbounds float, ptr %0, i64 %47
  %49 = load float, ptr %48, align 4, !tbaa !10
  %50 = fadd contract float %45, %49
  %51 = add nuw nsw i32 %29, 4
  %52 = add i32 %31, 4
  %53 = icmp eq i32 %52, %9
  br i1 %53, label %10, label %28, !llvm.loop !16
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite)
define dso_local void @_Z9tile_rowsPKfPfii(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = shl i32 %5, 5
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = add i32 %6, %7
  %9 = tail call noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %10 = shl nuw nsw i32 %9, 5
  %11 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %12 = add nuw nsw i32 %10, %11
  %13 = icmp slt i32 %8, %2
  %14 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %15 = udiv i32 31, %14
  %16 = icmp ugt i32 %14, 31
  br i1 %16, label %20, label %17

17:                                               ; preds = %4
  %18 = add nuw nsw i32 %15, 1
  %19 = and i32 %18, 62
  br label %39

20:                                               ; preds = %66, %4
  %21 = phi i32 [ 0, %4 ], [ %67, %66 ]
  %22 = and i32 %15, 1
  %23 = icmp eq i32 %22, 0
  %24 = xor i1 %23, true
  %25 = xor i1 %13, true
  %26 = or i1 %24, %25
  br i1 %26, label %38, label %27

27:                                               ; preds = %20
  %28 = add nuw nsw i32 %12, %21
  %29 = icmp slt i32 %28, %3
  br i1 %29, label %30, label %38

30:                                               ; preds = %27
  %31 = mul nsw i32 %28, %2
  %32 = add nsw i32 %31, %8
  %33 = sext i32 %32 to i64
  %34 = getelementptr inbounds float, ptr %1, i64 %33
  %35 = getelementptr inbounds float, ptr %0, i64 %33
  %36 = load float, ptr %35, align 4, !tbaa !10
  %37 = fmul contract float %36, 2.000000e+00
  store float %37, ptr %34, align 4, !tbaa !10
  br label %38

38:                                               ; preds = %20, %27, %30
  ret void

39:                                               ; preds = %66, %17
  %40 = phi i32 [ 0, %17 ], [ %67, %66 ]
  %41 = phi i32 [ 0, %17 ], [ %68, %66 ]
  br i1 %13, label %42, label %53

42:                                               ; preds = %39
  %43 = add nuw nsw i32 %12, %40
  %44 = icmp slt i32 %43, %3
  br i1 %44, label %45, label %53

45:                                               ; preds = %42
  %46 = mul nsw i32 %43, %2
  %47 = add nsw i32 %46, %8
  %48 = sext i32 %47 to i64
  %49 = getelementptr inbounds float, ptr %1, i64 %48
  %50 = getelementptr inbounds float, ptr %0, i64 %48
  %51 = load float, ptr %50, align 4, !tbaa !10
  %52 = fmul contract float %51, 2.000000e+00
  store float %52, ptr %49, align 4, !tbaa !10
  br label %53

53:                                               ; preds = %39, %42, %45
  %54 = add nuw nsw i32 %40, %14
  br i1 %13, label %55, label %66

55:                                               ; preds = %53
  %56 = add nuw nsw i32 %12, %54
  %57 = icmp slt i32 %56, %3
  br i1 %57, label %58, label %66

58:                                               ; preds = %55
  %59 = mul nsw i32 %56, %2
  %60 = add nsw i32 %59, %8
  %61 = sext i32 %60 to i64
  %62 = getelementptr inbounds float, ptr %1, i64 %61
  %63 = getelementptr inbounds float, ptr %0, i64 %61
  %64 = load float, ptr %63, align 4, !tbaa !10
  %65 = fmul contract float %64, 2.000000e+00
  store float %65, ptr %62, align 4, !tbaa !10
  br label %66

66:                                               ; preds = %58, %55, %53
  %67 = add nuw nsw i32 %54, %14
  %68 = add i32 %41, 2
  %69 = icmp eq i32 %68, %19
  br i1 %69, label %20, label %39, !llvm.loop !18
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite)
define dso_local void @_Z15pragma_unrolledPKfPfi(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %26

5:                                                ; preds = %3
  %6 = and i32 %2, 3
  %7 = icmp ult i32 %2, 4
  br i1 %7, label %10, label %8

8:                                                ; preds = %5
  %9 = and i32 %2, 2147483644
  br label %28

10:                                               ; preds = %28, %5
  %11 = phi float [ poison, %5 ], [ %50, %28 ]
  %12 = phi i32 [ 0, %5 ], [ %51, %28 ]
  %13 = phi float [ 0.000000e+00, %5 ], [ %50, %28 ]
  %14 = icmp eq i32 %6, 0
  br i1 %14, label %26, label %15

15:                                               ; preds = %10, %15
  %16 = phi i32 [ %23, %15 ], [ %12, %10 ]
  %17 = phi float [ %22, %15 ], [ %13, %10 ]
  %18 = phi i32 [ %24, %15 ], [ 0, %10 ]
  %19 = zext nneg i32 %16 to i64
  %20 = getelementptr inbounds float, ptr %0, i64 %19
  %21 = load float, ptr %20, align 4, !tbaa !10
  %22 = fadd contract float %17, %21
  %23 = add nuw nsw i32 %16, 1
  %24 = add i32 %18, 1
  %25 = icmp eq i32 %24, %6
  br i1 %25, label %26, label %15, !llvm.loop !19

26:                                               ; preds = %10, %15, %3
  %27 = phi float [ 0.000000e+00, %3 ], [ %11, %10 ], [ %22, %15 ]
  store float %27, ptr %1, align 4, !tbaa !10
  ret void

28:                                               ; preds = %28, %8
  %29 = phi i32 [ 0, %8 ], [ %51, %28 ]
  %30 = phi float [ 0.000000e+00, %8 ], [ %50, %28 ]
  %31 = phi i32 [ 0, %8 ], [ %52, %28 ]
  %32 = zext nneg i32 %29 to i64
  %33 = getelementptr inbounds float, ptr %0, i64 %32
  %34 = load float, ptr %33, align 4, !tbaa !10
  %35 = fadd contract float %30, %34
  %36 = or disjoint i32 %29, 1
  %37 = zext nneg i32 %36 to i64
  %38 = getelementptr inbounds float, ptr %0, i64 %37
  %39 = load float, ptr %38, align 4, !tbaa !10
  %40 = fadd contract float %35, %39
  %41 = or disjoint i32 %29, 2
  %42 = zext nneg i32 %41 to i64
  %43 = getelementptr inbounds float, ptr %0, i64 %42
  %44 = load float, ptr %43, align 4, !tbaa !10
  %45 = fadd contract float %40, %44
  %46 = or disjoint i32 %29, 3
  %47 = zext nneg i32 %46 to i64
  %48 = getelementptr inbounds float, ptr %0, i64 %47
  %49 = load float, ptr %48, align 4, !tbaa !10
  %50 = fadd contract float %45, %49
  %51 = add nuw nsw i32 %29, 4
  %52 = add i32 %31, 4
  %53 = icmp eq i32 %52, %9
  br i1 %53, label %10, label %28, !llvm.loop !20
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx85,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!nvvm.annotations = !{!900, !901, !4, !5, !6}
!llvm.ident = !{!7, !8}
!nvvmir.version = !{!9}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 5]}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{ptr @_Z12sum_partialsPKfPfi, !"kernel", i32 1}
!5 = !{ptr @_Z9tile_rowsPKfPfii, !"kernel", i32 1}
!6 = !{ptr @_Z15pragma_unrolledPKfPfi, !"kernel", i32 1}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!9 = !{i32 2, i32 0}
!10 = !{!11, !11, i64 0}
!11 = !{!"float", !12, i64 0}
!12 = !{!"omnipotent char", !13, i64 0}
!13 = !{!"Simple C++ TBAA"}
!14 = distinct !{!14, !15}
!15 = !{!"llvm.loop.unroll.disable"}
!16 = distinct !{!16, !17}
!17 = !{!"llvm.loop.mustprogress"}
!18 = distinct !{!18, !17}
!19 = distinct !{!19, !15}
!20 = distinct !{!20, !17, !15}
!900 = !{ptr @mismatched_copies, !"kernel", i32 1}
!901 = !{ptr @copy0_used_after, !"kernel", i32 1}
