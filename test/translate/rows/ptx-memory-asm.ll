; Map §2/§4/§5 inline PTX: fences, membar, loads and stores with cache hints
; and memory orders, atom/red, cvta, translated by the PTX-subset
; translator. Integer addresses of .shared accesses are shared offsets.
; RUN: %opt-ferry -passes='ferry-lower-ptx-asm<arch=gfx90a>' -S %s | %FileCheck %s
; CHECK-NOT: call {{.*}} asm "{{[^v]}}

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @fences(
; CHECK-NEXT:    fence syncscope("agent") seq_cst
; CHECK-NEXT:    fence syncscope("workgroup") acq_rel
; CHECK-NEXT:    fence seq_cst
; CHECK-NEXT:    fence syncscope("agent") seq_cst
define void @fences() {
  call void asm sideeffect "fence.sc.gpu;", ""()
  call void asm sideeffect "fence.acq_rel.cta;", ""()
  call void asm sideeffect "fence.sc.sys;", ""()
  call void asm sideeffect "membar.gl;", ""()
  ret void
}

; CHECK-LABEL: define i32 @ld_acquire(
; CHECK-NEXT:    [[V:%.*]] = load atomic i32, ptr %p syncscope("agent") acquire, align 4
; CHECK-NEXT:    ret i32 [[V]]
define i32 @ld_acquire(ptr %p) {
  %r = call i32 asm sideeffect "ld.acquire.gpu.u32 $0, [$1];", "=r,l"(ptr %p)
  ret i32 %r
}

; CHECK-LABEL: define void @st_release(
; CHECK-NEXT:    store atomic i32 %v, ptr %p syncscope("agent") release, align 4
define void @st_release(ptr %p, i32 %v) {
  call void asm sideeffect "st.release.gpu.u32 [$0], $1;", "l,r"(ptr %p, i32 %v)
  ret void
}

; Ordered vector accesses (CUB's tile states): LLVM has no vector atomics,
; so a volatile access with the order as a fence after the acquiring load,
; before the releasing store; relaxed ones get no fence.
; CHECK-LABEL: define { i32, i32 } @ld_acquire_v2(
; CHECK:         load volatile <2 x i32>, ptr %p, align 8
; CHECK-NEXT:    fence syncscope("agent") acquire
define { i32, i32 } @ld_acquire_v2(ptr %p) {
  %r = call { i32, i32 } asm sideeffect "ld.acquire.gpu.v2.u32 {$0, $1}, [$2];", "=r,=r,l"(ptr %p)
  ret { i32, i32 } %r
}

; CHECK-LABEL: define void @st_release_v2(
; CHECK:         fence syncscope("agent") release
; CHECK-NEXT:    store volatile <2 x i32> {{.*}}, ptr %p, align 8
define void @st_release_v2(ptr %p, i32 %a, i32 %b) {
  call void asm sideeffect "st.release.gpu.v2.u32 [$0], {$1, $2};", "l,r,r"(ptr %p, i32 %a, i32 %b)
  ret void
}

; CHECK-LABEL: define void @st_relaxed_v2(
; CHECK-NOT:     fence
; CHECK:         store volatile <2 x i32> {{.*}}, ptr %p, align 8
; CHECK-NOT:     fence
; CHECK:         ret void
define void @st_relaxed_v2(ptr %p, i32 %a, i32 %b) {
  call void asm sideeffect "st.relaxed.gpu.v2.u32 [$0], {$1, $2};", "l,r,r"(ptr %p, i32 %a, i32 %b)
  ret void
}

; __ldcg / __ldcs / __stcs: cache hints; .cs is non-temporal.
; CHECK-LABEL: define float @ldcs(
; CHECK-NEXT:    [[G:%.*]] = addrspacecast ptr %p to ptr addrspace(1)
; CHECK-NEXT:    [[V:%.*]] = load float, ptr addrspace(1) [[G]], align 4, !nontemporal
define float @ldcs(ptr %p) {
  %r = call float asm "ld.global.cs.f32 $0, [$1];", "=f,l"(ptr %p)
  ret float %r
}
; CHECK-LABEL: define void @stcg(
; CHECK-NEXT:    [[G:%.*]] = addrspacecast ptr %p to ptr addrspace(1)
; CHECK-NEXT:    store double %v, ptr addrspace(1) [[G]], align 8
define void @stcg(ptr %p, double %v) {
  call void asm sideeffect "st.global.cg.f64 [$0], $1;", "l,d"(ptr %p, double %v)
  ret void
}

; CHECK-LABEL: define i32 @ld_shared_offset(
; CHECK-NEXT:    [[W:%.*]] = zext i32 %off to i64
; CHECK-NEXT:    [[P:%.*]] = inttoptr i64 [[W]] to ptr addrspace(3)
; CHECK-NEXT:    [[Q:%.*]] = getelementptr i8, ptr addrspace(3) [[P]], i64 8
; CHECK-NEXT:    [[V:%.*]] = load i32, ptr addrspace(3) [[Q]], align 4
define i32 @ld_shared_offset(i32 %off) {
  %r = call i32 asm "ld.shared.u32 $0, [$1+8];", "=r,r"(i32 %off)
  ret i32 %r
}

; CHECK-LABEL: define i32 @atom_add_release(
; CHECK-NEXT:    [[V:%.*]] = atomicrmw add ptr %p, i32 %v syncscope("agent") release, align 4
define i32 @atom_add_release(ptr %p, i32 %v) {
  %r = call i32 asm sideeffect "atom.add.release.gpu.u32 $0, [$1], $2;", "=r,l,r"(ptr %p, i32 %v)
  ret i32 %r
}
; CHECK-LABEL: define i32 @atom_cas(
; CHECK-NEXT:    [[P:%.*]] = cmpxchg ptr %p, i32 %c, i32 %n syncscope("agent") monotonic monotonic, align 4
; CHECK-NEXT:    [[V:%.*]] = extractvalue { i32, i1 } [[P]], 0
define i32 @atom_cas(ptr %p, i32 %c, i32 %n) {
  %r = call i32 asm sideeffect "atom.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r"(ptr %p, i32 %c, i32 %n)
  ret i32 %r
}
; CHECK-LABEL: define void @red_max(
; CHECK-NEXT:    [[G:%.*]] = addrspacecast ptr %p to ptr addrspace(1)
; CHECK-NEXT:    atomicrmw max ptr addrspace(1) [[G]], i32 %v syncscope("workgroup") monotonic, align 4
define void @red_max(ptr %p, i32 %v) {
  call void asm sideeffect "red.relaxed.cta.global.max.s32 [$0], $1;", "l,r"(ptr %p, i32 %v)
  ret void
}

; CHECK-LABEL: define i64 @cvta_to_shared(
; CHECK-NEXT:    [[F:%.*]] = inttoptr i64 %a to ptr
; CHECK-NEXT:    [[S:%.*]] = addrspacecast ptr [[F]] to ptr addrspace(3)
; CHECK-NEXT:    [[I:%.*]] = ptrtoint ptr addrspace(3) [[S]] to i64
define i64 @cvta_to_shared(i64 %a) {
  %r = call i64 asm "cvta.to.shared.u64 $0, $1;", "=l,l"(i64 %a)
  ret i64 %r
}
; CHECK-LABEL: define i64 @cvta_global(
; CHECK-NEXT:    [[G:%.*]] = inttoptr i64 %a to ptr addrspace(1)
; CHECK-NEXT:    [[F:%.*]] = addrspacecast ptr addrspace(1) [[G]] to ptr
define i64 @cvta_global(i64 %a) {
  %r = call i64 asm "cvta.global.u64 $0, $1;", "=l,l"(i64 %a)
  ret i64 %r
}
