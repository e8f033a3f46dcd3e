; Work-items that can never meet are reported as a deadlock naming the
; kernel, the work-group and each waiting call site, never a hang:
; half a warp at a barrier while the other half waits for it in a shuffle
; of the whole warp, and a warp shuffle whose member mask names a lane that
; has exited. (A barrier that exited work-items skip completes: they do not
; count, as on sm_70 and later.)
; RUN: %not %ferry-emu-check %s --spec=%S/Inputs/deadlock.spec --reference-only 2>&1 | %FileCheck %s
; CHECK: ferry-emu-check: half_barrier: ferry-emu: deadlock in kernel 'half_barrier', work-group (0,0,0): the work-items can never meet; 16 wait for barrier at nvvm.barrier0 in 'half_barrier' (block low) #{{[0-9]+}}; 16 wait for shfl.idx at nvvm.shfl.sync.idx.i32 in 'half_barrier' (block high) #{{[0-9]+}}; 0 have exited
; A barrier in divergent control flow (what jump threading once made of
; Ferry's guarded stores: a hang on an H100): the work-items of one warp
; wait at two different barrier call sites.
; CHECK: ferry-emu-check: divergent_barrier: ferry-emu: deadlock in kernel 'divergent_barrier', work-group (0,0,0): the work-items can never meet (the work-items of wave 0 wait at two different barriers, nvvm.barrier0 in 'divergent_barrier' (block one) #{{[0-9]+}} and nvvm.barrier0 in 'divergent_barrier' (block rest) #{{[0-9]+}}: a barrier in divergent control flow)
; CHECK: ferry-emu-check: exited_lane: ferry-emu: deadlock in kernel 'exited_lane', work-group (0,0,0): the work-items can never meet (lane 1 of the member mask of shfl.down at nvvm.shfl.sync.down.i32 in 'exited_lane' (block even) #{{[0-9]+}} has exited); 16 wait for shfl.down at {{.*}}; 16 have exited
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @half_barrier(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %t, 16
  br i1 %c, label %low, label %high
low:
  call void @llvm.nvvm.barrier0()
  br label %done
high:
  %v = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %t, i32 0, i32 31)
  br label %done
done:
  ret void
}

define void @divergent_barrier(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp eq i32 %t, 0
  br i1 %c, label %one, label %rest
one:
  call void @llvm.nvvm.barrier0()
  br label %done
rest:
  call void @llvm.nvvm.barrier0()
  br label %done
done:
  ret void
}

define void @exited_lane(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %t, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %even, label %done
even:
  %v = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %t, i32 1, i32 31)
  %i = zext i32 %t to i64
  %p = getelementptr i32, ptr %out, i64 %i
  store i32 %v, ptr %p
  br label %done
done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @half_barrier, !"kernel", i32 1}
!1 = !{ptr @exited_lane, !"kernel", i32 1}
!2 = !{ptr @divergent_barrier, !"kernel", i32 1}
