; PTX addresses shared memory with 32-bit registers, as nvcc's does
; (nvptx-short-ptr): 64-bit shared addresses cost a register pair and 64-bit
; integer instructions per access in every tiled loop. A variadic call is no
; reason to fall back (the callee reads the arguments, not this module);
; modules that read variadic arguments do (test backend-safety/va-arg.ll).
; RUN: %ferry-translate %s --emit=ptx --cuda-arch=sm_80 -o - | %FileCheck %s
; CHECK-LABEL: .entry tile(
; CHECK: mov.u32 [[BASE:%r[0-9]+]], tile_s;
; CHECK: st.shared.u32 [%r{{[0-9]+}}],
; CHECK: ld.shared.f32 %f{{[0-9]+}}, [%r{{[0-9]+}}];
; CHECK-NOT: .shared{{.*}}[%rd
; CHECK-LABEL: .entry with_variadic_call(
; CHECK: ld.shared.f32 %f{{[0-9]+}}, [%r{{[0-9]+}}];

target triple = "nvptx64-nvidia-cuda"

@tile_s = internal addrspace(3) global [32 x float] zeroinitializer
@call_s = internal addrspace(3) global [32 x float] zeroinitializer

declare i32 @ext(i32, ...)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

define void @tile(ptr %o, i32 %j) {
  %i = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr [32 x float], ptr addrspace(3) @tile_s, i32 0, i32 %i
  store float 1.0, ptr addrspace(3) %p
  call void @llvm.nvvm.barrier0()
  %q = getelementptr [32 x float], ptr addrspace(3) @tile_s, i32 0, i32 %j
  %x = load float, ptr addrspace(3) %q
  store float %x, ptr %o
  ret void
}

define void @with_variadic_call(ptr %o, i32 %i) {
  %r = call i32 (i32, ...) @ext(i32 1, i32 2, double 3.0)
  %p = getelementptr [32 x float], ptr addrspace(3) @call_s, i32 0, i32 %i
  store float 1.0, ptr addrspace(3) %p
  %q = getelementptr [32 x float], ptr addrspace(3) @call_s, i32 0, i32 %r
  %x = load float, ptr addrspace(3) %q
  store float %x, ptr %o
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @tile, !"kernel", i32 1}
!1 = !{ptr @with_variadic_call, !"kernel", i32 1}
