; A printf wrapper: a device function that passes its parameter to vprintf
; as the format (spilled as clang's unoptimized code spills it; two levels,
; Kokkos::printf, a logging helper) is inlined into its callers, whose
; literal format the record lists. Was: "device printf with a format string
; that is not a constant"; a format that is not constant after that still is
; (diagnostics.ll).
; RUN: %ferry-translate %s --offload-arch=gfx90a -o - | %FileCheck %s

target triple = "nvptx64-nvidia-cuda"

@wrapped = private unnamed_addr constant [9 x i8] c"w=%d %d\0A\00"

define internal i32 @say(ptr %fmt, i32 %x) {
  %slot = alloca ptr
  store ptr %fmt, ptr %slot
  %f = load ptr, ptr %slot
  %args = alloca { i32, i32 }
  store i32 %x, ptr %args
  %second = getelementptr inbounds { i32, i32 }, ptr %args, i32 0, i32 1
  store i32 7, ptr %second
  %r = call i32 @vprintf(ptr %f, ptr %args)
  ret i32 %r
}

define internal i32 @log(ptr %fmt, i32 %x) {
  %r = call i32 @say(ptr %fmt, i32 %x)
  ret i32 %r
}

; CHECK-NOT: define {{.*}}@say
; CHECK-NOT: define {{.*}}@log
; CHECK-LABEL: define {{.*}}i32 @uses_wrapper(
; CHECK-NOT: call {{.*}}@say
; CHECK-NOT: call {{.*}}@log
; CHECK: call {{.*}}@__printf_alloc
define i32 @uses_wrapper(i32 %x) {
  %r = call i32 @log(ptr @wrapped, i32 %x)
  ret i32 %r
}

declare i32 @vprintf(ptr, ptr)

; CHECK: !llvm.printf.fmts = !{![[F:[0-9]+]]}
; CHECK: ![[F]] = !{!"0:0:{{[0-9a-f]+}},w=%d %d\0A"}
