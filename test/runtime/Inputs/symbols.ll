; A kernel, a device function other images may call, and two variables.
target triple = "nvptx64-nvidia-cuda"

@table = addrspace(1) externally_initialized global [64 x float] zeroinitializer, align 4
@scale = addrspace(1) global i32 3, align 4

define float @scale_element(float %x) noinline {
  %s = load i32, ptr addrspace(1) @scale
  %f = sitofp i32 %s to float
  %r = fmul float %x, %f
  ret float %r
}

define void @apply(ptr %out, i32 %n) {
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr [64 x float], ptr addrspace(1) @table, i32 0, i32 %i
  %v = load float, ptr addrspace(1) %p
  %r = call float @scale_element(float %v)
  %q = getelementptr float, ptr %out, i32 %i
  store float %r, ptr %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
!nvvm.annotations = !{!0}
!0 = !{ptr @apply, !"kernel", i32 1}
