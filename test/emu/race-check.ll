; Race checking (--races; FERRY_EMU_RACES=1 for the emulated devices): two
; work-items of one launch writing one byte of global memory, or of two
; work-groups writing and reading it, with no barrier of their work-group
; and no device-scope release between them, fail the launch naming both
; accesses and work-items; --race-reads (FERRY_EMU_RACES=all) checks a read
; against a write within a work-group too. Seeded races: every work-item
; writing one element, the last-block pattern without its fence, a reader
; after a writer of its group with no barrier. Race-free kernels of the same
; shapes (a barrier between, distinct elements, the fence in place, atomics)
; pass, on the NVVM module and on its AMDGPU translations.
; RUN: %not %ferry-emu-check %s --spec=%S/Inputs/race-check.spec --reference-only --races 2>&1 | %FileCheck %s
; RUN: %ferry-emu-check %s --spec=%S/Inputs/race-check-reads.spec --reference-only --races 2>&1 | %count 0
; RUN: %not %ferry-emu-check %s --spec=%S/Inputs/race-check-reads.spec --reference-only --races --race-reads 2>&1 | %FileCheck %s --check-prefix=READS
; RUN: %ferry-emu-check %s --spec=%S/Inputs/race-check-ok.spec --races --race-reads 2>&1 | %count 0
; RUN: %ferry-emu-check %s --spec=%S/Inputs/race-check.spec --reference-only 2>&1 | %count 0
; Volatile accesses are strong in PTX's memory model (CUDA's flags, the
; ordered vector accesses of CUB's tile states): not checked.
; RUN: %ferry-emu-check %s --spec=%S/Inputs/race-check-volatile.spec --reference-only --races 2>&1 | %count 0
; CHECK-DAG: same_element: ferry-emu: kernel 'same_element': data race on global memory at 0x{{[0-9a-f]+}}: work-item (0,0,0) of work-group (0,0,0) wrote it at global store in 'same_element' (block entry) #{{[0-9]+}}, and work-item (1,0,0) of work-group (0,0,0) writes it with no barrier or device-scope fence between them, by work-item (1,0,0) of work-group ({{[0-9]+}},0,0) at global store in 'same_element' (block entry) #{{[0-9]+}}
; CHECK-DAG: last_block_no_fence: ferry-emu: kernel 'last_block_no_fence': data race on global memory at 0x{{[0-9a-f]+}}: work-item (0,0,0) of work-group ({{[0-9]}},0,0) wrote it at global store in 'block_partial' (block write) #{{[0-9]+}}, and work-item (0,0,0) of work-group ({{[0-9]}},0,0) reads it with no barrier or device-scope fence between them, by work-item (0,0,0) of work-group ({{[0-9]+}},0,0) at global load in 'block_partial' (block sum)
; READS: no_barrier: ferry-emu: kernel 'no_barrier': data race on global memory at 0x{{[0-9a-f]+}}: work-item (0,0,0) of work-group (0,0,0) wrote it at global store in 'no_barrier' (block first) #{{[0-9]+}}, and work-item (1,0,0) of work-group (0,0,0) reads it with no barrier or device-scope fence between them, by work-item (1,0,0) of work-group ({{[0-9]+}},0,0) at global load in 'no_barrier' (block rest)
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; out[0] = t by every work-item: a write-write race.
define void @same_element(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %t, ptr %out
  ret void
}

; out[t] = t: distinct elements.
define void @distinct(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr i32, ptr %out, i64 %i
  store i32 %t, ptr %p
  ret void
}

; Work-item 0 writes out[0]; the others read it into out[t] (no barrier:
; a race; %barrier: ordered).
define void @no_barrier(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %is0 = icmp eq i32 %t, 0
  br i1 %is0, label %first, label %rest
first:
  store i32 42, ptr %out
  br label %rest
rest:
  %v = load i32, ptr %out
  %i = zext i32 %t to i64
  %p = getelementptr i32, ptr %out, i64 %i
  %own = icmp ne i32 %t, 0
  br i1 %own, label %write, label %done
write:
  store i32 %v, ptr %p
  br label %done
done:
  ret void
}

define void @with_barrier(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %is0 = icmp eq i32 %t, 0
  br i1 %is0, label %first, label %sync
first:
  store i32 42, ptr %out
  br label %sync
sync:
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr %out
  %i = zext i32 %t to i64
  %p = getelementptr i32, ptr %out, i64 %i
  %own = icmp ne i32 %t, 0
  br i1 %own, label %write, label %done
write:
  call void @llvm.nvvm.barrier0()
  store i32 %v, ptr %p
  br label %done
done:
  ret void
}

; The last-block pattern of a grid reduction: work-item 0 of each block
; writes its block's partial[b], releases (__threadfence), takes a ticket;
; the block with the last ticket sums the partials into out[0].
define void @last_block(ptr %partial, ptr %ticket, ptr %out) {
entry:
  call void @block_partial(ptr %partial, ptr %ticket, ptr %out, i1 true)
  ret void
}
define void @last_block_no_fence(ptr %partial, ptr %ticket, ptr %out) {
entry:
  call void @block_partial(ptr %partial, ptr %ticket, ptr %out, i1 false)
  ret void
}

define internal void @block_partial(ptr %partial, ptr %ticket, ptr %out, i1 %fence) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nb = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %lead = icmp eq i32 %t, 0
  br i1 %lead, label %write, label %done
write:
  %bi = zext i32 %b to i64
  %slot = getelementptr i32, ptr %partial, i64 %bi
  %v = add i32 %b, 1
  store i32 %v, ptr %slot
  br i1 %fence, label %release, label %take
release:
  call void @llvm.nvvm.membar.gl()
  br label %take
take:
  %mine = atomicrmw add ptr %ticket, i32 1 monotonic
  %last = add i32 %nb, -1
  %islast = icmp eq i32 %mine, %last
  br i1 %islast, label %sum, label %done
sum:
  %k = phi i32 [ 0, %take ], [ %k1, %sum ]
  %acc = phi i32 [ 0, %take ], [ %acc1, %sum ]
  %ki = zext i32 %k to i64
  %ps = getelementptr i32, ptr %partial, i64 %ki
  %pv = load i32, ptr %ps
  %acc1 = add i32 %acc, %pv
  %k1 = add i32 %k, 1
  %more = icmp ult i32 %k1, %nb
  br i1 %more, label %sum, label %store
store:
  store i32 %acc1, ptr %out
  br label %done
done:
  ret void
}

; Every work-item adds to out[0] atomically: atomics are not races.
define void @atomic_sum(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %old = atomicrmw add ptr %out, i32 %t monotonic
  ret void
}

; out[0] = t by every work-item through volatile stores, then read back.
define void @volatile_element(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store volatile i32 %t, ptr %out
  %v = load volatile i32, ptr %out
  store volatile <2 x i32> <i32 1, i32 2>, ptr %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.membar.gl()

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6, !7}
!0 = !{ptr @same_element, !"kernel", i32 1}
!1 = !{ptr @distinct, !"kernel", i32 1}
!2 = !{ptr @no_barrier, !"kernel", i32 1}
!3 = !{ptr @with_barrier, !"kernel", i32 1}
!4 = !{ptr @last_block, !"kernel", i32 1}
!5 = !{ptr @last_block_no_fence, !"kernel", i32 1}
!6 = !{ptr @atomic_sum, !"kernel", i32 1}
!7 = !{ptr @volatile_element, !"kernel", i32 1}
