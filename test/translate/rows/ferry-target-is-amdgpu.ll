; Ferry's device library asks __ferry_target_is_amdgpu() for acc_on_device:
; the translation folds it to 1, the PTX lowering to 0 (clang would have
; folded an __nvvm_reflect key at the library's build time).
; RUN: %ferry-translate %s --emit=ll | %FileCheck %s --check-prefix=AMD
; RUN: %ferry-translate %s --emit=ptx --offload-arch=sm_80 | %FileCheck %s --check-prefix=PTX
target triple = "nvptx64-nvidia-cuda"

declare i32 @__ferry_target_is_amdgpu()

define void @k(ptr %out) {
  %v = call i32 @__ferry_target_is_amdgpu()
  store i32 %v, ptr %out
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}

; AMD-NOT: __ferry_target_is_amdgpu
; AMD: store i32 1, ptr
; PTX-NOT: __ferry_target_is_amdgpu
; PTX: mov.b32 [[R:%r[0-9]+]], 0;
; PTX-NEXT: st.global.u32 [%rd{{[0-9]+}}], [[R]];
