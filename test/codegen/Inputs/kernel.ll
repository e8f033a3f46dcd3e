; A CUDA-style kernel: a pointer, a scalar, a by-value struct, a shuffle,
; dynamic shared memory and a libdevice call.
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.P = type { float, i32 }
@dyn = external addrspace(3) global [0 x float], align 4

define void @k(ptr %out, i32 %n, ptr byval(%struct.P) align 4 %p) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = mul i32 %ctaid, %ntid
  %i = add i32 %base, %tid
  %s = load float, ptr %p, align 4
  %x = sitofp i32 %i to float
  %y = fmul float %x, %s
  %z = call float @__nv_sinf(float %y)
  %slot = getelementptr float, ptr addrspace(3) @dyn, i32 %tid
  store float %z, ptr addrspace(3) %slot, align 4
  call void @llvm.nvvm.barrier0()
  %v = load float, ptr addrspace(3) %slot, align 4
  %w = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %v, i32 1, i32 31)
  %in = icmp slt i32 %i, %n
  br i1 %in, label %store, label %exit
store:
  %dst = getelementptr float, ptr %out, i32 %i
  store float %w, ptr %dst, align 4
  br label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier0()
declare float @llvm.nvvm.shfl.sync.down.f32(i32, float, i32, i32)
declare float @__nv_sinf(float)

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
