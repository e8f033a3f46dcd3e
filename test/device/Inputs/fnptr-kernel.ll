; A kernel that calls a device function through a pointer it is given:
; out[i] = fn(in[i]) for i < n. It defines no function of its own.
target triple = "nvptx64-nvidia-cuda"
define void @apply(ptr %fn, ptr %in, ptr %out, i32 %n) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add i32 %base, %tid
  %inside = icmp slt i32 %i, %n
  br i1 %inside, label %body, label %exit
body:
  %pin = getelementptr float, ptr %in, i32 %i
  %x = load float, ptr %pin
  %y = call float %fn(float %x)
  %pout = getelementptr float, ptr %out, i32 %i
  store float %y, ptr %pout
  br label %exit
exit:
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
!nvvm.annotations = !{!0}
!0 = !{ptr @apply, !"kernel", i32 1}
