; Map §1, special registers: one function per row. Block and grid sizes come
; from the code object v5 implicit arguments, or from the dispatch packet for
; v4, with the ranges NVPTX's registers have (block 1-1024, z 1-64; grid
; 1-2^31-1 in x, 1-65535 in y and z); lane registers follow the warp
; strategy (EMU32 on gfx90a, wave32 on gfx1100).
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx90a>' -S %s | %FileCheck %s --check-prefixes=CHECK,COV5,EMU
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx90a;cov=4>' -S %s | %FileCheck %s --check-prefixes=CHECK,COV4,EMU
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx1100>' -S %s | %FileCheck %s --check-prefixes=CHECK,COV5,W32
; CHECK-NOT: call {{.*}}llvm.nvvm

; CHECK-LABEL: define i32 @tid_y(
; CHECK-NEXT:    [[R:%.*]] = call i32 @llvm.amdgcn.workitem.id.y()
; CHECK-NEXT:    ret i32 [[R]]

; CHECK-LABEL: define i32 @tid_w(
; CHECK-NEXT:    ret i32 0

; CHECK-LABEL: define i32 @ntid_z(
; COV5-NEXT:     [[P:%.*]] = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
; COV5-NEXT:     [[G:%.*]] = getelementptr inbounds i8, ptr addrspace(4) [[P]], i64 16
; COV4-NEXT:     [[P:%.*]] = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
; COV4-NEXT:     [[G:%.*]] = getelementptr inbounds i8, ptr addrspace(4) [[P]], i64 8
; CHECK-NEXT:    [[L:%.*]] = load i16, ptr addrspace(4) [[G]], align 2, !range [[RZ:![0-9]+]], !invariant.load
; CHECK-NEXT:    [[Z:%.*]] = zext i16 [[L]] to i32
; CHECK-NEXT:    ret i32 [[Z]]

; CHECK-LABEL: define i32 @ctaid_x(
; CHECK-NEXT:    [[R:%.*]] = call i32 @llvm.amdgcn.workgroup.id.x()
; CHECK-NEXT:    ret i32 [[R]]

; CHECK-LABEL: define i32 @nctaid_y(
; COV5-NEXT:     [[P:%.*]] = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
; COV5-NEXT:     [[G:%.*]] = getelementptr inbounds i8, ptr addrspace(4) [[P]], i64 4
; COV5-NEXT:     [[L:%.*]] = load i32, ptr addrspace(4) [[G]], align 4, !range [[RY:![0-9]+]], !invariant.load
; COV5-NEXT:     ret i32 [[L]]
; COV4-NEXT:     [[P:%.*]] = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
; COV4-NEXT:     [[G:%.*]] = getelementptr inbounds i8, ptr addrspace(4) [[P]], i64 16
; COV4-NEXT:     [[ITEMS:%.*]] = load i32, ptr addrspace(4) [[G]], align 4, !invariant.load
; COV4-NEXT:     [[P2:%.*]] = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
; COV4-NEXT:     [[G2:%.*]] = getelementptr inbounds i8, ptr addrspace(4) [[P2]], i64 6
; COV4-NEXT:     [[S:%.*]] = load i16, ptr addrspace(4) [[G2]], align 2, !range !{{[0-9]+}}, !invariant.load
; COV4-NEXT:     [[SZ:%.*]] = zext i16 [[S]] to i32
; COV4-NEXT:     [[N:%.*]] = udiv i32 [[ITEMS]], [[SZ]]
; COV4-NEXT:     ret i32 [[N]]

; CHECK-LABEL: define i32 @warpsize(
; CHECK-NEXT:    ret i32 32

; CHECK-LABEL: define i32 @laneid(
; CHECK-NEXT:    [[LO:%.*]] = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
; EMU-NEXT:      [[HI:%.*]] = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 [[LO]])
; EMU-NEXT:      [[L:%.*]] = and i32 [[HI]], 31
; EMU-NEXT:      ret i32 [[L]]
; W32-NEXT:      ret i32 [[LO]]

; CHECK-LABEL: define i32 @lanemask_eq(
; CHECK:         [[M:%.*]] = shl i32 1, [[L:%.*]]
; CHECK-NEXT:    ret i32 [[M]]

; CHECK-LABEL: define i32 @lanemask_lt(
; CHECK:         [[B:%.*]] = shl i32 1, [[L:%.*]]
; CHECK-NEXT:    [[M:%.*]] = sub i32 [[B]], 1
; CHECK-NEXT:    ret i32 [[M]]

; CHECK-LABEL: define i32 @lanemask_le(
; CHECK:         [[B:%.*]] = shl i32 2, [[L:%.*]]
; CHECK-NEXT:    [[M:%.*]] = sub i32 [[B]], 1
; CHECK-NEXT:    ret i32 [[M]]

; CHECK-LABEL: define i32 @lanemask_gt(
; CHECK:         [[B:%.*]] = shl i32 -1, [[L:%.*]]
; CHECK-NEXT:    [[M:%.*]] = shl i32 [[B]], 1
; CHECK-NEXT:    ret i32 [[M]]

; CHECK-LABEL: define i32 @lanemask_ge(
; CHECK:         [[M:%.*]] = shl i32 -1, [[L:%.*]]
; CHECK-NEXT:    ret i32 [[M]]

; %warpid is the warp's index in the block: flat thread id / 32.
; CHECK-LABEL: define i32 @warpid(
; CHECK:         [[X:%.*]] = call i32 @llvm.amdgcn.workitem.id.x()
; CHECK:         [[Y:%.*]] = call i32 @llvm.amdgcn.workitem.id.y()
; CHECK:         [[Z:%.*]] = call i32 @llvm.amdgcn.workitem.id.z()
; CHECK:         [[YZ:%.*]] = mul i32 [[NY:%.*]], [[Z]]
; CHECK-NEXT:    [[A:%.*]] = add i32 [[Y]], [[YZ]]
; CHECK-NEXT:    [[B:%.*]] = mul i32 [[NX:%.*]], [[A]]
; CHECK-NEXT:    [[F:%.*]] = add i32 [[X]], [[B]]
; CHECK-NEXT:    [[W:%.*]] = lshr i32 [[F]], 5
; CHECK-NEXT:    ret i32 [[W]]

; CHECK-LABEL: define i32 @clock(
; CHECK-NEXT:    [[C:%.*]] = call i64 @llvm.readcyclecounter()
; CHECK-NEXT:    [[T:%.*]] = trunc i64 [[C]] to i32
; CHECK-NEXT:    ret i32 [[T]]

; CHECK-LABEL: define i32 @gridid(
; CHECK-NEXT:    [[D:%.*]] = call i64 @llvm.amdgcn.dispatch.id()
; CHECK-NEXT:    [[T:%.*]] = trunc i64 [[D]] to i32
; CHECK-NEXT:    ret i32 [[T]]

; Clusters of one block.
; CHECK-LABEL: define i32 @cluster_ctaid_x(
; CHECK-NEXT:    ret i32 0
; CHECK-LABEL: define i32 @cluster_nctaid_x(
; CHECK-NEXT:    ret i32 1
; CHECK-LABEL: define i32 @clusterid_y(
; CHECK-NEXT:    [[R:%.*]] = call i32 @llvm.amdgcn.workgroup.id.y()
; CHECK-LABEL: define i32 @pm0(
; CHECK-NEXT:    ret i32 0

; CHECK-LABEL: define i64 @clock64(
; CHECK-NEXT:    [[C:%.*]] = call i64 @llvm.readcyclecounter()
; CHECK-NEXT:    ret i64 [[C]]

; The constant-rate counter runs at 100 MHz: 10 ns per tick.
; CHECK-LABEL: define i64 @globaltimer(
; CHECK-NEXT:    [[C:%.*]] = call i64 @llvm.readsteadycounter()
; CHECK-NEXT:    [[NS:%.*]] = mul i64 [[C]], 10
; CHECK-NEXT:    ret i64 [[NS]]

target triple = "nvptx64-nvidia-cuda"

define i32 @tid_y() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  ret i32 %r
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
define i32 @tid_w() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.tid.w()
  ret i32 %r
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.w()
define i32 @ntid_z() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
  ret i32 %r
}
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
define i32 @ctaid_x() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  ret i32 %r
}
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
define i32 @nctaid_y() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
  ret i32 %r
}
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
define i32 @warpsize() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  ret i32 %r
}
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()
define i32 @laneid() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  ret i32 %r
}
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
define i32 @lanemask_eq() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.eq()
  ret i32 %r
}
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.eq()
define i32 @lanemask_lt() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
  ret i32 %r
}
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
define i32 @lanemask_le() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.le()
  ret i32 %r
}
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.le()
define i32 @lanemask_gt() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.gt()
  ret i32 %r
}
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.gt()
define i32 @lanemask_ge() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.ge()
  ret i32 %r
}
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.ge()
define i32 @warpid() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.warpid()
  ret i32 %r
}
declare i32 @llvm.nvvm.read.ptx.sreg.warpid()
define i32 @clock() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.clock()
  ret i32 %r
}
declare i32 @llvm.nvvm.read.ptx.sreg.clock()
define i32 @gridid() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.gridid()
  ret i32 %r
}
declare i32 @llvm.nvvm.read.ptx.sreg.gridid()
define i32 @cluster_ctaid_x() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.x()
  ret i32 %r
}
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.ctaid.x()
define i32 @cluster_nctaid_x() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.x()
  ret i32 %r
}
declare i32 @llvm.nvvm.read.ptx.sreg.cluster.nctaid.x()
define i32 @clusterid_y() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.clusterid.y()
  ret i32 %r
}
declare i32 @llvm.nvvm.read.ptx.sreg.clusterid.y()
define i32 @pm0() {
  %r = call i32 @llvm.nvvm.read.ptx.sreg.pm0()
  ret i32 %r
}
declare i32 @llvm.nvvm.read.ptx.sreg.pm0()
define i64 @clock64() {
  %r = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  ret i64 %r
}
declare i64 @llvm.nvvm.read.ptx.sreg.clock64()
define i64 @globaltimer() {
  %r = call i64 @llvm.nvvm.read.ptx.sreg.globaltimer()
  ret i64 %r
}
declare i64 @llvm.nvvm.read.ptx.sreg.globaltimer()

; The ranges: ntid.z, and (v5) nctaid.y.
; CHECK-DAG: [[RZ]] = !{i16 1, i16 65}
; COV5-DAG: [[RY]] = !{i32 1, i32 65536}
