; Map §2 (barriers, fences), §4 (atomics) and §5 (memory), one function per
; row. Atomics become relaxed and device-scoped (agent) as CUDA's are; cta
; scope is workgroup, sys scope stays system.
; RUN: %opt-ferry -passes='ferry-atomic-scopes<arch=gfx90a>,ferry-lower-nvvm-intrinsics<arch=gfx90a>' -S %s | %FileCheck %s
; CHECK-NOT: call {{.*}}@llvm.nvvm

target triple = "nvptx64-nvidia-cuda"

; __syncthreads: s_barrier alone orders no memory.
; CHECK-LABEL: define void @barrier0(
; CHECK-NEXT:    fence syncscope("workgroup") release
; CHECK-NEXT:    call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT:    fence syncscope("workgroup") acquire
; CHECK-NEXT:    ret void
define void @barrier0() {
  call void @llvm.nvvm.barrier0()
  ret void
}

; CHECK-LABEL: define void @barrier_sync0(
; CHECK-NEXT:    fence syncscope("workgroup") release
; CHECK-NEXT:    call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT:    fence syncscope("workgroup") acquire
define void @barrier_sync0() {
  call void @llvm.nvvm.barrier.sync(i32 0)
  ret void
}

; __syncthreads_count/and/or through ockl's workgroup reductions.
; CHECK-LABEL: define i32 @barrier_popc(
; CHECK-NEXT:    [[NZ:%.*]] = icmp ne i32 %p, 0
; CHECK-NEXT:    [[B:%.*]] = zext i1 [[NZ]] to i32
; CHECK-NEXT:    [[R:%.*]] = call i32 @__ockl_wgred_add_i32(i32 [[B]]) #[[CONV:[0-9]+]]
; CHECK-NEXT:    ret i32 [[R]]
define i32 @barrier_popc(i32 %p) {
  %r = call i32 @llvm.nvvm.barrier0.popc(i32 %p)
  ret i32 %r
}
; CHECK-LABEL: define i32 @barrier_and(
; CHECK:         call i32 @__ockl_wgred_and_i32(
define i32 @barrier_and(i32 %p) {
  %r = call i32 @llvm.nvvm.barrier0.and(i32 %p)
  ret i32 %r
}
; CHECK-LABEL: define i32 @barrier_or(
; CHECK:         call i32 @__ockl_wgred_or_i32(
define i32 @barrier_or(i32 %p) {
  %r = call i32 @llvm.nvvm.barrier0.or(i32 %p)
  ret i32 %r
}

; __syncwarp: lanes of a wave run in lockstep; only motion and visibility.
; CHECK-LABEL: define void @warp_sync(
; CHECK-NEXT:    fence syncscope("wavefront") release
; CHECK-NEXT:    call void @llvm.amdgcn.wave.barrier()
; CHECK-NEXT:    fence syncscope("wavefront") acquire
define void @warp_sync() {
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  ret void
}

; CHECK-LABEL: define void @membar_cta(
; CHECK-NEXT:    fence syncscope("workgroup") seq_cst
; CHECK-LABEL: define void @membar_gl(
; CHECK-NEXT:    fence syncscope("agent") seq_cst
; CHECK-LABEL: define void @membar_sys(
; CHECK-NEXT:    fence seq_cst
; CHECK-LABEL: define void @membar_flags_cta(
; CHECK-NEXT:    fence syncscope("workgroup") seq_cst
; CHECK-LABEL: define void @membar_flags_sys(
; CHECK-NEXT:    fence seq_cst
define void @membar_cta() {
  call void @llvm.nvvm.membar.cta()
  ret void
}
define void @membar_gl() {
  call void @llvm.nvvm.membar.gl()
  ret void
}
define void @membar_sys() {
  call void @llvm.nvvm.membar.sys()
  ret void
}
define void @membar_flags_cta() {
  call void @llvm.nvvm.membar(i32 1)
  ret void
}
define void @membar_flags_sys() {
  call void @llvm.nvvm.membar(i32 2)
  ret void
}

; Cluster barriers for clusters of one block.
; CHECK-LABEL: define void @cluster_arrive_wait(
; CHECK-NEXT:    fence syncscope("workgroup") release
; CHECK-NEXT:    call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT:    fence syncscope("workgroup") acquire
define void @cluster_arrive_wait() {
  call void @llvm.nvvm.barrier.cluster.arrive()
  call void @llvm.nvvm.barrier.cluster.wait()
  ret void
}

; atomicInc/atomicDec: CUDA's wrap-around is exactly uinc_wrap/udec_wrap.
; CHECK-LABEL: define i32 @atomic_inc(
; CHECK-NEXT:    [[R:%.*]] = atomicrmw uinc_wrap ptr addrspace(1) %p, i32 %v syncscope("agent") monotonic
; CHECK-LABEL: define i32 @atomic_dec(
; CHECK-NEXT:    [[R:%.*]] = atomicrmw udec_wrap ptr addrspace(3) %p, i32 %v syncscope("agent") monotonic
define i32 @atomic_inc(ptr addrspace(1) %p, i32 %v) {
  %r = call i32 @llvm.nvvm.atomic.load.inc.32.p1(ptr addrspace(1) %p, i32 %v)
  ret i32 %r
}
define i32 @atomic_dec(ptr addrspace(3) %p, i32 %v) {
  %r = call i32 @llvm.nvvm.atomic.load.dec.32.p3(ptr addrspace(3) %p, i32 %v)
  ret i32 %r
}

; Scoped intrinsics; max/min are signed even for CUDA's unsigned builtins.
; CHECK-LABEL: define i32 @atomic_max_cta(
; CHECK-NEXT:    atomicrmw max ptr %p, i32 %v syncscope("workgroup") monotonic
; CHECK-LABEL: define i32 @atomic_exch_sys(
; CHECK-NEXT:    atomicrmw xchg ptr %p, i32 %v monotonic
; CHECK-LABEL: define float @atomic_fadd_sys(
; CHECK-SAME:    #[[UNSAFE:[0-9]+]]
; CHECK-NEXT:    atomicrmw fadd ptr %p, float %v monotonic
; CHECK-LABEL: define i64 @atomic_cas_cta(
; CHECK-NEXT:    [[P:%.*]] = cmpxchg ptr %p, i64 %c, i64 %n syncscope("workgroup") monotonic monotonic
; CHECK-NEXT:    [[V:%.*]] = extractvalue { i64, i1 } [[P]], 0
; CHECK-NEXT:    ret i64 [[V]]
define i32 @atomic_max_cta(ptr %p, i32 %v) {
  %r = call i32 @llvm.nvvm.atomic.max.gen.i.cta.i32.p0(ptr %p, i32 %v)
  ret i32 %r
}
define i32 @atomic_exch_sys(ptr %p, i32 %v) {
  %r = call i32 @llvm.nvvm.atomic.exch.gen.i.sys.i32.p0(ptr %p, i32 %v)
  ret i32 %r
}
define float @atomic_fadd_sys(ptr %p, float %v) {
  %r = call float @llvm.nvvm.atomic.add.gen.f.sys.f32.p0(ptr %p, float %v)
  ret float %r
}
define i64 @atomic_cas_cta(ptr %p, i64 %c, i64 %n) {
  %r = call i64 @llvm.nvvm.atomic.cas.gen.i.cta.i64.p0(ptr %p, i64 %c, i64 %n)
  ret i64 %r
}

; Plain IR atomics: LLVM <= 19 NVPTX made every one relaxed device scope.
; CHECK-LABEL: define i32 @plain_atomic(
; CHECK-NEXT:    atomicrmw add ptr %p, i32 1 syncscope("agent") monotonic
; CHECK-LABEL: define float @plain_fadd(
; CHECK-SAME:    #[[UNSAFE]]
; CHECK-NEXT:    atomicrmw fadd ptr %p, float 1.000000e+00 syncscope("agent") monotonic
; CHECK-LABEL: define i32 @plain_cas(
; CHECK-NEXT:    cmpxchg ptr %p, i32 0, i32 1 syncscope("agent") monotonic monotonic
; CHECK-LABEL: define i32 @block_atomic(
; CHECK-NEXT:    atomicrmw add ptr %p, i32 1 syncscope("workgroup") monotonic
; CHECK-LABEL: define void @ir_fence(
; CHECK-NEXT:    fence syncscope("workgroup") acquire
; CHECK-NEXT:    fence seq_cst
define i32 @plain_atomic(ptr %p) {
  %r = atomicrmw add ptr %p, i32 1 seq_cst
  ret i32 %r
}
define float @plain_fadd(ptr %p) {
  %r = atomicrmw fadd ptr %p, float 1.0 seq_cst
  ret float %r
}
define i32 @plain_cas(ptr %p) {
  %r = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst
  %v = extractvalue { i32, i1 } %r, 0
  ret i32 %v
}
define i32 @block_atomic(ptr %p) {
  %r = atomicrmw add ptr %p, i32 1 syncscope("block") acq_rel
  ret i32 %r
}
define void @ir_fence() {
  fence syncscope("block") acquire
  fence seq_cst
  ret void
}

; __ldg: an invariant load from global memory.
; CHECK-LABEL: define float @ldg(
; CHECK-NEXT:    [[G:%.*]] = addrspacecast ptr %p to ptr addrspace(1)
; CHECK-NEXT:    [[V:%.*]] = load float, ptr addrspace(1) [[G]], align 4, !invariant.load
; CHECK-NEXT:    ret float [[V]]
; CHECK-LABEL: define i32 @ldu_global(
; CHECK-NEXT:    [[V:%.*]] = load i32, ptr addrspace(1) %p, align 16, !invariant.load
define float @ldg(ptr %p) {
  %r = call float @llvm.nvvm.ldg.global.f.f32.p0(ptr %p, i32 4)
  ret float %r
}
define i32 @ldu_global(ptr addrspace(1) %p) {
  %r = call i32 @llvm.nvvm.ldu.global.i.i32.p1(ptr addrspace(1) %p, i32 16)
  ret i32 %r
}

; CHECK-LABEL: define ptr addrspace(3) @to_shared(
; CHECK-NEXT:    [[S:%.*]] = addrspacecast ptr %p to ptr addrspace(3)
; CHECK-LABEL: define ptr @from_local(
; CHECK-NEXT:    [[S:%.*]] = addrspacecast ptr addrspace(5) %p to ptr
define ptr addrspace(3) @to_shared(ptr %p) {
  %r = call ptr addrspace(3) @llvm.nvvm.ptr.gen.to.shared.p3.p0(ptr %p)
  ret ptr addrspace(3) %r
}
define ptr @from_local(ptr addrspace(5) %p) {
  %r = call ptr @llvm.nvvm.ptr.local.to.gen.p0.p5(ptr addrspace(5) %p)
  ret ptr %r
}

; CHECK-LABEL: define i1 @isshared(
; CHECK-NEXT:    [[R:%.*]] = call i1 @llvm.amdgcn.is.shared(ptr %p)
; CHECK-LABEL: define i1 @islocal(
; CHECK-NEXT:    [[R:%.*]] = call i1 @llvm.amdgcn.is.private(ptr %p)
; CHECK-LABEL: define i1 @isglobal(
; CHECK-NEXT:    [[S:%.*]] = call i1 @llvm.amdgcn.is.shared(ptr %p)
; CHECK-NEXT:    [[P:%.*]] = call i1 @llvm.amdgcn.is.private(ptr %p)
; CHECK-NEXT:    [[E:%.*]] = or i1 [[S]], [[P]]
; CHECK-NEXT:    [[G:%.*]] = xor i1 [[E]], true
; CHECK-NEXT:    ret i1 [[G]]
define i1 @isshared(ptr %p) {
  %r = call i1 @llvm.nvvm.isspacep.shared(ptr %p)
  ret i1 %r
}
define i1 @islocal(ptr %p) {
  %r = call i1 @llvm.nvvm.isspacep.local(ptr %p)
  ret i1 %r
}
define i1 @isglobal(ptr %p) {
  %r = call i1 @llvm.nvvm.isspacep.global(ptr %p)
  ret i1 %r
}

; __nanosleep: s_sleep steps in a helper loop.
; CHECK-LABEL: define void @sleep(
; CHECK-NEXT:    call void @__ferry_nanosleep(i32 %ns)
; CHECK-LABEL: define internal void @__ferry_nanosleep(
; CHECK:         call void @llvm.amdgcn.s.sleep(i32 16)
define void @sleep(i32 %ns) {
  call void @llvm.nvvm.nanosleep(i32 %ns)
  ret void
}

; CHECK-DAG: attributes #[[UNSAFE]] = { "amdgpu-unsafe-fp-atomics"="true" }
; CHECK-DAG: attributes #[[CONV]] = { convergent }

declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.sync(i32)
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.nvvm.barrier0.and(i32)
declare i32 @llvm.nvvm.barrier0.or(i32)
declare void @llvm.nvvm.bar.warp.sync(i32)
declare void @llvm.nvvm.membar.cta()
declare void @llvm.nvvm.membar.gl()
declare void @llvm.nvvm.membar.sys()
declare void @llvm.nvvm.membar(i32)
declare void @llvm.nvvm.barrier.cluster.arrive()
declare void @llvm.nvvm.barrier.cluster.wait()
declare i32 @llvm.nvvm.atomic.load.inc.32.p1(ptr addrspace(1), i32)
declare i32 @llvm.nvvm.atomic.load.dec.32.p3(ptr addrspace(3), i32)
declare i32 @llvm.nvvm.atomic.max.gen.i.cta.i32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.exch.gen.i.sys.i32.p0(ptr, i32)
declare float @llvm.nvvm.atomic.add.gen.f.sys.f32.p0(ptr, float)
declare i64 @llvm.nvvm.atomic.cas.gen.i.cta.i64.p0(ptr, i64, i64)
declare float @llvm.nvvm.ldg.global.f.f32.p0(ptr, i32)
declare i32 @llvm.nvvm.ldu.global.i.i32.p1(ptr addrspace(1), i32)
declare ptr addrspace(3) @llvm.nvvm.ptr.gen.to.shared.p3.p0(ptr)
declare ptr @llvm.nvvm.ptr.local.to.gen.p0.p5(ptr addrspace(5))
declare i1 @llvm.nvvm.isspacep.shared(ptr)
declare i1 @llvm.nvvm.isspacep.local(ptr)
declare i1 @llvm.nvvm.isspacep.global(ptr)
declare void @llvm.nvvm.nanosleep(i32)
