; byval struct parameters of device functions are passed by value: each
; function gets an internal twin `.byvalue` taking the struct as a value (its
; own copy in a private slot), direct calls load the argument and call the
; twin; an exported function or one whose address is taken keeps its byval
; ABI as a thunk; a local function only called directly is erased. Fields
; narrower than a dword travel as dwords; more than 64 bytes stay byval.
; RUN: %opt-ferry -passes='nvvm-to-amdgpu<arch=gfx90a>' -S %s > %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=GONE < %t.ll

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Complex = type { float, float }
%struct.Big = type { [32 x float] }

@table = global ptr @scale

; GONE-NOT:    @bytes(
; CHECK-LABEL: define protected %struct.Complex @cmul(ptr byval(%struct.Complex) align 4 %0, ptr byval(%struct.Complex) align 4 %1)
; CHECK-NEXT:    [[A:%.*]] = load %struct.Complex, ptr %0, align 4
; CHECK-NEXT:    [[B:%.*]] = load %struct.Complex, ptr %1, align 4
; CHECK-NEXT:    [[R:%.*]] = call %struct.Complex @cmul.byvalue(%struct.Complex [[A]], %struct.Complex [[B]])
; CHECK-NEXT:    ret %struct.Complex [[R]]
define %struct.Complex @cmul(ptr byval(%struct.Complex) align 4 %a, ptr byval(%struct.Complex) align 4 %b) {
  %ar = load float, ptr %a
  %bp = getelementptr i8, ptr %b, i64 4
  %bi = load float, ptr %bp
  %r = fmul float %ar, %bi
  %s = insertvalue %struct.Complex poison, float %r, 0
  ret %struct.Complex %s
}

define internal i32 @bytes(ptr byval([48 x i8]) align 16 %c) {
  store i8 7, ptr %c
  %p = getelementptr i8, ptr %c, i64 40
  %v = load i32, ptr %p
  %w = load i8, ptr %c
  %z = zext i8 %w to i32
  %r = add i32 %v, %z
  ret i32 %r
}

; CHECK-LABEL: define internal float @scale(ptr byval(%struct.Complex) align 4 %0, float %1)
; CHECK-NEXT:    [[A:%.*]] = load %struct.Complex, ptr %0, align 4
; CHECK-NEXT:    call float @scale.byvalue(%struct.Complex [[A]], float %1)
define internal float @scale(ptr byval(%struct.Complex) align 4 %a, float %f) {
  %v = load float, ptr %a
  %r = fmul float %v, %f
  ret float %r
}

; CHECK-LABEL: define protected float @big(ptr byval(%struct.Big) align 4 %b)
; CHECK-NEXT:    load float, ptr %b
define float @big(ptr byval(%struct.Big) align 4 %b) {
  %v = load float, ptr %b
  ret float %v
}

; CHECK-LABEL: define protected amdgpu_kernel void @k(
; CHECK:         [[X1:%.*]] = load %struct.Complex, ptr %x.flat, align 4
; CHECK-NEXT:    [[X2:%.*]] = load %struct.Complex, ptr %x.flat, align 4
; CHECK-NEXT:    %c = call %struct.Complex @cmul.byvalue(%struct.Complex [[X1]], %struct.Complex [[X2]])
; CHECK-NEXT:    [[Y:%.*]] = load [12 x i32], ptr %y.flat, align 16
; CHECK-NEXT:    %i = call i32 @bytes.byvalue([12 x i32] [[Y]])
; CHECK-NEXT:    [[X3:%.*]] = load %struct.Complex, ptr %x.flat, align 4
; CHECK-NEXT:    %s = call float @scale.byvalue(%struct.Complex [[X3]], float 2.000000e+00)
; CHECK-NEXT:    %b = call float @big(ptr byval(%struct.Big) align 4 %bg.flat)
define void @k(ptr %out, ptr %in) {
  %x = alloca %struct.Complex, align 4
  %y = alloca [48 x i8], align 16
  %bg = alloca %struct.Big, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr %x, ptr %in, i64 8, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %y, ptr %in, i64 48, i1 false)
  %c = call %struct.Complex @cmul(ptr byval(%struct.Complex) align 4 %x, ptr byval(%struct.Complex) align 4 %x)
  %i = call i32 @bytes(ptr byval([48 x i8]) align 16 %y)
  %s = call float @scale(ptr byval(%struct.Complex) align 4 %x, float 2.0)
  %b = call float @big(ptr byval(%struct.Big) align 4 %bg)
  store i32 %i, ptr %out
  ret void
}

; CHECK-LABEL: define internal %struct.Complex @cmul.byvalue(%struct.Complex %a, %struct.Complex %b)
; CHECK-NEXT:    %a.copy = alloca %struct.Complex, align 4, addrspace(5)
; CHECK-NEXT:    store %struct.Complex %a, ptr addrspace(5) %a.copy, align 4
; CHECK:         %b.copy = alloca %struct.Complex, align 4, addrspace(5)
; CHECK-NEXT:    store %struct.Complex %b, ptr addrspace(5) %b.copy, align 4

; The callee writes its copy: the slot has the byval type and alignment.
; CHECK-LABEL: define internal i32 @bytes.byvalue([12 x i32] %c)
; CHECK-NEXT:    %c.copy = alloca [48 x i8], align 16, addrspace(5)
; CHECK-NEXT:    store [12 x i32] %c, ptr addrspace(5) %c.copy, align 16
; CHECK-NEXT:    %c.copy.flat = addrspacecast ptr addrspace(5) %c.copy to ptr
; CHECK-NEXT:    store i8 7, ptr %c.copy.flat

; CHECK-LABEL: define internal float @scale.byvalue(%struct.Complex %a, float %f)

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
