; Every construct the translator rejects, each with its own message naming
; the construct and the function. ferry-translate reports all of them, then
; fails. (Target-option errors: ../ferry-translate-errors.ll.)
; RUN: %not %ferry-translate %s -o /dev/null 2>&1 | %FileCheck %s
; RUN: %not %ferry-translate %S/Inputs/amdgpu-triple.ll -o /dev/null 2>&1 | %FileCheck %s --check-prefix=TRIPLE

target triple = "nvptx64-nvidia-cuda"

; CHECK-DAG: in function 'smid': 'llvm.nvvm.read.ptx.sreg.smid' cannot be translated to AMDGPU: the SM id (%smid) has no AMDGPU translation yet
define i32 @smid() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.smid()
  ret i32 %r
}
; CHECK-DAG: in function 'nsmid': 'llvm.nvvm.read.ptx.sreg.nsmid' cannot be translated to AMDGPU: the SM count (%nsmid) has no AMDGPU translation yet
define i32 @nsmid() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.nsmid()
  ret i32 %r
}
; CHECK-DAG: in function 'envreg': 'llvm.nvvm.read.ptx.sreg.envreg1' cannot be translated to AMDGPU: %envreg registers (used by cooperative-groups grid sync) have no AMD equivalent
define i32 @envreg() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.envreg1()
  ret i32 %r
}
; CHECK-DAG: in function 'named_barrier': 'llvm.nvvm.barrier.sync' cannot be translated to AMDGPU: named barrier 3: AMDGPU has a single workgroup barrier
define void @named_barrier() {
  call void @llvm.nvvm.barrier.sync(i32 3)
  ret void
}
; CHECK-DAG: in function 'variable_barrier': 'llvm.nvvm.barrier.sync' cannot be translated to AMDGPU: the barrier id is not a constant
define void @variable_barrier(i32 %id) {
  call void @llvm.nvvm.barrier.sync(i32 %id)
  ret void
}
; CHECK-DAG: in function 'counted_barrier': 'llvm.nvvm.barrier.sync.cnt' cannot be translated to AMDGPU: barriers with a thread count (bar.sync id, count) cannot be expressed with AMDGPU's single workgroup barrier
define void @counted_barrier() {
  call void @llvm.nvvm.barrier.sync.cnt(i32 1, i32 64)
  ret void
}
; CHECK-DAG: in function 'barrier_n': 'llvm.nvvm.barrier.n' cannot be translated to AMDGPU: named barriers (bar.sync id) cannot be expressed with AMDGPU's single workgroup barrier
define void @barrier_n() {
  call void @llvm.nvvm.barrier.n(i32 1)
  ret void
}
; CHECK-DAG: in function 'membar_flags': 'llvm.nvvm.membar' cannot be translated to AMDGPU: the membar flags are not a constant
define void @membar_flags(i32 %f) {
  call void @llvm.nvvm.membar(i32 %f)
  ret void
}
; CHECK-DAG: in function 'membar_unknown': 'llvm.nvvm.membar' cannot be translated to AMDGPU: unknown membar flags 7
define void @membar_unknown() {
  call void @llvm.nvvm.membar(i32 7)
  ret void
}
; CHECK-DAG: in function 'shfl_mode': 'llvm.nvvm.shfl.sync.i32' cannot be translated to AMDGPU: the shuffle mode must be a constant 0..3
define { i32, i1 } @shfl_mode(i32 %m) {
  %r = call { i32, i1 } @llvm.nvvm.shfl.sync.i32(i32 -1, i32 %m, i32 0, i32 0, i32 31)
  ret { i32, i1 } %r
}
; CHECK-DAG: in function 'vote_mode': 'llvm.nvvm.vote.sync' cannot be translated to AMDGPU: the vote mode must be a constant 0..3
define { i32, i1 } @vote_mode() {
  %r = call { i32, i1 } @llvm.nvvm.vote.sync(i32 -1, i32 9, i1 true)
  ret { i32, i1 } %r
}
; CHECK-DAG: in function 'exit': 'llvm.nvvm.exit' cannot be translated to AMDGPU: exit (ending a thread early) has no AMDGPU translation yet
define void @exit() {
  call void @llvm.nvvm.exit()
  ret void
}
; Tensor cores: shapes and types outside m16n16k16 / m16n8k16 with f16 or
; bf16 inputs, and .satfinite, are diagnosed.
; CHECK-DAG: in function 'wmma_shape': 'llvm.nvvm.wmma.m32n8k16.load.a.row.u8' cannot be translated to AMDGPU: WMMA shape m32n8k16 with types .u8 has no translation for gfx90a (translated: m16n16k16 with f16 or bf16 inputs and f32 or f16 accumulators, or s8/u8 inputs and s32 accumulators; m16n16k8 with tf32 inputs and f32 accumulators; m32n8k16 and m8n32k16 with f16 or bf16 inputs; m8n8k4 f64 in .rn)
define void @wmma_shape(ptr %p) {
  %r = call { i32, i32, i32, i32 } @llvm.nvvm.wmma.m32n8k16.load.a.row.u8.p0(ptr %p)
  ret void
}
; CHECK-DAG: in function 'wmma_s8': 'llvm.nvvm.wmma.m16n16k16.mma.row.col.s4' cannot be translated to AMDGPU: WMMA shape m16n16k16 with types .s4 has no translation for gfx90a
define void @wmma_s8(i32 %a, i32 %c) {
  %r = call { i32, i32, i32, i32, i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.mma.row.col.s4(i32 %a, i32 %a, i32 %a, i32 %a, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c, i32 %c)
  ret void
}
; CHECK-DAG: in function 'wmma_satfinite': 'llvm.nvvm.wmma.m16n16k16.mma.row.col.f32.f32.satfinite' cannot be translated to AMDGPU: WMMA shape m16n16k16 with types .f32.f32 and .satfinite has no translation for gfx90a
define void @wmma_satfinite(<2 x half> %a, float %c) {
  %r = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.mma.row.col.f32.f32.satfinite(<2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, float %c, float %c, float %c, float %c, float %c, float %c, float %c, float %c)
  ret void
}
; CHECK-DAG: in function 'mma_sync_shape': 'llvm.nvvm.mma.m8n8k4.row.col.f32.f32' cannot be translated to AMDGPU: mma.sync shape m8n8k4 with types .f32.f32 has no translation for gfx90a (translated: m16n8k16 and m16n8k8 .row.col with f16 or bf16 inputs and f32 or f16 accumulators; m16n8k8 and m16n8k4 .row.col with tf32 inputs and f32 accumulators)
define void @mma_sync_shape(<2 x half> %a, float %c) {
  %r = call { float, float, float, float, float, float, float, float } @llvm.nvvm.mma.m8n8k4.row.col.f32.f32(<2 x half> %a, <2 x half> %a, <2 x half> %a, <2 x half> %a, float %c, float %c, float %c, float %c, float %c, float %c, float %c, float %c)
  ret void
}
; CHECK-DAG: in function 'cp_async': 'llvm.nvvm.cp.async.mbarrier.arrive' cannot be translated to AMDGPU: cp.async's mbarrier forms are not supported on AMDGPU yet
define void @cp_async(ptr %b) {
  call void @llvm.nvvm.cp.async.mbarrier.arrive(ptr %b)
  ret void
}
; CHECK-DAG: in function 'mbarrier': 'llvm.nvvm.mbarrier.init' cannot be translated to AMDGPU: mbarrier objects are not supported on AMDGPU yet
define void @mbarrier(ptr %p) {
  call void @llvm.nvvm.mbarrier.init(ptr %p, i32 32)
  ret void
}
; CHECK-DAG: in function 'compiler_error': 'llvm.nvvm.compiler.error' cannot be translated to AMDGPU: compiler.error: bad config
@msg = private constant [11 x i8] c"bad config\00"
define void @compiler_error() {
  call void @llvm.nvvm.compiler.error(ptr @msg)
  ret void
}
; CHECK-DAG: in function 'libdevice_unknown': libdevice function '__nv_frobnicate' has no AMDGPU translation
define float @libdevice_unknown(float %x) {
  %r = call float @__nv_frobnicate(float %x)
  ret float %r
}
; CHECK-DAG: in function 'cluster_kernel': kernel 'cluster_kernel' uses thread-block clusters larger than one block, which AMDGPU does not have
define void @cluster_kernel() {
  ret void
}
; CHECK-DAG: in function 'value_kernel': kernel 'value_kernel' must return void
define i32 @value_kernel() {
  ret i32 0
}
; CHECK-DAG: error: {{.*}}variable 'managed_var' is a CUDA managed variable, which is not supported on AMDGPU yet
@managed_var = addrspace(1) global i32 0
; CHECK-DAG: in function 'unknown_asm': inline PTX cannot be translated: instruction 'applypriority.global.L2::evict_normal [$1], 128': unknown instruction (in asm "applypriority.global.L2::evict_normal [$1], 128;")
define void @unknown_asm(ptr addrspace(3) %a, ptr addrspace(1) %b) {
  call void asm sideeffect "applypriority.global.L2::evict_normal [$1], 128;", "r,l"(ptr addrspace(3) %a, ptr addrspace(1) %b)
  ret void
}
; CHECK-DAG: in function 'cp_async_bulk_asm': inline PTX cannot be translated: instruction 'cp.async.bulk.shared::cluster.global [$0], [$1], 16': cp.async.bulk is not translated (translated: cp.async.ca and .cg to shared memory, commit_group, wait_group, wait_all)
define void @cp_async_bulk_asm(ptr addrspace(3) %a, ptr addrspace(1) %b) {
  call void asm sideeffect "cp.async.bulk.shared::cluster.global [$0], [$1], 16;", "r,l"(ptr addrspace(3) %a, ptr addrspace(1) %b)
  ret void
}
; CHECK-DAG: in function 'mbarrier_tx': inline PTX cannot be translated: instruction 'mbarrier.arrive.expect_tx.shared::cta.b64 $0, [$1], 64': mbarrier transaction counts (expect_tx, complete_tx: the Tensor Memory Accelerator's bulk copies) are not translated
define i64 @mbarrier_tx(ptr addrspace(3) %a) {
  %s = call i64 asm sideeffect "mbarrier.arrive.expect_tx.shared::cta.b64 $0, [$1], 64;", "=l,r"(ptr addrspace(3) %a)
  ret i64 %s
}
; CHECK-DAG: in function 'mbarrier_cluster': inline PTX cannot be translated: instruction 'mbarrier.arrive.shared::cluster.b64 _, [$0]': mbarrier objects in a cluster's shared memory are not translated (AMD GPUs have no thread-block clusters)
define void @mbarrier_cluster(i32 %a) {
  call void asm sideeffect "mbarrier.arrive.shared::cluster.b64 _, [$0];", "r"(i32 %a)
  ret void
}
; CHECK-DAG: in function 'unknown_intrinsic': NVVM intrinsic 'llvm.nvvm.st.bulk' has no AMDGPU translation
define void @unknown_intrinsic(ptr %p) {
  call void @llvm.nvvm.st.bulk(ptr %p)
  ret void
}
; CHECK-DAG: error: {{.*}}module-level inline assembly (PTX) cannot be translated to AMDGPU
module asm ".global .align 4 .b8 x[4];"

; CHECK-DAG: in function 'printf_call': device printf with a format string that is not a constant: its arguments cannot be decoded
define i32 @printf_call(ptr %fmt) {
  %r = call i32 @vprintf(ptr %fmt, ptr null)
  ret i32 %r
}
@bad_conversion = private unnamed_addr constant [7 x i8] c"x=%5.2\00"
; CHECK-DAG: in function 'printf_malformed': device printf format "x=%5.2" has a malformed conversion '%5.2'
define i32 @printf_malformed(ptr %args) {
  %r = call i32 @vprintf(ptr @bad_conversion, ptr %args)
  ret i32 %r
}
@needs_args = private unnamed_addr constant [4 x i8] c"%d\0A\00"
; CHECK-DAG: in function 'printf_no_arguments': device printf format "%d\n" has conversions but the call passes no arguments
define i32 @printf_no_arguments() {
  %r = call i32 @vprintf(ptr @needs_args, ptr null)
  ret i32 %r
}
; CHECK-DAG: in function 'delete_wrong_type': '_ZdlPv' is declared with a type other than the C library's
define void @delete_wrong_type() {
  call void @_ZdlPv(i32 1)
  ret void
}
declare void @_ZdlPv(i32)
; CHECK-DAG: in function 'malloc_address': the address of 'malloc' is taken: device allocation functions can only be called
define ptr @malloc_address() {
  ret ptr @malloc
}
declare i32 @vprintf(ptr, ptr)
declare ptr @malloc(i64)

; TRIPLE: error: {{.*}}has target triple 'amdgcn-amd-amdhsa'; expected NVVM IR (nvptx64-nvidia-cuda)

!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{ptr @cluster_kernel, !"kernel", i32 1}
!1 = !{ptr @cluster_kernel, !"cluster_dim_x", i32 2}
!2 = !{ptr @value_kernel, !"kernel", i32 1}
!3 = !{ptr addrspace(1) @managed_var, !"managed", i32 1}

declare i32 @llvm.nvvm.read.ptx.sreg.smid()
declare i32 @llvm.nvvm.read.ptx.sreg.nsmid()
declare i32 @llvm.nvvm.read.ptx.sreg.envreg1()
declare void @llvm.nvvm.barrier.sync(i32)
declare void @llvm.nvvm.barrier.sync.cnt(i32, i32)
declare void @llvm.nvvm.barrier.n(i32)
declare void @llvm.nvvm.membar(i32)
declare { i32, i1 } @llvm.nvvm.shfl.sync.i32(i32, i32, i32, i32, i32)
declare { i32, i1 } @llvm.nvvm.vote.sync(i32, i32, i1)
declare void @llvm.nvvm.exit()
declare { i32, i32, i32, i32 } @llvm.nvvm.wmma.m32n8k16.load.a.row.u8.p0(ptr)
declare { i32, i32, i32, i32, i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.mma.row.col.s4(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k16.mma.row.col.f32.f32.satfinite(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, float, float, float, float, float, float, float, float)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.mma.m8n8k4.row.col.f32.f32(<2 x half>, <2 x half>, <2 x half>, <2 x half>, float, float, float, float, float, float, float, float)
declare void @llvm.nvvm.cp.async.mbarrier.arrive(ptr)
declare void @llvm.nvvm.mbarrier.init(ptr, i32)
declare void @llvm.nvvm.compiler.error(ptr)
declare float @__nv_frobnicate(float)
declare void @llvm.nvvm.st.bulk(ptr)
