; PTX mbarrier objects (sm_80; libcu++'s cuda::barrier, memcpy_async with a
; barrier): one 64-bit word, the arrivals the phase still waits for in bits
; 0-30, the count each phase expects in bits 31-61, the phase's parity in
; bit 63 (passes/PTXBarrierOps.cpp). An arrival is one work-group-scope
; compare-and-swap that, completing the phase, puts the expected count back
; and flips the parity; a wait compares the parity with the state's (or a
; given parity). Run on the emulated devices by test/cuda/mbarrier.cu.
; (Before: "unknown instruction".)
; RUN: %opt-ferry -passes='ferry-lower-ptx-asm<arch=gfx90a>' -S %s | %FileCheck %s
; CHECK-NOT: call {{.*}} asm
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @init(
; CHECK:         [[C:%.*]] = and i64 {{%.*}}, 2147483647
; CHECK-NEXT:    [[E:%.*]] = shl i64 [[C]], 31
; CHECK-NEXT:    [[W:%.*]] = or i64 [[E]], [[C]]
; CHECK-NEXT:    store atomic i64 [[W]], ptr addrspace(3) %b syncscope("workgroup") release, align 8
define void @init(ptr addrspace(3) %b, i32 %n) {
  call void asm sideeffect "mbarrier.init.shared.b64 [$0], $1;", "r,r"(ptr addrspace(3) %b, i32 %n)
  ret void
}

; CHECK-LABEL: define i64 @arrive(
; CHECK:         ret i64 %mbar.old
; CHECK:       mbar.arrive:
; CHECK-NEXT:    %mbar.old = phi i64
; CHECK:         [[DONE:%.*]] = icmp ule i64 {{%.*}}, 1
; CHECK:         [[NEXT:%.*]] = select i1 [[DONE]], i64
; CHECK-NEXT:    [[CAS:%.*]] = cmpxchg ptr addrspace(3) %b, i64 %mbar.old, i64 [[NEXT]] syncscope("workgroup") acq_rel monotonic, align 8
; CHECK:         br i1 {{%.*}}, label %mbar.arrived, label %mbar.arrive
define i64 @arrive(ptr addrspace(3) %b) {
  %s = call i64 asm sideeffect "mbarrier.arrive.shared.b64 $0, [$1];", "=l,r"(ptr addrspace(3) %b)
  ret i64 %s
}

; arrive_drop by a count, by generic address: the expected count goes down too.
; CHECK-LABEL: define i64 @arrive_drop_count(
; CHECK:         [[SHIFTED:%.*]] = lshr i64 %mbar.old, 31
; CHECK-NEXT:    [[EXP:%.*]] = and i64 [[SHIFTED]], 2147483647
; CHECK-NEXT:    sub i64 [[EXP]], 3
; CHECK:         icmp ule i64 {{%.*}}, 3
; CHECK:         cmpxchg ptr %b,
define i64 @arrive_drop_count(ptr %b) {
  %s = call i64 asm sideeffect "mbarrier.arrive_drop.release.cta.b64 $0, [$1], 3;", "=l,l"(ptr %b)
  ret i64 %s
}

; CHECK-LABEL: define i32 @test_wait(
; CHECK-NEXT:    %mbar.word = load atomic i64, ptr addrspace(3) %b syncscope("workgroup") acquire, align 8
; CHECK-NEXT:    [[NOW:%.*]] = lshr i64 %mbar.word, 63
; CHECK-NEXT:    [[THEN:%.*]] = lshr i64 %state, 63
; CHECK-NEXT:    icmp ne i64 [[NOW]], [[THEN]]
define i32 @test_wait(ptr addrspace(3) %b, i64 %state) {
  %r = call i32 asm sideeffect "{ .reg .pred p; mbarrier.test_wait.shared::cta.b64 p, [$1], $2; selp.u32 $0, 1, 0, p; }", "=r,r,l"(ptr addrspace(3) %b, i64 %state)
  ret i32 %r
}

; CHECK-LABEL: define i32 @try_wait_parity(
; CHECK-NEXT:    %mbar.word = load atomic i64, ptr addrspace(3) %b syncscope("workgroup") acquire, align 8
; CHECK-NEXT:    [[NOW:%.*]] = lshr i64 %mbar.word, 63
; CHECK-NEXT:    [[P:%.*]] = zext i32 %parity to i64
; CHECK-NEXT:    [[THEN:%.*]] = and i64 [[P]], 1
; CHECK-NEXT:    icmp ne i64 [[NOW]], [[THEN]]
define i32 @try_wait_parity(ptr addrspace(3) %b, i32 %parity) {
  %r = call i32 asm sideeffect "{ .reg .pred p; mbarrier.try_wait.parity.acquire.cta.shared.b64 p, [$1], $2; selp.u32 $0, 1, 0, p; }", "=r,r,r"(ptr addrspace(3) %b, i32 %parity)
  ret i32 %r
}

; CHECK-LABEL: define i32 @pending(
; CHECK-NEXT:    [[N:%.*]] = and i64 %state, 2147483647
; CHECK-NEXT:    trunc i64 [[N]] to i32
define i32 @pending(i64 %state) {
  %r = call i32 asm "mbarrier.pending_count.b64 $0, $1;", "=r,l"(i64 %state)
  ret i32 %r
}

; CHECK-LABEL: define void @inval(
; CHECK-NEXT:    store atomic i64 0, ptr addrspace(3) %b syncscope("workgroup") release, align 8
define void @inval(ptr addrspace(3) %b) {
  call void asm sideeffect "mbarrier.inval.shared.b64 [$0];", "r"(ptr addrspace(3) %b)
  ret void
}

; cp.async's copies are done when issued: without .noinc the arrival the
; copies owe cancels the count it added (nothing), with .noinc it is one.
; CHECK-LABEL: define void @cp_async_arrive(
; CHECK-COUNT-1: cmpxchg
; CHECK-NOT:     cmpxchg
define void @cp_async_arrive(ptr addrspace(3) %b) {
  call void asm sideeffect "cp.async.mbarrier.arrive.shared.b64 [$0];", "r"(ptr addrspace(3) %b)
  call void asm sideeffect "cp.async.mbarrier.arrive.noinc.shared.b64 [$0];", "r"(ptr addrspace(3) %b)
  ret void
}
