; Map §3, shuffles, for both warp strategies: EMU32 on wave64 gfx90a (lanes
; confined to their half through the warp base, never ballot.i32) and native
; wave32 on gfx1100. PTX lane selection: clamp = c & 31, segmask = (c >> 8)
; & 31, out-of-range sources read the lane's own value.
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx90a>' -S %s | %FileCheck %s --check-prefixes=CHECK,EMU
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx1100>' -S %s | %FileCheck %s --check-prefixes=CHECK,W32
; CHECK-NOT: llvm.nvvm.shfl
; CHECK-NOT: ballot.i32

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i32 @shfl_down(
; CHECK:         [[LO:%.*]] = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
; EMU-NEXT:      [[HI:%.*]] = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 [[LO]])
; EMU-NEXT:      [[LANE:%.*]] = and i32 [[HI]], 31
; CHECK:         [[B:%.*]] = and i32 %d, 31
; CHECK:         [[J:%.*]] = add i32 [[LANE:%.*]], [[B]]
; CHECK-NEXT:    [[OK:%.*]] = icmp ule i32 [[J]], [[MAX:%.*]]
; CHECK-NEXT:    [[SRC:%.*]] = select i1 [[OK]], i32 [[J]], i32 [[LANE]]
; EMU:           [[BASE:%.*]] = and i32 {{%.*}}, 32
; EMU-NEXT:      [[ABS:%.*]] = or i32 [[BASE]], [[SRC]]
; EMU-NEXT:      [[ADDR:%.*]] = shl i32 [[ABS]], 2
; W32-NEXT:      [[ADDR:%.*]] = shl i32 [[SRC]], 2
; CHECK-NEXT:    [[R:%.*]] = call i32 @llvm.amdgcn.ds.bpermute(i32 [[ADDR]], i32 %v)
; CHECK-NEXT:    ret i32 [[R]]
define i32 @shfl_down(i32 %v, i32 %d) {
  %r = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 %d, i32 31)
  ret i32 %r
}

; up: j = lane - b, valid when j >= maxLane (signed: j can be negative).
; CHECK-LABEL: define i32 @shfl_up(
; CHECK:         [[J:%.*]] = sub i32 [[LANE:%.*]], [[B:%.*]]
; CHECK-NEXT:    [[OK:%.*]] = icmp sge i32 [[J]], [[MAX:%.*]]
; CHECK-NEXT:    select i1 [[OK]], i32 [[J]], i32 [[LANE]]
; CHECK:         call i32 @llvm.amdgcn.ds.bpermute(
define i32 @shfl_up(i32 %v, i32 %d) {
  %r = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v, i32 %d, i32 0)
  ret i32 %r
}

; bfly: j = lane ^ b.
; CHECK-LABEL: define float @shfl_bfly_f32(
; CHECK:         [[J:%.*]] = xor i32 [[LANE:%.*]], 16
; CHECK-NEXT:    [[OK:%.*]] = icmp ule i32 [[J]], [[MAX:%.*]]
; CHECK:         [[BITS:%.*]] = bitcast float %v to i32
; CHECK-NEXT:    [[R:%.*]] = call i32 @llvm.amdgcn.ds.bpermute(i32 {{%.*}}, i32 [[BITS]])
; CHECK-NEXT:    [[F:%.*]] = bitcast i32 [[R]] to float
; CHECK-NEXT:    ret float [[F]]
define float @shfl_bfly_f32(float %v) {
  %r = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %v, i32 16, i32 31)
  ret float %r
}

; idx with a width of 16 (c = (32-16) << 8 | 31): j = minLane | (b & ~segmask).
; CHECK-LABEL: define i32 @shfl_idx_width16(
; CHECK:         [[B:%.*]] = and i32 %src, 31
; CHECK-NEXT:    [[MIN:%.*]] = and i32 [[LANE:%.*]], 16
; CHECK-NEXT:    [[MAX:%.*]] = or i32 [[MIN]], 15
; CHECK-NEXT:    [[BS:%.*]] = and i32 [[B]], -17
; CHECK-NEXT:    [[J:%.*]] = or i32 [[MIN]], [[BS]]
; CHECK-NEXT:    [[OK:%.*]] = icmp ule i32 [[J]], [[MAX]]
define i32 @shfl_idx_width16(i32 %v, i32 %src) {
  %r = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %v, i32 %src, i32 4127)
  ret i32 %r
}

; The 'p' forms also return whether the source lane was in range.
; CHECK-LABEL: define { i32, i1 } @shfl_down_p(
; CHECK:         [[OK:%.*]] = icmp ule i32
; CHECK:         [[R:%.*]] = call i32 @llvm.amdgcn.ds.bpermute(
; CHECK-NEXT:    [[S0:%.*]] = insertvalue { i32, i1 } poison, i32 [[R]], 0
; CHECK-NEXT:    [[S1:%.*]] = insertvalue { i32, i1 } [[S0]], i1 [[OK]], 1
; CHECK-NEXT:    ret { i32, i1 } [[S1]]
define { i32, i1 } @shfl_down_p(i32 %v) {
  %r = call { i32, i1 } @llvm.nvvm.shfl.sync.down.i32p(i32 -1, i32 %v, i32 1, i32 31)
  ret { i32, i1 } %r
}

; Pre-Volta shuffles have no mask operand.
; CHECK-LABEL: define i32 @shfl_down_nosync(
; CHECK:         add i32 [[LANE:%.*]], 2
; CHECK:         call i32 @llvm.amdgcn.ds.bpermute(
define i32 @shfl_down_nosync(i32 %v) {
  %r = call i32 @llvm.nvvm.shfl.down.i32(i32 %v, i32 2, i32 31)
  ret i32 %r
}

; libNVVM's shfl.sync.i32(mask, mode, a, b, c) -> {i32, i1}; mode 2 = down.
; CHECK-LABEL: define { i32, i1 } @shfl_libnvvm(
; CHECK:         add i32 [[LANE:%.*]], 1
; CHECK:         call i32 @llvm.amdgcn.ds.bpermute(
; CHECK:         insertvalue { i32, i1 }
define { i32, i1 } @shfl_libnvvm(i32 %v) {
  %r = call { i32, i1 } @llvm.nvvm.shfl.sync.i32(i32 -1, i32 2, i32 %v, i32 1, i32 31)
  ret { i32, i1 } %r
}

declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
declare float @llvm.nvvm.shfl.sync.bfly.f32(i32, float, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare { i32, i1 } @llvm.nvvm.shfl.sync.down.i32p(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.down.i32(i32, i32, i32)
declare { i32, i1 } @llvm.nvvm.shfl.sync.i32(i32, i32, i32, i32, i32)
