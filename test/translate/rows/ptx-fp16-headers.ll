; Inline PTX of CUDA 13's cuda_fp16.hpp / cuda_bf16.hpp that real modules
; reach: WARP_SZ (the half and bf16 __shfl overloads), `.reg.b32 f;` written
; without a space, set with f16x2/bf16x2 and 16-bit results (__SPEC_CASE2,
; __hisnan2), and atomicAdd on __half, __half2, __nv_bfloat16 and
; __nv_bfloat162 (atom.add.noftz), hexp/hlog's upper-case hexadecimal
; immediates, tanh.approx.f16/.f16x2. The asm strings are the headers'.
; RUN: %opt-ferry -passes='ferry-lower-ptx-asm<arch=gfx90a>' -S %s | %FileCheck %s
; RUN: %opt-ferry -passes='ferry-lower-ptx-asm<arch=gfx1100>' -S %s | %FileCheck %s
; Both warp strategies give CUDA's 32-lane warp.
; CHECK-NOT: call {{.*}} asm

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i32 @warp_size(
; CHECK-NEXT:    ret i32 32
define i32 @warp_size() {
  %r = call i32 asm "{mov.u32 $0, WARP_SZ;\0A}", "=r"()
  ret i32 %r
}

; CHECK-LABEL: define i16 @approx_fcast(
; CHECK:         fpext half {{.*}} to float
; CHECK:         call float @llvm.exp2.f32(
; CHECK:         fptrunc float {{.*}} to half
define i16 @approx_fcast(i16 %a) {
  %r = call i16 asm "{.reg.b32         f;        \0A .reg.b16         r;        \0A  mov.b16         r,$1;     \0A  cvt.f32.f16     f,r;      \0A  ex2.approx.ftz.f32   f,f;  \0A  cvt.rn.f16.f32      r,f;  \0A  mov.b16         $0,r;     \0A}", "=h,h"(i16 %a)
  ret i16 %r
}

; CHECK-LABEL: define i32 @set_eq_f16x2(
; CHECK:         [[C:%.*]] = fcmp oeq <2 x half>
; CHECK-NEXT:    [[S:%.*]] = select <2 x i1> [[C]], <2 x half> <half 0xH3C00, half 0xH3C00>, <2 x half> zeroinitializer
; CHECK:         call <2 x half> @llvm.fma.v2f16(
define i32 @set_eq_f16x2(i32 %i, i32 %r0) {
  %r = call i32 asm "{.reg.b32 spc, ulp, p;\0A  mov.b32 spc,0x7c007c00U;\0A  mov.b32 ulp,0x3c003c00U;\0A  set.eq.f16x2.f16x2 p,$1, spc;\0A  fma.rn.f16x2 $0,p,ulp,$0;\0A}\0A", "=r,r,0"(i32 %i, i32 %r0)
  ret i32 %r
}

; CHECK-LABEL: define i32 @hisnan2(
; CHECK:         [[C:%.*]] = fcmp uno <2 x half>
; CHECK-NEXT:    select <2 x i1> [[C]], <2 x half> <half 0xH3C00, half 0xH3C00>, <2 x half> zeroinitializer
define i32 @hisnan2(i32 %a) {
  %r = call i32 asm "{set.nan.f16x2.f16x2 $0,$1,$2;\0A}", "=r,r,r"(i32 %a, i32 %a)
  ret i32 %r
}

; CHECK-LABEL: define i16 @hisnan_bf16(
; CHECK:         [[C:%.*]] = fcmp uno bfloat
; CHECK-NEXT:    select i1 [[C]], bfloat 0xR3F80, bfloat 0xR0000
define i16 @hisnan_bf16(i16 %a) {
  %r = call i16 asm "{set.nan.bf16.bf16 $0,$1,$1;\0A}", "=h,h"(i16 %a)
  ret i16 %r
}

; CHECK-LABEL: define i32 @set_gt_mask(
; CHECK:         [[C:%.*]] = fcmp ogt <2 x half>
; CHECK-NEXT:    [[M:%.*]] = sext <2 x i1> [[C]] to <2 x i16>
; CHECK-NEXT:    [[R:%.*]] = bitcast <2 x i16> [[M]] to i32
; CHECK-NEXT:    ret i32 [[R]]
define i32 @set_gt_mask(i32 %a, i32 %b) {
  %r = call i32 asm "set.gt.u32.f16x2 $0, $1, $2;", "=r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}

; CHECK-LABEL: define i32 @set_lt_and_s32(
; CHECK:         [[C:%.*]] = icmp slt i32
; CHECK-NEXT:    [[A:%.*]] = and i1 [[C]],
; CHECK-NEXT:    [[R:%.*]] = sext i1 [[A]] to i32
define i32 @set_lt_and_s32(i32 %a, i32 %b, i1 %p) {
  %r = call i32 asm "{.reg .pred q;\0A setp.ne.b16 q, 1, 0;\0A set.lt.and.s32.s32 $0, $1, $2, q;\0A}", "=r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}

; CHECK-LABEL: define i32 @atomic_add_half2(
; CHECK:         atomicrmw fadd ptr %address, <2 x half> {{.*}} syncscope("agent") monotonic, align 4
define i32 @atomic_add_half2(ptr %address, i32 %val) {
  %r = call i32 asm sideeffect "{ atom.add.noftz.f16x2 $0,[$1],$2; }\0A", "=r,l,r,~{memory}"(ptr %address, i32 %val)
  ret i32 %r
}

; CHECK-LABEL: define i16 @atomic_add_half(
; CHECK:         atomicrmw fadd ptr %address, half {{.*}} syncscope("agent") monotonic, align 2
define i16 @atomic_add_half(ptr %address, i16 %val) {
  %r = call i16 asm sideeffect "{ atom.add.noftz.f16 $0,[$1],$2; }\0A", "=h,l,h,~{memory}"(ptr %address, i16 %val)
  ret i16 %r
}

; CHECK-LABEL: define i32 @atomic_add_bf162(
; CHECK:         atomicrmw fadd ptr %address, <2 x bfloat> {{.*}} syncscope("agent") monotonic, align 4
define i32 @atomic_add_bf162(ptr %address, i32 %val) {
  %r = call i32 asm sideeffect "{ atom.add.noftz.bf16x2 $0,[$1],$2; }\0A", "=r,l,r,~{memory}"(ptr %address, i32 %val)
  ret i32 %r
}

; CHECK-LABEL: define i16 @atomic_add_bf16(
; CHECK:         atomicrmw fadd ptr %address, bfloat {{.*}} syncscope("agent") monotonic, align 2
define i16 @atomic_add_bf16(ptr %address, i16 %val) {
  %r = call i16 asm sideeffect "{ atom.add.noftz.bf16 $0,[$1],$2; }\0A", "=h,l,h,~{memory}"(ptr %address, i16 %val)
  ret i16 %r
}

; hexp's __SPEC_CASE with the header's upper-case hexadecimal immediates
; (0XC1EFU: was "malformed immediate").
; CHECK-LABEL: define i16 @spec_case_upper_hex(
; CHECK:         [[SPC:%.*]] = bitcast i16 -15889 to half
; CHECK:         fcmp oeq half {{.*}}, [[SPC]]
define i16 @spec_case_upper_hex(i16 %h, i16 %r0) {
  %r = call i16 asm "{.reg.b16 h, r;\0A mov.b16 h,$1;\0A mov.b16 r,$2;\0A{.reg.b16 spc, ulp, p;\0A  mov.b16 spc,0XC1EFU;\0A  mov.b16 ulp,0x0200U;\0A  set.eq.f16.f16 p,h, spc;\0A  fma.rn.f16 r,p,ulp,r;\0A}\0A mov.b16 $0,r;\0A}", "=h,h,h"(i16 %h, i16 %r0)
  ret i16 %r
}

; htanh_approx / h2tanh_approx: the f32 approximation, rounded.
; CHECK-LABEL: define i16 @tanh_approx_f16(
; CHECK:         fpext half {{.*}} to float
; CHECK:         call float @__ocml_tanh_f32(
; CHECK:         fptrunc float {{.*}} to half
define i16 @tanh_approx_f16(i16 %a) {
  %r = call i16 asm "tanh.approx.f16 $0, $0;", "=h,0"(i16 %a)
  ret i16 %r
}
; CHECK-LABEL: define i32 @tanh_approx_f16x2(
; CHECK-COUNT-2: call float @__ocml_tanh_f32(
define i32 @tanh_approx_f16x2(i32 %a) {
  %r = call i32 asm "tanh.approx.f16x2 $0, $1;", "=r,r"(i32 %a)
  ret i32 %r
}
