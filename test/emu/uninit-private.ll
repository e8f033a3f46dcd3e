; Checking mode for private memory: a read of bytes of a private array that
; were never stored fails the launch, naming the kernel, the read and the
; work-item; a kernel that stores first passes.
; RUN: %not %ferry-emu-check %s --spec=%S/Inputs/uninit-private.spec --reference-only --check 2>&1 | %FileCheck %s
; RUN: %ferry-emu-check %s --spec=%S/Inputs/uninit-private-ok.spec --check 2>&1 | %count 0
; CHECK: ferry-emu-check: seven_of_eight: ferry-emu: kernel 'seven_of_eight': read of uninitialised private memory: 4 bytes, byte 0 never stored, by work-item (7,0,0) of work-group ({{[0-9]+}},0,0) at private memory read in 'seven_of_eight' (block read) #{{[0-9]+}}
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; a[k] = k for k < 7, then out[t] = a[t % 8]: work-item 7 reads a[7].
define void @seven_of_eight(ptr %out) {
entry:
  %a = alloca [8 x i32], align 4
  br label %fill
fill:
  %k = phi i64 [ 0, %entry ], [ %k1, %fill ]
  %p = getelementptr [8 x i32], ptr %a, i64 0, i64 %k
  %kv = trunc i64 %k to i32
  store i32 %kv, ptr %p
  %k1 = add i64 %k, 1
  %more = icmp ult i64 %k1, 7
  br i1 %more, label %fill, label %read
read:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = urem i32 %t, 8
  %mi = zext i32 %m to i64
  %q = getelementptr [8 x i32], ptr %a, i64 0, i64 %mi
  %v = load i32, ptr %q
  %ti = zext i32 %t to i64
  %o = getelementptr i32, ptr %out, i64 %ti
  store i32 %v, ptr %o
  ret void
}

; All eight stored first: no report.
define void @all_eight(ptr %out) {
entry:
  %a = alloca [8 x i32], align 4
  call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 32, i1 false)
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = urem i32 %t, 8
  %mi = zext i32 %m to i64
  %q = getelementptr [8 x i32], ptr %a, i64 0, i64 %mi
  %v = load i32, ptr %q
  %ti = zext i32 %t to i64
  %o = getelementptr i32, ptr %out, i64 %ti
  store i32 %v, ptr %o
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @seven_of_eight, !"kernel", i32 1}
!1 = !{ptr @all_eight, !"kernel", i32 1}
