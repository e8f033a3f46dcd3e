; Ferry's device heap (malloc/free translated for AMDGPU) on its own: with a
; 1 MiB heap, eight work-items asking for 200 KiB each (256 KiB blocks) get
; four blocks and four NULLs; after every work-item frees what it got, the
; next launch gets four again (the blocks come back from the free list,
; nothing new is carved); free(NULL) and a pointer outside the heap are
; ignored.
; RUN: rm -rf %t && mkdir -p %t/gfx90a %t/gfx1100
; RUN: %ferry-translate %s --offload-arch=gfx90a -ferry-device-heap-mib=1 -o %t/gfx90a/device-heap.ll
; RUN: %ferry-emu-check %t/gfx90a/device-heap.ll --input-amdgpu --reference-only --arch=gfx90a --spec=%S/Inputs/device-heap.spec --print | %FileCheck %s
; RUN: %ferry-translate %s --offload-arch=gfx1100 -ferry-device-heap-mib=1 -o %t/gfx1100/device-heap.ll
; RUN: %ferry-emu-check %t/gfx1100/device-heap.ll --input-amdgpu --reference-only --arch=gfx1100 --spec=%S/Inputs/device-heap.spec --print | %FileCheck %s
; RUN: %FileCheck %s --check-prefix=IR --input-file=%t/gfx90a/device-heap.ll
; IR: @__ferry_heap = internal addrspace(1) global [1048576 x i8] zeroinitializer, align 16
; IR-NOT: call {{.*}}@malloc
; IR-NOT: call {{.*}}@free

; Three launches: four of eight get a block each time.
; CHECK: heap arg1: 4
; CHECK: heap arg1: 4
; CHECK: heap arg1: 4

target triple = "nvptx64-nvidia-cuda"

define void @heap(ptr %granted, ptr %stray) {
  %p = call ptr @malloc(i64 204800)
  %got = icmp ne ptr %p, null
  %n = zext i1 %got to i32
  %old = atomicrmw add ptr %granted, i32 %n monotonic
  br i1 %got, label %use, label %wait
use:
  store i8 1, ptr %p
  br label %wait
wait:
  ; Every allocation of the launch is made before any block is freed.
  call void @llvm.nvvm.barrier0()
  call void @free(ptr %p)
  call void @free(ptr null)
  call void @free(ptr %stray)
  ret void
}

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @llvm.nvvm.barrier0()

!nvvm.annotations = !{!0}
!0 = !{ptr @heap, !"kernel", i32 1}
