; Kernels of one template instantiated for types of one representation, as
; clang's NVPTX pipeline leaves them (test/codegen/kernel-copies.test):
; reverse_a and reverse_b are the same function (each with its own tile of
; workgroup memory, and a loop with its own distinct !llvm.loop node);
; reverse_tbaa differs from them in a TBAA tag only, reverse_scale3 in a
; constant; sum_x and sum_y are the same function on the same dynamic
; workgroup memory.
source_filename = "kernel_copies.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile_a = internal addrspace(3) global [64 x float] undef, align 4
@tile_b = internal addrspace(3) global [64 x float] undef, align 4
@tile_t = internal addrspace(3) global [64 x float] undef, align 4
@tile_s = internal addrspace(3) global [64 x float] undef, align 4
@dyn = external addrspace(3) global [0 x float], align 4

; out[b*64 + t] = 2 * (sum of in[b*64 .. b*64+k] for k < n) of the mirrored
; work-item, through the tile.
define void @reverse_a(ptr %in, ptr %out, i32 %n) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = shl i32 %b, 6
  %i = add i32 %base, %t
  %i64 = zext i32 %i to i64
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %j = add i32 %i, %k
  %j64 = zext i32 %j to i64
  %p = getelementptr inbounds float, ptr %in, i64 %j64
  %v = load float, ptr %p, align 4, !tbaa !6
  %acc1 = fadd float %acc, %v
  %k1 = add nuw nsw i32 %k, 1
  %more = icmp slt i32 %k1, %n
  br i1 %more, label %loop, label %done, !llvm.loop !10

done:
  %t64 = zext i32 %t to i64
  %slot = getelementptr inbounds [64 x float], ptr addrspace(3) @tile_a, i64 0, i64 %t64
  store float %acc1, ptr addrspace(3) %slot, align 4, !tbaa !6
  tail call void @llvm.nvvm.barrier0()
  %m = sub i32 63, %t
  %m64 = zext i32 %m to i64
  %mslot = getelementptr inbounds [64 x float], ptr addrspace(3) @tile_a, i64 0, i64 %m64
  %w = load float, ptr addrspace(3) %mslot, align 4, !tbaa !6
  %r = fmul float %w, 2.0
  %q = getelementptr inbounds float, ptr %out, i64 %i64
  store float %r, ptr %q, align 4, !tbaa !6
  ret void
}

define void @reverse_b(ptr %in, ptr %out, i32 %n) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = shl i32 %b, 6
  %i = add i32 %base, %t
  %i64 = zext i32 %i to i64
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %j = add i32 %i, %k
  %j64 = zext i32 %j to i64
  %p = getelementptr inbounds float, ptr %in, i64 %j64
  %v = load float, ptr %p, align 4, !tbaa !6
  %acc1 = fadd float %acc, %v
  %k1 = add nuw nsw i32 %k, 1
  %more = icmp slt i32 %k1, %n
  br i1 %more, label %loop, label %done, !llvm.loop !12

done:
  %t64 = zext i32 %t to i64
  %slot = getelementptr inbounds [64 x float], ptr addrspace(3) @tile_b, i64 0, i64 %t64
  store float %acc1, ptr addrspace(3) %slot, align 4, !tbaa !6
  tail call void @llvm.nvvm.barrier0()
  %m = sub i32 63, %t
  %m64 = zext i32 %m to i64
  %mslot = getelementptr inbounds [64 x float], ptr addrspace(3) @tile_b, i64 0, i64 %m64
  %w = load float, ptr addrspace(3) %mslot, align 4, !tbaa !6
  %r = fmul float %w, 2.0
  %q = getelementptr inbounds float, ptr %out, i64 %i64
  store float %r, ptr %q, align 4, !tbaa !6
  ret void
}

; As reverse_a but for the TBAA tag of the input's loads ("int").
define void @reverse_tbaa(ptr %in, ptr %out, i32 %n) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = shl i32 %b, 6
  %i = add i32 %base, %t
  %i64 = zext i32 %i to i64
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %j = add i32 %i, %k
  %j64 = zext i32 %j to i64
  %p = getelementptr inbounds float, ptr %in, i64 %j64
  %v = load float, ptr %p, align 4, !tbaa !14
  %acc1 = fadd float %acc, %v
  %k1 = add nuw nsw i32 %k, 1
  %more = icmp slt i32 %k1, %n
  br i1 %more, label %loop, label %done, !llvm.loop !16

done:
  %t64 = zext i32 %t to i64
  %slot = getelementptr inbounds [64 x float], ptr addrspace(3) @tile_t, i64 0, i64 %t64
  store float %acc1, ptr addrspace(3) %slot, align 4, !tbaa !6
  tail call void @llvm.nvvm.barrier0()
  %m = sub i32 63, %t
  %m64 = zext i32 %m to i64
  %mslot = getelementptr inbounds [64 x float], ptr addrspace(3) @tile_t, i64 0, i64 %m64
  %w = load float, ptr addrspace(3) %mslot, align 4, !tbaa !6
  %r = fmul float %w, 2.0
  %q = getelementptr inbounds float, ptr %out, i64 %i64
  store float %r, ptr %q, align 4, !tbaa !6
  ret void
}

; As reverse_a but times 3.
define void @reverse_scale3(ptr %in, ptr %out, i32 %n) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = shl i32 %b, 6
  %i = add i32 %base, %t
  %i64 = zext i32 %i to i64
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %j = add i32 %i, %k
  %j64 = zext i32 %j to i64
  %p = getelementptr inbounds float, ptr %in, i64 %j64
  %v = load float, ptr %p, align 4, !tbaa !6
  %acc1 = fadd float %acc, %v
  %k1 = add nuw nsw i32 %k, 1
  %more = icmp slt i32 %k1, %n
  br i1 %more, label %loop, label %done, !llvm.loop !17

done:
  %t64 = zext i32 %t to i64
  %slot = getelementptr inbounds [64 x float], ptr addrspace(3) @tile_s, i64 0, i64 %t64
  store float %acc1, ptr addrspace(3) %slot, align 4, !tbaa !6
  tail call void @llvm.nvvm.barrier0()
  %m = sub i32 63, %t
  %m64 = zext i32 %m to i64
  %mslot = getelementptr inbounds [64 x float], ptr addrspace(3) @tile_s, i64 0, i64 %m64
  %w = load float, ptr addrspace(3) %mslot, align 4, !tbaa !6
  %r = fmul float %w, 3.0
  %q = getelementptr inbounds float, ptr %out, i64 %i64
  store float %r, ptr %q, align 4, !tbaa !6
  ret void
}

; out[b] = sum of in[b*ntid .. +ntid), through dynamic workgroup memory.
define void @sum_x(ptr %in, ptr %out) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %b, %nt
  %i = add i32 %base, %t
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr %in, i64 %i64
  %v = load float, ptr %p, align 4, !tbaa !6
  %t64 = zext i32 %t to i64
  %slot = getelementptr inbounds [0 x float], ptr addrspace(3) @dyn, i64 0, i64 %t64
  store float %v, ptr addrspace(3) %slot, align 4, !tbaa !6
  tail call void @llvm.nvvm.barrier0()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %add, label %exit

add:
  %k = phi i32 [ 0, %entry ], [ %k1, %add ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %add ]
  %k64 = zext i32 %k to i64
  %e = getelementptr inbounds [0 x float], ptr addrspace(3) @dyn, i64 0, i64 %k64
  %x = load float, ptr addrspace(3) %e, align 4, !tbaa !6
  %acc1 = fadd float %acc, %x
  %k1 = add nuw i32 %k, 1
  %more = icmp ult i32 %k1, %nt
  br i1 %more, label %add, label %store

store:
  %b64 = zext i32 %b to i64
  %q = getelementptr inbounds float, ptr %out, i64 %b64
  store float %acc1, ptr %q, align 4, !tbaa !6
  br label %exit

exit:
  ret void
}

define void @sum_y(ptr %in, ptr %out) #0 {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nt = tail call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %b, %nt
  %i = add i32 %base, %t
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr %in, i64 %i64
  %v = load float, ptr %p, align 4, !tbaa !6
  %t64 = zext i32 %t to i64
  %slot = getelementptr inbounds [0 x float], ptr addrspace(3) @dyn, i64 0, i64 %t64
  store float %v, ptr addrspace(3) %slot, align 4, !tbaa !6
  tail call void @llvm.nvvm.barrier0()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %add, label %exit

add:
  %k = phi i32 [ 0, %entry ], [ %k1, %add ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %add ]
  %k64 = zext i32 %k to i64
  %e = getelementptr inbounds [0 x float], ptr addrspace(3) @dyn, i64 0, i64 %k64
  %x = load float, ptr addrspace(3) %e, align 4, !tbaa !6
  %acc1 = fadd float %acc, %x
  %k1 = add nuw i32 %k, 1
  %more = icmp ult i32 %k1, %nt
  br i1 %more, label %add, label %store

store:
  %b64 = zext i32 %b to i64
  %q = getelementptr inbounds float, ptr %out, i64 %b64
  store float %acc1, ptr %q, align 4, !tbaa !6
  br label %exit

exit:
  ret void
}

declare void @llvm.nvvm.barrier0() #1
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx85,+sm_80" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5}

!0 = !{ptr @reverse_a, !"kernel", i32 1}
!1 = !{ptr @reverse_b, !"kernel", i32 1}
!2 = !{ptr @reverse_tbaa, !"kernel", i32 1}
!3 = !{ptr @reverse_scale3, !"kernel", i32 1}
!4 = !{ptr @sum_x, !"kernel", i32 1}
!5 = !{ptr @sum_y, !"kernel", i32 1}
!6 = !{!7, !7, i64 0}
!7 = !{!"float", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C++ TBAA"}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
!12 = distinct !{!12, !11}
!14 = !{!15, !15, i64 0}
!15 = !{!"int", !8, i64 0}
!16 = distinct !{!16, !11}
!17 = distinct !{!17, !11}
