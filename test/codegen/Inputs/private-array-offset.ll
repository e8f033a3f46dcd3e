; A private array read at an offset from the loop's variable (v[i - 1]),
; with the offset hoisted out of the loop as clang's NVPTX pipeline leaves it.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @window(ptr addrspace(1) %out, ptr addrspace(1) %in, i64 %n) {
entry:
  %v = alloca [20 x i8], align 1
  %before = getelementptr i8, ptr %v, i64 -1
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  br label %fill

fill:
  %k = phi i64 [ 0, %entry ], [ %k.next, %fill ]
  %src = getelementptr inbounds i8, ptr addrspace(1) %in, i64 %k
  %x = load i8, ptr addrspace(1) %src, align 1
  %slot = getelementptr inbounds i8, ptr %v, i64 %k
  store i8 %x, ptr %slot, align 1
  %k.next = add nuw nsw i64 %k, 1
  %filled = icmp eq i64 %k.next, 20
  br i1 %filled, label %scan, label %fill

scan:
  %i = phi i64 [ 1, %fill ], [ %i.next, %scan ]
  %sum = phi i32 [ 0, %fill ], [ %sum.next, %scan ]
  %at = getelementptr i8, ptr %before, i64 %i
  %y = load i8, ptr %at, align 1
  %y32 = zext i8 %y to i32
  %sum.next = add i32 %sum, %y32
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %scan, label %done

done:
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %tid64
  store i32 %sum.next, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!nvvm.annotations = !{!0}
!0 = !{ptr @window, !"kernel", i32 1}
