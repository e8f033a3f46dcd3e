; Inline PTX ldmatrix and stmatrix (.sync.aligned.m8n8.x{1,2,4}[.trans]
; .b16, generic, .shared and .shared::cta addresses, with offsets) become
; the llvm.nvvm.ldmatrix intrinsics and llvm.nvvm.stmatrix calls and share
; their lowering (test/translate/rows/matrix-moves.ll): row addresses from
; the lanes holding them, LDS loads and stores. A .shared address held in a
; 32-bit register is an offset in the shared window.
; RUN: %opt-ferry -passes='ferry-lower-ptx-asm<arch=gfx90a>' -S %s | %FileCheck %s --check-prefixes=CHECK,EMU
; RUN: %opt-ferry -passes='ferry-lower-ptx-asm<arch=gfx1100>' -S %s | %FileCheck %s --check-prefixes=CHECK,W32
; CHECK-NOT: call {{.*}} asm
; CHECK-NOT: call {{.*}} @llvm.nvvm

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define { i32, i32, i32, i32 } @ld_x4_shared(
; CHECK:         [[WIDE:%.*]] = zext i32 %a to i64
; CHECK-NEXT:    [[P:%.*]] = inttoptr i64 [[WIDE]] to ptr addrspace(3)
; EMU:           call i32 @llvm.amdgcn.mbcnt.hi(
; W32-NOT:       mbcnt.hi
; CHECK:         ptrtoint ptr addrspace(3) [[P]] to i32
; CHECK-COUNT-4: load i32, ptr addrspace(3)
; CHECK:         ret { i32, i32, i32, i32 }
define { i32, i32, i32, i32 } @ld_x4_shared(i32 %a) {
  %r = call { i32, i32, i32, i32 } asm sideeffect "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0,$1,$2,$3}, [$4];", "=r,=r,=r,=r,r"(i32 %a)
  ret { i32, i32, i32, i32 } %r
}

; CHECK-LABEL: define { i32, i32 } @ld_x2_trans_cta(
; CHECK:         [[P:%.*]] = inttoptr i64 {{%.*}} to ptr addrspace(3)
; CHECK-NEXT:    [[Q:%.*]] = getelementptr i8, ptr addrspace(3) [[P]], i64 32
; CHECK:         ptrtoint ptr addrspace(3) [[Q]] to i32
; CHECK-COUNT-4: load i16, ptr addrspace(3)
; CHECK:         ret { i32, i32 }
define { i32, i32 } @ld_x2_trans_cta(i32 %a) {
  %r = call { i32, i32 } asm sideeffect "ldmatrix.sync.aligned.m8n8.x2.trans.shared::cta.b16 {$0, $1}, [$2+32];", "=r,=r,r"(i32 %a)
  ret { i32, i32 } %r
}

; Generic addressing: the pointer is cast to LDS; x1 with and without
; braces.
; CHECK-LABEL: define i32 @ld_x1_generic(
; CHECK:         addrspacecast ptr %p to ptr addrspace(3)
; CHECK-COUNT-1: load i32, ptr addrspace(3)
; CHECK-NOT:     load
; CHECK:         ret i32
define i32 @ld_x1_generic(ptr %p) {
  %r = call i32 asm sideeffect "ldmatrix.sync.aligned.m8n8.x1.b16 {$0}, [$1];", "=r,l"(ptr %p)
  ret i32 %r
}
; CHECK-LABEL: define i32 @ld_x1_bare(
; CHECK-COUNT-2: load i16, ptr addrspace(3)
; CHECK:         ret i32
define i32 @ld_x1_bare(ptr %p) {
  %r = call i32 asm sideeffect "ldmatrix.sync.aligned.m8n8.x1.trans.b16 $0, [$1];", "=r,l"(ptr %p)
  ret i32 %r
}

; stmatrix (PTX ISA 7.8, sm_90): the registers follow the address.
; CHECK-LABEL: define void @st_x4_trans(
; CHECK:         inttoptr i64 %a to ptr addrspace(3)
; CHECK:         trunc i32 %r0 to i16
; CHECK-COUNT-8: store i16
; CHECK-NOT:     store
; CHECK:         ret void
define void @st_x4_trans(i64 %a, i32 %r0, i32 %r1, i32 %r2, i32 %r3) {
  call void asm sideeffect "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [$0], {$1,$2,$3,$4};", "l,r,r,r,r"(i64 %a, i32 %r0, i32 %r1, i32 %r2, i32 %r3)
  ret void
}
; CHECK-LABEL: define void @st_x2_generic(
; CHECK:         addrspacecast ptr %p to ptr addrspace(3)
; CHECK:         store i32 %r0, ptr addrspace(3)
; CHECK:         store i32 %r1, ptr addrspace(3)
; CHECK-NEXT:    ret void
define void @st_x2_generic(ptr %p, i32 %r0, i32 %r1) {
  call void asm sideeffect "stmatrix.sync.aligned.m8n8.x2.b16 [$0], {$1, $2};", "l,r,r"(ptr %p, i32 %r0, i32 %r1)
  ret void
}
