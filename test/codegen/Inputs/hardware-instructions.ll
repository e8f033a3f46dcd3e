; PTX's saturating float->int conversions and directed-rounding add/mul/fma,
; as libdevice and NVVM spell them, in a loop (constant operands of the
; directed fma, as in libdevice's expf).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @convert(ptr %f, ptr %d, ptr %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pf = getelementptr float, ptr %f, i32 %tid
  %x = load float, ptr %pf, align 4
  %pd = getelementptr double, ptr %d, i32 %tid
  %y = load double, ptr %pd, align 8
  %a = call i32 @__nv_float2int_rn(float %x)
  %b = call i32 @__nv_float2uint_rz(float %x)
  %c = call i32 @__nv_double2int_rd(double %y)
  %e = call i32 @__nv_double2uint_ru(double %y)
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  %s3 = add i32 %s2, %e
  %po = getelementptr i32, ptr %out, i32 %tid
  store i32 %s3, ptr %po, align 4
  ret void
}

define void @directed(ptr %f, ptr %d, ptr %out, ptr %dout, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i32 [ %tid, %entry ], [ %next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %sum, %loop ]
  %dacc = phi double [ 0.0, %entry ], [ %dsum, %loop ]
  %pf = getelementptr float, ptr %f, i32 %i
  %x = load float, ptr %pf, align 4
  %pd = getelementptr double, ptr %d, i32 %i
  %y = load double, ptr %pd, align 8
  %t = call float @llvm.nvvm.fma.rm.f(float %x, float 0x3FF7154760000000, float 0x4168000020000000)
  %m = call float @llvm.nvvm.mul.rp.f(float %t, float %x)
  %sum = fadd float %acc, %m
  %yz = call double @llvm.nvvm.add.rz.d(double %y, double %dacc)
  %dsum = call double @llvm.nvvm.fma.rp.d(double %yz, double %y, double %dacc)
  %next = add i32 %i, 32
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %done
done:
  %po = getelementptr float, ptr %out, i32 %tid
  store float %sum, ptr %po, align 4
  %pdo = getelementptr double, ptr %dout, i32 %tid
  store double %dsum, ptr %pdo, align 8
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @__nv_float2int_rn(float)
declare i32 @__nv_float2uint_rz(float)
declare i32 @__nv_double2int_rd(double)
declare i32 @__nv_double2uint_ru(double)
declare float @llvm.nvvm.fma.rm.f(float, float, float)
declare float @llvm.nvvm.mul.rp.f(float, float)
declare double @llvm.nvvm.add.rz.d(double, double)
declare double @llvm.nvvm.fma.rp.d(double, double, double)

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @convert, !"kernel", i32 1}
!1 = !{ptr @directed, !"kernel", i32 1}
