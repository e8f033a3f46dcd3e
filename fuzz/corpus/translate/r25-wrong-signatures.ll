target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32)
declare float @llvm.nvvm.cos.approx.f()
declare i64 @llvm.nvvm.barrier0()
define void @k(ptr %p) {
  %a = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 1, i32 2)
  %c = call float @llvm.nvvm.cos.approx.f()
  %b = call i64 @llvm.nvvm.barrier0()
  store i32 %a, ptr %p
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
