; Device versions of two regions with Ferry's region-kernel ABI:
;   kernel(closure byval, i64 trip_count, ptr partials)
; a grid-stride loop over [0, trip_count); with a reduction, block b leaves
; its combined partial at partials[b].
target triple = "nvptx64-nvidia-cuda"

%saxpy = type { ptr, ptr, float }
%sum = type { ptr }

@acc = internal addrspace(3) global i64 undef, align 8

define void @__ferry_region_saxpy(ptr byval(%saxpy) align 8 %c, i64 %trip, ptr %partials) {
entry:
  %x = load ptr, ptr %c
  %yp = getelementptr %saxpy, ptr %c, i32 0, i32 1
  %y = load ptr, ptr %yp
  %ap = getelementptr %saxpy, ptr %c, i32 0, i32 2
  %a = load float, ptr %ap
  %i0 = call i64 @first()
  %stride = call i64 @stride()
  br label %loop
loop:
  %i = phi i64 [ %i0, %entry ], [ %next, %body ]
  %more = icmp slt i64 %i, %trip
  br i1 %more, label %body, label %exit
body:
  %px = getelementptr float, ptr %x, i64 %i
  %py = getelementptr float, ptr %y, i64 %i
  %vx = load float, ptr %px
  %vy = load float, ptr %py
  %r = call float @llvm.fma.f32(float %a, float %vx, float %vy)
  store float %r, ptr %py
  %next = add i64 %i, %stride
  br label %loop
exit:
  ret void
}

define void @__ferry_region_sum(ptr byval(%sum) align 8 %c, i64 %trip, ptr %partials) {
entry:
  %v = load ptr, ptr %c
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lead = icmp eq i32 %tid, 0
  br i1 %lead, label %zero, label %start
zero:
  store i64 0, ptr addrspace(3) @acc
  br label %start
start:
  call void @llvm.nvvm.barrier0()
  %i0 = call i64 @first()
  %stride = call i64 @stride()
  br label %loop
loop:
  %i = phi i64 [ %i0, %start ], [ %next, %body ]
  %s = phi i64 [ 0, %start ], [ %s2, %body ]
  %more = icmp slt i64 %i, %trip
  br i1 %more, label %body, label %done
body:
  %p = getelementptr i64, ptr %v, i64 %i
  %e = load i64, ptr %p
  %s2 = add i64 %s, %e
  %next = add i64 %i, %stride
  br label %loop
done:
  %old = atomicrmw add ptr addrspace(3) @acc, i64 %s monotonic
  call void @llvm.nvvm.barrier0()
  br i1 %lead, label %write, label %exit
write:
  %total = load i64, ptr addrspace(3) @acc
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %slot = getelementptr i64, ptr %partials, i32 %b
  store i64 %total, ptr %slot
  br label %exit
exit:
  ret void
}

define internal i64 @first() {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add i32 %base, %tid
  %w = zext i32 %i to i64
  ret i64 %w
}

define internal i64 @stride() {
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %s = mul i32 %ntid, %nctaid
  %w = zext i32 %s to i64
  ret i64 %w
}

declare float @llvm.fma.f32(float, float, float)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare void @llvm.nvvm.barrier0()
!nvvm.annotations = !{!0, !1}
!0 = !{ptr @__ferry_region_saxpy, !"kernel", i32 1}
!1 = !{ptr @__ferry_region_sum, !"kernel", i32 1}
