; A kernel whose code object lists no hidden arguments still reads them in
; the translation the emulator runs. The AMDGPU code-generation pipeline
; deletes this kernel's grid-stride loop (it only writes a private copy of
; the by-value closure, as an OpenACC `parallel` region assigning a
; firstprivate scalar does), so the code object's metadata has no hidden
; argument and its kernarg segment ends after the explicit ones; the
; translation, run before that pipeline, reads nctaid.x and ntid.x through
; llvm.amdgcn.implicitarg.ptr. The emulator used to point that pointer at
; offset 0 of the segment, the closure: ntid.x was the closure's bytes 12-13
; (0 here), the loop's step 0, and the work-item looped forever. The
; emulator now completes the hidden block of the code object version.
; (`timeout`: a regression hangs rather than fails.)
; RUN: timeout 120 %ferry-emu-check %s --spec=%S/Inputs/hidden-args-removed.spec 2>&1 | %count 0
; RUN: timeout 120 %ferry-emu-check %s --spec=%S/Inputs/hidden-args-removed.spec --code-object-version=4 2>&1 | %count 0
; RUN: timeout 120 %ferry-emu-check %s --spec=%S/Inputs/hidden-args-removed.spec --arch=gfx90a --print | %FileCheck %s
; CHECK: [gfx90a] region arg3: 1 1 1
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; { trip count of the statement's loop, the firstprivate total }
%closure = type { i64, double }

; for (i = global id; i < n; i += grid size) { total = 5; for (j < count) total += 1; }
; on the work-item's copy of the closure; then out[tid] = 1.
define void @region(ptr byval(%closure) align 8 %c, i64 %n, ptr %out) #0 {
entry:
  %copy = alloca %closure, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %copy, ptr align 8 %c, i64 16, i1 false)
  %nb = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %bs = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nb64 = zext i32 %nb to i64
  %bs64 = zext i32 %bs to i64
  %step = mul i64 %nb64, %bs64
  %b64 = zext i32 %b to i64
  %t64 = zext i32 %t to i64
  %first = mul i64 %b64, %bs64
  %gid = add i64 %first, %t64
  %any = icmp slt i64 %gid, %n
  %cp = getelementptr inbounds %closure, ptr %copy, i32 0, i32 0
  %tp = getelementptr inbounds %closure, ptr %copy, i32 0, i32 1
  br i1 %any, label %grid, label %done

grid:
  %i = phi i64 [ %gid, %entry ], [ %next, %latch ]
  store double 5.0, ptr %tp, align 8
  %count = load i64, ptr %cp, align 8
  br label %inner

inner:
  %j = phi i64 [ 0, %grid ], [ %j1, %add ]
  %more = icmp slt i64 %j, %count
  br i1 %more, label %add, label %latch

add:
  %v = load double, ptr %tp, align 8
  %v1 = fadd double %v, 1.0
  store double %v1, ptr %tp, align 8
  %j1 = add nsw i64 %j, 1
  br label %inner

latch:
  %next = add nsw i64 %i, %step
  %again = icmp slt i64 %next, %n
  br i1 %again, label %grid, label %done, !llvm.loop !1

done:
  %o = getelementptr inbounds i32, ptr %out, i64 %t64
  store i32 1, ptr %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

attributes #0 = { convergent mustprogress }

!nvvm.annotations = !{!0}
!0 = !{ptr @region, !"kernel", i32 1}
!1 = distinct !{!1, !2}
!2 = !{!"llvm.loop.mustprogress"}
