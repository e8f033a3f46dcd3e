; Input of test/codegen/loop-rerolling.test: clang -O2 NVPTX output of four
; kernels (sum_partials: a 4x runtime-unrolled loop of one block with a
; remainder loop; tile_rows: a 2x loop whose body branches, its first branch
; folded into the remainder's test; dot_rows: a 2x loop of one block with a
; remainder of one block; pragma_unrolled: `#pragma unroll 4`) and two made by
; hand from sum_partials that must stay unrolled.
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
  %21 = load float, ptr %20, align 4, !tbaa !11
  %22 = fadd contract float %17, %21
  %23 = add nuw nsw i32 %16, 1
  %24 = add i32 %18, 1
  %25 = icmp eq i32 %24, %6
  br i1 %25, label %26, label %15, !llvm.loop !15

26:                                               ; preds = %10, %15, %3
  %27 = phi float [ 0.000000e+00, %3 ], [ %11, %10 ], [ %22, %15 ]
  store float %27, ptr %1, align 4, !tbaa !11
  ret void

28:                                               ; preds = %28, %8
  %29 = phi i32 [ 0, %8 ], [ %51, %28 ]
  %30 = phi float [ 0.000000e+00, %8 ], [ %50, %28 ]
  %31 = phi i32 [ 0, %8 ], [ %52, %28 ]
  %32 = zext nneg i32 %29 to i64
  %33 = getelementptr inbounds float, ptr %0, i64 %32
  %34 = load float, ptr %33, align 4, !tbaa !11
  %35 = fadd contract float %30, %34
  %36 = or disjoint i32 %29, 1
  %37 = zext nneg i32 %36 to i64
  %38 = getelementptr inbounds float, ptr %0, i64 %37
  %39 = load float, ptr %38, align 4, !tbaa !11
  %40 = fadd contract float %35, %39
  %41 = or disjoint i32 %29, 2
  %42 = zext nneg i32 %41 to i64
  %43 = getelementptr inbounds float, ptr %0, i64 %42
  %44 = load float, ptr %43, align 4, !tbaa !11
  %45 = fadd contract float %40, %44
  %46 = or disjoint i32 %29, 3
  %47 = zext nneg i32 %46 to i64
  %48 = getelementptr inbounds float, ptr %0, i64 %47
  %49 = load float, ptr %48, align 4, !tbaa !11
  %50 = fadd contract float %45, %49
  %51 = add nuw nsw i32 %29, 4
  %52 = add i32 %31, 4
  %53 = icmp eq i32 %52, %9
  br i1 %53, label %10, label %28, !llvm.loop !17
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
  %21 = load float, ptr %20, align 4, !tbaa !11
  %22 = fadd contract float %17, %21
  %23 = add nuw nsw i32 %16, 1
  %24 = add i32 %18, 1
  %25 = icmp eq i32 %24, %6
  br i1 %25, label %26, label %15, !llvm.loop !15

26:                                               ; preds = %10, %15, %3
  %27 = phi float [ 0.000000e+00, %3 ], [ %11, %10 ], [ %22, %15 ]
  store float %27, ptr %1, align 4, !tbaa !11
  ret void

28:                                               ; preds = %28, %8
  %29 = phi i32 [ 0, %8 ], [ %51, %28 ]
  %30 = phi float [ 0.000000e+00, %8 ], [ %50, %28 ]
  %31 = phi i32 [ 0, %8 ], [ %52, %28 ]
  %32 = zext nneg i32 %29 to i64
  %33 = getelementptr inbounds float, ptr %0, i64 %32
  %34 = load float, ptr %33, align 4, !tbaa !11
  %35 = fadd contract float %30, %34
  %36 = or disjoint i32 %29, 1
  %37 = zext nneg i32 %36 to i64
  %38 = getelementptr inbounds float, ptr %0, i64 %37
  %39 = load float, ptr %38, align 4, !tbaa !11
  %40 = fadd contract float %35, %39
  %41 = or disjoint i32 %29, 2
  %42 = zext nneg i32 %41 to i64
  %43 = getelementptr inbounds float, ptr %0, i64 %42
  %44 = load float, ptr %43, align 4, !tbaa !11
  %45 = fsub contract float %40, %44
  %46 = or disjoint i32 %29, 3
  %47 = zext nneg i32 %46 to i64
  %48 = getelementptr inbounds float, ptr %0, i64 %47
  %49 = load float, ptr %48, align 4, !tbaa !11
  %50 = fadd contract float %45, %49
  %51 = add nuw nsw i32 %29, 4
  %52 = add i32 %31, 4
  %53 = icmp eq i32 %52, %9
  br i1 %53, label %10, label %28, !llvm.loop !17
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
  %21 = load float, ptr %20, align 4, !tbaa !11
  %22 = fadd contract float %17, %21
  %23 = add nuw nsw i32 %16, 1
  %24 = add i32 %18, 1
  %25 = icmp eq i32 %24, %6
  br i1 %25, label %26, label %15, !llvm.loop !15

26:                                               ; preds = %10, %15, %3
  %27 = phi float [ 0.000000e+00, %3 ], [ %11, %10 ], [ %22, %15 ]
  store float %27, ptr %1, align 4, !tbaa !11
  ret void

28:                                               ; preds = %28, %8
  %29 = phi i32 [ 0, %8 ], [ %51, %28 ]
  %30 = phi float [ 0.000000e+00, %8 ], [ %50, %28 ]
  %31 = phi i32 [ 0, %8 ], [ %52, %28 ]
  %32 = zext nneg i32 %29 to i64
  %33 = getelementptr inbounds float, ptr %0, i64 %32
  %34 = load float, ptr %33, align 4, !tbaa !11
  %35 = fadd contract float %30, %34
  %36 = or disjoint i32 %29, 1
  %37 = zext nneg i32 %36 to i64
  %38 = getelementptr inbounds float, ptr %0, i64 %37
  %39 = load float, ptr %38, align 4, !tbaa !11
  %40 = fadd contract float %35, %39
  %41 = or disjoint i32 %29, 2
  %42 = zext nneg i32 %41 to i64
  %43 = getelementptr inbounds float, ptr %0, i64 %42
  %44 = load float, ptr %43, align 4, !tbaa !11
  %45 = fadd contract float %40, %44
  %46 = or disjoint i32 %29, 3
  %47 = zext nneg i32 %46 to i64
  %48 = getelementptr inbounds float, ptr %0, i64 %47
  %49 = load float, ptr %48, align 4, !tbaa !11
  %50 = fadd contract float %45, %49
  %51 = add nuw nsw i32 %29, 4
  %52 = add i32 %31, 4
  %53 = icmp eq i32 %52, %9
  br i1 %53, label %10, label %28, !llvm.loop !17
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite)
define dso_local void @_Z9tile_rowsPKfPfii(ptr nocapture noundef readonly %0, ptr nocapture noundef %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 {
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
  br label %41

20:                                               ; preds = %72, %4
  %21 = phi i32 [ 0, %4 ], [ %73, %72 ]
  %22 = and i32 %15, 1
  %23 = icmp eq i32 %22, 0
  %24 = xor i1 %23, true
  %25 = xor i1 %13, true
  %26 = or i1 %24, %25
  br i1 %26, label %40, label %27

27:                                               ; preds = %20
  %28 = add nuw nsw i32 %12, %21
  %29 = icmp slt i32 %28, %3
  br i1 %29, label %30, label %40

30:                                               ; preds = %27
  %31 = mul nsw i32 %28, %2
  %32 = add nsw i32 %31, %8
  %33 = sext i32 %32 to i64
  %34 = getelementptr inbounds float, ptr %0, i64 %33
  %35 = load float, ptr %34, align 4, !tbaa !11
  %36 = fmul contract float %35, 2.000000e+00
  %37 = getelementptr inbounds float, ptr %1, i64 %33
  %38 = load float, ptr %37, align 4, !tbaa !11
  %39 = fadd contract float %38, %36
  store float %39, ptr %37, align 4, !tbaa !11
  br label %40

40:                                               ; preds = %20, %27, %30
  ret void

41:                                               ; preds = %72, %17
  %42 = phi i32 [ 0, %17 ], [ %73, %72 ]
  %43 = phi i32 [ 0, %17 ], [ %74, %72 ]
  br i1 %13, label %44, label %57

44:                                               ; preds = %41
  %45 = add nuw nsw i32 %12, %42
  %46 = icmp slt i32 %45, %3
  br i1 %46, label %47, label %57

47:                                               ; preds = %44
  %48 = mul nsw i32 %45, %2
  %49 = add nsw i32 %48, %8
  %50 = sext i32 %49 to i64
  %51 = getelementptr inbounds float, ptr %0, i64 %50
  %52 = load float, ptr %51, align 4, !tbaa !11
  %53 = fmul contract float %52, 2.000000e+00
  %54 = getelementptr inbounds float, ptr %1, i64 %50
  %55 = load float, ptr %54, align 4, !tbaa !11
  %56 = fadd contract float %55, %53
  store float %56, ptr %54, align 4, !tbaa !11
  br label %57

57:                                               ; preds = %41, %44, %47
  %58 = add nuw nsw i32 %42, %14
  br i1 %13, label %59, label %72

59:                                               ; preds = %57
  %60 = add nuw nsw i32 %12, %58
  %61 = icmp slt i32 %60, %3
  br i1 %61, label %62, label %72

62:                                               ; preds = %59
  %63 = mul nsw i32 %60, %2
  %64 = add nsw i32 %63, %8
  %65 = sext i32 %64 to i64
  %66 = getelementptr inbounds float, ptr %0, i64 %65
  %67 = load float, ptr %66, align 4, !tbaa !11
  %68 = fmul contract float %67, 2.000000e+00
  %69 = getelementptr inbounds float, ptr %1, i64 %65
  %70 = load float, ptr %69, align 4, !tbaa !11
  %71 = fadd contract float %70, %68
  store float %71, ptr %69, align 4, !tbaa !11
  br label %72

72:                                               ; preds = %62, %59, %57
  %73 = add nuw nsw i32 %58, %14
  %74 = add i32 %43, 2
  %75 = icmp eq i32 %74, %19
  br i1 %75, label %20, label %41, !llvm.loop !19
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite)
define dso_local void @_Z8dot_rowsPKdS0_Pdii(ptr nocapture noundef readonly %0, ptr nocapture noundef readonly %1, ptr nocapture noundef writeonly %2, i32 noundef %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %7 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %8 = mul i32 %6, %7
  %9 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %10 = add i32 %8, %9
  %11 = icmp sgt i32 %4, 0
  br i1 %11, label %12, label %36

12:                                               ; preds = %5
  %13 = mul nsw i32 %10, %3
  %14 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %15 = and i32 %4, 1
  %16 = icmp eq i32 %4, 1
  br i1 %16, label %19, label %17

17:                                               ; preds = %12
  %18 = and i32 %4, 2147483646
  br label %40

19:                                               ; preds = %40, %12
  %20 = phi double [ poison, %12 ], [ %66, %40 ]
  %21 = phi i32 [ 0, %12 ], [ %67, %40 ]
  %22 = phi double [ 0.000000e+00, %12 ], [ %66, %40 ]
  %23 = icmp eq i32 %15, 0
  br i1 %23, label %36, label %24

24:                                               ; preds = %19
  %25 = add nsw i32 %21, %13
  %26 = sext i32 %25 to i64
  %27 = getelementptr inbounds double, ptr %0, i64 %26
  %28 = load double, ptr %27, align 8, !tbaa !20
  %29 = mul nsw i32 %21, %3
  %30 = add i32 %29, %14
  %31 = zext i32 %30 to i64
  %32 = getelementptr inbounds double, ptr %1, i64 %31
  %33 = load double, ptr %32, align 8, !tbaa !20
  %34 = fmul contract double %28, %33
  %35 = fadd contract double %22, %34
  br label %36

36:                                               ; preds = %24, %19, %5
  %37 = phi double [ 0.000000e+00, %5 ], [ %20, %19 ], [ %35, %24 ]
  %38 = sext i32 %10 to i64
  %39 = getelementptr inbounds double, ptr %2, i64 %38
  store double %37, ptr %39, align 8, !tbaa !20
  ret void

40:                                               ; preds = %40, %17
  %41 = phi i32 [ 0, %17 ], [ %67, %40 ]
  %42 = phi double [ 0.000000e+00, %17 ], [ %66, %40 ]
  %43 = phi i32 [ 0, %17 ], [ %68, %40 ]
  %44 = add nsw i32 %41, %13
  %45 = sext i32 %44 to i64
  %46 = getelementptr inbounds double, ptr %0, i64 %45
  %47 = load double, ptr %46, align 8, !tbaa !20
  %48 = mul nsw i32 %41, %3
  %49 = add i32 %48, %14
  %50 = zext i32 %49 to i64
  %51 = getelementptr inbounds double, ptr %1, i64 %50
  %52 = load double, ptr %51, align 8, !tbaa !20
  %53 = fmul contract double %47, %52
  %54 = fadd contract double %42, %53
  %55 = or disjoint i32 %41, 1
  %56 = add nsw i32 %55, %13
  %57 = sext i32 %56 to i64
  %58 = getelementptr inbounds double, ptr %0, i64 %57
  %59 = load double, ptr %58, align 8, !tbaa !20
  %60 = mul nsw i32 %55, %3
  %61 = add i32 %60, %14
  %62 = zext i32 %61 to i64
  %63 = getelementptr inbounds double, ptr %1, i64 %62
  %64 = load double, ptr %63, align 8, !tbaa !20
  %65 = fmul contract double %59, %64
  %66 = fadd contract double %54, %65
  %67 = add nuw nsw i32 %41, 2
  %68 = add i32 %43, 2
  %69 = icmp eq i32 %68, %18
  br i1 %69, label %19, label %40, !llvm.loop !22
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
  %21 = load float, ptr %20, align 4, !tbaa !11
  %22 = fadd contract float %17, %21
  %23 = add nuw nsw i32 %16, 1
  %24 = add i32 %18, 1
  %25 = icmp eq i32 %24, %6
  br i1 %25, label %26, label %15, !llvm.loop !23

26:                                               ; preds = %10, %15, %3
  %27 = phi float [ 0.000000e+00, %3 ], [ %11, %10 ], [ %22, %15 ]
  store float %27, ptr %1, align 4, !tbaa !11
  ret void

28:                                               ; preds = %28, %8
  %29 = phi i32 [ 0, %8 ], [ %51, %28 ]
  %30 = phi float [ 0.000000e+00, %8 ], [ %50, %28 ]
  %31 = phi i32 [ 0, %8 ], [ %52, %28 ]
  %32 = zext nneg i32 %29 to i64
  %33 = getelementptr inbounds float, ptr %0, i64 %32
  %34 = load float, ptr %33, align 4, !tbaa !11
  %35 = fadd contract float %30, %34
  %36 = or disjoint i32 %29, 1
  %37 = zext nneg i32 %36 to i64
  %38 = getelementptr inbounds float, ptr %0, i64 %37
  %39 = load float, ptr %38, align 4, !tbaa !11
  %40 = fadd contract float %35, %39
  %41 = or disjoint i32 %29, 2
  %42 = zext nneg i32 %41 to i64
  %43 = getelementptr inbounds float, ptr %0, i64 %42
  %44 = load float, ptr %43, align 4, !tbaa !11
  %45 = fadd contract float %40, %44
  %46 = or disjoint i32 %29, 3
  %47 = zext nneg i32 %46 to i64
  %48 = getelementptr inbounds float, ptr %0, i64 %47
  %49 = load float, ptr %48, align 4, !tbaa !11
  %50 = fadd contract float %45, %49
  %51 = add nuw nsw i32 %29, 4
  %52 = add i32 %31, 4
  %53 = icmp eq i32 %52, %9
  br i1 %53, label %10, label %28, !llvm.loop !24
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

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

attributes #0 = { mustprogress nofree norecurse nosync nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx85,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!nvvm.annotations = !{!900, !901, !4, !5, !6, !7}
!llvm.ident = !{!8, !9}
!nvvmir.version = !{!10}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 5]}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{ptr @_Z12sum_partialsPKfPfi, !"kernel", i32 1}
!5 = !{ptr @_Z9tile_rowsPKfPfii, !"kernel", i32 1}
!6 = !{ptr @_Z8dot_rowsPKdS0_Pdii, !"kernel", i32 1}
!7 = !{ptr @_Z15pragma_unrolledPKfPfi, !"kernel", i32 1}
!8 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!9 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!10 = !{i32 2, i32 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"float", !13, i64 0}
!13 = !{!"omnipotent char", !14, i64 0}
!14 = !{!"Simple C++ TBAA"}
!15 = distinct !{!15, !16}
!16 = !{!"llvm.loop.unroll.disable"}
!17 = distinct !{!17, !18}
!18 = !{!"llvm.loop.mustprogress"}
!19 = distinct !{!19, !18}
!20 = !{!21, !21, i64 0}
!21 = !{!"double", !13, i64 0}
!22 = distinct !{!22, !18}
!23 = distinct !{!23, !16}
!24 = distinct !{!24, !18, !16}
!900 = !{ptr @mismatched_copies, !"kernel", i32 1}
!901 = !{ptr @copy0_used_after, !"kernel", i32 1}
