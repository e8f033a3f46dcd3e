; A kernel that reads its block size, grid size and dynamic shared memory:
; with code object v5 these come from hidden kernel arguments.
target triple = "nvptx64-nvidia-cuda"

@dyn = external addrspace(3) global [0 x i32], align 4

define void @geometry(ptr %out, i64 %n, float %s) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ntidy = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %nctaidz = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
  %p = getelementptr i32, ptr addrspace(3) @dyn, i32 %tid
  store i32 %ntid, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %v = load i32, ptr addrspace(3) @dyn
  %a = add i32 %v, %nctaid
  %b = add i32 %a, %ntidy
  %c = add i32 %b, %nctaidz
  %f = sitofp i32 %c to float
  %g = fmul float %f, %s
  %q = getelementptr float, ptr %out, i32 %tid
  store float %g, ptr %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
declare void @llvm.nvvm.barrier0()
!nvvm.annotations = !{!0}
!0 = !{ptr @geometry, !"kernel", i32 1}
