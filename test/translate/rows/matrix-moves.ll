; Map §9, ldmatrix and stmatrix (m8n8 .b16): each lane reads the address
; of every row it needs from the lane holding it (lane 8m + r holds row r
; of matrix m) with ds.bpermute inside its CUDA warp (EMU32: lanes 32-63
; of a wave64 read from 32 + src) as a 32-bit difference from its own
; address, then loads or stores in LDS: one 32-bit word at byte 4 (t % 4)
; of row t / 4, or with .trans 16-bit halves at byte 2 (t / 4) of rows
; 2 (t % 4) and 2 (t % 4) + 1. Generic addresses are cast to LDS.
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx90a>' -S %s | %FileCheck %s --check-prefixes=CHECK,EMU
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx942>' -S %s | %FileCheck %s --check-prefixes=CHECK,EMU
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx1100>' -S %s | %FileCheck %s --check-prefixes=CHECK,W32
; CHECK-NOT: call {{.*}}@llvm.nvvm

target triple = "nvptx64-nvidia-cuda"

; x4: rows t/4 of matrices 0-3 from lanes t/4, 8 + t/4, 16 + t/4, 24 + t/4.
; CHECK-LABEL: define { i32, i32, i32, i32 } @ld_x4(
; EMU:           [[LANE:%.*]] = and i32 {{%.*}}, 31
; CHECK:         [[QUAD:%.*]] = and i32 [[LANE:%.*]], 3{{$}}
; CHECK-NEXT:    [[GROUP:%.*]] = lshr i32 [[LANE]], 2
; CHECK-NEXT:    [[OWN:%ldm.own]] = ptrtoint ptr addrspace(3) %p to i32
; CHECK-NEXT:    [[WORD:%.*]] = shl i32 [[QUAD]], 2
; EMU:           [[BASE:%.*]] = and i32 {{%.*}}, 32
; EMU-NEXT:      [[SRC:%.*]] = or i32 [[BASE]], [[GROUP]]
; EMU-NEXT:      [[ADDR:%.*]] = shl i32 [[SRC]], 2
; W32-NEXT:      [[ADDR:%.*]] = shl i32 [[GROUP]], 2
; CHECK-NEXT:    [[THEIRS:%.*]] = call i32 @llvm.amdgcn.ds.bpermute(i32 [[ADDR]], i32 [[OWN]])
; CHECK-NEXT:    [[DIFF:%.*]] = sub i32 [[THEIRS]], [[OWN]]
; CHECK-NEXT:    [[ROW:%.*]] = getelementptr i8, ptr addrspace(3) %p, i32 [[DIFF]]
; CHECK-NEXT:    [[AT:%.*]] = getelementptr i8, ptr addrspace(3) [[ROW]], i32 [[WORD]]
; CHECK-NEXT:    [[R0:%.*]] = load i32, ptr addrspace(3) [[AT]], align 4
; CHECK:         or i32 [[GROUP]], 8
; CHECK:         load i32
; CHECK:         or i32 [[GROUP]], 16
; CHECK:         load i32
; CHECK:         or i32 [[GROUP]], 24
; CHECK:         load i32
; CHECK:         insertvalue { i32, i32, i32, i32 } poison, i32 [[R0]], 0
define { i32, i32, i32, i32 } @ld_x4(ptr addrspace(3) %p) {
  %r = call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3) %p)
  ret { i32, i32, i32, i32 } %r
}

; x1 .trans through a generic address: rows 2(t%4) and 2(t%4)+1 of matrix
; 0, the halves at byte 2(t/4), low half from the first row.
; CHECK-LABEL: define i32 @ld_x1_trans(
; CHECK:         [[P:%.*]] = addrspacecast ptr %p to ptr addrspace(3)
; CHECK:         [[QUAD:%.*]] = and i32 {{%.*}}, 3{{$}}
; CHECK-NEXT:    [[GROUP:%.*]] = lshr i32 {{%.*}}, 2
; CHECK-NEXT:    [[OWN:%ldm.own]] = ptrtoint ptr addrspace(3) [[P]] to i32
; CHECK-NEXT:    [[FIRST:%.*]] = shl i32 [[QUAD]], 1
; CHECK-NEXT:    [[SECOND:%.*]] = or i32 [[FIRST]], 1
; CHECK-NEXT:    [[COL:%.*]] = shl i32 [[GROUP]], 1
; CHECK:         call i32 @llvm.amdgcn.ds.bpermute(
; CHECK:         [[LOAT:%.*]] = getelementptr i8, ptr addrspace(3) {{%.*}}, i32 [[COL]]
; EMU:           or i32 {{%.*}}, [[SECOND]]
; CHECK:         call i32 @llvm.amdgcn.ds.bpermute(
; CHECK:         [[HIAT:%.*]] = getelementptr i8, ptr addrspace(3) {{%.*}}, i32 [[COL]]
; CHECK-NEXT:    [[LO:%.*]] = load i16, ptr addrspace(3) [[LOAT]], align 2
; CHECK-NEXT:    [[LO32:%.*]] = zext i16 [[LO]] to i32
; CHECK-NEXT:    [[HI:%.*]] = load i16, ptr addrspace(3) [[HIAT]], align 2
; CHECK-NEXT:    [[HI32:%.*]] = zext i16 [[HI]] to i32
; CHECK-NEXT:    [[SHIFTED:%.*]] = shl i32 [[HI32]], 16
; CHECK-NEXT:    [[R:%.*]] = or i32 [[LO32]], [[SHIFTED]]
; CHECK-NEXT:    ret i32 [[R]]
define i32 @ld_x1_trans(ptr %p) {
  %r = call i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.trans.b16.p0(ptr %p)
  ret i32 %r
}

; The other ldmatrix rows: x1, x2 and x2 .trans, x4 .trans.
; CHECK-LABEL: define i32 @ld_x1(
; CHECK-COUNT-1: call i32 @llvm.amdgcn.ds.bpermute(
; CHECK-NOT:     ds.bpermute
; CHECK:         load i32
define i32 @ld_x1(ptr addrspace(3) %p) {
  %r = call i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16.p3(ptr addrspace(3) %p)
  ret i32 %r
}
; CHECK-LABEL: define { i32, i32 } @ld_x2(
; CHECK-COUNT-2: load i32
; CHECK-NOT:     load
; CHECK:         ret { i32, i32 }
define { i32, i32 } @ld_x2(ptr addrspace(3) %p) {
  %r = call { i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.b16.p3(ptr addrspace(3) %p)
  ret { i32, i32 } %r
}
; CHECK-LABEL: define { i32, i32 } @ld_x2_trans(
; CHECK-COUNT-4: load i16
; CHECK-NOT:     load
; CHECK:         ret { i32, i32 }
define { i32, i32 } @ld_x2_trans(ptr addrspace(3) %p) {
  %r = call { i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.trans.b16.p3(ptr addrspace(3) %p)
  ret { i32, i32 } %r
}
; CHECK-LABEL: define { i32, i32, i32, i32 } @ld_x4_trans(
; CHECK-COUNT-8: call i32 @llvm.amdgcn.ds.bpermute(
; CHECK-NOT:     ds.bpermute
; CHECK:         ret { i32, i32, i32, i32 }
define { i32, i32, i32, i32 } @ld_x4_trans(ptr addrspace(3) %p) {
  %r = call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3(ptr addrspace(3) %p)
  ret { i32, i32, i32, i32 } %r
}

; stmatrix (named as LLVM 21 names it; LLVM 19 has no intrinsic, the
; inline-PTX translator emits these): the same addresses, stores.
; CHECK-LABEL: define void @st_x2(
; CHECK:         [[WORD:%.*]] = shl i32 {{%.*}}, 2
; CHECK:         [[AT0:%.*]] = getelementptr i8, ptr addrspace(3) {{%.*}}, i32 [[WORD]]
; CHECK-NEXT:    store i32 %a, ptr addrspace(3) [[AT0]], align 4
; CHECK:         [[AT1:%.*]] = getelementptr i8, ptr addrspace(3) {{%.*}}, i32 [[WORD]]
; CHECK-NEXT:    store i32 %b, ptr addrspace(3) [[AT1]], align 4
; CHECK-NEXT:    ret void
define void @st_x2(ptr addrspace(3) %p, i32 %a, i32 %b) {
  call void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x2.b16.p3(ptr addrspace(3) %p, i32 %a, i32 %b)
  ret void
}
; CHECK-LABEL: define void @st_x1_trans(
; CHECK:         addrspacecast ptr %p to ptr addrspace(3)
; CHECK:         [[LO:%.*]] = trunc i32 %a to i16
; CHECK-NEXT:    store i16 [[LO]], ptr addrspace(3) {{%.*}}, align 2
; CHECK-NEXT:    [[SHIFTED:%.*]] = lshr i32 %a, 16
; CHECK-NEXT:    [[HI:%.*]] = trunc i32 [[SHIFTED]] to i16
; CHECK-NEXT:    store i16 [[HI]], ptr addrspace(3) {{%.*}}, align 2
; CHECK-NEXT:    ret void
define void @st_x1_trans(ptr %p, i32 %a) {
  call void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x1.trans.b16.p0(ptr %p, i32 %a)
  ret void
}
; CHECK-LABEL: define void @st_x4_trans(
; CHECK-COUNT-8: store i16
; CHECK-NOT:     store
; CHECK:         ret void
define void @st_x4_trans(ptr addrspace(3) %p, i32 %a, i32 %b, i32 %c, i32 %d) {
  call void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x4.trans.b16.p3(ptr addrspace(3) %p, i32 %a, i32 %b, i32 %c, i32 %d)
  ret void
}

declare i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16.p3(ptr addrspace(3))
declare i32 @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.trans.b16.p0(ptr)
declare { i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.b16.p3(ptr addrspace(3))
declare { i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.trans.b16.p3(ptr addrspace(3))
declare { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3))
declare { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3(ptr addrspace(3))
declare void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x1.trans.b16.p0(ptr, i32)
declare void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x2.b16.p3(ptr addrspace(3), i32, i32)
declare void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x4.trans.b16.p3(ptr addrspace(3), i32, i32, i32, i32)
