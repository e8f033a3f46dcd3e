; Map §8.12: inline PTX templates emitted by CUDA headers, Numba and CUDA.jl,
; matched after normalizing braces, line breaks and spacing. Multi-instruction
; blocks (libdevice carry chains) are covered by ../exec/pure-ops.test.
; RUN: %opt-ferry -passes='ferry-lower-ptx-asm<arch=gfx90a>' -S %s | %FileCheck %s --check-prefixes=CHECK,EMU
; RUN: %opt-ferry -passes='ferry-lower-ptx-asm<arch=gfx1100>' -S %s | %FileCheck %s --check-prefixes=CHECK,W32
; CHECK-NOT: call {{.*}} asm 

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i32 @laneid(
; CHECK-NEXT:    [[LO:%.*]] = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
; EMU-NEXT:      [[HI:%.*]] = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 [[LO]])
; EMU-NEXT:      [[L:%.*]] = and i32 [[HI]], 31
; EMU-NEXT:      ret i32 [[L]]
; W32-NEXT:      ret i32 [[LO]]
define i32 @laneid() {
  %r = call i32 asm "mov.u32 $0, %laneid;", "=r"()
  ret i32 %r
}

; %warpid and %nwarpid, as their intrinsics (cuda::ptx::get_sreg_warpid):
; the wave of the work-group, 32 waves at most.
; CHECK-LABEL: define i32 @warpid(
; CHECK:         lshr i32 {{%.*}}, 5
; CHECK-LABEL: define i32 @nwarpid(
; CHECK-NEXT:    ret i32 32
define i32 @warpid() {
  %r = call i32 asm "mov.u32 $0, %warpid;", "=r"()
  ret i32 %r
}
define i32 @nwarpid() {
  %r = call i32 asm "mov.u32 $0, %nwarpid;", "=r"()
  ret i32 %r
}

; CHECK-LABEL: define i32 @lanemask_lt(
; CHECK:         [[B:%.*]] = shl i32 1, {{%.*}}
; CHECK-NEXT:    [[M:%.*]] = sub i32 [[B]], 1
; CHECK-NEXT:    ret i32 [[M]]
define i32 @lanemask_lt() {
  %r = call i32 asm "mov.u32 $0, %lanemask_lt;", "=r"()
  ret i32 %r
}

; CHECK-LABEL: define i32 @activemask(
; EMU-NEXT:      call i64 @llvm.amdgcn.ballot.i64(i1 true)
; W32-NEXT:      call i32 @llvm.amdgcn.ballot.i32(i1 true)
define i32 @activemask() {
  %r = call i32 asm sideeffect "activemask.b32 $0;", "=r"()
  ret i32 %r
}

; CHECK-LABEL: define void @nanosleep(
; CHECK-NEXT:    call void @__ferry_nanosleep(i32 %ns)
define void @nanosleep(i32 %ns) {
  call void asm sideeffect "nanosleep.u32 $0;", "r"(i32 %ns)
  ret void
}

; CHECK-LABEL: define void @trap(
; CHECK-NEXT:    call void @llvm.trap()
define void @trap() {
  call void asm sideeffect "trap;", ""()
  ret void
}

; cuda_fp16.hpp: "{add.f16 $0,$1,$2;\n}" with 'h' (i16) operands.
; CHECK-LABEL: define i16 @hadd(
; CHECK-NEXT:    [[A:%.*]] = bitcast i16 %a to half
; CHECK-NEXT:    [[B:%.*]] = bitcast i16 %b to half
; CHECK-NEXT:    [[S:%.*]] = fadd half [[A]], [[B]]
; CHECK-NEXT:    [[R:%.*]] = bitcast half [[S]] to i16
; CHECK-NEXT:    ret i16 [[R]]
define i16 @hadd(i16 %a, i16 %b) {
  %r = call i16 asm "{add.f16 $0,$1,$2;\0A}", "=h,h,h"(i16 %a, i16 %b)
  ret i16 %r
}

; CHECK-LABEL: define i16 @hmul_bf16(
; CHECK:         fmul bfloat
define i16 @hmul_bf16(i16 %a, i16 %b) {
  %r = call i16 asm "{ mul.bf16 $0,$1,$2; }", "=h,h,h"(i16 %a, i16 %b)
  ret i16 %r
}

; CHECK-LABEL: define i16 @hfma(
; CHECK:         [[R:%.*]] = call half @llvm.fma.f16(half
define i16 @hfma(i16 %a, i16 %b, i16 %c) {
  %r = call i16 asm "{fma.rn.f16 $0,$1,$2,$3;\0A}", "=h,h,h,h"(i16 %a, i16 %b, i16 %c)
  ret i16 %r
}

; CHECK-LABEL: define i16 @hneg(
; CHECK:         fneg half
define i16 @hneg(i16 %a) {
  %r = call i16 asm "{neg.f16 $0,$1;\0A}", "=h,h"(i16 %a)
  ret i16 %r
}

; CHECK-LABEL: define i16 @float2half(
; CHECK-NEXT:    [[H:%.*]] = fptrunc float %f to half
; CHECK-NEXT:    [[R:%.*]] = bitcast half [[H]] to i16
define i16 @float2half(float %f) {
  %r = call i16 asm "{  cvt.rn.f16.f32 $0, $1;}\0A", "=h,f"(float %f)
  ret i16 %r
}

; CHECK-LABEL: define float @half2float(
; CHECK-NEXT:    [[H:%.*]] = bitcast i16 %h to half
; CHECK-NEXT:    [[F:%.*]] = fpext half [[H]] to float
define float @half2float(i16 %h) {
  %r = call float asm "{  cvt.f32.f16 $0, $1;}\0A", "=f,h"(i16 %h)
  ret float %r
}

; mov.b32 $0,{$1,$2} packs (first operand = low half); {$0,$1},$2 unpacks.
; CHECK-LABEL: define i32 @pack(
; CHECK:         [[LO:%.*]] = zext i16 %lo to i32
; CHECK-NEXT:    [[HI:%.*]] = zext i16 %hi to i32
; CHECK-NEXT:    [[S:%.*]] = shl i32 [[HI]], 16
; CHECK-NEXT:    [[P:%.*]] = or i32 [[LO]], [[S]]
define i32 @pack(i16 %lo, i16 %hi) {
  %r = call i32 asm "{ mov.b32 $0, {$1,$2};}\0A", "=r,h,h"(i16 %lo, i16 %hi)
  ret i32 %r
}
; CHECK-LABEL: define { i16, i16 } @unpack(
; CHECK:         [[LO:%.*]] = trunc i32 %w to i16
; CHECK-NEXT:    [[SH:%.*]] = lshr i32 %w, 16
; CHECK-NEXT:    [[HI:%.*]] = trunc i32 [[SH]] to i16
define { i16, i16 } @unpack(i32 %w) {
  %r = call { i16, i16 } asm "{ mov.b32 {$0,$1}, $2;}\0A", "=h,=h,r"(i32 %w)
  ret { i16, i16 } %r
}

; Single PTX instructions from CUDA 13 libdevice.
; CHECK-LABEL: define float @rcp_approx(
; CHECK-NEXT:    [[R:%.*]] = call float @llvm.amdgcn.rcp.f32(float %x)
define float @rcp_approx(float %x) {
  %r = call float asm "rcp.approx.ftz.f32 $0,$1;", "=f,f"(float %x)
  ret float %r
}
; CHECK-LABEL: define double @rsqrt_approx(
; CHECK-NEXT:    [[R:%.*]] = call double @llvm.amdgcn.rsq.f64(double %x)
define double @rsqrt_approx(double %x) {
  %r = call double asm "rsqrt.approx.ftz.f64 $0, $1;", "=d,d"(double %x)
  ret double %r
}

; The grid workspace of cooperative groups' this_grid() (%envreg1/%envreg2):
; null, as outside a cooperative launch, so grid.sync() traps.
; CHECK-LABEL: define i32 @grid_workspace_lo(
; CHECK-NEXT:    ret i32 0
define i32 @grid_workspace_lo() {
  %r = call i32 asm "mov.u32 $0, %envreg1;", "=r"()
  ret i32 %r
}
; CHECK-LABEL: define i32 @grid_workspace_hi(
; CHECK-NEXT:    ret i32 0
define i32 @grid_workspace_hi() {
  %r = call i32 asm "mov.u32 $0, %envreg2;", "=r"()
  ret i32 %r
}
