; cp.async (sm_80's asynchronous copies to shared memory: cuda_pipeline.h's
; __pipeline_memcpy_async, CUTLASS): each copy is done where it is issued,
; one schedule of an asynchronous copy: a memcpy of src_size bytes (all of
; them without .s) and the rest of the copy zeroed; commit.group,
; wait.group and wait.all have nothing left to wait for. The intrinsics and
; the inline PTX of the headers. (Before: "asynchronous copies (cp.async)
; are not supported on AMDGPU yet" and "unknown instruction".)
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx90a>' -S %s | %FileCheck %s --check-prefix=INTR
; RUN: %opt-ferry -passes='ferry-lower-ptx-asm<arch=gfx90a>' -S %s | %FileCheck %s --check-prefix=ASM
; INTR-NOT: call {{.*}}@llvm.nvvm.cp.async
; ASM-NOT: call {{.*}} asm
target triple = "nvptx64-nvidia-cuda"

; INTR-LABEL: define void @ca_4(
; INTR-NEXT:    call void @llvm.memcpy.p3.p1.i32(ptr addrspace(3) align 4 %d, ptr addrspace(1) align 4 %s, i32 4, i1 false)
; INTR-NEXT:    ret void
define void @ca_4(ptr addrspace(3) %d, ptr addrspace(1) %s) {
  call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %d, ptr addrspace(1) %s)
  ret void
}
; INTR-LABEL: define void @ca_8(
; INTR-NEXT:    call void @llvm.memcpy.p3.p1.i32(ptr addrspace(3) align 8 %d, ptr addrspace(1) align 8 %s, i32 8, i1 false)
define void @ca_8(ptr addrspace(3) %d, ptr addrspace(1) %s) {
  call void @llvm.nvvm.cp.async.ca.shared.global.8(ptr addrspace(3) %d, ptr addrspace(1) %s)
  ret void
}
; INTR-LABEL: define void @ca_16(
; INTR-NEXT:    call void @llvm.memcpy.p3.p1.i32(ptr addrspace(3) align 16 %d, ptr addrspace(1) align 16 %s, i32 16, i1 false)
define void @ca_16(ptr addrspace(3) %d, ptr addrspace(1) %s) {
  call void @llvm.nvvm.cp.async.ca.shared.global.16(ptr addrspace(3) %d, ptr addrspace(1) %s)
  ret void
}
; INTR-LABEL: define void @cg_16(
; INTR-NEXT:    call void @llvm.memcpy.p3.p1.i32(ptr addrspace(3) align 16 %d, ptr addrspace(1) align 16 %s, i32 16, i1 false)
define void @cg_16(ptr addrspace(3) %d, ptr addrspace(1) %s) {
  call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) %d, ptr addrspace(1) %s)
  ret void
}
; The .s forms: src_size bytes copied, the rest zeroed.
; INTR-LABEL: define void @ca_4_s(
; INTR-NEXT:    [[N:%.*]] = call i32 @llvm.umin.i32(i32 %n, i32 4)
; INTR-NEXT:    call void @llvm.memcpy.p3.p1.i32(ptr addrspace(3) align 4 %d, ptr addrspace(1) align 4 %s, i32 [[N]], i1 false)
; INTR-NEXT:    [[END:%.*]] = getelementptr i8, ptr addrspace(3) %d, i32 [[N]]
; INTR-NEXT:    [[REST:%.*]] = sub i32 4, [[N]]
; INTR-NEXT:    call void @llvm.memset.p3.i32(ptr addrspace(3) align 1 [[END]], i8 0, i32 [[REST]], i1 false)
define void @ca_4_s(ptr addrspace(3) %d, ptr addrspace(1) %s, i32 %n) {
  call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %d, ptr addrspace(1) %s, i32 %n)
  ret void
}
; INTR-LABEL: define void @ca_8_s(
; INTR:         call i32 @llvm.umin.i32(i32 %n, i32 8)
define void @ca_8_s(ptr addrspace(3) %d, ptr addrspace(1) %s, i32 %n) {
  call void @llvm.nvvm.cp.async.ca.shared.global.8.s(ptr addrspace(3) %d, ptr addrspace(1) %s, i32 %n)
  ret void
}
; INTR-LABEL: define void @ca_16_s(
; INTR:         call i32 @llvm.umin.i32(i32 %n, i32 16)
define void @ca_16_s(ptr addrspace(3) %d, ptr addrspace(1) %s, i32 %n) {
  call void @llvm.nvvm.cp.async.ca.shared.global.16.s(ptr addrspace(3) %d, ptr addrspace(1) %s, i32 %n)
  ret void
}
; INTR-LABEL: define void @cg_16_s(
; INTR:         call i32 @llvm.umin.i32(i32 %n, i32 16)
define void @cg_16_s(ptr addrspace(3) %d, ptr addrspace(1) %s, i32 %n) {
  call void @llvm.nvvm.cp.async.cg.shared.global.16.s(ptr addrspace(3) %d, ptr addrspace(1) %s, i32 %n)
  ret void
}
; INTR-LABEL: define void @groups(
; INTR-NEXT:    ret void
define void @groups() {
  call void @llvm.nvvm.cp.async.commit.group()
  call void @llvm.nvvm.cp.async.wait.group(i32 0)
  call void @llvm.nvvm.cp.async.wait.all()
  ret void
}

; The inline PTX of cuda_pipeline_primitives.h and of hand-written kernels.
; ASM-LABEL: define void @asm_cg_16(
; ASM:         call i32 @llvm.umin.i32(i32 %n, i32 16)
; ASM:         call void @llvm.memcpy.p3.p1.i32(
; ASM:         call void @llvm.memset.p3.i32(
define void @asm_cg_16(ptr addrspace(3) %d, ptr addrspace(1) %s, i32 %n) {
  call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], 16, $2;", "l,l,r"(ptr addrspace(3) %d, ptr addrspace(1) %s, i32 %n)
  call void asm sideeffect "cp.async.commit_group;", ""()
  call void asm sideeffect "cp.async.wait_group 0;", ""()
  ret void
}
; ASM-LABEL: define void @asm_ca_8(
; ASM:         call void @llvm.memcpy.p3.p1.i32(
; ASM-NOT:     memset
; ASM:         ret void
define void @asm_ca_8(ptr addrspace(3) %d, ptr addrspace(1) %s) {
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 8;", "l,l"(ptr addrspace(3) %d, ptr addrspace(1) %s)
  call void asm sideeffect "cp.async.wait_all;", ""()
  ret void
}

declare void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.ca.shared.global.8(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.ca.shared.global.16(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.ca.shared.global.8.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.ca.shared.global.16.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.cg.shared.global.16.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
declare void @llvm.nvvm.cp.async.wait.all()
