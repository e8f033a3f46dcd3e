; Map §3, votes, activemask, match and redux for both warp strategies. On
; wave64 each vote is built on both 32-bit halves of the ballot.i64 (scalar
; work) and each lane takes its warp's result by the constant lane mask of
; the upper half (inverse.ballot): a select for values, lane-mask xor/and for
; predicates; ballot.i32 is never used there.
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx90a>' -S %s | %FileCheck %s --check-prefixes=CHECK,EMU
; RUN: %opt-ferry -passes='ferry-lower-nvvm-intrinsics<arch=gfx1100>' -S %s | %FileCheck %s --check-prefixes=CHECK,W32
; CHECK-NOT: call {{.*}}@llvm.nvvm
; EMU-NOT: ballot.i32

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i32 @ballot(
; EMU-NEXT:      [[W:%.*]] = call i64 @llvm.amdgcn.ballot.i64(i1 %p)
; EMU-NEXT:      [[LO:%.*]] = trunc i64 [[W]] to i32
; EMU-NEXT:      [[LOM:%.*]] = and i32 [[LO]], %m
; EMU-NEXT:      [[SH:%.*]] = lshr i64 [[W]], 32
; EMU-NEXT:      [[HI0:%.*]] = trunc i64 [[SH]] to i32
; EMU-NEXT:      [[HI:%.*]] = call i32 @llvm.amdgcn.readfirstlane.i32(i32 [[HI0]])
; EMU-NEXT:      [[HIM:%.*]] = and i32 [[HI]], %m
; EMU-NEXT:      [[UP:%.*]] = call i1 @llvm.amdgcn.inverse.ballot.i64(i64 -4294967296)
; EMU-NEXT:      [[R:%.*]] = select i1 [[UP]], i32 [[HIM]], i32 [[LOM]]
; W32-NEXT:      [[B:%.*]] = call i32 @llvm.amdgcn.ballot.i32(i1 %p)
; W32-NEXT:      [[R:%.*]] = and i32 [[B]], %m
; CHECK-NEXT:    ret i32 [[R]]
define i32 @ballot(i32 %m, i1 %p) {
  %r = call i32 @llvm.nvvm.vote.ballot.sync(i32 %m, i1 %p)
  ret i32 %r
}

; all: no lane of the mask votes false (robust to partial warps).
; CHECK-LABEL: define i1 @all(
; CHECK-NEXT:    [[NP:%.*]] = xor i1 %p, true
; EMU-NEXT:      [[W:%.*]] = call i64 @llvm.amdgcn.ballot.i64(i1 [[NP]])
; EMU-NEXT:      [[B:%.*]] = trunc i64 [[W]] to i32
; W32-NEXT:      [[B:%.*]] = call i32 @llvm.amdgcn.ballot.i32(i1 [[NP]])
; CHECK-NEXT:    [[M:%.*]] = and i32 [[B]], %m
; W32-NEXT:      [[R:%.*]] = icmp eq i32 [[M]], 0
; W32-NEXT:      ret i1 [[R]]
; EMU-NEXT:      [[LOALL:%.*]] = icmp eq i32 [[M]], 0
; EMU:           [[HI:%.*]] = call i32 @llvm.amdgcn.readfirstlane.i32(
; EMU-NEXT:      [[HM:%.*]] = and i32 [[HI]], %m
; EMU-NEXT:      [[HIALL:%.*]] = icmp eq i32 [[HM]], 0
; EMU-NEXT:      [[UP:%.*]] = call i1 @llvm.amdgcn.inverse.ballot.i64(i64 -4294967296)
; EMU-NEXT:      [[X:%.*]] = xor i1 [[HIALL]], [[LOALL]]
; EMU-NEXT:      [[UX:%.*]] = and i1 [[UP]], [[X]]
; EMU-NEXT:      [[R:%.*]] = xor i1 [[LOALL]], [[UX]]
; EMU-NEXT:      ret i1 [[R]]
define i1 @all(i32 %m, i1 %p) {
  %r = call i1 @llvm.nvvm.vote.all.sync(i32 %m, i1 %p)
  ret i1 %r
}

; CHECK-LABEL: define i1 @any(
; CHECK:         [[M:%.*]] = and i32 {{%.*}}, %m
; CHECK-NEXT:    [[R:%.*]] = icmp ne i32 [[M]], 0
; W32-NEXT:      ret i1 [[R]]
define i1 @any(i32 %m, i1 %p) {
  %r = call i1 @llvm.nvvm.vote.any.sync(i32 %m, i1 %p)
  ret i1 %r
}

; uni: the votes of the active lanes of the mask are all equal.
; CHECK-LABEL: define i1 @uni(
; CHECK:         [[ACTM:%.*]] = and i32 [[ACT:%.*]], %m
; CHECK:         [[BM:%.*]] = and i32 [[BAL:%.*]], [[ACTM]]
; CHECK-NEXT:    [[NONE:%.*]] = icmp eq i32 [[BM]], 0
; CHECK-NEXT:    [[EVERY:%.*]] = icmp eq i32 [[BM]], [[ACTM]]
; CHECK-NEXT:    [[R:%.*]] = or i1 [[NONE]], [[EVERY]]
define i1 @uni(i32 %m, i1 %p) {
  %r = call i1 @llvm.nvvm.vote.uni.sync(i32 %m, i1 %p)
  ret i1 %r
}

; Pre-Volta votes use the full mask.
; CHECK-LABEL: define i32 @ballot_nosync(
; CHECK:         and i32 {{%.*}}, -1
define i32 @ballot_nosync(i1 %p) {
  %r = call i32 @llvm.nvvm.vote.ballot(i1 %p)
  ret i32 %r
}

; libNVVM vote.sync(mask, mode, p): mode 3 puts the ballot in field 0.
; CHECK-LABEL: define { i32, i1 } @vote_libnvvm_ballot(
; EMU:           and i32 {{%.*}}, -1
; EMU:           [[R:%.*]] = select i1 %upperwarp
; W32:           [[R:%.*]] = and i32 {{%.*}}, -1
; CHECK-NEXT:    insertvalue { i32, i1 } poison, i32 [[R]], 0
define { i32, i1 } @vote_libnvvm_ballot(i1 %p) {
  %r = call { i32, i1 } @llvm.nvvm.vote.sync(i32 -1, i32 3, i1 %p)
  ret { i32, i1 } %r
}

; CHECK-LABEL: define i32 @activemask(
; EMU-NEXT:      call i64 @llvm.amdgcn.ballot.i64(i1 true)
; EMU:           select i1 %upperwarp
; W32-NEXT:      [[R:%.*]] = call i32 @llvm.amdgcn.ballot.i32(i1 true)
; W32-NEXT:      ret i32 [[R]]
define i32 @activemask() {
  %r = call i32 @llvm.nvvm.activemask()
  ret i32 %r
}

; match.any: a per-warp loop electing one unmatched lane per round.
; CHECK-LABEL: define i32 @match_any(
; EMU-NEXT:      [[R:%.*]] = call i32 @__ferry_match_any_32_emu32(i32 -1, i32 %v)
; W32-NEXT:      [[R:%.*]] = call i32 @__ferry_match_any_32_w32(i32 -1, i32 %v)
define i32 @match_any(i32 %v) {
  %r = call i32 @llvm.nvvm.match.any.sync.i32(i32 -1, i32 %v)
  ret i32 %r
}

; match.all: compare with the first active lane of the mask.
; CHECK-LABEL: define { i32, i1 } @match_all(
; CHECK:         [[LEAD:%.*]] = call i32 @llvm.cttz.i32(
; CHECK:         call i32 @llvm.amdgcn.ds.bpermute(
; CHECK:         [[NE:%.*]] = icmp ne i32 %v,
; CHECK:         [[OK:%.*]] = icmp eq i32 {{%.*}}, 0
; CHECK-NEXT:    [[RES:%.*]] = select i1 [[OK]], i32 %m, i32 0
define { i32, i1 } @match_all(i32 %m, i32 %v) {
  %r = call { i32, i1 } @llvm.nvvm.match.all.sync.i32p(i32 %m, i32 %v)
  ret { i32, i1 } %r
}

; redux.sync: the active lanes of the mask, read one by one (exact for
; partial warps).
; CHECK-LABEL: define i32 @redux_umax(
; EMU-NEXT:      call i32 @__ferry_redux_umax_emu32(i32 %v, i32 -1)
; W32-NEXT:      call i32 @__ferry_redux_umax_w32(i32 %v, i32 -1)
define i32 @redux_umax(i32 %v) {
  %r = call i32 @llvm.nvvm.redux.sync.umax(i32 %v, i32 -1)
  ret i32 %r
}

; The helpers are convergent: no pass may move them across divergence.
; CHECK-LABEL: define internal i32 @__ferry_match_any_32_
; CHECK:         [[OPEN:%.*]] = {{select i1 %upperwarp|call i32 @llvm.amdgcn.ballot.i32}}
; CHECK:         [[LEADER:%.*]] = call i32 @llvm.cttz.i32(i32
; CHECK:         call i32 @llvm.amdgcn.ds.bpermute(
; CHECK:         br i1 {{%.*}}, label %round, label %done
; CHECK-LABEL: define internal i32 @__ferry_redux_umax_
; CHECK:       lane:
; CHECK:         call i32 @llvm.amdgcn.ds.bpermute(
; CHECK-NEXT:    call i32 @llvm.umax.i32(
; CHECK: attributes #{{[0-9]+}} = { alwaysinline convergent nounwind }

declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i1 @llvm.nvvm.vote.all.sync(i32, i1)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)
declare i1 @llvm.nvvm.vote.uni.sync(i32, i1)
declare i32 @llvm.nvvm.vote.ballot(i1)
declare { i32, i1 } @llvm.nvvm.vote.sync(i32, i32, i1)
declare i32 @llvm.nvvm.activemask()
declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32)
declare { i32, i1 } @llvm.nvvm.match.all.sync.i32p(i32, i32)
declare i32 @llvm.nvvm.redux.sync.umax(i32, i32)
