; ferry-emu-check gives each kernel buffers of the sizes its spec says; a
; kernel that indexes past them (here one element past a 32-element buffer,
; and far past it) is reported, naming the kernel, the access, the address
; and the buffer, for the NVVM reference and for each translation - it was a
; SIGSEGV or a silent write over the checker's own memory.
; RUN: %not %ferry-emu-check %s --spec=%S/Inputs/out-of-bounds.spec 2>&1 | %FileCheck %s
; CHECK: ferry-emu-check: past_end: ferry-emu: kernel 'past_end': out-of-bounds global memory access: 4 bytes at 0x{{[0-9a-f]+}}, in no buffer of the launch (4 bytes past the end of the 128-byte buffer at 0x{{[0-9a-f]+}}), by work-item (31,0,0) of work-group ({{[0-9]+}},0,0) at global memory access in 'past_end'
; CHECK: ferry-emu-check: far_away: ferry-emu: kernel 'far_away': out-of-bounds global memory access: 4 bytes at 0x{{[0-9a-f]+}}, in no buffer of the launch
; CHECK-NOT: Segmentation
; Within bounds, malloc'ed device memory included: no report.
; RUN: %ferry-emu-check %S/../translate/corpus/nolib/device_malloc.ll --spec=%S/corpus.spec 2>&1 | %count 0
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @past_end(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = add i32 %t, 1
  %j = zext i32 %i to i64
  %p = getelementptr i32, ptr %out, i64 %j
  store i32 %t, ptr %p
  ret void
}

define void @far_away(ptr %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %j = zext i32 %t to i64
  %k = mul i64 %j, 1048576
  %p = getelementptr i32, ptr %out, i64 %k
  store i32 %t, ptr %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @past_end, !"kernel", i32 1}
!1 = !{ptr @far_away, !"kernel", i32 1}
