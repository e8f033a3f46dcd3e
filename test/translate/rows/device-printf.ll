; Device printf and assert: CUDA's vprintf becomes a buffered printf record
; (control word, format hash, one 8-byte slot per argument, strings copied)
; written through the ROCm device libraries' __printf_alloc, the format
; listed in llvm.printf.fmts (the code object's amdhsa.printf); the
; arguments are read from vprintf's buffer at their natural alignment (int
; 4 bytes, long long, double and pointers 8, `*` widths int). __assertfail
; prints CUDA's message the same way, then traps.
; RUN: %ferry-translate %s --offload-arch=gfx90a -o - | %FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@fmt = private unnamed_addr constant [19 x i8] c"%c %lld %*d %f %s\0A\00"
@msg = private unnamed_addr constant [6 x i8] c"x > 0\00"
@file = private unnamed_addr constant [5 x i8] c"a.cu\00"
@func = private unnamed_addr constant [7 x i8] c"void k\00"

; CHECK-LABEL: define {{.*}}i32 @print(
; The arguments, from the buffer at their CUDA offsets.
; CHECK:      getelementptr inbounds i8, ptr %args, i64 0
; CHECK-NEXT: load i32, ptr %{{.*}}, align 4
; CHECK-NEXT: getelementptr inbounds i8, ptr %args, i64 8
; CHECK-NEXT: load i64, ptr %{{.*}}, align 8
; CHECK-NEXT: getelementptr inbounds i8, ptr %args, i64 16
; CHECK-NEXT: load i32, ptr %{{.*}}, align 4
; CHECK-NEXT: getelementptr inbounds i8, ptr %args, i64 20
; CHECK-NEXT: load i32, ptr %{{.*}}, align 4
; CHECK-NEXT: getelementptr inbounds i8, ptr %args, i64 24
; CHECK-NEXT: load double, ptr %{{.*}}, align 8
; CHECK-NEXT: getelementptr inbounds i8, ptr %args, i64 32
; CHECK-NEXT: load ptr, ptr %{{.*}}, align 8
; The record: allocated, control word (size << 2 | constant format), the
; format's hash; vprintf's result is its argument count (6), or -1.
; CHECK:     call ptr addrspace(1) @__printf_alloc(i32
; CHECK-DAG: select i1 %{{.*}}, i32 6, i32 -1
; CHECK-DAG: store i32 %{{.*}}, ptr addrspace(1) %printf_alloc_fn
; CHECK-DAG: store i64 {{-?[0-9]+}}, ptr addrspace(1)
; CHECK-NOT: vprintf
define i32 @print(ptr %args) {
  %r = call i32 @vprintf(ptr @fmt, ptr %args)
  ret i32 %r
}

; CHECK-LABEL: define {{.*}}void @check(
; CHECK: call ptr addrspace(1) @__printf_alloc(
; CHECK: call void @llvm.trap()
; CHECK-NOT: __assertfail
define void @check(i32 %x) {
  %ok = icmp sgt i32 %x, 0
  br i1 %ok, label %done, label %fail
fail:
  call void @__assertfail(ptr @msg, ptr @file, i32 7, ptr @func, i64 1)
  unreachable
done:
  ret void
}

declare i32 @vprintf(ptr, ptr)
declare void @__assertfail(ptr, ptr, i32, ptr, i64)

; CHECK: !llvm.printf.fmts = !{![[F1:[0-9]+]], ![[F2:[0-9]+]]}
; CHECK-DAG: !{!"0:0:{{[0-9a-f]+}},%c %lld %*d %f %s\0A"}
; CHECK-DAG: !{!"0:0:{{[0-9a-f]+}},%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\0A"}

