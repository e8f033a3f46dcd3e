// The outliner: each region's device_region slot names its kernel and the
// closure's pointer fields with their variables (a deviceptr is left alone); the host module
// embeds one image per target and registers them; the NVVM module has one
// region-kernel-ABI kernel per region calling Ferry's device library.
// RUN: rm -rf %t.dump
// RUN: env FERRY_DUMP_DIR=%t.dump %ferry-clangxx -fno-offload-lto -fplugin-arg-ferry-targets=gfx90a,sm_80 -O0 -S -emit-llvm %s -o - | %FileCheck %s --check-prefix=HOST
// RUN: %FileCheck %s --check-prefix=NVVM < %t.dump/ferry.sm_80.input.ll
// RUN: %ferry-clangxx -fno-offload-lto -fplugin-arg-ferry-targets=gfx90a,sm_80 -O2 -c %s -o %t.o
// RUN: %llvm-objdump --offloading %t.o | %FileCheck %s --check-prefix=IMAGES
// Without targets: no images, the slots stay empty (the runtime says so).
// RUN: %ferry-clangxx -fplugin-arg-ferry-targets=none -O2 -S -emit-llvm %s -o - | %FileCheck %s --check-prefix=NONE

void saxpy(int n, float a, const float *x, float *y, float *d) {
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n]) deviceptr(d)
  for (int i = 0; i < n; ++i)
    y[i] += a * x[i] + d[i];
}

double dot(int n, const double *x) {
  double s = 0;
#pragma acc parallel loop copyin(x[0:n]) reduction(+:s)
  for (int i = 0; i < n; ++i)
    s += x[i] * x[i];
  return s;
}

// HOST-DAG: @[[NAME1:__ferry_kernel_name[.0-9]*]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"__ferry_outline_cpp_14_parallel_loop_{{[0-9a-f]+}}\00"
// HOST-DAG: @[[OFFS1:__ferry_pointer_offsets[.0-9]*]] = private unnamed_addr constant [2 x i32] [i32 0, i32 8]
// HOST-DAG: device_slot{{.*}} = internal global %"struct.ferry::acc::device_region" { %struct.ferry_device_kernel { ptr @[[NAME1]], ptr @[[OFFS1]], i64 2, ptr null, i64 0, ptr @[[NAMES1:__ferry_pointer_names[.0-9]*]], ptr null }
// The variables behind the pointers, for the runtime's messages (ClosureNames.h):
// HOST-DAG: @[[NAMES1]] = private unnamed_addr constant [2 x ptr] [ptr @[[X:__ferry_pointer_name[.0-9]*]], ptr @[[Y:__ferry_pointer_name[.0-9]*]]]
// HOST-DAG: @[[X]] = private unnamed_addr constant [2 x i8] c"x\00"
// HOST-DAG: @[[Y]] = private unnamed_addr constant [2 x i8] c"y\00
// HOST-DAG: @__ferry_image_package = private constant {{.*}} section ".llvm.offloading"
// HOST-DAG: @llvm.global_ctors = appending global {{.*}} @__ferry_register_images
// HOST-DAG: c"__ferry_outline_cpp_21_parallel_loop_{{[0-9a-f]+}}\00"
// HOST-NOT: ferry.device_region

// NVVM: target triple = "nvptx64-nvidia-cuda"
// NVVM: @[[SCRATCH:__ferry_outline_cpp_21_parallel_loop_[0-9a-f]+]].scratch = internal addrspace(3) global [64 x i32] undef
// NVVM: define void @[[K1:__ferry_outline_cpp_14_parallel_loop_[0-9a-f]+]](ptr byval([48 x i8]) align 8 %0, i64 %1, ptr %2)
// NVVM-NEXT: call void @__ferry_run_loop(ptr %0, i64 %1, ptr @"_ZN5ferry3acc16host_chunk_plain
// NVVM: define void @[[K2:__ferry_outline_cpp_21_parallel_loop_[0-9a-f]+]](ptr byval([24 x i8]) align 8 %0, i64 %1, ptr %2)
// NVVM-NEXT: alloca [2 x i32], align 8
// NVVM-NEXT: alloca [2 x i32], align 8
// NVVM-NEXT: call void @__ferry_run_reduction(ptr %0, i64 %1, ptr %2, {{.*}}, ptr addrspace(3) @[[SCRATCH]].scratch, i32 2, i32 8, i32 8)
// NVVM: define internal void @__ferry_run_loop(
// NVVM: define internal void @__ferry_run_reduction(
// NVVM: !{ptr @[[K1]], !"kernel", i32 1}
// NVVM: !{ptr @[[K2]], !"kernel", i32 1}

// IMAGES: OFFLOADING IMAGE [0]:
// IMAGES-NEXT: kind elf
// IMAGES-NEXT: arch gfx90a
// IMAGES-NEXT: triple amdgcn-amd-amdhsa
// IMAGES: OFFLOADING IMAGE [1]:
// IMAGES-NEXT: kind ptx
// IMAGES-NEXT: arch sm_80
// IMAGES-NEXT: triple nvptx64-nvidia-cuda
// With -fplugin-arg-ferry-embed-ir (which %ferry-clangxx passes), the
// translated IR of each AMD target follows, for the emulated devices
// (after the cubins, where ptxas is found: plugin/cubins.test).
// IMAGES: kind llvm ir
// IMAGES-NEXT: arch gfx90a
// IMAGES-NEXT: triple amdgcn-amd-amdhsa
// IMAGES-NOT: OFFLOADING IMAGE

// NONE-NOT: .llvm.offloading
// NONE: device_slot{{.*}} = internal global %"struct.ferry::acc::device_region" { %struct.ferry_device_kernel zeroinitializer
