target triple = "nvptx64-nvidia-cuda"

declare float @llvm.nvvm.tanh.approx.f32(float)
declare { i32, i1 } @llvm.nvvm.shfl.sync.i32(i32, i32, i32, i32, i32)
declare { i32, i1 } @llvm.nvvm.vote.sync(i32, i32, i1)
declare { i32, i1 } @llvm.nvvm.match.all.sync.i32(i32, i32)

define void @k(ptr %p, float %x) {
  %a = call float @llvm.nvvm.tanh.approx.f32(float %x)
  store float %a, ptr %p
  %b = call { i32, i1 } @llvm.nvvm.shfl.sync.i32(i32 -1, i32 1, i32 2, i32 31, i32 0)
  %c = call { i32, i1 } @llvm.nvvm.vote.sync(i32 -1, i32 1, i1 true)
  %d = call { i32, i1 } @llvm.nvvm.match.all.sync.i32(i32 -1, i32 5)
  %m = extractvalue { i32, i1 } %d, 0
  store i32 %m, ptr %p
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
