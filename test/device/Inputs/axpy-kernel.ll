; A kernel image whose element function lives in a separate library image.
target triple = "nvptx64-nvidia-cuda"
define void @axpy(float %a, ptr %x, ptr %y, i32 %n) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add i32 %base, %tid
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %exit
body:
  %px = getelementptr float, ptr %x, i32 %i
  %py = getelementptr float, ptr %y, i32 %i
  %vx = load float, ptr %px
  %vy = load float, ptr %py
  %r = call float @axpy_element(float %a, float %vx, float %vy)
  store float %r, ptr %py
  br label %exit
exit:
  ret void
}
declare float @axpy_element(float, float, float)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
!nvvm.annotations = !{!0}
!0 = !{ptr @axpy, !"kernel", i32 1}
