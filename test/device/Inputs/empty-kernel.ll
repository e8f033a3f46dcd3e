; An empty kernel, for launch overhead.
target triple = "nvptx64-nvidia-cuda"
define void @empty() {
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @empty, !"kernel", i32 1}
