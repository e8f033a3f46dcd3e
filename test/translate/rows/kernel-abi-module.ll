; Map §0 and §7 through the whole nvvm-to-amdgpu pipeline: triple and
; datalayout, NVPTX attributes replaced, globals moved out of the generic
; address space, loader-visible device variables, 16-byte dynamic shared
; memory, __nvvm_reflect folded (then dead branches removed), allocas in
; addrspace(5), kernels from annotations and from ptx_kernel, byval -> byref
; in addrspace(4) (a written parameter is copied to private memory), global
; pointer parameters, launch bounds, code object version flag.
; RUN: %opt-ferry -passes='nvvm-to-amdgpu<arch=gfx90a:xnack->' -S %s | %FileCheck %s
; RUN: %opt-ferry -passes='nvvm-to-amdgpu<arch=gfx1100;cov=4>' -S %s | %FileCheck %s --check-prefix=COV4

; CHECK: target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
; CHECK: target triple = "amdgcn-amd-amdhsa"
; CHECK: @table = protected addrspace(4) externally_initialized global [4 x float]
; CHECK: @counter = protected addrspace(1) externally_initialized global i32 0
; CHECK: @dyn = external addrspace(3) global [0 x float], align 16
; CHECK: @tile = internal addrspace(3) global [64 x float] undef, align 4
; CHECK: @generic = protected addrspace(1) global i32 7
; CHECK: @.str = private unnamed_addr addrspace(4) constant [4 x i8] c"abc\00"

; CHECK-LABEL: define protected float @helper(
; CHECK-SAME:    #[[HELPER:[0-9]+]] {

; CHECK-LABEL: define protected amdgpu_kernel void @reads_param(
; CHECK-SAME:    ptr addrspace(4) byref(%struct.Params) align 4 %p, ptr addrspace(1) %out) #[[KERNEL:[0-9]+]] {
; CHECK-NEXT:    %p.flat = addrspacecast ptr addrspace(4) %p to ptr
; CHECK-NEXT:    %out.flat = addrspacecast ptr addrspace(1) %out to ptr
; CHECK-NEXT:    %s = load float, ptr %p.flat, align 4

; CHECK-LABEL: define protected amdgpu_kernel void @writes_param(
; CHECK-SAME:    ptr addrspace(4) byref(%struct.Params) align 4 %p, ptr addrspace(1) %out) #[[KERNEL]] {
; CHECK-NEXT:    %p.flat = addrspacecast ptr addrspace(4) %p to ptr
; CHECK-NEXT:    %p.copy = alloca %struct.Params, align {{[0-9]+}}, addrspace(5)
; CHECK-NEXT:    [[COPY:%.*]] = addrspacecast ptr addrspace(5) %p.copy to ptr
; CHECK-NEXT:    call void @llvm.memcpy.p0.p0.i64(ptr align 4 [[COPY]], ptr align 4 %p.flat, i64 44, i1 false)
; CHECK:         store float 1.000000e+00, ptr [[COPY]], align 4

; __nvvm_reflect("__CUDA_FTZ") is the module's nvvm-reflect-ftz flag (1).
; CHECK-LABEL: define protected amdgpu_kernel void @bounds(
; CHECK-SAME:    ptr addrspace(1) %out) #[[BOUNDS:[0-9]+]] {
; CHECK-NEXT:    %out.flat = addrspacecast ptr addrspace(1) %out to ptr
; CHECK-NEXT:    store i32 1, ptr %out.flat, align 4
; CHECK-NEXT:    ret void

; CHECK-LABEL: define protected amdgpu_kernel void @required(
; CHECK-SAME:    ptr addrspace(1) %out) #[[REQUIRED:[0-9]+]] !reqd_work_group_size ![[WG:[0-9]+]] {
; CHECK:         load i32, ptr addrspacecast (ptr addrspace(1) @generic to ptr)

; CHECK-LABEL: define protected amdgpu_kernel void @cc_kernel(
; CHECK-SAME:    ptr addrspace(1) %out) #[[KERNEL]] {
; CHECK:         [[T:%.*]] = alloca [4 x i32], align 4, addrspace(5)
; CHECK-NEXT:    %t.flat = addrspacecast ptr addrspace(5) [[T]] to ptr
; CHECK-NOT:     alloca [4 x i32], align 4{{$}}

; CHECK-DAG: attributes #[[HELPER]] = { "denormal-fp-math-f32"="preserve-sign,preserve-sign" "target-cpu"="gfx90a" "target-features"="+wavefrontsize64,-xnack" }
; CHECK-DAG: attributes #[[KERNEL]] = { "target-cpu"="gfx90a" "target-features"="+wavefrontsize64,-xnack" "uniform-work-group-size"="true" }
; maxntid 128x2 -> 1,256; minctasm 4 with 256 threads = 4 waves of 64 per
; block on 4 SIMDs -> 4 waves per SIMD.
; CHECK-DAG: attributes #[[BOUNDS]] = { "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="4" "target-cpu"="gfx90a"
; CHECK-DAG: attributes #[[REQUIRED]] = { "amdgpu-flat-work-group-size"="256,256" "target-cpu"="gfx90a"
; CHECK-DAG: ![[WG]] = !{i32 64, i32 4, i32 1}
; CHECK-DAG: !{i32 1, !"amdhsa_code_object_version", i32 500}
; CHECK-NOT: nvvm.annotations
; CHECK-NOT: nvvmir.version
; CHECK-NOT: nvvm-reflect-ftz
; CHECK-NOT: sm_80

; COV4: "target-cpu"="gfx1100" "target-features"="+wavefrontsize32"
; COV4: !{i32 1, !"amdhsa_code_object_version", i32 400}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Params = type { float, float, i32, [8 x float] }

@table = addrspace(4) externally_initialized global [4 x float] zeroinitializer, align 4
@counter = addrspace(1) externally_initialized global i32 0, align 4
@dyn = external addrspace(3) global [0 x float], align 4
@tile = internal addrspace(3) global [64 x float] undef, align 4
@generic = global i32 7, align 4
@.str = private unnamed_addr constant [4 x i8] c"abc\00", align 1
@"$str" = private addrspace(1) constant [11 x i8] c"__CUDA_FTZ\00"

define void @reads_param(ptr byval(%struct.Params) align 4 %p, ptr %out) "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" {
  %s = load float, ptr %p, align 4
  %w = getelementptr inbounds %struct.Params, ptr %p, i32 0, i32 3, i32 2
  %x = load float, ptr %w, align 4
  %sum = fadd float %s, %x
  store float %sum, ptr %out, align 4
  ret void
}

define void @writes_param(ptr byval(%struct.Params) align 4 %p, ptr %out) {
  store float 1.0, ptr %p, align 4
  %s = load float, ptr %p, align 4
  store float %s, ptr %out, align 4
  ret void
}

define ptx_kernel void @cc_kernel(ptr %out) {
  %t = alloca [4 x i32], align 4
  store i32 1, ptr %t, align 4
  %v = load i32, ptr %t, align 4
  store i32 %v, ptr %out, align 4
  ret void
}

define void @bounds(ptr %out) {
  %f = call i32 @__nvvm_reflect(ptr addrspacecast (ptr addrspace(1) @"$str" to ptr))
  %c = icmp ne i32 %f, 0
  %v = select i1 %c, i32 1, i32 2
  store i32 %v, ptr %out
  ret void
}

define void @required(ptr %out) {
  %g = load i32, ptr @generic
  %s = load i8, ptr @.str
  %z = zext i8 %s to i32
  %a = add i32 %g, %z
  store i32 %a, ptr %out
  ret void
}

define float @helper(float %x) "nvptx-f32ftz"="true" {
  ret float %x
}

declare i32 @__nvvm_reflect(ptr)

!nvvm.annotations = !{!0, !1, !2, !3, !4, !5, !6, !7, !8}
!llvm.module.flags = !{!9, !10}
!nvvmir.version = !{!11}
!0 = !{ptr @reads_param, !"kernel", i32 1}
!1 = !{ptr @writes_param, !"kernel", i32 1}
!2 = !{ptr @bounds, !"kernel", i32 1}
!3 = !{ptr @bounds, !"maxntidx", i32 128, !"maxntidy", i32 2}
!4 = !{ptr @bounds, !"minctasm", i32 4}
!5 = !{ptr @required, !"kernel", i32 1}
!6 = !{ptr @required, !"reqntidx", i32 64}
!7 = !{ptr @required, !"reqntidy", i32 4}
!8 = !{ptr @helper, !"maxntidx", i32 32}
!9 = !{i32 4, !"nvvm-reflect-ftz", i32 1}
!10 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 5]}
!11 = !{i32 2, i32 0}
